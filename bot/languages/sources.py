"""The English catalogues, by domain: what there is to translate.

`bot`: every sentence the bot says outside the games (`bot.texts.TEXT`: its features and screens). Each
installed game brings two, found by the layout every game package keeps (docs/rulesets.md): `<game>` (its
rules' sentences: the events and refusals of `engine/rulesets/<game>/texts.py`) and `<game>.front` (what its
front says: `front/texts.py`), each module's catalogue being its `TEXTS` (or `TEXT`) dict, and a third where its
front's texts name one (`SETTINGS_DOMAIN`, `<game>.settings`: its house rules' descriptions, as its `/rules`
lists them, from its settings model, `engine.front.settings_catalogue`), and a fourth where the package keeps a
`names.py`: `<game>.data`, the names from its data files (each row's name and text: `engine.keyed.named`, keyed
`kind:English`). A game added later is translatable the moment it is installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

BOT = "bot"


@dataclass(frozen=True)
class Domain:
    name: str
    texts: Mapping[str, str]


def _catalogue_of(module: ModuleType) -> Mapping[str, str] | None:
    for name in ("TEXTS", "TEXT"):
        found = getattr(module, name, None)
        if isinstance(found, dict) and all(isinstance(v, str) for v in found.values()):
            return found
    return None


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def game_domains(game: str) -> list[Domain]:
    """The game's rules' and front's catalogues (none where the package keeps no such module)."""
    from engine import registry
    from engine.front import settings_catalogue

    rules = registry.get(game)
    package = type(rules).__module__.rsplit(".", 1)[0]
    front = rules.front_module or f"{package}.front"
    front_package = front if front.endswith(".front") else front.rsplit(".", 1)[0]
    found = []
    modules = (
        (game, f"{package}.texts"),
        (f"{game}.front", f"{front_package}.texts"),
        (f"{game}.data", f"{package}.names"),
    )
    for domain, module_name in modules:
        module = _module(module_name)
        texts = _catalogue_of(module) if module is not None else None
        if texts:
            found.append(Domain(domain, texts))
        settings = getattr(module, "SETTINGS_DOMAIN", None) if domain.endswith(".front") else None
        if isinstance(settings, str):
            found.append(Domain(settings, settings_catalogue(rules.settings_model)))
    return found


def domains() -> list[Domain]:
    """Every English catalogue: the bot's, then each installed game's, by name."""
    from bot.texts import TEXT
    from engine import registry

    return [Domain(BOT, TEXT), *(d for game in registry.names() for d in game_domains(game))]


def domain(name: str) -> Domain | None:
    return next((d for d in domains() if d.name == name), None)

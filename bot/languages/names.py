"""The names from a game's data files as a player types them in their own language.

A game reads what a player types by the English of its data files (`engine.keyed.named`), and its autocomplete
gives those values whatever the label reads. A player who types a name by hand in their own language (a name, the
second of that name as "<name> (2)", a list of names separated by commas) is read as if they had typed its English:
`english_names`
turns each such text option into the English (a text that is no data name of the game stays as typed, so the
English names, ids and players' names keep working), for the reader's language (`bot.languages.reader.READER`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bot.languages import ENGLISH
from bot.languages.catalogue import translations

_REPEAT = re.compile(r"^(?P<name>.*?)(?P<n>\s*\(\d+\))$")  # "<name> (2)": the second of that name


@lru_cache(maxsize=64)
def _english_of(language: str, game: str) -> dict[str, str]:
    """A data name of `game` in `language`, casefolded -> its English (the names, not their texts)."""
    table = translations(language).get(f"{game}.data", {})
    out: dict[str, str] = {}
    for key, shown in table.items():
        kind, _, english = key.partition(":")
        if english and not kind.endswith("_text"):
            out.setdefault(shown.strip().casefold(), english)
    return out


def english_name(typed: str, language: str, game: str) -> str:
    """`typed` as the game reads it: a data name of the game in `language` (with a repeat's number kept, or a list
    of them separated by commas) made its English; anything else as typed."""
    if language == ENGLISH or not typed.strip():
        return typed
    known = _english_of(language, game)
    if not known:
        return typed
    found = known.get(typed.strip().casefold())
    if found is not None:
        return found
    repeat = _REPEAT.match(typed.strip())
    if repeat and repeat["name"].strip().casefold() in known:
        return known[repeat["name"].strip().casefold()] + repeat["n"]
    if "," in typed:
        parts = [part.strip() for part in typed.split(",")]
        englished = [known.get(part.casefold(), part) for part in parts]
        if englished != parts:
            return ", ".join(englished)
    return typed


def english_names(values: Any, language: str, game: str) -> Any:
    """Each text value of a command's options as the game reads it (`english_name`); other values, and options
    that are no mapping (refused later, as they were), as they are."""
    if language == ENGLISH or not isinstance(values, Mapping):
        return values
    return {k: english_name(v, language, game) if isinstance(v, str) else v for k, v in values.items()}


def forget() -> None:
    _english_of.cache_clear()

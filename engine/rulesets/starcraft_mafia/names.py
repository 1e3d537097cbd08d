"""The names of StarCraft Mafia's data file as a catalogue (`starcraft_mafia.data`, docs/languages.md): the
abilities and their texts, the weapons and gear, the suits, the classes and the Zerg form, each keyed
`kind:English` (`engine.keyed.named`), as `catalog` gives them to the rules."""

from __future__ import annotations

from engine.keyed import names
from engine.rulesets.starcraft_mafia import catalog

DOMAIN = catalog.DOMAIN


def _texts() -> dict[str, str]:
    table = catalog.catalog()
    return {
        **names(DOMAIN, "ability", [a.name for a in table.abilities]),
        **names(DOMAIN, "ability_text", [a.text for a in table.abilities]),
        **names(DOMAIN, "item", [*(w.name for w in table.weapons), *(g.name for g in table.gear)]),
        **names(DOMAIN, "suit", [c.suit.name for c in table.classes]),
        **names(DOMAIN, "class", [*(c.name for c in table.classes), table.zerg.name]),
    }


TEXTS: dict[str, str] = _texts()

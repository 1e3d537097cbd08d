"""The names of Battle Royale's data files as a catalogue (`battle_royale.data`, docs/languages.md): the items and
their texts, the island and its zones, the roles and their abilities, each keyed `kind:English`
(`engine.keyed.named`), as `catalog` gives them to the rules."""

from __future__ import annotations

from engine.keyed import names
from engine.rulesets.battle_royale import catalog

DOMAIN = catalog.DOMAIN


def _texts() -> dict[str, str]:
    items = catalog.items().values()
    island = catalog.default_island()
    roles = catalog.roles()
    abilities = [a for r in roles.roles for a in r.abilities] + roles.rival_rewards
    return {
        **names(DOMAIN, "item", [i.name for i in items]),
        **names(DOMAIN, "item_text", [i.text for i in items]),
        **names(DOMAIN, "island", [island.name]),
        **names(DOMAIN, "zone", [z.name for z in island.zones]),
        **names(DOMAIN, "role", [r.name for r in roles.roles]),
        **names(DOMAIN, "ability", [a.name for a in abilities]),
        **names(DOMAIN, "ability_text", [a.text for a in abilities]),
    }


TEXTS: dict[str, str] = _texts()

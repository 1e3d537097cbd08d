"""The names of Mazeworld's data files as a catalogue (`mazeworld.data`, docs/languages.md): the weapons (natural
attacks and accessories too), the creatures and the usable items, keyed `kind:English` (`engine.keyed.named`), as
`catalog` gives them to the rules and the sheets carry them (`state.Carried`)."""

from __future__ import annotations

from engine.keyed import names
from engine.rulesets.mazeworld import catalog

DOMAIN = catalog.DOMAIN


def _texts() -> dict[str, str]:
    table = catalog.catalog()
    attacks = [a for sp in table.species.values() for a in sp.attacks]
    return {
        **names(DOMAIN, "weapon", [*table.weapons, *table.accessories, *attacks]),
        **names(DOMAIN, "creature", list(table.species)),
        **names(DOMAIN, "sheet", [catalog.demo()["sheet"]["name"]]),
        **names(DOMAIN, "item", list(table.items)),
        **names(DOMAIN, "ammo", sorted({a for w in table.weapons.values() for a in w.ammunition})),
        **names(DOMAIN, "part", sorted({p for b in table.bodies.values() for p in [*b.parts, *b.weak]})),
    }


TEXTS: dict[str, str] = _texts()

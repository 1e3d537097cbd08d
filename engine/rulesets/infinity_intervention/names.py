"""The names of Infinity's data files as a catalogue (`infinity_intervention.data`, docs/languages.md): the weapons
and devices of the item table and the sheets of the demo roster, keyed `kind:English` (`engine.keyed.named`); a
moderator's roster reads the names it shares with the demo translated, and its own as written."""

from __future__ import annotations

from engine.keyed import names
from engine.rulesets.infinity_intervention import catalog

DOMAIN = catalog.DOMAIN

TEXTS: dict[str, str] = {
    **names(DOMAIN, "item", [i.name for i in catalog.items().values()]),
    **names(DOMAIN, "program", [i.program for i in catalog.items().values() if i.program]),
    **names(DOMAIN, "sheet", [s.name for s in catalog.demo_roster().sheets]),
}

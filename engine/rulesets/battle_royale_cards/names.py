"""The names of the card game's default deck as a catalogue (`battle_royale_cards.data`, docs/languages.md): each
card's name and its ability as players read it, keyed `kind:English` (`engine.keyed.named`); a deck read from
another file reads the cards it shares with the default one translated, and its own as written."""

from __future__ import annotations

from engine.keyed import names
from engine.rulesets.battle_royale_cards import catalog

DOMAIN = catalog.DOMAIN


def _texts() -> dict[str, str]:
    cards = catalog.default_deck().cards
    return {**names(DOMAIN, "card", [c.name for c in cards]), **names(DOMAIN, "card_text", [c.ability for c in cards])}


TEXTS: dict[str, str] = _texts()

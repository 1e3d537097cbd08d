"""The default deck as raw data, for tests that build or break deck files."""

from __future__ import annotations

from engine.rulesets.battle_royale_cards.catalog import default_deck


def raw_deck() -> list[dict]:
    return [c.model_dump(exclude_defaults=True) for c in default_deck().cards]

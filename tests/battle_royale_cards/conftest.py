"""Fixtures of the card game's tests: the services' database (`db`, SQLite and PostgreSQL) and the game
installed for one test only (it is not registered until it is playable end to end on Discord)."""

from __future__ import annotations

import pytest

from engine import registry
from tests.services.conftest import db  # noqa: F401 (the services' fixture, shared)


@pytest.fixture
def cards_installed():
    from engine.rulesets.battle_royale_cards.front.game import FRONT
    from engine.rulesets.battle_royale_cards.ruleset import RULESET

    registry.register(RULESET, FRONT)
    yield RULESET
    registry.unregister(RULESET.name)


from tests.e2e.conftest import clock, database_url, fake  # noqa: E402, F401 (the fake Discord's fixtures, shared)

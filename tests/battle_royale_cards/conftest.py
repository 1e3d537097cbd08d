"""Fixtures of the card game's tests: the services' database (`db`, SQLite and PostgreSQL) and the game
registered (`cards_installed`: the registered ruleset, kept for the tests that name it)."""

from __future__ import annotations

import pytest

from engine import registry
from tests.services.conftest import db  # noqa: F401 (the services' fixture, shared)


@pytest.fixture
def cards_installed():
    return registry.get("battle_royale_cards")


from tests.e2e.conftest import clock, database_url, fake  # noqa: E402, F401 (the fake Discord's fixtures, shared)

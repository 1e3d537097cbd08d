"""Cog tests: the real services on a real database (SQLite and PostgreSQL), a bot that never connects."""
from __future__ import annotations

import pytest

from bot.app import GameMasterBot
from bot.config import Settings
from bot.services import fairness
from tests.services.conftest import NOW, db, started_game  # noqa: F401  (fixtures shared with the service tests)


@pytest.fixture
async def gm(db):  # noqa: F811
    """A GameMasterBot over the test database, clock fixed at NOW, no loops, never logged in."""
    bot = GameMasterBot(Settings(sync_commands=False, discord_token=""), db, clock=lambda: NOW, start_loops=False)
    yield bot


@pytest.fixture(autouse=True)
def same_seeds(monkeypatch):
    """Every day's secret seed comes from a fixed source, so a game set up by a test is the same on every run
    (starting items, schools, roles): a test that depends on what was drawn fails every time, not one run in 20."""
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20261122))

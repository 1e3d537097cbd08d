"""Cog tests: the real services on a real database (SQLite and PostgreSQL), a bot that never connects."""
from __future__ import annotations

import pytest

from bot.app import GameMasterBot
from bot.config import Settings
from tests.services.conftest import NOW, db, started_game  # noqa: F401  (fixtures shared with the service tests)


@pytest.fixture
async def gm(db):  # noqa: F811
    """A GameMasterBot over the test database, clock fixed at NOW, no loops, never logged in."""
    bot = GameMasterBot(Settings(sync_commands=False, discord_token=""), db, clock=lambda: NOW, start_loops=False)
    yield bot


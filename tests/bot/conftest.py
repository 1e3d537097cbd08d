"""Cog tests: the real services on a real database (SQLite and PostgreSQL), a bot that never connects, in
one fake guild (1000) whose members a test may set."""
from __future__ import annotations

import pytest

from bot.app import GameMasterBot
from bot.config import Settings
from engine import registry
from tests.bot.fakes import FakeGuild
from tests.services.conftest import NOW, db, started_game  # noqa: F401  (fixtures shared with the service tests)


@pytest.fixture
async def gm(db):  # noqa: F811
    """A GameMasterBot over the test database, clock fixed at NOW, no loops, never logged in."""
    bot = GameMasterBot(Settings(sync_commands=False, discord_token=""), db, clock=lambda: NOW, start_loops=False)
    bot.fake_guild = FakeGuild(1000)  # the guild of the test games; set its `members` to limit who is one
    bot.get_guild = lambda guild_id: bot.fake_guild if guild_id == bot.fake_guild.id else None
    yield bot


@pytest.fixture
def infinity():
    """Infinity: Intervention registered for the test (the cog tests of its players and of its GM)."""
    from engine.rulesets.infinity_intervention.front.game import FRONT
    from engine.rulesets.infinity_intervention.ruleset import RULESET

    already = RULESET.name in registry.names()
    registry.register(RULESET, FRONT)
    yield RULESET
    if not already:
        registry.unregister(RULESET.name)

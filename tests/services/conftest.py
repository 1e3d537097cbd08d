"""Service tests run against SQLite and, where it is reachable, PostgreSQL, with the real migrations."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.db.scratch import postgres_reachable
from bot.db.session import Database

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
_PG_PROBLEM: list[str | None] = []


async def _postgres_problem() -> str | None:
    if not _PG_PROBLEM:
        _PG_PROBLEM.append(await postgres_reachable())
    return _PG_PROBLEM[0]


@pytest.fixture(params=["sqlite", "postgres"])
async def db(request, templates):
    """A freshly migrated database for this test alone (from the session's migrated one: tests/databases.py)."""
    if request.param == "postgres":
        problem = await _postgres_problem()
        if problem:
            pytest.skip(problem)
    database = await templates.database(request.param)
    yield database
    await database.dispose()


async def started_game(db: Database, players: int = 4, **kwargs) -> int:
    """A started game (Day 0 open) with users 1..players; returns the game id."""
    from bot.services.signup import games

    game = await games.create_game(db, name="Test", channel_id=555, **kwargs)
    for user in range(1, players + 1):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


def mod(user_id: int = 99):
    """A moderator of every game as the moderator services check it (`bot.services.base.rights`): the operator,
    as the command line acts (the commands pass what Discord says of the caller instead)."""
    from bot.services.base.rights import Caller

    return Caller.operator(user_id)

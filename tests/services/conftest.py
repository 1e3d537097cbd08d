"""Service tests run against SQLite and, where it is reachable, PostgreSQL, with the real migrations."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.db.scratch import postgres_reachable, scratch_database
from bot.db.session import Database
from bot.migrate import upgrade_async

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
_PG_PROBLEM: list[str | None] = []


async def _postgres_problem() -> str | None:
    if not _PG_PROBLEM:
        _PG_PROBLEM.append(await postgres_reachable())
    return _PG_PROBLEM[0]


@pytest.fixture(params=["sqlite", "postgres"])
async def db(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'test.sqlite3'}"
        await upgrade_async(url)
        database = Database(url)
        yield database
        await database.dispose()
        return
    problem = await _postgres_problem()
    if problem:
        pytest.skip(problem)
    async with scratch_database() as url:
        await upgrade_async(url)
        database = Database(url)
        yield database
        await database.dispose()


async def started_game(db: Database, players: int = 4, **kwargs) -> int:
    """A started game (Day 0 open) with users 1..players; returns the game id."""
    from bot.services import games

    game = await games.create_game(db, name="Test", channel_id=555, **kwargs)
    for user in range(1, players + 1):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    return game.id

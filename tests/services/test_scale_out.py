"""Several bot processes against one database (issue 16, scale-out): each process has its own `Database`
(its own connections), as three `brbot run` processes against one PostgreSQL do. What one process writes
for a game (its resolution, its reminders) is written once however many processes run the deadline loop."""
from __future__ import annotations

import asyncio
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from bot.db.models import Game, Outbox
from bot.db.session import Database
from bot.services.orders import day_actions
from bot.services.steps import scheduler
from tests.services.conftest import started_game

ROOT = Path(__file__).resolve().parents[2]


async def processes(db: Database, count: int = 3) -> list[Database]:
    return [Database(db.url) for _ in range(count)]


async def test_reminders_written_by_three_processes_at_once_reach_each_player_once(db):
    game_ids = [await started_game(db, players=3) for _ in range(4)]
    async with db.read() as session:
        deadline = (await session.get(Game, game_ids[0])).deadline
    others = await processes(db)
    try:
        for _ in range(3):  # whoever comes first writes them; the others find them written
            counts = await asyncio.gather(*(day_actions.send_reminders(other, deadline - timedelta(hours=1), 2)
                                            for other in others))
    finally:
        for other in others:
            await other.dispose()
    async with db.read() as session:
        reminded = (await session.execute(
            select(Outbox.game_id, Outbox.target_id, func.count())
            .where(Outbox.payload["kind"].as_string() == "reminder").group_by(Outbox.game_id, Outbox.target_id))).all()
    assert sorted((g, u) for g, u, _ in reminded) == [(g, u) for g in game_ids for u in (1, 2, 3)]
    assert {n for _, _, n in reminded} == {1}, "a player was reminded twice"
    assert sum(counts) == 0


async def test_three_deadline_loops_resolve_each_of_many_due_games_once(db):
    game_ids = [await started_game(db, players=2) for _ in range(12)]
    async with db.read() as session:
        deadline = (await session.get(Game, game_ids[0])).deadline
    now = deadline + timedelta(minutes=1)
    others = await processes(db)
    try:
        reports = await asyncio.gather(*(scheduler.tick(other, now) for other in others))
    finally:
        for other in others:
            await other.dispose()
    resolved = [entry for report in reports for entry in report.resolved]
    assert sorted(resolved) == sorted((g, 0) for g in game_ids), "each game resolved by exactly one process"
    assert not [f for report in reports for f in report.failed]
    async with db.read() as session:
        days = (await session.execute(select(Game.day).where(Game.id.in_(game_ids)).order_by(Game.id))).scalars().all()
    assert set(days) == {1}


async def test_a_game_claimed_by_a_vanished_process_is_resolved_by_another(db, monkeypatch):
    """A process that vanished in the middle of a resolution (its host gone, its socket never closed) holds
    the game row until the server ends its idle transaction (`POSTGRES_SESSION`, 30 s; 1 s here); then the
    next deadline loop of another process resolves the game."""
    from bot.db import session as db_session

    if not db.url.startswith("postgresql"):  # SQLite is one process's file: nothing vanishes but the process
        return
    game_id = await started_game(db, players=2)
    async with db.read() as session:
        now = (await session.get(Game, game_id)).deadline + timedelta(minutes=1)
    monkeypatch.setitem(db_session.POSTGRES_SESSION, "idle_in_transaction_session_timeout", "1000")
    vanished = Database(db.url)
    connection = await vanished.engine.connect()  # the server reads the settings when it connects
    monkeypatch.undo()
    survivor = Database(db.url)
    try:
        await connection.exec_driver_sql(f"SELECT id FROM games WHERE id = {game_id} FOR UPDATE")
        assert (await scheduler.tick(survivor, now)).resolved == []  # claimed by the vanished process
        await asyncio.sleep(1.5)
        assert (await scheduler.tick(survivor, now)).resolved == [(game_id, 0)]
    finally:
        await connection.invalidate()
        await vanished.dispose()
        await survivor.dispose()


async def test_three_processes_starting_at_once_on_a_new_database_migrate_it_once():
    """`docker compose up --scale bot=3` on an empty PostgreSQL: every replica runs `brbot migrate` at the same
    moment; one migrates, the others wait for it and find the database up to date."""
    from bot.db.scratch import scratch_database
    from tests.services.conftest import _postgres_problem

    if problem := await _postgres_problem():
        pytest.skip(problem)
    async with scratch_database() as url:  # processes, not threads: Alembic's context is one per process
        migrations = [await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "migrate", "--database", url, cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT) for _ in range(3)]
        outputs = await asyncio.gather(*(m.communicate() for m in migrations))
        assert [m.returncode for m in migrations] == [0, 0, 0], [out.decode()[-2000:] for out, _ in outputs]
        database = Database(url)
        try:
            assert await started_game(database, players=2)
        finally:
            await database.dispose()


async def test_no_reminder_once_the_deadline_has_passed(db):
    """With several processes, one may reach a game's reminders while another is still resolving its day: a
    player must not get "the deadline is 22:00" after 22:00 (nor twice a reminder for a day already over)."""
    game_id = await started_game(db, players=2)
    async with db.read() as session:
        deadline = (await session.get(Game, game_id)).deadline
    assert await day_actions.send_reminders(db, deadline + timedelta(seconds=1), 2) == 0
    assert await day_actions.send_reminders(db, deadline - timedelta(minutes=1), 2) == 2


async def test_a_game_that_fails_to_resolve_counts_one_failure_whatever_the_number_of_processes(db):
    """The backoff after a failed resolution (scheduler: 1, 2, 4, ... minutes) counts failures, not processes:
    three deadline loops reaching a broken game at the same moment record one failure, tell the moderators
    once, and none tries again before the minute is up."""
    broken = await started_game(db, players=2)
    async with db.transaction() as session:
        game = await session.get(Game, broken)
        game.state, game.state_rev = {"not": "a state"}, game.state_rev + 1
        now = game.deadline + timedelta(minutes=1)
    others = await processes(db)
    try:
        await asyncio.gather(*(scheduler.tick(other, now) for other in others))
        async with db.read() as session:
            game = await session.get(Game, broken)
            assert (game.resolve_failures, game.retry_at) == (1, now + timedelta(minutes=1))
            told = (await session.execute(select(func.count()).select_from(Outbox).where(
                Outbox.payload["kind"].as_string() == "resolve_failed"))).scalar_one()
        assert told == 1
        later = await asyncio.gather(*(scheduler.tick(other, now + timedelta(seconds=30)) for other in others))
        assert not [failure for report in later for failure in report.failed]
    finally:
        for other in others:
            await other.dispose()

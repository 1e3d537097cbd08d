"""The deadline loop knows from the database which games are due (issue 16: `games.due_at`, kept whenever a
deadline, a pause, an extension or a resolution changes it), and an idle pass reads no game's state."""
from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import select, update

from bot.db.models import Game
from bot.services.base import due
from bot.services.moderators import game_admin, moderation
from bot.services.orders import orders
from bot.services.steps import resolution, scheduler
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _game(db, game_id) -> Game:
    async with db.read() as session:
        return (await session.execute(select(Game).where(Game.id == game_id))).scalar_one()


def _no_state_read(monkeypatch) -> None:
    """Any parse of a game's state during the pass fails the test."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("an idle pass parsed a game's state")

    monkeypatch.setattr(resolution, "load_state", refuse)


async def _settled(db, *game_ids) -> None:
    """One pass: the games that may resolve early are looked at once and wait for their deadlines."""
    assert (await scheduler.tick(db, NOW)).resolved == []
    for game_id in game_ids:
        game = await _game(db, game_id)
        assert game.due_at == game.deadline


async def test_an_idle_pass_reads_no_state_and_a_passed_deadline_is_taken(db, monkeypatch):
    waiting, other = await started_game(db), await started_game(db)
    await _settled(db, waiting, other)
    deadline = (await _game(db, waiting)).deadline
    _no_state_read(monkeypatch)
    report = await scheduler.tick(db, deadline - timedelta(minutes=1), reminder_hours=0)
    assert report.resolved == [] and report.failed == []
    monkeypatch.undo()
    await moderation.extend(db, other, actor_id=mod(9), hours=5)
    report = await scheduler.tick(db, deadline + timedelta(minutes=1))
    assert report.resolved == [(waiting, 0)]  # the game extended by five hours is not due yet


async def test_an_extended_deadline_moves_when_the_game_is_due(db):
    game_id = await started_game(db)
    await _settled(db, game_id)
    deadline = (await _game(db, game_id)).deadline
    await moderation.extend(db, game_id, actor_id=mod(9), hours=3)
    assert (await _game(db, game_id)).due_at == deadline + timedelta(hours=3)
    assert await resolution.due_games(db, deadline + timedelta(hours=2)) == []
    assert await resolution.due_games(db, deadline + timedelta(hours=3)) == [(game_id, 0)]


async def test_a_paused_game_is_not_taken_at_its_deadline_but_resumes_when_its_pause_ends(db):
    forever, timed = await started_game(db), await started_game(db)
    await _settled(db, forever, timed)
    deadline = (await _game(db, forever)).deadline
    await moderation.pause(db, forever, actor_id=mod(9))
    await moderation.pause(db, timed, actor_id=mod(9), until=deadline + timedelta(hours=4))
    assert (await _game(db, forever)).due_at is None
    assert (await _game(db, timed)).due_at == deadline + timedelta(hours=4)
    report = await scheduler.tick(db, deadline + timedelta(hours=1))
    assert report.resolved == [] and (await _game(db, timed)).status == "paused"
    await scheduler.tick(db, deadline + timedelta(hours=4))
    resumed = await _game(db, timed)
    assert resumed.status == "running" and resumed.deadline == deadline + timedelta(hours=5)
    assert await resolution.due_games(db, deadline + timedelta(hours=5)) == [(timed, 0)]
    await moderation.resume(db, forever, actor_id=mod(9), now=deadline + timedelta(hours=6))
    assert (await resolution.due_games(db, deadline + timedelta(hours=7)))[:1] == [(forever, 0)]


async def test_after_a_resolution_the_game_waits_for_its_next_deadline(db):
    game_id = await started_game(db)
    await _settled(db, game_id)
    first = (await _game(db, game_id)).deadline
    await moderation.resolve_now(db, game_id, actor_id=mod(9), now=NOW)
    await _settled(db, game_id)
    game = await _game(db, game_id)
    assert game.day == 1 and game.deadline > NOW
    assert await resolution.due_games(db, game.deadline - timedelta(seconds=1)) == []
    assert await resolution.due_games(db, game.deadline) == [(game_id, 1)]
    assert first <= game.deadline


async def test_a_game_whose_players_all_sent_orders_is_taken_at_once(db):
    early, late = await started_game(db, players=2), await started_game(db, players=2)
    await game_admin.change_setting(db, late, mod(9), "early_resolution", "off")
    await _settled(db, early, late)
    await orders.submit_orders(db, early, 1, {"kind": "day0"}, NOW)
    assert await resolution.due_games(db, NOW) == []  # one of two: looked at, not due
    assert (await _game(db, early)).due_at == (await _game(db, early)).deadline
    for game_id in (early, late):
        await orders.submit_orders(db, game_id, 2, {"kind": "day0"}, NOW)
    await orders.submit_orders(db, late, 1, {"kind": "day0"}, NOW)
    assert await resolution.due_games(db, NOW) == [(early, 0)]  # without early resolution: the deadline
    report = await scheduler.tick(db, NOW)
    assert report.resolved == [(early, 0)]


async def test_a_failed_resolution_waits_for_its_retry_time(db):
    game_id = await started_game(db)
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        game.state, game.state_rev = {"not": "a state"}, game.state_rev + 1
    deadline = (await _game(db, game_id)).deadline
    assert [g for g, _ in (await scheduler.tick(db, deadline)).failed] == [game_id]
    retry = (await _game(db, game_id)).retry_at
    assert (await _game(db, game_id)).due_at == retry == deadline + scheduler.FIRST_RETRY
    assert (await scheduler.tick(db, retry - timedelta(seconds=1))).failed == []
    assert [g for g, _ in (await scheduler.tick(db, retry)).failed] == [game_id]


async def test_the_upgrade_fills_due_at_for_games_in_progress(db):
    """Migration 0006: a running game is looked at on the first pass (then waits for its deadline), a paused
    one when its pause ends, a game still signing up never."""
    from alembic import command

    from bot.migrate import alembic_config, upgrade
    from bot.services.signup import games

    running, paused = await started_game(db), await started_game(db)
    signup = (await games.create_game(db, name="later")).id
    until = NOW + timedelta(hours=3)
    await moderation.pause(db, paused, actor_id=mod(9), until=until)
    async with db.transaction() as session:
        await session.execute(update(Game).values(due_at=None))
    await db.engine.dispose()
    await asyncio.to_thread(command.downgrade, alembic_config(db.url), "0004")
    await asyncio.to_thread(upgrade, db.url)
    assert (await _game(db, running)).due_at == due.AT_ONCE
    assert (await _game(db, paused)).due_at == until
    assert (await _game(db, signup)).due_at is None
    await _settled(db, running)
    assert await resolution.due_games(db, until) == []
    assert (await _game(db, paused)).status == "running"


async def test_a_game_taking_orders_is_checked_against_its_cached_snapshot_not_a_fresh_parse(db, monkeypatch):
    game_id = await started_game(db, players=2)
    await _settled(db, game_id)
    await orders.submit_orders(db, game_id, 1, {"kind": "day0"}, NOW)  # the snapshot is cached by the order
    _no_state_read(monkeypatch)
    assert await resolution.due_games(db, NOW) == []  # looked at (one of two sent orders), nothing parsed
    monkeypatch.undo()
    assert (await _game(db, game_id)).due_at == (await _game(db, game_id)).deadline

"""The deadline loop's pass: due games resolved once, a failing game isolated, reminders written."""
from __future__ import annotations

from datetime import timedelta

from bot.db.models import Game
from bot.services import moderation, resolution, scheduler
from tests.services.conftest import NOW, started_game


async def test_tick_resolves_due_games_once_and_catches_up_after_downtime(db):
    first = await started_game(db)
    second = await started_game(db)
    async with db.transaction() as session:
        deadline = (await session.get(Game, first)).deadline
    assert (await scheduler.tick(db, NOW)).resolved == []
    much_later = deadline + timedelta(days=3)  # the bot was down past the deadline
    report = await scheduler.tick(db, much_later)
    assert sorted(report.resolved) == [(first, 0), (second, 0)] and report.failed == []
    again = await scheduler.tick(db, much_later)
    assert again.resolved == []  # the next deadline is in the future of `much_later`


async def test_one_failing_game_does_not_stop_the_others(db, monkeypatch):
    broken = await started_game(db)
    healthy = await started_game(db)
    async with db.transaction() as session:
        (await session.get(Game, broken)).state = {"not": "a state"}
        (await session.get(Game, broken)).state_rev += 1
        deadline = (await session.get(Game, healthy)).deadline
    report = await scheduler.tick(db, deadline + timedelta(minutes=1))
    assert report.resolved == [(healthy, 0)]
    assert [game for game, _ in report.failed] == [broken]
    trail = [a.action for a in await moderation.audit_trail(db, broken)]
    assert trail[-1] == "resolve_failed"


async def test_tick_writes_reminders_before_the_deadline(db):
    game_id = await started_game(db, players=3)
    async with db.transaction() as session:
        deadline = (await session.get(Game, game_id)).deadline
    report = await scheduler.tick(db, deadline - timedelta(hours=1), reminder_hours=2)
    assert report.resolved == [] and report.reminders == 3
    assert (await resolution.due_games(db, deadline - timedelta(hours=1))) == []

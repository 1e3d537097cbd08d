"""The deadline loop's pass: due games resolved once, a failing game isolated, reminders written."""
from __future__ import annotations

from datetime import timedelta

import pytest

from bot.db.models import Game
from bot.services.moderators import moderation
from bot.services.steps import resolution, scheduler
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


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
    trail = [a.action for a in await moderation.audit_trail(db, broken, mod())]
    assert trail[-1] == "resolve_failed"


async def test_tick_writes_reminders_before_the_deadline(db):
    game_id = await started_game(db, players=3)
    async with db.transaction() as session:
        deadline = (await session.get(Game, game_id)).deadline
    report = await scheduler.tick(db, deadline - timedelta(hours=1), reminder_hours=2)
    assert report.resolved == [] and report.reminders == 3
    assert (await resolution.due_games(db, deadline - timedelta(hours=1))) == []


async def _deadline(db, game_id):
    async with db.transaction() as session:
        return (await session.get(Game, game_id)).deadline


async def _channel_posts(db, game_id, kind):
    from sqlalchemy import select

    from bot.db.models import Outbox

    async with db.transaction() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars()
        return [(r.target, r.text) for r in rows if r.payload.get("kind") == kind]


async def test_a_pause_over_the_deadline_gives_the_players_time_after_the_automatic_resume_and_says_so(db):
    game_id = await started_game(db, players=2)
    deadline = await _deadline(db, game_id)
    until = deadline + timedelta(hours=2)  # the deadline passes during the pause
    await moderation.pause(db, game_id, actor_id=mod(9), until=until)
    assert (await scheduler.tick(db, until)).resolved == []
    new_deadline = await _deadline(db, game_id)
    assert new_deadline == until + timedelta(hours=1)
    assert (await scheduler.tick(db, until + timedelta(minutes=30))).resolved == []  # time to send orders
    [(target, text)] = await _channel_posts(db, game_id, "resume")
    assert target == "channel" and text.startswith("The pause is over: the game resumes.")
    assert f"<t:{int(new_deadline.timestamp())}:f>" in text  # the deadline as a Discord timestamp (issue 15)
    assert (await scheduler.tick(db, new_deadline)).resolved == [(game_id, 0)]


async def test_a_moderators_resume_follows_the_same_rule(db):
    game_id = await started_game(db, players=2)
    deadline = await _deadline(db, game_id)
    await moderation.pause(db, game_id, actor_id=mod(9))
    resumed_at = deadline - timedelta(minutes=10)  # ten minutes would be too little time
    await moderation.resume(db, game_id, actor_id=mod(9), now=resumed_at)
    assert await _deadline(db, game_id) == resumed_at + timedelta(hours=1)
    [(_, text)] = await _channel_posts(db, game_id, "resume")
    assert text.startswith("A moderator resumed the game. Orders are open until")


async def test_a_failing_game_is_retried_less_and_less_often_and_the_moderators_are_told_once(db):
    from bot.db.session import Database

    broken = await started_game(db)
    async with db.transaction() as session:
        game = await session.get(Game, broken)
        good_state = game.state
        game.state, game.state_rev = {"not": "a state"}, game.state_rev + 1
    now = await _deadline(db, broken) + timedelta(minutes=1)
    gaps = []
    for attempt in range(9):
        report = await scheduler.tick(db, now)
        assert [game for game, _ in report.failed] == [broken]
        retry = (await _game(db, broken)).retry_at
        gaps.append(int((retry - now).total_seconds() // 60))
        assert (await scheduler.tick(db, retry - timedelta(seconds=1))).failed == []  # not tried meanwhile
        now = retry
    assert gaps == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    trail = [a.action for a in await moderation.audit_trail(db, broken, mod())]
    assert trail.count("resolve_failed") == 1
    told = await _channel_posts(db, broken, "resolve_failed")
    assert len(told) == 1 and told[0][0] == "moderators" and "could not be resolved" in told[0][1]
    restarted = Database(db.url)  # the bot restarts: the pause is in the database
    try:
        assert (await scheduler.tick(restarted, now - timedelta(seconds=1))).failed == []
        async with restarted.transaction() as session:
            game = await session.get(Game, broken)
            game.state, game.state_rev = good_state, game.state_rev + 1  # a moderator repairs the game
        assert (await scheduler.tick(restarted, now)).resolved == [(broken, 0)]
    finally:
        await restarted.dispose()
    [(target, text)] = await _channel_posts(db, broken, "resolve_recovered")
    assert target == "moderators" and "after 9 failed attempts" in text
    game = await _game(db, broken)
    assert game.resolve_failures == 0 and game.retry_at is None


async def _game(db, game_id):
    async with db.transaction() as session:
        return await session.get(Game, game_id)


@pytest.mark.parametrize("early", [True, False])
async def test_early_resolution_resolves_once_everyone_has_sent_orders_only_when_it_is_on(db, early):
    from bot.services.orders import orders

    game_id = await started_game(db, players=2, early_resolution=early)
    for user in (1, 2):
        await orders.submit_orders(db, game_id, user, {"kind": "day0"}, NOW)
    report = await scheduler.tick(db, NOW)
    assert report.resolved == ([(game_id, 0)] if early else [])
    if not early:
        assert (await scheduler.tick(db, await _deadline(db, game_id))).resolved == [(game_id, 0)]

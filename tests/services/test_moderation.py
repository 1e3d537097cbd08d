"""Moderator actions (pause, resume, extend, end, kill, substitute), the audit trail, and the published log."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Outbox
from bot.services import moderation, orders, resolution
from bot.services.errors import ServiceError
from tests.services.conftest import NOW, started_game


async def _game(db, game_id):
    async with db.transaction() as session:
        return await session.get(Game, game_id)


async def test_extend_moves_the_deadline_and_is_announced(db):
    game_id = await started_game(db)
    before = (await _game(db, game_id)).deadline
    after = await moderation.extend(db, game_id, actor_id=7, hours=6)
    assert after == before + timedelta(hours=6) == (await _game(db, game_id)).deadline
    with pytest.raises(ServiceError, match="more than 0"):
        await moderation.extend(db, game_id, actor_id=7, hours=0)
    async with db.transaction() as session:
        posts = (await session.execute(select(Outbox.text).where(Outbox.target == "channel"))).scalars().all()
    assert any("extended" in p for p in posts)


async def test_end_stops_the_game_and_orders(db):
    game_id = await started_game(db)
    await moderation.end(db, game_id, actor_id=7, reason="the server is closing")
    assert (await _game(db, game_id)).status == "over"
    with pytest.raises(ServiceError, match="over"):
        await orders.submit_orders(db, game_id, 1, {"kind": "day0"}, NOW)
    assert await resolution.resolve_day(db, game_id, NOW) is None
    with pytest.raises(ServiceError, match="already over"):
        await moderation.end(db, game_id, actor_id=7)


async def test_kill_removes_a_player_from_play(db):
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW)
    await moderation.kill(db, game_id, actor_id=7, user_id=2)
    state = (await _game(db, game_id)).state
    assert state["students"]["s002"]["alive"] is False
    with pytest.raises(ServiceError, match="dead"):
        await orders.submit_orders(db, game_id, 2, {"kind": "night"}, NOW)
    with pytest.raises(ServiceError, match="not alive"):
        await moderation.kill(db, game_id, actor_id=7, user_id=2)


async def test_substitute_hands_the_seat_to_a_new_player(db):
    game_id = await started_game(db)
    await moderation.substitute(db, game_id, actor_id=7, old_user=3, new_user=30, new_name="Stand-in")
    done = await orders.submit_orders(db, game_id, 30, {"kind": "day0", "start_zone": 1}, NOW)
    assert done.day == 0
    with pytest.raises(ServiceError, match="already playing"):
        await moderation.substitute(db, game_id, actor_id=7, old_user=1, new_user=30, new_name="Twice")


async def test_every_moderator_action_is_in_the_audit_trail(db):
    game_id = await started_game(db)
    await moderation.extend(db, game_id, actor_id=7, hours=1)
    await moderation.pause(db, game_id, actor_id=8)
    await moderation.resume(db, game_id, actor_id=8, now=NOW)
    await resolution.resolve_day(db, game_id, NOW, trigger="moderator", actor_id=9)
    trail = [(a.action, a.actor_id) for a in await moderation.audit_trail(db, game_id)]
    assert trail == [("create", None), ("start", None), ("extend", 7), ("pause", 8), ("resume", 8), ("resolve", 9)]


async def test_receipts_check_out_against_the_log_published_when_the_game_is_over(db):
    game_id = await started_game(db)
    first = await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 3}, NOW)
    with pytest.raises(ServiceError, match="once the game is over"):
        await orders.published_log(db, game_id)
    await moderation.end(db, game_id, actor_id=7)
    log = await orders.published_log(db, game_id)
    assert [e["receipt"] for e in log] == [first.receipt]
    assert all(orders.receipt_matches(e) for e in log)
    forged = dict(log[0], payload={"kind": "day0", "start_zone": 4})
    assert not orders.receipt_matches(forged)

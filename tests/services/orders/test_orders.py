"""Submitting, replacing, withdrawing and listing orders: validated at once, every submission kept."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Order
from bot.services.orders import orders
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from bot.services.base.fairness import receipt
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _to_day1(db, game_id):
    await resolution.resolve_day(db, game_id, NOW, trigger="test")
    async with db.transaction() as session:
        return await session.get(Game, game_id)


async def test_day0_choice_is_validated_and_receipted(db):
    game_id = await started_game(db)
    with pytest.raises(ServiceError, match="no zone 9"):
        await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 9}, NOW)
    done = await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 4}, NOW)
    assert len(done.receipt) == 12 and done.day == 0


async def test_refused_order_changes_nothing(db):
    game_id = await started_game(db)
    await _to_day1(db, game_id)
    bad = {"kind": "night", "action": {"kind": "analyze", "target": "s999"}}
    with pytest.raises(ServiceError, match="no student called s999"):
        await orders.submit_orders(db, game_id, 1, bad, NOW)
    with pytest.raises(ServiceError, match="malformed"):
        await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "teleport"}}, NOW)
    with pytest.raises(ServiceError, match="not playing"):
        await orders.submit_orders(db, game_id, 42, {"kind": "night"}, NOW)
    async with db.transaction() as session:
        assert (await session.execute(select(Order).order_by(Order.id))).scalars().all() == []


async def test_replacing_keeps_history_and_only_the_newest_is_current(db):
    game_id = await started_game(db)
    await _to_day1(db, game_id)
    first = await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    second = await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "defend"}}, NOW)
    mine = await orders.my_orders(db, game_id, 1)
    assert [o.receipt for o in mine] == [second.receipt, first.receipt]
    assert [o.current for o in mine] == [True, False]
    withdrawn = await orders.withdraw_orders(db, game_id, 1, NOW)
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        assert await orders.current_orders(session, game) == {}
    assert withdrawn.payload is None and len(await orders.my_orders(db, game_id, 1)) == 3


async def test_receipt_is_a_hash_of_the_order_where_it_was_given_and_the_players_salt(db):
    game_id = await started_game(db)
    await _to_day1(db, game_id)
    done = await orders.submit_orders(db, game_id, 2, {"kind": "night", "action": {"kind": "search"}}, NOW)
    from bot.db.models import Player

    async with db.transaction() as session:
        player = (await session.execute(select(Player).where(Player.user_id == 2))).scalar_one()
    assert done.receipt == receipt(done.payload, player.salt, game_id, 1, player.seat)
    assert done.receipt != receipt(done.payload, "another salt", game_id, 1, player.seat)


async def test_orders_after_the_deadline_or_while_paused_are_refused(db):
    from bot.services.moderators import moderation

    game_id = await started_game(db)
    game = await _to_day1(db, game_id)
    late = game.deadline + timedelta(minutes=1)
    with pytest.raises(ServiceError, match="deadline has passed"):
        await orders.submit_orders(db, game_id, 1, {"kind": "night"}, late)
    await moderation.pause(db, game_id, actor_id=mod(99))
    with pytest.raises(ServiceError, match="paused"):
        await orders.submit_orders(db, game_id, 1, {"kind": "night"}, NOW)


async def test_a_substituted_player_is_refused_even_with_a_cached_snapshot(db):
    from bot.services.moderators import moderation

    game_id = await started_game(db)
    await _to_day1(db, game_id)
    await orders.submit_orders(db, game_id, 1, {"kind": "night"}, NOW)  # the snapshot is now cached
    await moderation.substitute(db, game_id, actor_id=mod(99), old_user=1, new_user=50, new_name="Sub")
    with pytest.raises(ServiceError, match="not playing"):
        await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    done = await orders.submit_orders(db, game_id, 50, {"kind": "night", "action": {"kind": "search"}}, NOW)
    assert done.day == 1


async def test_an_order_validated_before_a_resolution_lands_on_the_new_day_after_revalidation(db):
    game_id = await started_game(db)
    await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 2}, NOW)  # caches the Day 0 snapshot
    await resolution.resolve_day(db, game_id, NOW)
    done = await orders.submit_orders(db, game_id, 2, {"kind": "night", "action": {"kind": "search"}}, NOW)
    assert done.day == 1
    async with db.transaction() as session:
        rows = (await session.execute(select(Order).where(Order.user_id == 2).order_by(Order.id))).scalars().all()
    assert [(o.day, o.payload["kind"]) for o in rows] == [(1, "night")]


async def test_a_stale_paused_snapshot_does_not_refuse_orders_after_resume(db):
    from bot.services.moderators import moderation

    game_id = await started_game(db)
    await _to_day1(db, game_id)
    await moderation.pause(db, game_id, actor_id=mod(9))
    with pytest.raises(ServiceError, match="paused"):
        await orders.submit_orders(db, game_id, 1, {"kind": "night"}, NOW)
    await moderation.resume(db, game_id, actor_id=mod(9), now=NOW)
    assert (await orders.submit_orders(db, game_id, 1, {"kind": "night"}, NOW)).day == 1


async def test_fifty_concurrent_submissions_are_all_stored_once(db):
    game_id = await started_game(db, players=12)
    await _to_day1(db, game_id)
    import asyncio

    results = await asyncio.gather(*(orders.submit_orders(db, game_id, user, {"kind": "night", "action": {"kind": "search"}}, NOW)
                                     for user in list(range(1, 13)) * 4))
    assert len(results) == 48
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        live = await orders.current_orders(session, game)
        total = (await session.execute(select(Order).order_by(Order.id))).scalars().all()
    assert len(live) == 12 and len(total) == 48


async def test_an_order_sent_while_the_day_resolves_is_saved_for_the_next_day_not_reported_saved_and_lost(db, monkeypatch):
    """A resolution holds the game (it has read today's orders); an order sent meanwhile must wait for it and
    be stored for the day that opens (the reply says which), never be confirmed for the day just resolved
    with the older order used instead."""
    import asyncio

    from bot.db.session import Database
    from bot.db.models import Resolution

    game_id = await started_game(db)
    await _to_day1(db, game_id)
    await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    entered, release = asyncio.Event(), asyncio.Event()
    real_write_events = resolution.write_events

    async def held_open(*args, **kwargs):
        entered.set()  # the resolver holds the game and has read the orders
        await release.wait()
        return await real_write_events(*args, **kwargs)

    monkeypatch.setattr(resolution, "write_events", held_open)
    resolver_process = Database(db.url)  # another bot process: its own connections
    try:
        resolving = asyncio.ensure_future(resolution.resolve_day(resolver_process, game_id, NOW, expected_day=1))
        await asyncio.wait_for(entered.wait(), timeout=10)
        submitting = asyncio.ensure_future(
            orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "defend"}}, NOW))
        await asyncio.sleep(0.5)
        assert not submitting.done(), "the order was stored while the day was being resolved"
        release.set()
        assert await asyncio.wait_for(resolving, timeout=30) is not None
        done = await asyncio.wait_for(submitting, timeout=30)
    finally:
        release.set()
        await resolver_process.dispose()
    async with db.transaction() as session:
        used = (await session.get(Resolution, (game_id, 1))).orders["s001"]
        stored = (await session.execute(select(Order).where(Order.receipt == done.receipt))).scalar_one()
    assert used["action"]["kind"] == "search"  # Day 1 used the order the player had when it resolved
    assert done.day == 2 and stored.day == 2 and stored.current  # and the player was told the truth


async def test_a_dead_players_withdrawal_and_orders_are_refused_and_nothing_is_stored(db):
    """Handbook III: the dead no longer act. A player killed while their orders stand can neither withdraw
    them nor send new ones, whatever the command names; the stored orders stay as they were."""
    from bot.services.moderators import moderation
    from bot.services.orders import commands
    from engine.rulesets.battle_royale.texts import say as br_say

    game_id = await started_game(db)
    await _to_day1(db, game_id)
    stored = await orders.submit_orders(db, game_id, 2, {"kind": "night", "action": {"kind": "search"}}, NOW)
    await moderation.act(db, game_id, mod(7), 2, "kill")
    with pytest.raises(ServiceError) as refused:
        await orders.withdraw_orders(db, game_id, 2, NOW)
    assert str(refused.value) == br_say("dead")
    for name, values in (("attack", {"weapon": "Knife", "target": "Player1"}), ("search", {}),
                         ("vote mark", {"student": "Player1"}), ("move", {"route": "Beach"})):
        with pytest.raises(ServiceError) as refused:
            await commands.give_order(db, game_id, 2, name, values, NOW)
        assert str(refused.value) == br_say("dead"), name
    mine = await orders.my_orders(db, game_id, 2)
    assert [(o.receipt, o.current, o.payload["action"]["kind"]) for o in mine] == [(stored.receipt, True, "search")]

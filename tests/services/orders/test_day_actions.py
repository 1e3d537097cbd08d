"""Commands that change one part of an order, votes, trades accepted by both sides, reminders, who is missing."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Outbox
from bot.services.orders import commands, day_actions, orders, trading
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _day1(db, players=3):
    game_id = await started_game(db, players=players)
    for user in range(1, players + 1):
        await orders.submit_orders(db, game_id, user, {"kind": "day0", "start_zone": 5}, NOW)
    await resolution.resolve_day(db, game_id, NOW)
    return game_id


async def test_a_command_changes_its_part_and_keeps_the_other_parts(db):
    """III.C-E: an action, a movement and a vote are parts of one night's orders; each command sets its own."""
    game_id = await _day1(db)
    await commands.give_order(db, game_id, 1, "search", {}, NOW)
    await commands.give_order(db, game_id, 1, "hold", {}, NOW)
    await commands.give_order(db, game_id, 1, "vote close", {"zone": "4"}, NOW)
    payload = await day_actions.current_payload(db, game_id, 1)
    assert payload["action"] == {"kind": "search"}
    assert payload["movement"] == {"kind": "hold"}
    assert payload["votes"]["close"] == 4


async def test_refused_part_leaves_the_current_orders(db):
    game_id = await _day1(db)
    await commands.give_order(db, game_id, 1, "search", {}, NOW)
    with pytest.raises(ServiceError, match="The Septagon to Cliffs, which are not adjacent"):
        await commands.give_order(db, game_id, 1, "move", {"route": "6"}, NOW)
    assert (await day_actions.current_payload(db, game_id, 1))["movement"] is None


async def test_trade_happens_only_when_the_partner_accepts(db):
    """Handbook III.B.3: a trade is done when both players have agreed."""
    game_id = await _day1(db)
    async with db.transaction() as session:
        state = (await session.get(Game, game_id)).state
    mine = state["students"]["s001"]["items"][0]["uid"]
    await commands.give_order(db, game_id, 1, "trade", {"partner": "s002", "give": mine}, NOW)
    with pytest.raises(ServiceError, match="no trade offer"):
        await trading.answer(db, game_id, 3, 1, True, NOW)
    await trading.answer(db, game_id, 2, 1, True, NOW)
    await resolution.resolve_day(db, game_id, NOW)
    async with db.transaction() as session:
        after = (await session.get(Game, game_id)).state
    assert mine in [i["uid"] for i in after["students"]["s002"]["items"]]
    assert mine not in [i["uid"] for i in after["students"]["s001"]["items"]]


async def test_reminders_reach_only_players_without_orders_and_only_once(db):
    game_id = await _day1(db)
    await commands.give_order(db, game_id, 1, "search", {}, NOW)
    async with db.transaction() as session:
        deadline = (await session.get(Game, game_id)).deadline
    assert await day_actions.send_reminders(db, deadline - timedelta(hours=5), 2) == 0
    assert await day_actions.send_reminders(db, deadline - timedelta(hours=1), 2) == 2
    assert await day_actions.send_reminders(db, deadline - timedelta(minutes=30), 2) == 0
    async with db.transaction() as session:
        reminded = (await session.execute(select(Outbox.target_id).where(Outbox.payload["kind"].as_string() == "reminder").order_by(Outbox.id))).scalars().all()
    assert sorted(reminded) == [2, 3]
    assert await day_actions.who_has_not_submitted(db, game_id, mod()) == ["Player2", "Player3"]


async def test_order_history_lists_every_submission_of_the_player_oldest_first(db):
    game_id = await started_game(db, players=2)
    day0 = await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 5}, NOW)
    await orders.submit_orders(db, game_id, 2, {"kind": "day0", "start_zone": 5}, NOW)
    await resolution.resolve_day(db, game_id, NOW)
    search = await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    withdrawn = await orders.withdraw_orders(db, game_id, 1, NOW)
    history = await day_actions.order_history(db, game_id, 1)
    assert [(o.day, o.receipt, o.current) for o in history] == [
        (0, day0.receipt, True), (1, search.receipt, False), (1, withdrawn.receipt, True)]
    assert history[-1].payload is None and history[1].payload["action"] == {"kind": "search"}
    assert {o.user_id for o in history} == {1}  # nobody else's orders
    with pytest.raises(ServiceError, match="not playing"):
        await day_actions.order_history(db, game_id, 42)

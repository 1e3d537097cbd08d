"""Issue 10, "Pacing the contract carries", through the services, on the duel (tests/duel): one actor at a time
with a deadline per step, moderators ordering `as` the game master's NPC, its scripted policy at the deadline,
and a question to one player with its own deadline and default answer. Battle Royale keeps its daily deadline."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Order, Outbox, Resolution
from bot.services.base import verification
from bot.services.moderators import game_admin
from bot.services.orders import orders, pacing
from bot.services.signup import games
from bot.services.steps import resolution, scheduler
from bot.services.orders.commands import give_order
from bot.services.base.common import deadline_time, step_hours
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod

MODERATOR = 99


async def duel_game(db) -> int:
    game = await games.create_game(db, name="Duel", ruleset="duel", channel_id=556, early_resolution=False)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Hero{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def row(db, game_id) -> Game:
    async with db.read() as session:
        return await session.get(Game, game_id)


async def outbox_rows(db, game_id, kind) -> list[Outbox]:
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars()
        return [r for r in rows if r.payload.get("kind") == kind]


async def step(db, game_id, at=NOW) -> list[tuple[int, int]]:
    return (await scheduler.tick(db, at)).resolved


async def to_the_bandits_turn(db, game_id):
    for user in (1, 2):
        await give_order(db, game_id, user, "guard", {}, NOW)
        assert await step(db, game_id) == [(game_id, user - 1)]


async def test_each_step_resolves_as_soon_as_its_one_actor_acts_and_has_its_own_deadline(db, duel):
    game_id = await duel_game(db)
    game = await row(db, game_id)
    assert (game.step_hours, game.deadline) == (6, NOW + timedelta(hours=6))  # the duel's rule: 6 hours a step
    with pytest.raises(ServiceError, match="It is not your turn: Hero1 acts now."):
        await give_order(db, game_id, 2, "strike", {}, NOW)
    await give_order(db, game_id, 1, "strike", {}, NOW)
    later = NOW + timedelta(minutes=5)
    assert await step(db, game_id, later) == [(game_id, 0)]  # early resolution is off: one actor at a time
    game = await row(db, game_id)
    assert game.day == 1 and game.deadline == later + timedelta(hours=6)


async def test_moderators_order_as_the_npc_and_only_they_may(db, duel):
    game_id = await duel_game(db)
    await to_the_bandits_turn(db, game_id)
    assert [r.text for r in await outbox_rows(db, game_id, "npc_awaited")][-1].startswith(
        "Duel: waiting for the game master's orders for the Bandit")
    with pytest.raises(ServiceError, match="the Bandit is the game master's: only a moderator orders for them."):
        await give_order(db, game_id, 1, "strike", {"target": "s002"}, NOW, actor="bandit")
    with pytest.raises(ServiceError, match="You are not playing in this game."):
        await give_order(db, game_id, MODERATOR, "strike", {"target": "s002"}, NOW)
    given = await give_order(db, game_id, MODERATOR, "strike", {"target": "s002"}, NOW, actor="bandit", moderator=mod(MODERATOR))
    assert given.summary == ["Strike Hero2"]
    async with db.read() as session:
        order = (await session.execute(select(Order).where(Order.game_id == game_id, Order.seat == "bandit"))).scalar_one()
    assert (order.user_id, order.payload["target"]) == (MODERATOR, "s002")


async def test_a_blow_asks_its_hero_by_dm_with_its_own_deadline_and_the_answer_goes_on(db, duel):
    game_id = await duel_game(db)
    await to_the_bandits_turn(db, game_id)
    await give_order(db, game_id, MODERATOR, "strike", {"target": "s002"}, NOW, actor="bandit", moderator=mod(MODERATOR))
    await step(db, game_id)
    asked = (await outbox_rows(db, game_id, "question"))[-1]
    assert (asked.target, asked.target_id) == ("dm", 2)
    assert "dodge (half the time no harm) or parry" in asked.text and "Answer with /react (Dodge, Parry)" in asked.text
    assert asked.text.endswith("otherwise the answer is Parry.")
    game = await row(db, game_id)
    assert game.deadline == NOW + timedelta(hours=1)  # the question's own hour, not the 6-hour step
    with pytest.raises(ServiceError, match="The question is not yours to answer."):
        await give_order(db, game_id, 1, "react", {"choice": "dodge"}, NOW)
    await give_order(db, game_id, 2, "react", {"choice": "parry"}, NOW)
    await step(db, game_id)
    assert (await verification.verify_day(db, game_id, 2)).ok  # the moderator's order for the Bandit, on record
    assert not await outbox_rows(db, game_id, "reminder")  # the question was Hero2's reminder
    game = await row(db, game_id)
    assert game.state["blow"] is None and game.state["order"][game.state["turn"]] == "s001"
    assert game.deadline == NOW + timedelta(hours=6)


async def test_one_actor_at_a_time_the_player_whose_step_opens_is_told_by_dm(db, duel):
    """Issue 10, pacing "who is told that the next step waits for them": in a game played one actor at a time
    the player whose step opens gets a DM (the duel has no step buttons: a plain one), the other player none;
    a question's own DM tells its player, with no second "your move". (Found by Infinity's end-to-end test:
    a player was told of their post only by the reminder near its deadline.)"""
    game_id = await duel_game(db)
    told = await outbox_rows(db, game_id, "step_yours")
    assert [(r.target, r.target_id, r.payload["day"]) for r in told] == [("dm", 1, 0)]
    assert told[0].text.startswith("Duel: your move (Step 0), until ")
    await to_the_bandits_turn(db, game_id)
    told = await outbox_rows(db, game_id, "step_yours")
    assert [(r.target_id, r.payload["day"]) for r in told] == [(1, 0), (2, 1)]  # the Bandit's step: nobody's
    await give_order(db, game_id, MODERATOR, "strike", {"target": "s002"}, NOW, actor="bandit", moderator=mod(MODERATOR))
    await step(db, game_id)
    assert (await outbox_rows(db, game_id, "question"))[-1].target_id == 2
    assert len(await outbox_rows(db, game_id, "step_yours")) == 2


async def test_battle_royale_tells_nobody_by_dm_when_its_day_opens(db):
    """Simultaneous days: every player is awaited, the channel's post says the day is open; no DM each."""
    game_id = await started_game(db)
    assert not await outbox_rows(db, game_id, "step_yours")


async def test_the_dm_of_a_step_carries_your_orders_when_that_step_awaits_its_player(db):
    """Issue 33, point 3: Battle Royale tells no one "your move", so the orders card's button rides on each
    player's DM of the resolution that opened the step (the start's roles, then each day's results): a row of
    that DM's post with no text, naming the step it opened (one message, no request of its own)."""
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW, expected_day=0)
    async with db.read() as session:
        rows = select(Outbox).where(Outbox.game_id == game_id, Outbox.target == "dm").order_by(Outbox.id)
        dms = list((await session.execute(rows)).scalars())  # in the order delivery sends them
    marks = [r for r in dms if r.payload["kind"] == pacing.ORDERS_ON_RESULTS]
    assert sorted((r.payload["day"], r.target_id) for r in marks) == [(d, u) for d in (0, 1) for u in (1, 2, 3, 4)]
    assert {r.text for r in marks} == {""} and all(r.payload["user"] == r.target_id for r in marks)
    for mark in marks:  # on the DM of the resolution that opened its step, after its rows
        told = [r for r in dms if r.target_id == mark.target_id and r.payload["post"] == mark.payload["post"]]
        assert told[-1] is mark and len(told) >= 2


async def test_one_actor_at_a_time_the_your_move_dm_alone_carries_your_orders(db, duel):
    """The duel's player whose step opens is told by a DM of its own, with the orders card's button: the DM of
    the resolution gets no second one."""
    game_id = await duel_game(db)
    await to_the_bandits_turn(db, game_id)
    assert not await outbox_rows(db, game_id, pacing.ORDERS_ON_RESULTS)
    assert [(r.target_id, r.payload["user"]) for r in await outbox_rows(db, game_id, "step_yours")] == [(1, 1), (2, 2)]


async def test_at_the_deadline_the_script_orders_for_the_npc_and_the_question_defaults(db, duel):
    game_id = await duel_game(db)
    await to_the_bandits_turn(db, game_id)
    deadline = (await row(db, game_id)).deadline
    assert await step(db, game_id, deadline) == [(game_id, 2)]  # nobody ordered for the Bandit
    game = await row(db, game_id)
    assert game.state["blow"]["target"] == "s001"  # the script strikes the healthiest hero (first on ties)
    checked = await verification.verify_day(db, game_id, 2)  # the script's orders are on record
    assert checked.ok, checked.differences
    assert await step(db, game_id, game.deadline) == [(game_id, 3)]  # no answer within the hour: parry
    async with db.read() as session:
        record = await session.get(Resolution, (game_id, 3))
    assert record.orders == {} and (await row(db, game_id)).state["blow"] is None
    assert (await verification.verify_day(db, game_id, 3)).ok


async def test_battle_royale_keeps_its_daily_deadline(db):
    game_id = await started_game(db)
    game = await row(db, game_id)
    assert game.step_hours is None and (game.deadline.hour, game.deadline.minute) == (22, 0)


async def test_the_deadline_rule_is_a_daily_time_or_hours_per_step(db):
    assert deadline_time("7:5") == "07:05" and step_hours("6h") == 6 and step_hours("12") == 12
    assert step_hours("daily") is None
    for bad in ("0", "soon", "999"):
        with pytest.raises(ServiceError, match="must be a number of hours from 1 to 336, or daily"):
            step_hours(bad)
    with pytest.raises(ServiceError, match="must look like 22:00"):
        deadline_time("25:00")
    game_id = await started_game(db)
    changed = await game_admin.change_setting(db, game_id, mod(MODERATOR), "step_hours", "8h")
    assert (changed.value, changed.next_day) == (8, True)
    assert (await game_admin.settings_of(db, game_id))["step_hours"] == 8
    due = await resolution.resolve_day(db, game_id, NOW, trigger="moderator")
    assert due is not None and (await row(db, game_id)).deadline == NOW + timedelta(hours=8)


async def test_a_simulated_duel_plays_to_its_end_with_the_script_for_the_npc(db, duel):
    """`brbot simulate --ruleset duel`: computer heroes, the Bandit's script at every one of its steps."""
    from bot.services.steps import simulation

    result = await simulation.simulate(db, 2, seed=3, ruleset="duel")
    async with db.read() as session:
        scripted = (await session.execute(select(Order).where(Order.seat == "bandit").order_by(Order.id))).scalars().all()
    assert result.winners and scripted and all(o.user_id == pacing.SCRIPT for o in scripted)
    logged = await orders.published_log(db, result.game_id)  # the NPC's orders are in the log, with no salt
    npc = [e for e in logged if e["seat"] == "bandit"]
    assert npc and all(e["salt"] == "" and e["receipt_matches"] for e in npc)
    assert all(e["receipt_matches"] for e in logged)


def test_the_duel_gives_every_step_its_own_deadline_and_a_same_turn_keeps_it():
    """docs/engine.md, `same_turn`: a ruleset that never continues a turn (the duel, the default) gets a new
    deadline every step; one that does keeps the turn's deadline while it is ahead, never one already past."""
    from bot.services.orders.pacing import turn_deadline
    from engine.ruleset import Ruleset
    from tests.duel.rules import RULESET as duel

    ahead = NOW + timedelta(hours=3)
    assert type(duel).same_turn is Ruleset.same_turn
    assert turn_deadline(duel, None, None, ahead, NOW) is None

    class Continuing(type(duel)):  # type: ignore[misc]
        def same_turn(self, before, after):
            return True

        def pending(self, state):
            return None

    assert turn_deadline(Continuing(), None, None, ahead, NOW) == ahead
    assert turn_deadline(Continuing(), None, None, NOW - timedelta(hours=1), NOW) is None
    assert turn_deadline(Continuing(), None, None, None, NOW) is None


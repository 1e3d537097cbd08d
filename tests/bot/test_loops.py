"""The deadline loop: due games are resolved (also after downtime), one failing game or pass never stops
it, and reminders are written; delivery is woken right away after a resolution, and the deadline loop right
away after a command (`Loops.look`)."""
from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import select

from bot.db.models import Game, Outbox
from bot.loops import Loops
from tests.services.conftest import NOW, started_game


async def test_a_missed_deadline_is_resolved_on_the_first_pass(gm, db):
    """The bot was down over the deadline: the first pass after the start resolves the day."""
    game_id = await started_game(db, players=3)
    gm.clock = lambda: NOW + timedelta(days=2)
    loops = Loops(gm)
    await loops.deadlines()
    async with db.read() as session:
        game = await session.get(Game, game_id)
    assert (game.day, game.phase) == (1, "night")
    assert loops.wake.is_set()  # delivery is woken for the results


async def test_a_broken_game_does_not_stop_the_others(gm, db):
    broken = await started_game(db, players=3)
    fine = await started_game(db, players=3)
    async with db.transaction() as session:
        (await session.get(Game, broken)).state = {"garbage": True}
    gm.clock = lambda: NOW + timedelta(days=2)
    await Loops(gm).deadlines()
    async with db.read() as session:
        assert (await session.get(Game, fine)).day == 1
        assert (await session.get(Game, broken)).day == 0


async def test_reminders_are_written_before_the_deadline(gm, db):
    game_id = await started_game(db, players=2)
    async with db.read() as session:
        deadline = (await session.get(Game, game_id)).deadline
    gm.clock = lambda: deadline - timedelta(hours=1)
    await Loops(gm).deadlines()
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.target == "dm").order_by(Outbox.id))).scalars().all()
    reminders = [r for r in rows if r.payload.get("kind") == "reminder"]
    assert sorted(r.target_id for r in reminders) == [1, 2] and all("Reminder" in r.text for r in reminders)
    assert all("Day 0 of " in r.text and "still waits for your orders" in r.text for r in reminders)


async def test_the_loop_survives_a_failing_pass(gm, db):
    loops = Loops(gm)
    calls: list[int] = []

    async def flaky() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("database went away")

    task = asyncio.create_task(loops._every(0.01, flaky, asyncio.Event()))
    for _ in range(100):
        if len(calls) >= 3:
            break
        await asyncio.sleep(0.01)
    task.cancel()
    assert len(calls) >= 3


async def test_a_night_bigger_than_one_pass_is_delivered_without_waiting_for_the_next_tick(gm, db):
    """Issue 16: a big night goes out pass after pass at once, not one pass per delivery tick."""
    from tests.bot.delivery_helpers import FakeCourier

    game_id = await started_game(db, players=6, actor_id=900)  # a creator: the moderators' notes have a reader
    gm.clock = lambda: NOW + timedelta(days=2)
    gm.courier = lambda: FakeCourier()
    loops = Loops(gm)
    await loops.deadlines()  # Day 0 resolved: the start's and the night's rows wait in the outbox
    loops.worker.claim_limit = 3
    await loops.deliver()
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    assert len(rows) > 3 * 3 and {r.status for r in rows} == {"sent"}


async def test_a_woken_loop_looks_at_once_not_on_its_next_tick(gm, db):
    """A command that makes a step ready wakes the deadline loop (`GameMasterBot.kick` -> `Loops.look`): the
    next pass comes at once, though the tick is an hour away; a wake set during a pass brings the next one."""
    loops = Loops(gm)
    passes: list[asyncio.Event] = [asyncio.Event() for _ in range(3)]
    done = 0

    async def job() -> None:
        nonlocal done
        passes[done].set()
        done += 1
        if done == 2:
            loops.look()  # woken while this pass runs: the next pass is not lost

    task = asyncio.create_task(loops._every(3600, job, loops.wake_deadlines))
    try:
        await asyncio.wait_for(passes[0].wait(), 10)
        loops.look()
        await asyncio.wait_for(passes[1].wait(), 10)  # without the wake: an hour
        await asyncio.wait_for(passes[2].wait(), 10)
    finally:
        task.cancel()
    assert done == 3


def test_the_bots_kick_wakes_both_loops(gm):
    """After a command or a button (`GameMasterBot.kick`): deliver now, and look for a ready step now."""
    from bot.app import GameMasterBot

    loops = Loops(gm)
    holder = type("Holder", (), {"loops": loops})()
    GameMasterBot.kick(holder)  # type: ignore[arg-type]
    assert loops.wake.is_set() and loops.wake_deadlines.is_set()

"""`Batched` (issue 33: fifty players' choices at once): the keys asked for in one moment are read once, each
caller gets its own value, a caller never joins a read that began before it asked (so it sees what was
committed before it asked, its own change included), and a failed read fails each of its callers."""

from __future__ import annotations

import asyncio

import pytest

from bot.services.base.batched import Batched


class _Db:
    """What `Batched` keeps its pending read on: any object with a `__dict__`."""


async def test_keys_asked_for_in_one_moment_are_read_once_each_caller_its_own():
    reads: list[list[int]] = []

    async def read(db, keys):
        reads.append(sorted(keys))
        return {k: k * 10 for k in keys if k != 3}

    batched = Batched(read)
    db = _Db()
    got = await asyncio.gather(*(batched.get(db, k) for k in (1, 2, 2, 3)))
    assert got == [10, 20, 20, None] and reads == [[1, 2, 3]]


async def test_a_caller_never_joins_a_read_that_began_before_it_asked():
    store = {"orders": "before"}
    began = asyncio.Event()
    go_on = asyncio.Event()

    async def read(db, keys):
        seen = store["orders"]  # what the read sees as it begins
        began.set()
        await go_on.wait()
        return {k: seen for k in keys}

    batched = Batched(read)
    db = _Db()
    first = asyncio.ensure_future(batched.get(db, "me"))
    await began.wait()  # the first read has begun
    store["orders"] = "after"  # a write committed now, before the second caller asks
    second = asyncio.ensure_future(batched.get(db, "me"))
    go_on.set()
    assert await first == "before" and await second == "after"


async def test_a_failed_read_fails_each_of_its_callers():
    async def read(db, keys):
        raise RuntimeError("the database went away")

    batched = Batched(read)
    db = _Db()
    results = await asyncio.gather(batched.get(db, 1), batched.get(db, 2), return_exceptions=True)
    assert [str(r) for r in results] == ["the database went away"] * 2


def test_each_event_loop_has_its_own_reads():
    async def read(db, keys):
        return {k: k for k in keys}

    batched, db = Batched(read), _Db()
    for _ in range(2):  # a pending read left by a loop that ended does not hold up the next loop's callers
        assert asyncio.run(asyncio.wait_for(batched.get(db, 7), 5)) == 7


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_fifty_players_seat_orders_are_one_read_each_their_own(db, monkeypatch):
    from bot.services.orders import orders
    from tests.services.conftest import started_game

    game_id = await started_game(db, players=4)
    calls: list[int] = []
    real = orders._seats_orders

    async def counted(database, keys):
        calls.append(len(keys))
        return await real(database, keys)

    monkeypatch.setattr(orders._SEAT_ORDERS, "read", counted)
    got = await asyncio.gather(*(orders.seat_orders_now(db, game_id, 0, f"p{n}") for n in range(1, 5)))
    assert calls == [4] and got == [None] * 4

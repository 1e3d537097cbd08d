"""The snapshot cache is bounded (issue 16): it evicts by size and by age, and an evicted game reloads."""
from __future__ import annotations

from sqlalchemy import select

from bot.db.models import Game
from bot.services.orders import orders
from bot.services.steps import resolution
from bot.services.base.snapshot_cache import SnapshotCache
from bot.services.base.snapshots import cache_of, snapshot, use_cache
from tests.services.conftest import NOW, started_game


class Ticks:
    """A clock the test moves (seconds)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def _games(db, count: int) -> list[int]:
    ids = []
    for _ in range(count):
        game_id = await started_game(db)
        await resolution.resolve_day(db, game_id, NOW, trigger="test")
        ids.append(game_id)
    return ids


async def test_the_cache_keeps_within_its_size_dropping_the_least_recently_used(db):
    a, b, c = await _games(db, 3)
    one = (await snapshot(db, a, fresh=True)).size
    assert one > 1000  # the state's JSON, counted
    cache = use_cache(db, SnapshotCache(max_bytes=int(one * 2.5)))
    await snapshot(db, a)
    await snapshot(db, b)
    await snapshot(db, a)  # a is now the more recently used
    await snapshot(db, c)
    assert a in cache and c in cache and b not in cache
    assert len(cache) == 2 and cache.bytes <= cache.max_bytes


async def test_a_game_bigger_than_the_whole_cache_is_still_kept_while_in_use(db):
    a, b = await _games(db, 2)
    cache = use_cache(db, SnapshotCache(max_bytes=100))
    first = await snapshot(db, a)
    assert await snapshot(db, a) is first  # not read again for the next order
    await snapshot(db, b)
    assert a not in cache and b in cache and len(cache) == 1


async def test_the_cache_keeps_at_most_its_number_of_games(db):
    ids = await _games(db, 3)
    cache = use_cache(db, SnapshotCache(max_entries=2))
    for game_id in ids:
        await snapshot(db, game_id)
    assert [g in cache for g in ids] == [False, True, True]


async def test_a_snapshot_unused_for_its_age_is_dropped(db):
    a, b = await _games(db, 2)
    ticks = Ticks()
    cache = use_cache(db, SnapshotCache(max_age=600, clock=ticks))
    await snapshot(db, a)
    ticks.now = 400
    await snapshot(db, b)
    ticks.now = 700  # a was last used 700 s ago, b 300 s ago
    assert cache.get(a) is None and cache.get(b) is not None
    ticks.now = 950  # b's use at 700 counted: 250 s ago
    assert cache.get(b) is not None and cache.bytes == cache.peek(b).size


async def test_an_evicted_game_reloads_and_takes_orders_as_before(db):
    a, b = await _games(db, 2)
    use_cache(db, SnapshotCache(max_entries=1))
    before = await snapshot(db, a)
    await snapshot(db, b)  # a is evicted
    assert a not in cache_of(db)
    done = await orders.submit_orders(db, a, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    again = await snapshot(db, a)
    assert again is not before and again.state == before.state and again.seats == before.seats
    assert (again.rev, again.day, again.status) == (before.rev, before.day, before.status)
    assert done.day == 1
    async with db.read() as session:
        game = (await session.execute(select(Game).where(Game.id == a))).scalar_one()
        assert list(await orders.current_orders(session, game)) == ["s001"]

"""A resolution this process commits leaves the new day's snapshot in the cache of a game it serves (issue 16,
submission latency): the same snapshot a load would give, so the day's first orders validate against the new
day at once instead of all waiting for a load. A game this process does not serve is not cached by it."""
from __future__ import annotations

from bot.services.orders import orders
from bot.services.steps import resolution
from bot.services.base.snapshots import cache_of, snapshot
from tests.services.conftest import NOW, started_game


async def test_a_resolution_leaves_the_new_days_snapshot_as_a_load_would_give_it(db):
    game_id = await started_game(db)
    await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 4}, NOW)  # served here: cached
    before = cache_of(db).peek(game_id)
    await resolution.resolve_day(db, game_id, NOW, trigger="test")
    kept = cache_of(db).peek(game_id)
    assert kept is not None and kept.rev > before.rev and kept.day == 1 and kept.state.phase == "night"
    loaded = await snapshot(db, game_id, fresh=True)
    assert (kept.rev, kept.day, kept.status, kept.deadline, kept.seats) == (
        loaded.rev, loaded.day, loaded.status, loaded.deadline, loaded.seats)
    assert kept.state.model_dump(mode="json") == loaded.state.model_dump(mode="json")
    done = await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    assert done.day == 1


async def test_a_game_not_served_here_is_not_cached_by_its_resolution(db):
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW, trigger="test")
    assert cache_of(db).peek(game_id) is None

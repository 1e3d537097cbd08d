"""`brbot bench`: the engine's time per night, order submission latency under 50 concurrent submitters, and
the live-games figures (`bench_live`: 500 games' peak memory, an idle deadline pass; `bench_delivery`: a
night's delivery over the floor of Discord's rate limits; `bench_community`: /profile and /leaderboard on 10,000
finished games).

Submission is measured through the real service (validation by the engine, one transaction, the order
row and its receipt) against a fresh SQLite file and, when reachable, a scratch PostgreSQL database: the
50 seats of a game submit at once, four rounds, p50 and p99 over the 200 submissions, on the day that has
just opened. The game's opening orders come first and are not counted (`_opening_orders`), as in a game in
play: the process has its connections open and its statements compiled (a fresh process does that once),
and the resolution that opened the day left the game's new snapshot ready (`snapshots.refresh`).
docs/performance.md has the figures.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.bench_community import community_bench
from bot.bench_delivery import PLAYERS as NIGHT_PLAYERS
from bot.bench_delivery import delivery_bench
from bot.bench_live import PLAYERS as LIVE_PLAYERS
from bot.bench_live import live_bench
from bot.db.models import position_of
from bot.db.scratch import DEFAULT_ADMIN_URL, postgres_reachable, scratch_database
from bot.db.session import Database
from bot.migrate import upgrade_async
from bot.services import games, orders, resolution
from bot.services.common import load_game, load_state
from engine import registry
from engine.bench import night_benchmark
from engine.rng import RecordingRng

SUBMITTERS = 50
ROUNDS = 4
NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def _percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


def _sizes(ruleset: str, sizes: tuple[int, ...]) -> list[int]:
    """The player counts among `sizes` the game allows (its smallest and largest if none fits)."""
    rules = registry.get(ruleset)
    most = rules.max_players or max(sizes)
    fitting = [n for n in sizes if rules.min_players <= n <= most]
    return fitting or sorted({rules.min_players, most})


async def submit_latency(url: str, ruleset: str = registry.DEFAULT) -> dict[str, float]:
    """Order submission latency: every seat the game awaits after its opening step submits at once."""
    await upgrade_async(url)
    db = Database(url)
    try:
        players = _sizes(ruleset, (SUBMITTERS,))[-1]
        game = await games.create_game(db, name="bench", ruleset=ruleset, signup_cap=players)
        for user in range(1, players + 1):
            await games.join_game(db, game.id, user, f"Bench {user}")
        await games.start_game(db, game.id, NOW)
        await _opening_orders(db, game.id, ruleset)
        await resolution.resolve_day(db, game.id, NOW, trigger="bench")  # the opening step (BR: Day 0 -> Day 1)
        async with db.transaction() as session:
            state = load_state(await load_game(session, game.id))
        rng = RecordingRng(1, record=False)
        rules, front = registry.get(ruleset), registry.front(ruleset)
        plans = {position_of(seat): front.autoplayer(state, seat, rng) for seat in rules.awaiting(state)}
        samples: list[float] = []

        async def one(user: int) -> None:
            start = time.perf_counter()
            await orders.submit_orders(db, game.id, user, plans[user], NOW)
            samples.append((time.perf_counter() - start) * 1000)

        for _ in range(ROUNDS):
            await asyncio.gather(*(one(user) for user in plans))
        return {"p50": round(_percentile(samples, 50), 2), "p99": round(_percentile(samples, 99), 2)}
    finally:
        await db.dispose()


async def _opening_orders(db: Database, game_id: int, ruleset: str) -> None:
    """The opening step's orders, through the service and not timed, as a game in play has had them: the
    process has its connections open and its statements compiled, and serves the game (its snapshot is in
    use here), so the resolution that opens the measured day leaves the new snapshot ready."""
    rules, front = registry.get(ruleset), registry.front(ruleset)
    async with db.transaction() as session:
        state = load_state(await load_game(session, game_id))
    rng = RecordingRng(2, record=False)
    for seat in rules.awaiting(state):
        await orders.submit_orders(db, game_id, position_of(seat), front.autoplayer(state, seat, rng), NOW)


async def run_bench(postgres_admin_url: str | None = None, ruleset: str = registry.DEFAULT) -> dict:
    engine_ms = {str(n): round(night_benchmark(n, ruleset=ruleset), 3) for n in _sizes(ruleset, (20, 100, 1000))}
    with tempfile.TemporaryDirectory(prefix="brbot-bench-") as workdir:
        sqlite = await submit_latency(f"sqlite+aiosqlite:///{Path(workdir) / 'bench.sqlite3'}", ruleset)
    admin = postgres_admin_url or DEFAULT_ADMIN_URL
    postgres = None
    if await postgres_reachable(admin) is None:
        async with scratch_database(admin) as url:
            postgres = await submit_latency(url, ruleset)
    live = await live_bench(players=_sizes(ruleset, (LIVE_PLAYERS,))[-1], ruleset=ruleset)
    night = await delivery_bench(players=_sizes(ruleset, (NIGHT_PLAYERS,))[-1], ruleset=ruleset)
    return {
        "engine_ms": engine_ms,
        "submit_ms": {"sqlite": sqlite, "postgres": postgres},
        **live,
        "delivery_vs_floor": night["vs_floor"],
        "delivery": night,
        "community_ms": await community_bench(postgres_admin_url),  # /profile and /leaderboard (issue 24)
    }

"""`brbot bench`: the engine's time per night, order submission latency under 50 concurrent submitters, and
the live-games figures (`bot.bench.live`: 500 games' peak memory, an idle deadline pass; `bot.bench.delivery`:
a night's delivery over the floor of Discord's rate limits; `bot.bench.web`: the web site's pages, live
followers and memory; `bot.bench.community`: /profile and /leaderboard on 10,000 finished games;
`bot.bench.simulate`: whole simulated games in CPU time, with the engine's share).

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
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.bench.community import CALLS as COMMUNITY_CALLS
from bot.bench.community import GAMES as COMMUNITY_GAMES
from bot.bench.community import PLAYERS as COMMUNITY_PLAYERS
from bot.bench.community import community_bench
from bot.bench.delivery import PLAYERS as NIGHT_PLAYERS
from bot.bench.delivery import RTT as DELIVERY_RTT
from bot.bench.delivery import RUNS as DELIVERY_RUNS
from bot.bench.delivery import delivery_bench
from bot.bench.game import migrated, migrated_scratch_databases, sizes, started
from bot.bench.languages import PLAYERS as LANGUAGES_PLAYERS
from bot.bench.languages import RUNS as LANGUAGES_RUNS
from bot.bench.languages import delivery_figures as languages_delivery
from bot.bench.languages import simulate_figures as languages_simulate
from bot.bench.live import GAMES as LIVE_GAMES
from bot.bench.live import PLAYERS as LIVE_PLAYERS
from bot.bench.live import live_bench
from bot.bench.menus import PLAYERS as MENU_PLAYERS
from bot.bench.menus import ROUNDS as MENU_ROUNDS
from bot.bench.menus import menus_bench
from bot.bench.setups import CALLS as SETUP_CALLS
from bot.bench.setups import SETUPS, list_bench, predict_bench
from bot.bench.simulate import GAMES as SIMULATED_GAMES
from bot.bench.simulate import QUICK_GAMES as QUICK_SIMULATED_GAMES
from bot.bench.simulate import simulate_bench
from bot.bench.web import FOLLOWERS as WEB_FOLLOWERS
from bot.bench.web import GAMES as WEB_GAMES
from bot.bench.web import PLAYERS as WEB_PLAYERS
from bot.bench.web import POLL_SECONDS as WEB_POLL_SECONDS
from bot.bench.web import REQUESTS as WEB_REQUESTS
from bot.bench.web import web_bench
from bot.db.models import position_of
from bot.db.scratch import DEFAULT_ADMIN_URL, postgres_reachable
from bot.db.session import Database
from bot.services.base.common import load_game, load_state
from bot.services.base.errors import ServiceError
from bot.services.orders import orders
from bot.services.steps import resolution
from bot.text import say
from engine import registry
from engine.bench import night_benchmark
from engine.rng import RecordingRng

SUBMITTERS = 50
ROUNDS = 4
NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Sizes:
    """How big each part of the bench is: the figures of docs/performance.md by default, `QUICK` for a
    smoke run (`brbot bench --quick`: every part runs, at sizes whose figures mean little, and with a short
    round trip to the fake Discord and a short poll of the followed game, which only wait)."""

    engine: tuple[int, ...] = (20, 100, 1000)
    nights: int = 7
    repeats: int = 5
    submitters: int = SUBMITTERS
    rounds: int = ROUNDS
    live_games: int = LIVE_GAMES
    live_players: int = LIVE_PLAYERS
    night_players: int = NIGHT_PLAYERS
    delivery_runs: int = DELIVERY_RUNS
    delivery_rtt: float = DELIVERY_RTT
    web_players: int = WEB_PLAYERS
    web_followers: int = WEB_FOLLOWERS
    web_games: int = WEB_GAMES
    web_requests: int = WEB_REQUESTS
    web_poll_seconds: float = WEB_POLL_SECONDS
    community_games: int = COMMUNITY_GAMES
    community_players: int = COMMUNITY_PLAYERS
    community_calls: int = COMMUNITY_CALLS
    simulated: tuple[tuple[str, int], ...] = SIMULATED_GAMES  # (game, players) played whole: `simulate_ms`
    menu_players: int = MENU_PLAYERS  # asking for autocomplete choices and order menus at once: `menus_ms`
    menu_rounds: int = MENU_ROUNDS
    languages_players: int = LANGUAGES_PLAYERS  # the night prepared with readers in three languages (issue 31)
    languages_runs: int = LANGUAGES_RUNS
    setups: int = SETUPS  # setups in the database `/setup list` reads: `setup_list_ms`
    setup_calls: int = SETUP_CALLS
    predict_seconds: float = 120.0  # the time limit of the timed prediction: `setup_predict_s`


QUICK = Sizes(
    engine=(4,), nights=1, repeats=1, submitters=4, rounds=1, live_games=2, live_players=4, night_players=4,
    delivery_runs=1, delivery_rtt=0.01, web_players=4, web_followers=3, web_games=3, web_requests=3,
    web_poll_seconds=0.05, community_games=8, community_players=16, community_calls=3,
    simulated=QUICK_SIMULATED_GAMES, menu_players=4, menu_rounds=1, languages_players=8, languages_runs=1,
    setups=200, setup_calls=5,
    predict_seconds=0.5,  # one batch: the quick run checks the worker plays and stores, not the figure
)  # fmt: skip


def _percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


def _plans(ruleset: str, state: Any, rng: RecordingRng) -> dict[int, tuple[str | None, dict[str, Any]]]:
    """User -> (the actor they order for when it is not their own seat, the computer player's orders) for
    every actor the game awaits that a player orders for (the game master's NPCs are left to their script).
    The bench's users are its seats' positions (`bot.bench.game.started`)."""
    rules = registry.get(ruleset)
    plans: dict[int, tuple[str | None, dict[str, Any]]] = {}
    for actor in rules.awaiting(state):
        seat = rules.controller(state, actor)
        if seat is not None:
            plans[position_of(seat)] = (None if actor == seat else actor, rules.play.computer_orders(state, actor, rng))
    return plans


async def submit_latency(url: str, ruleset: str = registry.DEFAULT, size: Sizes = Sizes()) -> dict[str, Any]:
    """Order submission latency: every player the game awaits after its opening step submits at once (a game
    played one actor at a time awaits one)."""
    await migrated(url)
    db = Database(url)
    try:
        game_id, _, plans = await _in_play(db, ruleset, size.submitters)
        samples: list[float] = []

        async def one(user: int) -> None:
            actor, payload = plans[user]
            start = time.perf_counter()
            await orders.submit_orders(db, game_id, user, payload, NOW, actor=actor)
            samples.append((time.perf_counter() - start) * 1000)

        for _ in range(size.rounds):
            await asyncio.gather(*(one(user) for user in plans))
        return {
            "p50": round(_percentile(samples, 50), 2),
            "p99": round(_percentile(samples, 99), 2),
            "submitters": len(plans),
        }
    finally:
        await db.dispose()


async def _in_play(db: Database, ruleset: str, players: int) -> tuple[int, Any, dict[int, Any]]:
    """A game of about `players` (the game's own sizes) with its opening step resolved, as in play: its id, its
    state and every awaited player's computer orders (`_plans`)."""
    game_id = await started(db, ruleset, sizes(ruleset, (players,))[-1], "bench", NOW)
    await _opening_orders(db, game_id, ruleset)
    await resolution.resolve_day(db, game_id, NOW, trigger="bench")  # the opening step (BR: Day 0 -> Day 1)
    async with db.transaction() as session:
        state = load_state(await load_game(session, game_id))
    plans = _plans(ruleset, state, RecordingRng(1, record=False))
    if not plans:
        raise ServiceError(say("cli_bench_nobody_awaited", game=registry.front(ruleset).title or ruleset))
    return game_id, state, plans


async def choice_latency(url: str, ruleset: str = registry.DEFAULT, size: Sizes = Sizes()) -> dict[str, Any]:
    """`menus_ms`: autocomplete choices and order menus for every awaited player at once (`bot.bench.menus`)."""
    await migrated(url)
    db = Database(url)
    try:
        game_id, state, plans = await _in_play(db, ruleset, size.menu_players)
        phase = registry.get(ruleset).public_view(state).get("phase")
        return await menus_bench(db, game_id, sorted(plans), phase, size.menu_rounds)
    finally:
        await db.dispose()


async def _opening_orders(db: Database, game_id: int, ruleset: str) -> None:
    """The opening step's orders, through the service and not timed, as a game in play has had them: the
    process has its connections open and its statements compiled, and serves the game (its snapshot is in
    use here), so the resolution that opens the measured day leaves the new snapshot ready."""
    async with db.transaction() as session:
        state = load_state(await load_game(session, game_id))
    for user, (actor, payload) in _plans(ruleset, state, RecordingRng(2, record=False)).items():
        await orders.submit_orders(db, game_id, user, payload, NOW, actor=actor)


async def run_bench(
    postgres_admin_url: str | None = None, ruleset: str = registry.DEFAULT, size: Sizes = Sizes()
) -> dict:
    """Every figure of `brbot bench`: those of one game, at the players it seats (`bot.bench.game.sizes`), and
    those that are the same whatever `--ruleset` says; on PostgreSQL when reachable, one migration for the
    submissions' and the community's scratch databases."""
    admin = postgres_admin_url or DEFAULT_ADMIN_URL
    async with AsyncExitStack() as scratch:
        pg_urls: list[str | None] = [None, None]
        if await postgres_reachable(admin) is None:
            pg_urls = list(await scratch.enter_async_context(migrated_scratch_databases(admin, 2)))
        return await game_figures(pg_urls[0], ruleset, size) | await shared_figures(
            postgres_admin_url, size, pg_urls[1]
        )


async def game_figures(postgres_url: str | None, ruleset: str, size: Sizes) -> dict:
    """The figures of `ruleset`: the engine's nights, submissions (on SQLite, and on the migrated scratch
    PostgreSQL database `postgres_url` if any), menus, live games, a night's delivery, the web site."""
    engine_ms = {
        str(n): round(night_benchmark(n, size.nights, repeats=size.repeats, ruleset=ruleset), 3)
        for n in sizes(ruleset, size.engine)
    }
    with tempfile.TemporaryDirectory(prefix="brbot-bench-") as workdir:
        sqlite = await submit_latency(f"sqlite+aiosqlite:///{Path(workdir) / 'bench.sqlite3'}", ruleset, size)
        choices = await choice_latency(f"sqlite+aiosqlite:///{Path(workdir) / 'menus.sqlite3'}", ruleset, size)
    postgres = await submit_latency(postgres_url, ruleset, size) if postgres_url is not None else None
    live = await live_bench(size.live_games, sizes(ruleset, (size.live_players,))[-1], ruleset)
    night_players = sizes(ruleset, (size.night_players,))[-1]
    night = await delivery_bench(night_players, ruleset, size.delivery_runs, size.delivery_rtt)
    web_players = sizes(ruleset, (size.web_players,))[-1]
    web = await web_bench(
        ruleset, web_players, size.web_followers, size.web_games, size.web_requests, size.web_poll_seconds
    )
    return {
        "engine_ms": engine_ms,
        "submit_ms": {"sqlite": sqlite, "postgres": postgres},
        "menus_ms": choices,  # autocomplete and order menus, every awaited player at once, SQLite (issue 33)
        **live,
        "live_games": size.live_games,
        "delivery_vs_floor": night["vs_floor"],
        "delivery": night | {"players": night_players, "rtt_ms": round(size.delivery_rtt * 1000)},
        **web,
        "web_players": web_players,  # the sizes the web figures were measured at (`--quick`: small ones)
        "web_followers": size.web_followers,
        "web_games": size.web_games,
    }


async def shared_figures(postgres_admin_url: str | None, size: Sizes, postgres_url: str | None = None) -> dict:
    """The figures that are the same whatever `--ruleset` says: /profile and /leaderboard, whole simulated games
    of four games, /setup list and a 12-player StarCraft Mafia setup's prediction, what readers' languages cost."""
    community = await community_bench(
        postgres_admin_url, size.community_games, size.community_players, size.community_calls, postgres_url
    )
    return {
        "community_ms": community,  # /profile and /leaderboard (issue 24)
        "simulate_ms": await simulate_bench(size.simulated),  # whole simulated games, CPU ms, engine's share (30)
        "setup_list_ms": await list_bench(size.setups, size.setup_calls),  # over 10,000 setups, p50, p99 (32)
        "setup_predict_s": await predict_bench(size.predict_seconds),  # 12-player StarCraft Mafia, wall s (32)
        # the same work with every reader in English and with readers in three languages, and their ratio (31)
        "languages_delivery_ms": await languages_delivery(size.languages_players, size.languages_runs),
        "languages_simulate_ms": await languages_simulate(size.languages_runs),
    }

"""`brbot bench`'s community figures (issue 24): `/profile` and `/leaderboard` on a database of 10,000 finished
games and 50,000 players, p50 and p99 in milliseconds, on SQLite and, when reachable, PostgreSQL.

The database is filled as finished games leave it: one game is played to its end by computer players through
the services (so its statistics and records are the real code's), then the rest are written in bulk, the
shape the end of a game writes (`profiles.game_over`): 10,000 game rows (over), each with `PER_GAME` seats of
players drawn from 50,000 users, over 5 servers and the installed games; each player's statistics per server
and game type, and their record. Then `CALLS` profiles of random players and `CALLS` leaderboards of random
servers and games are timed through the read services, as the cogs call them. docs/performance.md has the
figures; the target is a p99 under 100 ms.
"""

from __future__ import annotations

import random
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import insert

from bot.bench.game import migrated
from bot.db.models import Game, Player, PlayerRecord, PlayerStat
from bot.db.scratch import DEFAULT_ADMIN_URL, postgres_reachable, scratch_database
from bot.db.session import Database
from bot.services.people import profiles
from bot.services.steps import simulation
from engine import registry

GAMES = 10_000
PLAYERS = 50_000
PER_GAME = 10
GUILDS = 5
CALLS = 300
CHUNK = 5_000


def _percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


async def _fill(
    db: Database, rng: random.Random, games: int = GAMES, players: int = PLAYERS
) -> tuple[list[int], list[str]]:
    """The rows of `GAMES` finished games of `PLAYERS` players (one of them played through the services)."""
    rulesets = sorted(n for n in registry.names() if registry.get(n).play.has_computer_players)
    await simulation.simulate(db, 4, seed=1, ruleset=rulesets[0])
    guilds = [1000 + g for g in range(GUILDS)]
    now = datetime(2026, 1, 1, tzinfo=UTC)
    game_rows, seat_rows = [], []
    stats: dict[tuple[int, str, int], list[int]] = {}
    records: dict[int, list[list[int]]] = {}
    for number in range(games - 1):
        guild, ruleset = guilds[number % GUILDS], rulesets[number % len(rulesets)]
        game_rows.append(
            {
                "name": f"bench {number}",
                "guild_id": guild,
                "channel_id": 1 + number,
                "ruleset": ruleset,
                "ruleset_version": "1",
                "settings": {},
                "status": "over",
                "phase": "over",
                "created_at": now,
            }
        )
        for seat, user in enumerate(rng.sample(range(1, players + 1), PER_GAME), start=1):
            seat_rows.append((number, user, seat))
            row = stats.setdefault((guild, ruleset, user), [0, 0, 0, 0])
            won, survived, kills = seat == 1, seat <= 3, rng.randrange(3)
            row[0] += 1
            row[1] += won
            row[2] += survived
            row[3] += kills
            given = rng.randrange(8, 11)
            records.setdefault(user, []).append([given, 10])
    async with db.transaction() as session:
        ids = []
        for start in range(0, len(game_rows), CHUNK):
            result = await session.execute(insert(Game).returning(Game.id), game_rows[start : start + CHUNK])
            ids += list(result.scalars())
        player_rows = [
            {
                "game_id": ids[number],
                "user_id": user,
                "name": f"Player {user}",
                "status": "joined",
                "requests": {},
                "salt": "0" * 32,
                "position": seat,
                "joined_at": now,
            }
            for number, user, seat in seat_rows
        ]
        for start in range(0, len(player_rows), CHUNK):
            await session.execute(insert(Player), player_rows[start : start + CHUNK])
        stat_rows = [
            {
                "guild_id": g,
                "ruleset": r,
                "user_id": u,
                "name": f"Player {u}",
                "games": v[0],
                "wins": v[1],
                "survivals": v[2],
                "figures": {"Kills": v[3]},
            }
            for (g, r, u), v in stats.items()
        ]
        for start in range(0, len(stat_rows), CHUNK):
            await session.execute(insert(PlayerStat), stat_rows[start : start + CHUNK])
        record_rows = [
            {
                "user_id": u,
                "games_played": len(r),
                "games_finished": len(r),
                "games_abandoned": 0,
                "steps_given": sum(g[0] for g in r),
                "steps_missed": sum(10 - g[0] for g in r),
                "recent": r[-10:],
            }
            for u, r in records.items()
            if u < simulation.USER_BASE
        ]
        for start in range(0, len(record_rows), CHUNK):
            await session.execute(insert(PlayerRecord), record_rows[start : start + CHUNK])
    return guilds, rulesets


async def read_latency(
    url: str, games: int = GAMES, players: int = PLAYERS, calls: int = CALLS
) -> dict[str, dict[str, float]]:
    """p50 and p99 (ms) of `profiles.profile` and `profiles.leaderboard` on the filled database at `url`."""
    await migrated(url)
    db = Database(url)
    try:
        rng = random.Random(24)
        guilds, rulesets = await _fill(db, rng, games, players)
        for user in range(1, 20):  # connections open, statements compiled, as in a running bot
            await profiles.profile(db, user)
            await profiles.leaderboard(db, guilds[0], rulesets[0])
        timed: dict[str, list[float]] = {"profile": [], "leaderboard": []}
        for _ in range(calls):
            start = time.perf_counter()
            await profiles.profile(db, rng.randrange(1, players + 1))
            timed["profile"].append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            await profiles.leaderboard(db, rng.choice(guilds), rng.choice(rulesets))
            timed["leaderboard"].append((time.perf_counter() - start) * 1000)
        return {
            name: {"p50": round(_percentile(s, 50), 2), "p99": round(_percentile(s, 99), 2)}
            for name, s in timed.items()
        }
    finally:
        await db.dispose()


async def community_bench(
    postgres_admin_url: str | None = None,
    games: int = GAMES,
    players: int = PLAYERS,
    calls: int = CALLS,
    postgres_url: str | None = None,
) -> dict[str, dict | None]:
    """The figures on a fresh SQLite file and, when reachable, a scratch PostgreSQL database (`postgres_url`: an
    empty one the caller made; the sizes smaller for `brbot bench --quick`)."""
    with tempfile.TemporaryDirectory(prefix="brbot-bench-community-") as workdir:
        sqlite = await read_latency(f"sqlite+aiosqlite:///{Path(workdir) / 'community.sqlite3'}", games, players, calls)
    if postgres_url is not None:
        return {"sqlite": sqlite, "postgres": await read_latency(postgres_url, games, players, calls)}
    admin = postgres_admin_url or DEFAULT_ADMIN_URL
    postgres = None
    if await postgres_reachable(admin) is None:
        async with scratch_database(admin) as url:
            postgres = await read_latency(url, games, players, calls)
    return {"sqlite": sqlite, "postgres": postgres}


if __name__ == "__main__":  # python -m bot.bench.community: this figure alone
    import asyncio
    import json

    print(json.dumps(asyncio.run(community_bench()), indent=2))

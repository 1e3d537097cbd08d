"""`brbot bench`'s setup figures (issue 32): `setup_list_ms`, `/setup list` (`setups.listed`, as the cog and the
autocomplete call it) on a database of 10,000 setups, p50 and p99 in milliseconds over random callers, servers,
scopes and typed names; and `setup_predict_s`, the wall-clock seconds one 12-player StarCraft Mafia setup's
balance prediction takes in its worker process, from the save to the stored result (the target: 2 minutes on a
2-core machine).

The setups are written in bulk, the shape `setups.save` writes: 10,000 setups of the installed games by 2,000
authors over 5 servers, a third each private, server and public, each with one or two versions, and a game
played with one in ten of them (so "the most played" has counts to order by).
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from bot.bench.game import migrated
from bot.db.models import Game, Setup, SetupVersion
from bot.db.session import Database
from bot.services.setups import predict, setups
from engine import registry

SETUPS = 10_000
AUTHORS = 2_000
GUILDS = 5
CALLS = 300
PREDICTED = ("starcraft_mafia", {"day_vote": True})  # the predicted setup: 12 players (`predict.PLAYERS`)


def _percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


async def _fill(db: Database, rng: random.Random, count: int) -> None:
    rulesets = sorted(registry.names())
    guilds = [1000 + g for g in range(GUILDS)]
    setup_rows, version_rows, game_rows = [], [], []
    for number in range(1, count + 1):
        ruleset = rulesets[number % len(rulesets)]
        setup_rows.append(
            {
                "id": number,
                "ruleset": ruleset,
                "name": f"{rng.choice(('Small', 'Big', 'Old', 'New', 'Dark'))} town {number}",
                "author_id": 10_000 + rng.randrange(AUTHORS),
                "guild_id": rng.choice(guilds),
                "visibility": ("private", "server", "public")[number % 3],
                "deleted": False,
            }
        )
        for version in range(1, 1 + (number % 2) + 1):
            version_rows.append(
                {
                    "id": 2 * number + version - 1,
                    "setup_id": number,
                    "number": version,
                    "parent_id": None,
                    "changelog": "First version." if version == 1 else "Tuned.",
                    "settings": {},
                    "author_id": setup_rows[-1]["author_id"],
                }
            )
        if number % 10 == 0:
            game_rows.append(
                {
                    "name": f"bench {number}",
                    "ruleset": ruleset,
                    "ruleset_version": "bench",
                    "settings": {},
                    "status": "over",
                    "setup_version_id": 2 * number,
                }
            )
    async with db.transaction() as session:
        for table, rows in ((Setup, setup_rows), (SetupVersion, version_rows), (Game, game_rows)):
            for start in range(0, len(rows), 2_000):
                await session.execute(insert(table), rows[start : start + 2_000])


async def list_bench(count: int = SETUPS, calls: int = CALLS) -> dict[str, Any]:
    """`setups.listed` over `count` setups: p50 and p99 milliseconds of `calls` calls."""
    rng = random.Random(32)
    with tempfile.TemporaryDirectory(prefix="brbot-bench-setups-") as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'setups.sqlite3'}"
        await migrated(url)
        db = Database(url)
        try:
            await _fill(db, rng, count)
            samples = []
            for _ in range(calls):
                user, guild = 10_000 + rng.randrange(AUTHORS), 1000 + rng.randrange(GUILDS)
                scope = rng.choice(("all", "mine", "server", "public", "played"))
                typed = rng.choice(("", "", "town", "small", "7"))
                start = time.perf_counter()
                await setups.listed(db, user_id=user, guild_id=guild, scope=scope, typed=typed)
                samples.append((time.perf_counter() - start) * 1000)
        finally:
            await db.dispose()
    return {"p50": round(_percentile(samples, 50), 2), "p99": round(_percentile(samples, 99), 2), "setups": count}


async def predict_bench(seconds: float | None = None) -> dict[str, Any]:
    """One 12-player StarCraft Mafia setup's prediction, from the save to its stored result, in its worker."""
    ruleset, settings = PREDICTED
    with tempfile.TemporaryDirectory(prefix="brbot-bench-predict-") as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'predict.sqlite3'}"
        await migrated(url)
        db = Database(url)
        try:
            saved = await setups.save(db, ruleset=ruleset, name="Bench town", settings=settings, author_id=0)
            start = time.perf_counter()
            task = await predict.start(db, saved.latest.id, seconds=seconds)
            done = await task
            spent = time.perf_counter() - start
        finally:
            predict.shutdown()
            await db.dispose()
    return {
        "game": ruleset,
        "seconds": round(spent, 1),
        "games": done.games,
        "players": done.players,
        "status": done.status,
        "widest": max((half for _, half in done.sides.values()), default=None),
    }

"""`brbot bench`'s live-games figures: the peak memory of one process holding 500 live games, and the time of
an idle deadline-loop pass over them.

One game of `PLAYERS` players is created, started and opened through the real services in a fresh SQLite
file, then copied (its game row, seats and day seed) into `GAMES` games, each with its deadline hours away:
nothing is due. A fresh process (`python -m bot.bench.live DB`, so the figure is that process's own peak
resident memory) then loads every game's snapshot, as the first order of each game does, runs one deadline
pass, and times `TICKS` more passes (the idle ones; the median is reported). `python -m bot.bench.live`
runs the whole of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from engine import registry

GAMES = 500
PLAYERS = 20
TICKS = 5
NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


async def seed_games(url: str, games: int = GAMES, players: int = PLAYERS, ruleset: str = registry.DEFAULT) -> None:
    """`games` running games of `players` players each (as many as the game seats: `bot.bench.game`), copies of
    one started through the services."""
    from sqlalchemy import insert, select, update

    from bot.bench.game import migrated, started
    from bot.db.models import DaySeed, Game, Player
    from bot.db.session import Database
    from bot.services.steps import resolution

    await migrated(url)
    db = Database(url)
    try:
        first_id = await started(db, ruleset, players, "live 1", NOW)
        await resolution.resolve_day(db, first_id, NOW, trigger="bench")
        deadline = NOW + timedelta(hours=10)
        async with db.transaction() as session:
            await session.execute(update(Game).where(Game.id == first_id).values(deadline=deadline))
            game = dict((await session.execute(select(Game.__table__).where(Game.id == first_id))).mappings().one())
            seats = [
                dict(r)
                for r in (await session.execute(select(Player.__table__).where(Player.game_id == first_id))).mappings()
            ]
            seed = dict(
                (
                    await session.execute(
                        select(DaySeed.__table__).where(DaySeed.game_id == first_id, DaySeed.day == game["day"])
                    )
                )
                .mappings()
                .one()
            )
            for copy in range(2, games + 1):
                row = {k: v for k, v in game.items() if k != "id"} | {"name": f"live {copy}"}
                game_id = (await session.execute(insert(Game).values(row).returning(Game.id))).scalar_one()
                await session.execute(
                    insert(Player),
                    [
                        {k: v for k, v in s.items() if k != "id"}
                        | {"game_id": game_id, "user_id": s["user_id"] + copy * 1000}
                        for s in seats
                    ],
                )
                await session.execute(insert(DaySeed).values(seed | {"game_id": game_id}))
    finally:
        await db.dispose()


def peak_kb() -> int:
    """This process's peak resident memory in KB: Linux's VmHWM, which starts afresh at exec (getrusage's
    ru_maxrss would keep the peak of the parent this process was forked from: `brbot bench`'s own)."""
    with contextlib.suppress(OSError), open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux, bytes on macOS


async def live_process(url: str) -> dict:
    """In this process: every game's snapshot, one deadline pass, then the idle passes timed."""
    from sqlalchemy import select

    from bot.db.models import Game
    from bot.db.session import Database
    from bot.services.base.snapshots import snapshot
    from bot.services.steps import scheduler

    db = Database(url)
    try:
        async with db.read() as session:
            ids = list((await session.execute(select(Game.id).where(Game.status == "running"))).scalars())
        for game_id in ids:
            await snapshot(db, game_id)
        await scheduler.tick(db, NOW)
        samples = []
        for _ in range(TICKS):
            start = time.perf_counter()
            report = await scheduler.tick(db, NOW)
            samples.append((time.perf_counter() - start) * 1000)
            assert not report.resolved and not report.failed, "an idle pass resolved a game"
    finally:
        await db.dispose()
    return {
        "games": len(ids),
        "peak_mb": round(peak_kb() / 1024, 1),
        "idle_tick_ms": round(statistics.median(samples), 2),
    }


async def live_bench(games: int = GAMES, players: int = PLAYERS, ruleset: str = registry.DEFAULT) -> dict:
    """{"games_500_peak_mb", "idle_tick_500_ms"} (the keys keep 500 whatever `games` is, for `bench --json`)."""
    with tempfile.TemporaryDirectory(prefix="brbot-live-") as workdir:
        url = f"sqlite+aiosqlite:///{Path(workdir) / 'live.sqlite3'}"
        await seed_games(url, games, players, ruleset)
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.bench.live", url, stdout=subprocess.PIPE
        )
        out, _ = await child.communicate()
        if child.returncode != 0:
            raise RuntimeError(f"the live-games bench process failed ({child.returncode})")
    figures = json.loads(out.decode().strip().splitlines()[-1])
    return {"games_500_peak_mb": figures["peak_mb"], "idle_tick_500_ms": figures["idle_tick_ms"]}


if __name__ == "__main__":  # with a database URL: the measuring process; without: the whole bench
    print(json.dumps(asyncio.run(live_process(sys.argv[1]) if len(sys.argv) > 1 else live_bench())))

"""What one bot process holds, measured: N real `brbot run` processes (1 and 3 by default) against one
PostgreSQL and the fake Discord, with many games due at once (docs/scaling.md reports the figures).

    python -m tests.e2e.scale_bench [--games 200] [--players 2] [--processes 1 3] [--json]

For each number of processes: the games are started (opening messages marked sent), the processes connect
(`BRBOT_SHARD_IDS=auto`), then every deadline passes at once; it prints how long until every game was
resolved and every message delivered, each process's peak memory and CPU time. The fake Discord answers at
once (no network round trip, no rate limits), so the delivery figure is the bot's own cost: on Discord the
global limit of 50 requests a second per bot, shared by all its processes, comes first. Needs PostgreSQL
(`BRBOT_TEST_POSTGRES_URL`, default postgresql://postgres@127.0.0.1:5432/test).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlalchemy import func, select, update

from bot.db.models import Game
from bot.db.scratch import scratch_database
from bot.db.session import Database
from bot.migrate import upgrade_async
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.multiprocess import BotProcess, count, nothing_waiting, set_up_games, wait_for


async def measure(processes: int, how_many: int, players: int, log_dir: Path) -> dict:
    fake = FakeDiscord()
    await fake.start()
    async with scratch_database() as url:
        await upgrade_async(url)
        db = Database(url)
        bots = [BotProcess(f"bot{n}", fake, url, log_dir, shards=processes, poll_seconds=1)
                for n in range(processes)]
        try:
            for bot in bots:
                await bot.start()
            now = datetime.now(timezone.utc).replace(microsecond=0)
            made = await set_up_games(db, fake, now, how_many, players)
            ids = [game_id for game_id, _, _ in made]

            async def ready() -> bool:
                return len(fake.gateway.shards) == processes and await nothing_waiting(db)

            await wait_for(ready, timeout=120, what="the processes", processes=bots)
            idle_mb = [bot.peak_rss_mb() for bot in bots]
            cpu_before = [bot.cpu_seconds() for bot in bots]
            requests_before = len(fake.requests)
            async with db.transaction() as session:
                await session.execute(update(Game).where(Game.id.in_(ids)).values(  # due_at: when the loop looks
                    deadline=now - timedelta(minutes=1), due_at=now - timedelta(minutes=1)))
            start = time.perf_counter()

            async def resolved() -> bool:
                return not await count(db, select(func.count()).select_from(Game).where(Game.id.in_(ids), Game.day < 1))

            await wait_for(resolved, timeout=600, what="every game resolved", processes=bots)
            resolved_s = time.perf_counter() - start
            await wait_for(lambda: nothing_waiting(db), timeout=600, what="every message sent", processes=bots)
            delivered_s = time.perf_counter() - start
            messages = sum(1 for r in fake.requests[requests_before:]
                           if r["method"] == "POST" and r["path"].endswith("/messages"))
            return {"processes": processes, "games": how_many, "players_per_game": players,
                    "all_resolved_s": round(resolved_s, 2), "all_delivered_s": round(delivered_s, 2),
                    "messages": messages, "idle_peak_mb": [round(m or 0) for m in idle_mb],
                    "peak_mb": [round(bot.peak_rss_mb() or 0) for bot in bots],
                    "cpu_s_for_the_night": [round((bot.cpu_seconds() or 0) - (before or 0), 1)
                                            for bot, before in zip(bots, cpu_before)]}
        finally:
            for bot in bots:
                await bot.stop()
            await db.dispose()
            await fake.stop()


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as log_dir:
        for processes in args.processes:
            result = await measure(processes, args.games, args.players, Path(log_dir))
            print(json.dumps(result) if args.json else
                  f"{processes} process(es), {args.games} games of {args.players}: all resolved in "
                  f"{result['all_resolved_s']} s, all {result['messages']} messages delivered in "
                  f"{result['all_delivered_s']} s; peak memory {result['peak_mb']} MB (idle {result['idle_peak_mb']}); "
                  f"CPU for the night {result['cpu_s_for_the_night']} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 3])
    parser.add_argument("--json", action="store_true")
    asyncio.run(main(parser.parse_args()))

"""`brbot bench`'s delivery figure: how long a night's messages take to reach Discord, over the floor that
Discord's rate limits set for those same requests (`delivery_vs_floor`; 1.0 would be perfect).

A game of `PLAYERS` players is started and resolved through the real services in a fresh SQLite file (Day 0,
whose messages count as delivered, then a night); the outbox worker then delivers that night, through
discord.py's HTTP client and the real courier, to the bench's fake Discord (`bot.bench.fake_discord`: a 150 ms
round trip, 50 requests a second in all, 5 messages per channel in 5 seconds), pass after pass until the
outbox is empty; three times, from copies of the same database, and the median run is reported.

`requests_by_target` counts the requests Discord took, by where they went: the game's channel (the step's
post: one Components V2 message a step, its picture inside, where a post with a picture took two requests
before), DMs (opening the DM channel and the message), threads and the moderators' channel.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

from engine import registry

PLAYERS = 100
RUNS = 3
RTT = 0.150  # the fake Discord's round trip, in seconds (`brbot bench --quick` takes a shorter one)
NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
GAME_CHANNEL = 555
MODERATOR_CHANNEL = 556


async def seed_night(url: str, players: int = PLAYERS, ruleset: str = registry.DEFAULT) -> None:
    """A game (of as many of `players` as it seats: `bot.bench.game`) whose opening step's messages are delivered
    and whose next step's are waiting in the outbox."""
    from sqlalchemy import update

    from bot.bench.game import migrated, started
    from bot.db.models import Game, Outbox
    from bot.db.session import Database
    from bot.services.steps import resolution

    await migrated(url)
    db = Database(url)
    try:
        game_id = await started(db, ruleset, players, "night", NOW, channel_id=GAME_CHANNEL)
        await resolution.resolve_day(db, game_id, NOW, trigger="bench")
        async with db.transaction() as session:
            await session.execute(update(Outbox).values(status="sent", sent_at=NOW))
            await session.execute(update(Game).values(moderator_channel_id=MODERATOR_CHANNEL))
        await resolution.resolve_day(db, game_id, NOW + timedelta(hours=1), trigger="bench")
    finally:
        await db.dispose()


async def deliver_night(url: str, rtt: float = RTT) -> dict:
    """Deliver the waiting night to a fake Discord; the time it took, the floor and their ratio."""
    from bot.bench.fake_discord import elsewhere

    async with elsewhere(rtt) as fake:
        figures = await _deliver(fake, url)
    floor = fake.floor()
    return figures | {
        "requests": len(fake.seen),
        "requests_by_target": requests_by_target(fake.seen),
        "rate_limited": fake.rejected,
        "rate_limited_global": fake.rejected_global,
        "floor_seconds": round(floor, 2),
        "vs_floor": round(figures["seconds"] / floor, 2),
    }


def requests_by_target(seen: list) -> dict[str, int]:
    """The requests the fake took (`fake_discord.Seen`), by where they went."""
    names = {f"channel {GAME_CHANNEL}": "channel", f"channel {MODERATOR_CHANNEL}": "moderators"}
    counts: dict[str, int] = {}
    for request in seen:
        kind = names.get(request.chain) or {"user": "dm", "thread": "threads"}.get(request.chain.split()[0], "threads")
        counts[kind] = counts.get(kind, 0) + 1
    return dict(sorted(counts.items()))


async def _deliver(fake, url: str) -> dict:
    """Deliver, pass after pass until the outbox is empty; the rows, messages and seconds it took."""
    from discord.http import HTTPClient, Route

    from bot.db.session import Database
    from bot.delivery.courier import DiscordCourier
    from bot.delivery.worker import OutboxWorker

    saved, Route.BASE = Route.BASE, fake.api_base
    http = HTTPClient(asyncio.get_running_loop())
    db = Database(url)
    try:
        await http.static_login("bench")
        worker = OutboxWorker(db, DiscordCourier(SimpleNamespace(http=http)))  # type: ignore[arg-type]
        start = time.perf_counter()
        sent = messages = failed = 0
        while True:
            report = await worker.run_once()
            sent, messages, failed = sent + report.sent, messages + report.messages, failed + report.failed
            if report.claimed == 0:
                break
        elapsed = time.perf_counter() - start
    finally:
        Route.BASE = saved
        await http.close()
        await db.dispose()
    if failed:
        raise RuntimeError(f"{failed} outbox rows failed in the delivery bench")
    return {"rows": sent, "messages": messages, "seconds": round(elapsed, 2)}


async def delivery_bench(
    players: int = PLAYERS, ruleset: str = registry.DEFAULT, runs: int = RUNS, rtt: float = RTT
) -> dict:
    """The same night delivered `runs` times (each from a copy of the seeded database) to a fake Discord `rtt`
    seconds away; the median run, with every run's ratio beside it (the figure moves with the machine's load)."""
    with tempfile.TemporaryDirectory(prefix="brbot-delivery-") as workdir:
        seeded = Path(workdir) / "night.sqlite3"
        await seed_night(f"sqlite+aiosqlite:///{seeded}", players, ruleset)
        results = []
        for run in range(runs):
            copy = Path(workdir) / f"run{run}.sqlite3"
            shutil.copyfile(seeded, copy)
            results.append(await deliver_night(f"sqlite+aiosqlite:///{copy}", rtt))
    results.sort(key=lambda r: r["vs_floor"])
    return results[len(results) // 2] | {"runs": [r["vs_floor"] for r in results]}


if __name__ == "__main__":
    import json
    import sys

    from bot.bench.game import sizes

    # `python -m bot.bench.delivery [ruleset ...]`: each game's step at the most players it seats up to 100
    for name in sys.argv[1:] or [registry.DEFAULT]:
        print(json.dumps({"ruleset": name} | asyncio.run(delivery_bench(sizes(name, (PLAYERS,))[-1], name))))

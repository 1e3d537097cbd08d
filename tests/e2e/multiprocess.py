"""Real `brbot run` processes against the fake Discord, for the scale-out test and `scale_bench`.

`BotProcess` starts `tests/e2e/bot_process.py` as a subprocess (its output in a log file), knows the shard it
took (`auto`) and which REST requests it sent (each process names itself in its User-Agent), and can be
killed. Its REST requests go to the fake, or to a proxy in front of it (`api_base`, with `pacing`).
`set_up_games` starts many games at once through the services.
"""
from __future__ import annotations

import asyncio
import os
import re
import sys
from datetime import datetime
from pathlib import Path

from sqlalchemy import func, select, update

from bot.db.models import Outbox
from bot.db.session import Database
from bot.services.signup import games
from tests.e2e.fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One `brbot run` subprocess (`tests/e2e/bot_process.py`), its output in a log file."""

    def __init__(self, name: str, fake: FakeDiscord, url: str, log_dir: Path, *, shards: int,
                 lease_seconds: float = 4, poll_seconds: float = 1.5, claim_limit: int | None = None,
                 api_base: str = "", pacing: str = "shares") -> None:
        self.name = name
        self.log_path = log_dir / f"{name}.log"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("BRBOT_")} | {
            "BRBOT_DATABASE_URL": url, "BRBOT_DISCORD_TOKEN": FakeDiscord.token,
            "BRBOT_SHARD_COUNT": str(shards), "BRBOT_SHARD_IDS": "auto",
            "BRBOT_POLL_SECONDS": str(poll_seconds), "BRBOT_DELIVERY_SECONDS": "0.3",
            "BRBOT_DELIVERY_LEASE_SECONDS": str(lease_seconds), "BRBOT_LOG_LEVEL": "INFO",
            "BRBOT_TEST_FAKE_PORT": str(fake.port), "BRBOT_TEST_PROCESS": name,
            "BRBOT_DISCORD_API_BASE": api_base or fake.api_base, "BRBOT_DISCORD_PACING": pacing}
        if claim_limit is not None:  # rows a delivery pass takes (`bot_process.py`)
            self.env["BRBOT_TEST_CLAIM_LIMIT"] = str(claim_limit)
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        with self.log_path.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.e2e.bot_process", cwd=ROOT, env=self.env, stdout=log,
                stderr=asyncio.subprocess.STDOUT)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    @property
    def shard(self) -> int | None:
        found = re.search(r"this process connects shard (\d+) of", self.log())
        return int(found.group(1)) if found else None

    @property
    def agent(self) -> str:
        """How the process's REST requests end their User-Agent."""
        return f"brbot-process/{self.name}"

    def sent_this(self, request: dict) -> bool:
        return request.get("agent", "").endswith(self.agent)

    async def kill(self) -> None:
        """SIGKILL: no cleanup of any kind, as when the machine or the container is killed."""
        self.process.kill()
        await self.process.wait()

    async def stop(self) -> int | None:
        """SIGTERM, as `docker compose stop` sends (SIGKILL after 10 s); the exit status."""
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except asyncio.TimeoutError:
                self.process.kill()
                await self.process.wait()
        return self.process.returncode if self.process is not None else None


    def peak_rss_mb(self) -> float | None:
        """The process's peak resident memory so far (Linux), in MB."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return None
        found = re.search(r"VmHWM:\s+(\d+) kB", status)
        return int(found.group(1)) / 1024 if found else None

    def cpu_seconds(self) -> float | None:
        """CPU time the process has used so far (Linux: user + system)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def set_up_games(db: Database, fake: FakeDiscord, now: datetime, how_many: int,
                       players: int = 2) -> list[tuple[int, int, list[int]]]:
    """`how_many` started games, each in its own channel, with their deadlines hours ahead and their opening
    messages marked as sent: (game id, channel id, user ids)."""
    gate = asyncio.Semaphore(8)

    async def one(index: int) -> tuple[int, int, list[int]]:
        channel = fake.add_channel(f"island-{index}")
        users = [fake.add_user(f"P{index}-{n}") for n in range(players)]
        async with gate:
            game = await games.create_game(db, name=f"Island {index}", guild_id=fake.world.guild_id,
                                           channel_id=channel.id, deadline_time=f"{(now.hour + 12) % 24:02}:00")
            for user in users:
                await games.join_game(db, game.id, user.id, user.name)
            await games.start_game(db, game.id, now)
            async with db.transaction() as session:  # not sent: what matters is the night
                await session.execute(update(Outbox).where(Outbox.game_id == game.id, Outbox.status == "pending")
                                      .values(status="sent", sent_at=now))
        return game.id, channel.id, [u.id for u in users]

    return await asyncio.gather(*(one(i) for i in range(how_many)))


async def count(db: Database, query) -> int:
    async with db.read() as session:
        return (await session.execute(query)).scalar_one()


async def nothing_waiting(db: Database) -> bool:
    waiting = select(func.count()).select_from(Outbox).where(Outbox.status.in_(("pending", "sending")))
    return not await count(db, waiting)


async def wait_for(predicate, *, timeout: float, what: str, processes: list[BotProcess]) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await predicate():
        if loop.time() > end:
            logs = "\n".join(f"--- {p.name} (exit {p.process.returncode}):\n{p.log()[-3000:]}" for p in processes)
            raise AssertionError(f"timed out after {timeout}s waiting for {what}\n{logs}")
        await asyncio.sleep(0.2)

"""Several bot processes against one PostgreSQL: which Discord shards this process connects.

Discord splits a bot's guilds between shards (a guild's shard is `(guild_id >> 22) % shard_count`); each
shard is one gateway connection and receives the slash commands of its guilds. `BRBOT_SHARD_COUNT` is the
total number of shards across all processes and `BRBOT_SHARD_IDS` the ones this process connects: a list
(`0,1`), ranges (`0-3,8`), or `auto`. Unset, the process connects every shard Discord recommends.

With `auto` (for `docker compose up --scale bot=N` with `BRBOT_SHARD_COUNT=N`, where every replica has the
same environment), each process takes the lowest shard no other process holds: a PostgreSQL session-level
advisory lock per shard, held on a connection of its own for as long as the process lives. A process that
dies loses its connection and with it the lock, and a standby (a replica started beyond the shard count,
waiting here) takes the shard over. The connection asks the server for TCP keepalives, so even a host that
vanishes without closing its sockets frees its shard within about half a minute. Deadlines and deliveries
are not tied to shards: every process resolves due games and sends the outbox (docs/scaling.md), each within
its share of Discord's global rate limit (`ShardPlan.share`), which all processes of one bot share.

Unless a shared REST proxy in front of Discord keeps that limit for all of them (`BRBOT_DISCORD_PACING=proxy`
with `BRBOT_DISCORD_API_BASE` the proxy's address, as nirn-proxy does): then no process holds a share, each
sends as fast as the proxy answers, and the proxy holds back what would pass Discord's global and per-route
limits (its 429s are still honoured). A dead process's share is then never lost: the limit is the proxy's.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

SHARD_LOCK_SPACE = 0x62727368  # first key of pg_try_advisory_lock(space, shard) ("brsh")
KEEPALIVES = {"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"}
AUTO = "auto"
SHARES, PROXY = "shares", "proxy"  # BRBOT_DISCORD_PACING: who keeps Discord's global rate limit
PACINGS = (SHARES, PROXY)


def parse_shard_ids(text: str) -> str:
    """The canonical form of BRBOT_SHARD_IDS: "" (unset), "auto", or sorted numbers joined by commas;
    raises ValueError with what is wrong."""
    text = text.strip().lower()
    if text in ("", AUTO):
        return text
    ids: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        first, dash, last = part.partition("-")
        try:
            numbers = range(int(first), int(last) + 1) if dash else [int(part)]
        except ValueError:
            raise ValueError(
                f"{part!r} is not a shard number: give numbers or ranges separated by commas (like 0,1 or 0-3), or auto"
            ) from None
        if dash and not numbers:
            raise ValueError(f"the range {part!r} is empty: write the lower shard first")
        for number in numbers:
            if number in ids:
                raise ValueError(f"shard {number} is listed twice")
            ids.append(number)
    return ",".join(str(n) for n in sorted(ids))


def check_shards(count: int | None, ids: str) -> None:
    """BRBOT_SHARD_COUNT and BRBOT_SHARD_IDS together: ids need a count, and every id is below it."""
    if not ids:
        return
    if count is None:
        raise ValueError("BRBOT_SHARD_IDS needs BRBOT_SHARD_COUNT, the number of shards across all processes")
    if ids == AUTO:
        return
    for number in (int(n) for n in ids.split(",")):
        if number >= count:
            raise ValueError(
                f"shard {number} does not exist: with BRBOT_SHARD_COUNT={count} the shards are 0 to {count - 1}"
            )


def check_pacing(pacing: str, api_base: str | None) -> str:
    """BRBOT_DISCORD_PACING in its canonical form; `proxy` needs the proxy's address (`api_base`; None: not
    known, its own error is the one to report). Raises ValueError with what is wrong."""
    pacing = pacing.strip().lower()
    if pacing not in PACINGS:
        raise ValueError(f"must be {SHARES} (each process paces at its shards' share) or {PROXY} (a proxy does)")
    if pacing == PROXY and api_base == "":
        raise ValueError(
            "BRBOT_DISCORD_PACING=proxy needs BRBOT_DISCORD_API_BASE, the address of the proxy that keeps Discord's "
            "rate limits (else every process would send to Discord unpaced)"
        )
    return pacing


@dataclass
class ShardPlan:
    """What this process connects: `count` None lets Discord recommend (all shards here); `ids` None means
    every shard of `count`."""

    count: int | None
    ids: list[int] | None

    @property
    def share(self) -> float:
        """This process's share of the bot's work with Discord, in proportion to its shards: the part of
        Discord's global rate limit (one for the whole bot token, across all its processes) that it may use."""
        return len(self.ids) / self.count if self.ids is not None and self.count else 1.0

    def delivery_share(self, pacing: str) -> float:
        """The part of Discord's global rate limit this process paces its deliveries at: its shards' share, or
        all of it when a proxy keeps the limit for every process (`PROXY`: the process does not pace)."""
        return self.share if pacing == SHARES else 1.0

    @property
    def syncs_commands(self) -> bool:
        """One process registers the slash commands: the one with shard 0 (or the only one)."""
        return self.ids is None or 0 in self.ids


class ShardClaim:
    """A shard taken with `auto`: the advisory lock and the connection that holds it."""

    def __init__(self, engine, connection, shard: int) -> None:
        self.engine = engine
        self.connection = connection
        self.shard = shard

    async def held(self) -> bool:
        """True while the lock's connection answers (a lost connection means the shard may be taken)."""
        try:
            await self.connection.exec_driver_sql("SELECT 1")
            await self.connection.commit()
            return True
        except Exception:
            log.exception("the connection that holds shard %s is lost", self.shard)
            return False

    async def release(self) -> None:
        try:
            await self.connection.close()
        except Exception:  # already lost: the server has freed the lock with it
            log.info("the connection of shard %s was already closed", self.shard)
        finally:
            await self.engine.dispose()


def require_postgres(database_url: str) -> None:
    """`auto` shares the shards out through PostgreSQL: refused, before anything else, on another database."""
    from bot.refusal import ServiceError
    from bot.text import say

    if not database_url.startswith("postgresql"):
        raise ServiceError(say("cli_auto_shards_need_postgres"))


async def claim_shard(database_url: str, count: int, *, retry_seconds: float = 5.0) -> ShardClaim:
    """Take the lowest free shard of `count`, waiting as a standby while all are held."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    require_postgres(database_url)
    engine = create_async_engine(
        database_url,
        pool_size=1,
        max_overflow=0,
        connect_args={"server_settings": KEEPALIVES | {"application_name": "brbot shard claim"}},
    )
    waiting = False
    try:
        while True:
            connection = await engine.connect()
            for shard in range(count):
                taken = (
                    await connection.execute(
                        text("SELECT pg_try_advisory_lock(:space, :shard)"), {"space": SHARD_LOCK_SPACE, "shard": shard}
                    )
                ).scalar()
                await connection.commit()  # the lock is the session's; no transaction stays open
                if taken:
                    log.info("this process connects shard %s of %s", shard, count)
                    return ShardClaim(engine, connection, shard)
            await connection.close()
            if not waiting:
                log.info("all %s shards are held by other processes; standing by to take over one", count)
                waiting = True
            await asyncio.sleep(retry_seconds)
    except BaseException:
        await engine.dispose()
        raise


class _StandingBy:
    """What `bot.health.heartbeat` asks of a client, for a process waiting for a free shard: it is doing what
    it should (healthy for `brbot health`), though not connected to Discord yet."""

    def is_ready(self) -> bool:
        return True

    def is_closed(self) -> bool:
        return False

    async def wait_until_ready(self) -> None:
        return None


def standby_heartbeat(health_file: str) -> asyncio.Task | None:
    """While this process waits for a shard, the heartbeat `brbot health` checks (none without a health file):
    a standby is healthy, so `docker compose ps` does not call it otherwise. Cancel it once a shard is taken."""
    if not health_file:
        return None
    from bot.health import heartbeat

    return asyncio.create_task(heartbeat(_StandingBy(), Path(health_file)), name="standby-heartbeat")

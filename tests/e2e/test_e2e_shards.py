"""`brbot run` with `BRBOT_SHARD_IDS=auto` (bot.app.serve, as each replica of `docker compose up --scale` runs
it): the process takes a free shard, connects it, registers the commands when it is shard 0, and stops with
an error when it loses the database connection that holds its shard, since another process may take the
shard over (docs/scaling.md)."""
from __future__ import annotations

import asyncio

import asyncpg
from sqlalchemy.engine import make_url
import pytest

from bot import app
from bot.config import Settings
from bot.db.scratch import postgres_admin_url, postgres_reachable, scratch_database
from bot.migrate import upgrade_async
from bot.services.base.errors import ServiceError
from tests.e2e.fake_discord import FakeDiscord

pytestmark = pytest.mark.e2e


@pytest.fixture
async def postgres_url():
    if problem := await postgres_reachable():
        pytest.skip(f"shards are shared out through PostgreSQL: {problem}")
    async with scratch_database() as url:
        await upgrade_async(url)
        yield url


async def test_an_auto_shard_process_connects_its_shard_and_stops_when_it_loses_it(fake, postgres_url, monkeypatch):
    monkeypatch.setattr(app, "SHARD_CHECK_SECONDS", 0.1)
    settings = Settings(_env_file=None, database_url=postgres_url, discord_token=FakeDiscord.token, shard_count=2,
                        shard_ids="auto", poll_seconds=0.2, delivery_seconds=0.2)
    serving = asyncio.create_task(app.serve(settings))
    try:
        await fake.wait_until(lambda: 0 in fake.gateway.shards or serving.done(), timeout=15, what="shard 0")
        assert fake.gateway.shards[0].shard == (0, 2) and len(fake.command_syncs) == 1
        admin = await asyncpg.connect(postgres_admin_url())
        try:  # the server ends the connection that holds the shard's lock (a failover, a network cut)
            ended = await admin.fetchval(  # this test's database only: other runs may share the server
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE application_name = 'brbot shard claim' AND datname = $1", make_url(postgres_url).database)
        finally:
            await admin.close()
        assert ended == 1
        with pytest.raises(ServiceError, match="lost the database connection that holds shard 0"):
            await asyncio.wait_for(serving, 15)
    finally:
        serving.cancel()
        await asyncio.wait([serving])


async def test_a_standby_waiting_for_a_free_shard_is_healthy(postgres_url, tmp_path):
    """A replica beyond BRBOT_SHARD_COUNT waits for a shard; meanwhile `brbot health` (the compose health
    check) finds its heartbeat, so `docker compose ps` does not call a standby unhealthy."""
    from bot import health
    from bot.sharding import claim_shard

    beat = tmp_path / "heartbeat"
    held = await claim_shard(postgres_url, 1)  # another process holds the only shard
    settings = Settings(_env_file=None, database_url=postgres_url, discord_token=FakeDiscord.token, shard_count=1,
                        shard_ids="auto", health_file=str(beat))
    serving = asyncio.create_task(app.serve(settings))
    try:
        for _ in range(100):
            if beat.exists():
                break
            await asyncio.sleep(0.05)
        assert health.problem(beat) is None and not serving.done()
    finally:
        serving.cancel()
        await asyncio.wait([serving])
        await held.release()
    assert not beat.exists(), "a stopped standby leaves no heartbeat behind"

"""Shards across several bot processes (issue 16, scale-out; docs/scaling.md): the settings that say which
shards a process connects, refused with a clear reason when wrong, and `auto`, where each process takes a free
shard through PostgreSQL and a standby takes over the shard of a process that died."""
from __future__ import annotations

import asyncio

import pytest
from pydantic import ValidationError

from bot.config import Settings
from bot.db.scratch import postgres_admin_url, postgres_reachable, scratch_database
from bot.services.base.errors import ServiceError
from bot.sharding import claim_shard


def settings(**values) -> Settings:
    return Settings(_env_file=None, **values)


@pytest.mark.parametrize(("count", "ids", "plan"), [
    ("", "", (None, None)),  # unset: Discord's recommended count, all in this process
    ("4", "", (4, None)),  # all four shards in this process
    ("3", "2, 0", (3, [0, 2])),
    ("8", "0-2,6", (8, [0, 1, 2, 6])),
])
def test_the_shards_a_process_connects(count, ids, plan):
    shards = settings(shard_count=count, shard_ids=ids).shard_plan()
    assert (shards.count, shards.ids) == plan


def test_shards_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("BRBOT_SHARD_COUNT", "4")
    monkeypatch.setenv("BRBOT_SHARD_IDS", "1,3")
    assert Settings(_env_file=None).shard_plan().ids == [1, 3]


@pytest.mark.parametrize(("count", "ids", "reason"), [
    ("", "1", "BRBOT_SHARD_IDS needs BRBOT_SHARD_COUNT"),
    ("", "auto", "BRBOT_SHARD_IDS needs BRBOT_SHARD_COUNT"),
    ("2", "2", "shard 2 does not exist: with BRBOT_SHARD_COUNT=2 the shards are 0 to 1"),
    ("3", "one", "'one' is not a shard number"),
    ("3", "-1", "'-1' is not a shard number"),
    ("3", "1,1", "shard 1 is listed twice"),
    ("3", "0-1,1", "shard 1 is listed twice"),
    ("3", "2-1", "the range '2-1' is empty"),
    ("0", "", "greater than or equal to 1"),
    ("three", "", "valid integer"),
])
def test_bad_shard_settings_are_refused_with_the_reason(count, ids, reason):
    with pytest.raises(ValidationError, match=reason):
        settings(shard_count=count, shard_ids=ids)


def test_only_the_process_with_shard_0_registers_the_commands():
    assert settings().shard_plan().syncs_commands
    assert settings(shard_count="3", shard_ids="0").shard_plan().syncs_commands
    assert not settings(shard_count="3", shard_ids="1,2").shard_plan().syncs_commands
    auto = settings(shard_count="3", shard_ids="auto")
    assert [auto.shard_plan(claimed=n).syncs_commands for n in range(3)] == [True, False, False]


async def test_auto_shards_need_postgresql(tmp_path):
    with pytest.raises(ServiceError, match="BRBOT_SHARD_IDS=auto needs PostgreSQL"):
        await claim_shard(f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}", 3)


@pytest.fixture
async def postgres_url():
    if problem := await postgres_reachable():
        pytest.skip(problem)
    async with scratch_database() as url:
        yield url


async def test_each_process_takes_its_own_shard_and_a_standby_takes_over_a_dead_ones(postgres_url):
    import asyncpg

    claims = [await claim_shard(postgres_url, 3, retry_seconds=0.05) for _ in range(3)]
    standby = asyncio.create_task(claim_shard(postgres_url, 3, retry_seconds=0.05))
    try:
        assert sorted(c.shard for c in claims) == [0, 1, 2]
        await asyncio.sleep(0.3)
        assert not standby.done(), "all three shards are held: the fourth process waits"
        dead = claims.pop(1)  # its process dies: the server ends its session and the lock with it
        pid = (await dead.connection.exec_driver_sql("SELECT pg_backend_pid()")).scalar()
        admin = await asyncpg.connect(postgres_admin_url())
        try:
            await admin.execute("SELECT pg_terminate_backend($1)", pid)
        finally:
            await admin.close()
        assert not await dead.held(), "the process learns that its shard is no longer its own"
        await dead.engine.dispose()
        taken = await asyncio.wait_for(standby, 5)
        claims.append(taken)
        assert taken.shard == dead.shard and await taken.held()
    finally:
        standby.cancel()
        for claim in claims:
            await claim.release()


def test_compose_replicas_take_their_shards_themselves():
    """`docker compose up --scale bot=N` gives every replica the same environment: the compose file must let
    each take a free shard (auto) of a count the operator sets (BRBOT_SHARD_COUNT, 1 when unset)."""
    from pathlib import Path

    import yaml

    compose = yaml.safe_load((Path(__file__).resolve().parents[2] / "docker-compose.yml").read_text(encoding="utf-8"))
    environment = compose["services"]["bot"]["environment"]
    assert environment["BRBOT_SHARD_IDS"] == "auto"
    assert environment["BRBOT_SHARD_COUNT"] == "${BRBOT_SHARD_COUNT:-1}"
    assert "container_name" not in compose["services"]["bot"]  # a fixed name forbids --scale
    assert settings(shard_count="1", shard_ids="auto").shard_plan(claimed=0).ids == [0]


def test_a_delivery_lease_under_a_second_is_refused():
    """Under a second, a process's own renewals (every quarter of the lease) could not keep its messages."""
    assert settings(delivery_lease_seconds="40").delivery_lease_seconds == 40
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        settings(delivery_lease_seconds="0.5")


def test_the_default_settings_hand_a_dead_process_s_work_over_within_a_minute():
    """docs/scaling.md, "When a process dies": its messages come back when their lease runs out and go at the
    next delivery pass; a resolution its vanished host left open is ended by the server after the idle limit
    and done at the next deadline pass; a standby takes its shard at its next try."""
    from datetime import timedelta

    from bot.db.session import POSTGRES_SESSION
    from bot.loops import Loops

    defaults = settings()
    idle_limit = int(POSTGRES_SESSION["idle_in_transaction_session_timeout"]) / 1000
    assert defaults.delivery_lease_seconds + defaults.delivery_seconds < 60
    assert idle_limit + defaults.poll_seconds < 60

    class Host:
        db, settings, clock = None, defaults, staticmethod(lambda: None)

        def courier(self):
            return None

    assert Loops(Host()).worker.lease == timedelta(seconds=defaults.delivery_lease_seconds)


def test_brbot_run_names_the_bad_shard_setting_in_one_line(monkeypatch, capsys):
    from bot.cli import main

    monkeypatch.setenv("BRBOT_SHARD_COUNT", "2")
    monkeypatch.setenv("BRBOT_SHARD_IDS", "0,5")
    monkeypatch.chdir("/")  # no .env
    assert main(["run"]) == 2
    assert capsys.readouterr().err.strip() == (
        "brbot: BRBOT_SHARD_IDS='0,5' is not a valid setting (from the environment or .env): shard 5 does not "
        "exist: with BRBOT_SHARD_COUNT=2 the shards are 0 to 1")


def test_each_process_delivers_within_its_shards_share_of_discords_global_limit():
    """Discord's 50 requests a second are the bot token's, across all its processes: three processes of one
    shard each pace their deliveries at a third of the 45 a second one process uses, so together they stay
    within the limit (docs/scaling.md)."""
    from bot.app import GameMasterBot
    from bot.delivery.pace import RATE

    assert settings().shard_plan().share == 1.0
    assert settings(shard_count="4", shard_ids="0-3").shard_plan().share == 1.0
    assert settings(shard_count="4", shard_ids="2,3").shard_plan().share == 0.5
    auto = settings(shard_count="3", shard_ids="auto").shard_plan(claimed=1)
    bot = GameMasterBot(settings(), db=None, start_loops=False)
    assert bot.courier().pace.rate == int(RATE)
    bot.delivery_share = auto.share
    assert bot.courier().pace.rate == int(RATE / 3) == 15


def test_a_process_with_a_third_of_the_pace_takes_a_third_of_the_rows_a_pass():
    """Otherwise one process of three could claim 200 rows it sends at 15 a second while the others, done with
    theirs, wait: the night would take longer with three processes than with one."""
    from bot.delivery.worker import CLAIM_LIMIT
    from bot.loops import Loops

    class Host:
        db, settings, clock = None, settings(), staticmethod(lambda: None)
        delivery_share = 1.0

        def courier(self):
            return None

    assert Loops(Host()).worker.claim_limit == CLAIM_LIMIT
    Host.delivery_share = 1 / 3
    assert Loops(Host()).worker.claim_limit == round(CLAIM_LIMIT / 3)

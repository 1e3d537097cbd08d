"""Starting the bot as `brbot run` does: a token Discord refuses ends in one line, not a traceback; a bot that
connects logs one "ready" line naming its guilds and games."""
from __future__ import annotations

import asyncio
import logging

import pytest

from bot.cli import main
from tests.e2e.conftest import BotRunner

pytestmark = pytest.mark.e2e


async def test_a_token_discord_refuses_ends_brbot_run_with_one_clear_line(fake, database_url, monkeypatch, capsys):
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "not-a-token")
    fake.fail_next("GET", r"/users/@me", 401, {"message": "401: Unauthorized", "code": 0})
    assert await asyncio.to_thread(main, ["run", "--database", database_url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brbot: Discord refused the token in BRBOT_DISCORD_TOKEN") and "Reset Token" in err
    assert err.count("\n") == 1 and "Traceback" not in err


async def test_the_bot_logs_one_ready_line_with_its_guilds_and_games(fake, database_url, clock, caplog):
    mod = fake.add_user("Gamemaster", moderator=True)
    runner = BotRunner(fake, database_url, clock, start_loops=False)

    def ready() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == "bot.app" and r.getMessage().startswith("ready")]

    await runner.start()
    try:
        created = await fake.slash(mod, "game create", {"name": "Island"})
        assert "Island" in created.text
        with caplog.at_level(logging.INFO, logger="bot.app"):
            await runner.restart()
            await fake.wait_until(lambda: ready(), what="the ready line")
            await asyncio.sleep(0.2)  # a second line would come at once
    finally:
        await runner.stop()
    assert len(ready()) == 1, ready()
    line = ready()[0]
    assert "Battle Royale Club" in line and "1 guild(s)" in line and line.endswith("games: 1 setup")


async def test_brbot_health_is_healthy_while_the_bot_is_connected_and_not_once_it_stopped(
        fake, database_url, clock, tmp_path, monkeypatch, capsys):
    from bot import health

    monkeypatch.setattr(health, "HEARTBEAT_SECONDS", 0.05)
    path = tmp_path / "heartbeat"
    check = ["health", "--file", str(path)]
    assert main(check) == 1 and "not running: no heartbeat" in capsys.readouterr().err
    runner = BotRunner(fake, database_url, clock, start_loops=False, health_file=str(path))
    await runner.start()
    try:
        await fake.wait_until(path.exists, what="the first heartbeat")
        assert main(check) == 0 and capsys.readouterr().out == "healthy: connected to Discord\n"
    finally:
        await runner.stop()
    assert not path.exists()
    assert main(check) == 1 and "not running" in capsys.readouterr().err


def test_a_heartbeat_that_stopped_coming_is_unhealthy(tmp_path):
    from bot.health import STALE_AFTER_SECONDS, problem

    path = tmp_path / "heartbeat"
    path.write_text("1000.0\n")
    assert problem(path, now=1000.0 + STALE_AFTER_SECONDS - 1) is None
    assert problem(path, now=1000.0 + STALE_AFTER_SECONDS + 5).startswith("unhealthy: the last heartbeat was")
    path.write_text("garbage")
    assert problem(path).startswith("cannot read the heartbeat")


def test_brbot_health_without_a_heartbeat_file_configured_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BRBOT_HEALTH_FILE", raising=False)
    assert main(["health"]) == 2 and "BRBOT_HEALTH_FILE is not set" in capsys.readouterr().err

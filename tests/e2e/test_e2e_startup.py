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

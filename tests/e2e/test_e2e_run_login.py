"""`brbot run` asks Discord whether its token is good before it migrates: a refused token leaves no database
file behind (issue 29). The fake Discord serves the login (tests/e2e/fake_discord.py)."""
from __future__ import annotations

import asyncio

import pytest

from bot.cli import main

pytestmark = pytest.mark.e2e


async def test_a_refused_token_creates_no_database(fake, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "not-a-token")
    fake.fail_next("GET", r"/users/@me", 401, {"message": "401: Unauthorized", "code": 0})
    path = tmp_path / "bot.sqlite3"
    assert await asyncio.to_thread(main, ["run", "--database", f"sqlite+aiosqlite:///{path}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brbot: Discord refused the token in BRBOT_DISCORD_TOKEN") and err.count("\n") == 1
    assert not path.exists() and list(tmp_path.iterdir()) == []



async def test_a_login_discord_answers_otherwise_is_one_line_too(fake, tmp_path, monkeypatch, capsys):
    """A 403 (or an outage) at the login is said as Discord answered it, before any database is made."""
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "a-token")
    fake.fail_next("GET", r"/users/@me", 403, {"message": "Missing Access", "code": 50001})
    path = tmp_path / "bot.sqlite3"
    assert await asyncio.to_thread(main, ["run", "--database", f"sqlite+aiosqlite:///{path}"]) == 2
    err = capsys.readouterr().err
    assert err == f"brbot: Discord at {fake.api_base} did not accept the login (403 Missing Access); nothing was changed\n"
    assert not path.exists()


async def test_the_login_check_goes_through_the_api_base_setting(fake, tmp_path, monkeypatch, capsys):
    """With BRBOT_DISCORD_API_BASE (a REST proxy, docs/scaling.md), the token's check before migrating asks that
    address, not discord.py's own; discord.py's own is put back after."""
    from discord.http import Route

    monkeypatch.setattr(Route, "BASE", "http://127.0.0.1:1/api/v10")  # nothing listens there
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "not-a-token")
    monkeypatch.setenv("BRBOT_DISCORD_API_BASE", fake.api_base)
    fake.fail_next("GET", r"/users/@me", 401, {"message": "401: Unauthorized", "code": 0})
    path = tmp_path / "bot.sqlite3"
    assert await asyncio.to_thread(main, ["run", "--database", f"sqlite+aiosqlite:///{path}"]) == 2
    assert capsys.readouterr().err.startswith("brbot: Discord refused the token in BRBOT_DISCORD_TOKEN")
    assert Route.BASE == "http://127.0.0.1:1/api/v10" and not path.exists()


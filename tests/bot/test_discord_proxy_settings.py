"""Issue 29, past one machine's fixed shares: the settings for a shared REST proxy in front of Discord
(docs/scaling.md). `BRBOT_DISCORD_API_BASE` is the address discord.py sends its REST requests to, refused in
one line when it is not an http(s) address; `BRBOT_DISCORD_PACING=proxy` leaves Discord's global rate limit to
the proxy: the process paces nothing and takes a whole pass of rows, whatever its share of the shards. (The
requests going through the proxy: tests/e2e/test_e2e_proxy.py and the scale-out test.)"""
from __future__ import annotations

import asyncio

import pytest

from bot.cli import main
from bot.config import Settings


@pytest.fixture
def clean_env(tmp_path, monkeypatch):
    """No .env and no BRBOT_ variables from the machine."""
    monkeypatch.chdir(tmp_path)
    for name in list(__import__("os").environ):
        if name.startswith("BRBOT_") and name != "BRBOT_TEST_POSTGRES_URL":
            monkeypatch.delenv(name)
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "token")
    return tmp_path


@pytest.mark.parametrize("given, used", [
    ("", ""),  # unset: discord.py's own address, Discord's
    ("http://nirn-proxy:8080/api/v10", "http://nirn-proxy:8080/api/v10"),
    ("http://nirn-proxy:8080", "http://nirn-proxy:8080/api/v10"),  # no path: Discord's, as a proxy serves it
    ("https://discord-proxy.example.org/api/v10/", "https://discord-proxy.example.org/api/v10"),
    (" HTTP://10.0.0.1:8080/ ", "HTTP://10.0.0.1:8080/api/v10"),
])
def test_the_api_address_is_used_with_discords_path(given, used, clean_env, monkeypatch):
    monkeypatch.setenv("BRBOT_DISCORD_API_BASE", given)
    assert Settings().discord_api_base == used


@pytest.mark.parametrize("value", ["nirn-proxy:8080", "discord.com/api/v10", "ftp://proxy/api/v10", "http://",
                                   "http://proxy:8080/api/v10?x=1"])
def test_an_api_address_that_is_not_http_is_one_line_naming_it(value, clean_env, monkeypatch, capsys):
    monkeypatch.setenv("BRBOT_DISCORD_API_BASE", value)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"brbot: BRBOT_DISCORD_API_BASE={value!r} is not a valid setting")
    assert "must be an http:// or https:// address, like http://nirn-proxy:8080/api/v10" in err
    assert list(clean_env.iterdir()) == []  # nothing created


@pytest.mark.parametrize("env, reason", [
    ({"BRBOT_DISCORD_PACING": "fast"}, "must be shares (each process paces at its shards' share) or proxy"),
    ({"BRBOT_DISCORD_PACING": "proxy"}, "BRBOT_DISCORD_PACING=proxy needs BRBOT_DISCORD_API_BASE, the address of "
                                        "the proxy that keeps Discord's rate limits"),
])
def test_a_bad_pacing_is_one_line_naming_it(env, reason, clean_env, monkeypatch, capsys):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("brbot: BRBOT_DISCORD_PACING=") and reason in err, err
    assert list(clean_env.iterdir()) == []


def test_a_bad_address_is_the_one_error_when_the_pacing_needs_it(clean_env, monkeypatch, capsys):
    monkeypatch.setenv("BRBOT_DISCORD_API_BASE", "nirn-proxy")
    monkeypatch.setenv("BRBOT_DISCORD_PACING", "proxy")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "BRBOT_DISCORD_API_BASE='nirn-proxy'" in err, err


def proxied(**values) -> Settings:
    return Settings(_env_file=None, discord_token="", sync_commands=False, discord_api_base="http://nirn:8080",
                    discord_pacing="Proxy", **values)


def test_the_default_pacing_is_each_process_its_shards_share():
    plain = Settings(_env_file=None, discord_token="")
    assert plain.discord_pacing == "shares" and plain.discord_api_base == ""
    assert plain.shard_plan().delivery_share(plain.discord_pacing) == 1.0
    third = Settings(_env_file=None, discord_token="", shard_count=3, shard_ids="auto").shard_plan(claimed=1)
    assert third.delivery_share("shares") == pytest.approx(1 / 3)


async def test_with_a_proxy_a_process_of_three_paces_nothing_and_takes_a_whole_pass():
    """The proxy keeps Discord's global limit for every process: a process with one shard of three neither
    sends at a third of the pace nor takes a third of the rows (its share would go unused while it is dead)."""
    from bot.app import GameMasterBot
    from bot.delivery.worker import CLAIM_LIMIT
    from bot.loops import Loops

    settings = proxied(shard_count=3, shard_ids="auto")
    assert settings.discord_pacing == "proxy"
    share = settings.shard_plan(claimed=1).delivery_share(settings.discord_pacing)
    assert share == 1.0
    bot = GameMasterBot(settings, db=None, start_loops=False)  # type: ignore[arg-type]
    bot.delivery_share = share
    assert Loops(bot).worker.claim_limit == CLAIM_LIMIT
    pace = bot.courier().pace
    waits = [asyncio.ensure_future(pace.wait()) for _ in range(100)]
    await asyncio.sleep(0)
    assert all(w.done() for w in waits), "a hundred requests may leave at once: the proxy holds them back"


async def test_without_a_proxy_the_same_requests_wait_their_turns():
    """The counterpart of the test above: paced in shares, the second request of a hundred already waits."""
    from bot.app import GameMasterBot

    bot = GameMasterBot(Settings(_env_file=None, discord_token="", sync_commands=False), db=None, start_loops=False)  # type: ignore[arg-type]
    pace = bot.courier().pace
    waits = [asyncio.ensure_future(pace.wait()) for _ in range(100)]
    await asyncio.sleep(0)
    assert sum(w.done() for w in waits) < 100
    for w in waits:
        w.cancel()
    await asyncio.gather(*waits, return_exceptions=True)


@pytest.mark.parametrize("pacing, share", [("shares", 1 / 3), ("proxy", 1.0)])
async def test_brbot_run_gives_a_process_its_shards_share_only_without_a_proxy(pacing, share, tmp_path, monkeypatch):
    """`brbot run` (`bot.app.serve`) with one shard of three: a third of the pace and of a pass's rows in shares,
    all of it through a proxy. The bot is stopped before it connects: what it was given is what is tested."""
    from bot import app

    made: list[app.GameMasterBot] = []

    class Recorded(app.GameMasterBot):
        async def start(self, token: str, *, reconnect: bool = True) -> None:
            made.append(self)

    monkeypatch.setattr(app, "GameMasterBot", Recorded)
    settings = Settings(_env_file=None, database_url=f"sqlite+aiosqlite:///{tmp_path / 'x.sqlite3'}",
                        discord_token="token", shard_count=3, shard_ids="1", discord_pacing=pacing,
                        discord_api_base="http://nirn-proxy:8080")
    await app.serve(settings)
    [bot] = made
    assert bot.delivery_share == pytest.approx(share)
    assert bot.shard_ids == [1] and bot.shard_count == 3

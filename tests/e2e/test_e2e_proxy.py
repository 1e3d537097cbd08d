"""Issue 29, past one machine's fixed shares: `brbot run` with `BRBOT_DISCORD_API_BASE` pointed at a shared REST
proxy in front of Discord (the stand-in of `stand_in_proxy.py`; nirn-proxy in production, docs/scaling.md). Its
log-in, the gateway lookup (`GET /gateway/bot`, how many shards and where), the command registration and the
interaction answers all go through the proxy, nothing reaches Discord past it, and discord.py's own address is
back when the bot closes. With `BRBOT_DISCORD_PACING=proxy` a 429 the proxy passes on is still honoured: the
message is sent again after its Retry-After, and shown once. (Three real processes through the proxy: the
scale-out test.)"""
from __future__ import annotations

import asyncio

import pytest
from discord.http import Route

from bot import app
from bot.config import Settings
from bot.delivery.render import Outgoing
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.stand_in_proxy import VIA, StandInProxy

pytestmark = pytest.mark.e2e


@pytest.fixture
async def proxy(fake):
    stand_in = StandInProxy(fake)
    await stand_in.start()
    yield stand_in
    await stand_in.stop()


def bypassed(fake: FakeDiscord) -> list[str]:
    return [f"{r['method']} {r['path']}" for r in fake.requests if r["via"] != VIA]


async def test_brbot_run_reaches_discord_only_through_the_proxy(fake, proxy, database_url):
    settings = Settings(_env_file=None, database_url=database_url, discord_token=FakeDiscord.token,
                        discord_api_base=proxy.api_base, discord_pacing="proxy", poll_seconds=0.2,
                        delivery_seconds=0.2)  # no shard count: the gateway lookup says how many
    serving = asyncio.create_task(app.serve(settings))
    try:
        await fake.wait_until(lambda: fake.gateway.connected.is_set() or serving.done(), timeout=30,
                              what="the bot connected")
        assert not serving.done(), serving.result()
        helped = await fake.slash(fake.owner, "help")
        assert helped.all_ephemeral and helped.text
        assert proxy.forwarded("GET", "/users/@me"), "the log-in"
        assert proxy.forwarded("GET", "/gateway/bot"), "the gateway lookup"
        assert any(r["method"] == "PUT" and r["path"].endswith("/commands") for r in proxy.requests)
        assert any(r["path"].startswith(f"/interactions/{helped.id}/") for r in proxy.requests), "the answer"
        assert fake.requests and not bypassed(fake), bypassed(fake)
    finally:
        serving.cancel()
        await asyncio.wait([serving])
    assert Route.BASE == fake.api_base, "discord.py's own address is back once the bot has closed"


async def test_a_429_from_the_proxy_is_waited_out_and_the_message_shown_once(fake, proxy, database_url, clock):
    runner = BotRunner(fake, database_url, clock, start_loops=False, discord_api_base=proxy.api_base,
                       discord_pacing="proxy")
    bot = await runner.start()
    try:
        path = f"/channels/{fake.game_channel.id}/messages"
        fake.rate_limit_next("POST", path, retry_after=0.05)
        await bot.courier().post(fake.game_channel.id, Outgoing(nonce="proxy-429", content="Night falls."))
        assert [r["status"] for r in proxy.forwarded("POST", path)] == [429, 200]
        assert fake.text(fake.messages_in()).count("Night falls.") == 1
        assert not bypassed(fake), bypassed(fake)
    finally:
        await runner.stop()

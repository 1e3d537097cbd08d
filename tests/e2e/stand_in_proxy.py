"""A small stand-in for a shared REST proxy in front of Discord (nirn-proxy in production, docs/scaling.md), on
127.0.0.1, for the end-to-end tests: it forwards every request it gets to the fake Discord unchanged (method,
path, query, headers, body) and the answer back unchanged (status, headers, body: a 429 with its Retry-After
reaches the bot as the fake sent it), and records each request it forwarded (`requests`).

It keeps no rate limits of its own: what the tests show through it is the bot's side, that with
`BRBOT_DISCORD_API_BASE` pointed at a proxy every REST request takes that path (the proxy's buckets are
nirn-proxy's to test). As an HTTP proxy must (RFC 9110, Via), it names itself in a `Via` header on what it
forwards, which the fake records, so a test can tell a request that came through it from one that did not.

    proxy = StandInProxy(fake)
    await proxy.start()        # then BRBOT_DISCORD_API_BASE=proxy.api_base
    ...
    await proxy.stop()
"""
from __future__ import annotations

from typing import Any

import aiohttp
from aiohttp import web

from tests.e2e.fake_discord import FakeDiscord

VIA = "1.1 brbot-stand-in-proxy"
# headers that describe one connection, not the message (RFC 9110, 7.6.1), and those aiohttp sets itself
HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
              "host", "content-length"}


def end_to_end(headers) -> dict[str, str]:
    return {name: value for name, value in headers.items() if name.lower() not in HOP_BY_HOP}


class StandInProxy:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.requests: list[dict[str, Any]] = []  # what it forwarded: method, path (from /api/v10), agent, status
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None

    @property
    def api_base(self) -> str:
        """The address to give the bot (`BRBOT_DISCORD_API_BASE`): Discord's paths, as nirn-proxy serves them."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    async def start(self) -> None:
        # the answer's bytes as they came (no decompression), and no connection limit: the proxy does not queue
        self._session = aiohttp.ClientSession(auto_decompress=False, connector=aiohttp.TCPConnector(limit=0))
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self.forward)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    async def forward(self, request: web.Request) -> web.StreamResponse:
        assert self._session is not None
        entry: dict[str, Any] = {"method": request.method, "path": request.path.removeprefix("/api/v10"),
                                 "agent": request.headers.get("User-Agent", "")}
        self.requests.append(entry)
        headers = end_to_end(request.headers)
        headers["Via"] = f"{headers['Via']}, {VIA}" if "Via" in headers else VIA
        upstream = f"http://127.0.0.1:{self.fake.port}{request.rel_url}"
        async with self._session.request(request.method, upstream, headers=headers, data=await request.read(),
                                         allow_redirects=False) as answer:
            entry["status"] = answer.status
            return web.Response(status=answer.status, headers=end_to_end(answer.headers), body=await answer.read())

    def forwarded(self, method: str, path: str) -> list[dict[str, Any]]:
        """The requests `method path` it forwarded (`path` after /api/v10, exact)."""
        return [r for r in self.requests if r["method"] == method and r["path"] == path]

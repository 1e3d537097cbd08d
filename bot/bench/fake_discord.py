"""A minimal fake Discord REST API with Discord's rate limits and a round trip, for `brbot bench`.

Only what delivery calls: `GET /users/@me` (login), `POST /users/@me/channels` (open a DM),
`POST /channels/{id}/messages`, and a group's private thread (a team's chat: `POST /channels/{id}/threads`,
`PUT`/`DELETE /channels/{thread}/thread-members/{user}`, `GET /channels/{thread}`). Each request takes
`rtt` seconds there and back (half each way) and is counted where it arrives, as Discord counts it:
- the global limit: at most `global_rate` requests in any second (Discord: 50 per bot), else a global 429;
- per route: at most 5 messages per channel (a DM is a channel) in a window of 5 seconds from the first,
  told in the `X-RateLimit-*` headers (discord.py waits when `Remaining` is 0), else a 429. Opening a DM
  has no published limit of its own: its headers tell a bucket that never runs out, so only the global
  limit applies to it (headers it must have: without them discord.py opens one DM at a time); the same for
  a thread's calls.

Every request is logged, so `floor` can say how fast those same requests could have gone at best. The
end-to-end tests' fake (tests/e2e) checks message contents instead; this one only times.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import subprocess
import sys
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from aiohttp import web

BUCKET = "5d0b8b2a7c1e9f3a"  # one bucket hash for every channel's messages (the channel is the major parameter)
DM_BUCKET = "a41c7e0d93b2f615"  # opening DMs: Discord publishes no figure for the route;
DM_ROUTE_RATE = 1000  # the fake tells a bucket that never runs out, so only the global limit applies
THREAD_BUCKET = "b7e2c90f41d6a385"  # a thread's calls (open, members, look-up): a bucket that never runs out


@dataclass
class Seen:
    """One request the fake took (a 429 is not one)."""

    at: float
    chain: str  # requests of one chain wait for each other: a channel's messages, or one user's DM
    channel: str | None  # the message bucket it counts against (None: not a message)


@dataclass
class FakeLimitedDiscord:
    rtt: float = 0.150
    global_rate: int = 50
    route_rate: int = 5
    route_window: float = 5.0
    seen: list[Seen] = field(default_factory=list)
    rejected: int = 0
    rejected_global: int = 0
    port: int = 0

    def __post_init__(self) -> None:
        self._ids = itertools.count(10**17)
        self._recent: deque[float] = deque()
        self._windows: dict[str, tuple[float, int]] = {}
        self._dm_of_user: dict[str, str] = {}
        self._user_of_dm: dict[str, str] = {}
        self._runner: web.AppRunner | None = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def report(self) -> dict:
        return {
            "seen": [[a.at, a.chain, a.channel] for a in self.seen],
            "rejected": self.rejected,
            "rejected_global": self.rejected_global,
        }

    async def _handle(self, request: web.Request) -> web.Response:
        await asyncio.sleep(self.rtt / 2)
        answer = self._answer(request.method, request.match_info["tail"], await request.read())
        await asyncio.sleep(self.rtt / 2)
        return answer

    def _answer(self, method: str, path: str, body: bytes) -> web.Response:
        now = time.monotonic()
        parts = path.strip("/").split("/")
        if method == "GET" and parts == ["users", "@me"]:
            return _json({"id": "1", "username": "brbot", "discriminator": "0", "avatar": None, "bot": True})
        while self._recent and self._recent[0] <= now - 1.0:
            self._recent.popleft()
        if len(self._recent) >= self.global_rate:
            return self._limited(self._recent[0] + 1.0 - now, is_global=True)
        if method == "POST" and parts == ["users", "@me", "channels"]:
            user = str(json.loads(body or b"{}").get("recipient_id"))
            self._recent.append(now)
            if user not in self._dm_of_user:
                channel = str(next(self._ids))
                self._dm_of_user[user], self._user_of_dm[channel] = channel, user
            self.seen.append(Seen(now, f"user {user}", None))
            return _json(
                {
                    "id": self._dm_of_user[user],
                    "type": 1,
                    "last_message_id": None,
                    "recipients": [{"id": user, "username": f"user{user}", "discriminator": "0", "avatar": None}],
                },
                {
                    "X-RateLimit-Limit": str(DM_ROUTE_RATE),
                    "X-RateLimit-Remaining": str(DM_ROUTE_RATE - 1),
                    "X-RateLimit-Reset-After": "1.000",
                    "X-RateLimit-Bucket": DM_BUCKET,
                },
            )
        if parts[0] == "channels" and (len(parts) == 2 or parts[2] in ("threads", "thread-members")):
            return self._thread(method, parts, now, body)
        if method == "POST" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
            channel = parts[1]
            start, count = self._windows.get(channel, (now, 0))
            if now >= start + self.route_window:
                start, count = now, 0
            if count >= self.route_rate:
                return self._limited(start + self.route_window - now, is_global=False)
            self._recent.append(now)
            self._windows[channel] = (start, count + 1)
            recipient = self._user_of_dm.get(channel)
            self.seen.append(Seen(now, f"user {recipient}" if recipient else f"channel {channel}", channel))
            reset_after = max(start + self.route_window - now - self.rtt / 2, 0.0)
            return _json(
                {"id": str(next(self._ids)), "channel_id": channel, "type": 0, "content": ""},
                {
                    "X-RateLimit-Limit": str(self.route_rate),
                    "X-RateLimit-Remaining": str(self.route_rate - count - 1),
                    "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                    "X-RateLimit-Bucket": BUCKET,
                },
            )
        return _json({"message": f"the bench's fake Discord has no {method} /{path}", "code": 0}, status=404)

    def _thread(self, method: str, parts: list[str], now: float, body: bytes) -> web.Response:
        """A group's private thread: opened in a channel, its members added or taken out, looked up. Each call
        counts against the global limit only, and one thread's calls wait for each other (one chain)."""
        unlimited = {
            "X-RateLimit-Limit": str(DM_ROUTE_RATE),
            "X-RateLimit-Remaining": str(DM_ROUTE_RATE - 1),
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": THREAD_BUCKET,
        }
        if method == "POST" and len(parts) == 3 and parts[2] == "threads":
            thread = str(next(self._ids))
            name = json.loads(body or b"{}").get("name", "thread")
            self._recent.append(now)
            self.seen.append(Seen(now, f"thread {thread}", None))
            return _json(_thread_payload(thread, parts[1], name), unlimited)
        if method in ("PUT", "DELETE") and len(parts) == 4 and parts[2] == "thread-members":
            self._recent.append(now)
            self.seen.append(Seen(now, f"thread {parts[1]}", None))
            return web.Response(status=204, headers=unlimited)
        if method == "GET" and len(parts) == 2:
            self._recent.append(now)
            self.seen.append(Seen(now, f"thread {parts[1]}", None))
            return _json(_thread_payload(parts[1], "1", "thread"), unlimited)
        return _json({"message": f"the bench's fake Discord has no {method} /{'/'.join(parts)}", "code": 0}, status=404)

    def _limited(self, retry_after: float, is_global: bool) -> web.Response:
        self.rejected += 1
        self.rejected_global += is_global
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Scope": "global" if is_global else "user",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers |= {
                "X-RateLimit-Limit": str(self.route_rate),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                "X-RateLimit-Bucket": BUCKET,
            }
        return _json(
            {
                "message": "You are being rate limited.",
                "retry_after": round(retry_after, 3),
                "global": is_global,
                "code": 0,
            },
            headers,
            status=429,
        )

    def floor(self) -> float:
        """The least time the logged requests could have taken under the same limits: each chain's requests
        one after another (a round trip each, the channel's window respected), all chains together at most
        `global_rate` a second. A lower bound: the longest chain, or the global limit, whichever is longer."""
        chains: dict[str, list[Seen]] = {}
        for request in self.seen:
            chains.setdefault(request.chain, []).append(request)
        longest = 0.0
        for chain in chains.values():
            at = 0.0
            windows: dict[str, tuple[float, int]] = {}
            for index, request in enumerate(chain):
                at = at + self.rtt if index else 0.0
                if request.channel is not None:
                    start, count = windows.get(request.channel, (at, 0))
                    if count >= self.route_rate:
                        at = max(at, start + self.route_window)
                        start, count = at, 0
                    windows[request.channel] = (start, count + 1)
            longest = max(longest, at + self.rtt)
        total = len(self.seen)
        by_global = (total - 1) // self.global_rate + self.rtt if total else 0.0
        return max(longest, by_global)


@asynccontextmanager
async def elsewhere(rtt: float = 0.150) -> AsyncIterator[FakeLimitedDiscord]:
    """The fake in a process of its own, as Discord is elsewhere: the bot's busy moments then do not bunch up
    the requests as they come in. Yields a local copy whose `seen`, `rejected` and `floor()` are filled in
    from the fake's log when the block ends."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.bench.fake_discord", str(rtt), stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert child.stdin is not None and child.stdout is not None
    local = FakeLimitedDiscord(rtt=rtt)
    try:
        local.port = int((await asyncio.wait_for(child.stdout.readline(), 30)).decode())
        yield local
    finally:
        child.stdin.write(b"stop\n")
        await child.stdin.drain()
        out = await asyncio.wait_for(child.stdout.read(), 30)
        await child.wait()
    report = json.loads(out.decode())
    local.seen = [Seen(at, chain, channel) for at, chain, channel in report["seen"]]
    local.rejected, local.rejected_global = report["rejected"], report["rejected_global"]


async def _serve(rtt: float) -> None:
    fake = FakeLimitedDiscord(rtt=rtt)
    await fake.start()
    print(fake.port, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await fake.stop()
    print(json.dumps(fake.report()), flush=True)


def _thread_payload(thread: str, parent: str, name: str) -> dict:
    """A private thread as Discord describes it (what discord.py reads of it)."""
    return {
        "id": thread,
        "type": 12,
        "guild_id": "1",
        "parent_id": parent,
        "owner_id": "1",
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2026-01-01T12:00:00+00:00",
            "locked": False,
            "invitable": False,
        },
    }


def _json(data: object, headers: dict[str, str] | None = None, status: int = 200) -> web.Response:
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"} | (headers or {})
    )


if __name__ == "__main__":
    asyncio.run(_serve(float(sys.argv[1]) if len(sys.argv) > 1 else 0.150))

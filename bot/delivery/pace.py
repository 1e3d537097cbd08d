"""Keeping delivery within Discord's global rate limit: requests spread evenly, `rate` a second.

Discord allows a bot 50 requests a second in all (interaction answers aside); past it, requests get a
global 429 and discord.py stops all of them for a while. The worker sends to every target at once (one
message at a time per target, to keep their order, which also keeps within the per-channel limits that
discord.py reads from the headers), so the courier asks `GlobalPace.wait()` before each request.

Requests go out one every `1/rate` seconds rather than in bursts of `rate`: a burst that leaves in one
second can arrive smeared over the next (new connections, a busy loop) and meet the next burst inside
Discord's window. And never more than `rate` in any second: turns that came due while the loop was busy do
not all leave at once when it wakes. The default, 45 a second, leaves the rest for the bot's other calls
and for jitter.

With a shared REST proxy in front of Discord (`BRBOT_DISCORD_PACING=proxy`, docs/scaling.md), the process keeps
no pace of its own (`Unpaced`): the proxy holds each request until Discord's global and per-route limits allow
it, for every process at once, and passes on a 429 when it meets one, which discord.py waits out (the
Retry-After) and retries as it does without a proxy. `delivery_pace` picks the pace for the setting.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.sharding import SHARES

RATE = 45.0  # of Discord's 50 a second


class Pace(Protocol):
    async def wait(self) -> None:
        """Return when the next request may begin."""


class GlobalPace:
    def __init__(
        self,
        rate: float = RATE,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError("a pace needs a positive rate")
        self.rate = int(rate) or 1
        self.interval = 1.0 / rate
        self.clock = clock
        self.sleep = sleep
        self._next = 0.0  # the earliest time the next request may begin
        self._begun: deque[float] = deque()  # when the requests of the last second began

    async def wait(self) -> None:
        """Return when this request's turn comes (turns are handed out in the order asked)."""
        now = self.clock()
        turn = max(self._next, now)
        self._next = turn + self.interval
        while True:
            if turn > now:
                await self.sleep(turn - now)
            now = self.clock()
            while self._begun and self._begun[0] <= now - 1.0:
                self._begun.popleft()
            if len(self._begun) < self.rate:
                self._begun.append(now)
                return
            turn = self._begun[0] + 1.0


class Unpaced:
    """No pace of the process's own: a proxy in front of Discord keeps the limits (`BRBOT_DISCORD_PACING=proxy`)."""

    async def wait(self) -> None:
        return None


def delivery_pace(pacing: str, share: float = 1.0) -> Pace:
    """The courier's pace for BRBOT_DISCORD_PACING: `share` of `RATE` (shares), or none (proxy)."""
    return GlobalPace(RATE * share) if pacing == SHARES else Unpaced()

"""The bot's health file, for a container's health check (docker-compose's `brbot health`).

With `BRBOT_HEALTH_FILE` set, `brbot run` writes the time into that file every `HEARTBEAT_SECONDS` while it
is connected to Discord, and removes the file when it stops. `brbot health` reads it: healthy while the
last heartbeat is recent; otherwise one line saying what is wrong (never started or stopped, or stuck).
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Protocol

HEARTBEAT_SECONDS = 30.0
STALE_AFTER_SECONDS = 3 * HEARTBEAT_SECONDS


class Client(Protocol):
    def is_ready(self) -> bool: ...
    def is_closed(self) -> bool: ...
    async def wait_until_ready(self) -> None: ...


async def heartbeat(client: Client, path: Path, every: float | None = None) -> None:
    """Write the time into `path` while the client is connected, until cancelled; then remove the file."""
    try:
        await client.wait_until_ready()
        while not client.is_closed():
            if client.is_ready():
                temporary = path.with_name(path.name + ".new")
                temporary.write_text(f"{time.time():.3f}\n", encoding="utf-8")
                os.replace(temporary, path)
            await asyncio.sleep(HEARTBEAT_SECONDS if every is None else every)
    finally:
        path.unlink(missing_ok=True)


def problem(path: Path, now: float | None = None, stale_after: float = STALE_AFTER_SECONDS) -> str | None:
    """None if the heartbeat in `path` is recent, else why the bot is not healthy (for `brbot health`)."""
    from bot.text import say

    try:
        beat = float(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return say("health_no_file", path=path)
    except (OSError, ValueError) as error:
        return say("health_unreadable", path=path, reason=error)
    age = (time.time() if now is None else now) - beat
    if age > stale_after:
        return say("health_stale", seconds=round(age))
    return None

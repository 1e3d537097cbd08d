"""Live updates for open pages: one watcher per followed game, however many pages follow it.

A page opens `/g/<key>/events` (server-sent events). The first follower of a game starts its watcher, which
asks the services for the page's version (`public_pages.page_version`, one small query) every
`BRBOT_WEB_POLL_SECONDS`; when it changes (a step resolved, a post written, the game ended) every follower's
queue gets the new version and its page fetches itself again. The last follower to leave stops the watcher.
So 200 pages on one game cost one query a second, not 200.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from bot.db.session import Database
from bot.services.pages import public_pages

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 15.0  # a comment line so proxies keep an idle stream open


class Watch:
    """One followed game: its followers' queues, each with the version that follower was last told."""

    def __init__(self) -> None:
        self.followers: dict[asyncio.Queue[str], str] = {}
        self.task: asyncio.Task[None] | None = None


class Live:
    """The process's watchers, by game address."""

    def __init__(self, db: Database, poll_seconds: float) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self.watches: dict[str, Watch] = {}

    def followers(self) -> int:
        return sum(len(w.followers) for w in self.watches.values())

    async def follow(self, key: str, seen: str) -> AsyncIterator[str]:
        """The versions of the game's page from now on, each as it appears (`seen`: the version the page
        shows; a newer one already there is told at the watcher's next look)."""
        watch = self.watches.get(key)
        if watch is None:  # made before any await, so followers arriving together share it
            watch = self.watches[key] = Watch()
            watch.task = asyncio.create_task(self._watch(key, watch))
        queue: asyncio.Queue[str] = asyncio.Queue()
        watch.followers[queue] = seen
        try:
            while True:
                yield await queue.get()
        finally:
            watch.followers.pop(queue, None)
            if not watch.followers and self.watches.get(key) is watch:
                del self.watches[key]
                if watch.task is not None:
                    watch.task.cancel()

    async def _watch(self, key: str, watch: Watch) -> None:
        while True:
            try:
                version = await public_pages.page_version(self.db, key)
            except public_pages.NoPage:
                version = "gone"
            except Exception:  # a database hiccup: try again at the next look
                log.exception("could not read the version of a followed game")
                version = ""
            if version:
                for queue, told in list(watch.followers.items()):
                    if told != version:
                        watch.followers[queue] = version
                        queue.put_nowait(version)
            await asyncio.sleep(self.poll_seconds)

    async def close(self) -> None:
        for watch in list(self.watches.values()):
            if watch.task is not None:
                watch.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watch.task
        self.watches.clear()

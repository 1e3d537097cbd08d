"""Many callers' reads of one kind, asked for in the same moment, made as one read (issue 33: fifty players
asking for their choices at once as a step opens).

`Batched(read)` collects the keys its callers ask for (`await batched.get(db, key)`) until the event loop next
turns, then runs `read(db, keys)` once for all of them and gives each caller its own value (None for a key the
read did not find). A caller only ever joins a read that begins after it asked, so it sees everything committed
before it asked (its own withdrawn order, another process's write), as a read of its own would: this is not a
cache. A read that fails fails each of its callers with the same error.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Generic, TypeVar

from bot.db.session import Database

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Batched(Generic[K, V]):
    def __init__(self, read: Callable[[Database, list[K]], Awaitable[dict[K, V]]]) -> None:
        self.read = read
        self.name = f"_batched_{id(self)}"

    async def get(self, db: Database, key: K) -> V | None:
        loop = asyncio.get_running_loop()
        pending: _Pending[K] | None = db.__dict__.get(self.name)
        if pending is None or pending.loop is not loop:  # the first caller of this moment (in this event loop)
            pending = db.__dict__[self.name] = _Pending(loop)
            loop.call_soon(self._start, db, pending)  # the read runs once the loop next turns
        waiter: asyncio.Future = loop.create_future()
        pending.waiters.setdefault(key, []).append(waiter)
        return await waiter

    def _start(self, db: Database, pending: _Pending[K]) -> None:
        if db.__dict__.get(self.name) is pending:
            del db.__dict__[self.name]  # callers from now on wait for the next read
        pending.task = asyncio.ensure_future(self._run(db, pending))

    async def _run(self, db: Database, pending: _Pending[K]) -> None:
        try:
            found = await self.read(db, list(pending.waiters))
        except BaseException as error:  # noqa: BLE001 (each caller gets it, as its own read would have raised it)
            for waiters in pending.waiters.values():
                for waiter in waiters:
                    if not waiter.done():
                        waiter.set_exception(error)
            if isinstance(error, asyncio.CancelledError):
                raise
            return
        for key, waiters in pending.waiters.items():
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(found.get(key))


class _Pending(Generic[K]):
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.waiters: dict[K, list[asyncio.Future[Any]]] = {}
        self.task: asyncio.Future[None] | None = None  # the read, held so it is not collected while it runs

"""SQLite driven on the event loop's own thread, for a process that has nothing else to do meanwhile.

aiosqlite runs every call (a cursor, a statement, a fetch, a commit) on a worker thread and hands the result
back through the event loop: four or more thread hand-overs per statement, each paid in CPU by both threads.
The bot needs that (a slow statement must not stall every other command), but `brbot simulate` is one game
played by one process, waiting for each statement anyway: `Database(url, inline=True)` gives it connections
whose calls run in place. The statements, the transactions (BEGIN IMMEDIATE, WAL) and the services are the
same; only the thread they run on differs. A third of a simulated card game's CPU time was those hand-overs.

Writers of one `Database` queue on its asyncio lock (`Database.transaction`), so an inline connection never
waits in SQLite's busy handler for another connection of the same process (which could then never finish).
"""

from __future__ import annotations

import sqlite3
from functools import partial
from typing import Any

import aiosqlite


class _AtOnce:
    """Stands for aiosqlite's queue to its worker thread: a call put on it is made at once and its future
    settled (SQLAlchemy's adapter, too, puts a call there directly: `isolation_level`)."""

    def put_nowait(self, item: tuple[Any, Any]) -> None:
        future, function = item
        try:
            result = function()
        except BaseException as error:  # noqa: BLE001 - handed to the awaiting caller, as the thread does
            if future is not None and not future.done():
                future.set_exception(error)
        else:
            if future is not None and not future.done():
                future.set_result(result)


class InlineConnection(aiosqlite.Connection):
    """aiosqlite's connection with each call made at once on the calling thread (its worker thread is never
    started: an awaited call finds its future already settled)."""

    def __init__(self, connector, iter_chunk_size: int) -> None:
        super().__init__(connector, iter_chunk_size)
        self._tx = _AtOnce()  # type: ignore[assignment]

    def __await__(self):
        return self._connect().__await__()


def connect(*args: Any, **kwargs: Any) -> InlineConnection:
    """An inline connection made with the arguments SQLAlchemy's aiosqlite dialect gives `sqlite3.connect`
    (its `async_creator_fn`)."""
    return InlineConnection(partial(sqlite3.connect, *args, **kwargs), iter_chunk_size=64)

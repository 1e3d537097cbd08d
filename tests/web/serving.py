"""The site served by a real uvicorn on 127.0.0.1 (a free port), for the tests that need a live connection:
server-sent events and the browser. `served` runs it in the test's own event loop (the database's); `Thread`
runs it in a thread of its own, with its own database, for a test whose client blocks (selenium)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator

import uvicorn

from bot.db.session import Database
from bot.web.app import create_app


def _server(app) -> uvicorn.Server:
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    return server


def _address(server: uvicorn.Server) -> str:
    port = server.servers[0].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}"


@contextlib.asynccontextmanager
async def served(db: Database, poll_seconds: float = 0.05) -> AsyncIterator[str]:
    """The site's address while it is served in this event loop."""
    app = create_app(db, poll_seconds=poll_seconds)
    server = _server(app)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield _address(server)
    finally:
        server.should_exit = True
        server.force_exit = True  # open event streams do not end by themselves
        await task
        await app.state.live.close()  # a forced exit skips the shutdown: the watchers' queries end here


class Thread:
    """The site served from a thread with its own event loop and its own `Database` on `url`."""

    def __init__(self, url: str, poll_seconds: float = 0.05) -> None:
        self.url = url
        self.poll_seconds = poll_seconds
        self.ready = threading.Event()
        self.address = ""
        self.server: uvicorn.Server | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        async def main() -> None:
            db = Database(self.url)
            app = create_app(db, poll_seconds=self.poll_seconds)
            self.server = _server(app)
            task = asyncio.create_task(self.server.serve())
            while not self.server.started:
                await asyncio.sleep(0.01)
            self.address = _address(self.server)
            self.ready.set()
            await task
            # a forced exit skips the shutdown: the watchers' queries end before the database and the loop close
            # (else a SQLite thread may answer a loop already closed)
            await app.state.live.close()
            await db.dispose()

        asyncio.run(main())

    def __enter__(self) -> Thread:
        self.thread.start()
        assert self.ready.wait(30), "the site did not start"
        return self

    def __exit__(self, *exc) -> None:
        assert self.server is not None
        self.server.should_exit = True
        self.server.force_exit = True
        self.thread.join(30)

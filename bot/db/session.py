"""The async engine and sessions, for SQLite (embedded default) and PostgreSQL alike.

SQLite: a file in WAL mode, foreign keys on, a busy timeout, and every transaction opened with
`BEGIN IMMEDIATE`, so a read-then-write (claiming a game to resolve it) is isolated: without it two
concurrent resolutions would both read the old day and one update would be lost. PostgreSQL: the same
code; resolution claims the game row with `SELECT ... FOR UPDATE`, and a transaction left idle by a vanished
process is ended by the server after 30 s (`POSTGRES_SESSION`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

SQLITE_BUSY_TIMEOUT_S = 30
# A transaction whose process died without closing its socket (a vanished host) would keep its locks, a game
# row claimed for resolution among them, until the server notices; the server ends such a session after
# 30 s idle inside a transaction, so another process takes the game over within a minute (docs/scaling.md).
# No transaction of the bot waits that long between two statements.
POSTGRES_SESSION = {"idle_in_transaction_session_timeout": "30000"}


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def make_engine(
    url: str, echo: bool = False, immediate: bool = True, foreign_keys: bool = True, inline: bool = False
) -> AsyncEngine:
    """An async engine; on SQLite, `immediate` opens every transaction with BEGIN IMMEDIATE (writers),
    `foreign_keys` enforces foreign keys (the migrations turn it off: SQLite alters a table by copying it and
    dropping the old one, and with foreign keys on that drop would cascade to every game's rows), and `inline`
    runs the driver's calls on the event loop's thread (`bot.db.inline_sqlite`: a simulation's database). A URL
    the bot has no driver for is refused in one line (`bot.db.urls.supported_url`), not with SQLAlchemy's
    traceback."""
    from bot.db.urls import supported_url

    url = supported_url(url)
    if not is_sqlite(url):
        return create_async_engine(
            url,
            echo=echo,
            pool_pre_ping=True,
            pool_size=10,
            max_overflow=20,
            connect_args={"server_settings": POSTGRES_SESSION},
        )
    engine = create_async_engine(url, echo=echo, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S})
    if inline:

        @event.listens_for(engine.sync_engine, "do_connect")
        def _inline(dialect, _record, cargs, cparams):  # pragma: no cover - exercised by every simulation
            from bot.db import inline_sqlite

            return dialect.dbapi.connect(*cargs, async_creator_fn=inline_sqlite.connect, **cparams)

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:  # pragma: no cover - exercised by every test
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        if ":memory:" not in url:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # WAL's recommended setting: consistent, far fewer fsyncs
        cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_S * 1000}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection) -> None:  # pragma: no cover
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


class Database:
    """Engines and session factories.

    `async with db.transaction() as session:` is a read-write transaction that commits or rolls back; on
    SQLite it holds the write lock from its first statement (BEGIN IMMEDIATE), and writers of this process
    queue on an asyncio lock rather than in SQLite's busy handler, which sleeps in steps of up to 100 ms.
    `async with db.read() as session:` is a read-only snapshot that never blocks writers (WAL).
    `inline` (SQLite only: `brbot simulate`) runs the driver on the event loop's thread (`bot.db.inline_sqlite`).
    """

    def __init__(self, url: str, echo: bool = False, inline: bool = False) -> None:
        self.url = url
        inline = inline and self.sqlite
        self.engine = make_engine(url, echo=echo, inline=inline)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        if self.sqlite:
            self.read_engine = make_engine(url, echo=echo, immediate=False, inline=inline)
            self.read_sessions = async_sessionmaker(self.read_engine, expire_on_commit=False)
        else:
            self.read_engine = self.engine
            self.read_sessions = self.sessions
        self._writers = asyncio.Lock() if self.sqlite else None

    @property
    def sqlite(self) -> bool:
        return is_sqlite(self.url)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        if self._writers is None:
            async with self.sessions() as session, session.begin():
                yield session
            return
        async with self._writers:
            async with self.sessions() as session, session.begin():
                yield session

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        async with self.read_sessions() as session, session.begin():
            yield session

    async def create_all(self) -> None:
        """Create the tables directly from the models (tests); production uses the migrations."""
        from bot.db.models import Base

        async with self.engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)

    async def dispose(self) -> None:
        await self.engine.dispose()
        if self.read_engine is not self.engine:
            await self.read_engine.dispose()

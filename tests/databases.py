"""Migrated test databases, built once per test session (per pytest-xdist worker) and renewed per test.

Running the migrations for every test cost about half of the suite's time. Now the first test that needs a
database of a kind builds it with the real migrations, once, and every test starts from that state:

- SQLite: the migrated file is the template; each test gets a copy of it (a file copy, about a millisecond).
- PostgreSQL: creating a database costs about half a second on the development machine even from a template
  (the server flushes the new files to disk), and dropping one as much again. So each worker keeps one
  migrated database of its own, cloned once from its migrated template (`CREATE DATABASE ... TEMPLATE`), and
  empties it before each test: other connections to it are ended, every table's rows are deleted and the
  id sequences restarted, so the test sees exactly the freshly migrated database (ids from 1). If that
  fails, or a test left the schema at another revision, the database is dropped and cloned again. Its commits
  do not wait for the disk (`synchronous_commit = off`, as SQLite's `synchronous=NORMAL`): only a crash of the
  server could lose the last ones; what every connection sees, and when, is the same.

A test may also start from a state that is costly to build, the same for many tests (a running game): `prepared`
builds it once per worker and kind, on the test's own fresh database, keeps it (SQLite: a copy of the file;
PostgreSQL: every table's rows and sequences, put back by one script once the database is emptied) and gives
every later test the same state in its own untouched database (about 5 ms instead of a tenth of a second).

The engines of a test's database are kept for the session too (`Templates.database`): each new engine starts
with an empty cache of compiled statements, and compiling them again in every test was a sixth of the services
tests' time. A test's database is a new file (SQLite) or the emptied worker database (PostgreSQL) at the
same URL, on the same engines, whose pools are emptied when the test ends (a pool belongs to one event loop).

Every name carries the worker's id and process id, so parallel workers (and engineers) never share one;
templates are dropped when the session ends. The migrations still build every test database, and
tests/services/test_migrations.py runs them on a database of its own too.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import zlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from bot.db.scratch import postgres_admin_url
from bot.db.session import Database, is_sqlite
from bot.migrate import upgrade_async


def worker() -> str:
    """This process's pytest-xdist worker id ("gw0", "gw1", ...), or "main" without xdist."""
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


class Templates:
    """The session's migrated databases: `await sqlite(path)` copies the SQLite template to a new file and
    returns its URL; `await postgres()` returns the URL of the worker's PostgreSQL database, emptied."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.sqlite_template: Path | None = None
        self.pg: WorkerDatabase | None = None
        self.kept: dict[tuple[str, str], tuple[Any, Any]] = {}  # (kind, key) -> (what build returned, the state)
        self.engines: dict[str, Database] = {}  # URL -> the Database whose engines every test at that URL shares

    async def database(self, kind: str) -> Database:
        """A freshly migrated database of `kind` ("sqlite" or "postgres") for one test, on the session's engines
        for its URL; `await database.dispose()` at the test's end empties the pools and keeps the engines."""
        if kind == "sqlite":
            target = self.folder / "test.sqlite3"
            for path in (target, Path(f"{target}-wal"), Path(f"{target}-shm")):
                path.unlink(missing_ok=True)  # a connection a test left open keeps the old file, not this one
            url = await self.sqlite(target)
        else:
            url = await self.postgres()
        if url not in self.engines:
            self.engines[url] = Database(url)
        return SharedEngines(self.engines[url])

    async def sqlite(self, target: Path) -> str:
        if self.sqlite_template is None:
            path = self.folder / "template.sqlite3"
            await upgrade_async(f"sqlite+aiosqlite:///{path}")
            assert not Path(f"{path}-wal").exists(), "the template must be checkpointed to be copied alone"
            self.sqlite_template = path
        shutil.copyfile(self.sqlite_template, target)
        return f"sqlite+aiosqlite:///{target}"

    async def postgres(self) -> str:
        if self.pg is None:
            self.pg = await WorkerDatabase.create()
        return await self.pg.fresh()

    async def prepared(self, url: str, key: str, build: Callable[[Any], Awaitable[Any]]) -> Any:
        """Give the fresh database at `url` (from `sqlite` or `postgres`, not yet used) the state `build(database)`
        leaves, and return what it returned: built the first time `key` is asked for on this worker and kind,
        then copied. The build draws its day seeds from a source of its own, so the test's own seed source
        (`same_seeds`) starts where it would have: every test sees the same state and the same seeds next."""
        from bot.services.base import fairness

        kind = "sqlite" if is_sqlite(url) else "postgres"
        if (kind, key) in self.kept:
            result, state = self.kept[kind, key]
            if kind == "sqlite":
                shutil.copyfile(state, _sqlite_path(url))
            else:
                assert self.pg is not None and url == self.pg.url
                await self.pg.restore(state)
            return result
        drawn, fairness.new_seed = fairness.new_seed, fairness.seeded_source(zlib.crc32(key.encode()))
        database = Database(url)
        try:
            result = await build(database)
        finally:
            fairness.new_seed = drawn
            await database.dispose()
        if kind == "sqlite":
            state = self.folder / f"prepared_{len(self.kept)}.sqlite3"
            assert not Path(f"{_sqlite_path(url)}-wal").exists(), "the database must be checkpointed to be copied"
            shutil.copyfile(_sqlite_path(url), state)
        else:
            assert self.pg is not None and url == self.pg.url
            state = await self.pg.rows()
        self.kept[kind, key] = (result, state)
        return result

    def close(self) -> None:
        """Drop the PostgreSQL databases (at the end of the session, outside any event loop)."""
        if self.pg is not None:
            asyncio.run(self.pg.drop())
            self.pg = None


class SharedEngines(Database):
    """A test's `Database` on engines kept for the session: its own writers' lock (asyncio objects belong to one
    event loop, and each test has its own) and the kept engines and session factories."""

    def __init__(self, kept: Database) -> None:  # no call to Database.__init__: that would make new engines
        self.url = kept.url
        self.engine, self.sessions = kept.engine, kept.sessions
        self.read_engine, self.read_sessions = kept.read_engine, kept.read_sessions
        self._writers = asyncio.Lock() if kept.sqlite else None


class WorkerDatabase:
    """One worker's PostgreSQL database and the migrated template it is cloned from."""

    def __init__(self, template: str, name: str) -> None:
        self.template = template
        self.name = name
        self.used = False
        self.head: str | None = None
        self.emptying: str | None = None  # the statements that empty the database (`_emptying`)

    @property
    def url(self) -> str:
        return f"{_base()}/{self.name}"

    @classmethod
    async def create(cls) -> WorkerDatabase:
        suffix = f"{worker()}_{os.getpid()}"
        made = cls(f"brbot_template_{suffix}", f"brbot_test_{suffix}")
        await _admin(f'DROP DATABASE IF EXISTS "{made.template}" WITH (FORCE)', f'CREATE DATABASE "{made.template}"')
        await upgrade_async(f"{_base()}/{made.template}")
        await made.clone()
        return made

    async def clone(self) -> None:
        await _admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)',
                     f'CREATE DATABASE "{self.name}" TEMPLATE "{self.template}"',
                     f'ALTER DATABASE "{self.name}" SET synchronous_commit = off')
        self.used = False

    async def fresh(self) -> str:
        """The database as freshly migrated: emptied if a test used it, cloned again if that fails."""
        if self.used:
            try:
                await self.empty()
            except Exception:  # a lock held, a schema changed: start from the template again
                await self.clone()
        self.used = True
        return self.url

    async def rows(self) -> str:
        """The script that puts back every table's rows and every sequence as they are now (run after `empty`)."""
        from bot.db.models import Base

        connection = await self._connect()
        try:
            restoring = []
            for table in Base.metadata.sorted_tables:  # parents first
                rows = await connection.fetchval(f'SELECT json_agg(t) FROM "{table.name}" t')
                if rows is not None:
                    assert "$rows$" not in rows
                    restoring.append(f'INSERT INTO "{table.name}" SELECT * FROM '
                                     f'json_populate_recordset(NULL::"{table.name}", $rows${rows}$rows$)')
            for s in await connection.fetch("SELECT schemaname, sequencename FROM pg_sequences ORDER BY 1, 2"):
                name = f'"{s["schemaname"]}"."{s["sequencename"]}"'
                value, called = await connection.fetchrow(f"SELECT last_value, is_called FROM {name}")
                restoring.append(f"SELECT setval('{name}', {value}, {str(called).lower()})")
            return "; ".join(restoring)
        finally:
            await connection.close()

    async def restore(self, rows: str) -> None:
        """The database (emptied by `fresh`) with the rows and sequences `rows` gave back."""
        connection = await self._connect()
        try:
            async with connection.transaction():
                await connection.execute(rows)
        finally:
            await connection.close()

    async def _connect(self):
        import asyncpg

        return await asyncpg.connect(postgres_admin_url().rsplit("/", 1)[0] + f"/{self.name}", timeout=5)

    async def empty(self) -> None:
        connection = await self._connect()
        try:
            await connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                     "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            head = await connection.fetchval("SELECT version_num FROM alembic_version")
            if self.head is None:
                self.head = head
            if head != self.head:
                raise RuntimeError(f"the test left the schema at {head}, not {self.head}")
            if self.emptying is None:
                self.emptying = await _emptying(connection)
            async with connection.transaction():
                await connection.execute(self.emptying)  # one round trip for every table and sequence
        finally:
            await connection.close()

    async def drop(self) -> None:
        await _admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)',
                     f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')


async def _emptying(connection) -> str:
    """One script that deletes every table's rows (children first) and restarts every id sequence."""
    from bot.db.models import Base

    sequences = await connection.fetch("SELECT schemaname, sequencename FROM pg_sequences ORDER BY 1, 2")
    return "; ".join([
        "SET LOCAL lock_timeout = '5s'", "SET LOCAL synchronous_commit = off",
        *(f'DELETE FROM "{table.name}"' for table in reversed(Base.metadata.sorted_tables)),
        *(f"""SELECT setval('"{s["schemaname"]}"."{s["sequencename"]}"', 1, false)""" for s in sequences),
    ])


def _sqlite_path(url: str) -> str:
    """The file of a SQLite URL."""
    return make_url(url).database or ""


def _base() -> str:
    return postgres_admin_url().rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)


async def _admin(*statements: str) -> None:
    import asyncpg

    admin = await asyncpg.connect(postgres_admin_url(), timeout=5)
    try:
        for statement in statements:
            await admin.execute(statement)
    finally:
        await admin.close()

"""Fixtures for end-to-end tests: a fake Discord on 127.0.0.1, a migrated SQLite file, a clock the test moves,
and `BotRunner`, which starts the real GameMasterBot against the fake and stops it (or restarts it)."""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone

import pytest

from bot.config import Settings
from bot.db.session import Database
from tests.e2e.fake_discord import PATIENCE, FakeDiscord

START = datetime(2026, 6, 1, 12, 0, tzinfo=timezone.utc)


class Clock:
    """The bot's clock: `clock()` is now; `clock.advance(hours=25)` moves time on (deadlines pass at once: each
    bot on the clock is told, and its deadline loop looks at once, as it would when real time reached them)."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now
        self.moved: list = []  # callables told when time moves (`BotRunner`)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.set(self.now + timedelta(**delta))
        return self.now

    def set(self, moment: datetime) -> None:
        self.now = moment
        for tell in self.moved:
            tell()


async def _lobby_wait(seconds: float) -> None:
    """A game's lobby is edited at most once a second, measured on the bot's clock (`bot.delivery.lobby`); the
    test's clock stands still between its moves, so every edit would wait a whole real second (and the delivery
    pass with it). The rule itself is tested on a clock that moves (tests/bot/test_lobby_delivery.py)."""
    await asyncio.sleep(0)


class BotRunner:
    """The real bot (discord.py over HTTP and the gateway) against the fake; `restart()` is a new process's worth
    of bot on the same database: new client, new database engine, new gateway session."""

    def __init__(self, fake: FakeDiscord, database_url: str, clock: Clock, *, start_loops: bool = True,
                 **settings) -> None:
        self.fake = fake
        self.url = database_url
        self.clock = clock
        self.start_loops = start_loops
        self.settings = Settings(database_url=database_url, discord_token=FakeDiscord.token, sync_commands=True,
                                 poll_seconds=0.2, delivery_seconds=0.2, **settings)
        self.bot = None
        clock.moved.append(self.look)
        self.db: Database | None = None
        self._task: asyncio.Task | None = None
        self.starts = 0

    async def start(self, timeout: float = PATIENCE):
        from bot.app import GameMasterBot

        self.db = Database(self.url)
        self.bot = GameMasterBot(self.settings, self.db, clock=self.clock, start_loops=self.start_loops,
                                 guild_ready_timeout=0.05)
        self._task = asyncio.create_task(self.bot.start(FakeDiscord.token), name="bot")
        ready = asyncio.create_task(self.bot.wait_until_ready())
        done, _ = await asyncio.wait({self._task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self._task in done:
                self._task.result()  # raises what went wrong at start-up
            raise AssertionError(f"the bot was not ready within {timeout}s; problems: {self.fake.problems[-5:]}")
        loops = getattr(self.bot, "loops", None)
        if loops is not None:  # the lobby's second between edits is counted on this clock, which stands still
            loops.worker.lobbies.sleep = _lobby_wait
        self.starts += 1
        return self.bot

    async def stop(self, timeout: float = 10.0) -> None:
        """`bot.close()`, as Ctrl+C does; a close that hangs fails the test (after cleaning up) instead of
        hanging the suite."""
        if self.bot is None:
            return
        bot, task, db = self.bot, self._task, self.db
        self.bot = self.db = self._task = None
        closing = asyncio.ensure_future(bot.close())
        done, _ = await asyncio.wait({closing}, timeout=timeout)
        hung = None
        if not done:
            loops = getattr(bot, "loops", None)
            stuck = [t.get_name() for t in getattr(loops, "tasks", []) if not t.done()]
            hung = (f"GameMasterBot.close() did not return within {timeout}s; loop tasks still running: {stuck} "
                    "(a loop that swallows its cancellation, e.g. Python 3.11's asyncio.wait_for returning the "
                    "inner result when the cancel comes as it completes)")
            for _ in range(50):  # clean up so the suite goes on: cancel until they stop
                for t in getattr(loops, "tasks", []):
                    t.cancel()
                done, _ = await asyncio.wait({closing}, timeout=0.1)
                if done:
                    break
        closing.result() if closing.done() else closing.cancel()
        if task is not None:
            try:
                await asyncio.wait_for(task, timeout)
            except asyncio.CancelledError:
                pass
        if db is not None:
            await db.dispose()
        if hung:
            raise AssertionError(hung)

    def look(self) -> None:
        """Wake the running bot's deadline loop (time moved, or a test wants a look now)."""
        loops = getattr(self.bot, "loops", None)
        if loops is not None:
            loops.look()

    async def restart(self):
        await self.stop()
        return await self.start()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def database_url(tmp_path, templates) -> str:
    """A migrated SQLite file of the test's own (a copy of the session's migrated template)."""
    return await templates.sqlite(tmp_path / "e2e.sqlite3")


@pytest.fixture
async def fake():
    """A fake Discord with the guild, #battle-royale, #general and the owner; discord.py patched to use it.
    The test fails at the end if the bot called a route the fake does not know or sent something Discord
    would refuse (`fake.problems`)."""
    server = FakeDiscord()
    await server.start()
    with server.patched():
        yield server
    await server.stop()
    assert not server.problems, "\n".join(server.problems)

"""The benchmarks' games: how many players a game seats and a game started with them (`brbot bench`).

A benchmark asks for a size (20 players, 100, 1,000); the game seats the players its own computer players
take (`Play.signups`, as `brbot simulate` does): a game of simultaneous orders as many as asked
within its limits, a game master's demo fight the players of its roster's player characters. A game without
computer players is refused in one line.

The parts' fresh databases come migrated from `migrated` and `migrated_scratch_databases`: the migrations run
once per kind of database rather than once per part (each run costs 0.1 s on SQLite and half a second on
PostgreSQL, and a bench makes seven SQLite files and two PostgreSQL databases).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy.engine import make_url

from bot.db.scratch import scratch_database
from bot.db.session import Database, is_sqlite
from bot.services.base.errors import ServiceError
from bot.services.signup import games
from bot.text import say
from engine import registry
from engine.rng import RecordingRng


def seated(ruleset: str, players: int) -> int:
    """How many players a game of `ruleset` seats when `players` are asked for (its computer players')."""
    rules = registry.get(ruleset)
    if not rules.play.has_computer_players:
        raise ServiceError(say("cli_bench_no_computer_players", game=registry.title(ruleset)))
    asked = min(max(players, rules.min_players), rules.max_players or players)
    return len(rules.play.computer_signups(asked, RecordingRng(0, record=False)))


def sizes(ruleset: str, wanted: tuple[int, ...]) -> list[int]:
    """The player counts a game seats for the sizes `wanted` (its smallest and largest if none fits), each
    once: a demo fight seating 2 whatever is asked, so `(20, 100, 1000)` gives `[2]`."""
    rules = registry.get(ruleset)
    most = rules.max_players or max(wanted)
    fitting = [n for n in wanted if rules.min_players <= n <= most] or sorted({rules.min_players, most})
    return sorted({seated(ruleset, n) for n in fitting})


async def started(
    db: Database, ruleset: str, players: int, name: str, now: datetime, channel_id: int | None = None
) -> int:
    """A game of `players` seated players (users 1..players, seats s1.. in that order), started; its id."""
    game = await games.create_game(db, name=name, ruleset=ruleset, channel_id=channel_id, signup_cap=max(2, players))
    await games.join_many(db, game.id, [(user, f"Player {user}", None) for user in range(1, players + 1)])
    await games.start_game(db, game.id, now)
    return game.id


_template: tempfile.TemporaryDirectory | None = None  # the folder of this process's migrated SQLite file


async def migrated(url: str) -> None:
    """Bring a bench's database to the current schema: a SQLite file not yet made becomes a copy of one this
    process migrated (the file the migrations make, without running them again); any other is migrated."""
    from bot.migrate import upgrade_async

    path = Path(make_url(url).database or "") if is_sqlite(url) else None
    if path is None or path.exists():
        await upgrade_async(url)
        return
    global _template
    if _template is None:
        folder = tempfile.TemporaryDirectory(prefix="brbot-bench-template-")  # removed when the process ends
        await upgrade_async(f"sqlite+aiosqlite:///{Path(folder.name) / 'migrated.sqlite3'}")
        _template = folder
    shutil.copyfile(Path(_template.name) / "migrated.sqlite3", path)


@asynccontextmanager
async def migrated_scratch_databases(admin_url: str, count: int) -> AsyncIterator[list[str]]:
    """`count` scratch PostgreSQL databases at the current schema (dropped afterwards): the first migrated, the
    others copies of it made before anything uses it."""
    from bot.migrate import upgrade_async

    async with AsyncExitStack() as stack:
        first = await stack.enter_async_context(scratch_database(admin_url))
        await upgrade_async(first)
        name = make_url(first).database
        copies = [await stack.enter_async_context(scratch_database(admin_url, name)) for _ in range(count - 1)]
        yield [first, *copies]

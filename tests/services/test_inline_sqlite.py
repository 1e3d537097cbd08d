"""`Database(url, inline=True)` (bot/db/inline_sqlite.py, `brbot simulate`'s database): SQLite's calls made on the
event loop's thread, with the same results as aiosqlite's worker thread and no thread started."""
from __future__ import annotations

import io
import threading

import pytest
from sqlalchemy import text

from bot.db.session import Database
from bot.migrate import upgrade_async
from bot.services.steps.simulation import simulate


async def _simulated_log(url: str, inline: bool) -> str:
    db = Database(url, inline=inline)
    log = io.StringIO()
    try:
        await simulate(db, 6, 3, log=log, ruleset="battle_royale")  # 8 steps (the card game plays ~100)
    finally:
        await db.dispose()
    return log.getvalue()


async def test_an_inline_database_plays_the_same_game_on_one_thread(tmp_path, monkeypatch):
    urls = [f"sqlite+aiosqlite:///{tmp_path / name}" for name in ("threaded.sqlite3", "inline.sqlite3")]
    for url in urls:
        await upgrade_async(url)  # the migrations' own engine is aiosqlite's, threaded
    threaded = await _simulated_log(urls[0], inline=False)
    started: list[str] = []  # the module of what each thread started meanwhile runs
    start = threading.Thread.start

    def noted(thread: threading.Thread) -> None:
        started.append(getattr(thread._target, "__module__", "") or "")  # type: ignore[attr-defined]
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", noted)
    inline = await _simulated_log(urls[1], inline=True)
    assert inline == threaded
    assert [module for module in started if module.startswith("aiosqlite")] == []


async def test_an_inline_database_refuses_and_rolls_back_as_the_threaded_one(tmp_path):
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'inline.sqlite3'}", inline=True)
    try:
        async with db.transaction() as session:
            await session.execute(text("CREATE TABLE t (x INTEGER PRIMARY KEY)"))
        with pytest.raises(RuntimeError):
            async with db.transaction() as session:
                await session.execute(text("INSERT INTO t VALUES (1)"))
                raise RuntimeError
        async with db.read() as session:
            assert (await session.execute(text("SELECT count(*) FROM t"))).scalar_one() == 0
        with pytest.raises(Exception, match="no such table"):
            async with db.read() as session:
                await session.execute(text("SELECT * FROM missing"))
    finally:
        await db.dispose()

"""`brbot bench`'s languages figures (issue 31: rendering per reader adds at most 10%): the same work done with
every reader in English and with readers in three languages, side by side in one run.

- `languages_delivery_ms`: preparing a night's delivery (`PLAYERS` players, Battle Royale): the outbox worker's
  passes, claiming the rows, finding each reader's language and rendering every text in it
  (`bot.delivery.readers.localize`, `bot.delivery.render`), and marking them sent, to a courier that answers at
  once (what Discord adds is the delivery figure's, not this one's). English: a game and players with no
  language of their own, as every game was before languages; languages: the game in Brazilian Portuguese and
  its players' DMs a third each in Portuguese, Spanish and English (`/profile language`).
- `languages_simulate_ms`: a whole simulated game (StarCraft Mafia, 12 players, seed 3) as `brbot simulate`
  shows it, each event's text as its reader reads it: in English, and in Portuguese (`simulate --language`),
  CPU milliseconds.

Each pair is measured `RUNS` times, alternating, and the best of each reported with their ratio (1.10 would be
the issue's limit).
"""

from __future__ import annotations

import gc
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.bench.delivery import seed_night

PLAYERS = 1000
NIGHT_GAME = "battle_royale"  # the game whose step is prepared (`bot.bench.delivery.seed_night`'s default)
RUNS = 3
SIMULATED = ("starcraft_mafia", 12)
LANGUAGES = ("pt-BR", "es-ES", "en-US")  # the players' own, a third each; the game's is the first


class _AtOnce:
    """A courier that takes every message at once: only the bot's own work is timed."""

    def __init__(self) -> None:
        self.next_id = 1

    async def post(self, channel_id: int, message: Any) -> int | None:
        self.next_id += 1
        return self.next_id

    async def edit(self, channel_id: int, message_id: int, message: Any) -> None:
        return None

    async def dm(self, user_id: int, message: Any) -> None:
        return None

    async def open_private_thread(self, channel_id: int, name: str) -> int:
        self.next_id += 1
        return self.next_id

    async def add_to_thread(self, thread_id: int, user_id: int) -> None:
        return None

    async def remove_from_thread(self, thread_id: int, user_id: int) -> None:
        return None

    async def check_thread(self, thread_id: int) -> None:
        return None


async def _in_languages(url: str) -> None:
    """The game in the first of `LANGUAGES`, each of its players reading one of them in turn."""
    from sqlalchemy import select, update

    from bot.db.models import Game, Player, Reader
    from bot.db.session import Database

    db = Database(url)
    try:
        async with db.transaction() as session:
            await session.execute(update(Game).values(language=LANGUAGES[0]))
            users = (await session.execute(select(Player.user_id).order_by(Player.id))).scalars().all()
            session.add_all(Reader(user_id=u, chosen=LANGUAGES[i % len(LANGUAGES)]) for i, u in enumerate(users))
    finally:
        await db.dispose()


async def _prepare(url: str) -> float:
    """Milliseconds of the worker's passes until the outbox is empty, to a courier that answers at once."""
    from bot.db.session import Database
    from bot.delivery.worker import OutboxWorker

    db = Database(url)
    try:
        worker = OutboxWorker(db, _AtOnce())
        start = time.perf_counter()
        while (await worker.run_once()).claimed:
            pass
        return (time.perf_counter() - start) * 1000
    finally:
        await db.dispose()


async def delivery_figures(players: int = PLAYERS, runs: int = RUNS) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="brbot-bench-languages-") as workdir:
        english = Path(workdir) / "english.sqlite3"
        await seed_night(f"sqlite+aiosqlite:///{english}", players)
        languages = Path(workdir) / "languages.sqlite3"
        shutil.copyfile(english, languages)
        await _in_languages(f"sqlite+aiosqlite:///{languages}")
        best = {"english": float("inf"), "languages": float("inf")}
        for run in range(runs):
            for name, seeded in (("english", english), ("languages", languages)):
                copy = Path(workdir) / f"{name}{run}.sqlite3"
                shutil.copyfile(seeded, copy)
                best[name] = min(best[name], await _prepare(f"sqlite+aiosqlite:///{copy}"))
    return _pair(best) | {"game": NIGHT_GAME, "players": players}


async def _simulated(language: str) -> float:
    """CPU milliseconds of a whole simulated game with each event's text rendered for a reader of `language`."""
    from bot.bench.game import migrated
    from bot.db.session import Database
    from bot.languages import ENGLISH
    from bot.languages.reader import localized
    from bot.languages.stored import revived
    from bot.services.steps.simulation import simulate

    def shown(row: Any, audience: Any) -> None:
        keyed = getattr(row, "keyed", None)
        if language != ENGLISH:
            str(localized(revived(keyed) if keyed else row.text, language))

    ruleset, players = SIMULATED
    with tempfile.TemporaryDirectory(prefix="brbot-bench-languages-sim-") as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'simulation.sqlite3'}"
        await migrated(url)
        db = Database(url, inline=True)
        try:
            start = time.process_time()
            await simulate(db, players, 3, on_event=shown, ruleset=ruleset)
            return (time.process_time() - start) * 1000
        finally:
            await db.dispose()


async def simulate_figures(runs: int = RUNS) -> dict[str, Any]:
    """Each run starts from a collected heap (`gc.collect`), so that neither side pays for the garbage the runs
    before it left (a collection of the older generations falling in one run or the other was most of the
    difference between two runs of one side)."""
    best = {"english": float("inf"), "languages": float("inf")}
    for _ in range(runs):
        gc.collect()
        best["english"] = min(best["english"], await _simulated("en-US"))
        gc.collect()
        best["languages"] = min(best["languages"], await _simulated(LANGUAGES[0]))
    ruleset, players = SIMULATED
    return _pair(best) | {"game": ruleset, "players": players}


def _pair(best: dict[str, float]) -> dict[str, Any]:
    english, languages = best["english"], best["languages"]
    return {
        "english": round(english, 1),
        "languages": round(languages, 1),
        "ratio": round(languages / english, 3) if english else None,
    }


if __name__ == "__main__":  # python -m bot.bench.languages: these figures alone
    import asyncio
    import json

    async def _both() -> dict[str, Any]:
        return {
            "languages_delivery_ms": await delivery_figures(),
            "languages_simulate_ms": await simulate_figures(),
        }

    print(json.dumps(asyncio.run(_both()), indent=2))

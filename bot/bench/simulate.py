"""`brbot bench`'s whole simulated games (issue 30, point 5): a game played by its computer players through the
services, as `brbot simulate` plays it, timed in CPU milliseconds, with the engine's share of that time.

Each game gets a fresh, migrated SQLite file (the migration is not counted) and the same database `brbot
simulate` uses (`Database(url, inline=True)`); the seed is 3. The time is the process's CPU time
(`time.process_time`: every thread's, a SQLite worker's too), so a busy machine slows it less than a clock
would. The engine's share is the time in the ruleset's resolution (`Ruleset.resolve`); the computer players'
share the time they take to choose their orders (`Play.autoplayer`). A fresh `brbot simulate` process also
pays for its imports and its migration: docs/performance.md measures those whole runs side by side.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.bench.game import migrated
from bot.db.session import Database
from bot.services.steps.simulation import simulate
from engine import registry
from engine.ruleset import Ruleset

GAMES = (("battle_royale", 200), ("battle_royale", 1000), ("starcraft_mafia", 20), ("battle_royale_cards", 6))
# `--quick`: the part runs; the card game (a hundred steps even for two players) is left to the full bench
QUICK_GAMES = (("battle_royale", 4), ("starcraft_mafia", 5))
SEED = 3


def _timed(method: Callable[..., Any], spent: list[float]) -> Callable[..., Any]:
    """`method`, with the CPU time of every call added to `spent[0]`."""

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return method(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - start

    return timed


@contextmanager
def _timing(rules: Ruleset, engine: list[float], computer: list[float]):
    """While in it, the CPU time of the ruleset's `resolve` is added to `engine[0]` and its computer players'
    (`Play.autoplayer`) to `computer[0]` (the instance's own attributes, taken off again at the end)."""
    play = rules.play
    rules.resolve = _timed(rules.resolve, engine)  # type: ignore[method-assign]
    if play.autoplayer is not None:
        vars(rules)["play"] = replace(play, autoplayer=_timed(play.autoplayer, computer))
    try:
        yield
    finally:
        del rules.resolve
        if "play" in vars(rules):
            delattr(rules, "play")  # the class's own part again


async def simulated_game(ruleset: str, players: int) -> dict[str, Any]:
    """One whole simulated game: its CPU milliseconds, and the engine's and the computer players' shares."""
    engine, computer = [0.0], [0.0]
    with tempfile.TemporaryDirectory(prefix="brbot-bench-simulate-") as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'simulation.sqlite3'}"
        await migrated(url)
        db = Database(url, inline=True)
        try:
            with _timing(registry.get(ruleset), engine, computer):
                start = time.process_time()
                result = await simulate(db, players, SEED, ruleset=ruleset, keyed=False)
                spent = time.process_time() - start
        finally:
            await db.dispose()
    return {
        "ms": round(spent * 1000, 1),
        "engine_share": round(engine[0] / spent, 3) if spent else 0.0,
        "computer_players_share": round(computer[0] / spent, 3) if spent else 0.0,
        "steps": result.resolved,
    }


async def simulate_bench(games: tuple[tuple[str, int], ...] = GAMES) -> dict[str, dict[str, Any]]:
    """`simulated_game` of each (game, players), keyed "game/players" ("battle_royale/200")."""
    return {f"{ruleset}/{players}": await simulated_game(ruleset, players) for ruleset, players in games}

"""Finished simulated games for the tests that only read one (its pages, its profiles, its posts' words).

A whole simulated game costs a second or more, and a dozen test files each played the same few again on both
databases. `finished_game` plays one the first time a worker asks for it (by game, players, seed and house
rules) on a database of that kind, keeps the database it left (`Templates.prepared`), and gives every later
test a copy of it, with the same result. The test's database must be fresh (nothing written to it yet); a test
that watches the game being played (a hook on a resolution, a page read mid-game) plays its own instead.
"""

from __future__ import annotations

from typing import Any

from bot.db.session import Database
from bot.services.signup import games
from bot.services.steps import simulation
from bot.services.steps.simulation import SimulationResult

# (players, seed) of the whole game of each type that the profile and the words tests both read, so a worker plays
# it once for the two: with seed 99 the card game ends after 90 steps (the 4 and 7 these tests had took 113 and 110)
SHARED = (6, 99)


async def play(db: Database, ruleset: str, players: int, seed: int, house_rules: dict[str, Any] | None = None):
    """A whole simulated game with `house_rules` set as a moderator sets them before the sign-ups."""
    create = games.create_game

    async def create_with_house_rules(*args, settings, **kwargs):
        return await create(*args, settings=settings | (house_rules or {}), **kwargs)

    games.create_game = create_with_house_rules  # type: ignore[assignment]
    try:
        return await simulation.simulate(db, players, seed, ruleset=ruleset)
    finally:
        games.create_game = create  # type: ignore[assignment]


async def finished_game(
    templates, db: Database, ruleset: str, players: int, seed: int, house_rules: dict[str, Any] | None = None
) -> SimulationResult:
    """A finished game of `ruleset` in the fresh database `db`, played once per worker and kind, then copied."""
    key = f"finished {ruleset} players={players} seed={seed} {sorted((house_rules or {}).items())}"

    async def build(database: Database) -> SimulationResult:
        return await play(database, ruleset, players, seed, house_rules)

    return await templates.prepared(db.url, key, build)

"""What the end-to-end tests of one game read of its progress: the only game's row, and a wait until the
deadline loop has resolved a given day (or step, or turn) or the game is over."""

from __future__ import annotations

import asyncio

from sqlalchemy import select

from bot.db.models import Game
from tests.e2e.fake_discord import PATIENCE


async def game_row(db) -> Game:
    """The database's only game (each end-to-end test plays one)."""
    async with db.read() as session:
        return (await session.execute(select(Game))).scalar_one()


async def stepped(runner, day: int, timeout: float = PATIENCE) -> Game:
    """Wait until the game has moved past `day` (the deadline loop resolved it) or is over."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while (game := await game_row(runner.db)).day <= day and game.status != "over":
        assert loop.time() < end, f"step {day} was not resolved"
        await asyncio.sleep(0.02)
    return game

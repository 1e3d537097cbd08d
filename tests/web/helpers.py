"""Helpers of the web site's tests: open a game's page as its moderators would."""

from __future__ import annotations

from bot.db.session import Database
from bot.services.moderators import game_admin
from tests.services.conftest import mod


async def open_page(db: Database, game_id: int, mode: str = "link") -> str:
    """`/game settings web <mode>` by a moderator; returns the page's address (its key)."""
    from bot.db.models import Game

    await game_admin.change_setting(db, game_id, mod(1), "web", mode)
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None and game.web_key
        return game.web_key

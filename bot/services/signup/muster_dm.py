"""The muster's DM, a player (or a reserve) asked to press Ready (`bot.services.signup.muster`), and its start check
(`everyone_ready`). Apart from the muster so that sign-up (`bot.services.signup.games`: a newcomer during a muster, a
leave that leaves only ready players) can use them without importing the muster, which starts games through
sign-up's own services."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Player
from bot.screens import muster as screen
from bot.services.base.common import outbox, ruleset_of

KIND = "muster"  # the payload kind of the muster's messages: `bot.screens.muster.buttons` gives its DM Ready


def ask(session, game: Game, player: Player) -> None:
    """DM a player (or a reserve) the muster's Ready button."""
    text = screen.dm(game.name, game.muster_until, reserve=player.status == "reserve")
    outbox(session, game, "dm", player.user_id, text, {"kind": KIND, "game": game.id})


def minimum(game: Game) -> int:
    """The fewest players the game starts with (at least one)."""
    return max(1, ruleset_of(game).min_players)


async def everyone_ready(session: AsyncSession, game: Game) -> bool:
    """The muster's start check: the game is mustering, has at least its minimum of players, and every one of
    them pressed Ready (reserves do not count: they hold no place)."""
    if game.status != "signup" or game.muster_until is None:
        return False
    ready = (
        await session.execute(select(Player.ready_at).where(Player.game_id == game.id, Player.status == "joined"))
    ).scalars()
    marks = list(ready)
    return len(marks) >= minimum(game) and all(mark is not None for mark in marks)

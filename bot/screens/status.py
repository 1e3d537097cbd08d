"""/status as a player reads it: a line saying until when the step's orders are open (in each reader's own
time, the step named as the game names it: "Turn 3"), then the game's own cards of the player's view
(`Cards.status`, escaped where they carry what players wrote). /orders begins with the same line. The cog
reads the view and the game; this module says how it reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.screens.parts import said
from bot.wording import discord_time
from engine.front import Card

TEXTS: dict[str, str] = {
    "deadline_line": "{step}: orders are open until {deadline}.",
    "status_not_started": "{game} has not started yet, so you have no status: it appears when a moderator starts the game.",
}


@dataclass(frozen=True)
class Status:
    """What /status sends: the deadline line (None: no deadline runs) and the cards."""

    content: str | None
    cards: list[Card]


def deadline_line(step: str, deadline: datetime | None) -> str | None:
    """When the orders of `step` close (None when no deadline runs)."""
    if deadline is None:
        return None
    return said(TEXTS, "deadline_line", step=step, deadline=discord_time(deadline))


def status(step: str, deadline: datetime | None, cards: list[Card]) -> Status:
    return Status(content=deadline_line(step, deadline), cards=cards)


def not_started(game: str) -> str:
    """The refusal of /status before the game has started."""
    return said(TEXTS, "status_not_started", game=game)

"""Resuming a paused game: one rule whether a moderator resumes it or its timed pause runs out.

After a resume the players get time to send orders: a deadline that passed during the pause, or that
comes within the hour, moves to one hour after the resume (`GRACE`). The channel is told that the game
resumed and until when orders are open, and the audit log records who resumed it (nobody, with
`automatic`, when a timed pause ends: the deadline loop calls `resume_if_due`).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game
from bot.db.session import Database
from bot.services.base.common import announce, audit, load_game
from bot.text import say, when

GRACE = timedelta(hours=1)


def resume_locked(
    session: AsyncSession, game: Game, now: datetime, actor_id: int | None, automatic: bool = False
) -> None:
    """Resume a paused game the caller has claimed (loaded with `lock`)."""
    game.status = "running"
    game.paused_until = None
    if game.deadline is not None and game.deadline < now + GRACE:
        game.deadline = now + GRACE
    if automatic:
        audit(session, game, actor_id, "resume", automatic=True)
    else:
        audit(session, game, actor_id, "resume")
    key = "resumed_automatically" if automatic else "resumed"
    text = say(key, deadline=when(game.deadline)) if game.deadline is not None else say("resumed_no_deadline")
    announce(session, game, text, {"kind": "resume", "automatic": automatic})


async def resume_if_due(db: Database, game_id: int, now: datetime) -> bool:
    """Resume the game if it is still paused and its pause has run out; True if it was resumed."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "paused" or game.paused_until is None or game.paused_until > now:
            return False  # a moderator resumed it, or changed the pause, meanwhile
        resume_locked(session, game, now, None, automatic=True)
        return True

"""The muster's DM: a player (or a reserve) asked to press Ready (`bot.services.muster`). Apart from the muster so
that sign-up (`bot.services.games`, a newcomer during a muster) can ask without importing the muster, which starts
games through sign-up's own services."""

from __future__ import annotations

from bot.db.models import Game, Player
from bot.services.common import outbox
from bot.text import say, when

KIND = "muster"  # the payload kind of the muster's DM: `bot.ui.buttons` gives it the Ready button


def ask(session, game: Game, player: Player) -> None:
    """DM a player (or a reserve) the muster's Ready button."""
    reserve = say("muster_dm_reserve") if player.status == "reserve" else ""
    outbox(
        session,
        game,
        "dm",
        player.user_id,
        say("muster_dm", name=game.name, until=when(game.muster_until), reserve=reserve),
        {"kind": KIND, "game": game.id},
    )

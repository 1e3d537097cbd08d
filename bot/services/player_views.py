"""What one player may know of their game, for /status, /map and autocomplete: the ruleset's view, nothing more.

`player_view` finds the player's seat and asks the ruleset for that seat's view of the current state; a
game that has not started, or a user who is not playing in it, is refused with the specific reason.
`rule_setting` reads one of the game's rules settings (public: the rules page lists them).
"""
from __future__ import annotations

from typing import Any

from bot.db.session import Database
from bot.services.common import load_game, load_state, player_of, ruleset_of


async def player_view(db: Database, game_id: int, user_id: int) -> dict[str, Any]:
    """The view of the player's seat (`Ruleset.view`): their own record, what they see, the public facts."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        player = await player_of(session, game_id, user_id)
        state = load_state(game)
    return ruleset_of(game).view(state, player.seat)


async def rule_setting(db: Database, game_id: int, name: str, default: Any = None) -> Any:
    """One of the rules settings the game is played with (from its state), by name."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        state = load_state(game) if game.state is not None else None
    return getattr(getattr(state, "settings", None), name, default)

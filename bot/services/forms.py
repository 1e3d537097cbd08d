"""Commands a game answers with a form (`/day0`): the form for a player now, and its submission.

The game's front builds the form from the player's own view and current orders (`Front.form`), or says why
there is none; the values submitted become orders through `Front.apply` with the form's command name, then
are validated by the engine and stored like any order.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.db.session import Database
from bot.services import day_actions
from bot.services.commands import Given
from bot.services.errors import ServiceError, engine_refusals
from bot.services.lookup import game_by_id
from bot.services.orders import submit_orders
from bot.services.player_views import player_view
from bot.text import say
from engine import registry
from engine.front import Asked, Form, Front


async def _front(db: Database, game_id: int, name: str) -> Front:
    """The game's front, refused (naming the game) when it has no form command `name`."""
    game = await game_by_id(db, game_id)
    front = registry.front(game.ruleset)
    if not any(f.name == name for f in front.forms):
        raise ServiceError(say("no_such_command", command=name, game=front.title or game.ruleset))
    return front


async def form_for(db: Database, game_id: int, user_id: int, name: str) -> Form:
    """The form of command `name` for this player now; refused with the game's reason when there is none."""
    front = await _front(db, game_id, name)
    view = await player_view(db, game_id, user_id)
    current = await day_actions.current_payload(db, game_id, user_id)
    made = front.form(name, view, current)
    if isinstance(made, str):
        raise ServiceError(made)
    return made


async def submit_form(
    db: Database, game_id: int, user_id: int, name: str, values: dict[str, list[str]], now: datetime
) -> Given:
    """The form's values (select name -> values chosen) as the player's new orders."""
    front = await _front(db, game_id, name)
    view = await player_view(db, game_id, user_id)
    current: dict[str, Any] = await day_actions.current_payload(db, game_id, user_id)
    with engine_refusals():
        change = front.apply(Asked(command=name, values=values, view=view, current=current))
    submitted = await submit_orders(db, game_id, user_id, change.orders, now)
    return Given(submitted=submitted, summary=change.summary, removed=change.removed, reply=change.reply)

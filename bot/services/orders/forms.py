"""Commands a game answers with a form (`/day0`): the form for a player now, and its submission.

The game's front builds the form from the player's own view and current orders (`Orders.form`), or says why
there is none; the values submitted are checked against that form (`chosen`: its selects, their choices, how
many each takes), then become orders through `Orders.apply` with the form's command name, and are validated
by the engine and stored like any order.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.db.session import Database
from bot.services.base.errors import ServiceError, engine_refusals
from bot.services.base.lookup import game_by_id
from bot.services.orders import day_actions
from bot.services.orders.commands import Given, shown
from bot.services.orders.orders import submit_orders
from bot.services.orders.player_views import player_view
from bot.text import say
from engine import registry
from engine.front import Asked, Form, Front


async def _front(db: Database, game_id: int, name: str) -> Front:
    """The game's front, refused (naming the game) when it has no form command `name`."""
    game = await game_by_id(db, game_id)
    front = registry.front(game.ruleset)
    if not any(f.name == name for f in front.orders.forms):
        raise ServiceError(say("no_such_command", command=name, game=front.title or game.ruleset))
    return front


async def form_for(db: Database, game_id: int, user_id: int, name: str) -> Form:
    """The form of command `name` for this player now; refused with the game's reason when there is none."""
    front = await _front(db, game_id, name)
    view = await player_view(db, game_id, user_id)
    current = await day_actions.current_payload(db, game_id, user_id)
    made = front.orders.form(name, view, current)
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
    made = front.orders.form(
        name, view, current
    )  # the form as the player has it now: its choices are the values allowed
    if isinstance(made, str):
        raise ServiceError(made)
    values = chosen(made, values, name)
    with engine_refusals():
        change = front.orders.apply(Asked(command=name, values=values, view=view, current=current))
    submitted = await submit_orders(db, game_id, user_id, change.orders, now)
    return Given(submitted=submitted, summary=change.summary, removed=change.removed, reply=change.reply)


def chosen(form: Form, values: Any, command: str) -> dict[str, list[str]]:
    """The values submitted (select name -> values chosen), refused unless each names a select of the form and
    only its choices, each once and no more than it takes: what its menus can send, whoever the caller is. A
    select left out (or left empty) keeps what the orders had: the game decides (`Orders.apply`)."""
    if not isinstance(values, dict):
        raise ServiceError(say("malformed_values", command=command))
    selects = {select.name: select for select in form.selects}
    for name, picked in values.items():
        select = selects.get(name)
        if select is None:
            raise ServiceError(say("not_in_form", command=command, select=shown(name)))
        if not isinstance(picked, list) or not all(isinstance(value, str) for value in picked):
            raise ServiceError(say("wrong_type", what=f"`{name}`", kind=say("kind_choices")))
        allowed = {value for _, value, _ in select.choices}
        stray = next((value for value in picked if value not in allowed), None)
        if stray is not None:
            raise ServiceError(say("not_a_form_choice", select=name, value=shown(stray)))
        if len(set(picked)) != len(picked) or len(picked) > select.most:
            raise ServiceError(say("form_too_many", select=name, most=select.most))
    return {name: list(picked) for name, picked in values.items()}

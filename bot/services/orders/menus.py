"""The menu of an order command (issue 33, point 1): every option of one verb as a select menu, from the
player's own view, for what the command's few shared options (`engine.front.SLOTS`) cannot say.

A verb typed without an option it requires (`/attack` alone, `/skill action:settrap`) is answered with its
menu (`commands.NeedsMenu`): one select per option, labelled in the game's words (the option's description,
its chooser's labels), preselected with what was typed. An option chosen from the game's chooser gets the
chooser's choices for the options chosen so far (the menu is built again as the player goes on); one with
fixed choices gets those; a yes-or-no option "yes" and "no"; a number the numbers its bounds allow (at most
25). Submitting gives the order exactly as typed (`commands.give_order` with the game's option names):
validated by the game and the engine, confirmed with the receipt.
"""

from __future__ import annotations

from typing import Any

from bot.db.session import Database
from bot.services.base import limits, snapshots
from bot.services.base.errors import ServiceError
from bot.services.orders.player_views import view_and_orders
from bot.text import say
from engine import registry
from engine.front import Card, Command, Form, Front, Option, Select

YES, NO = "yes", "no"
NUMBERS_MAX = 25  # Discord's options in one select


def numbers(option: Option) -> list[int]:
    """The whole numbers a menu offers for a number option: from its least (or 1 when its default is, else 0)."""
    default = option.default if isinstance(option.default, int) and not isinstance(option.default, bool) else 0
    least = int(option.min_value) if option.min_value is not None else (1 if default >= 1 else 0)
    most = int(option.max_value) if option.max_value is not None else least + NUMBERS_MAX - 1
    return list(range(least, min(most, least + NUMBERS_MAX - 1) + 1))


def shown(value: Any) -> str:
    """A value as a select holds it (a text)."""
    if isinstance(value, bool):
        return YES if value else NO
    return str(value)


def typed(option: Option, value: str) -> Any:
    """A select's value as the option's type: yes or no a boolean, a number a number; refused when it is not."""
    if option.type == "boolean":
        return value == YES
    if option.type in ("integer", "number"):
        try:
            return int(value) if option.type == "integer" else float(value)
        except ValueError:
            raise ServiceError(say("wrong_type", what=f"`{option.name}`", kind=say(f"kind_{option.type}"))) from None
    return value


def values_of(command: Command, picked: dict[str, list[str]]) -> dict[str, Any]:
    """What the menu's selects hold (option -> values picked) as the verb's option values; an option left
    empty is left out (its default), an unknown one refused."""
    out: dict[str, Any] = {}
    for name, values in picked.items():
        option = command.option(name)
        if option is None:
            raise ServiceError(say("option_not_of_verb", command=command.usage, option=name))
        if values:
            out[name] = typed(option, str(values[0]))
    return out


def _choices(front: Front, option: Option, view: dict[str, Any], given: dict[str, Any], current: dict[str, Any]):
    if option.source:
        pairs = front.orders.choices(option.source, view, "", given, current)
    elif option.choices:
        pairs = list(option.choices)
    elif option.type == "boolean":
        pairs = [(say("menu_yes"), YES), (say("menu_no"), NO)]
    elif option.type in ("integer", "number"):
        pairs = [(str(n), str(n)) for n in numbers(option)]
    else:
        pairs = []
    return tuple((str(label), str(value), "") for label, value in pairs)


def verb_menu(
    front: Front, command: Command, view: dict[str, Any], current: dict[str, Any] | None, given: dict[str, Any]
) -> Form:
    """The menu of `command` for this view: a select per option that has choices now, what `given` holds
    preselected (shown even when the chooser no longer offers it)."""
    selects = []
    for option in command.options:
        choices = _choices(front, option, view, given, current or {})
        chosen = given.get(option.name)
        if chosen is not None and shown(chosen) not in {value for _, value, _ in choices}:
            choices = ((shown(chosen), shown(chosen), ""), *choices)
        if not choices:
            continue
        placeholder = option.description + ("" if not option.required else say("menu_required"))
        selects.append(
            Select(
                name=option.name,
                placeholder=placeholder,
                choices=choices,
                least=0,
                chosen=(shown(chosen),) if chosen is not None else (),
            )
        )
    card = Card(title=f"/{command.usage}", description=command.description)
    return Form(card=card, selects=tuple(selects), submit_label=say("menu_submit"))


async def menu_for(
    db: Database,
    game_id: int,
    user_id: int,
    verb: str,
    given: dict[str, Any],
    actor: str | None = None,
    moderator: Any = False,
) -> tuple[Command, Form]:
    """The verb's menu for this player (or the actor they order for) now, with `given` preselected."""
    limits.game_number(game_id)
    ruleset = (await snapshots.snapshot(db, game_id)).ruleset  # a game's never changes: its cached snapshot's
    front = registry.front(ruleset)
    command = front.orders.command(verb)
    if command is None:
        raise ServiceError(say("no_such_command", command=verb, game=front.title or ruleset))
    view, current = await view_and_orders(db, game_id, user_id, actor, moderator)
    return command, verb_menu(front, command, view, current, given)

"""A game's order command used by a player: its options become orders through the game's front, then are
validated by the engine and stored like any submission.

`give_order` reads the player's view and current orders (or the game's default), fills in the defaults of
options left out, asks the game's front (`Orders.apply`) for the new orders and submits them with
`orders.submit_orders`; an offer the new orders make to another player reaches them (`trading.send_offers`).
A refusal from the front or the engine changes nothing and says why. With `under` the command is a verb
chosen in that grouped command (`/skill action:<verb>`): the game must file the verb under it, and an option
the verb does not have is refused by name. With `actor`
(the command's `as` option) the order is for another actor the user may order for (`actors.acting_for`: a
moderator for an NPC), read through that actor's view and orders.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.db.session import Database
from bot.languages.names import english_names
from bot.languages.reader import READER
from bot.services.base import limits, rights
from bot.services.base.common import load_game, load_state, ruleset_of
from bot.services.base.errors import ServiceError, engine_refusals
from bot.services.base.lookup import game_by_id
from bot.services.base.rights import Caller
from bot.services.orders import day_actions, trading
from bot.services.orders.context import Unreadable, game_snapshot, order_context, seat_of_player, view_of
from bot.services.orders.orders import (
    Submitted,
    _validated,
    check_may_act,
    current_orders,
    may_act_now,
    submit_orders,
)
from bot.services.orders.player_views import actor_view, player_view
from bot.text import say
from engine import registry
from engine.front import ACTION_OPTION, Asked, Change, Command, Option, Refused


@dataclass
class Given:
    submitted: Submitted
    summary: list[str]
    removed: bool
    reply: str | None = None  # the front's own words for what was done, instead of the summary
    command: Command | None = None  # the verb given
    values: dict[str, Any] = field(default_factory=dict)  # its options as given (the game's names), to prefill

    def more_options(self) -> bool:
        """Whether the verb has options this order was given without (left out, or only its menu carries them):
        the answer to a typed command offers its menu, prefilled (`left_out`)."""
        return self.command is not None and left_out(self.command, self.values)


def _given(submitted: Submitted, change: Change, command: Command, values: dict[str, Any]) -> Given:
    """What was given, as the answer to a typed order or a menu's reads it."""
    return Given(
        submitted=submitted,
        summary=change.summary,
        removed=change.removed,
        reply=change.reply,
        command=command,
        values=values,
    )


def left_out(command: Command, values: dict[str, Any]) -> bool:
    """Whether `command` has an option `values` do not give: one left out, or one no shared option carries."""
    return any(values.get(o.name) is None for o in command.options)


class OrderRefused(ServiceError):
    """The game's front refused the order as given (`Refused`: an option it cannot read, one it needs left out),
    with the verb and its options as given (the game's names), so a typed command's answer can offer the verb's
    menu prefilled. The rules' own refusals (`validate`: not now, not this seat) stay plain `ServiceError`s."""

    def __init__(self, command: Command, values: dict[str, Any], reason: str) -> None:
        super().__init__(reason)
        self.command, self.values = command, values


@contextmanager
def refused_as_order(command: Command, values: dict[str, Any]) -> Iterator[None]:
    """Within it, the front's refusal of the order (`Refused`) becomes `OrderRefused`."""
    try:
        yield
    except Refused as refusal:
        raise OrderRefused(command, values, refusal.reason) from None


class NeedsMenu(ServiceError):
    """A command typed without an option its verb requires: the bot answers with the verb's menu (every
    option, from the player's view), `values` (the game's option names) what was typed."""

    def __init__(self, command: Command, values: dict[str, Any], reason: str | None = None) -> None:
        super().__init__(say("option_needed", option=_term(command.options[0]), command=command.usage))
        self.command, self.values, self.reason = command, values, reason  # `reason`: the game's, as it stands


def declared(ruleset: str, name: str, under: str | None = None) -> Command:
    """The command `name` as the game declares it; refused, naming the game and the command as typed, if it
    has none (a verb of another game). The verb decides, not the command: `under` (the grouped command it
    was typed in) may be any, the game's verb is given whichever the player tried. A step button or another
    service names the verb alone."""
    front = registry.front(ruleset)
    command = front.orders.command(name)
    if command is None:
        shown = f"{under} {ACTION_OPTION}:{name}" if under else name
        raise ServiceError(say("no_such_command", command=shown, game=front.title or ruleset))
    return command


def _term(option: Option) -> str:
    """An option as a refusal names it to the player: the shared option typed and the game's own words."""
    own = option.description.rstrip(".")
    return f"`{option.slot or option.name}` ({own})" if own else f"`{option.slot or option.name}`"


def from_slots(command: Command, values: dict[str, Any]) -> dict[str, Any]:
    """What the player typed in the shared options (`SLOTS`), as the verb's own options: each slot's value
    under the name of the option the game files in it, a whole number typed as text made one; a slot the verb
    does not use is refused by name."""
    if not isinstance(values, dict):
        raise ServiceError(say("malformed_values", command=command.usage))
    out: dict[str, Any] = {}
    for slot, value in values.items():
        if value is None:
            continue
        option = command.in_slot(slot)
        if option is None:
            raise ServiceError(say("option_not_of_verb", command=command.usage, option=slot))
        if option.type == "integer" and isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise ServiceError(say("wrong_type", what=_term(option), kind=say("kind_integer"))) from None
        out[option.name] = value
    return out


def filled_in(command: Command, values: dict[str, Any], shown_as: str) -> dict[str, Any]:
    """Every option of the command: the value given, or the option's default when left out; refused,
    naming the first required option left out and the command as the user typed it (`shown_as`). Options
    the command does not declare are left out (another game's, under a merged command)."""
    if not isinstance(values, dict):
        raise ServiceError(say("malformed_values", command=shown_as))
    for option in command.options:
        checked(option, values.get(option.name))
    filled = {o.name: values.get(o.name) if values.get(o.name) is not None else o.default for o in command.options}
    missing = [o for o in command.options if o.required and filled[o.name] is None]
    if missing:
        raise ServiceError(say("option_needed", option=_term(missing[0]), command=shown_as))
    return filled


def _of_type(kind: str, value: Any) -> bool:
    """Whether `value` is of the option type `kind` (a user: their id, or a member with one)."""
    if kind == "boolean":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind == "integer":
        return isinstance(value, int)
    if kind == "number":
        return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))
    if kind == "user":
        return isinstance(value, int) or isinstance(getattr(value, "id", None), int)
    return isinstance(value, str)


def checked(option: Option, value: Any) -> Any:
    """An option's value of its declared type, among its declared choices if it has fixed ones, and within its
    declared limits (a text's length and characters, a number's range; where the game declares none, the
    bot's: `bot.services.base.limits`); refused, naming the option, when it is not."""
    what = f"`{option.name}`"
    if value is None:
        return None
    if not _of_type(option.type, value):
        raise ServiceError(say("wrong_type", what=what, kind=say(f"kind_{option.type}")))
    if option.choices and value not in [choice for _, choice in option.choices]:  # Discord offers only these
        allowed = ", ".join(f"`{choice}`" for _, choice in option.choices)
        raise ServiceError(say("not_a_choice", what=what, choices=allowed, value=shown(value)))
    if isinstance(value, str):
        return limits.text(value, what, option.max_length or limits.OPTION_TEXT_MAX)
    least = option.min_value if option.min_value is not None else limits.INTEGER_MIN
    most = option.max_value if option.max_value is not None else limits.INTEGER_MAX
    return limits.number(value, what, least, most)


def shown(value: Any) -> str:
    """A value refused, as a refusal quotes it: in code quotes, cut short, with no character the message could
    not carry."""
    text = limits.UNSTORABLE.sub("?", str(value)).replace("`", "'")
    return f"`{text[:50]}`" + ("…" if len(text) > 50 else "")


async def give_order(
    db: Database,
    game_id: int,
    user_id: int,
    name: str,
    values: dict[str, Any],
    now: datetime,
    actor: str | None = None,
    moderator: Caller | bool = False,
    under: str | None = None,
    slotted: bool = False,
) -> Given:
    """The player's command `name` with its options `values` made into orders and submitted; with `actor`, for
    that actor (`moderator`: the caller, who orders for the NPCs if they moderate the game: `rights`).
    `slotted`: `values` are what was typed in the shared options (`from_slots`), and a required option left
    out raises `NeedsMenu` (the bot opens the verb's menu) once the game, the phase and the player allow it.

    A player's own command reads its game once (`context.OrderContext`, from the cached snapshot): a refusal
    stands only when a fresh snapshot refuses too. An order `as` another actor, or for a game whose state the
    snapshot cannot read, reads the game layer by layer (`_given_as_read`), with the same refusals."""
    limits.text(actor, say("what_actor"), limits.OPTION_TEXT_MAX)
    if actor is not None:
        return await _given_as_read(db, game_id, user_id, name, values, now, actor, moderator, under, slotted)
    if moderator is not None and moderator is not False:  # a moderator's own seat: their rights checked as before
        await rights.game_master(db, game_id, moderator)
    for fresh in (False, True):
        try:
            snap = await game_snapshot(db, game_id, fresh)
        except Unreadable:
            return await _given_as_read(db, game_id, user_id, name, values, now, actor, moderator, under, slotted)
        try:
            command = declared(snap.ruleset, name, under)
            own = _typed_names(command, from_slots(command, values) if slotted else values, snap.ruleset)
            _no_stray(command, own, under)
            seat = seat_of_player(snap, user_id)
            view = view_of(snap, seat)
            if snap.status == "over":  # before the phase: a finished game's phase is no reason to give
                raise ServiceError(say("game_over"))
            wanted = slotted and _missing(command, own, view)
            if wanted == NEEDED:
                may_act_now(snap, user_id)  # the dead get no menu
                raise NeedsMenu(command, own)
            filled = _now_filled(command, own, view)
            context = await order_context(db, snap, user_id, seat, view)
            may_act_now(snap, user_id)  # the dead are told so, whatever they typed
            front = registry.front(snap.ruleset)
            if wanted == OFFERED:
                try:  # the order as it stands: the game's refusal heads the menu (a Ghost's Stim Pack)
                    _validated(snap, seat, _try(front, command, filled, view, context.current))
                    reason = None
                except ServiceError as refused:
                    reason = str(refused)
                raise NeedsMenu(command, own, reason)
            with engine_refusals(), refused_as_order(command, own):
                change = front.orders.apply(Asked(command=name, values=filled, view=view, current=context.current))
            submitted = await submit_orders(db, game_id, user_id, change.orders, now, None, moderator, snap=snap)
        except ServiceError:
            if not fresh:
                continue  # perhaps the snapshot is stale: refuse only on fresh data
            raise
        break
    after = submitted.payload or {}
    trade = front.trade
    if trade is not None and (
        change.offered or any(trade.offer_to(after, seat) is not None for seat in context.others())
    ):
        await trading.send_offers(db, game_id, user_id, context.current, after, submitted.day, change.offered)
    return _given(submitted, change, command, own)


def _typed_names(command: Command, values: Any, ruleset: str) -> Any:
    """The options that name something the game offers (what a chooser offers) as the game reads
    them, a name typed in the reader's language made its English (`bot.languages.names`); free text as typed."""
    if not isinstance(values, dict):
        return values  # refused later, as it was
    named = {k: v for k, v in values.items() if (o := command.option(k)) is not None and o.source}
    return {**values, **english_names(named, READER.get(), ruleset)}


def _no_stray(command: Command, values: dict[str, Any], under: str | None) -> None:
    """Under a grouped command, an option the verb does not have is refused by name."""
    if under is not None:
        stray = sorted(k for k, v in values.items() if v is not None and command.option(k) is None)
        if stray:
            raise ServiceError(say("option_not_of_verb", command=command.usage, option=stray[0]))


NEEDED, OFFERED = "needed", "offered"


def _missing(command: Command, values: dict[str, Any], view: dict[str, Any]) -> str:
    """Whether the verb's menu is wanted: `NEEDED` when an option it requires is left out, `OFFERED` when
    nothing was typed and it has options only its menu offers (once the game accepts the order as it stands:
    `_try`), "" when not (a command the phase does not have is refused first)."""
    if command.phases and view.get("phase") not in command.phases:
        raise ServiceError(say("command_not_now", command=command.usage))
    if any(o.required and values.get(o.name) is None and o.default is None for o in command.options):
        return NEEDED
    return OFFERED if not values and command.menu_only else ""


def _try(
    front: Any, command: Command, filled: dict[str, Any], view: dict[str, Any], current: dict[str, Any]
) -> dict[str, Any]:
    """The order as typed, asked of the game without saving it (the orders it makes, for the engine to
    validate): its refusal (a Ghost's Stim Pack, or a choice the menu offers left out) heads the menu."""
    with engine_refusals():
        return front.orders.apply(Asked(command=command.name, values=filled, view=view, current=current)).orders


def _now_filled(command: Command, values: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The command's options filled in (`filled_in`), refused first when the game is not in a phase it has."""
    if command.phases and view.get("phase") not in command.phases:
        raise ServiceError(say("command_not_now", command=command.usage))
    return filled_in(command, values, command.usage)


async def _given_as_read(
    db: Database,
    game_id: int,
    user_id: int,
    name: str,
    values: dict[str, Any],
    now: datetime,
    actor: str | None,
    moderator: Caller | bool,
    under: str | None,
    slotted: bool = False,
) -> Given:
    """`give_order` reading the game at each layer: for an order `as` another actor, and for a game whose state
    cannot be read into a snapshot (its refusal then comes where it always came)."""
    game = await game_by_id(db, game_id)
    moderator = moderator if await rights.game_master(db, game_id, moderator) else False
    command = declared(game.ruleset, name, under)
    values = _typed_names(command, from_slots(command, values) if slotted else values, game.ruleset)
    _no_stray(command, values, under)
    if actor is not None:
        view, current = await _actor_now(db, game_id, user_id, actor, moderator)
    else:
        view = await player_view(db, game_id, user_id)
    if game.status == "over":  # before the phase: a finished game's phase is no reason to give
        raise ServiceError(say("game_over"))
    wanted = slotted and _missing(command, values, view)
    if wanted == NEEDED:
        await check_may_act(db, game_id, user_id, actor, moderator)  # the dead get no menu
        raise NeedsMenu(command, values)
    filled = _now_filled(command, values, view)
    if actor is None:
        current = await day_actions.current_payload(db, game_id, user_id)
    await check_may_act(db, game_id, user_id, actor, moderator)  # the dead are told so, whatever they typed
    if wanted == OFFERED:
        try:
            _try(registry.front(game.ruleset), command, filled, view, current)
            reason = None
        except ServiceError as refused:
            reason = str(refused)
        raise NeedsMenu(command, values, reason)
    with engine_refusals(), refused_as_order(command, values):
        change = registry.front(game.ruleset).orders.apply(
            Asked(command=name, values=filled, view=view, current=current)
        )
    submitted = await submit_orders(db, game_id, user_id, change.orders, now, actor, moderator)
    if actor is None:  # an offer to another player is a player's own (an NPC's orders offer nothing)
        await trading.send_offers(db, game_id, user_id, current, submitted.payload or {}, submitted.day, change.offered)
    return _given(submitted, change, command, values)


async def _actor_now(
    db: Database, game_id: int, user_id: int, actor: str, moderator: Caller | bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The view and current orders (or the game's default) of the actor the user orders for `as`."""
    view = await actor_view(db, game_id, user_id, actor, moderator)
    async with db.read() as session:
        game = await load_game(session, game_id)
        live = (await current_orders(session, game)).get(actor)
    if live is not None:
        return view, live
    return view, ruleset_of(game).default_orders(load_state(game), actor).model_dump(mode="json")

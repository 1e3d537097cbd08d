"""Buttons for a player's next step (`Orders.step_buttons`): offered by DM whenever a step opens for that
player (the message telling them it is their move), and a click turned into the very order the command it
names would give (`commands.give_order`: the front's `apply`, the engine's `validate`, the same receipt).
In a game played one actor at a time (`pacing = "sequential"`) the player whose step opens is told by DM
even when the game has no buttons for it (nothing else tells them before the reminder near the deadline).

A button's custom id is `brbot:step:<game>:<day>:<key>`, where `key` is a digest of its command and option
values: a click is answered only while the game is still at that step and the player's buttons now still
include that one; otherwise it is refused as out of date, changing nothing. Nothing of the game's is in the
id beyond the digest, and the buttons come from the player's own view, so they show nothing he may not see.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game
from bot.db.repositories import seat_map
from bot.db.session import Database
from bot.services.base.common import outbox
from bot.services.base.errors import ServiceError
from bot.services.base.lookup import game_by_id
from bot.services.orders import day_actions
from bot.services.orders.player_views import player_view
from bot.text import say, when
from engine import registry
from engine.front import STEP_BUTTONS_MAX, StepButton
from engine.keyed import joined
from engine.ruleset import Ruleset

KIND = "step_buttons"  # the outbox payload's kind: a DM carrying step buttons
PREFIX = "brbot:step"
STYLES = ("primary", "secondary", "success", "danger")


def key(button: StepButton) -> str:
    """12 hex digits naming the button's command and values (not its label)."""
    named = json.dumps([button.command, sorted([str(k), v] for k, v in button.values)], sort_keys=True, default=str)
    return hashlib.sha256(named.encode()).hexdigest()[:12]


def custom_id(game_id: int, day: int, button: StepButton) -> str:
    return f"{PREFIX}:{game_id}:{day}:{key(button)}"


def specs(game_id: int, day: int, buttons: list[StepButton]) -> list[dict[str, Any]]:
    """The buttons as an outbox payload keeps them (distinct, at most Discord's 25)."""
    seen: dict[str, dict[str, Any]] = {}
    for b in buttons:
        ref = custom_id(game_id, day, b)
        style = b.style if b.style in STYLES else "secondary"
        label = b.label if len(b.label) <= 80 else b.label[:80]  # a label that fits keeps its key (a `Keyed`)
        seen.setdefault(ref, {"custom_id": ref, "label": label, "style": style})
    return list(seen.values())[:STEP_BUTTONS_MAX]


def declares(ruleset: str) -> bool:
    """Whether the game has step buttons at all (its front declares `Orders.step_buttons`)."""
    return registry.front(ruleset).orders.step_buttons is not None


def tells(game: Game, ruleset: Ruleset) -> bool:
    """Whether a step opening in this game is DMed to its player: with buttons, or one actor at a time."""
    return declares(game.ruleset) or ruleset.pacing == "sequential"


def for_seat(game: Game, ruleset: Ruleset, state: Any, seat: str) -> list[dict[str, Any]]:
    """The buttons of `seat`'s next step as an outbox payload keeps them ([]: the game declares none)."""
    if not declares(game.ruleset):
        return []
    return specs(game.id, game.day, registry.front(game.ruleset).orders.buttons(ruleset.view(state, seat), {}))


async def offer(
    session: AsyncSession,
    game: Game,
    ruleset: Ruleset,
    state: Any,
    skip: frozenset[str] = frozenset(),
    seats: dict[str, int] | None = None,
) -> set[str]:
    """DM every awaited player whose game declares buttons for their next step: it is their move, until the
    deadline, with the buttons. One actor at a time, a player with no buttons for the step is told too (not
    while a question is pending: the question's own DM tells them). `skip`: seats already told, with their
    buttons (a question's DM carries them: one DM, not two). `seats`: the game's `seat_map`, if the caller has
    just read it (else it is read here). Returns the seats told (each DM carries the orders card's button)."""
    with_buttons = declares(game.ruleset)
    told_plainly = ruleset.pacing == "sequential" and ruleset.pending(state) is None
    told: set[str] = set()
    if game.deadline is None or not (with_buttons or told_plainly) or ruleset.is_over(state):
        return told  # a game without step buttons costs nothing here (no view built for its players)
    front = registry.front(game.ruleset)
    users = seats if seats is not None else await seat_map(session, game.id)
    for actor in ruleset.awaiting(state):
        seat = ruleset.controller(state, actor)  # a character with an id of its own: its player's seat
        if seat is None or seat not in users or seat in skip:
            continue
        view = ruleset.view(state, seat)
        buttons = specs(game.id, game.day, front.orders.buttons(view, {})) if with_buttons else []
        if buttons:
            text = say("step_yours", game=game.name, step=front.words.name(game.day), deadline=when(game.deadline))
            payload = {"kind": KIND, "day": game.day, "seat": seat, "buttons": buttons[: STEP_BUTTONS_MAX - 1]}
        elif told_plainly:
            text = say(
                "step_yours_plain", game=game.name, step=front.words.name(game.day), deadline=when(game.deadline)
            )
            payload = {"kind": "step_yours", "day": game.day, "seat": seat}
        else:
            continue
        payload |= {"game": game.id, "user": users[seat]}  # the orders card's button (`bot.ui.buttons.buttons_for`)
        # how the game's step is given (a post built over commands, then sent)
        hint = front.orders.step_hint(view) if front.orders.step_hint else ""
        outbox(session, game, "dm", users[seat], joined("\n", [text, hint]) if hint else text, payload)
        told.add(seat)
    return told


async def press(db: Database, game_id: int, user_id: int, day: int, pressed: str, now: datetime):
    """The order of the step button `pressed` (its key) on a message of step `day`: refused when out of date."""
    from bot.services.orders.commands import give_order

    game = await game_by_id(db, game_id)
    if game.status != "running" or game.day != day:
        raise ServiceError(say("step_button_old"))
    view = await player_view(db, game_id, user_id)
    current = await day_actions.current_payload(db, game_id, user_id)
    button = next((b for b in registry.front(game.ruleset).orders.buttons(view, current) if key(b) == pressed), None)
    if button is None:
        raise ServiceError(say("step_button_old"))
    return await give_order(db, game_id, user_id, button.command, dict(button.values), now)

"""The pacing a game declares, applied to its steps: whose orders the bot waits for, what fills in for the
game master's NPCs at the deadline, and who is told that the next step waits for them.

- `with_npc_orders`: at resolution, each awaited NPC of the game master (`Ruleset.actors`, controller None)
  that no moderator ordered gets its scripted orders (`Ruleset.npc_orders`), drawn from the step's seed and
  stored as its order row, so verifying the step finds the orders it used and replays to the same outcome.
- `resolves_early`: a game resolves before its deadline once every awaited actor has acted when its early
  resolution is on, and always when it is played one actor at a time (each step ends when its actor acts).
- `step_hours`: a pending question's own length, which replaces the game's deadline rule for that step.
- `turn_deadline`: one deadline per turn: a step that leaves the same turn going on (`Ruleset.same_turn`)
  keeps the deadline the turn began with, while it is still ahead.
- `announce_step`: the pending question goes to its player by DM (or to the moderators for an NPC), with its
  choices, default and deadline; awaited NPCs are announced to the moderators; otherwise each awaited player
  whose game declares buttons for the next step gets them by DM (`step_buttons.offer`). An awaited player told
  nothing of their own whom the resolution DMed gets the orders card's button on that DM (`orders_on_results`).
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Order
from bot.db.repositories import seat_map
from bot.services.base import due, fairness
from bot.services.base.common import outbox
from bot.services.orders import step_buttons
from bot.text import say, when
from engine import registry
from engine.keyed import joined
from engine.ruleset import Ruleset

SCRIPT = -1  # the user id of orders the scripted policy gives: no user's (`limits.user_id`; 0 in older rows)


def scripted_orders(ruleset: Ruleset, state: Any, payloads: dict[str, Any], seed: str) -> dict[str, Any]:
    """The scripted orders of every awaited NPC of the game master that nobody ordered, by actor."""
    npcs = {a.id for a in ruleset.actors(state) if a.controller is None}
    missing = sorted(a for a in ruleset.awaiting(state) if a in npcs and a not in payloads)
    rng = fairness.rng_for(hashlib.sha256(f"{seed}/npc".encode()).hexdigest())  # the step's seed, its own stream
    return {a: ruleset.npc_orders(state, a, rng).model_dump(mode="json") for a in missing}


async def with_npc_orders(
    session: AsyncSession, game: Game, ruleset: Ruleset, state: Any, payloads: dict[str, Any], seed: str, now: datetime
) -> dict[str, Any]:
    """The step's orders with the scripted NPCs' orders added, each also stored as the NPC's order row (by
    `SCRIPT`, no user; no salt), so verifying the step finds the very orders it used."""
    scripted = scripted_orders(ruleset, state, payloads, seed)
    for actor, payload in scripted.items():
        session.add(
            Order(
                game_id=game.id,
                day=game.day,
                seat=actor,
                user_id=SCRIPT,
                payload=payload,
                receipt=fairness.receipt(payload, "", game.id, game.day, actor),
                receipt_version=fairness.RECEIPT_VERSION,
                current=True,
                submitted_at=now,
            )
        )
    return dict(sorted((payloads | scripted).items())) if scripted else payloads


def resolves_early(game: Game) -> bool:
    """Whether the game resolves as soon as every awaited actor has acted (an unknown game: its setting)."""
    return due.resolves_early(game.ruleset, game.early_resolution)


def step_hours(ruleset: Ruleset, state: Any) -> int | None:
    question = ruleset.pending(state)
    return question.hours if question is not None else None


def turn_deadline(
    ruleset: Ruleset, before: Any, after: Any, deadline: datetime | None, now: datetime
) -> datetime | None:
    """The deadline the next step keeps: the turn's own, when the step resolved continued the same turn, no
    question is pending and that deadline is still ahead; None: the next step gets a new one."""
    if deadline is None or deadline <= now or not ruleset.same_turn(before, after):
        return None
    return deadline if ruleset.pending(after) is None else None


def _usage(ruleset: str, verb: str) -> str:
    """How a player types the verb that answers a question (`act action:react` where the game files it under a
    grouped command), or the verb itself if the game declares no such command."""
    command = registry.front(ruleset).orders.command(verb)
    return verb if command is None else command.usage


async def announce_step(
    session: AsyncSession,
    game: Game,
    ruleset: Ruleset,
    state: Any,
    post: str | None = None,
    seats: dict[str, int] | None = None,
    results: frozenset[str] = frozenset(),
) -> None:
    """Tell whoever the newly opened step waits for, beyond the channel's post: the asked player, the
    moderators for the game master's NPCs. `post`: the token of the resolution that opened the step
    (`write_events`): the moderators' "waiting for orders" joins that resolution's one message to them (a
    question the game master must answer stays a message of its own). `seats`: the game's `seat_map`, if the
    caller has just read it (else it is read here). `results`: the seats that resolution DMed (`dm_seats`):
    an awaited one told nothing else gets the orders card's button on that DM (`orders_on_results`)."""
    if game.deadline is None:
        return
    deadline = when(game.deadline)
    names = {a.id: a for a in ruleset.actors(state)}
    question = ruleset.pending(state)
    if question is not None:
        labels = {value: label for label, value in question.choices}
        text = say(
            "question_asked",
            game=game.name,
            prompt=question.prompt,
            command=_usage(game.ruleset, question.command),
            choices=joined(", ", list(labels.values())),
            default=labels.get(question.default, question.default),
            deadline=deadline,
        )
        controller = ruleset.controller(state, question.actor)
        users = seats if seats is not None else await seat_map(session, game.id)
        payload = {"kind": "question", "day": game.day, "actor": question.actor}
        told = {controller} if controller is not None else set()  # the question's own DM tells its player
        if controller is None:
            outbox(session, game, "moderators", None, text, payload)
        elif controller in users:  # the answers as buttons on the question itself, if the game has them: one DM
            buttons = step_buttons.for_seat(game, ruleset, state, controller)
            with_buttons = {"buttons": buttons} if buttons else {}
            outbox(session, game, "dm", users[controller], text, payload | {"seat": controller} | with_buttons)
            told |= await step_buttons.offer(session, game, ruleset, state, skip=frozenset({controller}), seats=users)
        await orders_on_results(session, game, ruleset, state, post, users, results - told)
        game.reminded_day = game.day  # the question is its own reminder: no "you have not sent orders" after it
        return
    told = await step_buttons.offer(session, game, ruleset, state, seats=seats)
    await orders_on_results(session, game, ruleset, state, post, seats, results - told)
    npcs = [names[a].name for a in ruleset.awaiting(state) if a in names and names[a].controller is None]
    if npcs:
        outbox(
            session,
            game,
            "moderators",
            None,
            say("npc_awaited", game=game.name, actors=joined(", ", npcs), deadline=deadline),  # names read as texts
            {"kind": "npc_awaited", "day": game.day} | ({"post": post} if post else {}),
        )


ORDERS_ON_RESULTS = "orders_on_results"  # the payload kind of the row putting "Your orders" on a results DM


async def orders_on_results(
    session: AsyncSession,
    game: Game,
    ruleset: Ruleset,
    state: Any,
    post: str | None,
    seats: dict[str, int] | None,
    results: frozenset[str] | set[str],
) -> None:
    """The orders card's button ("Your orders") on the DM of the resolution `post` of each seat of `results`
    (DMed by it, told nothing else) that the newly opened step awaits: a row of that post with no text and the
    button's payload, so delivery sends it on the DM the player gets anyway (`bot.delivery.render`), never as a
    message of its own. A seat the resolution did not DM waits for the reminder's button or types `/orders`."""
    if post is None or not results:
        return
    users = seats if seats is not None else await seat_map(session, game.id)
    marked: set[str] = set()
    for actor in ruleset.awaiting(state):
        seat = ruleset.controller(state, actor)  # a character with an id of its own: its player's seat
        if seat is None or seat not in results or seat not in users or seat in marked:
            continue
        marked.add(seat)
        payload = {"kind": ORDERS_ON_RESULTS, "post": post, "game": game.id, "day": game.day, "user": users[seat]}
        outbox(session, game, "dm", users[seat], "", payload | {"seat": seat})

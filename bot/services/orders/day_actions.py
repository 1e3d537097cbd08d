"""Day-to-day use cases over a player's orders: the current orders (or the game's default), reminders to
players who have not submitted yet, who is missing, a player's history. What a command changes in the
orders is the game's to say (`commands.give_order`); offers to another player are in `trading`.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, select

from bot.db.models import Game, Order
from bot.db.repositories import players_of
from bot.db.session import Database
from bot.services.base import due, rights
from bot.services.base.common import load_game, load_state, outbox, player_of, ruleset_of
from bot.services.base.rights import Caller
from bot.services.orders.actors import acting_for, seat_actors
from bot.services.orders.orders import current_orders
from bot.text import say, when
from engine import registry
from engine.front import Front
from engine.keyed import joined

log = logging.getLogger(__name__)


async def current_payload(db: Database, game_id: int, user_id: int) -> dict[str, Any]:
    """The player's current orders for today, or the ruleset's default."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        player = await player_of(session, game_id, user_id)
        rules, state = ruleset_of(game), load_state(game)
        seat = acting_for(rules, state, player.seat, None, False).actor  # a character with an id of its own
        live = (await current_orders(session, game)).get(seat)
        if live is not None:
            return live
        default = rules.default_orders(state, seat)
        return default.model_dump(mode="json")


async def pending_players(session, game: Game) -> list[tuple[str, int]]:
    """(seat, user id) of players who order for an awaited actor (their seat, or a character of theirs with an id
    of its own: `Ruleset.controller`) that has no complete orders today: none, or a step still being built
    (`due.complete`: one built over several commands and not yet sent)."""
    without, unsent = _waiting(game, await current_orders(session, game))
    return [(p.seat, p.user_id) for p in await players_of(session, game.id) if p.seat in without | unsent]


def _waiting(game: Game, given: dict[str, dict[str, Any]]) -> tuple[set[str | None], set[str | None]]:
    """The seats controlling an awaited actor: (with no orders for it, with orders begun and not complete). The
    orders are looked up under the actor's id, the seat's own or a character's, as they are stored."""
    ruleset, state = ruleset_of(game), load_state(game)
    without: set[str | None] = set()
    unsent: set[str | None] = set()
    for actor in ruleset.awaiting(state):
        if actor not in given:
            without.add(ruleset.controller(state, actor))
        elif not due.complete(ruleset, state, actor, given[actor]):
            unsent.add(ruleset.controller(state, actor))
    return without, unsent - without


async def send_reminders(db: Database, now: datetime, hours_before: float) -> int:
    """Write a reminder DM (as outbox rows) once per day to players without orders near the deadline (never
    once it has passed)."""
    sent = 0
    async with db.transaction() as session:
        games = (
            (
                await session.execute(
                    select(Game).where(  # only the games near a deadline are read
                        Game.status == "running",
                        Game.deadline.is_not(None),
                        Game.deadline <= now + timedelta(hours=hours_before),
                        Game.deadline
                        > now,  # too late once it has passed: the day is being resolved (by another process?)
                        or_(Game.reminded_day.is_(None), Game.reminded_day != Game.day),
                    )
                )
            )
            .scalars()
            .all()
        )
        for game in games:
            if not await _claim_reminders(session, game):
                continue
            try:
                pending = await pending_players(session, game)
            except Exception:  # an unreadable game gets no reminders; its resolution reports the failure
                log.exception("reminders for game %s skipped", game.id)
                continue
            front = registry.front(game.ruleset)
            text = say("reminder", step=front.words.name(game.day), game=game.name, deadline=when(game.deadline))
            built = await _built_not_sent(session, game, front) if _builds_steps(front) else {}
            for seat, user_id in pending:
                said = built.get(seat, "")
                told = {"kind": "reminder", "game": game.id, "day": game.day, "user": user_id}  # its orders button
                outbox(session, game, "dm", user_id, joined("\n", [text, said]) if said else text, told)
                sent += 1
            game.reminded_day = game.day
    return sent


def _builds_steps(front: Front) -> bool:
    """Whether the game's step is built over several commands (it says how: `Orders.step_hint`)."""
    return front.orders.step_hint is not None


async def _built_not_sent(session, game: Game, front: Front) -> dict[str, str]:
    """For a game whose step is built over several commands, by awaited player's seat: what they built and did
    not send, in words, and the game's line on how to send it ("add more, or /act action:send it"). The state and the
    orders are read once for the game."""
    ruleset, state = ruleset_of(game), load_state(game)
    given = await current_orders(session, game)
    said: dict[str, str] = {}
    for actor in ruleset.awaiting(state):
        seat = ruleset.controller(state, actor)
        if seat is None or seat in said:
            continue
        view = ruleset.view(state, seat)
        built = front.orders.describe(given[actor], view) if actor in given else []
        hint = front.orders.step_hint(view) if front.orders.step_hint else ""
        lines = ([say("reminder_unsent", orders=joined(" ", built))] if built else []) + ([hint] if hint else [])
        said[seat] = joined("\n", lines)
    return said


async def _claim_reminders(session, game: Game) -> bool:
    """True if this transaction writes the game's reminders of today. On PostgreSQL, where several bot
    processes may run this at once, the game row is locked (skipped while another process holds it: it is
    reminding or resolving) and re-read, so a player is never reminded twice; SQLite's BEGIN IMMEDIATE already
    lets one writer at a time through."""
    if session.bind.dialect.name != "postgresql":
        return True
    locked = select(Game.day, Game.reminded_day).where(Game.id == game.id)
    locked = locked.with_for_update(skip_locked=True, key_share=True)  # FOR NO KEY UPDATE: the lock UPDATE takes
    row = (await session.execute(locked)).first()
    return row is not None and row.day == game.day and row.reminded_day != game.day


async def who_has_not_submitted(db: Database, game_id: int, caller: Caller) -> list[str]:
    """Names of awaited players with no orders at all for their awaited actors (for the game's moderators,
    checked: `rights`; never what anyone ordered); one whose step is begun and not sent is not among them
    (`awaited_players`)."""
    return (await awaited_players(db, game_id, caller))[0]


async def awaited_players(db: Database, game_id: int, caller: Caller) -> tuple[list[str], list[str]]:
    """For `/mod orders` (the game's moderators, checked: `rights`), the names of the awaited players (never what
    anyone ordered): (without any orders, with orders begun and not complete: a step built over several commands
    and not yet sent, `due.complete`)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        await rights.moderator(session, game, caller)
        without, unsent = _waiting(game, await current_orders(session, game))
        players = await players_of(session, game_id)
        return [p.name for p in players if p.seat in without], [p.name for p in players if p.seat in unsent]


async def order_history(db: Database, game_id: int, user_id: int) -> list[Order]:
    """Every submission of this player in this game, oldest first."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        player = await player_of(session, game_id, user_id)
        ids = [player.seat]
        if game.state is not None:  # and the orders of the characters it controls, stored under their ids
            ids = seat_actors(ruleset_of(game), load_state(game), player.seat)
        rows = await session.execute(
            select(Order).where(Order.game_id == game_id, Order.seat.in_(ids)).order_by(Order.id)
        )
        return list(rows.scalars())

"""Submitting, replacing, withdrawing and listing a player's orders for the current day.

Every submission is validated by the engine against the current state and kept: the newest is the
current one, earlier ones stay as history. Each accepted submission returns a receipt. Orders are for an
actor: the player's own seat, or with `actor` another actor the user may order for (`actors.acting_for`: a
moderator for an NPC of the game master). The game master holds no seat, so their receipts have no salt.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select

from bot.db.models import Game, Order
from bot.db.session import Database
from bot.services.base import fairness, limits, rights
from bot.services.base.batched import Batched
from bot.services.base.common import load_game, load_state, player_of
from bot.services.base.errors import ServiceError, first_problem
from bot.services.base.rights import Caller
from bot.services.base.snapshots import Snapshot, StaleSnapshot, snapshot
from bot.services.orders.actors import acting_for, unable
from bot.services.orders.order_writer import PendingOrder, writer_for
from bot.text import say
from engine import registry


@dataclass
class Submitted:
    """A stored submission: its receipt, its day (step, turn) by number and, in the game's words, by name."""

    receipt: str
    day: int
    payload: dict[str, Any] | None
    step: str = ""  # the day by name, as the game calls it (`Front.words`): "Turn 3"


def _check_open(status: str, deadline: datetime | None, now: datetime) -> None:
    if status == "signup":
        raise ServiceError(say("game_not_started"))
    if status == "over":
        raise ServiceError(say("game_over"))
    if status == "paused":
        raise ServiceError(say("game_paused"))
    if deadline is not None and now >= deadline:
        raise ServiceError(say("deadline_passed"))


async def submit_orders(
    db: Database,
    game_id: int,
    user_id: int,
    payload: dict[str, Any],
    now: datetime,
    actor: str | None = None,
    moderator: Caller | bool = False,
    snap: Snapshot | None = None,
) -> Submitted:
    """Validate and store a player's whole submission for today, replacing the previous one.

    Validation runs against the game's cached snapshot (`snap`: the one the command read at its start,
    `context.OrderContext`); the group-commit writer re-checks in its transaction that nothing changed since,
    so an order never lands on a state it was not validated against. A refusal or a stale snapshot is checked
    once more against fresh data before it stands.
    """
    limits.text(actor, say("what_actor"), limits.OPTION_TEXT_MAX)
    master = await rights.game_master(db, game_id, moderator)
    return await _submit(
        db, game_id, user_id, now, lambda snap, seat: _validated(snap, seat, payload), actor, master, snap
    )


async def withdraw_orders(
    db: Database,
    game_id: int,
    user_id: int,
    now: datetime,
    actor: str | None = None,
    moderator: Caller | bool = False,
) -> Submitted:
    """Withdraw today's orders: the default applies again (for the game master's NPC, `actor`: its script at
    the deadline). Kept in the history as an empty submission.

    Refused, with the game's own reason, for a seat that can give no orders now (a dead player's): nothing
    is stored."""
    limits.text(actor, say("what_actor"), limits.OPTION_TEXT_MAX)
    master = await rights.game_master(db, game_id, moderator)

    def prepare(snap: Snapshot, seat: str) -> None:
        may_act(snap, seat)
        return None

    return await _submit(db, game_id, user_id, now, prepare, actor, master)


def may_act(snap: Snapshot, seat: str) -> None:
    """Refused with the game's own reason when `seat` can give no orders now (dead, escaped, not their turn):
    the reason the game gives for its default orders, since those are what any seat it awaits may send. A seat
    the game takes orders from at any time (`Ruleset.orders_anytime`) may act: `validate` judges its orders."""
    if snap.state is None:
        return
    reason = unable(registry.get(snap.ruleset), snap.state, seat)
    if reason is not None:
        raise ServiceError(reason or say("not_awaited"))


async def check_may_act(
    db: Database, game_id: int, user_id: int, actor: str | None = None, moderator: Caller | bool = False
) -> None:
    """`may_act` for the seat a user orders for, before a command's options are read: a dead player is told
    they are dead, not that an item of theirs is unknown. A game that is not running is left to
    `submit_orders`, which refuses it in its own words."""
    moderator = await rights.game_master(db, game_id, moderator)
    for fresh in (False, True):
        snap = await snapshot(db, game_id, fresh=fresh)
        try:
            may_act_now(snap, user_id, actor, moderator)
        except ServiceError:
            if not fresh:
                continue  # perhaps the snapshot is stale: refuse only on fresh data
            raise
        return


def may_act_now(snap: Snapshot, user_id: int, actor: str | None = None, moderator: bool = False) -> None:
    """`check_may_act` against one snapshot: nothing to say of a game that is not running (`submit_orders`
    refuses it in its own words), else `may_act` for the actor the user orders for."""
    if snap.status != "running" or snap.state is None:
        return
    held = snap.seats.get(user_id)
    acting = acting_for(registry.get(snap.ruleset), snap.state, held[0] if held else None, actor, moderator)
    may_act(snap, acting.actor)


async def _submit(
    db: Database,
    game_id: int,
    user_id: int,
    now: datetime,
    prepare,
    actor: str | None = None,
    moderator: bool = False,
    read: Snapshot | None = None,
) -> Submitted:
    """Prepare (validate) and write one submission against the snapshot `read` (or the cached one), then, on a
    refusal or a stale snapshot, once more against a fresh one."""
    limits.game_number(game_id)  # before the snapshot's query: a number no game can have is no game's
    for fresh in (False, True):
        snap = read if read is not None and not fresh else await snapshot(db, game_id, fresh=fresh)
        try:
            _check_open(snap.status, snap.deadline, now)
            held = snap.seats.get(user_id)
            acting = acting_for(registry.get(snap.ruleset), snap.state, held[0] if held else None, actor, moderator)
            seat, salt = acting.actor, held[1] if held else ""
            clean = prepare(snap, seat)
        except ServiceError:
            if not fresh:
                continue  # perhaps the snapshot is stale: refuse only on fresh data
            raise
        receipt = fairness.receipt(clean, salt, game_id, snap.day, seat)
        try:
            await writer_for(db, _check_open).write(
                PendingOrder(game_id, snap.day, snap.rev, seat, user_id, clean, receipt, now, acting.holder)
            )
        except StaleSnapshot:
            if not fresh:
                continue
            raise ServiceError(say("game_changed")) from None
        return Submitted(
            receipt=receipt, day=snap.day, payload=clean, step=registry.front(snap.ruleset).words.name(snap.day)
        )
    raise AssertionError("unreachable")  # pragma: no cover


def _validated(snap: Snapshot, seat: str, payload: dict[str, Any]) -> dict[str, Any]:
    ruleset = registry.get(snap.ruleset)
    try:
        orders = ruleset.parse_orders(payload)
    except ValidationError as error:
        where, problem = first_problem(error)
        raise ServiceError(say("malformed_order", where=where, problem=problem)) from None
    reason = ruleset.validate(snap.state, seat, orders)
    if reason is not None:
        raise ServiceError(reason)
    return limits.storable(orders.model_dump(mode="json"), say("what_order"))  # no U+0000 in a stored order


async def my_orders(db: Database, game_id: int, user_id: int) -> list[Order]:
    """Today's submissions of this player, newest first (the first is the current one): those of the actor the
    player orders for without `as` (`acting_for`: the seat, or a character of theirs with an id of its own,
    under which its orders are stored)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        player = await player_of(session, game_id, user_id)
        seat = player.seat
        if game.state is not None:
            seat = acting_for(registry.get(game.ruleset), load_state(game), seat, None, False).actor
        rows = await session.execute(
            select(Order)
            .where(Order.game_id == game_id, Order.day == game.day, Order.seat == seat)
            .order_by(Order.id.desc())
        )
        return list(rows.scalars())


async def seat_orders(session, game_id: int, day: int, seat: str) -> dict[str, Any] | None:
    """One seat's current payload for the day (None: none, or withdrawn)."""
    rows = await session.execute(
        select(Order.payload).where(
            Order.game_id == game_id, Order.day == day, Order.seat == seat, Order.current.is_(True)
        )
    )
    return next((payload for payload in rows.scalars() if payload is not None), None)


async def _seats_orders(db: Database, keys: list[tuple[int, int, str]]) -> dict[tuple[int, int, str], Any]:
    """(game, day, seat) -> that seat's current payload, for every key (one query per game and day)."""
    wanted: dict[tuple[int, int], set[str]] = {}
    for game_id, day, seat in keys:
        wanted.setdefault((game_id, day), set()).add(seat)
    found: dict[tuple[int, int, str], Any] = {}
    async with db.read() as session:
        for (game_id, day), seats in wanted.items():
            rows = await session.execute(
                select(Order.seat, Order.payload)
                .where(
                    Order.game_id == game_id, Order.day == day, Order.seat.in_(sorted(seats)), Order.current.is_(True)
                )
                .order_by(Order.id)
            )
            for seat, payload in rows:
                if payload is not None:
                    found.setdefault((game_id, day, seat), payload)
    return found


_SEAT_ORDERS: Batched[tuple[int, int, str], Any] = Batched(_seats_orders)


async def seat_orders_now(db: Database, game_id: int, day: int, seat: str) -> dict[str, Any] | None:
    """`seat_orders` in a read of its own, shared with the other seats asked for at the same moment (`Batched`:
    a step's opening brings every player's autocomplete at once); as fresh as a read of its own."""
    found = await _SEAT_ORDERS.get(db, (game_id, day, seat))
    return dict(found) if found is not None else None


async def current_orders(session, game: Game) -> dict[str, dict[str, Any]]:
    """Seat -> current payload for the game's day (withdrawn orders are left out)."""
    rows = await session.execute(
        select(Order).where(Order.game_id == game.id, Order.day == game.day, Order.current.is_(True))
    )
    return {o.seat: o.payload for o in rows.scalars() if o.payload is not None}


async def published_log(db: Database, game_id: int) -> list[dict[str, Any]]:
    """Every order submission of a finished game with its player's salt, so anyone can check a receipt.

    Refused while the game runs: salts are what keep a receipt from revealing the order behind it.
    Each entry: day, seat, the submitting player's user_id and name, payload (None: withdrawn), receipt,
    receipt_version (`fairness.receipt`: 2, or 1 for orders stored before migration 0009), current (the
    submission in force at the day's end), salt, and receipt_matches (the receipt is the hash of that order,
    game, day, seat and salt); oldest first.
    """
    from bot.db.models import Player

    async with db.read() as session:
        game = await load_game(session, game_id)
        if game.status != "over":
            raise ServiceError(say("log_not_published"))
        seated = (await session.execute(select(Player).where(Player.game_id == game_id).order_by(Player.id))).scalars()
        players = {(p.user_id, p.seat): p for p in seated}
        by_user = {user_id: p for (user_id, _), p in players.items()}  # orders for a character of one's own
        rows = (await session.execute(select(Order).where(Order.game_id == game_id).order_by(Order.id))).scalars()
        entries = [_entry(o, players.get((o.user_id, o.seat)) or by_user.get(o.user_id)) for o in rows]
    for entry in entries:
        entry["receipt_matches"] = receipt_matches(entry, game_id)
    return entries


def _entry(order: Order, holder) -> dict[str, Any]:
    """One published log entry; an order the game master gave for an NPC has no player, hence no salt."""
    return {
        "day": order.day,
        "seat": order.seat,
        "user_id": order.user_id,
        "payload": order.payload,
        "receipt": order.receipt,
        "receipt_version": order.receipt_version,
        "current": order.current,
        "salt": holder.salt if holder else "",
        "name": holder.name if holder else order.seat,
    }


def log_document(game_id: int, entries: list[dict[str, Any]]) -> str:
    """The published log as the JSON document that `brbot log --json` prints and `/log` attaches."""
    return json.dumps({"game": game_id, "orders": entries}, indent=2, sort_keys=True)


def receipt_matches(entry: dict[str, Any], game_id: int) -> bool:
    """True if a published log entry of game `game_id` has the receipt of its order, day, seat and salt (by
    the entry's receipt version)."""
    made = fairness.receipt(
        entry["payload"], entry["salt"], game_id, entry["day"], entry["seat"], entry.get("receipt_version", 1)
    )
    return made == entry["receipt"]

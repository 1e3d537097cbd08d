"""Submitting, replacing, withdrawing and listing a player's orders for the current day.

Every submission is validated by the engine against the current state and kept: the newest is the
current one, earlier ones stay as history. Each accepted submission returns a receipt.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select, update

from bot.db.models import Game, Order
from bot.db.session import Database
from bot.services import fairness
from bot.services.common import cached_state, load_game, player_of, ruleset_of
from bot.services.errors import ServiceError


@dataclass
class Submitted:
    receipt: str
    day: int
    payload: dict[str, Any] | None


def _open_for_orders(game: Game, now: datetime) -> None:
    _check_open(game.status, game.deadline, now)


def _check_open(status: str, deadline: datetime | None, now: datetime) -> None:
    if status == "signup":
        raise ServiceError("The game has not started yet.")
    if status == "over":
        raise ServiceError("The game is over.")
    if status == "paused":
        raise ServiceError("The game is paused: orders are not accepted until a moderator resumes it.")
    if deadline is not None and now >= deadline:
        raise ServiceError("Today's deadline has passed: the day is being resolved.")


async def submit_orders(db: Database, game_id: int, user_id: int, payload: dict[str, Any], now: datetime) -> Submitted:
    """Validate and store a player's whole submission for today, replacing the previous one.

    Validation reads a snapshot without holding the write lock; the short write then re-checks that the
    game is still on the same day and open, so an order never lands on a day it was not validated for.
    """
    async with db.read() as session:
        game, state = await cached_state(session, game_id)
        _open_for_orders(game, now)
        player = await player_of(session, game_id, user_id)
        ruleset = ruleset_of(game)
        day, seat, salt = game.day, player.engine_id, player.salt
    try:
        orders = ruleset.parse_orders(payload)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(x) for x in problem["loc"])
        raise ServiceError(f"That order is malformed ({where}: {problem['msg']}).") from None
    reason = ruleset.validate(state, seat, orders)
    if reason is not None:
        raise ServiceError(reason)
    clean = orders.model_dump(mode="json")
    receipt = fairness.receipt(clean, salt)
    async with db.transaction() as session:
        await _still_open(session, game_id, day, seat, now)
        await _retire(session, game_id, day, seat)
        session.add(Order(game_id=game_id, day=day, seat=seat, user_id=user_id, payload=clean, receipt=receipt,
                          current=True))
    return Submitted(receipt=receipt, day=day, payload=clean)


async def _still_open(session, game_id: int, day: int, seat: str, now: datetime) -> None:
    row = (await session.execute(select(Game.day, Game.status, Game.deadline).where(Game.id == game_id))).one()
    if row.day != day:
        raise ServiceError("The day was resolved while your order was being checked: send it again for the new day.")
    _check_open(row.status, row.deadline, now)


async def withdraw_orders(db: Database, game_id: int, user_id: int, now: datetime) -> Submitted:
    """Withdraw today's orders: the default applies again. Kept in the history as an empty submission."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        _open_for_orders(game, now)
        player = await player_of(session, game_id, user_id)
        await _retire(session, game.id, game.day, player.engine_id)
        receipt = fairness.receipt(None, player.salt)
        session.add(Order(game_id=game_id, day=game.day, seat=player.engine_id, user_id=user_id, payload=None,
                          receipt=receipt, current=True))
    return Submitted(receipt=receipt, day=game.day, payload=None)


async def _retire(session, game_id: int, day: int, seat: str) -> None:
    await session.execute(update(Order).where(Order.game_id == game_id, Order.day == day, Order.seat == seat,
                                              Order.current.is_(True)).values(current=False))


async def my_orders(db: Database, game_id: int, user_id: int) -> list[Order]:
    """Today's submissions of this player, newest first (the first is the current one)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        player = await player_of(session, game_id, user_id)
        rows = await session.execute(select(Order).where(Order.game_id == game_id, Order.day == game.day,
                                                         Order.seat == player.engine_id).order_by(Order.id.desc()))
        return list(rows.scalars())


async def current_orders(session, game: Game) -> dict[str, dict[str, Any]]:
    """Seat -> current payload for the game's day (withdrawn orders are left out)."""
    rows = await session.execute(select(Order).where(Order.game_id == game.id, Order.day == game.day,
                                                     Order.current.is_(True)))
    return {o.seat: o.payload for o in rows.scalars() if o.payload is not None}

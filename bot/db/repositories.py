"""The queries every service reads a game with: the game's row (claimed for a transaction when asked), its
players by status, the seat a user holds, and who holds each seat now.

They answer with rows or with nothing (`None`, an empty list) and never refuse: what a missing game or seat
means to the person who asked (and the range of numbers the bot takes from anyone) is a service's to say,
in `bot.services.base.common` (`load_game`, `player_of`) over these.
"""

from __future__ import annotations

from functools import cache

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Player, seat_of


class Claimed(Exception):
    """Another transaction holds this game row right now (PostgreSQL's SKIP LOCKED)."""


async def game_row(session: AsyncSession, game_id: int, lock: bool = False, skip_locked: bool = False) -> Game | None:
    """The game row, or None; with `lock`, claimed for this transaction (SQLite holds its write lock since BEGIN
    IMMEDIATE; PostgreSQL takes FOR UPDATE). With `skip_locked`, a row another transaction holds raises
    `Claimed` at once instead of waiting."""
    claim = lock and session.bind.dialect.name == "postgresql"  # type: ignore[union-attr]
    game = (await session.execute(_game_query(claim, skip_locked), {"game_id": game_id})).scalar_one_or_none()
    if game is None and skip_locked and (await session.execute(select(Game.id).where(Game.id == game_id))).first():
        raise Claimed(game_id)
    return game


@cache
def _game_query(claim: bool, skip_locked: bool):  # noqa: ANN202 - a Select
    """`game_row`'s query, built once (building a statement costs about as much as running a small one)."""
    query = select(Game).where(Game.id == bindparam("game_id"))
    return query.with_for_update(skip_locked=skip_locked) if claim else query


async def players_of(session: AsyncSession, game_id: int, statuses: tuple[str, ...] = ("joined",)) -> list[Player]:
    """The game's players of those statuses, in sign-up order."""
    rows = await session.execute(
        select(Player).where(Player.game_id == game_id, Player.status.in_(statuses)).order_by(Player.position)
    )
    return list(rows.scalars())


async def seat_held(session: AsyncSession, game_id: int, user_id: int) -> Player | None:
    """The seat the user holds in the game (a joined player's), or None."""
    row = await session.execute(
        select(Player).where(Player.game_id == game_id, Player.user_id == user_id, Player.status == "joined")
    )
    return row.scalar_one_or_none()


async def seat_map(session: AsyncSession, game_id: int) -> dict[str, int]:
    """Engine seat id -> Discord user id of whoever holds the seat now."""
    rows = await session.execute(_seat_map_query(), {"game_id": game_id})
    return {seat_of(position): user_id for position, user_id in rows.all()}


@cache
def _seat_map_query():  # noqa: ANN202 - a Select
    """`seat_map`'s query, built once (a resolution and every order read it)."""
    return (
        select(Player.position, Player.user_id)
        .where(Player.game_id == bindparam("game_id"), Player.status == "joined")
        .order_by(Player.position)
    )

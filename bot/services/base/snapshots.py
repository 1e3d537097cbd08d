"""What order submission validates against: a cached snapshot of a game, checked again at write time.

A snapshot holds the game's parsed state with its revision, its day, status and deadline, and the seats
of its players with their receipt salts. Submissions validate against it without touching the database;
the group-commit writer then re-checks, inside its transaction, that the state revision, day, status,
deadline and seat are still what the snapshot said (`StaleSnapshot` otherwise), so a stale snapshot can
delay an order but never let a wrong one in. Every state write bumps `state_rev` (`common.store_state`).

The snapshots of a database object live in one bounded cache (`snapshot_cache.SnapshotCache`: by size and
by age), so a process holding hundreds of live games keeps only the ones in use parsed.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Text, bindparam, cast, select
from sqlalchemy.orm import defer

from bot.db.models import Game, Player, seat_of
from bot.db.session import Database
from bot.services.base.common import parse_state
from bot.services.base.errors import ServiceError
from bot.services.base.snapshot_cache import SnapshotCache
from bot.text import say

SEAT_BYTES = 100  # what a seat adds to a snapshot's size, beside its state's JSON


class StaleSnapshot(Exception):
    """The game changed between validation and writing: validate again against fresh data."""


@dataclass(frozen=True)
class Snapshot:
    game_id: int
    ruleset: str
    rev: int
    day: int
    status: str
    deadline: datetime | None
    state: Any
    seats: dict[int, tuple[str, str]]  # Discord user id -> (seat, receipt salt)
    size: int = 0  # its state's JSON length, what the cache counts (`snapshot_cache`)


def cache_of(db: Database) -> SnapshotCache:
    """The snapshot cache of this database object (a default one, created on first use)."""
    cache = getattr(db, "_snapshots", None)
    if cache is None:
        cache = use_cache(db, SnapshotCache())
    return cache


def use_cache(db: Database, cache: SnapshotCache) -> SnapshotCache:
    """Give this database object its own cache (other limits, another clock)."""
    db._snapshots = cache  # type: ignore[attr-defined]
    return cache


async def snapshot(db: Database, game_id: int, fresh: bool = False) -> Snapshot:
    """The cached snapshot of a game, or a fresh one read from the database.

    Concurrent callers share one load (fifty players submitting as a day opens cause one read, not fifty).
    """
    cache = cache_of(db)
    if not fresh:
        cached = cache.get(game_id)
        if cached is not None:
            return cached
    loads: dict[int, asyncio.Future] = db.__dict__.setdefault("_snapshot_loads", {})
    if game_id in loads:
        return await asyncio.shield(loads[game_id])
    loads[game_id] = asyncio.ensure_future(_load(db, game_id, cache))
    try:
        return await asyncio.shield(loads[game_id])
    finally:
        loads.pop(game_id, None)


async def _load(db: Database, game_id: int, cache: SnapshotCache) -> Snapshot:
    async with db.read() as session:
        game = (
            await session.execute(select(Game).options(defer(Game.state)).where(Game.id == game_id))
        ).scalar_one_or_none()
        if game is None:
            raise ServiceError(say("no_game", game_id=game_id))
        old = cache.peek(game_id)
        if old is not None and old.rev == game.state_rev:
            state, size = old.state, old.size
        elif game.status == "signup":
            state, size = None, 0
        else:
            raw = (await session.execute(select(cast(Game.state, Text)).where(Game.id == game_id))).scalar_one()
            state = parse_state(game, json.loads(raw) if raw is not None else None)
            size = len(raw or "")
        seats = await seats_of(session, game_id)
    return _keep(cache, game, state, seats, size)


def _keep(cache: SnapshotCache, game: Game, state: Any, seats: dict[int, tuple[str, str]], size: int) -> Snapshot:
    """The game's snapshot (`size`: its state's JSON length), put in this process's cache."""
    snap = Snapshot(
        game_id=game.id,
        ruleset=game.ruleset,
        rev=game.state_rev,
        day=game.day,
        status=game.status,
        deadline=game.deadline,
        state=state,
        seats=seats,
        size=size + SEAT_BYTES * len(seats),
    )
    cache.put(game.id, snap, snap.size)
    return snap


async def seats_of(session, game_id: int) -> dict[int, tuple[str, str]]:
    """Discord user id -> (seat, receipt salt) of the game's joined players, as a snapshot holds them."""
    players = (await session.execute(_seats_query(), {"game_id": game_id})).all()
    return {p.user_id: (seat_of(p.position), p.salt) for p in players}


@cache
def _seats_query():  # noqa: ANN202 - a Select
    """`seats_of`'s query, built once (every resolution reads it again)."""
    return select(Player.user_id, Player.position, Player.salt).where(
        Player.game_id == bindparam("game_id"), Player.status == "joined"
    )


def cached(db: Database, game_id: int) -> bool:
    """Whether this process holds a snapshot of the game (it serves the game's players)."""
    return cache_of(db).peek(game_id) is not None


def refresh(db: Database, game: Game, seats: dict[int, tuple[str, str]]) -> None:
    """After a write this process committed (a resolution), keep the game's new snapshot in place of the
    cached one, so the first orders of the day it opened do not all wait for it to be loaded again. `game`
    is the row as committed, `seats` what `seats_of` read in that transaction. A state that cannot be
    parsed drops the snapshot instead (the next order loads it and is refused as a load would be)."""
    try:
        state = parse_state(game, game.state) if game.status != "signup" else None
    except ServiceError:
        cache_of(db).drop(game.id)
        return
    size = len(json.dumps(game.state)) if game.state is not None else 0
    _keep(cache_of(db), game, state, seats, size)

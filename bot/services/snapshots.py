"""What order submission validates against: a cached snapshot of a game, checked again at write time.

A snapshot holds the game's parsed state with its revision, its day, status and deadline, and the seats
of its players with their receipt salts. Submissions validate against it without touching the database;
the group-commit writer then re-checks, inside its transaction, that the state revision, day, status,
deadline and seat are still what the snapshot said (`StaleSnapshot` otherwise), so a stale snapshot can
delay an order but never let a wrong one in. Every state write bumps `state_rev` (`common.store_state`).
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import defer

from bot.db.models import Game, Player, seat_of
from bot.db.session import Database
from bot.services.common import parse_state
from bot.services.errors import ServiceError
from bot.text import say


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


def _cache(db: Database) -> dict[int, Snapshot]:
    cache = getattr(db, "_snapshots", None)
    if cache is None:
        cache = {}
        db._snapshots = cache  # type: ignore[attr-defined]
    return cache


async def snapshot(db: Database, game_id: int, fresh: bool = False) -> Snapshot:
    """The cached snapshot of a game, or a fresh one read from the database.

    Concurrent callers share one load (fifty players submitting as a day opens cause one read, not fifty).
    """
    cache = _cache(db)
    if not fresh and game_id in cache:
        return cache[game_id]
    loads: dict[int, asyncio.Future] = db.__dict__.setdefault("_snapshot_loads", {})
    if game_id in loads:
        return await asyncio.shield(loads[game_id])
    loads[game_id] = asyncio.ensure_future(_load(db, game_id, cache))
    try:
        return await asyncio.shield(loads[game_id])
    finally:
        loads.pop(game_id, None)


async def _load(db: Database, game_id: int, cache: dict[int, Snapshot]) -> Snapshot:
    async with db.read() as session:
        game = (await session.execute(select(Game).options(defer(Game.state)).where(Game.id == game_id))).scalar_one_or_none()
        if game is None:
            raise ServiceError(say("no_game", game_id=game_id))
        old = cache.get(game_id)
        if old is not None and old.rev == game.state_rev:
            state = old.state
        elif game.status == "signup":
            state = None
        else:
            raw = (await session.execute(select(Game.state).where(Game.id == game_id))).scalar_one()
            state = parse_state(game, raw)
        players = (await session.execute(select(Player.user_id, Player.position, Player.salt).where(
            Player.game_id == game_id, Player.status == "joined"))).all()
    snap = Snapshot(game_id=game.id, ruleset=game.ruleset, rev=game.state_rev, day=game.day, status=game.status,
                    deadline=game.deadline, state=state,
                    seats={p.user_id: (seat_of(p.position), p.salt) for p in players})
    cache[game_id] = snap
    return snap

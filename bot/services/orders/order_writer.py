"""Group commit for order submissions: many validated orders written in one short transaction.

Fifty players submitting at once would otherwise queue for the database's write lock one by one. Each
submission validates on its own (concurrently), then hands its row to the writer and waits; the writer
takes everything queued so far and, in one transaction, re-checks each game is still open on that day,
retires the orders being replaced and inserts the new ones. The game rows are read under a lock: SQLite's
write transaction began with BEGIN IMMEDIATE; on PostgreSQL they are read FOR NO KEY UPDATE, so a writer waits for
a resolution in progress and then sees the day it opened. A row whose game moved on (another state
revision or day, another holder of the ordering user's seat; the game master holds none) gets
`StaleSnapshot`, one whose game closed gets its refusal; the others are committed together. If the transaction fails,
every waiter gets the error and nothing is written. A game that resolves early is marked for the deadline
loop's next pass (`due`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select, update

from bot.db.models import Game, Order, Player, seat_of
from bot.db.session import Database
from bot.services.base import due, fairness
from bot.services.base.errors import ServiceError
from bot.services.base.snapshots import StaleSnapshot


@dataclass
class PendingOrder:
    game_id: int
    day: int
    rev: int
    seat: str
    user_id: int
    payload: dict[str, Any] | None
    receipt: str
    now: datetime
    holder: str | None  # the seat of the user giving the order (None: a moderator as the game master)
    done: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class OrderWriter:
    def __init__(self, db: Database, check_open) -> None:
        self.db = db
        self.check_open = check_open
        self.queue: list[PendingOrder] = []
        self.flushing: asyncio.Task | None = None

    async def write(self, pending: PendingOrder) -> None:
        self.queue.append(pending)
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.ensure_future(self._flush())
        await pending.done

    async def _flush(self) -> None:
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                await self._write_batch(batch)
            except Exception as error:  # the whole transaction failed: nothing was written
                for item in batch:
                    if not item.done.done():
                        item.done.set_exception(error)

    async def _write_batch(self, batch: list[PendingOrder]) -> None:
        async with self.db.transaction() as session:
            ids = {p.game_id for p in batch}
            query = (
                select(
                    Game.id, Game.day, Game.status, Game.deadline, Game.state_rev, Game.ruleset, Game.early_resolution
                )
                .where(Game.id.in_(ids))
                .order_by(Game.id)
            )
            if session.bind.dialect.name == "postgresql":  # type: ignore[union-attr]
                # Wait for a resolver (or moderator) holding the row FOR UPDATE, then read what it committed:
                # without the lock, READ COMMITTED would let an order land on a day that was just resolved.
                # FOR NO KEY UPDATE, not FOR SHARE: the batch may update the rows (`due.mark_orders`), and
                # two writers holding shared locks that both update would deadlock.
                query = query.with_for_update(key_share=True)
            games = {g.id: g for g in (await session.execute(query)).all()}
            seats = await _seats(session, ids, batch)
            accepted: list[PendingOrder] = []
            for item in batch:
                game = games.get(item.game_id)
                position = seats.get((item.game_id, item.user_id))
                if (
                    game is None
                    or game.state_rev != item.rev
                    or game.day != item.day
                    or (item.holder is not None and (position is None or seat_of(position) != item.holder))
                ):
                    item.done.set_exception(StaleSnapshot())
                    continue
                try:
                    self.check_open(game.status, game.deadline, item.now)
                except ServiceError as refusal:
                    item.done.set_exception(refusal)
                    continue
                accepted.append(item)
            if not accepted:
                return
            latest = {(p.game_id, p.day, p.seat): p for p in accepted}  # the last of one seat stays current
            for game_id, day in {(p.game_id, p.day) for p in accepted}:
                day_seats = sorted({p.seat for p in accepted if (p.game_id, p.day) == (game_id, day)})
                await session.execute(
                    update(Order)
                    .where(
                        Order.game_id == game_id, Order.day == day, Order.seat.in_(day_seats), Order.current.is_(True)
                    )
                    .values(current=False)
                )
            await session.execute(
                insert(Order),
                [
                    {
                        "game_id": p.game_id,
                        "day": p.day,
                        "seat": p.seat,
                        "user_id": p.user_id,
                        "payload": p.payload,
                        "receipt": p.receipt,
                        "receipt_version": fairness.RECEIPT_VERSION,
                        "current": latest[(p.game_id, p.day, p.seat)] is p,
                        "submitted_at": p.now,
                    }
                    for p in accepted
                ],
            )
            await due.mark_orders(
                session,
                {
                    p.game_id
                    for p in accepted
                    if due.resolves_early(games[p.game_id].ruleset, games[p.game_id].early_resolution)
                },
            )
        for item in accepted:
            item.done.set_result(None)


ROSTER_READ = 200  # from this many ordering users on, read the games' whole rosters instead of naming each


async def _seats(session, game_ids: set[int], batch: list[PendingOrder]) -> dict[tuple[int, int], int]:
    """(game, user) -> position of the joined players who order in this batch: only those users are read
    (a 1,000-player game's roster is not read for each order), the whole rosters for a large batch."""
    users = {p.user_id for p in batch if p.holder is not None}
    if not users:
        return {}
    query = select(Player.game_id, Player.user_id, Player.position).where(
        Player.game_id.in_(game_ids), Player.status == "joined"
    )
    if len(users) < ROSTER_READ:
        query = query.where(Player.user_id.in_(users))
    return {(p.game_id, p.user_id): p.position for p in (await session.execute(query)).all()}


def writer_for(db: Database, check_open) -> OrderWriter:
    """The one writer of a database object (created on first use)."""
    writer = getattr(db, "_order_writer", None)
    if writer is None:
        writer = OrderWriter(db, check_open)
        db._order_writer = writer  # type: ignore[attr-defined]
    return writer

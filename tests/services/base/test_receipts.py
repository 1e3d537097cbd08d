"""Receipts bind the game, the day (step) and the seat as well as the order and the salt (issue 22): the same
order on two days gets two receipts, so no receipt stands for another day's order. Orders stored before
(migration 0009) keep their old receipts, which `verify_day` and the published log (`brbot log`, `/log`)
still check by the row's receipt version."""
from __future__ import annotations

import asyncio
import hashlib
import json

import sqlalchemy as sa
from sqlalchemy import select

from bot.db.models import Order, Player
from bot.services.base import verification
from bot.services.moderators import moderation
from bot.services.orders import orders
from bot.services.steps import resolution
from bot.services.base.fairness import canonical, receipt
from tests.services.conftest import NOW, mod, started_game

SEARCH = {"kind": "night", "action": {"kind": "search"}}


async def _player(db, user_id: int) -> Player:
    async with db.read() as session:
        return (await session.execute(select(Player).where(Player.user_id == user_id))).scalar_one()


async def test_the_same_order_on_two_days_gets_two_receipts(db):
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW, trigger="test")
    day1 = await orders.submit_orders(db, game_id, 2, SEARCH, NOW)
    await resolution.resolve_day(db, game_id, NOW, expected_day=1, trigger="test")
    day2 = await orders.submit_orders(db, game_id, 2, SEARCH, NOW)
    assert (day1.day, day2.day) == (1, 2) and day1.payload == day2.payload
    assert day1.receipt != day2.receipt
    player = await _player(db, 2)
    assert day2.receipt == receipt(day2.payload, player.salt, game_id, 2, player.seat)
    assert day1.receipt != receipt(day1.payload, player.salt, game_id, 2, player.seat)


def _old_receipt(payload, salt: str) -> str:
    """The receipt as the bot gave it before migration 0009: the order and the salt alone."""
    return hashlib.sha256((canonical(payload) + salt).encode()).hexdigest()[:12]


async def test_orders_stored_before_0009_keep_their_receipts_and_still_verify(db):
    from alembic import command

    from bot.migrate import alembic_config, upgrade

    game_id = await started_game(db)
    await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 3}, NOW)
    await orders.submit_orders(db, game_id, 2, {"kind": "day0", "start_zone": 4}, NOW)
    await resolution.resolve_day(db, game_id, NOW, trigger="test")
    salts = {p.seat: p.salt for p in [await _player(db, 1), await _player(db, 2)]}
    await db.engine.dispose()
    await asyncio.to_thread(command.downgrade, alembic_config(db.url), "0008")
    async with db.engine.begin() as connection:  # the rows as the old bot wrote them
        rows = (await connection.execute(sa.text("SELECT id, seat, payload FROM orders ORDER BY id"))).all()
        for row_id, seat, payload in rows:
            value = payload if isinstance(payload, dict) else json.loads(payload)
            await connection.execute(
                sa.text("UPDATE orders SET receipt = :r WHERE id = :id"),
                {"r": _old_receipt(value, salts[seat]), "id": row_id},
            )
    await db.engine.dispose()
    await asyncio.to_thread(upgrade, db.url)
    async with db.read() as session:
        stored = list((await session.execute(select(Order).order_by(Order.id))).scalars())
    assert [(o.seat, o.receipt_version) for o in stored] == [("s001", 1), ("s002", 1)]
    assert (await verification.verify_day(db, game_id, 0)).ok
    today = await orders.submit_orders(db, game_id, 1, SEARCH, NOW)
    await moderation.end(db, game_id, actor_id=mod(7))
    log = await orders.published_log(db, game_id)
    assert [(e["receipt"], e["receipt_version"]) for e in log] == [(o.receipt, 1) for o in stored] + [
        (today.receipt, 2)
    ]
    assert all(e["receipt_matches"] for e in log)
    async with db.transaction() as session:  # an old receipt that is not its order's is still caught
        row = await session.get(Order, stored[1].id)
        row.receipt = _old_receipt({"kind": "day0", "start_zone": 1}, salts["s002"])
    checked = await verification.verify_day(db, game_id, 0)
    assert not checked.ok and "s002" in " ".join(checked.differences)

"""Issue 15: ids fit the database. Game numbers and every game_id are 64-bit (migration 0005), so a game
numbered 2^31 or more, which overflowed PostgreSQL's INTEGER, is found, played and resolved on both
backends, and a number no game can have is refused as "no such game", never a crash."""
from __future__ import annotations

import asyncio

import pytest
from alembic import command
from sqlalchemy import text

from bot.db.models import Game, Player
from bot.migrate import alembic_config, upgrade
from bot.services.base import lookup
from bot.services.orders import orders
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW

BIG = 2**31 + 5


async def _next_game_number(db, number: int) -> None:
    """Make the next game created get `number` (what a long-lived database reaches)."""
    async with db.transaction() as session:
        if db.engine.dialect.name == "postgresql":
            await session.execute(text(f"ALTER SEQUENCE games_id_seq RESTART WITH {number}"))
        else:
            session.add(Game(id=number - 1, name="placeholder", ruleset="battle_royale", ruleset_version="1"))


async def test_a_game_numbered_past_2_31_is_found_played_and_resolved(db):
    await _next_game_number(db, BIG)
    game = await games.create_game(db, name="Big", channel_id=555)
    assert game.id == BIG
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    await orders.submit_orders(db, game.id, 1, {"kind": "day0", "start_zone": 5}, NOW)
    done = await resolution.resolve_day(db, game.id, NOW, trigger="moderator")
    assert done is not None and done.day == 0
    assert (await lookup.game_by_id(db, BIG)).name == "Big"
    mine = await lookup.find_game(db, user_id=1, channel_id=None, in_dm=True, game_id=BIG)
    assert mine.id == BIG


@pytest.mark.parametrize("number", [2**31, 2**32 + 1, 2**53 - 1, 2**63 - 1])
async def test_a_big_number_with_no_game_is_no_such_game(db, number):
    with pytest.raises(ServiceError, match=f"There is no game #{number}"):
        await lookup.game_by_id(db, number)
    with pytest.raises(ServiceError, match="There is no game"):
        await lookup.find_game(db, user_id=1, channel_id=555, in_dm=False, game_id=number)


async def test_the_ids_migration_goes_down_and_up_with_a_game_in_it(db):
    game = await games.create_game(db, name="Kept", channel_id=555)
    await games.join_game(db, game.id, 1, "Player1")
    await db.engine.dispose()
    await asyncio.to_thread(command.downgrade, alembic_config(db.url), "0004")
    await asyncio.to_thread(upgrade, db.url)
    async with db.read() as session:
        assert (await session.get(Game, game.id)).name == "Kept"
        assert (await session.get(Player, 1)).game_id == game.id

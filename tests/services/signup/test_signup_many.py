"""Signing many players up at once (`games.join_many`, what `brbot simulate` uses): in order, as `join_game`
would one by one, reserves past the cap, and one refusal refuses the whole list with nothing changed."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import Player
from bot.services.signup import games
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW


async def _rows(db, game_id):
    async with db.transaction() as session:
        rows = (await session.execute(select(Player).where(Player.game_id == game_id).order_by(Player.position)))
        return [(p.user_id, p.name, p.status, p.position, p.requests.get("role")) for p in rows.scalars()]


async def test_a_list_signs_up_in_order_with_reserves_past_the_cap(db):
    game = await games.create_game(db, name="Many", signup_cap=3)
    await games.join_game(db, game.id, 7, "Early")
    players = await games.join_many(db, game.id, [(1, "A", None), (2, "B", "lone_wolf"), (3, "C", None)])
    assert [p.status for p in players] == ["joined", "joined", "reserve"]
    assert await _rows(db, game.id) == [(7, "Early", "joined", 1, "dedicated_student"),
                                        (1, "A", "joined", 2, "dedicated_student"),
                                        (2, "B", "joined", 3, "lone_wolf"),
                                        (3, "C", "reserve", 4, "dedicated_student")]
    assert len({p.salt for p in players}) == 3  # each player gets a salt of their own


async def test_one_refusal_refuses_the_whole_list_and_changes_nothing(db):
    game = await games.create_game(db, name="Many")
    await games.join_game(db, game.id, 1, "A")
    before = await _rows(db, game.id)
    with pytest.raises(ServiceError, match="already signed up"):
        await games.join_many(db, game.id, [(2, "B", None), (1, "A again", None)])
    with pytest.raises(ServiceError, match="already signed up"):
        await games.join_many(db, game.id, [(3, "C", None), (3, "C twice", None)])
    with pytest.raises(ServiceError, match="unicorn"):
        await games.join_many(db, game.id, [(4, "D", None), (5, "E", "unicorn")])
    assert await _rows(db, game.id) == before


async def test_a_player_who_left_signs_up_again_at_the_end(db):
    game = await games.create_game(db, name="Back")
    await games.join_many(db, game.id, [(1, "A", None), (2, "B", None)])
    await games.leave_game(db, game.id, 1, NOW)
    await games.join_many(db, game.id, [(1, "A", None)])
    assert [(u, s, pos) for u, _, s, pos, _ in await _rows(db, game.id)] == [(2, "joined", 2), (1, "joined", 3)]

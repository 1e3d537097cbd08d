"""Sign-ups at the same moment (issue 29, point 8): many people joining one game at once get distinct seats and
never overfill its cap; the same user joining, volunteering or withdrawing twice at once gets the ordinary answer
the second time, never a database error. Each racer has a `Database` of its own (its own connections), as
separate requests of the bot or separate `brbot run` processes have, on SQLite and on PostgreSQL."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from bot.db.models import Player, Substitute
from bot.db.session import Database
from bot.services.people import absence
from bot.services.signup import games
from bot.text import say
from tests.services.conftest import NOW


async def _racers(db: Database, count: int) -> list[Database]:
    """`count` databases of their own, each with its connection open, so that they start at the same moment."""
    racers = [Database(db.url) for _ in range(count)]
    for racer in racers:
        async with racer.read() as session:
            await session.execute(select(1))
    return racers


async def _race(db: Database, calls) -> list:
    """Run `calls(racer, index)` for as many racers as the calls at once; results or exceptions, in order."""
    racers = await _racers(db, len(calls))
    try:
        return await asyncio.gather(*(call(racer) for call, racer in zip(calls, racers)), return_exceptions=True)
    finally:
        for racer in racers:
            await racer.dispose()


async def _players(db: Database, game_id: int) -> list[Player]:
    async with db.read() as session:
        rows = await session.execute(select(Player).where(Player.game_id == game_id).order_by(Player.position))
        return list(rows.scalars())


async def test_many_joining_at_once_get_distinct_seats_within_the_cap(db):
    game = await games.create_game(db, name="Rush", signup_cap=8)
    await games.join_game(db, game.id, 100, "First")  # a seat already taken: the racers read its position
    results = await _race(db, [lambda r, u=u: games.join_game(r, game.id, u, f"P{u}") for u in range(1, 13)])
    assert not [r for r in results if isinstance(r, BaseException)]
    players = await _players(db, game.id)
    assert len(players) == 13
    assert len({p.position for p in players}) == 13, "two players in one seat"
    assert sum(p.status == "joined" for p in players) == 8, "the cap was overfilled"
    assert sum(p.status == "reserve" for p in players) == 5


async def test_the_same_user_joining_twice_at_once_is_told_they_are_signed_up(db):
    game = await games.create_game(db, name="Twice")
    users = range(1, 7)
    results = await _race(db, [lambda r, u=u: games.join_game(r, game.id, u, f"P{u}") for u in users for _ in "ab"])
    refusals = [r for r in results if isinstance(r, BaseException)]
    assert [str(r) for r in refusals] == [say("already_signed_up")] * len(users)  # never a database error
    assert sorted(p.user_id for p in await _players(db, game.id)) == list(users)


async def test_volunteering_twice_at_once_puts_the_user_on_the_list_once(db):
    results = await _race(db, [lambda r, u=u: absence.volunteer(r, 1000, u, f"P{u}", NOW) for u in range(1, 7) for _ in "ab"])
    assert [sorted(results[i : i + 2]) for i in range(0, 12, 2)] == [[False, True]] * 6  # the second: on it already
    assert sorted(await absence.volunteers(db, 1000)) == [(u, f"P{u}") for u in range(1, 7)]


async def test_withdrawing_twice_at_once_is_removed_once(db):
    await absence.volunteer(db, 1000, 7, "Seven", NOW)
    results = await _race(db, [lambda r: absence.withdraw(r, 1000, 7)] * 2)
    assert sorted(results) == [False, True]  # "removed" once, "you were not on it" the other time
    async with db.read() as session:
        assert (await session.execute(select(Substitute))).first() is None


@pytest.mark.parametrize("name, kept", [("Sev\x00en", "Seven"), ("Sev\ud800en", "Seven"), ("  Seven  ", "Seven")])
async def test_a_volunteers_name_is_cleaned_as_a_joiners(db, name, kept):
    """`/sub volunteer` keeps the name as `/join` does (`limits.name`): no NUL (PostgreSQL refuses it in text),
    no lone surrogate (no database can store it), spaces trimmed."""
    assert await absence.volunteer(db, 1000, 7, name, NOW)
    assert await absence.volunteers(db, 1000) == [(7, kept)]

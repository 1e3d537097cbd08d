"""Absent players (issue 24, part 4: bot/services/people/absence.py): after `absence_steps` awaited steps missed in a row
the seat is offered by DM to the first reserve, else to a server volunteer (`/sub volunteer`); Accept moves the
seat as `/mod substitute` does and the absent player's record counts an abandoned game; Decline asks the next;
nobody left: the moderators decide. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Outbox, Player, SeatOffer
from bot.services.moderators import game_admin
from bot.services.people import absence, records
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from bot.ui.buttons import buttons_for
from tests.services.conftest import NOW, mod
from tests.services.people.test_records import _give_orders


async def _game_with(db, reserves: int = 0, guild: int | None = 1000) -> int:
    """A running game of 4 players (users 1-4), with reserves (users 11, 12...)."""
    game = await games.create_game(db, name="Absent", channel_id=555, guild_id=guild, signup_cap=4)
    for user in range(1, 5):
        await games.join_game(db, game.id, user, f"P{user}")
    for n in range(reserves):
        await games.join_game(db, game.id, 11 + n, f"R{11 + n}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def _step(db, game_id: int, present: list[int]) -> None:
    """One step at its deadline, with orders from `present` only."""
    async with db.read() as session:
        game = await session.get(Game, game_id)
        day, deadline = game.day, game.deadline
    await _give_orders(db, game_id, present)
    assert await resolution.resolve_day(db, game_id, deadline, expected_day=day)


async def _offers(db, game_id: int) -> list[SeatOffer]:
    async with db.read() as session:
        rows = await session.execute(select(SeatOffer).where(SeatOffer.game_id == game_id).order_by(SeatOffer.id))
        return list(rows.scalars())


async def _offer_dms(db, user_id: int) -> list[Outbox]:
    async with db.read() as session:
        rows = await session.execute(
            select(Outbox).where(Outbox.target_id == user_id, Outbox.payload["kind"].as_string() == "seat_offer")
            .order_by(Outbox.id)
        )
        return list(rows.scalars())


async def _holder(db, game_id: int, position: int) -> int:
    async with db.read() as session:
        return (
            await session.execute(
                select(Player.user_id).where(
                    Player.game_id == game_id, Player.position == position, Player.status == "joined"
                )
            )
        ).scalar_one()


async def test_two_missed_steps_offer_the_seat_to_the_first_reserve_who_takes_it(db):
    game_id = await _game_with(db, reserves=2)
    await _step(db, game_id, [1, 2, 3])  # 4 misses once: nothing yet
    assert await _offers(db, game_id) == []
    await _step(db, game_id, [1, 2, 3])  # twice: the seat is offered to reserve 11
    (offer,) = await _offers(db, game_id)
    assert (offer.seat, offer.absent_id, offer.user_id, offer.status) == ("s004", 4, 11, "open")
    (dm,) = await _offer_dms(db, 11)
    assert "P4 has missed 2 steps in a row" in dm.text
    assert [b.custom_id for b in buttons_for(dm.payload)] == [f"brbot:seat:{offer.id}:yes", f"brbot:seat:{offer.id}:no"]
    with pytest.raises(ServiceError, match="no longer open"):
        await absence.answer(db, offer.id, 12, True, "R12")  # not theirs to answer
    assert "You now play" in await absence.answer(db, offer.id, 11, True, "R11")
    assert await _holder(db, game_id, 4) == 11
    gone = await records.record_of(db, 4)
    assert (gone.games_abandoned, gone.steps_missed) == (1, 2)
    with pytest.raises(ServiceError, match="no longer open"):
        await absence.answer(db, offer.id, 11, True, "R11")
    await _step(db, game_id, [1, 2, 3])  # the new holder missed once: their streak started again
    assert len(await _offers(db, game_id)) == 1


async def test_a_decline_asks_a_volunteer_and_with_nobody_left_the_moderators_decide(db):
    game_id = await _game_with(db, reserves=1)
    assert await absence.volunteer(db, 1000, 30, "Vol", NOW)
    assert not await absence.volunteer(db, 1000, 30, "Vol", NOW)
    await absence.volunteer(db, 1000, 2, "Playing", NOW - timedelta(days=1))  # in the game: never asked
    await absence.volunteer(db, 2000, 31, "Elsewhere", NOW)  # another server's
    await _step(db, game_id, [1, 2, 3])
    await _step(db, game_id, [1, 2, 3])
    (offer,) = await _offers(db, game_id)
    assert "someone else will be asked" in await absence.answer(db, offer.id, 11, False, "R11")
    (offer,) = await _offers(db, game_id)
    assert (offer.user_id, offer.asked) == (30, [11, 30])
    await absence.answer(db, offer.id, 30, False, "Vol")
    (offer,) = await _offers(db, game_id)
    assert (offer.user_id, offer.status) == (None, "moderators")
    async with db.read() as session:
        notes = (await session.execute(select(Outbox.text).where(Outbox.target == "moderators"))).scalars().all()
    assert any("no reserve or volunteer took the place: decide with /mod substitute" in n for n in notes)
    assert await _holder(db, game_id, 4) == 4  # still theirs
    assert await absence.withdraw(db, 1000, 30) and await absence.volunteers(db, 1000) == [(2, "Playing")]


async def test_a_player_back_before_anyone_accepts_keeps_the_seat(db):
    game_id = await _game_with(db, reserves=1)
    await _step(db, game_id, [1, 2, 3])
    await _step(db, game_id, [1, 2, 3])
    (offer,) = await _offers(db, game_id)
    await _step(db, game_id, [1, 2, 3, 4])  # 4 gives orders again
    with pytest.raises(ServiceError, match="came back"):
        await absence.answer(db, offer.id, 11, True, "R11")
    assert await _holder(db, game_id, 4) == 4
    assert (await _offers(db, game_id))[0].status == "closed"


async def test_absence_steps_zero_turns_it_off(db):
    game_id = await _game_with(db, reserves=1)
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        game.community = {"absence_steps": 0}
    for _ in range(3):
        await _step(db, game_id, [1, 2, 3])
    assert await _offers(db, game_id) == []
    await game_admin.change_setting(db, game_id, mod(7), "absence_steps", "1")  # may change in play
    await _step(db, game_id, [1, 2, 3])
    assert [o.user_id for o in await _offers(db, game_id)] == [11]


async def test_seats_absent_in_one_step_go_to_different_reserves(db):
    """Issue 29, point 8: every seat absent in one step was offered to the same first reserve; once they took
    one, the others waited for ever on someone who now played."""
    game_id = await _game_with(db, reserves=2)
    await _step(db, game_id, [1, 2])
    await _step(db, game_id, [1, 2])  # 3 and 4 both absent in the same step
    offers = await _offers(db, game_id)
    assert [(o.seat, o.user_id, o.status) for o in offers] == [("s003", 11, "open"), ("s004", 12, "open")]
    await absence.answer(db, offers[0].id, 11, True, "R11")
    await absence.answer(db, offers[1].id, 12, True, "R12")
    assert (await _holder(db, game_id, 3), await _holder(db, game_id, 4)) == (11, 12)


async def test_one_reserve_is_offered_one_seat_at_a_time(db):
    """With one reserve for two seats, the second seat waits while the reserve decides on the first: taken,
    the second goes on (here to the moderators, nobody being left); declined, the second is offered to them."""
    game_id = await _game_with(db, reserves=1)
    await _step(db, game_id, [1, 2])
    await _step(db, game_id, [1, 2])
    first, second = await _offers(db, game_id)
    assert [(o.user_id, o.status) for o in (first, second)] == [(11, "open"), (None, "waiting")]
    assert len(await _offer_dms(db, 11)) == 1
    await absence.answer(db, first.id, 11, True, "R11")
    first, second = await _offers(db, game_id)
    assert (first.status, second.status, second.user_id) == ("accepted", "moderators", None)


async def test_a_declined_seat_frees_the_reserve_for_the_waiting_one(db):
    game_id = await _game_with(db, reserves=1)
    await _step(db, game_id, [1, 2])
    await _step(db, game_id, [1, 2])
    first, _ = await _offers(db, game_id)
    await absence.answer(db, first.id, 11, False, "R11")
    first, second = await _offers(db, game_id)
    assert (first.status, second.user_id, second.status) == ("moderators", 11, "open")
    assert len(await _offer_dms(db, 11)) == 2
    await absence.answer(db, second.id, 11, True, "R11")
    assert await _holder(db, game_id, 4) == 11


async def test_a_seat_taken_moves_the_takers_other_offers_on(db):
    """An offer a reserve still held when they took another seat (from before one seat at a time) goes to the
    next candidate, not waiting for ever."""
    game_id = await _game_with(db, reserves=2)
    await _step(db, game_id, [1, 2])
    await _step(db, game_id, [1, 2])
    first, second = await _offers(db, game_id)
    async with db.transaction() as session:  # both offered to reserve 11, as the bot did before
        held = await session.get(SeatOffer, second.id)
        held.user_id, held.asked = 11, [11]
    await absence.answer(db, first.id, 11, True, "R11")
    _, second = await _offers(db, game_id)
    assert (second.user_id, second.status) == (12, "open")
    assert "P4 has missed" in (await _offer_dms(db, 12))[-1].text

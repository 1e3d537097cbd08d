"""The muster (issue 24, part 2: bot/services/signup/muster.py): before the first step every player (and reserve)
confirms with a Ready button by DM within `muster_hours`; the game starts when all have; at the deadline those
who did not are dropped, ready reserves take their places in sign-up order, and a game below its minimum goes
back to sign-ups, the channel told. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Outbox, Player
from bot.services.moderators import game_admin
from bot.services.signup import games, muster
from bot.services.steps import scheduler
from bot.services.base.errors import ServiceError
from bot.ui.buttons import buttons_for
from tests.services.conftest import NOW, mod


async def _mustering(db, joined: int, reserves: int = 0, cap: int | None = None, ruleset: str | None = None) -> int:
    extra = {"ruleset": ruleset} if ruleset else {}
    game = await game_admin.create(
        db, guild_id=1000, channel_id=555, actor_id=mod(7), name="Muster", signup_cap=cap or joined, **extra
    )
    await game_admin.open_signups(db, game.id, mod(7))
    for user in range(1, joined + reserves + 1):
        await games.join_game(db, game.id, user, f"P{user}")
    begun = await game_admin.start(db, game.id, mod(7), NOW)
    assert not begun.started and begun.until == NOW + timedelta(hours=24)
    return game.id


async def _game(db, game_id: int) -> Game:
    async with db.read() as session:
        return await session.get(Game, game_id)


async def _statuses(db, game_id: int) -> dict[int, str]:
    async with db.read() as session:
        rows = await session.execute(select(Player).where(Player.game_id == game_id).order_by(Player.user_id))
        return {p.user_id: p.status for p in rows.scalars()}


async def _texts(db, target: str, target_id: int | None = None) -> list[str]:
    async with db.read() as session:
        query = select(Outbox).where(Outbox.target == target).order_by(Outbox.id)
        if target_id is not None:
            query = query.where(Outbox.target_id == target_id)
        return [row.text for row in (await session.execute(query)).scalars()]


async def test_every_player_and_reserve_is_asked_by_dm_with_a_ready_button(db):
    game_id = await _mustering(db, joined=3, reserves=1, cap=3)
    async with db.read() as session:
        asks = (await session.execute(select(Outbox).where(Outbox.payload["kind"].as_string() == "muster"))).scalars()
        dms = {row.target_id: row for row in asks if row.target == "dm"}
    assert sorted(dms) == [1, 2, 3, 4]
    assert "you are a reserve" in dms[4].text and "reserve" not in dms[1].text
    assert [b.custom_id for b in buttons_for(dms[1].payload)] == [f"brbot:ready:{game_id}"]
    assert (await _game(db, game_id)).status == "signup"  # not started before everyone confirms
    assert any("Ready button" in t for t in await _texts(db, "channel"))


async def test_the_game_starts_when_every_player_is_ready(db):
    game_id = await _mustering(db, joined=3)
    assert "You are ready" in await muster.confirm(db, game_id, 1, NOW)
    assert "Muster: 1 of 3 players ready" in (await _texts(db, "lobby"))[-1]
    await muster.confirm(db, game_id, 2, NOW)
    assert (await _game(db, game_id)).status == "signup"
    assert "everyone is" in await muster.confirm(db, game_id, 3, NOW)
    game = await _game(db, game_id)
    assert (game.status, game.muster_until) == ("running", None)
    with pytest.raises(ServiceError, match="not mustering"):
        await muster.confirm(db, game_id, 1, NOW)


async def test_at_the_deadline_no_shows_are_dropped_and_ready_reserves_take_their_places_in_order(db):
    game_id = await _mustering(db, joined=3, reserves=3, cap=3)
    for user in (1, 2, 5, 6):  # 3 does not confirm; reserve 4 does not either; 5 and 6 do
        await muster.confirm(db, game_id, user, NOW)
    assert await muster.due(db, NOW + timedelta(hours=23)) == 0
    report = await scheduler.tick(db, NOW + timedelta(hours=24))  # the deadline loop closes it
    assert report.mustered == 1
    assert await _statuses(db, game_id) == {1: "joined", 2: "joined", 3: "dropped", 4: "reserve", 5: "joined", 6: "reserve"}
    assert (await _game(db, game_id)).status == "running"
    told = "\n".join(await _texts(db, "channel"))
    assert "P3 did not confirm for Muster and was dropped; in their place: P5" in told
    assert any("did not confirm in time" in t for t in await _texts(db, "dm", 3))


async def test_a_muster_below_the_minimum_goes_back_to_sign_ups(db):
    game_id = await _mustering(db, joined=3)
    await muster.confirm(db, game_id, 1, NOW)
    await muster.close(db, game_id, NOW + timedelta(hours=25))
    game = await _game(db, game_id)
    assert (game.status, game.muster_until) == ("signup", None)
    assert any("fewer than the 2 it needs: back to sign-ups" in t for t in await _texts(db, "channel"))
    assert any("back to sign-ups" in t for t in await _texts(db, "moderators"))
    await games.join_game(db, game_id, 9, "Late")  # sign-ups are open again
    await game_admin.change_setting(db, game_id, mod(7), "muster_hours", "0")
    assert (await game_admin.start(db, game_id, mod(7), NOW)).started


async def test_someone_joining_during_the_muster_is_asked_too(db):
    game_id = await _mustering(db, joined=2, cap=3)
    await games.join_game(db, game_id, 3, "P3")
    async with db.read() as session:
        asked = (
            await session.execute(
                select(Outbox.target_id).where(Outbox.target == "dm", Outbox.payload["kind"].as_string() == "muster")
            )
        ).scalars().all()
    assert sorted(asked) == [1, 2, 3]


@pytest.mark.parametrize("ruleset", ["battle_royale_cards", "infinity_intervention"])
async def test_a_game_of_one_actor_at_a_time_musters_too(db, ruleset):
    game_id = await _mustering(db, joined=2, ruleset=ruleset)
    await muster.confirm(db, game_id, 1, NOW)
    await muster.confirm(db, game_id, 2, NOW)
    assert (await _game(db, game_id)).status == "running"


async def test_a_ready_reserve_taking_a_leavers_place_starts_the_game(db):
    """Issue 29, point 5: the lobby said "2 of 2 players are ready" and the game waited for the muster's
    deadline, since only the Ready button ran the start check."""
    game_id = await _mustering(db, joined=2, reserves=1, cap=2)
    await muster.confirm(db, game_id, 1, NOW)
    await muster.confirm(db, game_id, 3, NOW)  # the reserve is ready
    await games.leave_game(db, game_id, 2, NOW)  # 2 never pressed Ready; reserve 3 takes the place
    game = await _game(db, game_id)
    assert (game.status, game.muster_until) == ("running", None)
    assert (await _statuses(db, game_id))[3] == "joined"


async def test_the_last_unready_player_leaving_starts_the_game(db):
    game_id = await _mustering(db, joined=3)
    for user in (1, 2):
        await muster.confirm(db, game_id, user, NOW)
    await games.leave_game(db, game_id, 3, NOW)
    assert (await _game(db, game_id)).status == "running"


async def test_a_leave_leaving_fewer_than_the_minimum_does_not_start(db):
    game_id = await _mustering(db, joined=2)
    await muster.confirm(db, game_id, 1, NOW)
    await games.leave_game(db, game_id, 2, NOW)  # one ready player; the game needs two
    game = await _game(db, game_id)
    assert game.status == "signup" and game.muster_until is not None
    assert await muster.due(db, NOW) == 0  # the loop neither starts it nor counts it


async def test_every_seat_ready_by_a_moderators_substitute_starts_at_the_loops_next_pass(db):
    """A path that does not run the start check itself (a moderator putting a ready reserve in an unready
    player's seat) is seen by the deadline loop, long before the muster's deadline."""
    from bot.services.moderators import moderation

    game_id = await _mustering(db, joined=2, reserves=1, cap=2)
    await muster.confirm(db, game_id, 1, NOW)
    await muster.confirm(db, game_id, 3, NOW)
    await moderation.substitute(db, game_id, mod(7), 2, 3, "P3")
    assert (await _game(db, game_id)).status == "signup"
    report = await scheduler.tick(db, NOW + timedelta(minutes=1))
    assert report.mustered == 1
    assert (await _game(db, game_id)).status == "running"


async def test_a_moderators_substitute_leaving_every_seat_ready_starts_the_game_at_once(db):
    """Issue 29, left over: /mod substitute (which hands the service its clock) starts a muster it leaves all
    ready at once, as the last Ready would, not at the deadline loop's next pass."""
    from bot.services.moderators import moderation

    game_id = await _mustering(db, joined=2, reserves=1, cap=2)
    await muster.confirm(db, game_id, 1, NOW)
    await muster.confirm(db, game_id, 3, NOW)
    await moderation.substitute(db, game_id, mod(7), 2, 3, "P3", NOW)
    game = await _game(db, game_id)
    assert (game.status, game.muster_until) == ("running", None)


async def test_the_muster_reads_right_for_one_and_for_many(db):
    """Issue 29, point 5: "1 ready players", "Cal ... and were dropped": each count takes its word's number,
    and the names dropped are listed as a sentence lists them."""
    game_id = await _mustering(db, joined=4, reserves=1, cap=4)
    lobby_text = (await _texts(db, "lobby"))[-1]
    assert "Muster: 0 of 4 players ready" in lobby_text
    await muster.confirm(db, game_id, 1, NOW)
    await muster.close(db, game_id, NOW + timedelta(hours=25))  # 2, 3 and 4 dropped; reserve 5 did not confirm
    told = "\n".join(await _texts(db, "channel"))
    assert "P2, P3 and P4 did not confirm for Muster and were dropped." in told
    assert "Muster has 1 ready player, fewer than the 2 it needs" in told


async def test_one_ready_of_one_reads_right(db):
    game_id = await _mustering(db, joined=2, cap=2)
    await games.leave_game(db, game_id, 2, NOW)
    assert "Muster: 0 of 1 player ready" in (await _texts(db, "lobby"))[-1]

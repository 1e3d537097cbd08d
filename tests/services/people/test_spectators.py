"""The dead and spectators (issue 24, part 5: bot/services/people/spectators.py), tested for leaks: the thread's members
are the dead and the watchers and never a living player; with `dead_see channel` it shows nothing private, with
`private` every player's private results from then on and nothing from before; a dead player has the bot post
nothing in the living's channel. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import EventRow, Game, GameGroup, Outbox
from bot.services.moderators import game_admin, moderation
from bot.services.people import spectators
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, mod, started_game
from tests.services.people.test_records import _give_orders


async def _members(db, game_id: int) -> list[int] | None:
    async with db.read() as session:
        return (
            await session.execute(
                select(GameGroup.members).where(GameGroup.game_id == game_id, GameGroup.key == spectators.DEAD)
            )
        ).scalar_one_or_none()


async def _dead_posts(db, game_id: int) -> list[str]:
    async with db.read() as session:
        rows = await session.execute(
            select(Outbox.text).where(Outbox.game_id == game_id, Outbox.target == spectators.POST).order_by(Outbox.id)
        )
        return list(rows.scalars())


async def _step(db, game_id: int) -> None:
    async with db.read() as session:
        game = await session.get(Game, game_id)
        day, deadline, alive = game.day, game.deadline, game.state
    users = [int(seat[1:]) for seat, s in alive["students"].items() if s["alive"]]
    await _give_orders(db, game_id, users)
    assert await resolution.resolve_day(db, game_id, deadline, expected_day=day)


async def test_the_thread_opens_at_the_first_death_with_the_dead_and_watchers_never_the_living(db):
    game_id = await started_game(db, players=4, guild_id=1000)
    assert await _members(db, game_id) is None  # nobody dead, nobody watching: no thread
    with pytest.raises(ServiceError, match="You play in"):
        await spectators.watch(db, game_id, 1)
    await moderation.act(db, game_id, mod(7), 4, "kill", {"reason": "test"})
    assert await _members(db, game_id) == [4]
    assert "added to its thread" in await spectators.watch(db, game_id, 50)
    assert await _members(db, game_id) == [4, 50]
    assert "You watch" in await spectators.watch(db, game_id, 4)  # dead: may watch (already in)
    for _ in range(2):
        await _step(db, game_id)
        async with db.read() as session:
            state = (await session.get(Game, game_id)).state
        living = {int(seat[1:]) for seat, s in state["students"].items() if s["alive"]}
        members = set(await _members(db, game_id))
        assert not members & living and 50 in members and 4 in members
    await moderation.act(db, game_id, mod(7), 4, "revive", {})
    assert 4 not in await _members(db, game_id)  # back among the living: out of the thread


async def test_dead_see_channel_shows_nothing_private_and_private_shows_what_comes_after(db):
    game_id = await started_game(db, players=4, guild_id=1000)
    await _step(db, game_id)  # Day 0 (private results to each player) before anyone is dead
    assert await _dead_posts(db, game_id) == []
    await moderation.act(db, game_id, mod(7), 4, "kill", {"reason": "test"})
    await _step(db, game_id)
    assert await _dead_posts(db, game_id) == []  # dead_see channel: nothing private
    await game_admin.change_setting(db, game_id, mod(7), "dead_see", "private")  # may change in play
    async with db.read() as session:
        before = (await session.execute(select(EventRow.id).order_by(EventRow.id.desc()).limit(1))).scalar_one()
    await _step(db, game_id)
    posts = await _dead_posts(db, game_id)
    async with db.read() as session:
        private = [
            e for e in (await session.execute(select(EventRow).where(EventRow.id > before).order_by(EventRow.id)))
            .scalars() if e.audience["kind"] == "players"
        ]
    assert private and len(posts) == len(private)
    assert all(event.text in post for event, post in zip(private, posts, strict=True))
    assert all(post.startswith("**Private, to Player") for post in posts)


async def test_a_dead_player_may_not_post_in_the_living_channel_through_the_bot(db):
    game_id = await started_game(db, players=4, guild_id=1000)
    await moderation.act(db, game_id, mod(7), 4, "kill", {"reason": "test"})
    assert not await spectators.may_post(db, game_id, 4)
    assert await spectators.may_post(db, game_id, 1)
    assert await spectators.may_post(db, game_id, 99)  # not a player


async def test_spectators_asking_before_the_start_are_let_in_at_the_start(db):
    game = await games.create_game(db, name="Watched", channel_id=555, guild_id=1000)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"P{user}")
    assert "when it starts" in await spectators.watch(db, game.id, 60)
    assert await _members(db, game.id) is None
    await games.start_game(db, game.id, NOW)
    assert await _members(db, game.id) == [60]


async def test_on_discord_the_thread_holds_the_dead_and_watchers_and_gets_the_private_results(db):
    """Delivery (the fake courier as Discord): the dead's thread is opened once, only the dead and the watchers
    are added, and with `dead_see private` the private results are posted in it and nowhere else new."""
    from bot.delivery.worker import OutboxWorker
    from tests.bot.delivery_helpers import Clock, FakeCourier, drain

    game_id = await started_game(db, players=4, guild_id=1000)
    await game_admin.change_setting(db, game_id, mod(7), "dead_see", "private")
    await moderation.act(db, game_id, mod(7), 4, "kill", {"reason": "test"})
    await spectators.watch(db, game_id, 50)
    courier, clock = FakeCourier(), Clock()
    worker = OutboxWorker(db, courier, clock)
    await drain(worker, clock)  # a post for the thread before it is open waits for it (retried)
    (thread,) = [t for t in courier.members]
    assert courier.members[thread] == {4, 50}
    await _step(db, game_id)
    await drain(worker, clock)
    async with db.read() as session:
        state = (await session.get(Game, game_id)).state
    living = {int(seat[1:]) for seat, s in state["students"].items() if s["alive"]}
    assert not courier.members[thread] & living and {4, 50} <= courier.members[thread]
    in_thread = courier.text_to("channel", thread)
    assert "the dead and spectators" in in_thread and "**Private, to Player" in in_thread

"""The private-thread fallbacks of delivery on SQLite and PostgreSQL: a player whose DMs are closed gets a
private thread (opened once, even when Discord fails half-way, reused after restarts, opened again when
deleted); a thread Discord refuses costs the moderators one specific note, not one per message; and the
moderators' notes reach a private moderators' thread by default (issue 23), and the creator by DM only where
Discord refuses that thread."""
from __future__ import annotations

from datetime import timedelta

import discord
from sqlalchemy import select, update

from bot.db.models import Game, Player
from bot.delivery.worker import OutboxWorker
from bot.services.steps import resolution
from tests.bot.delivery_helpers import (
    CHANNEL,
    CREATOR,
    MOD_CHANNEL,
    Clock,
    FakeCourier,
    drain,
    game_with_a_night,
    http_error,
    rows,
)
from tests.services.conftest import NOW, db  # noqa: F401  (db: the two-database fixture)

MISSING_PERMISSIONS = (discord.Forbidden, 403, 50013, "Missing Permissions")


async def thread_of(db, game_id: int, user_id: int) -> int | None:
    async with db.read() as session:
        return (await session.execute(select(Player.thread_id).where(Player.game_id == game_id,
                                                                     Player.user_id == user_id))).scalar_one()


async def test_a_refused_dm_goes_to_one_private_thread_and_the_moderators_are_told(db):
    game_id = await game_with_a_night(db, moderator_channel=MOD_CHANNEL)
    courier = FakeCourier(closed_dms={2})
    clock = Clock()
    await drain(OutboxWorker(db, courier, clock))
    assert courier.threads == [(CHANNEL, "Test: private messages for Player2")]
    thread = 7001
    assert courier.members == {thread: {2}} and await thread_of(db, game_id, 2) == thread
    in_thread = courier.to("channel", thread)
    assert "your DMs are closed" in in_thread[0].content and in_thread[0].mention_user_ids == (2,)
    assert [m.content for m in in_thread[1:]] == [r.text for r in await rows(db, target="dm", target_id=2) if r.text]
    assert courier.to("dm", 2) == []
    (note,) = [r for r in await rows(db, target="moderators", status="sent") if r.payload["kind"] != "moderators_started"]
    assert note.payload["kind"] == "delivery_dms_closed" and "<#7001>" in note.text
    assert "has DMs closed" in courier.text_to("channel", MOD_CHANNEL)
    # the next night, even from a new worker (a restart): the same thread, no new note
    assert await resolution.resolve_day(db, game_id, NOW + timedelta(days=1), expected_day=1) is not None
    before = len(in_thread)
    await drain(OutboxWorker(db, courier, clock))
    assert len(courier.threads) == 1
    assert len(courier.to("channel", thread)) > before
    assert len(await rows(db, target="moderators")) == 2  # the start, and the one note


async def test_a_thread_half_opened_is_finished_on_the_retry_never_opened_again(db):
    """Discord creates the thread, then answers 503 when the player is added: the retries (in this worker,
    and in a new one after a restart) add the player to that same thread instead of opening another."""
    game_id = await game_with_a_night(db, moderator_channel=MOD_CHANNEL)
    courier = FakeCourier(closed_dms={2})
    failures = {"left": 4}

    def flaky(kind, target):
        if kind == "member" and failures["left"]:
            failures["left"] -= 1
            return http_error(discord.DiscordServerError, 503, 0, "Service Unavailable")
        return None

    courier.fail_when = flaky
    clock = Clock()
    worker = OutboxWorker(db, courier, clock)
    await worker.run_once()
    assert courier.threads == [(CHANNEL, "Test: private messages for Player2")] and courier.members == {}
    assert await thread_of(db, game_id, 2) == 7001  # saved as soon as it existed
    assert [r.payload["kind"] for r in await rows(db, target="moderators")] == ["moderators_started"]  # nothing of a
    # thread the player is not in
    clock.advance(minutes=1)
    await worker.run_once()
    clock.advance(minutes=2)
    await OutboxWorker(db, courier, clock).run_once()  # a restart in between
    await drain(OutboxWorker(db, courier, clock), clock)
    assert len(courier.threads) == 1 and courier.members == {7001: {2}}
    in_thread = courier.to("channel", 7001)
    assert [m.content for m in in_thread].count(in_thread[0].content) == 1 and "DMs are closed" in in_thread[0].content
    assert [m.content for m in in_thread[1:]] == [r.text for r in await rows(db, target="dm", target_id=2) if r.text]
    (note,) = [r for r in await rows(db, target="moderators") if r.payload["kind"] == "delivery_dms_closed"]
    assert "<#7001>" in note.text
    assert {r.status for r in await rows(db, target="dm")} == {"sent"}


async def test_no_private_thread_tells_the_moderators_once_what_permission_is_missing(db):
    """DMs closed and the thread refused (403 50013): each of the player's messages fails, but over two
    nights the moderators get one note naming the permissions, and never the messages' content."""
    game_id = await game_with_a_night(db)
    async with db.transaction() as session:
        await session.execute(update(Game).where(Game.id == game_id).values(moderator_channel_id=777))
    courier = FakeCourier(closed_dms={2})
    courier.fail_when = lambda kind, target: http_error(*MISSING_PERMISSIONS) if kind == "thread" else None
    clock = Clock()
    await drain(OutboxWorker(db, courier, clock))
    assert await resolution.resolve_day(db, game_id, NOW + timedelta(days=1), expected_day=1) is not None
    clock.advance(hours=2)  # past the hour a refusal is remembered: the next night tries again
    await drain(OutboxWorker(db, courier, clock))
    failed = await rows(db, target="dm", target_id=2)
    assert len(failed) >= 2 and {r.status for r in failed} == {"failed"}
    assert all("50013" in r.last_error for r in failed)
    started, note = await rows(db, target="moderators")
    shown = courier.text_to("channel", 777)
    assert note.status == "sent" and shown == started.text + "\n" + note.text
    assert "Player2 (<@2>)'s DMs are closed and no private thread could be opened" in shown
    assert "Create Private Threads" in shown and "Send Messages in Threads" in shown and f"<#{CHANNEL}>" in shown
    assert not any(r.text and r.text in shown for r in failed)
    assert "could not be delivered" not in shown
    assert {r.status for r in await rows(db, target="dm") if r.target_id != 2} == {"sent"}


async def test_a_deleted_thread_is_opened_again(db):
    game_id = await game_with_a_night(db, moderator_channel=MOD_CHANNEL)
    async with db.transaction() as session:
        await session.execute(update(Player).where(Player.game_id == game_id, Player.user_id == 3).values(thread_id=6999))
    courier = FakeCourier(closed_dms={3})
    courier.fail_when = lambda kind, target: http_error(discord.NotFound, 404, 10003, "Unknown Channel") \
        if target == 6999 else None
    await drain(OutboxWorker(db, courier, Clock()))
    assert courier.threads == [(CHANNEL, "Test: private messages for Player3")] and courier.members == {7001: {3}}
    assert [m.content for m in courier.to("channel", 7001)[1:]] == [r.text for r in await rows(db, target="dm", target_id=3) if r.text]
    assert {r.status for r in await rows(db)} == {"sent"}


async def test_moderator_notes_go_to_the_moderator_channel_when_set(db):
    game_id = await game_with_a_night(db)
    async with db.transaction() as session:
        await session.execute(update(Game).where(Game.id == game_id).values(moderator_channel_id=777))
    courier = FakeCourier(closed_dms={1})
    await drain(OutboxWorker(db, courier, Clock()))
    assert "has DMs closed" in courier.text_to("channel", 777)
    assert courier.to("dm", CREATOR) == []


async def test_issue_23_without_a_moderator_channel_the_notes_go_to_a_moderators_thread_opened_at_the_start(db):
    """No moderator channel: the moderators' notes go to a private thread of the game channel with the creator in
    it, opened by the start's note, not one DM each (the creator's DMs are open); one message per resolution."""
    game_id = await game_with_a_night(db)
    courier = FakeCourier(closed_dms={2})
    clock = Clock()
    await drain(OutboxWorker(db, courier, clock))
    # the two threads are opened by different deliveries, in either order (the fake numbers them as opened)
    assert sorted(courier.threads) == [(CHANNEL, "Test: moderators"), (CHANNEL, "Test: private messages for Player2")]
    opened = {name: 7001 + index for index, (_, name) in enumerate(courier.threads)}
    mods, player2 = opened["Test: moderators"], opened["Test: private messages for Player2"]
    assert courier.members == {mods: {CREATOR}, player2: {2}}
    assert courier.to("dm", CREATOR) == []
    intro, started, note = courier.to("channel", mods)
    assert intro.mention_user_ids == (CREATOR,) and "moderator_channel" in intro.content
    assert "Test has started with 4 players" in started.content
    assert "Player2 (<@2>) has DMs closed" in note.content and f"<#{player2}>" in note.content
    async with db.read() as session:
        assert (await session.get(Game, game_id)).moderator_channel_id == mods  # /game settings shows it
    # later notes, even from a new worker, go straight to that thread
    async with db.transaction() as session:
        from bot.delivery.store import tell_moderators
        tell_moderators(session, game_id, "Another note.", {"kind": "x"})
    await drain(OutboxWorker(db, courier, clock))
    assert courier.to("channel", mods)[-1].content == "Another note."
    assert len(courier.threads) == 2
    assert {r.status for r in await rows(db, target="moderators")} == {"sent"}


async def test_issue_23_where_discord_refuses_the_moderators_thread_the_creator_gets_the_notes_by_dm(db):
    await game_with_a_night(db)
    courier = FakeCourier()
    courier.fail_when = lambda kind, target: http_error(*MISSING_PERMISSIONS) if kind == "thread" else None
    await drain(OutboxWorker(db, courier, Clock()))
    assert "Test has started with 4 players" in courier.text_to("dm", CREATOR)
    assert {r.status for r in await rows(db, target="moderators")} == {"sent"}


async def test_a_moderators_thread_discord_will_not_let_the_bot_post_in_is_forgotten_for_the_creators_dms(db):
    game_id = await game_with_a_night(db)
    courier = FakeCourier()
    courier.fail_when = lambda kind, target: http_error(*MISSING_PERMISSIONS) if (kind, target) == ("channel", 7001) \
        else None
    await drain(OutboxWorker(db, courier, Clock()))
    assert courier.threads == [(CHANNEL, "Test: moderators")]
    assert "Test has started with 4 players" in courier.text_to("dm", CREATOR)
    assert {r.status for r in await rows(db, target="moderators")} == {"sent"}
    async with db.read() as session:
        assert (await session.get(Game, game_id)).moderator_channel_id is None

"""The lobby message on Discord (bot/delivery/lobby.py): posted once in the game's channel with Join and
Leave buttons, edited in place afterwards, posted again when deleted, never edited more than once a second for
one game however fast people join, and its buttons gone once the game has started."""

from __future__ import annotations

import discord
from sqlalchemy import select

from bot.db.models import Game
from bot.delivery.worker import OutboxWorker
from bot.services.moderators import game_admin
from bot.services.signup import games
from tests.bot.delivery_helpers import Clock, FakeCourier, drain, http_error
from tests.services.conftest import NOW, mod


async def _worker(db, courier, clock):
    worker = OutboxWorker(db, courier, clock)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:  # the worker waits on its own clock, which the test moves
        waits.append(seconds)
        clock.advance(seconds=seconds)

    worker.lobbies.sleep = sleep
    return worker, waits


async def _open(db, cap: int = 3) -> int:
    game = await game_admin.create(db, guild_id=1000, channel_id=555, actor_id=mod(7), name="Lobby", signup_cap=cap)
    await game_admin.open_signups(db, game.id, mod(7))
    return game.id


async def test_the_lobby_is_posted_once_then_edited_at_most_once_a_second(db):
    game_id = await _open(db)
    clock, courier = Clock(), FakeCourier()
    worker, waits = await _worker(db, courier, clock)
    await drain(worker)
    lobby = [m for m in courier.to("channel", 555) if m.content and "sign-ups" in m.content]
    assert len(lobby) == 1
    ids = [b.custom_id for b in lobby[0].view().children]
    assert ids == [f"brbot:lobby:{game_id}:join", f"brbot:lobby:{game_id}:join:dedicated_student",
                   f"brbot:lobby:{game_id}:join:lone_wolf", f"brbot:lobby:{game_id}:leave"]
    async with db.read() as session:
        message_id = (await session.execute(select(Game.lobby_message_id))).scalar_one()
    assert message_id is not None
    edits_before = len(courier.to("edit", message_id))
    for user in range(1, 6):  # a rush of joins between two passes: one edit
        await games.join_game(db, game_id, user, f"P{user}")
    await drain(worker)
    edits = courier.to("edit", message_id)
    assert len(edits) == edits_before + 1 and "P5 (new)" in edits[-1].content
    await games.join_game(db, game_id, 6, "P6")  # at once again: the edit waits out the second
    await drain(worker)
    assert waits == [1.0, 1.0]  # each edit came right after the one before: each waited out the second
    assert len(courier.to("edit", message_id)) == edits_before + 2


async def test_a_deleted_lobby_is_posted_again_and_a_started_game_shows_no_buttons(db):
    game_id = await _open(db, cap=2)
    clock, courier = Clock(), FakeCourier()
    worker, _ = await _worker(db, courier, clock)
    await drain(worker)
    gone = http_error(discord.NotFound, 404, 10008, "Unknown Message")  # a moderator deleted the lobby
    courier.fail_when = lambda kind, target: gone if kind == "edit" else None
    await games.join_game(db, game_id, 1, "P1")
    clock.advance(seconds=2)
    await drain(worker)
    courier.fail_when = None
    lobbies = [m for m in courier.to("channel", 555) if m.content and "sign-ups" in m.content]
    assert len(lobbies) == 2 and "P1 (new)" in lobbies[1].content
    await games.join_game(db, game_id, 2, "P2")
    await game_admin.change_setting(db, game_id, mod(7), "muster_hours", "0")
    await game_admin.start(db, game_id, mod(7), NOW)
    clock.advance(seconds=2)
    await drain(worker)
    async with db.read() as session:
        message_id = (await session.execute(select(Game.lobby_message_id))).scalar_one()
    last = courier.to("edit", message_id)[-1]
    assert "sign-ups are closed" in last.content and last.view() is None


async def test_an_edit_after_the_wait_shows_the_roster_as_of_the_edit(db):
    """Issue 29, point 5: the first edit after a burst of joins showed the roster from before its wait; the
    joins made while it waited out the second are in it."""
    game_id = await _open(db, cap=5)
    clock, courier = Clock(), FakeCourier()
    worker, _ = await _worker(db, courier, clock)
    await drain(worker)
    await games.join_game(db, game_id, 1, "P1")
    joined_while_waiting = []

    async def sleep(seconds: float) -> None:
        clock.advance(seconds=seconds)
        if not joined_while_waiting:
            joined_while_waiting.append(await games.join_game(db, game_id, 2, "Late"))

    worker.lobbies.sleep = sleep
    await drain(worker)
    async with db.read() as session:
        message_id = (await session.execute(select(Game.lobby_message_id))).scalar_one()
    edits = courier.to("edit", message_id)
    assert joined_while_waiting and "P1 (new)" in edits[0].content and "Late (new)" in edits[0].content
    assert len(edits) == 1  # the row written for the late join found the message reading so already

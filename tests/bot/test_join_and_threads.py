"""Who may /join by DM (only members of the game's server), and commands typed in a thread: a player's
private results thread, or any thread of the game's channel, means the channel's game."""
from __future__ import annotations

import discord
from bot.cogs.game_commands import COG as OrdersCog
from sqlalchemy import select, update

from bot.cogs.signup import SignUpCog
from bot.db.models import Player
from bot.services.signup import games
from tests.bot.cog_helpers import night_game, run
from tests.bot.fakes import FakeInteraction, FakeUser


def dm(gm, user: int) -> FakeInteraction:
    return FakeInteraction(gm, FakeUser(user, f"Player{user}"), guild_id=None, channel_id=None)


async def signed_up(db, game_id: int) -> set[int]:
    async with db.read() as session:
        return set((await session.execute(select(Player.user_id).where(Player.game_id == game_id).order_by(Player.id))).scalars())


async def test_a_dm_join_is_refused_to_someone_outside_the_games_server(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555, guild_id=1000)
    gm.fake_guild.members = {1}
    cog = SignUpCog(gm)
    outsider = await run(cog, "join", 9, interaction=dm(gm, 9), game=game.id)
    assert outsider.text == "You can join Island only as a member of its server: use /join in the game's channel."
    assert outsider.all_ephemeral and gm.fake_guild.fetched == [9]  # asked Discord, not the (empty) cache
    member = await run(cog, "join", 1, interaction=dm(gm, 1), game=game.id)
    assert "You are signed up for Island" in member.text
    assert await signed_up(db, game.id) == {1}


async def test_a_dm_join_is_refused_when_the_server_cannot_be_asked(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555, guild_id=1000)
    gm.get_guild = lambda guild_id: None

    async def gone(guild_id):
        raise discord.Forbidden(type("R", (), {"status": 403, "reason": "Forbidden"})(), "Missing Access")
    gm.fetch_guild = gone
    done = await run(SignUpCog(gm), "join", 1, interaction=dm(gm, 1), game=game.id)
    assert done.text == "I could not check that you are a member of Island's server: use /join in the game's channel."
    assert await signed_up(db, game.id) == set()


async def test_a_dm_reaches_no_running_game_of_someone_else(gm, db):
    game_id = await night_game(db)
    done = await run(SignUpCog(gm), "join", 9, interaction=dm(gm, 9), game=game_id)
    assert done.text == "You are not playing in this game."


async def test_commands_in_a_players_private_thread_act_on_its_game(gm, db):
    game_id = await night_game(db)
    async with db.transaction() as session:
        await session.execute(update(Player).where(Player.game_id == game_id, Player.user_id == 1).values(thread_id=8001))
    thread = FakeInteraction(gm, FakeUser(1, "Player1"), channel_id=8001)
    done = await run(OrdersCog(gm), "act", 1, action="search", interaction=thread)
    assert done.text.startswith("Order saved for Day 1: Search"), done.text


async def test_commands_in_another_thread_of_the_game_channel_act_on_its_game(gm, db):
    await night_game(db)
    thread = FakeInteraction(gm, FakeUser(2, "Player2"), channel_id=8002)
    thread.channel = type("Thread", (), {"parent_id": 555})()
    done = await run(OrdersCog(gm), "act", 2, action="defend", interaction=thread)
    assert done.text.startswith("Order saved for Day 1: Defend"), done.text
    elsewhere = await run(OrdersCog(gm), "act", 2, action="defend", interaction=FakeInteraction(gm, FakeUser(2), channel_id=8003))
    assert "There is no game in this channel" in elsewhere.text

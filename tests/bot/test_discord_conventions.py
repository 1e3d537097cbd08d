"""Issue 15, Discord conventions: players' own names are escaped in posts and nothing can ping @everyone or
a role; moderator commands are hidden from ordinary members and still checked in code; deadlines are
Discord timestamps, which every reader sees in their own time zone."""
from __future__ import annotations

import discord
from sqlalchemy import select

from bot.app import GameMasterBot
from bot.cogs.info import InfoCog
from bot.cogs.moderation import ModerationCog
from bot.cogs.my_orders import MyOrdersCog
from bot.config import Settings
from bot.db.models import Game, Outbox
from bot.delivery.courier import allowed_mentions
from bot.delivery.render import Outgoing
from bot.delivery.worker import OutboxWorker
from bot.delivery.written import escaped
from bot.services.moderators import moderation
from bot.services.signup import games
from tests.bot.cog_helpers import run
from tests.bot.delivery_helpers import FakeCourier, drain
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.bot.test_moderation_cog import command
from tests.services.conftest import NOW
from tests.services.conftest import mod

SNEAKY = "**Bob** @everyone"


def test_a_name_with_markdown_or_a_mention_is_escaped_and_others_are_left_alone():
    text = f"{SNEAKY} hits Carol. ||Dan|| hides."
    shown = escaped(text, {SNEAKY, "Carol", "||Dan||"})
    assert shown == "\\*\\*Bob\\*\\* @\u200beveryone hits Carol. \\|\\|Dan\\|\\| hides."
    assert escaped("Carol waits.", {"Carol"}) == "Carol waits."
    assert escaped("**Night 1** _quiet_", {"**", "_"}) == "**Night 1** _quiet_"  # the game's own formatting


async def test_posts_show_players_names_and_moderators_words_as_written(db):
    from bot.services.moderators import game_admin

    game = await game_admin.create(db, guild_id=1000, channel_id=555, actor_id=mod(7), name="__Island__")
    await game_admin.open_signups(db, game.id, mod(7))
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    await moderation.substitute(db, game.id, mod(7), 1, 4, SNEAKY)
    await moderation.end(db, game.id, mod(7), "@here <@&123456789012345678> cheated")
    courier = FakeCourier()
    await drain(OutboxWorker(db, courier, lambda: NOW))
    posted = courier.text_to("channel", 555)
    assert "\\_\\_Island\\_\\_" in posted and "__Island__" not in posted.replace("\\_", "")
    assert "\\*\\*Bob\\*\\* @\u200beveryone" in posted and "Player1" in posted
    assert "@\u200bhere" in posted and "<@&123456789012345678>" not in posted
    async with db.read() as session:  # what is stored stays as written: only the posts are escaped
        texts = [r.text for r in (await session.execute(select(Outbox).order_by(Outbox.id))).scalars()]
        assert any("__Island__" in t for t in texts) and any(SNEAKY in t for t in texts)


def test_no_message_can_ping_everyone_or_a_role():
    bot = GameMasterBot(Settings(sync_commands=False, discord_token=""), None, start_loops=False)  # type: ignore[arg-type]
    assert bot.allowed_mentions.everyone is False and bot.allowed_mentions.roles is False
    delivered = allowed_mentions(Outgoing(nonce="n"))
    assert delivered.everyone is False and delivered.roles is False and delivered.users is False


def test_moderator_commands_are_hidden_from_members_who_cannot_manage_the_server():
    for group in (ModerationCog.game_group, ModerationCog.resolve_group, ModerationCog.mod_group):
        assert group.default_permissions == discord.Permissions(manage_guild=True), group.name


async def test_hidden_or_not_a_moderator_command_still_checks_the_caller(gm, db):
    await games.create_game(db, name="Test", channel_id=555, guild_id=1000)
    cog = ModerationCog(gm)
    member = FakeInteraction(gm, FakeUser(5, "Member"))  # a server could have shown them the command
    shown = await call(command(cog, "game open"), cog, member)
    assert "Only moderators" in shown.text


async def test_deadlines_are_discord_timestamps_in_posts_status_and_orders(gm, db):
    from tests.bot.cog_helpers import night_game

    game_id = await night_game(db)
    async with db.read() as session:
        game = await session.get(Game, game_id)
        stamp = int(game.deadline.timestamp())
        opened = [r.text for r in (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars()
                  if r.payload.get("kind") in ("commitment", "seed_reveal")]
    assert opened and all(f"<t:{stamp}" in t or "<t:" in t for t in opened)
    assert any(f"<t:{stamp}:f> (<t:{stamp}:R>)" in t for t in opened)
    for cog, name in ((InfoCog(gm), "status"), (MyOrdersCog(gm), "orders")):
        shown = await run(cog, name, 1)
        assert f"<t:{stamp}:f> (<t:{stamp}:R>)" in shown.text, name

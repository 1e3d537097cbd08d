"""Issue 12, `/roll` in Discord: the result posted for everyone, refusals answered privately with nothing stored,
`secret` for the moderators of the channel's game only (shown to them alone, "rolled in secret" posted), the
2,000-character limit, the label escaped so that no mention can ping, and `/mod rolls` for the audit."""
from __future__ import annotations

import discord
from sqlalchemy import select

from bot.cogs.dice import DiceCog, roll_message
from bot.cogs.moderation import ModerationCog
from bot.db.models import DiceRoll
from bot.ui.text import ui
from engine.dice import Vocabulary, parse, roll
from engine.rng import RecordingRng
from tests.bot.cog_helpers import command
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.services.conftest import mod, started_game


async def _roll(gm, interaction: FakeInteraction, expression: str, secret: bool = False) -> FakeInteraction:
    cog = DiceCog(gm)
    return await call(command(cog, "roll"), cog, interaction, expression=expression, secret=secret)


def player(gm, user: int = 1, **kwargs) -> FakeInteraction:
    return FakeInteraction(gm, FakeUser(user, f"Player{user}"), **kwargs)


def moderator(gm, **kwargs) -> FakeInteraction:
    return FakeInteraction(gm, FakeUser(900, "Mod"), manage_guild=True, **kwargs)


async def _rows(db) -> list[DiceRoll]:
    async with db.read() as session:
        return list((await session.execute(select(DiceRoll).order_by(DiceRoll.id))).scalars())


async def test_a_roll_is_posted_for_everyone_and_stored_with_the_channels_game(gm, db):
    game_id = await started_game(db)
    done = await _roll(gm, player(gm), "3#2d6 Sneak past")
    [message] = done.sent
    assert not message.get("ephemeral") and message["allowed_mentions"].to_dict()["parse"] == []
    assert message["content"].startswith("<@1> rolled for **Sneak past**: 3#2d6: [")
    [row] = await _rows(db)
    assert (row.game_id, row.seq, row.user_id, row.secret, row.expression) == (game_id, 1, 1, False, "3#2d6 Sneak past")
    assert row.text in message["content"]


async def test_a_roll_in_a_dm_or_a_channel_without_a_game_belongs_to_no_game(gm, db):
    await _roll(gm, player(gm, guild_id=None, channel_id=42), "d100")
    await _roll(gm, player(gm, channel_id=777), "1d8-1d4")
    assert [(r.game_id, r.guild_id, r.channel_id) for r in await _rows(db)] == [(None, None, 42), (None, 1000, 777)]


async def test_a_refused_roll_is_answered_privately_with_the_reason_and_stores_nothing(gm, db):
    await started_game(db)
    done = await _roll(gm, player(gm), "101d6")
    assert done.all_ephemeral and "101 dice; at most 100" in done.text
    done = await _roll(gm, player(gm), "2d6*2")
    assert done.all_ephemeral and "cannot read" in done.text
    assert await _rows(db) == []


async def test_a_moderators_secret_roll_is_shown_to_them_alone_and_announced(gm, db):
    await started_game(db)
    done = await _roll(gm, moderator(gm), "2d6+1 Ambush", secret=True)
    public, private = done.sent
    assert not public.get("ephemeral") and public["content"] == ui("roll_secret_public", who="<@900>")
    assert "[" not in public["content"] and "Ambush" not in public["content"]
    assert private["ephemeral"] and "Ambush" in private["content"] and "2d6+1: [" in private["content"]
    [row] = await _rows(db)
    assert row.secret and row.text in private["content"]


async def test_a_secret_roll_is_refused_to_a_player_outside_a_game_and_in_a_dm(gm, db):
    await started_game(db)
    done = await _roll(gm, player(gm), "2d6", secret=True)
    assert done.all_ephemeral and done.text == ui("roll_secret_moderators", game="Test")
    done = await _roll(gm, moderator(gm, channel_id=777), "2d6", secret=True)
    assert done.all_ephemeral and done.text == ui("roll_secret_no_game")
    done = await _roll(gm, player(gm, guild_id=None, channel_id=42), "2d6", secret=True)
    assert done.all_ephemeral and done.text == ui("roll_secret_dm")
    assert await _rows(db) == []


async def test_the_label_is_escaped_and_cannot_ping(gm, db):
    done = await _roll(gm, player(gm, channel_id=777), "d6 @everyone <@123> <@&55> **loud** `code`")
    content = done.sent[0]["content"]
    assert "@everyone" not in content and "<@123>" not in content and "<@&55>" not in content
    assert "\\*\\*loud\\*\\*" in content and "\\`code\\`" in content
    assert done.sent[0]["allowed_mentions"].to_dict() == discord.AllowedMentions.none().to_dict()


async def test_the_longest_roll_fits_one_message(gm, db):
    """The largest roll the limits allow, with the longest label: within Discord's 2,000 characters (the fake
    refuses a longer message as Discord would)."""
    done = await _roll(gm, player(gm, channel_id=777), "20#5d1000 " + "L" * 100)
    assert len(done.sent[0]["content"]) <= 2000 and "more, too long" not in done.sent[0]["content"]


def test_a_result_too_long_is_shortened_by_whole_repetitions_saying_so():
    rolled = roll(parse("20#5d1000 Label"), Vocabulary(), RecordingRng(1))
    line = roll_message("<@1>", rolled, most=300)
    assert len(line) <= 300 and ui("roll_shortened", count=20 - line.count(" = ")) in line
    assert line.startswith("<@1> rolled for **Label**: 20#5d1000: " + rolled.repetitions[0].shown())


async def test_mod_rolls_lists_every_roll_of_the_game_secret_ones_too(gm, db):
    await started_game(db)
    await _roll(gm, player(gm), "2d6")
    await _roll(gm, moderator(gm), "d20 Trap", secret=True)
    cog = ModerationCog(gm)
    done = await call(command(cog, "mod rolls"), cog, moderator(gm), page=1)
    assert done.all_ephemeral
    rows = await _rows(db)
    assert f"#1 <@1>: `2d6` → {rows[0].text}" in done.text
    assert f"#2 <@900> (secret): `d20 Trap` → {rows[1].text}" in done.text
    refused = await call(command(cog, "mod rolls"), cog, player(gm), page=1)
    assert refused.text == ui("moderators_only")


async def test_a_roll_in_the_channel_of_a_finished_game_belongs_to_no_game(gm, db):
    """docs/dice.md: a roll belongs to the channel's game while it is not over; secret needs a running game."""
    from bot.services.moderators import moderation

    game_id = await started_game(db)
    await moderation.end(db, game_id, mod(900))
    await _roll(gm, player(gm), "2d6")
    done = await _roll(gm, moderator(gm), "2d6", secret=True)
    assert done.text == ui("roll_secret_no_game")
    assert [(r.game_id, r.seq) for r in await _rows(db)] == [(None, None)]


async def test_a_dead_player_has_the_bot_post_nothing_in_the_living_channel(gm, db):
    """Issue 24, part 5: the dead talk in their own thread; /roll in the game's channel is refused to them, and
    nothing is rolled or posted."""
    from bot.services.moderators import moderation

    game_id = await started_game(db)
    await moderation.act(db, game_id, mod(900), 1, "kill", {"reason": "test"})
    done = await _roll(gm, player(gm), "2d6 Ghostly")
    assert done.all_ephemeral and "The dead do not post in the living's channel" in done.text
    assert await _rows(db) == []

"""Issue 15, bad input and Discord limits: every option is bounded where Discord lets it be (numbers have a
range, free texts a maximum length), the services refuse what is too long or out of range with a clear
message and store nothing, and a reply longer than Discord allows is split, never lost."""
from __future__ import annotations

import discord
import pytest
from discord import AppCommandOptionType as T
from sqlalchemy import func, select

from bot.cogs import cog_classes
from bot.cogs.moderation import ModerationCog
from bot.db.models import Game
from bot.services.base import limits, lookup
from bot.services.moderators import game_admin
from bot.services.orders import commands
from bot.services.signup import games
from bot.services.base.errors import ServiceError
from bot.ui.respond import Reply, respond
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.bot.test_moderation_cog import command, moderator
from tests.services.conftest import mod

LONG = "x" * 5000


def every_option():
    for cls in cog_classes():
        for cmd in cls.__cog_app_commands__:
            for leaf in ([cmd] if isinstance(cmd, discord.app_commands.Command) else list(cmd.walk_commands())):
                if isinstance(leaf, discord.app_commands.Command):
                    for parameter in leaf.parameters:
                        yield leaf.qualified_name, parameter


def test_every_number_has_a_range_and_every_text_a_maximum_length():
    unbounded = []
    for name, p in every_option():
        if p.type in (T.integer, T.number) and (p.min_value is None or p.max_value is None):
            unbounded.append(f"/{name} {p.name}")
        if p.type == T.string and not p.choices and p.max_value is None:
            unbounded.append(f"/{name} {p.name}")
        if p.type == T.integer and p.max_value is not None and p.max_value > limits.INTEGER_MAX:
            unbounded.append(f"/{name} {p.name}: beyond what Discord carries")
    assert unbounded == []


def test_the_game_option_takes_numbers_from_1():
    """A game's number; but `/leaderboard game:` names a game type (issue 24), one of fixed choices."""
    ranges = {(p.min_value, p.max_value) for n, p in every_option() if p.name == "game" and n != "leaderboard"}
    assert ranges == {(1, limits.INTEGER_MAX)}


async def _count(db) -> int:
    async with db.read() as session:
        return (await session.execute(select(func.count()).select_from(Game))).scalar_one()


async def test_a_5000_character_game_name_is_refused_and_nothing_is_stored(gm, db):
    """The issue's case: the name was stored while the reply (too long for Discord) said nothing changed."""
    shown = await call(command(ModerationCog(gm), "game create"), ModerationCog(gm), moderator(gm), name=LONG,
                       deadline_time="22:00", timezone="UTC", signup_cap=None, early_resolution=True,
                       ruleset="battle_royale")
    assert await _count(db) == 0
    assert "at most 100 characters" in shown.text and "nothing was changed" in shown.text
    assert all(len(m.get("content") or "") <= 2000 for m in shown.sent) and shown.all_ephemeral


async def test_a_name_of_100_characters_is_kept_whole(gm, db):
    shown = await call(command(ModerationCog(gm), "game create"), ModerationCog(gm), moderator(gm), name="n" * 100,
                       deadline_time="22:00", timezone="UTC", signup_cap=None, early_resolution=True,
                       ruleset="battle_royale")
    assert "n" * 100 in shown.text
    async with db.read() as session:
        assert (await session.execute(select(Game.name))).scalar_one() == "n" * 100


async def test_free_texts_are_checked_in_the_services_too(db):
    with pytest.raises(ServiceError, match="at most 100"):
        await games.create_game(db, name=LONG)
    game = await games.create_game(db, name="Test", channel_id=555)
    with pytest.raises(ServiceError, match="at most 50"):
        await game_admin.change_setting(db, game.id, mod(7), LONG, "1")
    with pytest.raises(ServiceError, match="at most 200"):
        await game_admin.change_setting(db, game.id, mod(7), "signup_cap", LONG)
    with pytest.raises(ServiceError, match="at most 1000"):
        from bot.services.moderators import moderation
        await moderation.end(db, game.id, mod(7), LONG)
    player = await games.join_game(db, game.id, 1, "p" * 300)  # a name from Discord is shortened, not refused
    assert player.name == "p" * 100


async def test_a_game_option_out_of_range_is_refused_by_the_service(db):
    declared = commands.declared("battle_royale", "attack")
    text = next(o for o in declared.options if o.type == "text")
    with pytest.raises(ServiceError, match=f"`{text.name}` may have at most 100 characters"):
        commands.filled_in(declared, {text.name: LONG}, "attack")
    number = next((o for o in declared.options if o.type == "integer"), None)
    if number is not None:
        with pytest.raises(ServiceError, match=f"`{number.name}` must be from"):
            commands.filled_in(declared, {number.name: 2**60}, "attack")
    for wrong in (0, -5, 2**63, 2**70):
        with pytest.raises(ServiceError, match="There is no game"):
            await lookup.game_by_id(db, wrong)


async def test_a_refusal_quoting_a_5000_character_input_is_answered_in_full(gm, db):
    await games.create_game(db, name="Test", channel_id=555, guild_id=1000)
    name = "z" * 49  # within the setting name's length, so the refusal quoting it comes from the game's list
    shown = await call(command(ModerationCog(gm), "game settings"), ModerationCog(gm), moderator(gm),
                       name=name, value="1")
    assert name in shown.text
    shown = await call(command(ModerationCog(gm), "game create"), ModerationCog(gm), moderator(gm, channel_id=556),
                       name="Other", deadline_time="22:00", timezone="Q" * 64, signup_cap=None,
                       early_resolution=True, ruleset="battle_royale")
    assert "Q" * 64 in shown.text


async def test_a_reply_longer_than_a_message_is_split_never_lost(gm):
    interaction = FakeInteraction(gm, FakeUser(1))
    lines = [f"line {i}: " + "w" * 90 for i in range(60)]  # about 6,000 characters
    embed = discord.Embed(title="T" * 300, description="d" * 9000)
    for i in range(30):
        embed.add_field(name=f"f{i}", value="v" * 1500)
    await respond(interaction, Reply(content="\n".join(lines), embeds=[embed]))
    assert len(interaction.sent) > 3 and all(m["ephemeral"] for m in interaction.sent)
    assert all(len(m.get("content") or "") <= 2000 for m in interaction.sent)
    for line in lines:
        assert line in interaction.text
    body = "".join(e.description or "" for m in interaction.sent for e in m.get("embeds", []))
    assert body.count("d") == 9000
    values = "".join(f.value for m in interaction.sent for e in m.get("embeds", []) for f in e.fields)
    assert values.count("v") == 30 * 1500


async def test_a_refusal_of_5000_characters_reaches_the_user(gm):
    interaction = FakeInteraction(gm, FakeUser(1))
    from bot.ui.respond import refusing

    async with refusing(interaction):
        raise ServiceError(f"Unknown thing {LONG!r}.")
    assert LONG in interaction.text.replace("\n", "")
    assert all(len(m.get("content") or "") <= 2000 for m in interaction.sent)


async def test_ids_and_numbers_in_settings_that_do_not_fit_the_database_are_refused(db):
    """A role or channel id past 64 bits overflowed PostgreSQL's BIGINT; now it is a bad value like any other."""
    from bot.services.base.lookup import moderator_role

    game = await games.create_game(db, name="Test", channel_id=555, guild_id=1000)
    for name, value in (("moderator_role", "<@&99999999999999999999999>"), ("moderator_channel", "<#" + "9" * 30 + ">"),
                        ("moderator_role", "0")):
        with pytest.raises(ServiceError):
            await game_admin.change_setting(db, game.id, mod(7), name, value)
    assert await moderator_role(db, 1000) is None
    done = await game_admin.change_setting(db, game.id, mod(7), "moderator_role", "<@&123456789012345678>")
    assert done.value == "<@&123456789012345678>"


def test_a_button_edit_keeps_its_answer_and_fits_a_message():
    from bot.ui.respond import edited

    shown = edited("o" * 1995, "Accepted: the trade happens tonight.")
    assert len(shown) <= 2000 and shown.endswith("Accepted: the trade happens tonight.") and "…" in shown
    assert edited("Short offer.", "Declined.") == "Short offer.\n\nDeclined."


async def test_a_menu_replaced_by_a_long_answer_keeps_all_of_it(gm):
    from bot.ui.respond import replace

    interaction = FakeInteraction(gm, FakeUser(1))
    answer = "\n".join(f"• order {i}: " + "o" * 60 for i in range(60))
    await replace(interaction, answer)
    assert interaction.sent[0].get("edit") and interaction.sent[0]["view"] is None
    assert all(len(m["content"]) <= 2000 for m in interaction.sent) and len(interaction.sent) > 1
    assert all(m.get("ephemeral") for m in interaction.sent[1:])
    assert interaction.text.replace("\n", "") == answer.replace("\n", "")

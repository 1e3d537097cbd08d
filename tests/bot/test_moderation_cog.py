"""/game, /resolve and /mod through the cog: each command's success and refusal, always ephemeral; every
command refuses non-moderators; the preview changes nothing and shows private texts to the moderator alone.
"""
from __future__ import annotations

import json

import discord
import pytest
from sqlalchemy import func, select

from bot.cogs.moderation import LIMIT, ModerationCog, send_all
from bot.screens.split import pack
from bot.db.models import AuditLog, DaySeed, Game, Order, Outbox
from bot.services.base import lookup
from bot.services.moderators import game_admin
from bot.services.orders import orders
from bot.services.signup import games, muster
from bot.services.steps import resolution
from bot.text import say, when
from bot.ui.text import ui
from tests.bot.fakes import FakeAttachment, FakeInteraction, FakeRole, FakeUser, call
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod

MOD = 7
CHANNEL = 555


def command(cog, name: str):
    for cmd in cog.walk_app_commands():
        if cmd.qualified_name == name:
            return cmd
    raise KeyError(name)


async def complete(cog, name: str, option: str, interaction: FakeInteraction, current: str) -> list:
    """What the command's own autocomplete offers for `option`."""
    return await command(cog, name)._params[option].autocomplete(interaction, current)


def commands_of(cog) -> list:
    return [c for c in cog.walk_app_commands() if isinstance(c, discord.app_commands.Command)]


def moderator(gm, **kwargs) -> FakeInteraction:
    return FakeInteraction(gm, FakeUser(MOD, "Mod"), manage_guild=True, **kwargs)


async def run(cog, qualified: str, interaction: FakeInteraction | None = None, /, **options) -> FakeInteraction:
    return await call(command(cog, qualified), cog, interaction or moderator(cog.bot), **options)


async def _game(db, game_id) -> Game:
    async with db.read() as session:
        return await session.get(Game, game_id)


async def _rows(db, model) -> int:
    async with db.read() as session:
        return (await session.execute(select(func.count()).select_from(model))).scalar_one()


async def _night_game(db, players: int = 4) -> int:
    game_id = await started_game(db, players)
    await resolution.resolve_day(db, game_id, NOW)
    return game_id


DUMMY = {discord.AppCommandOptionType.string: "x", discord.AppCommandOptionType.integer: 1,
         discord.AppCommandOptionType.number: 1.0, discord.AppCommandOptionType.boolean: True}


async def test_every_command_refuses_non_moderators_and_dms(gm, db):
    game_id = await started_game(db)
    cog = ModerationCog(gm)
    names = [c.qualified_name for c in commands_of(cog)]
    assert len(names) == 28 and {"game create", "resolve preview", "mod audit", "mod rolls", "mod view"} <= set(names)
    before = (await _rows(db, Outbox), await _rows(db, AuditLog), (await _game(db, game_id)).state_rev)
    for cmd in commands_of(cog):
        if cmd.qualified_name == "game watch":  # issue 24: anyone may watch, but not a living player of the game
            player = FakeInteraction(gm, FakeUser(2, "Player2"))
            await call(cmd, cog, player)
            assert "You play in" in player.text and player.all_ephemeral
            continue
        options = {p.name: FakeUser(2) if p.type == discord.AppCommandOptionType.user else DUMMY[p.type]
                   for p in cmd.parameters if p.required}
        player = FakeInteraction(gm, FakeUser(2, "Player2"))
        await call(cmd, cog, player, **options)
        assert player.text == ui("moderators_only") and player.all_ephemeral, cmd.qualified_name
        in_dm = FakeInteraction(gm, FakeUser(MOD), guild_id=None, channel_id=None)
        await call(cmd, cog, in_dm, **options)
        assert in_dm.text == ui("moderators_in_guild") and in_dm.all_ephemeral, cmd.qualified_name
    assert (await _rows(db, Outbox), await _rows(db, AuditLog), (await _game(db, game_id)).state_rev) == before


async def test_the_servers_moderator_role_is_enough(gm, db):
    await started_game(db)
    await lookup.set_moderator_role(db, 1000, 4242)
    cog = ModerationCog(gm)
    with_role = FakeInteraction(gm, FakeUser(8, "Helper", roles=[FakeRole(4242)]))
    done = await run(cog, "mod orders", with_role)
    assert "Player1" in done.text and done.all_ephemeral


async def test_game_create_open_start(gm, db):
    cog = ModerationCog(gm)
    created = await run(cog, "game create", name="Island", deadline_time="21:00", timezone="Europe/Berlin",
                        signup_cap=10, early_resolution=True, ruleset="battle_royale")
    assert "is set up in this channel" in created.text and created.all_ephemeral
    game = await lookup.game_in_channel(db, CHANNEL)
    assert (game.status, game.guild_id) == ("setup", 1000)
    again = await run(cog, "game create", name="Twice")
    assert "already has a game" in again.text and again.all_ephemeral
    bad = await run(cog, "game create", moderator(gm, channel_id=556), name="Bad", timezone="Mars/Olympus")
    assert "Unknown timezone" in bad.text
    early = await run(cog, "game start")
    assert "/game open" in early.text and early.all_ephemeral
    opened = await run(cog, "game open")
    assert "Sign-ups for Island are open" in opened.text and opened.all_ephemeral
    twice = await run(cog, "game open")
    assert "still being set up" in twice.text
    few = await run(cog, "game start")
    assert "needs at least 2 players; 0 signed up" in few.text and few.all_ephemeral
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"P{user}")
    mustering = await run(cog, "game start")  # issue 24: the players confirm first (muster_hours, 24 by default)
    assert "The muster of Island is open" in mustering.text and mustering.all_ephemeral
    assert (await _game(db, game.id)).status == "signup"
    for user in (1, 2):
        await muster.confirm(db, game.id, user, NOW)
    assert (await _game(db, game.id)).status == "running"
    await run(cog, "game end")
    await run(cog, "game create", name="Isle", ruleset="battle_royale")
    await run(cog, "game settings", name="muster_hours", value="0")
    await run(cog, "game open")
    isle = await lookup.game_in_channel(db, CHANNEL)
    for user in (1, 2):
        await games.join_game(db, isle.id, user, f"P{user}")
    started = await run(cog, "game start")
    assert "Isle has started: Day 0 is open" in started.text and started.response.deferred and started.all_ephemeral
    assert (await _game(db, isle.id)).status == "running"


async def test_pause_resume_extend_end(gm, db):
    game_id = await started_game(db)
    cog = ModerationCog(gm)
    assert "resumes by itself" in (await run(cog, "game pause", hours=3.0)).text
    assert "Only a running game" in (await run(cog, "game pause")).text
    resumed = (await run(cog, "game resume")).text
    assert resumed == ui("mod_resumed_until", deadline=when((await _game(db, game_id)).deadline))
    assert "not paused" in (await run(cog, "game resume")).text
    assert "until a moderator resumes" in (await run(cog, "game pause")).text
    await run(cog, "game resume")
    extended = await run(cog, "game extend", hours=2.0)
    assert "The deadline is now" in extended.text and extended.all_ephemeral
    assert "more than 0" in (await run(cog, "game extend", hours=0.0)).text
    ended = await run(cog, "game end", reason="server closes")
    assert "Test is over" in ended.text and (await _game(db, game_id)).status == "over"
    assert "already over" in (await run(cog, "game end")).text


async def test_settings_show_change_and_refuse(gm, db):
    await run(cog := ModerationCog(gm), "game create", name="Island")
    shown = await run(cog, "game settings")
    assert "`max_hp`: 10" in shown.text and "`moderator_role`: none" in shown.text and shown.all_ephemeral
    assert all(len(m["content"]) <= 2000 for m in shown.sent)
    one = await run(cog, "game settings", name="max_hp")
    assert one.text == "`max_hp`: 10"
    changed = await run(cog, "game settings", name="max_hp", value="12")
    assert changed.text == "`max_hp` is now 12." and changed.all_ephemeral
    refused = await run(cog, "game settings", name="max_hp", value="0")
    assert refused.text.startswith("Setting max_hp:") and refused.all_ephemeral
    role = await run(cog, "game settings", name="moderator_role", value="<@&99>")
    assert "<@&99>" in role.text and await lookup.moderator_role(db, 1000) == 99
    names = await cog.setting_names(moderator(gm), "dead")
    assert [c.value for c in names] == ["deadline_time", "dead_see"]  # the community's settings are listed too
    shown = await run(cog, "game settings")
    assert "`muster_hours`: 24" in shown.text and "`dead_see`: channel" in shown.text
    assert "`start_at`: none" in shown.text and "`min_reliability`: none" in shown.text
    assert await cog.setting_names(FakeInteraction(gm, FakeUser(2)), "dead") == []


async def test_settings_after_the_start_say_when_a_deadline_change_applies(gm, db):
    await started_game(db)
    cog = ModerationCog(gm)
    later = await run(cog, "game settings", name="deadline_time", value="20:00")
    assert "from the next one" in later.text
    assert "only deadline_time" in (await run(cog, "game settings", name="days", value="3")).text


async def test_resolve_now(gm, db):
    cog = ModerationCog(gm)
    await run(cog, "game create", moderator(gm, channel_id=556), name="Island")
    assert "running or paused" in (await run(cog, "resolve now", moderator(gm, channel_id=556))).text
    game_id = await started_game(db)
    done = await run(cog, "resolve now")
    assert done.text == ui("mod_resolved", step="Day 0") and done.response.deferred and done.all_ephemeral
    assert (await _game(db, game_id)).day == 1


async def test_preview_changes_nothing_and_shows_private_texts_only_to_the_moderator(gm, db):
    game_id = await _night_game(db)
    await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    cog = ModerationCog(gm)

    async def snapshot():
        game = await _game(db, game_id)
        async with db.read() as session:
            current = (await session.execute(select(Order.id, Order.current).order_by(Order.id))).all()
            outbox = (await session.execute(select(Outbox.id, Outbox.text).order_by(Outbox.id))).all()
        return game.state_rev, game.day, game.state, current, outbox

    before = await snapshot()
    shown = await run(cog, "resolve preview")
    assert await snapshot() == before
    assert shown.all_ephemeral and shown.response.deferred
    assert all(len(m["content"]) <= 2000 for m in shown.sent)
    preview = await game_admin.preview_day(db, game_id, mod(MOD))
    for name, texts in preview.private:
        assert f"**To {name}**" in shown.text and all(t in shown.text for t in texts)
    assert "s001" not in shown.text
    private = {t for _, texts in preview.private for t in texts} - set(preview.public)
    assert not private & {text for _, text in before[4]}  # nothing private went anywhere else
    async with db.read() as session:
        actions = (await session.execute(select(AuditLog.action).order_by(AuditLog.id))).scalars().all()
    assert actions[-2:] == ["preview", "preview"]
    setup = await run(cog, "resolve preview", moderator(gm, channel_id=556))
    assert "no game in this channel" in setup.text


async def test_long_answers_are_split_within_discords_limit():
    lines = [f"line {n} " + "x" * 90 for n in range(60)] + ["y" * 4500]
    parts = pack(lines, LIMIT)  # what send_all sends
    assert all(len(p) <= 2000 for p in parts) and len(parts) > 3
    assert "".join(parts).replace("\n", "") == "".join(lines)
    interaction = FakeInteraction(None, FakeUser(1))
    assert await send_all(interaction, []) == ""
    last = await send_all(interaction, lines)
    assert [m["content"] for m in interaction.sent] + [last] == parts


async def test_kill_and_revive(gm, db):
    game_id = await _night_game(db)
    cog = ModerationCog(gm)
    killed = await run(cog, "mod kill", user=FakeUser(2, "Player2"), reason="inactive")
    assert "Player2 is dead." in killed.text and "Posted in the channel: Player2 has died." in killed.text
    assert "Told Player2 privately: You died (inactive)." in killed.text and killed.all_ephemeral
    assert (await _game(db, game_id)).state["students"]["s002"]["alive"] is False
    again = await run(cog, "mod kill", user=FakeUser(2), reason="twice")
    assert "not alive" in again.text and again.all_ephemeral
    nobody = await run(cog, "mod kill", user=FakeUser(99), reason="x")
    assert nobody.text == "<@99> is not playing in this game."
    revived = await run(cog, "mod revive", user=FakeUser(2), hp=4)
    assert "Player2 is alive again." in revived.text and "4/10" in revived.text and revived.all_ephemeral
    assert "not dead" in (await run(cog, "mod revive", user=FakeUser(2))).text


async def test_substitute(gm, db):
    await started_game(db)
    cog = ModerationCog(gm)
    done = await run(cog, "mod substitute", old=FakeUser(3, "Player3"), new=FakeUser(30, "Stand-in"))
    assert done.text == ui("mod_substituted", new="Stand-in", old="Player3") and done.all_ephemeral
    refused = await run(cog, "mod substitute", old=FakeUser(1), new=FakeUser(30, "Stand-in"))
    assert "already playing" in refused.text and refused.all_ephemeral


async def test_give_and_take_with_autocomplete_for_moderators_only(gm, db):
    game_id = await _night_game(db)
    cog = ModerationCog(gm)
    kinds = await complete(cog, "mod give", "item", moderator(gm), "rif")
    assert [c.value for c in kinds] == ["rifle"]
    assert await complete(cog, "mod give", "item", FakeInteraction(gm, FakeUser(2)), "rif") == []
    given = await run(cog, "mod give", user=FakeUser(1), item="rifle")
    assert "Player1 has a new item." in given.text and "Told Player1 privately: A moderator gave you Rifle" in given.text
    assert "no item kind" in (await run(cog, "mod give", user=FakeUser(1), item="lightsaber")).text
    asking = moderator(gm)
    asking.namespace.user = FakeUser(1)
    assert await complete(cog, "mod take", "item", moderator(gm), "rifle") == []  # no player chosen yet
    held = await complete(cog, "mod take", "item", asking, "rifle")
    (rifle,) = [c for c in held if c.name.startswith("Rifle")]
    stranger = FakeInteraction(gm, FakeUser(2))
    stranger.namespace.user = FakeUser(1)
    assert await complete(cog, "mod take", "item", stranger, "") == []
    taken = await run(cog, "mod take", user=FakeUser(1), item=rifle.value)
    assert "The item is taken from Player1." in taken.text and taken.all_ephemeral
    assert rifle.value not in str((await _game(db, game_id)).state["students"]["s001"]["items"])
    again = await run(cog, "mod take", user=FakeUser(1), item=rifle.value)
    assert "does not carry" in again.text and again.all_ephemeral
    async with db.read() as session:
        channel_posts = (await session.execute(select(Outbox.text).where(Outbox.target == "channel").order_by(Outbox.id))).scalars().all()
    assert not any("Rifle" in text for text in channel_posts)


async def test_orders_names_who_is_missing_never_what(gm, db):
    game_id = await started_game(db, 3)
    cog = ModerationCog(gm)
    await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 2}, NOW)
    done = await run(cog, "mod orders")
    assert done.text.splitlines() == [ui("mod_waiting", names="Player2, Player3"), ui("gm_none")] and done.all_ephemeral
    for user in (2, 3):
        await orders.submit_orders(db, game_id, user, {"kind": "day0"}, NOW)
    assert (await run(cog, "mod orders")).text.splitlines()[0] == ui("mod_all_in")
    await run(cog, "game create", moderator(gm, channel_id=556), name="Later")
    refused = await run(cog, "mod orders", moderator(gm, channel_id=556))
    assert "not started" in refused.text and refused.all_ephemeral


async def test_audit_lists_every_action_readably(gm, db):
    await started_game(db)
    cog = ModerationCog(gm)
    await run(cog, "game extend", hours=1.0)
    await run(cog, "mod kill", user=FakeUser(2), reason="inactive")
    trail = await run(cog, "mod audit")
    assert trail.all_ephemeral and "Audit log of" in trail.text
    assert "the bot: **create**" in trail.text and f"<@{MOD}>: **extend** hours 1.0" in trail.text
    assert f"<@{MOD}>: **kill** player <@2>, reason inactive, notes Player2 had no zone yet" in trail.text
    empty_channel = await run(cog, "mod audit", moderator(gm, channel_id=999))
    assert "There is no game in this channel" in empty_channel.text


@pytest.mark.parametrize("name", ["game open", "mod orders"])
async def test_commands_need_a_game_in_the_channel(gm, db, name):
    cog = ModerationCog(gm)
    done = await run(cog, name, moderator(gm, channel_id=999))
    assert "There is no game in this channel" in done.text and done.all_ephemeral


async def test_commands_that_write_or_run_the_engine_defer_first(gm, db):
    """Each of these may wait for SQLite's writer (a resolution holds it) or run the engine: Discord allows
    3 seconds for the first answer, so they acknowledge at once and answer with a follow-up."""
    await _night_game(db)
    cog = ModerationCog(gm)
    for name, options in [("mod kill", {"user": FakeUser(2, "Player2"), "reason": "inactive"}),
                          ("mod revive", {"user": FakeUser(2, "Player2")}),
                          ("mod give", {"user": FakeUser(1), "item": "rifle"}),
                          ("mod take", {"user": FakeUser(1), "item": "nothing-such"}),
                          ("mod substitute", {"old": FakeUser(3, "Player3"), "new": FakeUser(30, "Stand-in")}),
                          ("mod audit", {}), ("game settings", {}),
                          ("game settings", {"name": "deadline_time", "value": "20:00"}),
                          ("game pause", {}), ("game resume", {}), ("game extend", {"hours": 1.0}),
                          ("game end", {"reason": "done"})]:
        done = await run(cog, name, **options)
        assert done.response.deferred and done.all_ephemeral and done.text, name
    assert not (await run(cog, "mod orders")).response.deferred  # one read: answered at once


async def test_audit_shows_the_most_recent_page_and_counts_the_older_entries(gm, db):
    await started_game(db)
    cog = ModerationCog(gm)
    for n in range(30):
        await run(cog, "game extend", hours=float(n + 1))
    total = await _rows(db, AuditLog)
    older = total - 25
    assert older > 5
    first = await run(cog, "mod audit")
    assert first.all_ephemeral and len(first.sent) == 1
    assert f"entries {older + 1}–{total} of {total}" in first.text
    assert f"{older} older entries: `/mod audit page:2`" in first.text
    assert "**extend** hours 30.0" in first.text and "**extend** hours 6.0" in first.text
    assert "**extend** hours 5.0" not in first.text and "**create**" not in first.text
    second = await run(cog, "mod audit", page=2)
    assert f"entries 1–{older} of {total}" in second.text and "the bot: **create**" in second.text
    assert "**extend** hours 5.0" in second.text and "**extend** hours 6.0" not in second.text
    assert "older entries" not in second.text
    beyond = await run(cog, "mod audit", page=3)
    assert beyond.text == ui("mod_audit_no_page", page=3, pages=2)


async def test_the_moderator_channel_cannot_be_the_game_channel(gm, db):
    game_id = await started_game(db)
    cog = ModerationCog(gm)
    for value in (f"<#{CHANNEL}>", str(CHANNEL)):
        refused = await run(cog, "game settings", name="moderator_channel", value=value)
        assert refused.text == say("mod_channel_is_game_channel") and refused.all_ephemeral
    assert (await _game(db, game_id)).moderator_channel_id is None
    fine = await run(cog, "game settings", name="moderator_channel", value="<#777>")
    assert "<#777>" in fine.text and (await _game(db, game_id)).moderator_channel_id == 777


async def test_refusals_of_pause_preview_and_substitute(gm, db):
    cog = ModerationCog(gm)
    await run(cog, "game create", moderator(gm, channel_id=556), name="Setup only")
    not_running = await run(cog, "resolve preview", moderator(gm, channel_id=556))
    assert "Only a running or paused game has orders to preview" in not_running.text and not_running.all_ephemeral
    await started_game(db)
    for hours in (0.0, 337.0):
        refused = await run(cog, "game pause", hours=hours)
        assert "at most 336 hours" in refused.text and refused.all_ephemeral
    same = await run(cog, "mod substitute", old=FakeUser(3, "Player3"), new=FakeUser(3, "Player3"))
    assert "someone other than the player they replace" in same.text and same.all_ephemeral
    await run(cog, "mod substitute", old=FakeUser(3, "Player3"), new=FakeUser(30, "Stand-in"))
    back = await run(cog, "mod substitute", old=FakeUser(1, "Player1"), new=FakeUser(3, "Player3"))
    assert back.text == "<@3> was replaced in this game and cannot take another seat." and back.all_ephemeral


async def test_a_preview_leaves_the_days_seed_secret(gm, db):
    game_id = await _night_game(db)
    async with db.read() as session:
        day = (await session.get(Game, game_id)).day
    shown = await run(ModerationCog(gm), "resolve preview")
    assert "Preview of Day" in shown.text
    async with db.read() as session:
        seed = await session.get(DaySeed, (game_id, day))
        assert seed.revealed is False
        assert seed.seed not in shown.text
    async with db.read() as session:
        outbox = (await session.execute(select(Outbox.text).order_by(Outbox.id))).scalars().all()
    assert not any(seed.seed in text for text in outbox)


async def test_game_create_loads_a_map_file_and_refuses_a_bad_one_creating_nothing(gm, db):
    """Rulings, "The island": a moderator can load another map from a file when creating a game."""
    from engine.rulesets.battle_royale import catalog

    cog = ModerationCog(gm)
    option = command(cog, "game create")._params["file"]
    assert option.type == discord.AppCommandOptionType.attachment and not option.required
    island = catalog.default_island().model_dump(mode="json")
    island["name"] = "Skull Island"
    broken = dict(island, adjacency=[[1, 99]])
    bad = await run(cog, "game create", name="Skull", file=FakeAttachment("skull.json", json.dumps(broken).encode()))
    assert bad.text == ("That map cannot be used: adjacency 1-99 names an unknown zone or joins a zone to itself. "
                        "Nothing was created.") and bad.all_ephemeral
    huge = FakeAttachment("skull.yaml", b"#" * 100_000)
    refused = await run(cog, "game create", name="Skull", file=huge)
    assert "the most a map file may be is 64 KiB" in refused.text and not huge.downloaded
    assert await lookup.game_in_channel(db, CHANNEL) is None
    good = await run(cog, "game create", name="Skull", file=FakeAttachment("skull.json", json.dumps(island).encode()))
    assert "is set up in this channel" in good.text and "The island is Skull Island (7 zones)." in good.text
    game = await _game(db, (await lookup.game_in_channel(db, CHANNEL)).id)
    assert game.settings["island"]["name"] == "Skull Island"

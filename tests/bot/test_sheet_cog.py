"""/sheet through the cog (bot/cogs/sheets.py): issue "players attach their character sheets (a sheet file or
`/sheet` commands)" and "players see their own sheet (`/sheet`)": upload, template, show and clear, ephemeral,
in the channel and by DM; the moderators' /mod view before the start lists the attached sheets; another
player never sees one. The group exists only when an installed game takes sheets."""

from __future__ import annotations

import yaml

from bot.cogs import cog_classes
from bot.cogs.moderation import ModerationCog
from bot.cogs.sheets import SheetCog, build_cog
from bot.services.signup import games
from bot.ui.rules_help import help_cards
from engine import registry
from tests.bot.cog_helpers import NOW, run
from tests.bot.fakes import FakeAttachment, FakeInteraction, FakeUser

SHEET = b"name: Ada Marsh\nweapons: [{name: AR70/90, loaded: 30}]\nwielded: AR70/90\n"


async def maze_signups(db) -> int:
    game = await games.create_game(db, name="Maze", ruleset="mazeworld", channel_id=555, guild_id=1000)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Player{user}")
    return game.id


def in_dm(gm, user: int) -> FakeInteraction:
    return FakeInteraction(gm, FakeUser(user, f"Player{user}"), guild_id=None, channel_id=None)


async def test_upload_show_and_clear_a_sheet_through_the_cog(gm, db):
    await maze_signups(db)
    cog = SheetCog(gm)
    attached = await run(cog, "sheet upload", 1, file=FakeAttachment("ada.yaml", SHEET))
    assert "Your character sheet for Maze is attached: Ada Marsh" in attached.text and attached.all_ephemeral
    bad = FakeAttachment("ada.yaml", b"name: Ada\nweapons: [{name: Laser}]\n")
    refused = await run(cog, "sheet upload", 2, file=bad)
    assert refused.text == "sheet: no weapon 'Laser' Your sheet was not changed." and refused.all_ephemeral
    shown = await run(cog, "sheet show", 1, interaction=in_dm(gm, 1))  # by DM: the player's only game
    assert "Ada Marsh" in shown.text and shown.all_ephemeral
    other = await run(cog, "sheet show", 2)
    assert "Ada" not in other.text and "no character sheet attached" in other.text

    mod = FakeInteraction(gm, FakeUser(99, "Mod"), manage_guild=True)
    listed = await run(ModerationCog(gm), "mod view", 99, interaction=mod)
    assert "Player1: Ada Marsh (human" in listed.text and "Player2: no sheet attached" in listed.text
    assert listed.all_ephemeral

    cleared = await run(cog, "sheet clear", 1)
    assert "is cleared" in cleared.text and "no character sheet attached" in (await run(cog, "sheet show", 1)).text


async def test_template_is_an_ephemeral_file_the_game_takes(gm, db):
    await maze_signups(db)
    sent = await run(SheetCog(gm), "sheet template", 1)
    assert sent.all_ephemeral and "edit it, then attach it with `/sheet upload`" in sent.text
    file = sent.sent[-1]["file"]
    assert file.filename == "mazeworld-sheet.yaml"
    registry.front("mazeworld").signup.sheet.load(yaml.safe_load(file.fp.read().decode()))


async def test_during_play_show_is_the_players_own_sheet_card_and_upload_is_refused(gm, db):
    game_id = await maze_signups(db)
    cog = SheetCog(gm)
    await run(cog, "sheet upload", 1, file=FakeAttachment("ada.yaml", SHEET))
    await games.start_game(db, game_id, NOW)
    shown = await run(cog, "sheet show", 1)
    assert [e.title for e in shown.sent[-1]["embeds"]] == ["Ada Marsh: your sheet"]  # /status's last card
    assert "AR70/90" in shown.text and shown.all_ephemeral
    other = await run(cog, "sheet show", 2)
    assert "AR70/90" not in other.text and "Ada Marsh" not in other.text
    late = FakeAttachment("ada.yaml", SHEET)
    refused = await run(cog, "sheet upload", 1, file=late)
    assert "Maze has started" in refused.text and not late.downloaded


async def test_the_sheet_group_exists_only_when_a_game_takes_sheets():
    fronts = registry.fronts()
    assert build_cog(fronts) is SheetCog and SheetCog in cog_classes()
    without = {name: front for name, front in fronts.items() if front.signup.sheet is None}
    assert build_cog(without) is None
    said = " ".join(" ".join(f.lines) for c in help_cards(registry.front("battle_royale")) for f in c.fields)
    assert "/sheet" not in said
    said = " ".join(" ".join(f.lines) for c in help_cards(registry.front("mazeworld")) for f in c.fields)
    assert "`/sheet upload`" in said


async def test_a_moderator_takes_a_players_sheet_off_and_the_player_is_told(gm, db):
    """The GM keeps the last word before the start: `/sheet clear player:` (moderators only, in the game's
    channel) takes another player's sheet off; the player gets a DM; another player cannot do it."""
    from sqlalchemy import select

    from bot.db.models import Outbox

    await maze_signups(db)
    cog = SheetCog(gm)
    await run(cog, "sheet upload", 1, file=FakeAttachment("ada.yaml", SHEET))
    target = FakeUser(1, "Player1")
    meddler = await run(cog, "sheet clear", 2, player=target)
    assert "moderators" in meddler.text.lower() and meddler.all_ephemeral
    assert "Ada Marsh" in (await run(cog, "sheet show", 1)).text  # unchanged
    mod = FakeInteraction(gm, FakeUser(99, "Mod"), manage_guild=True)
    done = await run(cog, "sheet clear", 99, interaction=mod, player=target)
    assert "Player1's character sheet for Maze is cleared" in done.text and done.all_ephemeral
    assert "no character sheet attached" in (await run(cog, "sheet show", 1)).text
    async with db.read() as session:
        told = (await session.execute(select(Outbox).where(Outbox.target == "dm").order_by(Outbox.id))).scalars().all()
    assert [(row.target_id, "took your character sheet off" in row.text) for row in told] == [(1, True)]
    again = await run(cog, "sheet clear", 99, interaction=mod, player=target)
    assert "Player1 has no character sheet attached" in again.text

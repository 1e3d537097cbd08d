"""/setup (issue 32): save from a game (its moderators) or a file, show, list, fork, edit, share, hide, and
`/game create setup:` with its autocomplete; a private setup is never listed, offered or shown to anyone else,
and a setup this server hid is never offered for a game here."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.cogs.moderation import ModerationCog
from bot.db.models import Game
from bot.cogs.setups import SetupCog, playable_autocomplete, setup_autocomplete
from bot.services.base import lookup
from bot.services.setups import predict, setups
from tests.bot.cog_helpers import command
from tests.bot.fakes import FakeAttachment, FakeInteraction, FakeUser, call
from tests.services.conftest import started_game

AUTHOR, OTHER, MOD = 21, 22, 23
FILE = b"""setup: 1
game: starcraft_mafia
name: Small town
versions:
  - changelog: Lynch vote on
    settings: {day_vote: true}
"""


@pytest.fixture
def predicted(monkeypatch):
    """The versions whose prediction was started (the worker process is `test_setup_predict`'s)."""
    started: list[int] = []

    async def start(db, version_id, **kwargs):
        started.append(version_id)

    monkeypatch.setattr(predict, "start", start)
    return started


def who(gm, user: int, **kwargs) -> FakeInteraction:
    return FakeInteraction(gm, FakeUser(user, f"U{user}"), **kwargs)


async def run(cog, path: str, interaction: FakeInteraction, **options) -> FakeInteraction:
    return await call(command(cog, path), cog, interaction, **options)


async def test_the_setup_group_is_one_top_level_command_within_discords_limits(gm):
    cog = SetupCog(gm)
    names = sorted(c.qualified_name for c in cog.walk_app_commands())
    assert names == [
        "setup",
        *(f"setup {n}" for n in ("delete", "edit", "fork", "hide", "list", "save", "share", "show")),
    ]
    for cmd in cog.walk_app_commands():
        assert len(cmd.description) <= 100
        for parameter in getattr(cmd, "parameters", []):
            assert len(parameter.description) <= 100
        assert len(getattr(cmd, "parameters", [])) <= 8
    create = command(ModerationCog(gm), "game create")
    assert len(create.parameters) <= 8 and "setup" in [p.name for p in create.parameters]


async def test_save_from_a_file_show_fork_edit_share_and_privacy(gm, db, predicted):
    cog = SetupCog(gm)
    saved = await run(cog, "setup save", who(gm, AUTHOR), file=FakeAttachment("town.yaml", FILE))
    assert "Saved setup #" in saved.text and "private to you" in saved.text and saved.all_ephemeral
    assert "being predicted" in saved.text
    [info] = await setups.listed(db, user_id=AUTHOR)
    assert predicted == [info.latest.id]
    shown = await run(cog, "setup show", who(gm, AUTHOR), setup=info.id)
    assert "Small town" in shown.text and "v1: Lynch vote on" in shown.text and "day_vote: true" in shown.text
    assert "predicted: not asked" in shown.text and "measured: no clean games yet" in shown.text
    # private: to anyone else it does not exist, in the list, the autocomplete and the show
    stranger = await run(cog, "setup show", who(gm, OTHER), setup=info.id)
    assert f"There is no setup #{info.id} you can see." in stranger.text and "Small town" not in stranger.text
    listed = await run(cog, "setup list", who(gm, OTHER))
    assert "Small town" not in listed.text
    assert await setup_autocomplete(who(gm, OTHER), "") == []
    assert await playable_autocomplete(who(gm, OTHER, manage_guild=True), "small") == []
    assert [c.value for c in await setup_autocomplete(who(gm, AUTHOR), "small")] == [info.id]
    refused = await run(cog, "setup fork", who(gm, OTHER), setup=info.id, name="Mine")
    assert "There is no setup" in refused.text
    # edited: a new version with its changelog line
    edited = await run(
        cog, "setup edit", who(gm, AUTHOR), setup=info.id, changelog="Ten days", setting="max_days", value="10"
    )
    assert "Saved **Small town** v2: Ten days" in edited.text
    assert (await setups.show(db, info.id, user_id=AUTHOR)).latest.settings == {"day_vote": True, "max_days": 10}
    bad = await run(
        cog, "setup edit", who(gm, AUTHOR), setup=info.id, changelog="Broken", setting="max_days", value="many"
    )
    assert "Nothing was saved" in bad.text
    not_yours = await run(cog, "setup edit", who(gm, OTHER), setup=info.id, changelog="x", setting="a", value="1")
    assert "There is no setup" in not_yours.text
    # shared with the server: its members see it, fork it; another server does not
    assert "Its page on the web" not in shown.text  # a private setup has no page
    shared = await run(cog, "setup share", who(gm, AUTHOR), setup=info.id, visibility="server")
    assert "shared with this server" in shared.text
    assert "Small town" in (await run(cog, "setup list", who(gm, OTHER))).text
    assert "Small town" not in (await run(cog, "setup list", who(gm, OTHER, guild_id=2000))).text
    forked = await run(cog, "setup fork", who(gm, OTHER), setup=info.id, name="Big town")
    assert "Forked into setup #" in forked.text
    mine = await setups.listed(db, user_id=OTHER, scope="mine")
    assert [s.name for s in mine] == ["Big town"] and mine[0].latest.changelog == "Forked from Small town v2."
    assert len(predicted) == 3


async def test_save_from_a_game_is_for_its_moderators(gm, db, predicted):
    game_id = await started_game(db, ruleset="starcraft_mafia", players=5, settings={"day_vote": True})
    cog = SetupCog(gm)
    player = await run(cog, "setup save", who(gm, 1), name="Ours", game=game_id)
    assert "Only the game's moderators" in player.text
    saved = await run(cog, "setup save", who(gm, MOD, manage_guild=True), name="Ours", game=game_id)
    assert "Saved setup #" in saved.text, saved.text
    [info] = await setups.listed(db, user_id=MOD)
    assert info.latest.settings["day_vote"] is True and info.ruleset == "starcraft_mafia"


async def test_save_from_a_games_data_file_of_the_game_named_or_of_the_game_given(gm, db, predicted):
    """A map file (what `/game create file:` takes) is saved as a setup of the game `ruleset:` names, or of the
    game `game:` gives, the reply saying what the file holds in the game's loader's words; a file no game takes
    is refused asking which game it is for, and nothing is saved."""
    from tests.services.signup.test_data_files import SMALL

    cog = SetupCog(gm)
    unknown = await run(
        cog, "setup save", who(gm, AUTHOR), name="Isles", file=FakeAttachment("isles.yaml", b"zones: 3\n")
    )
    assert "say which game it is for. Nothing was saved." in unknown.text and predicted == []
    bad = SMALL.replace("[3, 2]", "[3, 9]").encode()
    refused = await run(cog, "setup save", who(gm, AUTHOR), name="Isles", file=FakeAttachment("isles.yaml", bad),
                        ruleset="battle_royale")  # fmt: skip
    assert "adjacency 3-9 names an unknown zone" in refused.text and "Nothing was saved." in refused.text
    assert await setups.listed(db, user_id=AUTHOR) == []
    saved = await run(cog, "setup save", who(gm, AUTHOR), name="Isles", file=FakeAttachment("isles.yaml", SMALL.encode()),
                      ruleset="battle_royale", changelog="Two isles")  # fmt: skip
    assert "Saved setup #" in saved.text and "(Battle Royale) v1" in saved.text and "being predicted" in saved.text
    assert "The island is Twin Isles (3 zones)." in saved.text and "names no game" not in saved.text
    [info] = await setups.listed(db, user_id=AUTHOR)
    assert info.latest.settings["island"]["name"] == "Twin Isles" and info.latest.changelog == "Two isles"
    game_id = await started_game(db, ruleset="battle_royale", players=3)
    of_game = await run(
        cog,
        "setup save",
        who(gm, AUTHOR),
        name="Isles 2",
        game=game_id,
        file=FakeAttachment("isles.json", json.dumps(info.latest.settings["island"]).encode()),
    )
    assert "Saved setup #" in of_game.text and "The island is Twin Isles (3 zones)." in of_game.text, of_game.text
    assert len(predicted) == 2


async def test_a_data_file_naming_no_game_is_the_channels_games_else_the_only_game_that_takes_it(gm, db, predicted):
    """Issue 32's "/setup save ... or an uploaded file": with neither `ruleset:` nor `game:`, the channel's game
    reads the file; a file it cannot read, the only installed game that takes it; the reply names the game."""
    from tests.services.setups.test_data_file_setups import DECK
    from tests.services.signup.test_data_files import SMALL

    cog = SetupCog(gm)
    elsewhere = await run(cog, "setup save", who(gm, AUTHOR, channel_id=777), name="Anywhere",
                          file=FakeAttachment("isles.yaml", SMALL.encode()))  # fmt: skip
    assert "(Battle Royale) v1" in elsewhere.text
    assert "it was read as Battle Royale's, the only game that takes it." in elsewhere.text
    await started_game(db, ruleset="battle_royale", players=3)  # in channel 555
    here = await run(cog, "setup save", who(gm, AUTHOR), name="Here", file=FakeAttachment("isles.yaml", SMALL.encode()))
    assert "it was read as Battle Royale's, this channel's game." in here.text
    assert "The island is Twin Isles (3 zones)." in here.text
    deck = await run(
        cog, "setup save", who(gm, AUTHOR), name="Deck", file=FakeAttachment("deck.yaml", DECK.read_bytes())
    )
    assert "(Battle Royale card game) v1" in deck.text, deck.text
    assert "the only game that takes it." in deck.text and "a deck of 25 cards" in deck.text
    games = {i.name: i.ruleset for i in await setups.listed(db, user_id=AUTHOR)}
    assert games == {"Anywhere": "battle_royale", "Here": "battle_royale", "Deck": "battle_royale_cards"}
    assert len(predicted) == 3


async def test_hide_and_game_create_from_a_setup(gm, db, predicted):
    public = await setups.save(
        db,
        ruleset="starcraft_mafia",
        name="Open town",
        settings={"day_vote": True},
        author_id=AUTHOR,
        visibility="public",
    )
    cog = SetupCog(gm)
    offered = await playable_autocomplete(who(gm, MOD, manage_guild=True), "open")
    assert [c.value for c in offered] == [public.id] and "Open town" in offered[0].name
    shown = await run(cog, "setup show", who(gm, OTHER), setup=public.id)
    assert "Its page on the web: " in shown.text and shown.text.rstrip().endswith(f"/s/{public.id}")
    refused = await run(cog, "setup hide", who(gm, OTHER), setup=public.id)
    assert "moderators" in refused.text.lower()
    hidden = await run(cog, "setup hide", who(gm, MOD, manage_guild=True), setup=public.id)
    assert "kept out of this server's lists" in hidden.text
    assert await playable_autocomplete(who(gm, MOD, manage_guild=True), "") == []
    assert await playable_autocomplete(who(gm, AUTHOR, manage_guild=True), "") == []  # not even its author's
    assert await playable_autocomplete(who(gm, MOD, manage_guild=True, guild_id=2000), "") != []
    moderation = ModerationCog(gm)
    typed = await run(moderation, "game create", who(gm, MOD, manage_guild=True), name="Here", setup=public.id)
    assert "hidden on this server" in typed.text
    back = await run(cog, "setup hide", who(gm, MOD, manage_guild=True), setup=public.id, hidden=False)
    assert "back in this server's lists" in back.text
    created = await run(moderation, "game create", who(gm, MOD, manage_guild=True), name="Here", setup=public.id)
    assert "is set up in this channel" in created.text, created.text
    ref = await lookup.game_in_channel(db, 555)
    async with db.read() as session:
        game = await session.get(Game, ref.id)
    assert game.ruleset == "starcraft_mafia" and game.setup_version_id == public.latest.id
    assert game.settings["day_vote"] is True
    assert (await setups.show(db, public.id, user_id=OTHER)).games == 1
    private = await setups.save(db, ruleset="starcraft_mafia", name="Secret", settings={}, author_id=AUTHOR)
    other = await run(
        moderation, "game create", who(gm, MOD, manage_guild=True, channel_id=556), name="No", setup=private.id
    )
    assert "There is no setup" in other.text


async def test_saving_answers_at_once_and_the_saver_is_told_the_predicted_balance(gm, db, monkeypatch):
    """The reply does not wait for the prediction; `/setup show` meanwhile says it is under way; when it is known
    the saver gets a follow-up with it (a thread stands in for the worker process here, for speed)."""
    executor = ThreadPoolExecutor(1)
    monkeypatch.setattr(predict, "pool", lambda slot=0: executor)
    monkeypatch.setattr(predict, "SECONDS", 0.5)
    cog = SetupCog(gm)
    saver = who(gm, AUTHOR)
    saved = await run(cog, "setup save", saver, file=FakeAttachment("town.yaml", FILE))
    assert "being predicted" in saved.text and "The balance of" not in saved.text
    [info] = await setups.listed(db, user_id=AUTHOR)
    shown = await run(cog, "setup show", who(gm, AUTHOR), setup=info.id)
    # not known yet: queued for its worker, or under way (which, depends on when the worker takes it)
    assert "predicted: under way" in shown.text or "predicted: waiting for a free worker" in shown.text, shown.text
    assert "predicted: human win" not in shown.text
    await asyncio.gather(*predict._running)
    executor.shutdown()
    assert "The balance of **Small town** v1: predicted: human win " in saver.text and saver.all_ephemeral
    assert "predicted: human win " in (await run(cog, "setup show", who(gm, AUTHOR), setup=info.id)).text


async def test_a_typed_value_is_data_only_without_aliases(gm, db, predicted):
    saved = await setups.save(db, ruleset="starcraft_mafia", name="Town", settings={}, author_id=AUTHOR)
    cog = SetupCog(gm)
    aliased = await run(
        cog, "setup edit", who(gm, AUTHOR), setup=saved.id, changelog="x", setting="max_days", value="[&a 1, *a]"
    )
    assert "aliases" in aliased.text and (await setups.show(db, saved.id, user_id=AUTHOR)).latest.number == 1
    broken = await run(
        cog, "setup edit", who(gm, AUTHOR), setup=saved.id, changelog="x", setting="max_days", value="[1,"
    )
    assert "cannot read that value" in broken.text
    back = await run(
        cog, "setup edit", who(gm, AUTHOR), setup=saved.id, changelog="Ten", setting="max_days", value="10"
    )
    assert "v2: Ten" in back.text
    default = await run(
        cog, "setup edit", who(gm, AUTHOR), setup=saved.id, changelog="Default", setting="max_days", value="null"
    )
    assert "v3: Default" in default.text and (await setups.show(db, saved.id, user_id=AUTHOR)).latest.settings == {}


async def test_delete_takes_the_setup_out_of_every_list_and_its_games_keep_their_record(gm, db, predicted):
    """Issue 32.6, "deleting one keeps the finished games' records": only its author deletes it; then it is
    neither listed, offered, shown nor playable, and the game played with it still points at its version."""
    from bot.services.steps.simulation import simulate

    cog = SetupCog(gm)
    info = await setups.save(db, ruleset="starcraft_mafia", name="Old town", settings={}, author_id=AUTHOR,
                             visibility="public")  # fmt: skip
    await simulate(db, 6, 3, ruleset="starcraft_mafia", setup=(info.latest.id, info.latest.settings))
    refused = await run(cog, "setup delete", who(gm, OTHER), setup=info.id)
    assert "Only the author of Old town can change it" in refused.text
    assert "Old town" in (await run(cog, "setup show", who(gm, OTHER), setup=info.id)).text
    done = await run(cog, "setup delete", who(gm, AUTHOR), setup=info.id)
    assert "**Old town** is deleted" in done.text and done.all_ephemeral
    for user in (AUTHOR, OTHER):
        assert "Old town" not in (await run(cog, "setup list", who(gm, user))).text
        assert await setup_autocomplete(who(gm, user), "") == []
        assert f"There is no setup #{info.id}" in (await run(cog, "setup show", who(gm, user), setup=info.id)).text
    async with db.read() as session:
        from sqlalchemy import select

        [played] = (await session.execute(select(Game).where(Game.setup_version_id == info.latest.id))).scalars().all()
    assert played.status == "over"
    balance = (await setups.balance(db, [info.latest.id]))[info.latest.id]
    assert balance.measured is not None and balance.measured.games == 1

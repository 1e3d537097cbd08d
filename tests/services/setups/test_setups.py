"""Setups through the services (issue 32, points 1, 2 and 6: bot/services/setups/): a community's own version of
a game saved, versioned, forked and shared; every version checked by the game's own model, its first problems
named; a private setup never listed, shown or used by anyone but its author; a server's moderators hiding a
public one; deleting keeping the games' records; a setup file exported and imported on the command line."""

from __future__ import annotations

import pytest

from bot.services.base.errors import ServiceError
from bot.services.setups import files, setups
from bot.services.signup import games
from tests.services.conftest import NOW

AUTHOR, OTHER, SERVER, ELSEWHERE = 11, 22, 1000, 2000


async def town(db, **kwargs):
    return await setups.save(
        db,
        ruleset="starcraft_mafia",
        name="Small town",
        settings={"day_vote": True},
        author_id=AUTHOR,
        guild_id=SERVER,
        changelog="Lynch vote on",
        **kwargs,
    )


async def test_a_setup_is_saved_with_its_first_version_and_edited_into_immutable_new_ones(db):
    saved = await town(db)
    assert (saved.ruleset, saved.name, saved.visibility) == ("starcraft_mafia", "Small town", "private")
    assert [(v.number, v.changelog, v.settings) for v in saved.versions] == [(1, "Lynch vote on", {"day_vote": True})]
    edited = await setups.edit(
        db, saved.id, author_id=AUTHOR, changes={"day_vote": None, "max_days": 10}, changelog="Vote off, ten days"
    )
    assert [(v.number, v.settings) for v in edited.versions] == [(1, {"day_vote": True}), (2, {"max_days": 10})]
    assert edited.versions[1].parent_id == edited.versions[0].id  # each version knows the one it came from
    with pytest.raises(ServiceError, match=f"There is no setup #{saved.id} you can see"):  # private: not said to exist
        await setups.edit(db, saved.id, author_id=OTHER, changes={"max_days": 3}, changelog="mine now")
    await setups.share(db, saved.id, author_id=AUTHOR, visibility="public")
    with pytest.raises(ServiceError, match="Only the author of Small town can change it: fork it"):
        await setups.edit(db, saved.id, author_id=OTHER, changes={"max_days": 3}, changelog="mine now")


async def test_a_setup_the_game_cannot_play_is_refused_naming_its_first_problems_and_nothing_is_saved(db):
    with pytest.raises(ServiceError) as refused:
        await setups.save(
            db,
            ruleset="starcraft_mafia",
            name="Broken",
            author_id=AUTHOR,
            settings={"day_vote": "sometimes", "max_days": "many"},
        )
    assert refused.value.message.startswith("This is not a setup StarCraft Mafia can play: day_vote:")
    assert "max_days:" in refused.value.message and refused.value.message.endswith("Nothing was saved.")
    with pytest.raises(ServiceError, match="no game named 'chess'|unknown ruleset"):
        await setups.save(db, ruleset="chess", name="x", author_id=AUTHOR, settings={})
    assert await setups.listed(db, user_id=AUTHOR) == []


async def test_a_private_setup_is_its_authors_alone_until_shared_with_the_server_or_everyone(db):
    saved = await town(db)
    assert [s.id for s in await setups.listed(db, user_id=AUTHOR, guild_id=SERVER)] == [saved.id]
    for user, guild in ((OTHER, SERVER), (OTHER, None)):
        assert await setups.listed(db, user_id=user, guild_id=guild) == []
        with pytest.raises(ServiceError, match=f"There is no setup #{saved.id} you can see"):
            await setups.show(db, saved.id, user_id=user, guild_id=guild)
        with pytest.raises(ServiceError, match="you can see"):
            await setups.settings_for_game(db, saved.id, user_id=user, guild_id=guild)
        with pytest.raises(ServiceError, match="you can see"):
            await setups.fork(db, saved.id, author_id=user, guild_id=guild, name="Stolen")
    await setups.share(db, saved.id, author_id=AUTHOR, visibility="server")
    assert [s.id for s in await setups.listed(db, user_id=OTHER, guild_id=SERVER)] == [saved.id]
    assert await setups.listed(db, user_id=OTHER, guild_id=ELSEWHERE) == []
    await setups.share(db, saved.id, author_id=AUTHOR, visibility="public")
    assert [s.id for s in await setups.listed(db, user_id=OTHER, guild_id=ELSEWHERE, scope="public")] == [saved.id]
    with pytest.raises(ServiceError, match="shared as one of private, server, public"):
        await setups.share(db, saved.id, author_id=AUTHOR, visibility="friends")


async def test_a_fork_is_a_new_private_setup_naming_the_version_it_came_from(db):
    saved = await town(db, visibility="public")
    forked = await setups.fork(db, saved.id, author_id=OTHER, guild_id=ELSEWHERE, name="Our town")
    assert (forked.author_id, forked.visibility, forked.name) == (OTHER, "private", "Our town")
    assert forked.versions[0].parent_id == saved.versions[0].id
    assert forked.versions[0].changelog == "Forked from Small town v1." and forked.versions[0].settings == {
        "day_vote": True
    }


async def test_a_game_created_from_a_setup_takes_its_settings_and_counts_for_it_after_the_setup_is_deleted(db):
    saved = await town(db)
    ruleset, version, settings = await setups.settings_for_game(db, saved.id, user_id=AUTHOR, guild_id=SERVER)
    game = await games.create_game(
        db,
        name="Evening",
        ruleset=ruleset,
        channel_id=555,
        guild_id=SERVER,
        settings=settings,
        setup_version_id=version,
    )
    assert game.settings["day_vote"] is True and game.setup_version_id == version
    assert (await setups.show(db, saved.id, user_id=AUTHOR)).games == 1
    assert await setups.delete(db, saved.id, author_id=AUTHOR) == "Small town"
    assert await setups.listed(db, user_id=AUTHOR) == []
    with pytest.raises(ServiceError, match="you can see"):
        await setups.show(db, saved.id, user_id=AUTHOR)
    async with db.read() as session:
        from bot.db.models import Game, SetupVersion

        assert (await session.get(Game, game.id)).setup_version_id == version
        assert (await session.get(SetupVersion, version)).settings == {"day_vote": True}  # the record stays


async def test_a_servers_moderators_hide_a_public_setup_from_their_server_only(db):
    saved = await town(db, visibility="public")
    await setups.hide(db, saved.id, guild_id=ELSEWHERE)
    assert await setups.listed(db, user_id=OTHER, guild_id=ELSEWHERE) == []
    assert [s.id for s in await setups.listed(db, user_id=OTHER, guild_id=SERVER)] == [saved.id]
    await setups.hide(db, saved.id, guild_id=ELSEWHERE, hidden=False)
    assert [s.id for s in await setups.listed(db, user_id=OTHER, guild_id=ELSEWHERE)] == [saved.id]


async def test_a_setup_file_round_trips_and_a_bad_one_imports_nothing(db):
    saved = await town(db)
    await setups.edit(db, saved.id, author_id=AUTHOR, changes={"max_days": 10}, changelog="Ten days")
    text = files.exported(await setups.show(db, saved.id, user_id=AUTHOR))
    again = await files.imported(db, text.encode())
    assert (again.ruleset, again.name, again.visibility, again.author_id) == (
        "starcraft_mafia",
        "Small town",
        "public",
        0,
    )
    assert [(v.changelog, v.settings) for v in again.versions] == [
        ("Lynch vote on", {"day_vote": True}),
        ("Ten days", {"day_vote": True, "max_days": 10}),
    ]
    before = len(await setups.listed(db, user_id=0))
    bad = text.replace("max_days: 10", "max_days: lots")
    with pytest.raises(
        ServiceError, match="^Version 2 of the file: This is not a setup StarCraft Mafia can play: max_days"
    ):
        await files.imported(db, bad.encode())
    for raw, why in (
        (b"a: &x [1]\nb: *x\n", "aliases"),
        (b"\xff\xfe", "not a YAML or JSON"),
        (b"[1, 2]", "not a setup file"),
    ):
        with pytest.raises(ServiceError, match=why):
            await files.imported(db, raw)
    assert len(await setups.listed(db, user_id=0)) == before


def test_brbot_setup_export_and_import_on_the_command_line(tmp_path, capsys):
    from bot.cli import main

    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    assert main(["migrate", "--database", url]) == 0
    path = tmp_path / "town.yaml"
    path.write_text(
        "setup: 1\ngame: battle_royale_cards\nname: Quick deck\nversions:\n"
        "  - changelog: Five rounds\n    settings: {max_rounds: 5}\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["setup", "import", str(path), "--no-predict", "--database", url]) == 0
    assert "setup #1 Quick deck (battle_royale_cards): 1 version imported" in capsys.readouterr().out
    assert main(["setup", "list", "--database", url]) == 0
    assert "#1  battle_royale_cards  Quick deck  v1  public  0 games" in capsys.readouterr().out
    assert main(["setup", "export", "1", "--database", url]) == 0
    assert "max_rounds: 5" in capsys.readouterr().out

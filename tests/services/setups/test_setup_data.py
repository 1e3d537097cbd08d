"""A setup's data beyond its map (issue 32 point 1): Battle Royale's items and roles (the map file's optional
`items:` and `roles:` sections) and StarCraft Mafia's classes (its `classes` setting), saved, exported and
imported (`brbot setup export|import`), and a game created from the setup plays with them."""

from __future__ import annotations

import pytest
import yaml

from bot.services.setups import files, setups
from bot.services.signup import games
from engine import registry
from engine.rng import RecordingRng
from tests.services.signup.test_data_files import SMALL

AUTHOR, SERVER = 11, 1000
CHOICE = {"items": {"knife": 2, "camouflage": 1}, "roles": {"lovers": 2}}


async def test_a_map_file_with_items_and_roles_is_a_setup_a_game_is_created_from_and_plays(db):
    raw = (SMALL + yaml.safe_dump(CHOICE)).encode()
    saved = await files.saved_file(db, raw, author_id=AUTHOR, guild_id=SERVER, name="Knife fight",
                                   filename="isles.yaml", ruleset="battle_royale")  # fmt: skip
    assert "Items in play (kinds): 2; chances in every draw: 3." in saved.summary
    settings = saved.info.latest.settings
    assert set(settings) == {"island", "items", "roles"} and settings["items"] == CHOICE["items"]
    ruleset, version, chosen = await setups.settings_for_game(db, saved.info.id, user_id=AUTHOR, guild_id=SERVER)
    game = await games.create_game(db, name="Evening", ruleset=ruleset, channel_id=555, guild_id=SERVER,
                                   settings=chosen, setup_version_id=version)  # fmt: skip
    assert game.settings["items"] == CHOICE["items"] and game.settings["roles"] == CHOICE["roles"]
    rules = registry.get("battle_royale")
    parsed = rules.parse_settings(game.settings)
    rng = RecordingRng(5)
    state = rules.new_game(rules.play.computer_signups(8, rng), parsed, rng).state
    kinds = {i.kind for s in state.students.values() for i in s.items} | {
        i.kind for z in state.zones.values() for i in z.hidden
    }
    assert kinds == {"knife", "camouflage"} and {z for z in state.zones} == {1, 2, 3}
    assert {s.role for s in state.students.values()} <= {"dedicated_student", "lovers"}


async def test_a_setup_of_classes_round_trips_through_its_file(db):
    saved = await setups.save(db, ruleset="starcraft_mafia", name="Marines", author_id=AUTHOR,
                              settings={"classes": {"marine": 2, "medic": 1}}, changelog="Marines and medics")  # fmt: skip
    await setups.edit(db, saved.id, author_id=AUTHOR, changes={"classes": {"marine": 1, "ghost": 1}},
                      changelog="Ghosts instead")  # fmt: skip
    text = files.exported(await setups.show(db, saved.id, user_id=AUTHOR))
    again = await files.imported(db, text.encode())
    assert [v.settings for v in again.versions] == [{"classes": {"marine": 2, "medic": 1}},
                                                     {"classes": {"marine": 1, "ghost": 1}}]  # fmt: skip


def test_brbot_setup_export_and_import_keep_a_setups_items_and_roles(tmp_path, capsys):
    from bot.cli import main

    first, second = (f"sqlite+aiosqlite:///{tmp_path / name}" for name in ("one.db", "two.db"))
    for url in (first, second):
        assert main(["migrate", "--database", url]) == 0
    house = tmp_path / "house.yaml"
    house.write_text(yaml.safe_dump(CHOICE), encoding="utf-8")  # only the sections: the default island stays
    capsys.readouterr()
    assert main(["setup", "import", str(house), "--ruleset", "battle_royale", "--name", "House",
                 "--no-predict", "--database", first]) == 0  # fmt: skip
    assert "setup #1 House (battle_royale): 1 version imported" in capsys.readouterr().out
    exported = tmp_path / "exported.yaml"
    assert main(["setup", "export", "1", "--out", str(exported), "--database", first]) == 0
    data = yaml.safe_load(exported.read_text(encoding="utf-8"))
    assert data["game"] == "battle_royale" and data["versions"][0]["settings"] == CHOICE
    assert main(["setup", "import", str(exported), "--no-predict", "--database", second]) == 0
    capsys.readouterr()
    assert main(["setup", "export", "1", "--database", second]) == 0
    assert yaml.safe_load(capsys.readouterr().out)["versions"] == data["versions"]


async def test_a_moderator_types_the_items_roles_and_classes_as_game_settings(db):
    """`/game settings items knife: 2, rifle: 1`: a line of names and numbers, checked by the game."""
    from bot.services.base.errors import ServiceError
    from bot.services.moderators import game_admin
    from tests.services.conftest import mod

    game = await game_admin.create(db, name="Ring", ruleset="battle_royale", channel_id=77, guild_id=SERVER,
                                   actor_id=mod(7))  # fmt: skip
    changed = await game_admin.change_setting(db, game.id, mod(7), "items", "knife: 2, rifle: 1")
    assert changed.value == {"knife": 2, "rifle": 1}
    assert (await game_admin.change_setting(db, game.id, mod(7), "roles", "{lovers: none}")).value == {"lovers": None}
    with pytest.raises(ServiceError, match="there is no item laser .*; knife is drawn lots times"):
        await game_admin.change_setting(db, game.id, mod(7), "items", "laser: 1, knife: lots")
    assert (await game_admin.settings_of(db, game.id))["items"] == {"knife": 2, "rifle": 1}  # the refusal changed nothing
    town = await game_admin.create(db, name="Town", ruleset="starcraft_mafia", channel_id=78, guild_id=SERVER,
                                   actor_id=mod(7))  # fmt: skip
    changed = await game_admin.change_setting(db, town.id, mod(7), "classes", "marine: 2, medic: 1")
    assert changed.value == {"marine": 2, "medic": 1}

"""Rulings, "The island": "A moderator can load another map (zones, adjacency, per-zone modifiers) from a
file", when creating a game (bot/services/signup/data_files.py and `game_admin.create`). The game declares the file
it takes (`Signup.data`); the file is read as YAML or JSON and checked by the game's own model; every
refusal says what is wrong, and nothing is created."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from bot.db.models import Game
from bot.services.moderators import game_admin
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.common import load_state
from bot.services.signup.data_files import read_data_file
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW
from tests.services.conftest import mod

SMALL = """name: Twin Isles
zones:
  - {id: 1, name: North Isle, escape: true, modifiers: {ranged: 10}}
  - {id: 2, name: South Isle, melee_first: true}
  - {id: 3, name: Sandbar}
adjacency: [[1, 3], [3, 2]]
"""


async def load(text: str | bytes, filename: str = "isles.yaml", ruleset: str = "battle_royale"):
    raw = text.encode() if isinstance(text, str) else text

    async def read() -> bytes:
        return raw
    return await read_data_file(ruleset, filename, len(raw), read)


async def games_count(db) -> int:
    async with db.read() as session:
        return (await session.execute(select(func.count()).select_from(Game))).scalar_one()


async def test_rulings_island_a_map_file_makes_the_new_games_island(db):
    loaded = await load(SMALL)
    assert loaded.setting == "island" and loaded.summary == "The island is Twin Isles (3 zones)."
    game = await game_admin.create(db, guild_id=1000, channel_id=555, actor_id=mod(7), name="Isles", data=loaded)
    await game_admin.open_signups(db, game.id, mod(7))
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"P{user}")
    await games.start_game(db, game.id, NOW)
    await resolution.resolve_day(db, game.id, NOW, trigger="test")
    async with db.read() as session:
        state = load_state(await session.get(Game, game.id))
    assert state.island.name == "Twin Isles" and sorted(state.zones) == [1, 2, 3]
    assert state.island.adjacent(1, 3) and not state.island.adjacent(1, 2)
    assert {s.zone for s in state.students.values()} <= {1, 2, 3}
    same = await load(json.dumps(loaded.value), "isles.json")
    assert same.value == loaded.value


@pytest.mark.parametrize("text, filename, reason", [
    ("x" * 70_000, "big.yaml", "That map file is 68 KiB; the most a map file may be is 64 KiB. Nothing was created."),
    (SMALL, "isles.txt", "The map file must be YAML (.yaml, .yml) or JSON (.json). Nothing was created."),
    (b"\xff\xfe\x00bad", "isles.yaml", "The map file is not UTF-8 text. Nothing was created."),
    ("name: [unclosed\n", "isles.yaml", "The file cannot be read, line 2:"),
    ('{"name": 1,}', "isles.json", "The file cannot be read, line 1: Expecting property name"),
    ("- just\n- a list\n", "isles.yaml", "The map file must hold a mapping (keys and values) at the top."),
    ("a: &x [1]\nb: *x\n", "isles.yaml", "aliases (*name) are not allowed"),
    (SMALL.replace("[[1, 3], [3, 2]]", "[[1, 3], [3, 9]]"), "isles.yaml",
     "That map cannot be used: adjacency 3-9 names an unknown zone or joins a zone to itself. Nothing was created."),
    (SMALL.replace("id: 2,", "id: two,"), "isles.yaml",
     "That map cannot be used: zones.1.id: Input should be a valid integer"),
    (SMALL.replace("[[1, 3], [3, 2]]", "[[1, 3]]"), "isles.yaml",
     "That map cannot be used: South Isle cannot be reached from North Isle"),
    (SMALL.replace("Sandbar", "North Isle"), "isles.yaml",
     "That map cannot be used: two zones are called North Isle."),
    (SMALL.replace("Sandbar", '"7"'), "isles.yaml",
     "zone 3 needs a name of at most 100 characters that is not a number"),
    ("name: Lonely\nzones: [{id: 1, name: Rock}]\nadjacency: []\n", "isles.yaml",
     "That map cannot be used: an island needs 2 to 25 zones; this one has 1."),
    (SMALL.replace("id: 3,", "id: 0,").replace("[[1, 3], [3, 2]]", "[[1, 0], [0, 2]]"), "isles.yaml",
     "zone ids are whole numbers from 1 (zone 0)"),
])
async def test_rulings_island_a_bad_map_file_is_refused_with_its_reason_and_nothing_is_created(db, text, filename,
                                                                                                reason):
    with pytest.raises(ServiceError) as refused:
        await load(text, filename)
    assert reason in str(refused.value)
    assert await games_count(db) == 0


async def test_a_file_too_big_is_refused_before_it_is_downloaded():
    read = []

    async def download() -> bytes:
        read.append(True)
        return b""
    with pytest.raises(ServiceError, match="the most a map file may be is 64 KiB"):
        await read_data_file("battle_royale", "huge.yaml", 10_000_000, download)
    assert read == []


async def test_the_rules_pages_example_map_loads():
    """The example map file on docs/rules/battle-royale.md is one the bot takes."""
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "battle-royale.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", page, re.S).group(1)
    assert (await load(example)).summary == "The island is Twin Isles (3 zones)."


DEEP_JSON = "[" * 400 + "]" * 400  # 800 bytes that made json.loads raise RecursionError
HOSTILE = [
    (DEEP_JSON, "deep.json", "nests lists and mappings more than 32 levels deep"),
    ('{"a": ' * 300 + "1" + "}" * 300, "deep.json", "more than 32 levels deep"),
    ("a: " + "[" * 400 + "]" * 400, "deep.yaml", "more than 32 levels deep"),
    ("a:\n" + "".join(" " * n + "- \n" for n in range(0, 200)), "deep.yaml", "more than 32 levels deep"),
    ('{"name": ' + "9" * 4301 + "}", "long.json", "has a number of more than 30 digits"),
    ("name: " + "9" * 4301 + "\n", "long.yaml", "has a number of more than 30 digits"),
    ('{"name": NaN}', "nan.json", "a number that is not finite"),
    ("name: .inf\n", "inf.yaml", "a number that is not finite"),
    ('{"name": "\\ud800"}', "surrogate.json", "a character the bot cannot keep (U+D800)"),
    ('{"name": "look\\u0000around"}', "nul.json", "a character the bot cannot keep (U+0000)"),
    ('name: "look\\0around"\n', "nul.yaml", "a character the bot cannot keep (U+0000)"),
    ('{"\\udfff": 1}', "key.json", "(U+DFFF)"),
]


@pytest.mark.parametrize("text, filename, reason", HOSTILE)
async def test_a_hostile_map_file_is_refused_naming_the_problem_not_crashing_the_parser(db, text, filename, reason):
    """Issue 22: deep nesting, a 4,301-digit number and a lone surrogate crashed the parser (RecursionError,
    ValueError, UnicodeEncodeError); each is now a refusal that names the problem, and nothing is created."""
    with pytest.raises(ServiceError) as refused:
        await load(text, filename)
    assert reason in str(refused.value) and str(refused.value).endswith("Nothing was created.")
    assert await games_count(db) == 0


@pytest.mark.parametrize("text, filename, reason", HOSTILE)
async def test_a_hostile_infinity_roster_is_refused_naming_the_problem(text, filename, reason):
    """The same limits hold for every game's file (Infinity's roster, whose check met the lone surrogate)."""
    with pytest.raises(ServiceError) as refused:
        await load(text, filename, ruleset="infinity_intervention")
    assert reason in str(refused.value) and str(refused.value).startswith("The roster file")


async def test_nesting_and_numbers_within_the_limits_still_load():
    nested = {"name": "Twin Isles", "notes": [[[[[[[[[[1]]]]]]]]]], "big": 10**20}
    loaded = await load(SMALL + f"notes: {json.dumps(nested['notes'])}\nbig: {nested['big']}\n")
    assert loaded.summary == "The island is Twin Isles (3 zones)."

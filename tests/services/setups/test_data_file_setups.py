"""A setup saved from a game's plain data file (issue 32, "/setup save ... or an uploaded file"): the file
`/game create file:` takes (a map, a deck, a roster) becomes a new setup's first version, read and checked as
that command reads it (the game's size limit, its own loader, the first problems in one message, nothing saved
when refused); the game comes from the caller, since such a file does not say it, else from the channel's game,
else it is the only installed game that takes the file; the loader's words for what the file holds come back
with the setup (the save's reply shows them, as `/game create file:` does)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.services.base.errors import ServiceError
from bot.services.setups import files, setups
from tests.services.signup.test_data_files import SMALL

AUTHOR = 11
DECK = Path(__file__).resolve().parents[3] / "engine/rulesets/battle_royale_cards/data/deck.yaml"


async def count(db) -> int:
    return len(await setups.listed(db, user_id=AUTHOR, scope="mine"))


async def test_a_games_map_file_is_saved_as_a_setup_whose_data_is_that_file(db):
    info = await files.imported(db, SMALL.encode(), author_id=AUTHOR, visibility="private", name="Twin Isles",
                                filename="isles.yaml", ruleset="battle_royale")  # fmt: skip
    assert (info.ruleset, info.name, info.visibility, len(info.versions)) == (
        "battle_royale",
        "Twin Isles",
        "private",
        1,
    )
    island = info.latest.settings["island"]
    assert set(info.latest.settings) == {"island"} and island["name"] == "Twin Isles" and len(island["zones"]) == 3
    assert info.latest.changelog == "First version."
    again = await files.imported(db, json.dumps(island).encode(), author_id=AUTHOR, name="Isles again",
                                 filename="isles.json", ruleset="battle_royale", changelog="From JSON")  # fmt: skip
    assert again.latest.settings == info.latest.settings and again.latest.changelog == "From JSON"


async def test_a_card_games_deck_file_is_saved_as_a_setup(db):
    info = await files.imported(db, DECK.read_bytes(), author_id=AUTHOR, name="Default deck", filename="deck.yaml",
                                ruleset="battle_royale_cards")  # fmt: skip
    assert list(info.latest.settings) == ["deck"] and len(info.latest.settings["deck"]["cards"]) == 25


@pytest.mark.parametrize(("raw", "filename", "ruleset", "name", "why"), [
    ("zones: 3\n", "isles.yaml", None, "Isles", "^This is not a setup file .*say which game it is for. Nothing was saved.$"),
    (SMALL, "isles.yaml", "starcraft_mafia", "Isles", "^StarCraft Mafia takes no data file.*Nothing was saved.$"),
    (SMALL, "isles.yaml", "chess", "Isles", "chess"),
    (SMALL.replace("[3, 2]", "[3, 9]"), "isles.yaml", "battle_royale", "Isles",
     "^That map cannot be used: adjacency 3-9 names an unknown zone.*Nothing was saved.$"),
    ("x" * 70_000, "big.yaml", "battle_royale", "Big", "^That map file is 68 KiB; the most a map file may be is 64 KiB"),
    (SMALL, "isles.txt", "battle_royale", "Isles", "must be YAML"),
    ("a: &x [1]\nb: *x\n", "isles.yaml", "battle_royale", "Isles", "aliases"),
    (b"\xff\xfe\x00bad", "isles.yaml", "battle_royale", "Isles", "not UTF-8 text. Nothing was saved.$"),
    (b"\xff\xfe\x00bad", "isles.yaml", None, "Isles", "not a YAML or JSON text file"),
    (SMALL, "isles.yaml", "battle_royale", None, "name"),
    ("setup: 1\ngame: starcraft_mafia\nname: Town\nversions: [{settings: {}}]\n", "town.yaml", "battle_royale",
     None, "^This setup file is for starcraft_mafia, not battle_royale. Nothing was imported.$"),
])  # fmt: skip
async def test_a_data_file_that_is_not_one_the_game_takes_is_refused_saying_why_and_nothing_is_saved(
    db, raw, filename, ruleset, name, why
):
    before = await count(db)
    data = raw.encode() if isinstance(raw, str) else raw
    with pytest.raises(ServiceError, match=why):
        await files.imported(db, data, author_id=AUTHOR, name=name, filename=filename, ruleset=ruleset)
    assert await count(db) == before


async def test_a_setup_file_of_the_named_game_is_imported_as_before(db):
    raw = b"setup: 1\ngame: starcraft_mafia\nname: Town\nversions: [{settings: {day_vote: true}}]\n"
    info = await files.imported(db, raw, author_id=AUTHOR, ruleset="starcraft_mafia")
    assert (info.ruleset, info.name, info.latest.settings) == ("starcraft_mafia", "Town", {"day_vote": True})


async def test_a_data_file_naming_no_game_is_the_only_game_that_takes_it_and_says_what_it_holds(db):
    made = await files.saved_file(db, SMALL.encode(), author_id=AUTHOR, name="Isles", filename="isles.yaml")
    assert (made.info.ruleset, made.chosen) == ("battle_royale", "only")
    assert made.summary == "The island is Twin Isles (3 zones)."  # Battle Royale's loader's words
    deck = await files.saved_file(db, DECK.read_bytes(), author_id=AUTHOR, name="Deck", filename="deck.yaml")
    assert (deck.info.ruleset, deck.chosen, deck.summary) == ("battle_royale_cards", "only", "a deck of 25 cards")


@pytest.mark.parametrize(("raw", "channel", "game", "chosen"), [
    (SMALL.encode(), "battle_royale", "battle_royale", "channel"),  # the channel's game takes it
    (DECK.read_bytes(), "battle_royale", "battle_royale_cards", "only"),  # the channel's refuses; one other takes it
    (SMALL.encode(), "starcraft_mafia", "battle_royale", "only"),  # the channel's game takes no data file
])  # fmt: skip
async def test_the_channels_game_is_the_fallback_for_a_data_file_naming_no_game(db, raw, channel, game, chosen):
    made = await files.saved_file(db, raw, author_id=AUTHOR, name="From here", filename="data.yaml", fallback=channel)
    assert (made.info.ruleset, made.chosen) == (game, chosen) and made.summary


async def test_a_file_the_channels_game_refuses_and_no_other_takes_gets_the_channels_games_reasons(db):
    broken = SMALL.replace("[3, 2]", "[3, 9]").encode()
    with pytest.raises(ServiceError, match="^That map cannot be used: adjacency 3-9 names an unknown zone"):
        await files.saved_file(
            db, broken, author_id=AUTHOR, name="Isles", filename="isles.yaml", fallback="battle_royale"
        )
    assert await count(db) == 0


async def test_a_given_game_wins_over_the_channels(db):
    made = await files.saved_file(db, DECK.read_bytes(), author_id=AUTHOR, name="Deck", filename="deck.yaml",
                                  ruleset="battle_royale_cards", fallback="battle_royale")  # fmt: skip
    assert (made.info.ruleset, made.chosen) == ("battle_royale_cards", "given")

"""The names from the games' data files in the reader's language (issue 31, points 2 and 4; docs/languages.md, "The
games' own words"): an item, a zone, a class or a card is a text of its game's data catalogue (`<game>.data`), read
translated wherever it is filled in; autocomplete labels it in the caller's language while its value stays what the
game reads; and a name typed by hand is read by its English or by its name in the player's language."""

from __future__ import annotations

import pytest

from bot.languages import catalogue
from bot.languages.names import english_name
from bot.languages.reader import localized, reading
from bot.languages.sources import game_domains
from bot.services.orders import commands
from bot.ui.autocomplete import option_choices
from engine import registry
from engine.keyed import named
from engine.rulesets.battle_royale import catalog as br
from engine.rulesets.starcraft_mafia import catalog as scm
from tests.bot.cog_helpers import equip_player, night_game
from tests.bot.fakes import FakeInteraction, FakeUser
from tests.services.conftest import NOW

weapon_choices = option_choices("attack", "weapon")


@pytest.fixture(autouse=True)
def shipped_languages(monkeypatch):
    monkeypatch.delenv(catalogue.ENVIRONMENT, raising=False)
    catalogue.forget()
    yield
    catalogue.forget()


@pytest.mark.parametrize("game", registry.names())
def test_every_game_with_data_files_has_their_names_translated_in_both_languages(game):
    data = [d for d in game_domains(game) if d.name == f"{game}.data"]
    if not data:
        pytest.skip("a game with no data files of names")
    for key, english in data[0].texts.items():
        kind = key.partition(":")[0]
        said = named(data[0].name, kind, english)
        assert localized(said, "pt-BR") and localized(said, "es-ES"), key


def test_a_data_name_reads_translated_where_it_is_filled_in_and_english_stays_as_it_was():
    knife, septagon = br.item("knife").name, br.default_island().zone(5).name
    assert (knife, septagon) == ("Knife", "The Septagon")
    assert localized(knife, "pt-BR") == "Faca" and localized(septagon, "es-ES") == "El Septágono"
    assert localized(scm.catalog().classes[0].name, "pt-BR") == "Fuzileiro"  # Marine, as StarCraft's localization


def test_a_map_read_from_another_file_reads_its_own_names_as_written():
    island = br.Island.model_validate(
        {"name": "Atoll", "zones": [{"id": 1, "name": "Beach"}, {"id": 2, "name": "Lagoon"}], "adjacency": [[1, 2]]}
    )
    assert [localized(z.name, "pt-BR") for z in island.zones] == ["Praia", "Lagoon"]


def test_a_name_typed_in_the_players_language_is_read_by_its_english():
    assert english_name("faca", "pt-BR", "battle_royale") == "Knife"
    assert english_name("Faca (2)", "pt-BR", "battle_royale") == "Knife (2)"
    assert english_name("Praia, Penhascos", "pt-BR", "battle_royale") == "Beach, Cliffs"
    assert english_name("Knife", "pt-BR", "battle_royale") == "Knife"  # the English still works
    assert english_name("Player2", "pt-BR", "battle_royale") == "Player2"  # anything else as typed
    assert english_name("Faca", "en-US", "battle_royale") == "Faca"


async def test_autocomplete_labels_the_choices_in_the_callers_language_and_keeps_their_values(gm, db):
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "knife")
    portuguese = FakeInteraction(gm, FakeUser(1, "Player1"), locale="pt-BR")
    offered = await weapon_choices(portuguese, "fac")  # typed in Portuguese
    assert [(c.name, c.value) for c in offered][:1] == [("Faca", "Knife")]
    english = FakeInteraction(gm, FakeUser(1, "Player1"))
    assert [(c.name, c.value) for c in await weapon_choices(english, "kni")][:1] == [("Knife", "Knife")]


async def test_an_order_naming_an_item_in_the_players_language_is_given(db):
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "knife")
    with reading("es-ES"):
        given = await commands.give_order(db, game_id, 1, "attack", {"weapon": "Cuchillo", "target": "Player2"}, NOW)
    assert given.submitted.payload is not None
    assert given.submitted.payload["action"]["kind"] == "attack"


async def test_a_starcraft_weapons_choice_reads_its_name_and_range_in_the_callers_language(gm, db):
    from tests.bot.test_scm_cogs import outpost

    await outpost(db)  # Player1 a marine with a C-14 Rifle
    portuguese = FakeInteraction(gm, FakeUser(1, "Player1"), locale="pt-BR")
    offered = [(c.name, c.value) for c in await weapon_choices(portuguese, "")]
    assert any("Rifle C-14" in name and "médio alcance" in name for name, _ in offered), offered
    assert all("medium" not in name for name, _ in offered)

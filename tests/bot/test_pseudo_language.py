"""Nothing escapes the catalogue (issue 31, point 5): with every text in the tests' pseudo-language
(`tests/languages/pseudo.py`: accented English between markers), whatever reaches a player outside every
marker is a text written in English in code, or joined from pieces, and fails here.

The pseudo-language is itself a valid language (`brbot texts check` passes it: the same placeholders and
plural forms as English). Through the cogs, what a player of each of the five games reads in their own
language (the rules, the commands' help, their status card, a refusal) must be marked throughout; the names
players chose and what stays as typed (commands, code, mentions) are the only words left outside.

An English value filled into a catalogue text lies inside that text's markers: `unaccented` finds it there. The
games' `Words` ("Day 1", "Turn") are their catalogues' texts, and so are the names from their data files (zones,
items, abilities: "The Septagon", "Brass Knuckles", "Scavenger": `<game>.data`, docs/languages.md)."""

from __future__ import annotations

import pytest

from bot.cogs.info import InfoCog
from bot.languages import catalogue
from bot.languages.check import check
from tests.bot.cog_helpers import command, night_game
from tests.bot.fakes import FakeInteraction, FakeUser, call
from bot.languages.reader import localized
from engine import keyed, registry
from tests.languages.pseudo import PSEUDO, english_words, install, pseudo, unaccented, unmarked

GAMES = ("battle_royale", "starcraft_mafia", "battle_royale_cards", "mazeworld", "infinity_intervention")

@pytest.fixture
def pseudo_language(tmp_path, monkeypatch):
    monkeypatch.setenv(catalogue.ENVIRONMENT, str(tmp_path))
    install(tmp_path)
    catalogue.forget()
    yield
    catalogue.forget()


def test_the_pseudo_language_marks_words_and_keeps_what_stays_as_typed():
    said = pseudo("{name}, use `/attack` on {count:player|players} before <t:1:R> (/help).")
    assert said.startswith("⟦") and said.endswith("⟧")
    assert "{name}" in said and "`/attack`" in said and "<t:1:R>" in said and "/help" in said
    assert "{count:pĺáýéŕ|pĺáýéŕš}" in said and "úšé" in said
    assert unmarked(f"Hi {said} there") == "Hi   there" and english_words(f"x {said}") == []
    assert english_words("⟦á ⟦ƀ⟧ ç⟧ Knife", {"Knife"}) == [] and english_words("⟦á⟧ Knife") == ["Knife"]
    assert unaccented("⟦á Knife, ⟦ƀ⟧ `code` émpţý⟧") == ["Knife"] and unaccented("⟦á Knife⟧", {"Knife"}) == []


def test_the_pseudo_language_passes_the_translators_check(pseudo_language):
    assert check(PSEUDO) == []


async def read(gm, name: str, user: int = 1, channel_id: int = 555):
    cog = InfoCog(gm)
    interaction = FakeInteraction(gm, FakeUser(user, f"Player{user}"), locale=PSEUDO, channel_id=channel_id)
    return await call(command(cog, name), cog, interaction)


@pytest.mark.parametrize("ruleset", GAMES)
async def test_every_games_rules_and_help_read_in_the_players_language_throughout(gm, db, pseudo_language, ruleset):
    from bot.services.signup import games

    await games.create_game(db, name="Evening", ruleset=ruleset, channel_id=555, guild_id=1000)
    for name in ("rules", "help"):
        done = await read(gm, name)
        assert done.text and english_words(done.text, {"Evening"}) == [], (name, done.text[:3000])
        assert unaccented(done.text, {"Evening"}) == [], (name, done.text[:3000])


@pytest.mark.parametrize("ruleset", GAMES)
def test_every_mod_actions_reply_reads_in_the_players_language(pseudo_language, ruleset):
    """What a moderator is told once a game's `/mod` action is done ("Player1 is dead.")."""
    for action in registry.front(ruleset).moderation:
        shown = localized(keyed.filled(action.done, name="Player1"), PSEUDO)
        assert english_words(shown, {"Player1"}) == [] and unaccented(shown, {"Player1"}) == [], (action.name, shown)


@pytest.mark.parametrize("ruleset", GAMES)
def test_every_games_steps_are_named_in_the_players_language(pseudo_language, ruleset):
    """A game's `Words` ("Turn 3", "the start", "turn", "turns"), filled into the texts every game shares, are
    texts of its catalogue (`engine.front.words_of`)."""
    words = registry.front(ruleset).words
    for said in (words.name(3), words.name(None), words.one, words.steps):
        shown = localized(said, PSEUDO)
        assert shown != said and english_words(shown) == [] and unaccented(shown) == [], shown


async def test_a_status_card_and_a_refusal_read_in_the_players_language_throughout(gm, db, pseudo_language):
    from bot.services.signup import games

    await games.create_game(db, name="Evening", ruleset="battle_royale", channel_id=556, guild_id=1000)
    refused = await read(gm, "status", channel_id=556)
    assert english_words(refused.text, {"Evening"}) == [], refused.text
    await night_game(db)
    status = await read(gm, "status")
    names = {f"Player{n}" for n in range(1, 5)}
    assert english_words(status.text, names) == [], status.text
    assert not {"Day", "Turn", "Step"} & set(unaccented(status.text)), status.text  # the game's `Words` too


async def test_the_names_from_a_games_data_read_in_the_players_language(gm, db, pseudo_language):
    """Zones, items, abilities and their texts ("The Septagon", "Brass Knuckles", "Scavenger: Your Search finds...")
    are texts of the game's data catalogue (`battle_royale.data`), and the lists and labels they are put in are
    texts too: nothing of a status card reads in English."""
    from bot.services.signup import games

    await games.create_game(db, name="Evening", ruleset="battle_royale", channel_id=556, guild_id=1000)
    await night_game(db)
    status = await read(gm, "status")
    assert unaccented(status.text, {f"Player{n}" for n in range(1, 5)}) == [], status.text


PLAYERS = {"starcraft_mafia": 6, "battle_royale_cards": 2, "mazeworld": 1, "infinity_intervention": 1}


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
async def test_every_games_status_card_reads_in_the_players_language_names_and_all(gm, db, pseudo_language, ruleset):
    """A started game's status card (classes, weapons, items, cards, sheets: the names from its data files too)
    reads without an English word, but for the names players chose."""
    from bot.services.signup import games
    from tests.bot.cog_helpers import NOW

    game = await games.create_game(db, name="Evening", ruleset=ruleset, channel_id=555, guild_id=1000)
    for user in range(1, PLAYERS[ruleset] + 1):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    status = await read(gm, "status")
    names = {"Evening", *(f"Player{n}" for n in range(1, PLAYERS[ruleset] + 1))}
    assert english_words(status.text, names) == [], status.text
    assert unaccented(status.text, names) == [], status.text

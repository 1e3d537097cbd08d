"""Nothing escapes the catalogue (issue 31, point 5): with every text in the tests' pseudo-language
(`tests/languages/pseudo.py`: accented English between markers), whatever reaches a player outside every
marker is a text written in English in code, or joined from pieces, and fails here.

The pseudo-language is itself a valid language (`brbot texts check` passes it: the same placeholders and
plural forms as English). Through the cogs, what a player of each of the five games reads in their own
language (the rules, the commands' help, their status card, a refusal) must be marked throughout; the names
players chose and what stays as typed (commands, code, mentions) are the only words left outside.

What these tests cannot see: an English value filled into a catalogue text lies inside that text's markers, so
the games' `Words` ("Day 1", "Turn") and the names from their data files (zones, items, classes: "The
Septagon", "Brass Knuckles") pass here and still read in English (docs/languages.md)."""

from __future__ import annotations

import pytest

from bot.cogs.info import InfoCog
from bot.languages import catalogue
from bot.languages.check import check
from tests.bot.cog_helpers import command, night_game
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.languages.pseudo import PSEUDO, english_words, install, pseudo, unmarked

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


async def test_a_status_card_and_a_refusal_read_in_the_players_language_throughout(gm, db, pseudo_language):
    from bot.services.signup import games

    await games.create_game(db, name="Evening", ruleset="battle_royale", channel_id=556, guild_id=1000)
    refused = await read(gm, "status", channel_id=556)
    assert english_words(refused.text, {"Evening"}) == [], refused.text
    await night_game(db)
    status = await read(gm, "status")
    names = {f"Player{n}" for n in range(1, 5)}
    assert english_words(status.text, names) == [], status.text

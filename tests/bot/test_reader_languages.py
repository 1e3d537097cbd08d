"""Who reads what in which language (issue 31, point 2, its first part): a user's replies and refusals follow
their Discord locale (`interaction.locale`), the game's own cards included; another user in the same game reads
English; a text the language lacks is the English; English readers get every text as it was."""

from __future__ import annotations

import pytest

from bot.cogs.info import InfoCog
from bot.languages import catalogue
from bot.languages.po import write_domain
from bot.languages.sources import domain
from tests.bot.cog_helpers import command, night_game
from tests.bot.fakes import FakeInteraction, FakeUser, call


@pytest.fixture
def german(tmp_path, monkeypatch):
    """A community's German: two of the bot's texts and one of Battle Royale's front texts."""
    monkeypatch.setenv(catalogue.ENVIRONMENT, str(tmp_path))
    write_domain(tmp_path, "de-DE", "bot", {
        "status_not_started": "{game} hat noch nicht begonnen.",
        "deadline_line": "{step}: Befehle bis {deadline}.",
    }, dict(domain("bot").texts))
    write_domain(tmp_path, "de-DE", "battle_royale.front", {"status_title": "{name}, Tag {day}"},
                 dict(domain("battle_royale.front").texts))
    catalogue.forget()
    yield
    catalogue.forget()


async def status(gm, user: int, locale: str | None):
    cog = InfoCog(gm)
    return await call(command(cog, "status"), cog, FakeInteraction(gm, FakeUser(user, f"Player{user}"), locale=locale))


async def test_a_players_status_card_reads_in_their_discord_language_and_anothers_in_english(gm, db, german):
    await night_game(db)
    mine = await status(gm, 1, "de")
    assert "Player1, Tag 1" in mine.text and "Befehle bis <t:" in mine.text
    assert "Health: 10/10" in mine.text  # a text German lacks: the English, never a key
    theirs = await status(gm, 2, None)
    assert "Player2, Day 1" in theirs.text and "Tag" not in theirs.text and "Befehle" not in theirs.text


async def test_a_refusal_reads_in_the_users_language(gm, db, german):
    from bot.services.signup import games

    await games.create_game(db, name="Evening", ruleset="battle_royale", channel_id=555, guild_id=1000)
    refused = await status(gm, 1, "de")
    assert refused.text == "Evening hat noch nicht begonnen." and refused.all_ephemeral
    assert (await status(gm, 1, "ja")).text.startswith("Evening has not started yet")  # a language with no files

"""A game's web page in the game's language (issue 31, point 2: "a game's public posts, lobby and web page follow
the game's language"): the page's own words, its cards and the channel's posts, rendered from the keys the outbox
kept, so a game switched to Portuguese after it was played reads in Portuguese; a finished game's fair play is
said in the past in that language too. An English game's page is as it always was."""

from __future__ import annotations

import html

import pytest
from sqlalchemy import select, update

from bot.db.models import Game, Resolution
from bot.languages.reader import localized
from bot.text import say
from tests.finished_games import finished_game

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)


async def _pages(db, site, templates, language: str | None):
    result = await finished_game(templates, db, "battle_royale", 5, 3, {})
    async with db.transaction() as session:
        await session.execute(update(Game).where(Game.id == result.game_id).values(language=language))
    async with db.read() as session:
        key = (await session.execute(select(Game.web_key).where(Game.id == result.game_id))).scalar_one()
        day = min((await session.execute(select(Resolution.day).where(Resolution.game_id == result.game_id))).scalars())
    game, step = await site.get(f"/g/{key}"), await site.get(f"/g/{key}/step/{day}")
    assert game.status_code == step.status_code == 200
    return html.unescape(game.text), html.unescape(step.text)


@pytest.mark.parametrize("language", ["pt-BR", "es-ES"])
async def test_a_games_page_reads_in_the_games_language(db, site, templates, language):
    page, step = await _pages(db, site, templates, language)
    assert f'<html lang="{language}">' in page and f'<html lang="{language}">' in step
    for key in ("web_posts", "web_rules", "web_result_title", "web_players_title"):  # the page's own words
        english, translated = say(key), str(localized(say(key), language))
        assert translated != english and translated in page, key
    for shown in (page, step):  # the channel's posts, from their keys: none of their English is left
        assert "Seed commitment" not in shown and "seed revealed" not in shown
    fair = str(localized(say("web_day_was_open", step="", deadline="", commitment=""), language)).strip(" .:")
    assert fair.split()[0] in page and "was open until" not in page  # the past, in the game's language


async def test_an_english_games_page_is_in_english(db, site, templates):
    page, step = await _pages(db, site, templates, None)
    assert '<html lang="en-US">' in page and say("web_posts") in page and "Seed commitment" in page
    assert "was open until" in page and "is open until" not in page

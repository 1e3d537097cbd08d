"""Hostile addresses (issue 29, point 8): a player's number past the 64-bit column or past Python's 4,300-digit
`int()` limit, a step or picture day past the day column's range, and a NUL (or any character no page address
holds) in a game's address each answer 404, as for a page that does not exist, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from bot.services.pages import player_pages, public_pages
from tests.finished_games import finished_game
from tests.web.helpers import open_page

HUGE = [str(2**63), str(2**64 + 5), "9" * 4400, "-" + str(2**63 + 1)]


@pytest.mark.parametrize("user", HUGE)
async def test_a_players_page_past_the_columns_range_is_missing(db, site, user):
    response = await site.get(f"/p/{user}")
    assert response.status_code == 404 and "No such page" in response.text


async def test_a_step_or_picture_past_the_day_columns_range_is_missing(db, templates, site):
    result = await finished_game(templates, db, "battle_royale", 4, 7)
    key = await open_page(db, result.game_id, "listed")
    assert (await site.get(f"/g/{key}/picture/0.png")).status_code == 200
    for day in (str(2**31), str(2**63), str(-(2**31) - 1), "9" * 4400):
        for path in (f"/g/{key}/picture/{day}.png", f"/g/{key}/step/{day}"):
            response = await site.get(path)
            assert response.status_code == 404, (path[:60], response.status_code)


@pytest.mark.parametrize("key", ["%00", "abc%00def", "a%00", "%FF%FE", "x" * 300])
async def test_a_games_address_with_a_nul_or_a_foreign_character_is_missing(db, site, key):
    for path in (f"/g/{key}", f"/g/{key}/step/0", f"/g/{key}/picture/0.png", f"/g/{key}/events"):
        response = await site.get(path)
        assert response.status_code == 404, (path[:60], response.status_code)


async def test_the_service_refuses_such_addresses_itself(db):
    for key in ("\x00", "a\x00b", "é", "x" * 300):
        with pytest.raises(public_pages.NoPage):
            await public_pages.page_version(db, key)
        with pytest.raises(public_pages.NoPage):
            await public_pages.game_page(db, key)
    with pytest.raises(public_pages.NoPage):
        await player_pages.player_page(db, 2**63)

"""Players' pages (issue 25): a page per player with their games on the site's index and their result in each;
a game reached only by its link is not named there, so its address does not travel."""

from __future__ import annotations

from bot.services.steps.simulation import USER_BASE
from tests.finished_games import finished_game
from tests.web.helpers import open_page


async def test_a_players_page_lists_their_listed_games_and_results(db, templates, site):
    game = await finished_game(templates, db, "battle_royale", 4, 5)
    key = await open_page(db, game.game_id, "link")
    assert (await site.get(f"/p/{USER_BASE}")).status_code == 404  # their only game is reached by its link
    await open_page(db, game.game_id, "listed")
    page = await site.get(f"/p/{USER_BASE}")  # the first computer player
    assert page.status_code == 200 and f"/g/{key}" in page.text
    assert any(f'class="result-{r}"' in page.text for r in ("won", "survived", "lost"))  # how it went for them
    game_page = await site.get(f"/g/{key}")
    assert f'href="/p/{USER_BASE}"' in game_page.text  # the game's page links its players' pages

"""Every game type's page on SQLite and PostgreSQL (issue 25): a finished simulated game of each has its page,
each step's own page, and, after the end, every step verified (`brbot verify`'s result, stored) and every
published receipt matching its order and salt."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import Game
from bot.services.pages import public_pages
from tests.finished_games import finished_game
from tests.web.test_no_leaks import GAMES


@pytest.mark.parametrize(("ruleset", "players", "house_rules"), GAMES)
async def test_a_finished_game_of_every_type_has_its_pages_and_verifies(
    db, site, templates, ruleset, players, house_rules
):
    result = await finished_game(templates, db, ruleset, players, 3, house_rules)
    async with db.read() as session:
        key = (await session.execute(select(Game.web_key).where(Game.id == result.game_id))).scalar_one()
    page = await site.get(f"/g/{key}")
    assert page.status_code == 200 and 'id="fairness"' in page.text
    checks = await public_pages.stored_checks(db, result.game_id)
    assert checks and all(ok for ok, _ in checks.values()), checks
    assert page.text.count('class="check-row ok"') == len(checks)  # every step, with a post of its own or not
    revealed = await public_pages.revealed(db, result.game_id)
    assert revealed.orders and all(entry["receipt_matches"] for entry in revealed.orders)
    step = await site.get(f"/g/{key}/step/{min(checks)}")
    assert step.status_code == 200


async def test_an_actors_order_is_published_with_its_players_salt(db, templates):
    """An order for a player's character (an actor id of its own, not the seat) is published with its player's
    salt, so its receipt checks (it was published with none and showed as not matching)."""
    result = await finished_game(templates, db, "infinity_intervention", 2, 3, {"max_turns": 3})
    revealed = await public_pages.revealed(db, result.game_id)
    assert revealed.orders and all(entry["receipt_matches"] for entry in revealed.orders)

"""After the end (issue 25): a finished game's page publishes every order with its receipt and salt, every seed
with its commitment, and each step's verification, computed once (`brbot verify`'s) and stored. While the
game runs, none of it is there. (The browser's own recomputation is tested in test_browser.py.)"""

from __future__ import annotations

from sqlalchemy import func, select, update

from bot.db.models import DaySeed, Order, WebCheck
from bot.services.base import verification
from bot.services.pages import public_pages
from tests.finished_games import finished_game
from tests.services.conftest import started_game
from tests.web.helpers import open_page


async def test_a_finished_game_publishes_orders_seeds_and_stored_checks(db, templates, site, monkeypatch):
    result = await finished_game(templates, db, "battle_royale", 4, 11)
    key = await open_page(db, result.game_id, "listed")
    calls: list[int] = []
    real = verification.verify_day

    async def counted(db_, game_id, day):
        calls.append(day)
        return await real(db_, game_id, day)

    monkeypatch.setattr(verification, "verify_day", counted)
    page = (await site.get(f"/g/{key}")).text
    async with db.read() as session:
        seeds = (await session.execute(select(DaySeed).where(DaySeed.game_id == result.game_id))).scalars().all()
        orders = (await session.execute(select(Order).where(Order.game_id == result.game_id))).scalars().all()
        checks = await session.scalar(select(func.count()).select_from(WebCheck))
    for seed in seeds:
        assert f'data-seed="{seed.seed}" data-commitment="{seed.commitment}"' in page
    for order in orders:
        assert f'data-receipt="{order.receipt}"' in page
    assert page.count('class="check-row ok"') == result.resolved == checks == len(calls)
    await site.get(f"/g/{key}")
    assert len(calls) == result.resolved  # stored: not verified again


async def test_a_changed_order_shows_as_a_difference(db, templates, site):
    result = await finished_game(templates, db, "battle_royale", 4, 11)
    async with db.transaction() as session:  # someone edits a stored order after the fact
        first = await session.scalar(
            select(Order).where(Order.game_id == result.game_id, Order.day == 1, Order.current.is_(True)).limit(1)
        )
        await session.execute(update(Order).where(Order.id == first.id).values(receipt="000000000000"))
    key = await open_page(db, result.game_id, "link")
    page = (await site.get(f"/g/{key}")).text
    assert 'class="check-row bad"' in page and 'class="verified bad"' in page and "000000000000" in page


async def test_nothing_is_published_while_the_game_runs(db, site):
    game_id = await started_game(db)
    key = await open_page(db, game_id, "link")
    page = (await site.get(f"/g/{key}")).text
    assert 'id="fairness"' not in page and "data-salt" not in page
    assert await public_pages.stored_checks(db, game_id) == {}

"""The site on a phone (issue 29, point 3): in headless Chromium at 412 CSS pixels, no page of a finished game of
any of the five games is wider than the screen (a 64-digit seed, a receipt, a table: nothing scrolls
sideways), on every kind of page (the game's, a step's, the start's, the index, a player's, a missing one);
and each picture is a link to itself at full size, which a tap opens."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from bot.db.models import Game, Resolution
from bot.db.session import Database
from bot.services.signup import games
from bot.services.steps import simulation
from bot.services.steps.simulation import USER_BASE
from tests.web import browser
from tests.web.serving import Thread
from tests.web.test_no_leaks import GAMES

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
PHONE = 412


async def _games(url: str) -> dict[str, tuple[str, list[int]]]:
    """A finished game of each type (listed): ruleset -> (key, resolved days)."""
    db = Database(url)
    create = games.create_game
    try:
        found = {}
        for ruleset, players, house_rules in GAMES:

            async def with_house_rules(*args, settings, house_rules=house_rules, **kwargs):
                return await create(*args, settings=settings | house_rules, **kwargs)

            games.create_game = with_house_rules  # type: ignore[assignment]
            result = await simulation.simulate(db, players, 3, ruleset=ruleset)
            async with db.read() as session:
                key = (await session.execute(select(Game.web_key).where(Game.id == result.game_id))).scalar_one()
                days = list(
                    (await session.execute(select(Resolution.day).where(Resolution.game_id == result.game_id)))
                    .scalars()
                    .all()
                )
            found[ruleset] = (key, sorted(days))
        return found
    finally:
        games.create_game = create  # type: ignore[assignment]
        await db.dispose()


@pytest.fixture(scope="module")
def phone():
    if browser.find() is None:
        browser.missing()
    driver = browser.start(PHONE, 900)
    # a phone's width exactly (a desktop window has a minimum width): what the page lays itself out in
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": PHONE, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    )
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def finished(tmp_path_factory, templates):
    url = asyncio.run(templates.sqlite(tmp_path_factory.mktemp("phone") / "site.sqlite3"))
    found = asyncio.run(_games(url))
    with Thread(url) as served:
        yield served.address, found


def _fits(driver, address: str, path: str) -> None:
    driver.get(address + path)
    wide, screen = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert screen == PHONE
    assert wide <= screen, f"{path} is {wide} px wide on a {screen} px screen"


@pytest.mark.parametrize("ruleset", [g[0] for g in GAMES])
def test_no_page_of_a_finished_game_is_wider_than_a_phone(phone, finished, ruleset):
    address, found = finished
    key, days = found[ruleset]
    _fits(phone, address, f"/g/{key}")
    for day in sorted({days[0], days[1], days[len(days) // 2], days[-1]}):  # the start, the first, one, the last
        _fits(phone, address, f"/g/{key}/step/{day}")


def test_the_other_pages_fit_a_phone(phone, finished):
    address, _ = finished
    for path in ("/", f"/p/{USER_BASE}", "/g/no-such-game"):
        _fits(phone, address, path)


def test_a_tap_opens_a_picture_full_size(phone, finished):
    address, found = finished
    key, _ = found["battle_royale"]
    phone.get(f"{address}/g/{key}")
    pictures = phone.find_elements("css selector", "figure img")
    assert pictures
    for img in pictures:
        link = phone.execute_script("return arguments[0].closest('a')", img)
        assert link is not None and link.get_attribute("href") == img.get_attribute("src")
    link = phone.execute_script("return arguments[0].closest('a')", pictures[0])
    phone.execute_script("arguments[0].scrollIntoView()", link)
    target = link.get_attribute("href")
    link.click()
    assert phone.current_url == target
    natural = phone.execute_script("return document.images[0].naturalWidth")
    assert natural > PHONE  # the picture itself, at its own size (wider than the screen, to zoom and scroll)

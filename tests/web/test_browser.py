"""The site in a real browser (issue 25): headless Chromium, one session for the module, against the site served
by uvicorn over a SQLite file holding a finished Battle Royale game and a running one. A game's page loads
with its pictures; a resolution appears on an open page without reloading; the receipts check shows green and
turns red for a tampered value; a finished game's page reads in the game's language, English, Brazilian
Portuguese or Spanish (issue 31), the checks' own words included; the Web Crypto formulas agree with the server's; the keyboard reaches every
step; and the browser's console has no errors."""

from __future__ import annotations

import asyncio

import pytest

from bot.db.models import Game
from bot.db.session import Database
from bot.languages.reader import localized
from bot.services.base import fairness
from bot.services.moderators import game_admin
from bot.services.signup import games
from bot.services.steps import resolution, simulation
from bot.text import say
from tests.services.conftest import mod
from tests.services.conftest import NOW
from tests.web import browser
from tests.web.serving import Thread

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


LANGUAGES = ("en-US", "pt-BR", "es-ES")


async def _games(url: str) -> dict[str, str]:
    """A finished game (listed), the same game played in Portuguese and in Spanish (link), and a running one
    (link): their keys."""
    db = Database(url)
    try:
        over = await simulation.simulate(db, 5, 4, ruleset="battle_royale")
        translated = {}
        create = games.create_game
        for language in LANGUAGES[1:]:  # created in that language (`/game settings language`), then played

            async def in_language(*args, language=language, **kwargs):
                return await create(*args, **kwargs, language=language)

            games.create_game = in_language  # type: ignore[assignment]
            try:
                played = await simulation.simulate(db, 5, 4, ruleset="battle_royale")
            finally:
                games.create_game = create  # type: ignore[assignment]
            translated[f"over {language}"] = played.game_id
        running = await games.create_game(db, name="Live game", channel_id=777)
        for user in range(1, 5):
            await games.join_game(db, running.id, user, f"Player{user}")
        await games.start_game(db, running.id, NOW)
        keys = {}
        shown = [("over", over.game_id, "listed"), *((k, g, "link") for k, g in translated.items())]
        for name, game_id, mode in (*shown, ("running", running.id, "link")):
            await game_admin.change_setting(db, game_id, mod(1), "web", mode)
            async with db.read() as session:
                keys[name] = (await session.get(Game, game_id)).web_key  # type: ignore[union-attr]
        keys["running_id"] = str(running.id)
        return keys
    finally:
        await db.dispose()


@pytest.fixture(scope="module")
def chrome():
    if browser.find() is None:
        browser.missing()
    driver = browser.start()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory, templates):
    url = asyncio.run(templates.sqlite(tmp_path_factory.mktemp("web") / "site.sqlite3"))
    keys = asyncio.run(_games(url))
    with Thread(url) as served:
        yield served.address, keys, url


def _wait(chrome, condition, seconds: float = 15):
    """Wait until `condition` holds; an element the page replaced while it was read (a live update swaps the
    game's content) is read again at the next poll, not a failure."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    waiting = WebDriverWait(chrome, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,))
    return waiting.until(condition)


def _errors(chrome) -> list[str]:
    return [entry["message"] for entry in chrome.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_finished_game_loads_with_its_pictures_and_its_checks_are_green(chrome, pages, language):
    """In each language the bot ships, the page in the game's language: `<html lang>`, its headings and the
    words the checks write in the browser (`site.js`, from the page's catalogue texts)."""
    address, keys, _ = pages
    chrome.get(f"{address}/g/{keys['over' if language == 'en-US' else f'over {language}']}")
    _wait(chrome, lambda d: d.find_element("id", "check-summary").get_attribute("class") in ("ok", "bad"))
    pictures = chrome.find_elements("css selector", "figure img")
    assert pictures
    for img in pictures:  # each in view until it has loaded (they load lazily)
        chrome.execute_script("arguments[0].scrollIntoView()", img)
        _wait(chrome, lambda d, img=img: d.execute_script("return arguments[0].complete", img))
        assert chrome.execute_script("return arguments[0].naturalWidth", img) > 0
    assert chrome.find_element("id", "check-summary").get_attribute("class") == "ok"
    rows = chrome.find_elements("css selector", "tr.order-row, tr.seed-row")
    assert rows and all("match" in r.get_attribute("class").split() for r in rows)
    assert all(c.text for c in chrome.find_elements("css selector", "figcaption"))  # the picture in words
    assert chrome.find_element("css selector", "html").get_attribute("lang") == language

    def read(key: str, **values) -> str:
        return str(localized(say(key, **values), language))

    visible = chrome.find_element("tag name", "body").text
    for key in ("web_fairness", "web_posts", "web_players_title", "web_orders", "web_check_again"):
        assert read(key) in visible, key
        assert language == "en-US" or say(key) not in visible, key  # no English left beside it
    assert chrome.find_element("id", "check-summary").text == read("web_check_all_match", count=len(rows))
    assert {r.find_element("css selector", ".result").text for r in rows} == {read("web_check_matches")}
    assert not _errors(chrome)


def test_a_tampered_value_turns_red(chrome, pages):
    address, keys, _ = pages
    chrome.get(f"{address}/g/{keys['over']}")
    _wait(chrome, lambda d: d.find_element("id", "check-summary").get_attribute("class") == "ok")
    row = chrome.find_elements("css selector", "tr.order-row")[0]
    chrome.execute_script("arguments[0].dataset.salt = 'tampered'", row)
    seed = chrome.find_elements("css selector", "tr.seed-row")[0]
    chrome.execute_script("arguments[0].dataset.seed = arguments[0].dataset.seed.replace(/^./, 'f0')", seed)
    chrome.find_element("id", "check-again").click()
    _wait(chrome, lambda d: d.find_element("id", "check-summary").get_attribute("class") == "bad")
    assert "mismatch" in row.get_attribute("class").split() and "mismatch" in seed.get_attribute("class").split()
    assert row.value_of_css_property("color") == "rgba(176, 0, 32, 1)"  # red
    assert not _errors(chrome)


def test_the_browsers_formulas_are_the_servers(chrome, pages):
    address, keys, _ = pages
    chrome.get(f"{address}/g/{keys['over']}")
    order = {"zone": 'Café "Ü"\n', "n": [1, True, None], "a": {"b": "\u2603 𝄞"}}
    script = "const done = arguments[6]; brbotReceipt(...Array.from(arguments).slice(0, 6)).then(done);"
    for version in (1, 2):  # today's receipts bind the game, the step and the seat; version 1 did not
        expected = fairness.receipt(order, "salt", 7, 3, "seat_é", version=version)
        assert chrome.execute_async_script(script, order, "salt", 7, 3, "seat_é", version) == expected
    assert fairness.receipt(order, "salt", 7, 3, "seat_é") != fairness.receipt(order, "salt", 7, 4, "seat_é")
    commit = "seedCommitment(arguments[0]).then(arguments[1]);"
    assert chrome.execute_async_script(commit, "ab" * 32) == fairness.commitment("ab" * 32)


def test_the_keyboard_reaches_every_step(chrome, pages):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    address, keys, _ = pages
    chrome.get(f"{address}/g/{keys['over']}")
    steps = {s.get_attribute("id") for s in chrome.find_elements("css selector", "article.step")}
    focusable = len(chrome.find_elements("css selector", "a[href], button, [tabindex='0']"))
    reached = set()
    for _ in range(focusable + 2):
        ActionChains(chrome).send_keys(Keys.TAB).perform()
        reached.add(chrome.execute_script("return document.activeElement.id"))
    assert steps <= reached


def test_a_resolution_appears_on_an_open_page_without_reloading(chrome, pages):
    address, keys, url = pages
    chrome.get(f"{address}/g/{keys['running']}")
    assert "Day 0 seed revealed" not in chrome.page_source
    chrome.execute_script("window.notReloaded = true")

    async def resolve() -> None:
        db = Database(url)
        try:
            await resolution.resolve_day(db, int(keys["running_id"]), NOW, expected_day=0)
        finally:
            await db.dispose()

    asyncio.run(resolve())
    _wait(chrome, lambda d: "Day 0 seed revealed" in d.find_element("id", "game").text)
    assert chrome.execute_script("return window.notReloaded") is True
    assert chrome.find_element("id", "live").text
    assert not _errors(chrome)

"""Screenshots of the web site for docs/ (`make docs-pictures`): a finished 8-player Battle Royale game's page
(top, a step with its picture, the fairness section) and the index, taken in headless Chromium from a seeded
simulation, so the same code gives the same pages. Run: python -m tests.web.screenshots [FOLDER]."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.db.models import Game
from bot.db.session import Database
from bot.migrate import upgrade_async
from bot.services.steps import simulation
from tests.web import browser
from tests.web.serving import Thread


async def _game(url: str) -> str:
    await upgrade_async(url)
    db = Database(url)
    try:
        result = await simulation.simulate(db, 8, 42, ruleset="battle_royale")
        async with db.read() as session:
            return (await session.get(Game, result.game_id)).web_key  # type: ignore[union-attr]
    finally:
        await db.dispose()


def main(folder: str = "docs/images") -> None:
    out = Path(folder)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/site.sqlite3"
        key = asyncio.run(_game(url))
        with Thread(url) as served:
            chrome = browser.start(1100, 1400)
            try:
                chrome.get(f"{served.address}/")
                chrome.save_screenshot(str(out / "web-index.png"))
                chrome.get(f"{served.address}/g/{key}")
                chrome.save_screenshot(str(out / "web-game.png"))
                step = chrome.find_elements("css selector", "article.step")[2]
                chrome.execute_script("arguments[0].scrollIntoView()", step)
                chrome.save_screenshot(str(out / "web-step.png"))
                chrome.execute_script("document.getElementById('fairness').scrollIntoView()")
                chrome.save_screenshot(str(out / "web-fairness.png"))
            finally:
                chrome.quit()
    print(f"wrote {out}/web-index.png, web-game.png, web-step.png, web-fairness.png")


if __name__ == "__main__":
    main(*sys.argv[1:])

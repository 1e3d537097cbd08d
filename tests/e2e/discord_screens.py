"""Pictures of what a phone player sees on Discord, for docs/bot.md (`make docs-pictures`): the real bot plays two
short seeded games against the fake Discord of tests/e2e, by buttons only (`tests/e2e/card_play.py`), and the
messages it sends are kept as Discord received them (their JSON payloads): a Battle Royale player's orders card
(`/orders`), the select of verbs under its Add an order and the attack's menu, the game master's card of a
Mazeworld wolf (`/mod orders`), and a Mazeworld step post (one Components V2 message with its picture). Each payload is drawn as a small HTML page the way Discord's phone app
draws it (`tests/e2e/discord_draw.py`: dark theme, 412 px wide) and photographed in headless Chromium
(`tests/web/browser.py`) into docs/images/discord-*.png, each with a .txt beside it giving the picture in words.

The payloads are kept in tests/e2e/discord_screens.json too, without the picture's bytes, so a fast test
(`tests/e2e/test_discord_screens.py`) can check the drawing holds every component without a bot or a browser.
Run: python -m tests.e2e.discord_screens [FOLDER]."""

from __future__ import annotations

import asyncio
import copy
import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e import discord_draw

CAPTURES = Path(__file__).with_name("discord_screens.json")
SEED = 20260601


@dataclass
class Screen:
    """One picture: a message as the bot sent it, the select drawn open (its custom id), and what drawing it needs
    to know that the payload does not hold: the names behind mentions and channels (of its own game's fake
    Discord), the moment the player looks (the game's clock, for Discord's relative timestamps)."""

    name: str
    message: dict[str, Any]
    open_select: str | None = None
    files: dict[str, bytes] = field(default_factory=dict)  # attachment filename -> bytes (not kept in the JSON)
    users: dict[str, str] = field(default_factory=dict)
    channels: dict[str, str] = field(default_factory=dict)
    now: str = ""

    def context(self) -> discord_draw.Context:
        return discord_draw.Context(users=self.users, channels=self.channels, now=self.now)

    def record(self) -> dict[str, Any]:
        return {"name": self.name, "message": self.message, "open_select": self.open_select, "users": self.users,
                "channels": self.channels, "now": self.now}


@dataclass
class Capture:
    """The screens of one run, in the order the page shows them."""

    screens: list[Screen]

    def to_json(self) -> dict[str, Any]:
        return {"screens": [s.record() for s in self.screens]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Capture:
        return cls([Screen(s["name"], s["message"], s.get("open_select"), users=s["users"], channels=s["channels"],
                           now=s["now"]) for s in data["screens"]])


UNSTEADY = ("timestamp", "edited_timestamp", "nonce")  # the wall clock's and the run's, not the game's


def kept(message: dict[str, Any]) -> dict[str, Any]:
    """A message as it is now (the fake edits one message in place as the player moves on): a copy, without the
    fake's bookkeeping (`_files`, `_history`) and what changes from run to run but the bot did not choose (the
    wall clock's times, the delivery's nonce, the fake's port in an attachment's address); the receipts still
    change, each order's salt being random by design (`bot/services/base/fairness.py`)."""
    out = {k: copy.deepcopy(v) for k, v in message.items() if not k.startswith("_") and k not in UNSTEADY}
    for attachment in out.get("attachments") or []:
        attachment["url"] = f"https://cdn.discordapp.com/attachments/{attachment['id']}/{attachment['filename']}"
    return out


def now(clock) -> str:
    """The game's moment (the test's clock), when the player looks."""
    return clock().isoformat()


def files_of(message: dict[str, Any]) -> dict[str, bytes]:
    return {f["filename"]: f["data"] for f in message.get("_files") or []}


async def _battle_royale(fake, runner, clock) -> list[Screen]:
    """Alice's Day 1 in a three-player Battle Royale: the verbs, the attack's menu, her card with two orders."""
    from tests.e2e.card_play import add_an_order, by_card, card, choose_verb, fill, selects
    from tests.e2e.game_steps import game_row, stepped
    from tests.e2e.test_e2e_by_buttons import not_random, setup
    from tests.e2e.test_e2e_game import settle

    mod = fake.add_user("Gamemaster", moderator=True)
    players = [fake.add_user(n) for n in ("Alice", "Bob", "Carol")]
    await setup(fake, mod, "battle_royale", players, {"days": "2"}, early_resolution=False)
    await settle(fake, runner, "the start")
    game = await game_row(runner.db)
    for player in players:
        await by_card(fake, player, "day0", {"zone": not_random})
    clock.set(game.deadline)
    await stepped(runner, game.day)
    await settle(fake, runner, "Day 0")
    alice = players[0]
    chooser = await add_an_order(fake, alice)
    [verbs] = selects(chooser)
    screens = [Screen("discord-verbs", kept(chooser.message), verbs["custom_id"], now=now(clock))]
    menu = await choose_verb(fake, alice, chooser, "attack")
    target = next(s["custom_id"] for s in selects(menu) if s["custom_id"].endswith(":target"))
    screens.append(Screen("discord-order-menu", kept(menu.message), target, now=now(clock)))
    await fill(fake, alice, menu, "attack", {})
    await by_card(fake, alice, "vote close", {})
    screens.insert(0, Screen("discord-orders-card", kept((await card(fake, alice)).message), now=now(clock)))
    return screens


async def _mazeworld(fake, runner, clock) -> list[Screen]:
    """Alice's first turn in Mazeworld, by buttons: the game master's card of Wolf A (`/mod orders`, its attack
    given by the card), then the turn's step post, with the battlespace after it."""
    from tests.e2e.card_play import by_card
    from tests.e2e.game_steps import game_row, stepped
    from tests.e2e.test_e2e_by_buttons import for_character, gm_card, setup
    from tests.e2e.test_e2e_game import settle

    mod, alice = fake.add_user("Gamemaster", moderator=True), fake.add_user("Alice")
    await setup(fake, mod, "mazeworld", [alice])
    await settle(fake, runner, "the start")
    game = await game_row(runner.db)
    await for_character(fake, mod, "Wolf A", "attack")
    screens = [Screen("discord-gm-card", kept((await gm_card(fake, mod, "Wolf A")).message), now=now(clock))]
    await by_card(fake, alice, "attack", {"amount": "3"})
    clock.set(game.deadline)
    await stepped(runner, game.day)
    await settle(fake, runner, "the first turn")
    posts = [m for m in fake.messages_in() if m["flags"] & discord_draw.IS_COMPONENTS_V2 and m.get("_files")]
    assert posts, "no step post with a picture"
    return screens + [Screen("discord-step-post", kept(posts[-1]), files=files_of(posts[-1]), now=now(clock))]


async def _play(game, url: str, capture: Capture) -> None:
    from bot.migrate import upgrade_async
    from bot.services.base import fairness
    from tests.e2e.conftest import BotRunner, Clock
    from tests.e2e.fake_discord import FakeDiscord

    await upgrade_async(url)
    saved = fairness.new_seed
    fairness.new_seed = fairness.seeded_source(SEED)  # the same game every run
    fake, clock = FakeDiscord(), Clock()
    await fake.start()
    try:
        with fake.patched():
            runner = BotRunner(fake, url, clock)
            await runner.start()
            try:
                screens = await game(fake, runner, clock)
            finally:
                await runner.stop()
    finally:
        fairness.new_seed = saved
        await fake.stop()
    assert not fake.problems, fake.problems
    for screen in screens:
        screen.users = {str(u.id): u.name for u in fake.world.users.values()}
        screen.channels = {str(c.id): c.name for c in fake.world.channels.values() if c.name}
    capture.screens += screens


async def capture_all(folder: str) -> Capture:
    """Both games played, each on its own fake Discord and database."""
    capture = Capture([])
    await _play(_battle_royale, f"sqlite+aiosqlite:///{folder}/royale.sqlite3", capture)
    await _play(_mazeworld, f"sqlite+aiosqlite:///{folder}/maze.sqlite3", capture)
    order = ("discord-orders-card", "discord-verbs", "discord-order-menu", "discord-gm-card", "discord-step-post")
    capture.screens.sort(key=lambda s: order.index(s.name))
    return capture


def photograph(capture: Capture, out: Path, work: Path) -> list[Path]:
    """Each screen drawn and photographed (its page's `#screen`), with its words beside it."""
    from tests.web import browser

    chrome = browser.start(discord_draw.WIDTH, 1600)
    written = []
    try:
        for screen in capture.screens:
            page = work / f"{screen.name}.html"
            page.write_text(discord_draw.page(screen.message, screen.context(), open_select=screen.open_select,
                                              files=screen.files), encoding="utf-8")
            chrome.get(page.as_uri())
            height = chrome.execute_script("return document.getElementById('screen').scrollHeight")
            chrome.set_window_size(discord_draw.WIDTH, int(height) + 200)
            chrome.find_element("id", "screen").screenshot(str(out / f"{screen.name}.png"))
            words = discord_draw.words(screen.message, screen.context(), open_select=screen.open_select)
            (out / f"{screen.name}.txt").write_text(words + "\n", encoding="utf-8")
            written.append(out / f"{screen.name}.png")
    finally:
        chrome.quit()
    return written


def main(folder: str = "docs/images") -> None:
    out = Path(folder)
    with tempfile.TemporaryDirectory() as tmp:
        capture = asyncio.run(capture_all(tmp))
        CAPTURES.write_text(json.dumps(capture.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written = photograph(capture, out, Path(tmp))
    print("wrote " + ", ".join(str(p) for p in written) + f" and {CAPTURES}")


if __name__ == "__main__":
    main(*sys.argv[1:])

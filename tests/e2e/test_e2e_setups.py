"""Issue 32 against the fake Discord: `/setup` is registered as one group; a player saves a setup from a file,
sees it, shares it with the server; another member is offered it, a moderator creates a game from it; a private
setup is never offered to anyone else; the saver is told the predicted balance when it is known."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from bot.db.models import Game
from bot.services.setups import predict
from tests.e2e.conftest import BotRunner

pytestmark = pytest.mark.e2e

FILE = b"""setup: 1
game: starcraft_mafia
name: Small town
versions:
  - changelog: Lynch vote on
    settings: {day_vote: true}
"""


async def test_setups_on_discord(fake, database_url, clock, monkeypatch):
    from tests.services.setups.test_balance import QUICKLY_KNOWN

    monkeypatch.setattr(predict, "WITHIN", QUICKLY_KNOWN)  # known sooner: the loop is the same
    mod = fake.add_user("Gamemaster", moderator=True)
    alice = fake.add_user("Alice")
    bob = fake.add_user("Bob")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        group = next(c for c in fake.registered[None] if c["name"] == "setup")
        assert {o["name"] for o in group["options"]} == {
            "save",
            "show",
            "list",
            "fork",
            "edit",
            "share",
            "delete",
            "hide",
        }
        saved = await fake.slash(alice, "setup save", {"file": {"filename": "town.yaml", "data": FILE}})
        assert saved.reply.ephemeral and "Saved setup #1 **Small town** (StarCraft Mafia) v1" in saved.reply.content
        assert await fake.autocomplete(bob, "setup show", {"setup": "small"}, "setup") == []  # private: Alice's
        mine = await fake.autocomplete(alice, "setup show", {"setup": "small"}, "setup")
        assert [c["value"] for c in mine] == [1]
        shared = await fake.slash(alice, "setup share", {"setup": 1, "visibility": "server"})
        assert "shared with this server" in shared.reply.content
        offered = await fake.autocomplete(mod, "game create", {"name": "Town", "setup": ""}, "setup")
        assert [c["value"] for c in offered] == [1]
        created = await fake.slash(mod, "game create", {"name": "Town", "setup": 1})
        assert "is set up in this channel" in created.reply.content
        async with runner.db.read() as session:
            game = (await session.execute(select(Game))).scalar_one()
        assert game.ruleset == "starcraft_mafia" and game.setup_version_id == 1 and game.settings["day_vote"]
        shown = await fake.slash(bob, "setup show", {"setup": 1})
        assert "1 game played" in shown.reply.content and "v1: Lynch vote on" in shown.reply.content
        for _ in range(1200):  # the prediction, in its worker process, tells Alice when it is known
            if any("The balance of **Small town** v1" in (r.content or "") for r in saved.replies):
                break
            await asyncio.sleep(0.1)
        told = next(r for r in saved.replies if "The balance of" in (r.content or ""))
        assert told.ephemeral and "predicted: human win " in told.content
        deleted = await fake.slash(alice, "setup delete", {"setup": 1})  # out of every list; the game keeps it
        assert deleted.reply.ephemeral and "**Small town** is deleted" in deleted.reply.content
        assert await fake.autocomplete(alice, "setup show", {"setup": "small"}, "setup") == []
        async with runner.db.read() as session:
            assert (await session.execute(select(Game))).scalar_one().setup_version_id == 1
    finally:
        await runner.stop()


async def test_a_games_data_file_is_saved_as_a_setup_on_discord(fake, database_url, clock, monkeypatch):
    """`/setup save file:` with the file `/game create file:` takes (the card game's deck): without `ruleset:`,
    saved as a setup of the only game that takes it, the reply saying so and what the deck holds; with it, of
    that game."""
    from pathlib import Path

    from tests.services.setups.test_balance import QUICKLY_KNOWN

    monkeypatch.setattr(predict, "WITHIN", QUICKLY_KNOWN)
    deck = (Path(__file__).resolve().parents[2] / "engine/rulesets/battle_royale_cards/data/deck.yaml").read_bytes()
    alice = fake.add_user("Alice")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        group = next(c for c in fake.registered[None] if c["name"] == "setup")
        save = next(o for o in group["options"] if o["name"] == "save")
        ruleset = next(o for o in save["options"] if o["name"] == "ruleset")
        assert "battle_royale_cards" in [c["value"] for c in ruleset["choices"]]
        upload = {"filename": "deck.yaml", "data": deck}
        unnamed = await fake.slash(alice, "setup save", {"name": "Deck", "file": upload})
        said = unnamed.reply.content
        assert "Saved setup #1 **Deck** (Battle Royale card game) v1" in said, said
        assert (
            "read as Battle Royale card game's, the only game that takes it." in said and "a deck of 25 cards" in said
        )
        saved = await fake.slash(
            alice, "setup save", {"name": "Deck", "file": upload, "ruleset": "battle_royale_cards"}
        )
        assert saved.reply.ephemeral and "Saved setup #2 **Deck**" in saved.reply.content, saved.reply.content
        assert "names no game" not in saved.reply.content and "a deck of 25 cards" in saved.reply.content
        shown = await fake.slash(alice, "setup show", {"setup": 1})
        assert "Settings of v1: deck: " in shown.reply.content
    finally:
        await runner.stop()


def _gangers() -> bytes:
    """The Infinity GM's guide's example roster (docs/rules/infinity-intervention.md), the file a moderator uploads."""
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "infinity-intervention.md").read_text("utf-8")
    found = re.search(r"```yaml\n(# gangers\.yaml.*?)```", page, re.S)
    assert found is not None
    return found.group(1).encode()


def _data_file(ruleset: str) -> bytes:
    from tests.services.setups.test_data_file_setups import SMALL

    return {
        "battle_royale": SMALL.encode(),
        "mazeworld": b"cover: {1: light}\ngroups:\n  - {species: Wolf, count: '2'}\n",
        "infinity_intervention": _gangers(),
    }[ruleset]


@pytest.mark.parametrize(
    ("ruleset", "setting"),
    [("battle_royale", "island"), ("mazeworld", "encounter"), ("infinity_intervention", "roster")],
)
async def test_every_data_file_game_has_its_setup_saved_shared_and_used_on_discord(
    fake, database_url, clock, monkeypatch, ruleset, setting
):
    """Issue 32's "all five games" on Discord (StarCraft Mafia's and the card game's are above): Battle Royale's
    map, Mazeworld's and Infinity's rosters are saved as a setup from the file `/game create file:` takes, shared
    with the server, and a moderator's game is created from it, with that data as its setting."""
    monkeypatch.setattr(predict, "SECONDS", 0.5)  # the prediction is not what is checked here
    mod = fake.add_user("Gamemaster", moderator=True)
    alice = fake.add_user("Alice")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        upload = {"filename": "data.yaml", "data": _data_file(ruleset)}
        saved = await fake.slash(alice, "setup save", {"name": "Ours", "file": upload, "ruleset": ruleset})
        assert saved.reply.ephemeral and "Saved setup #1 **Ours**" in saved.reply.content, saved.reply.content
        shared = await fake.slash(alice, "setup share", {"setup": 1, "visibility": "server"})
        assert "shared with this server" in shared.reply.content
        created = await fake.slash(mod, "game create", {"name": "Ours", "setup": 1})
        assert "is set up in this channel" in created.reply.content, created.reply.content
        async with runner.db.read() as session:
            game = (await session.execute(select(Game))).scalar_one()
        assert game.ruleset == ruleset and game.setup_version_id == 1 and game.settings[setting]
        shown = await fake.slash(alice, "setup show", {"setup": 1})
        assert "1 game played" in shown.reply.content
    finally:
        await runner.stop()

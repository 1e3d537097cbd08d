"""Issue 14 end to end: a whole card game against the fake Discord, with the game installed for this test only
(it is not registered yet): two players place (one by the timer), take steps with the game's commands, see the
grid with /map, and a timed-out turn is played by default; the round limit (set to 1) ends and scores it."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from bot.cogs import game_commands
from bot.db.models import Game
from tests.e2e.conftest import BotRunner
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e


async def game_row(db) -> Game:
    async with db.read() as session:
        return (await session.execute(select(Game))).scalar_one()


async def stepped(runner, day: int, timeout: float = 10.0) -> Game:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while (game := await game_row(runner.db)).day <= day and game.status != "over":
        assert loop.time() < end, f"step {day} was not resolved"
        await asyncio.sleep(0.05)
    return game


async def test_a_whole_card_game_on_discord(fake, database_url, clock, monkeypatch, cards_installed):
    monkeypatch.setattr(game_commands, "COG", game_commands.build_cog())  # the bot as started with the game
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        registered = {c["name"] for c in fake.registered[None]}
        assert {"place", "move", "attack", "resurrect", "ability", "equip", "swap", "end", "godie"} <= registered
        await fake.slash(mod, "game create", {"name": "Cards", "ruleset": "battle_royale_cards"})
        await fake.slash(mod, "game settings", {"name": "max_rounds", "value": "1"})
        await fake.slash(mod, "game open")
        for player in (alice, bob):
            assert "signed up for Cards" in (await fake.slash(player, "join")).text
        await fake.slash(mod, "game start")
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        users = {seat: {"Alice": alice, "Bob": bob}[p["name"]] for seat, p in game.state["players"].items()}
        first, second = game.state["order"]
        assert "Turn order rolls" in fake.text(fake.messages_in())

        # --- placement: one at a time, on the outer edge; the second lets the timer choose -------------------
        assert "not your turn" in (await fake.slash(users[second], "place", {"square": "A4"})).text
        squares = await fake.autocomplete(users[first], "place", {"square": ""}, focused="square")
        assert len(squares) == 12 and squares[0]["value"] == "A4"
        assert "Start on A4" in (await fake.slash(users[first], "place", {"square": "A4"})).text
        game = await stepped(runner, 0)
        clock.set(game.deadline)
        game = await stepped(runner, 1)
        assert game.state["players"][second]["square"] == "G4" and game.state["phase"] == "turn"

        # --- the first player's turn, step by step ---------------------------------------------------------
        assert "Move S" in (await fake.slash(users[first], "move", {"direction": "S"})).text
        game = await stepped(runner, 2)
        assert game.state["players"][first]["square"] == "B4"
        shown = await fake.slash(users[first], "map")
        assert "Row B: B3" in shown.text and "B4" in shown.text
        assert "End the turn" in (await fake.slash(users[first], "end")).text
        game = await stepped(runner, 3)

        # --- the second player's turn times out: played by default, and the one round ends the game --------
        clock.set(game.deadline)
        game = await stepped(runner, 4)
        assert game.status == "over" and game.state["end"] == "rounds"
        await settle(fake, runner, "the end")
        public = fake.text(fake.messages_in())
        assert "turn timed out" in public and "The game is over at the round limit" in public
    finally:
        await runner.stop()

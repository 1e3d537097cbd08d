"""Issue 14 end to end: whole card games against the fake Discord. One played with the step buttons the bot
DMs the acting player at every step (placement, moves, the end of a turn: a click is the command), with a
stale button refused, the grid posted in the channel after a step, /board at any time, one deadline for a
turn's steps; the other with the game's commands, a placement by the timer and /map. In both a timed-out turn
is played by default and the round limit (set to 1) ends and scores the game."""

from __future__ import annotations

import pytest

from bot.cogs import game_commands
from engine import registry
from tests.bot.test_game_words import wrong_words
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_models import walk_components
from tests.e2e.game_steps import game_row, stepped
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e


def buttons(message: dict) -> dict[str, str]:
    """label -> custom id of a message's buttons."""
    return {c["label"]: c["custom_id"] for c in walk_components(message.get("components") or []) if c.get("custom_id")}


async def picture_posted(fake, runner, day: int) -> dict:
    """Issue 14, "a picture of the grid after every step": the channel message carrying the grid of the state
    after step `day` (as the resolution stored it), its caption the board in words."""
    from bot.db.models import Resolution
    from engine.rulesets.battle_royale_cards.front.game import FRONT
    from engine.rulesets.battle_royale_cards.ruleset import RULESET

    async with runner.db.read() as session:
        stored = await session.get(Resolution, (game_id := (await game_row(runner.db)).id, day))
    assert stored is not None, f"no resolution of step {day} in game {game_id}"
    expected = FRONT.picture.public(RULESET.public_view(RULESET.parse_state(stored.state_after)))
    assert expected is not None

    def found():
        posted = fake.messages_in()
        return next((m for m in posted if any(f["data"] == expected.png for f in m.get("_files", []))), None)

    message = await fake.wait_until(found, what=f"the picture of step {day}")
    assert message["attachments"][0]["filename"] == "grid.png" and not message["content"]
    # one Components V2 message: the step's title, the grid shown from its attachment, the caption under it
    assert message["flags"] & 1 << 15
    (container,) = message["components"]
    title, gallery, caption = container["components"][:3]
    assert title["content"].startswith(f"## {FRONT.posts.title(day)}")
    assert gallery["items"][0]["media"]["url"] == "attachment://grid.png" and caption["content"] == expected.caption
    return message


async def step_dm(fake, user, day: int) -> dict:
    """The DM telling `user` that step `day` waits for him, with its buttons."""

    def found():
        return next(
            (m for m in reversed(fake.dms_to(user)) if f"(Step {day})" in (m.get("content") or "") and buttons(m)),
            None,
        )

    return await fake.wait_until(found, what=f"the buttons of step {day}")


async def test_a_whole_card_game_played_with_buttons(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(game_commands, "COG", game_commands.build_cog())  # the bot as started with the game
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        assert "board" in {c["name"] for c in fake.registered[None]}
        await fake.slash(mod, "game create", {"name": "Cards", "ruleset": "battle_royale_cards"})
        await fake.slash(mod, "game settings", {"name": "max_rounds", "value": "1"})
        await fake.slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await fake.slash(mod, "game open")
        for player in (alice, bob):
            joined = (await fake.slash(player, "join")).text
            assert "signed up for Cards" in joined and "role" not in joined and "Wait for the start" in joined
        started = (await fake.slash(mod, "game start")).text
        assert "Cards has started: Step 0 is open until" in started, started  # issue 23: was "Day 0"
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        users = {seat: {"Alice": alice, "Bob": bob}[p["name"]] for seat, p in game.state["players"].items()}
        first, second = game.state["order"]

        # --- placement by buttons: only the placing player gets them, one per free outer square ------------
        placing = await step_dm(fake, users[first], 0)
        starts = [label for label in buttons(placing) if label.startswith("Start on")]
        assert len(starts) == 12 and "Start on A4" in buttons(placing)  # and the orders card's button (issue 33.3)
        assert not any(buttons(m) for m in fake.dms_to(users[second]))
        clicked = await fake.click(users[first], placing, buttons(placing)["Start on A4"])
        assert "Start on A4" in clicked.text and "Receipt" in clicked.text
        game = await stepped(runner, 0)
        await picture_posted(fake, runner, 0)  # the step's post ends with the grid after it, in the channel
        placing = await step_dm(fake, users[second], 1)
        await fake.click(users[second], placing, buttons(placing)["Start on G4"])
        game = await stepped(runner, 1)
        assert game.state["players"][second]["square"] == "G4" and game.state["phase"] == "turn"
        turn_deadline = game.deadline

        # --- the first player's turn: a move by button, the same deadline, /board, the end by button -------
        turn = await step_dm(fake, users[first], 2)
        assert {"Move S to B4", "End the turn"} <= set(buttons(turn))
        clock.advance(hours=1)
        moved = await fake.click(users[first], turn, buttons(turn)["Move S to B4"])
        assert "Move S" in moved.text
        game = await stepped(runner, 2)
        assert game.state["players"][first]["square"] == "B4" and game.deadline == turn_deadline
        assert not buttons(fake.message_by_id[int(turn["id"])])  # a clicked message loses its buttons
        board = await fake.slash(users[second], "board")
        assert board.all_ephemeral and "Row B: B3" in board.text and board.reply.message.get("attachments")
        turn = await step_dm(fake, users[first], 3)
        assert "End the turn" in (await fake.click(users[first], turn, buttons(turn)["End the turn"])).text
        game = await stepped(runner, 3)

        # --- the second player lets his turn time out: played by default; the one round ends the game -------
        idle = await step_dm(fake, users[second], 4)
        clock.set(game.deadline)
        game = await stepped(runner, 4)
        assert game.status == "over" and game.state["end"] == "rounds"
        await settle(fake, runner, "the end")
        stale = await fake.click(users[second], idle, buttons(idle)["End the turn"])  # a button of a past step
        assert "earlier step" in stale.text and stale.all_ephemeral is not None
        assert (await game_row(runner.db)).day == game.day
        public = fake.text(fake.messages_in())
        assert "turn timed out" in public and "The game is over at the round limit" in public
        # --- issue 23: the game's own words everywhere; the moderators' notes in their thread, one per step --
        front = registry.front("battle_royale_cards")
        (moderators,) = [t for t in fake.threads(private=True) if t.name == "Cards: moderators"]
        told = fake.messages_in(moderators)
        for text in (public, fake.text(told), *(fake.text(fake.dms_to(u)) for u in (alice, bob))):
            assert wrong_words(text, front) == [], wrong_words(text, front)
        assert mod.id in moderators.members and not fake.dms_to(mod)  # no note by DM
        assert len(told) <= game.day + 2  # its introduction, the start, then at most one message a step
    finally:
        await runner.stop()


async def test_a_whole_card_game_on_discord(fake, database_url, clock, monkeypatch, cards_installed):
    monkeypatch.setattr(game_commands, "COG", game_commands.build_cog())  # the bot as started with the game
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        registered = {c["name"] for c in fake.registered[None]}
        # Issue 23: the card game's own verbs are actions of /item, /skill and /act, not top-level commands
        assert {"move", "attack", "item", "skill", "act", "board"} <= registered
        assert not {"place", "resurrect", "ability", "equip", "swap", "end", "godie"} & registered
        await fake.slash(mod, "game create", {"name": "Cards", "ruleset": "battle_royale_cards"})
        await fake.slash(mod, "game settings", {"name": "max_rounds", "value": "1"})
        await fake.slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
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
        place = {"action": "place", "target": "A4"}
        assert "not your turn" in (await fake.slash(users[second], "act", place)).text
        acts = await fake.autocomplete(users[first], "act", {"action": ""}, focused="action")
        assert [a["value"] for a in acts] == ["place"]  # the placement phase: only /act action:place applies
        squares = await fake.autocomplete(users[first], "act", {"action": "place", "target": ""}, focused="target")
        assert len(squares) == 12 and squares[0]["value"] == "A4"
        assert "Start on A4" in (await fake.slash(users[first], "act", place)).text
        game = await stepped(runner, 0)
        clock.set(game.deadline)
        game = await stepped(runner, 1)
        assert game.state["players"][second]["square"] == "G4" and game.state["phase"] == "turn"

        # --- the first player's turn, step by step ---------------------------------------------------------
        assert "Move S" in (await fake.slash(users[first], "move", {"how": "S"})).text
        game = await stepped(runner, 2)
        assert game.state["players"][first]["square"] == "B4"
        shown = await fake.slash(users[first], "map")
        assert "Row B: B3" in shown.text and "B4" in shown.text
        acts = await fake.autocomplete(users[first], "act", {"action": ""}, focused="action")
        assert [a["value"] for a in acts][:2] == ["end", "godie"]  # a turn: those it files under /act first,
        assert {a["value"] for a in acts} == {"end", "godie", "move", "attack", "resurrect", "ability", "equip", "swap"}
        assert "End the turn" in (await fake.slash(users[first], "act", {"action": "end"})).text
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

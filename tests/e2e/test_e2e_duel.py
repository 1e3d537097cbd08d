"""Issue 10, "Proof that the shared layers are generic": a whole game of the duel (tests/duel), the tests' own
second game, end to end against the fake Discord, with the same bot, cogs, deadline loop and outbox worker as
Battle Royale, and nothing in them that knows the duel.

The bot starts with the duel installed beside Battle Royale and registers its commands (/strike, /guard,
/react) with theirs. A moderator creates a duel; Alice and Bob join; they act one at a time, each step
resolved the moment its actor acts. On the Bandit's turn the moderators hear that it waits for them; the
moderator picks the Bandit in the `as` option's choices and the Bandit's target from the Bandit's own view.
The blow asks Bob by DM, who answers with /react. Then the heroes strike on their turns while the Bandit's
steps pass by their deadlines (its script strikes) and so do its questions (the default: parry), until the
duel ends and says so in the channel.
"""
from __future__ import annotations

import pytest

from bot.cogs import game_commands
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_models import EPHEMERAL
from tests.e2e.game_steps import stepped
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e


async def test_a_whole_duel_on_discord(fake, database_url, clock, monkeypatch, duel):
    monkeypatch.setattr(game_commands, "COG", game_commands.build_cog())  # the bot as started with the duel installed
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    mod_channel = fake.add_channel("moderators")
    commands = []

    async def slash(user, name, options=None, **kwargs):
        record = await fake.slash(user, name, options, **kwargs)
        commands.append(record)
        return record

    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        registered = {c["name"] for c in fake.registered[None]}
        assert {"strike", "guard", "react", "attack", "act", "join", "status"} <= registered

        await slash(mod, "game create", {"name": "Showdown", "ruleset": "duel"})
        await slash(mod, "game settings", {"name": "moderator_channel", "value": f"<#{mod_channel.id}>"})
        await slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await slash(mod, "game open")
        for player in (alice, bob):
            assert "signed up for Showdown" in (await slash(player, "join")).text
        await slash(mod, "game start")
        await settle(fake, runner, "the start")
        assert "Step 0 is open" in fake.text(fake.messages_in())

        # --- one actor at a time: each step resolves as soon as its actor acts ---------------------------
        refused = await slash(bob, "strike")
        assert refused.text == "It is not your turn: Alice acts now."
        assert "Order saved for Step 0: Strike" in (await slash(alice, "strike")).text
        await stepped(runner, 0)
        assert "Order saved for Step 1: Guard" in (await slash(bob, "guard")).text
        await stepped(runner, 1)
        await settle(fake, runner, "the heroes' turns")
        public = fake.text(fake.messages_in())
        assert "Alice strikes the Bandit for" in public and "Bob raises their guard." in public
        await fake.wait_until(lambda: "orders for the Bandit" in fake.text(fake.messages_in(mod_channel)),
                              what="the moderators told the Bandit waits for them")

        # --- the game master orders as the Bandit ----------------------------------------------------------
        assert await fake.autocomplete(alice, "strike", {"as": ""}, focused="as") == []
        [bandit] = await fake.autocomplete(mod, "strike", {"as": ""}, focused="as")
        assert (bandit["name"], bandit["value"]) == ("the Bandit", "bandit")
        targets = await fake.autocomplete(mod, "strike", {"as": "bandit", "target": ""}, focused="target")
        assert [t["name"] for t in targets] == ["Alice", "Bob"]
        not_theirs = await slash(alice, "strike", {"as": "bandit", "target": "s002"})
        assert not_theirs.text == "the Bandit is the game master's: only a moderator orders for them."
        ordered = await slash(mod, "strike", {"as": "bandit", "target": targets[1]["value"]})
        assert "Order saved for Step 2: Strike Bob" in ordered.text, ordered.text
        await stepped(runner, 2)

        # --- the blow asks Bob by DM; his answer finishes it ------------------------------------------------
        asked = await fake.wait_until(lambda: [m for m in fake.dms_to(bob) if "/react" in m["content"]],
                                      what="Bob's question")
        assert "dodge (half the time no harm) or parry" in fake.text(asked) and "/react" in fake.text(asked)
        assert "dodge (half the time" not in fake.text(fake.dms_to(alice))
        assert (await slash(alice, "react", {"how": "dodge"})).text == "The question is not yours to answer."
        assert "Order saved for Step 3: Answer: Parry" in (await slash(bob, "react", {"how": "parry"})).text
        game = await stepped(runner, 3)
        assert game.state["blow"] is None

        # --- from now on the heroes strike and nothing else acts: the Bandit's script strikes at each of
        # its deadlines, and each question's hour passes with the default answer, parry -------------------
        heroes = {"s001": alice, "s002": bob}
        while game.status != "over":
            acting = None if game.state["blow"] else game.state["order"][game.state["turn"]]
            if acting in heroes:
                assert "Order saved" in (await slash(heroes[acting], "strike")).text
            else:
                clock.set(game.deadline)
            game = await stepped(runner, game.day)
            assert game.day < 40
        await settle(fake, runner, "the end")
        public_messages = fake.messages_in()
        public = fake.text(public_messages)
        assert "The Bandit falls: the heroes win." in public or "The last hero falls: the Bandit wins." in public
        assert "swings at" in public and ("takes" in public or "dodges" in public)

        # --- what everyone saw -------------------------------------------------------------------------------
        assert all(not m["flags"] & EPHEMERAL for m in public_messages)
        for record in commands:
            assert record.all_ephemeral, f"/{record.name} by {record.user.name} answered publicly"
        for message in fake.dms_to(alice) + fake.dms_to(bob):
            for line in filter(None, (message.get("content") or "").splitlines()):
                assert line not in public, f"private text in the public channel: {line!r}"
    finally:
        await runner.stop()

"""Issue 12, `/roll` against the fake Discord: the bot registers it, a player's roll is posted in the channel with
no mention allowed, a player's `secret` is refused privately, a moderator's secret roll is announced in the
channel and shown to them alone, and a roll in a DM works; every roll is stored."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from bot.db.models import DiceRoll
from tests.e2e.conftest import BotRunner

pytestmark = pytest.mark.e2e


async def test_roll_on_discord(fake, database_url, clock):
    mod = fake.add_user("Gamemaster", moderator=True)
    alice = fake.add_user("Alice")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        assert "roll" in {c["name"] for c in fake.registered[None]}
        await fake.slash(mod, "game create", {"name": "Dice night"})

        rolled = await fake.slash(alice, "roll", {"expression": "3#2d6 @everyone look"})
        assert not rolled.reply.ephemeral and rolled.reply.content.startswith(f"<@{alice.id}> rolled for **@")
        assert "3#2d6: [" in rolled.reply.content and "@everyone" not in rolled.reply.content
        assert rolled.reply.message.get("mentions", []) == [] and not rolled.reply.message.get("mention_everyone")

        refused = await fake.slash(alice, "roll", {"expression": "2d6", "secret": True})
        assert refused.reply.ephemeral and "Only the moderators of Dice night" in refused.reply.content

        secret = await fake.slash(mod, "roll", {"expression": "d20 Trap", "secret": True})
        for _ in range(100):  # the answer is in once the response came; the follow-up comes just after it
            if len(secret.replies) == 2:
                break
            await asyncio.sleep(0.05)
        public, private = secret.replies
        assert not public.ephemeral and public.content == f"<@{mod.id}> rolled dice in secret."
        assert private.ephemeral and "Trap" in private.content and "d20: [" in private.content

        in_dm = await fake.slash(alice, "roll", {"expression": "d100"}, dm=True)
        assert in_dm.reply.content.startswith(f"<@{alice.id}> rolled d100: [")

        async with runner.db.read() as session:
            rows = (await session.execute(select(DiceRoll).order_by(DiceRoll.id))).scalars().all()
        assert [(r.seq, r.secret) for r in rows] == [(1, False), (2, True), (None, False)]
    finally:
        await runner.stop()

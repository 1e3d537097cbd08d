"""A crash in the middle of a send, end to end: the real bot posts a channel message, Discord stores it, and
the bot stops before the answer arrives, so its outbox still says "not sent". The next bot resends the row
with the same nonce, and Discord (here the fake, as Discord does with `enforce_nonce`) answers with the
message already posted: the channel shows it once, and the outbox records it as sent."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from bot.db.models import Outbox
from tests.e2e.conftest import BotRunner

pytestmark = pytest.mark.e2e


async def row_status(db, text: str) -> str:
    """The outbox status of the channel post with this text."""
    async with db.read() as session:
        return (await session.execute(select(Outbox.status).where(Outbox.target == "channel",
                                                                  Outbox.text == text))).scalar_one()


async def test_a_bot_stopped_mid_send_resends_once_and_the_channel_shows_the_message_once(fake, database_url, clock):
    mod = fake.add_user("Gamemaster", moderator=True)
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        created = await fake.slash(mod, "game create", {"name": "Island"})
        assert created.all_ephemeral and "Island" in created.text
        before = len(fake.messages_in())
        release = fake.hold_answer_next("POST", rf"/channels/{fake.game_channel.id}/messages")
        opened = await fake.slash(mod, "game open")
        assert opened.all_ephemeral
        await fake.wait_until(lambda: len(fake.messages_in()) == before + 1, what="the sign-up post")
        [posted] = fake.messages_in()[before:]

        await runner.stop()  # the answer to that post never reached the bot
        release.set()
        db_check = BotRunner(fake, database_url, clock, start_loops=False)
        await db_check.start()
        try:
            status = await row_status(db_check.db, posted["content"])
            assert status != "sent", "the stop must leave the row unsent for this test to mean anything"
        finally:
            await db_check.stop()

        clock.advance(minutes=5)  # the dead bot's lease on the row has run out
        await runner.start()
        await fake.wait_until(lambda: fake.nonce_hits == 1, what="the resend")
        sends = [r for r in fake.requests_to("POST", rf"/channels/{fake.game_channel.id}/messages")
                 if isinstance(r.get("body"), dict) and r["body"].get("nonce") == posted["nonce"]]
        assert len(sends) == 2, "sent, then resent after the restart with the same nonce"
        assert [m for m in fake.messages_in() if m["content"] == posted["content"]] == [posted]
        for _ in range(200):  # the worker records the answer it got to the resend
            if await row_status(runner.db, posted["content"]) == "sent":
                break
            await asyncio.sleep(0.05)
        assert await row_status(runner.db, posted["content"]) == "sent"
    finally:
        await runner.stop()

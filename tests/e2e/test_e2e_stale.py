"""Issue 15, Discord conventions: what Discord sends from an out-of-date registration or an old message is
answered, never left to "This interaction failed" or a traceback in the log.

Discord keeps a stale copy of the bot's commands for a while after they change, so a command can arrive
with a required option missing, an option of another type, an option the command no longer has or a
subcommand that no longer exists; and a button or menu on an old message can carry a custom id no handler
knows any more. Each gets a short ephemeral answer saying what to do instead, and nothing changes.
"""
from __future__ import annotations

import logging

import pytest
from sqlalchemy import func, select

from bot.db.models import Game, Order
from tests.e2e import fake_interactions as fi
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_models import EPHEMERAL

pytestmark = pytest.mark.e2e


async def stale(fake, user, name: str, options: list[dict], *, sub: list[tuple[str, int]] = ()):
    """`/name` as a stale registration would send it: the options exactly as given, unchecked."""
    command = fake.command(name)
    for part, kind in reversed(list(sub)):
        options = [{"name": part, "type": kind, "options": options}]
    data = {"id": command["id"], "name": name, "type": 1, "options": options}
    return await fake._interact(fake.world.user(user), 2, name, fake.world.channel(fake.game_channel), data,
                                timeout=10)


async def removed(fake, user, name: str, options: list[dict]):
    """`/name`, a command the bot no longer registers (issue 23: `/search` is now `/act action:search`), as a
    stale registration would still send it."""
    data = {"id": str(fake.world.ids()), "name": name, "type": 1, "options": options}
    return await fake._interact(fake.world.user(user), 2, name, fake.world.channel(fake.game_channel), data,
                                timeout=10)


def answered_privately(record) -> str:
    assert record.replies and all(r.ephemeral for r in record.replies)
    return "\n".join(r.content for r in record.replies)


async def test_out_of_date_commands_and_unknown_buttons_are_answered(fake, database_url, clock, caplog):
    caplog.set_level(logging.INFO)
    mod = fake.add_user("Gamemaster", moderator=True)
    alice = fake.add_user("Alice")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await fake.slash(mod, "game create", {"name": "Stale"})
        await fake.slash(mod, "game open")
        await fake.slash(alice, "join")

        cases = {
            "a required option missing": await stale(fake, mod, "game", [], sub=[("create", fi.SUB_COMMAND)]),
            "an option of another type": await stale(fake, alice, "status",
                                                     [{"name": "game", "type": fi.STRING, "value": "one"}]),
            "an option it no longer has": await stale(fake, alice, "status",
                                                      [{"name": "colour", "type": fi.STRING, "value": "red"}]),
            "a subcommand it no longer has": await stale(fake, mod, "game", [], sub=[("restart", fi.SUB_COMMAND)]),
            "a command now an action of /act": await removed(fake, alice, "search", []),
            "a command now an action of /skill": await removed(fake, alice, "stim", [
                {"name": "undo", "type": fi.BOOLEAN, "value": True}]),
        }
        for case, record in cases.items():
            assert "older form" in answered_privately(record), case

        old = await fake.post(fake.world.channel(fake.game_channel), fake.world.bot, {
            "content": "An offer from an older version",
            "components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "Take it", "custom_id": "brbot:gift:1:2:yes"},
                {"type": 2, "style": 1, "label": "Old menu", "custom_id": "oldmenu:submit"}]}]})
        for custom_id in ("brbot:gift:1:2:yes", "oldmenu:submit"):
            click = await fake.click(alice, old, custom_id)
            assert "older message" in answered_privately(click) and click.callback_type == 4

        async with runner.db.read() as session:
            assert (await session.execute(select(func.count()).select_from(Game))).scalar_one() == 1
            assert (await session.execute(select(func.count()).select_from(Order))).scalar_one() == 0
    finally:
        await runner.stop()
    sent = [r["body"].get("data") if "type" in r["body"] else r["body"] for r in fake.requests
            if r["method"] == "POST" and isinstance(r.get("body"), dict)]
    sent = [b for b in sent if isinstance(b, dict) and b.get("content")]
    assert sent, "the bot answered nothing"
    for body in sent:  # replies and follow-ups alike can never ping @everyone, @here or a role
        rules = body.get("allowed_mentions")
        assert rules is not None and not {"everyone", "roles"} & set(rules.get("parse", [])), body
        assert not rules.get("roles")
    tracebacks = [r for r in caplog.records if r.exc_info and r.name.startswith(("bot", "discord"))]
    assert tracebacks == [], [r.getMessage() for r in tracebacks]
    assert not [m for m in fake.messages_in() if m["flags"] & EPHEMERAL]

"""A whole short game of Battle Royale, end to end: the real bot (discord.py over HTTP and the gateway, the
cogs, the deadline loop, the outbox worker, SQLite) against the fake Discord of tests/e2e.

A moderator creates and opens the game in #battle-royale; Alice, Bob and Carol (whose DMs are closed)
join; Alice proposes to Bob, who accepts with the button in his DM; the game starts; everyone makes the
Day 0 choices with the select menus; Day 0 is resolved with /resolve now, Day 1 by its deadline (the
clock moves, the deadline loop polls) while Discord answers the night's post with a 429; the bot is
stopped, Day 2's deadline passes while it is down, and a new bot on the same database catches it up:
the game ends (days = 2) and says so in the channel.

Throughout: every reply to a command is ephemeral; nothing private (a DM, Carol's private thread, an
event meant for some players) ever appears in the public channel; each message arrives once.
"""
from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from bot.db.models import EventRow, Outbox
from bot.services.base import fairness
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import PATIENCE
from tests.e2e.fake_models import EPHEMERAL, PRIVATE_THREAD
from tests.e2e.game_steps import game_row

pytestmark = pytest.mark.e2e


async def outbox_counts(db) -> dict[str, int]:
    async with db.read() as session:
        rows = await session.execute(select(Outbox.status, func.count()).group_by(Outbox.status))
        return dict(rows.all())


async def settle(fake, runner, what: str, timeout: float = PATIENCE) -> None:
    """Wait until the outbox holds nothing to send (the delivery loop has caught up)."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        counts = await outbox_counts(runner.db)
        if not counts.get("pending") and not counts.get("sending"):
            assert not counts.get("failed"), f"outbox rows failed ({what}): {counts}"
            return
        if loop.time() > deadline:
            raise AssertionError(f"the outbox did not drain ({what}): {counts}; problems {fake.problems[-5:]}")
        await asyncio.sleep(0.02)


def custom_ids(message: dict) -> list[str]:
    return [c["custom_id"] for row in message.get("components") or [] for c in row.get("components") or []
            if "custom_id" in c]


def select_options(message: dict, custom_id: str) -> list[dict]:
    for row in message.get("components") or []:
        for component in row.get("components") or []:
            if component.get("custom_id") == custom_id:
                return component.get("options") or []
    raise AssertionError(f"no select {custom_id!r} in {custom_ids(message)}")


async def test_a_whole_game_on_discord(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20260601))  # the same game every run
    mod = fake.add_user("Gamemaster", moderator=True)
    alice = fake.add_user("Alice")
    bob = fake.add_user("Bob")
    carol = fake.add_user("Carol", dms_open=False)
    mod_channel = fake.add_channel("moderators")
    commands = []  # every slash command's interaction, to check they were all answered privately

    async def slash(user, name, options=None, **kwargs):
        record = await fake.slash(user, name, options, **kwargs)
        commands.append(record)
        return record

    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        registered = {c["name"] for c in fake.registered[None]}
        assert {"game", "resolve", "join", "role", "day0", "attack", "act", "status", "map"} <= registered
        assert not {"search", "defend", "stim", "butcher", "godie"} & registered  # issue 23: actions of /act ...

        # --- set-up: create, settings, open -----------------------------------------------------------
        created = await slash(mod, "game create", {"name": "Island", "early_resolution": False})
        assert "Island" in created.text
        refused = await slash(alice, "game open")
        assert "Only moderators" in refused.text
        await slash(mod, "game settings", {"name": "days", "value": "2"})
        await slash(mod, "game settings", {"name": "moderator_channel", "value": f"<#{mod_channel.id}>"})
        await slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await slash(mod, "game open")
        await fake.wait_until(lambda: "/join" in fake.text(fake.messages_in()), what="the sign-up announcement")

        # --- sign-up, Lovers proposal answered with the button in the DM ------------------------------
        for player in (alice, bob, carol):
            joined = await slash(player, "join")
            assert "signed up for Island" in joined.text
        await slash(alice, "role lovers", {"partner": bob})
        proposal = (await fake.wait_until(lambda: fake.dms_to(bob), what="the Lovers proposal DM"))[-1]
        accept = next(i for i in custom_ids(proposal) if i.endswith(":yes"))
        answered = await fake.click(bob, proposal, accept)
        assert "Lovers" in answered.text and answered.reply.kind in ("update", "response")
        await fake.wait_until(lambda: "accepted" in fake.text(fake.dms_to(alice)), what="Alice hearing of it")

        # --- start: roles by DM (Carol's in a private thread, the moderators told) --------------------
        started = await slash(mod, "game start")
        assert started.callback_type == 5  # slow: deferred, then a follow-up
        await settle(fake, runner, "the start")
        public = fake.text(fake.messages_in())
        assert "The game begins" in public and "Day 0 is open" in public
        assert "Alice" in fake.text(fake.dms_to(alice)) and "Bob" in fake.text(fake.dms_to(bob))
        assert fake.dms_to(carol) == [] and fake.refused, "Carol's DMs are closed: the bot tried and was refused"
        [thread] = fake.threads(private=True)
        assert thread.type == PRIVATE_THREAD and not thread.invitable and carol.id in thread.members
        assert thread.parent_id == fake.game_channel.id and alice.id not in thread.members
        assert "Carol" in fake.text(thread.messages)
        await fake.wait_until(lambda: str(thread.id) in fake.text(fake.messages_in(mod_channel)),
                              what="the moderators told of Carol's thread")

        # --- Day 0: select menus, then Submit; resolved by /resolve now ---------------------------------
        for player in (alice, bob, carol):
            menu = (await slash(player, "day0")).reply
            zones = [o["value"] for o in select_options(menu.message, "day0:zone") if o["value"] != "random"]
            await fake.select(player, menu, "day0:zone", [zones[0]])
            if "day0:abilities" in menu.custom_ids():
                first = select_options(menu.message, "day0:abilities")[0]["value"]
                await fake.select(player, menu, "day0:abilities", [first])
            submitted = await fake.click(player, menu, "day0:submit")
            assert "Order saved for Day 0" in submitted.text, submitted.text
            assert submitted.reply.ephemeral and submitted.reply.message["components"] == []
        resolved = await slash(mod, "resolve now")
        assert "Day 0" in resolved.text
        await settle(fake, runner, "Day 0")
        assert "Day 0 seed revealed" in fake.text(fake.messages_in())

        # a network blip: the gateway connection drops, discord.py RESUMEs the session
        await fake.gateway.drop()
        await fake.wait_until(fake.gateway.connected.is_set, what="the bot to resume")
        assert fake.gateway.resumes == 1

        # --- Day 1: orders, autocomplete from the player's own view; resolved by the deadline ----------
        weapons = await fake.autocomplete(alice, "attack", {"with": ""}, focused="with")
        targets = await fake.autocomplete(alice, "attack", {"with": weapons[0]["value"], "target": ""},
                                          focused="target")
        assert {c["name"].split(":")[0] for c in targets} >= {"Bob", "Carol"}, targets
        carol_seat = next(c["value"] for c in targets if c["name"].startswith("Carol"))
        attack = await slash(alice, "attack", {"with": weapons[0]["value"], "target": carol_seat, "amount": 1})
        assert "Order saved for Day 1" in attack.text, attack.text
        more = {c["label"]: c["custom_id"] for c in attack.reply.components() if c.get("type") == 2}
        menu = (await fake.click(alice, attack.reply, more["More options"])).reply  # issue 33: the rest in its menu
        assert menu.ephemeral and "order:attack:target2" in menu.custom_ids(), menu.custom_ids()
        acts = await fake.autocomplete(bob, "act", {"action": ""}, focused="action")
        assert [a["value"] for a in acts][:4] == ["defend", "search", "run", "hold"]  # Battle Royale's /act first
        assert not {"sleep", "send", "stim"} & {a["value"] for a in acts}  # none of another game
        assert acts[1]["name"].startswith("search: ")
        assert "Order saved" in (await slash(bob, "act", {"action": "search"})).text
        other = await slash(bob, "skill", {"action": "stim"})  # StarCraft Mafia's verb: the polite answer
        assert other.text == "/skill action:stim is not an action of Battle Royale: /help lists this game's actions."
        assert "Order saved" in (await slash(carol, "act", {"action": "search"}, dm=True)).text  # from a DM works too
        orders = await slash(alice, "orders", dm=True)
        assert "Attack" in orders.text
        status = await slash(bob, "status")
        assert status.reply.embeds and "Bob" in status.text
        island = await slash(bob, "map")
        assert island.reply.message["attachments"][0]["filename"].endswith(".png")

        fake.rate_limit_next("POST", rf"/channels/{fake.game_channel.id}/messages")
        clock.advance(hours=10, minutes=1)  # past 22:00: the deadline loop resolves Day 1
        await fake.wait_until(lambda: "Day 1 seed revealed" in fake.text(fake.messages_in()), what="Day 1")
        await settle(fake, runner, "Day 1")
        assert (await game_row(runner.db)).day == 2
        [night1] = [m for m in fake.messages_in() if "Night 1" in fake.text([m])]
        sends = [r["status"] for r in fake.requests_to("POST", rf"/channels/{fake.game_channel.id}/messages")
                 if r.get("body", {}).get("nonce") == night1["nonce"]]
        assert sends == [429, 200], "the rate-limited post is retried once and delivered once"
        assert night1["flags"] & 1 << 15 and not night1["embeds"] and not night1["content"], \
            "the night's results are one Components V2 message"
        assert night1["components"][0]["type"] == 17, "in one container"

        # --- Day 2 orders, then the bot goes down and Day 2's deadline passes -------------------------
        await slash(alice, "act", {"action": "search"})
        await slash(bob, "act", {"action": "defend"})
        routes = await fake.autocomplete(bob, "move", {"target": ""}, focused="target")
        moved = await slash(bob, "move", {"target": routes[0]["value"]})
        assert "Order saved for Day 2" in moved.text, moved.text
        await runner.stop()
        await fake.wait_until(lambda: not fake.gateway.connected.is_set(), what="the bot to disconnect")
        clock.advance(days=1)
        with pytest.raises(AssertionError, match="not connected"):
            await fake.slash(alice, "status")

        # --- a new bot on the same database catches up: the game ends ---------------------------------
        await runner.start()
        await fake.wait_until(lambda: "The game is over" in fake.text(fake.messages_in()), what="the end")
        await settle(fake, runner, "the end")
        game = await game_row(runner.db)
        assert game.status == "over" and fake.gateway.identifies == 2
        assert "Night 2 report" in fake.text(fake.dms_to(alice)) and "Night 2 report" in fake.text(thread.messages)
        assert fake.threads(private=True) == [thread], "Carol's thread is reused after the restart"
        late = await slash(carol, "status")  # commands still answer after the end
        assert late.all_ephemeral
        # the order log is published: Alice finds the receipt she was given for her attack in it
        assert "`/log`" in fake.text(fake.messages_in())
        logged = await slash(alice, "log")
        [log_file] = logged.reply.message["_files"]
        alice_receipt = attack.text.split("Receipt: `")[1].split("`")[0]
        assert any(e["receipt"] == alice_receipt and e["name"] == "Alice"
                   for e in json.loads(log_file["data"])["orders"])

        # --- what everyone saw ------------------------------------------------------------------------
        public_messages = fake.messages_in()
        public = fake.text(public_messages)
        assert all(not m["flags"] & EPHEMERAL for m in public_messages)
        assert all(m["author"]["id"] == str(fake.world.bot.id) for m in public_messages)
        assert any(m["flags"] & 1 << 15 for m in public_messages), "night results are Components V2 messages"
        for record in commands:
            assert record.all_ephemeral, f"/{record.name} by {record.user.name} answered publicly"
        private = [m for user in (alice, bob, carol) for m in fake.dms_to(user)] + thread.messages
        for message in private:
            for line in filter(None, (message.get("content") or "").splitlines()):
                assert line not in public, f"private text in the public channel: {line!r}"
        async with runner.db.read() as session:
            events = (await session.execute(select(EventRow).order_by(EventRow.id))).scalars().all()
        for event in events:
            if event.audience.get("kind") != "public":
                assert event.text not in public, f"a {event.audience} event was posted publicly: {event.text!r}"
        # the fake, like Discord, answers a repeated nonce with the message already posted, so what users see
        # cannot show a resend: count the sends instead. No crash happened, so nothing was sent twice.
        assert fake.nonce_hits == 0, "a message already delivered was sent again"
        sent = [r["body"]["nonce"] for r in fake.requests_to("POST", r"/channels/\d+/messages")
                if r.get("status", 0) < 300 and isinstance(r.get("body"), dict) and r["body"].get("nonce")]
        assert sent and len(sent) == len(set(sent)), "a message was sent twice"
        contents = [m["content"] for m in public_messages if m["content"]]
        assert len(contents) == len(set(contents)), "a public message was posted twice"
    finally:
        await runner.stop()

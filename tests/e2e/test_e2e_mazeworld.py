"""Issue 12: a whole GM-run Mazeworld fight against the fake Discord, with the same bot, cogs, deadline loop
and outbox worker as every game. A moderator creates the demo fight (1d3 wolves), Alice joins and starts
alone; each turn she attacks from her own choices while the game master orders Wolf A with `as` on the
first turn and leaves the wolves to their script afterwards (at each deadline), until the fight is over.
The leak checks of the issue: no creature's numbers, no secret roll and no other player's Pain % in any
public post; Alice's private status reaches her by DM only; every command answers privately."""

from __future__ import annotations

import pytest

from engine import registry
from tests.bot.test_game_words import wrong_words
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_models import EPHEMERAL
from tests.e2e.game_steps import game_row, stepped
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e

SECRETS = ("Pain", "intends", "'s 2d6", "d100", "limb -", "rolled", "Temerity for", "wound on")


async def test_a_whole_gm_run_fight_on_discord(fake, database_url, clock):
    mod = fake.add_user("Gamemaster", moderator=True)
    alice = fake.add_user("Alice")
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
        assert {"attack", "cover", "item", "skill", "act", "battlespace"} <= registered
        assert not {"reload", "escape", "freeform", "butcher"} & registered  # issue 23: actions of /item, /act ...

        await slash(mod, "game create", {"name": "Maze", "ruleset": "mazeworld"})
        await slash(mod, "game settings", {"name": "moderator_channel", "value": f"<#{mod_channel.id}>"})
        await slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await slash(mod, "game open")
        joined = (await slash(alice, "join")).text
        assert "signed up for Maze" in joined and "/sheet upload" in joined and "role" not in joined  # issue 23
        await slash(mod, "game start")
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        wolves = [c["id"] for c in game.state["creatures"] if c["controller"] is None]

        # --- turn 1: Alice attacks from her own choices; the game master orders Wolf A with `as` ----------
        targets = await fake.autocomplete(alice, "attack", {"target": ""}, focused="target")
        assert [t["value"] for t in targets] == wolves
        assert all("%" not in t["name"] for t in targets)
        acts = await fake.autocomplete(alice, "act", {"action": ""}, focused="action")
        assert [a["value"] for a in acts][:3] == ["escape", "skip", "freeform"]  # Mazeworld's /act first, in combat
        skills = [a["value"] for a in await fake.autocomplete(alice, "skill", {"action": ""}, focused="action")]
        assert skills[:2] == ["detonate", "execute"] and "butcher" not in skills  # butcher: in the aftermath only
        said = await slash(alice, "attack", {"target": targets[0]["value"], "amount": 3})
        assert "Order saved for Turn 1" in said.text and "Attack Wolf A" in said.text, said.text
        mine = (await slash(alice, "orders")).text
        assert "Your orders in Maze, Turn 1" in mine and "Turn 1: orders are open until" in mine, mine  # issue 23
        assert await fake.autocomplete(alice, "attack", {"as": ""}, focused="as") == []
        npcs = await fake.autocomplete(mod, "attack", {"as": ""}, focused="as")
        assert {n["value"] for n in npcs} == set(wolves)
        prey = await fake.autocomplete(mod, "attack", {"as": "wolf_a", "target": ""}, focused="target")
        assert [p["value"] for p in prey] == [game.state["creatures"][0]["id"]]
        ordered = await slash(mod, "attack", {"as": "wolf_a", "target": prey[0]["value"]})
        assert "Order saved" in ordered.text and "Attack Alice" in ordered.text, ordered.text
        viewed = await slash(mod, "mod view")
        assert "`wolf_a`" in viewed.text and "Pain 0" in viewed.text and viewed.all_ephemeral  # /mod view
        status = await slash(alice, "status")
        assert "Pain 0%" in status.text and "Wolf A" in status.text and "wolf_a" not in status.text
        clock.set(game.deadline)
        game = await stepped(runner, game.day)

        # --- then every turn: Alice attacks while she can, the wolves act by their script -----------------
        while game.status != "over":
            targets = await fake.autocomplete(alice, "attack", {"target": ""}, focused="target")
            if targets:
                await slash(alice, "attack", {"target": targets[0]["value"], "amount": 3})
            clock.set(game.deadline)
            game = await stepped(runner, game.day)
            assert game.day <= 62
        await settle(fake, runner, "the end")

        # --- what everyone saw ---------------------------------------------------------------------------
        public_messages = fake.messages_in()
        public = fake.text(public_messages)
        assert "Order of passage" in public and "attacks" in public and "The fight is over." in public
        for secret in SECRETS:
            assert secret not in public, f"{secret!r} in a public post"
        assert all(not m["flags"] & EPHEMERAL for m in public_messages)
        for record in commands:
            assert record.all_ephemeral, f"/{record.name} by {record.user.name} answered publicly"
        private = fake.text(fake.dms_to(alice))
        assert "Pain" in private  # her own status, by DM
        for line in filter(None, private.splitlines()):
            assert line not in public, f"private text in the public channel: {line!r}"
        told = fake.text(fake.messages_in(mod_channel))
        assert "intends" in told or "rolled" in told or "Wolf" in told
        # --- issue 23: the game's own words everywhere, and the game master's inbox ----------------------------
        front = registry.front("mazeworld")
        for text in (public, private, told, *(r.text for r in commands)):
            assert wrong_words(text, front) == [], wrong_words(text, front)
        assert len(fake.messages_in(mod_channel)) <= game.day + 1  # the start, then one message per turn
    finally:
        await runner.stop()


SHEET = b"name: Ada Marsh\nac: C2\nweapons:\n  - {name: AR70/90, loaded: 30, spare: 60}\nwielded: AR70/90\n"


async def test_a_player_attaches_a_sheet_and_fights_with_it(fake, database_url, clock):
    """Issue: "players attach their character sheets ... and the GM starts combat": Alice uploads her sheet by
    DM, the GM sees it before the start (Bob never does), and her contestant has her sheet's weapon."""
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        assert "sheet" in {c["name"] for c in fake.registered[None]}
        await fake.slash(mod, "game create", {"name": "Maze", "ruleset": "mazeworld"})
        await fake.slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await fake.slash(mod, "game open")
        await fake.slash(alice, "join")
        await fake.slash(bob, "join")
        template = await fake.slash(alice, "sheet template", dm=True)
        assert "edit it, then attach it" in template.text and template.all_ephemeral
        bad = await fake.slash(alice, "sheet upload", {"file": {"filename": "ada.yaml", "data": b"name: [Ada\n"}}, dm=True)
        assert "The file cannot be read" in bad.text and "Your sheet was not changed." in bad.text
        uploaded = await fake.slash(alice, "sheet upload", {"file": {"filename": "ada.yaml", "data": SHEET}}, dm=True)
        assert "attached: Ada Marsh (human, armour C2, side 1); weapons: AR70/90 (in hand)" in uploaded.text
        assert uploaded.all_ephemeral
        seen = await fake.slash(mod, "mod view")
        assert "Alice: Ada Marsh" in seen.text and "Bob: no sheet attached" in seen.text and seen.all_ephemeral
        other = await fake.slash(bob, "sheet show")
        assert "Ada" not in other.text and "AR70/90" not in other.text
        await fake.slash(mod, "game start")
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        ada = next(c for c in game.state["creatures"] if c["controller"] == "s001")
        assert ada["name"] == "Ada Marsh" and ada["wielded"] == "AR70/90"
        weapons = await fake.autocomplete(alice, "attack", {"with": ""}, focused="with")
        assert "AR70/90" in [w["value"] for w in weapons]
        mine = await fake.slash(alice, "sheet show", dm=True)
        assert "Ada Marsh: your sheet" in mine.text and "AR70/90" in mine.text and mine.all_ephemeral
        late = await fake.slash(alice, "sheet upload", {"file": {"filename": "ada.yaml", "data": SHEET}})
        assert "Maze has started" in late.text
        public = fake.text(fake.messages_in())
        assert "AR70/90" not in public  # nothing of her sheet is posted before she uses it
    finally:
        await runner.stop()

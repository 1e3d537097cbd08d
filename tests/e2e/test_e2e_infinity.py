"""Issue 13, "Fake-Discord end-to-end test of a whole fight including at least one face-off answered by a
button, and one reaction deadline that passes without an answer": Infinity: Intervention's demo fight played
through the real bot (cogs, deadline loop, outbox worker, SQLite) against the fake Discord of tests/e2e.

A moderator creates the game (the demo roster); Alice and Bob join and play Lena and the Fusilier; the
moderator starts it. The players post by slash commands in their DMs, a post built over several commands
(rulings "Post order and turns": each command adds an action, /act action:undo takes the last off, and the post goes when
sent with /act action:send or when it leaves nothing to spend; the deadline loop's looks in between do not resolve it):
Alice hacks the Yan Huo with Lena's readied Hacking Device and, refused when she aims it at the Zhanshi (not
hackable), switches to the CombiRifle later; Bob takes high cover, observes, takes that back with /act action:undo and
attacks the Zhanshi, all in one post he sends, and spends an Infinity Point with /skill action:points later. The game master
orders the Zhanshi's first post with `as` (and sends it `as` it): it attacks the Fusilier, who can react; Bob
gets the face-off question and the React / Take it buttons by DM, and clicks React (the same gateway path as a
real click): a face-off. Afterwards the NPCs' posts are left
to their script at each deadline. The next face-off question asked of a PC is left unanswered until its
`reaction_hours` pass: the attack is taken without points. The fight is then played to its end.

What users notice is checked: whose post it is (a DM to that actor's player, the moderators for an NPC), the
public posts, the DMs, the face-offs' results, and the rulings' "Visibility": no NPC TN, save total or exact
health in any public post or in a player's messages; a PC's own sheet reaches its player alone.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import EventRow
from bot.services.base import fairness
from bot.services.steps import scheduler
from engine import registry
from tests.bot.test_game_words import wrong_words
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_models import EPHEMERAL, FakeUser, walk_components
from tests.e2e.game_steps import game_row
from tests.e2e.test_e2e_duel import stepped
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e

# with it the post order is Lena, Fusilier, Zhanshi, Yan Huo, and the fight lasts 38 steps (20260601's lasted 106,
# each a command and a delivery here): every branch of the loop below that seed took is taken (attacks and Observe by
# both PCs, NPC posts at their deadlines, a question left to its deadline, one answered Take it by button), and the
# PCs are defeated, as with it
SEED = 3
MOST_STEPS = 160  # a safety net: the demo fight ends well before (a turn is about a dozen steps)
# the moderators' lines (rulings, "Visibility": NPC sheets and TNs, exact health), never a player's
SECRET = re.compile(
    r"\bTN\b|TNs|save total|has \d+ (Wounds|Consciousness|Firewalls) left|orders before they resolve"
    r"|Firewalls are down|W \d+, C \d+, F \d+"
)


def buttons(message: dict) -> dict[str, str]:
    """label -> custom id of a message's buttons."""
    return {c["label"]: c["custom_id"] for c in walk_components(message.get("components") or []) if c.get("custom_id")}


def seen_by(fake, user: FakeUser, mod_channel) -> list[dict]:
    """What `user` sees, less the moderators' channel (the fake lets everyone read a guild channel; a real server
    keeps that one to the moderators)."""
    hidden = {m["id"] for m in fake.messages_in(mod_channel)}
    return [m for m in fake.seen_by(user) if m["id"] not in hidden]


async def step_dm(fake, user: FakeUser, day: int) -> dict:
    """The DM telling `user` that step `day` is theirs (with the face-off's buttons, when it is a question)."""

    def found():
        return next((m for m in reversed(fake.dms_to(user)) if f"(Step {day})" in (m.get("content") or "")), None)

    return await fake.wait_until(found, what=f"{user.name}'s DM for step {day}")


async def question_dm(fake, user: FakeUser, seen: set) -> dict:
    """The newest face-off question DMed to `user` not seen before: one DM, the question with its answer buttons."""

    def found():
        return next((m for m in reversed(fake.dms_to(user)) if m["id"] not in seen and buttons(m)
                     and "Answer with /act action:react" in (m.get("content") or "")), None)

    message = await fake.wait_until(found, what=f"{user.name}'s face-off question")
    seen.add(message["id"])
    return message


class Passes:
    """The deadline loop's passes, counted (`scheduler.tick` wrapped): a test waits for passes, not for time."""

    def __init__(self, monkeypatch) -> None:
        self.done = 0
        real = scheduler.tick

        async def counted(*args, **kwargs):
            try:
                return await real(*args, **kwargs)
            finally:
                self.done += 1

        monkeypatch.setattr(scheduler, "tick", counted)


async def unresolved(fake, runner, passes: Passes, day: int, looks: int = 3) -> None:
    """The deadline loop, woken `looks` times, passes over the game as often (the first may have begun before:
    3 make two whole passes at least) and leaves step `day` unresolved."""
    for _ in range(looks):
        target = passes.done + 1
        runner.look()
        await fake.wait_until(lambda: passes.done >= target, what="a pass of the deadline loop")
    assert (await game_row(runner.db)).day == day, f"step {day} resolved before its post was sent"


async def test_a_whole_infinity_fight_on_discord(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(SEED))  # the same fight every run
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    mod_channel = fake.add_channel("moderators")
    commands = []

    async def slash(user: FakeUser, name: str, options: dict | None = None, **kwargs):
        record = await fake.slash(user, name, options, **kwargs)
        commands.append(record)
        return record

    passes = Passes(monkeypatch)
    runner = BotRunner(fake, database_url, clock)
    # no tick of the deadline loop comes by itself in this test: a post sent, a button clicked or the clock
    # moved to a deadline wakes it (`Loops.look`), so each step here resolves because the bot looked at once
    runner.settings = runner.settings.model_copy(update={"poll_seconds": 3600, "delivery_seconds": 0.05})
    await runner.start()
    try:
        registered = {c["name"] for c in fake.registered[None]}
        assert {"attack", "cover", "item", "skill", "act", "status"} <= registered
        assert not {"switch", "observe", "reset", "points", "undo", "send", "react"} & registered  # issue 23

        # --- set-up: the demo roster; Alice plays Lena, Bob the Fusilier; the NPCs are the game master's ------
        await slash(mod, "game create", {"name": "Paradiso", "ruleset": "infinity_intervention"})
        await slash(mod, "game settings", {"name": "moderator_channel", "value": f"<#{mod_channel.id}>"})
        await slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await slash(mod, "game open")
        for player in (alice, bob):
            assert "signed up for Paradiso" in (await slash(player, "join")).text
        await slash(mod, "game start")
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        fighters = game.state["fighters"]
        seats = {"Alice": fighters["lena"]["controller"], "Bob": fighters["fusilier"]["controller"]}
        players = {"lena": alice, "fusilier": bob}
        assert None not in seats.values() and fighters["zhanshi"]["controller"] is None
        assert game.state["order"] == ["lena", "fusilier", "zhanshi", "yan_huo"]
        assert "Combat begins. Post order: Lena, Fusilier, Zhanshi, Yan Huo. Heat: 4." in fake.text(fake.messages_in())
        assert "You play Lena." in fake.text(fake.dms_to(alice)) and "You play Fusilier." in fake.text(fake.dms_to(bob))
        told = await step_dm(fake, alice, 0)  # Lena posts first: Alice is told by DM, Bob is not
        assert "Build your post one command at a time (2 action(s) left): add more, or /act action:send" in told["content"]
        assert "(Step 0)" not in fake.text(fake.dms_to(bob))

        # --- Lena's first post: her own choices, a refusal with its reason, a hack on the Yan Huo -------------
        targets = await fake.autocomplete(alice, "attack", {"target": ""}, focused="target", dm=True)
        assert {t["value"] for t in targets} == {"yan_huo", "zhanshi"}
        assert all(not re.search(r"\d", t["name"]) for t in targets), targets  # names, sides, cover: no numbers
        own_pcs = await fake.autocomplete(alice, "attack", {"as": ""}, focused="as", dm=True)
        assert [c["value"] for c in own_pcs] == ["lena"]  # her own PC only: never an NPC
        refused = await slash(alice, "attack", {"target": "zhanshi"}, dm=True)
        assert refused.text == "Zhanshi cannot be hacked.", refused.text
        not_yours = await slash(bob, "cover", {"target": "high"}, dm=True)
        assert not_yours.text == "It is Lena's post now.", not_yours.text
        hacked = await slash(alice, "attack", {"target": "yan_huo"}, dm=True)
        assert "Your post so far: Attack Yan Huo" in hacked.text and "Left: 1 action(s)." in hacked.text, hacked.text
        assert "Add more, or /act action:send it as it stands." in hacked.text, hacked.text
        await unresolved(fake, runner, passes, 0)  # a post being built: the deadline loop's looks leave it alone
        acts = await fake.autocomplete(alice, "act", {"action": ""}, focused="action", dm=True)
        assert [a["value"] for a in acts][:7] == ["observe", "reset", "negotiate", "freeform", "undo", "send", "react"]
        sent = await slash(alice, "act", {"action": "send"}, dm=True)
        assert "Your post is sent: Attack Yan Huo" in sent.text, sent.text
        game = await stepped(runner, 0)
        await settle(fake, runner, "Lena's post")
        public = fake.text(fake.messages_in())
        assert "Lena attacks Yan Huo with the Hacking Device (CLAW-3 Carbonite)." in public
        assert "Lena rolls:" in public

        # --- the Fusilier's post, of several commands: high cover, Observe taken back, an attack, sent ----------
        await step_dm(fake, bob, 1)
        posted = len(fake.messages_in())
        covered = await slash(bob, "cover", {"target": "high"}, dm=True)
        assert "Your post so far: Move to high cover. Left: 1½ action(s)." in covered.text, covered.text
        await unresolved(fake, runner, passes, 1)
        observed = await slash(bob, "act", {"action": "observe"}, dm=True)
        assert "Move to high cover. Observe. Left: 1 action(s)." in observed.text, observed.text
        await unresolved(fake, runner, passes, 1)
        undone = await slash(bob, "act", {"action": "undo"}, dm=True)
        assert "Your post so far: Move to high cover. Left: 1½ action(s)." in undone.text, undone.text
        aimed = await slash(bob, "attack", {"target": "zhanshi"}, dm=True)
        assert "Move to high cover. Attack Zhanshi with your readied weapon. Left: ½ action(s)." in aimed.text
        await unresolved(fake, runner, passes, 1)
        sent = await slash(bob, "act", {"action": "send"}, dm=True)
        assert "Your post is sent: Move to high cover. Attack Zhanshi" in sent.text, sent.text
        game = await stepped(runner, 1)
        await settle(fake, runner, "the Fusilier's post")
        post = next(m for m in fake.messages_in()[posted:] if "Fusilier moves to high cover." in fake.text([m]))
        assert "Fusilier attacks Zhanshi with the CombiRifle" in fake.text([post])  # both actions: one post
        assert "Fusilier observes" not in fake.text(fake.messages_in()[posted:])  # taken back with /act action:undo

        # --- the Zhanshi's post: the moderators are told; the game master orders it `as` -----------------------
        assert game.state["awaited"] == "zhanshi"
        await fake.wait_until(
            lambda: "orders for Zhanshi" in fake.text(fake.messages_in(mod_channel)),
            what="the moderators told the Zhanshi waits for them",
        )
        assert "orders for Zhanshi" not in fake.text(
            seen_by(fake, alice, mod_channel) + seen_by(fake, bob, mod_channel)
        )
        npcs = await fake.autocomplete(mod, "attack", {"as": ""}, focused="as")
        assert "zhanshi" in {n["value"] for n in npcs}
        prey = await fake.autocomplete(mod, "attack", {"as": "zhanshi", "target": ""}, focused="target")
        assert {p["value"] for p in prey} == {"lena", "fusilier"}
        viewed = await slash(mod, "mod view")
        assert viewed.all_ephemeral and "`zhanshi`" in viewed.text and "W 10" in viewed.text, viewed.text
        ordered = await slash(mod, "attack", {"as": "zhanshi", "target": "fusilier"})
        assert "Your post so far: Attack Fusilier" in ordered.text, ordered.text
        await unresolved(fake, runner, passes, 2)
        await slash(mod, "act", {"action": "send", "as": "zhanshi"})
        game = await stepped(runner, 2)

        # --- the face-off question: Bob answers with the React button -------------------------------------------
        assert game.state["pending"]["target"] == "fusilier"
        def first_question():
            return next((m for m in reversed(fake.dms_to(bob))
                         if "React or take it?" in (m.get("content") or "") and buttons(m)), None)

        asked = await fake.wait_until(first_question, what="Bob's face-off question")
        assert set(buttons(asked)) == {"react", "take it"}
        # issue 23: one DM, the question with its buttons (was: the question, then "your move" with the buttons)
        assert not [m for m in fake.dms_to(bob) if "(Step 3)" in (m.get("content") or "")]
        question = fake.text(fake.dms_to(bob))
        assert "Zhanshi attacks you with the CombiRifle (2 strike(s)). React or take it?" in question
        assert "otherwise the answer is Take it" in question
        assert "attacks you" not in fake.text(fake.dms_to(alice))
        await settle(fake, runner, "the question")
        assert "Fusilier must choose: react or take the attack." in fake.text(fake.messages_in())
        refused = await slash(alice, "act", {"action": "react", "how": "take"}, dm=True)
        assert refused.text == "The question waits for Fusilier's answer.", refused.text
        answers = buttons(asked)
        clicked = await fake.click(bob, asked, answers["react"])
        assert "Face-off: react, 0 point(s) on saves, 0 on a critical." in clicked.text, clicked.text
        game = await stepped(runner, 3)
        await settle(fake, runner, "the face-off")
        public = fake.text(fake.messages_in())
        assert "Fusilier reacts with the CombiRifle: a face-off." in public
        assert "Fusilier rolls:" in public and "Zhanshi rolls:" in public
        assert "wins the face-off." in public or "The face-off cancels out: nothing happens." in public
        assert not buttons(fake.message_by_id[int(asked["id"])])  # a clicked message loses its buttons

        # --- /status: the post order, Heat and states for all; one's own sheet in full, to oneself alone ---------
        own = {alice: ("Lena: your sheet", "Wounds {}/7"), bob: ("Fusilier: your sheet", "Wounds {}/10")}
        for user in (alice, bob):
            status = await slash(user, "status", dm=True)
            assert status.all_ephemeral and own[user][0] in status.text, status.text
            assert "Zhanshi (NPC, " in status.text and "Yan Huo (NPC, " in status.text, status.text

        # --- the rest of the fight: the PCs attack on their posts (Bob spends an Infinity Point once, Alice
        # switches to her CombiRifle once), the NPCs' script posts at each deadline; the next question asked of
        # a PC is left to its deadline (take, no points); later ones are answered "take it" by button ----------
        switched = spent = timed_out = False
        questions = {asked["id"]}
        other = {alice: bob, bob: alice}
        while game.status != "over":
            assert game.day < MOST_STEPS, "the fight did not end"
            state = game.state
            pending = state["pending"]
            if pending is not None and pending["target"] in players:
                user = players[pending["target"]]
                asked = await question_dm(fake, user, questions)  # the question and its buttons, to its player
                assert f"(Step {game.day})" not in fake.text(fake.dms_to(other[user]))
                if not timed_out:  # rulings, "Reactions": `reaction_hours`; no answer: take, no points
                    assert game.deadline == clock() + timedelta(hours=state["settings"]["reaction_hours"])
                    points = state["fighters"][pending["target"]]["infinity_points"]
                    posted = len(fake.messages_in())
                    clock.set(game.deadline)
                    game = await stepped(runner, game.day)
                    await settle(fake, runner, "the unanswered question")
                    after = fake.text(fake.messages_in()[posted:])
                    name = state["fighters"][pending["target"]]["sheet"]["name"]
                    assert f"{name} takes the attack." in after and "Infinity Point" not in after, after
                    assert game.state["fighters"][pending["target"]]["infinity_points"] == points
                    timed_out = True
                else:
                    clicked = await fake.click(user, asked, buttons(asked)["take it"])
                    assert "Face-off: take it" in clicked.text, clicked.text
                    game = await stepped(runner, game.day)
                continue
            awaited = state["awaited"]
            if awaited not in players:  # an NPC's post: its script at the deadline
                clock.set(game.deadline)
                game = await stepped(runner, game.day)
                continue
            user, me = players[awaited], state["fighters"][awaited]
            await step_dm(fake, user, game.day)  # whose post it is: its player is told by DM, the other is not
            assert f"(Step {game.day})" not in fake.text(fake.dms_to(other[user]))
            said = None
            if me["immobilized"]:  # rulings, "Immobilizing": the post must start with Reset
                said = await slash(user, "act", {"action": "reset"}, dm=True)
                assert "Reset." in said.text, said.text
            elif awaited == "fusilier" and not spent and me["infinity_points"] and not me["ip_action_used"]:
                menu = (await slash(bob, "skill", {"action": "points"}, dm=True)).reply  # typed alone: its menu
                await fake.select(bob, menu, "order:points:extra_action", ["yes"])
                said = await fake.click(bob, menu, "order:points:submit")
                assert "Spend an Infinity Point for an extra action." in said.text, said.text
                spent = True
            elif awaited == "lena" and not switched:
                said = await slash(alice, "item", {"action": "switch", "with": "combirifle"}, dm=True)
                assert "Ready the CombiRifle." in said.text, said.text
                switched = True
            elif me["halves"] >= 2:  # a whole action: attack the first enemy offered
                choices = await fake.autocomplete(user, "attack", {"target": ""}, focused="target", dm=True)
                said = await slash(user, "attack", {"target": choices[0]["value"]}, dm=True)
                assert "Attack " in said.text, said.text
            elif me["minors"] < 4:  # half an action left: a minor one
                said = await slash(user, "act", {"action": "observe"}, dm=True)
                assert "Observe." in said.text, said.text
            else:  # nothing it may still do: the post's deadline passes (a forfeit)
                clock.set(game.deadline)
            if said is not None and "/act action:send it as it stands" in said.text:  # from here on, one command a post, sent
                await slash(user, "act", {"action": "send"}, dm=True)
            game = await stepped(runner, game.day)
        await settle(fake, runner, "the end")
        assert timed_out, "no face-off question was left to its deadline"
        assert spent and switched

        # --- what everyone saw -----------------------------------------------------------------------------------
        public_messages = fake.messages_in()
        public = fake.text(public_messages)
        assert "The combat is over: the PCs prevail." in public or "The combat is over: the PCs are defeated." in public
        assert "Fusilier spends an Infinity Point for an extra action." in public
        assert "Lena readies the CombiRifle." in public
        assert not SECRET.search(public), SECRET.search(public)
        assert all(not m["flags"] & EPHEMERAL for m in public_messages)
        for record in commands:
            assert record.all_ephemeral, f"/{record.name} by {record.user.name} answered publicly"
        told = fake.text(fake.messages_in(mod_channel))
        assert "TN was" in told and "save total" in told  # the moderators have the numbers
        assert "orders for Yan Huo" in told  # each NPC post the script made was announced to them first
        assert "Zhanshi's orders before they resolve: attack Fusilier." in told  # the game master's `as`
        # issue 23: the game's own words everywhere (steps, no days, no roles, no None), and the game master's
        # inbox: one message per resolved step, besides the start's and the questions the moderators must answer
        front = registry.front("infinity_intervention")
        for text in (public, told, *(fake.text(fake.dms_to(u)) for u in (alice, bob)), *(r.text for r in commands)):
            assert wrong_words(text, front) == [], wrong_words(text, front)
        asked_of_them = sum("Answer with /act action:react" in (m.get("content") or "") for m in fake.messages_in(mod_channel))
        assert len(fake.messages_in(mod_channel)) <= game.day + 1 + asked_of_them

        # each player's own sheet (/status, above) reached that player alone; no NPC number, nobody else's health
        for user, other in ((alice, bob), (bob, alice)):
            seen = fake.text(seen_by(fake, user, mod_channel))
            assert own[other][0] not in seen, f"{user.name} saw {other.name}'s sheet"
            assert not re.search(own[other][1].format(r"\d+"), seen), f"{user.name} saw {other.name}'s Wounds"
            for line in seen.splitlines():
                if "TN" in line:  # only one's own sheet's target numbers ("ballistics: TN 13, critical 13-13")
                    assert re.search(r"\w+: TN \d+, critical", line), line
                    assert not re.search(r"Zhanshi|Yan Huo|TN was|TNs", line), line
                assert not re.search(r"save total|has \d+ \w+ left|Face-off TNs|W \d+, C \d+", line), line
        async with runner.db.read() as session:
            events = (await session.execute(select(EventRow).order_by(EventRow.id))).scalars().all()
        assert_private_events_reach_only_their_audience(
            fake, events, {alice: seats["Alice"], bob: seats["Bob"]}, mod_channel
        )
    finally:
        await runner.stop()


def assert_private_events_reach_only_their_audience(fake, events, seats: dict, mod_channel) -> None:
    """Each line of an event meant for others (a player's, the moderators') is seen by no one else (a line also
    in a public event or one of the user's own proves nothing and is skipped)."""
    public_lines = {ln.strip() for e in events if e.audience.get("kind") == "public" for ln in e.text.splitlines()}
    assert any(e.audience.get("kind") == "moderators" for e in events)
    for user, seat in seats.items():
        mine = {ln.strip() for e in events if seat in (e.audience.get("ids") or []) for ln in e.text.splitlines()}
        seen = {ln.strip() for ln in fake.text(seen_by(fake, user, mod_channel)).splitlines()}
        for event in events:
            if event.audience.get("kind") == "public" or seat in (event.audience.get("ids") or []):
                continue
            for line in filter(None, (ln.strip() for ln in event.text.splitlines())):
                if line not in public_lines | mine:
                    assert line not in seen, f"{user.name} saw a line of an event for others: {line!r}"

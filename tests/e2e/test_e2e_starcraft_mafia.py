"""Issue 11, "The Discord end-to-end test plays a whole StarCraft Mafia game through the fake Discord": the real
bot (cogs, deadline loop, outbox worker, SQLite) against the fake Discord of tests/e2e, with nothing in the bot
that knows the game.

A moderator creates a `starcraft_mafia` game; six players join, Raynor asking for the Ghost class; the game
starts. The channel shows the infested count and the classes, never who is infested; the infested get a private
thread holding only them. Day 1 is played with slash commands (ephemeral answers, refusals with their reason,
autocomplete from each player's own view, an order changed before the deadline) and resolved by its deadline:
battle rolls reach the combatants by DM, the probe the ghost, the Zerg attacker's target reads "Infested
Terran". Tychus's Infest makes Kerrigan infested, unposted: both are told, Kerrigan joins the thread, while
Tychus's human form falls and his transformation is posted. On Day 2 the moderator kills both with `/mod kill`
(each leaves the thread) and `/resolve now` ends the game: the uninfested win, and the end is posted.

Then everything each user saw (channel, threads, DMs, ephemeral replies; `fake.seen_by`) is checked against
the rulings, "Public and private": nothing names an infested player or a Zerg attacker as such before his
death, shows fatigue, or carries an event meant for other players.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from bot.db.models import EventRow, Game
from bot.services.base import fairness
from engine.rulesets.starcraft_mafia.catalog import catalog
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_models import EPHEMERAL, FakeUser
from engine.rulesets.starcraft_mafia.front.commands import ABILITY_OF
from tests.e2e.game_steps import game_row
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e

NAMES = ("Raynor", "Tychus", "Kerrigan", "Nova", "Swann", "Stetmann")
# what reveals each infested in public: after it, a line may call him infested
REVEALED = {"Tychus": "Tychus has transformed into an Infested Terran!", "Kerrigan": "Kerrigan has died"}
SEED = 20260601  # with it, Tychus (s002) is the one infested, a Medic; Raynor gets the Ghost he asked for


async def resolved(fake, runner, day: int, timeout: float = 20.0) -> Game:
    """Wait until the game has moved past `day` (or ended) and the outbox has delivered it."""
    def told() -> int:  # each day's post says its seed is held; the end reveals them all (hidden teams)
        public = fake.text(fake.messages_in())
        return max(public.count("its seed stays secret until the game ends"), public.count("seed revealed"))

    await fake.wait_until(lambda: told() >= day, timeout=timeout, what=f"Day {day} resolved")
    await settle(fake, runner, f"Day {day}")
    return await game_row(runner.db)


def seen_by(fake, user: FakeUser, mod_channel) -> list[dict]:
    """What `user` sees, less the moderators' channel (the fake lets everyone read a guild channel; a real
    server keeps that one to the moderators)."""
    hidden = {m["id"] for m in fake.messages_in(mod_channel)}
    return sorted((m for m in fake.seen_by(user) if m["id"] not in hidden), key=lambda m: int(m["id"]))  # in order


def lines(messages: list[dict]) -> set[str]:
    return {line.strip() for line in FakeDiscord.text(messages).splitlines() if line.strip()}


def leaks_of_the_infested(text: str, name: str) -> list[str]:
    """Lines that tie `name` to the infested or the Zerg form."""
    return [line for line in text.splitlines() if name in line and re.search(r"nfested|zerg", line, re.I)]


async def test_a_whole_starcraft_mafia_game_on_discord(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(SEED))  # the same game every run
    mod = fake.add_user("Gamemaster", moderator=True)
    raynor, tychus, kerrigan, nova, swann, stetmann = users = [fake.add_user(n) for n in NAMES]
    humans = [u for u in users if u is not tychus]  # Day 1; then Tychus infests Kerrigan
    uninfested = [raynor, nova, swann, stetmann]
    mod_channel = fake.add_channel("moderators")
    commands = []

    async def slash(user: FakeUser, name: str, options: dict | None = None, **kwargs):
        record = await fake.slash(user, name, options, **kwargs)
        commands.append(record)
        return record

    async def choices(user: FakeUser, command: str, options: dict, focused: str) -> list[tuple[str, str]]:
        return [(c["name"], c["value"]) for c in await fake.autocomplete(user, command, options, focused=focused)]

    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        registered = {c["name"] for c in fake.registered[None]}
        assert {"attack", "vote", "item", "skill", "act", "join", "status", "mod", "resolve"} <= registered
        assert not {"sleep", "heal", "repair", "probe", "give", "pickup", "steal", "stim", "cloak", "sabotage"} & registered

        # --- set-up: a moderator creates the game; six join, Raynor asks for the Ghost class -------------
        created = await slash(mod, "game create", {"name": "Char", "ruleset": "starcraft_mafia",
                                                   "early_resolution": False})
        assert "Char" in created.text, created.text
        await slash(mod, "game settings", {"name": "moderator_channel", "value": f"<#{mod_channel.id}>"})
        await slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await slash(mod, "game open")
        await fake.wait_until(lambda: "/join" in fake.text(fake.messages_in()), what="the sign-up announcement")
        # its days last `day_hours` (24) from when each opens, not until a daily time
        assert "each day's orders are due 24 hours after it opens." in fake.text(fake.messages_in())
        for user in users:
            joined = await slash(user, "join", {"role": "ghost"} if user is raynor else {})
            assert "signed up for Char" in joined.text, joined.text
            if user is raynor:  # issue 23: the class asked for is confirmed
                assert "You asked for the Ghost class." in joined.text and "Ask for" not in joined.text, joined.text
        started = await slash(mod, "game start")
        assert "Char has started: Day 1 is open until" in started.text, started.text  # the game's first day
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        seats = {p["name"]: seat for seat, p in game.state["players"].items()}
        assert [p["name"] for p in game.state["players"].values() if p["team"] == "infested"] == ["Tychus"]
        assert game.state["players"][seats["Raynor"]]["cls"] == "ghost"

        # rulings, "Players, teams, classes": the count and the classes are public, the infested are not
        public = fake.text(fake.messages_in())
        assert "1 of you is infested." in public
        assert "Classes: Raynor (Ghost), Tychus (Medic)" in public
        assert not leaks_of_the_infested(public, "Tychus")
        assert "Your class request was granted" in fake.text(fake.dms_to(raynor))
        assert "The infested team: Tychus." in fake.text(fake.dms_to(tychus))
        # the infested's private thread (docs/bot.md, "Private groups"): Tychus alone in it, with the bot
        (thread,) = fake.threads(private=True)
        assert thread.members - {fake.world.bot.id} == {tychus.id} and not thread.invitable
        for user in humans:
            assert not {m["id"] for m in thread.messages} & {m["id"] for m in fake.seen_by(user)}
            assert thread.name not in fake.text(fake.seen_by(user))
        assert "Tychus: Medic, infested" in fake.text(fake.messages_in(mod_channel))  # the moderators know
        outside = await slash(nova, "team say", {"text": "who is in there?"})  # a human learns nothing from it
        assert outside.text == "You are in no private group of this game.", outside.text
        inside = await slash(tychus, "team say", {"text": "hello"})
        assert f"<#{thread.id}>" in inside.text, inside.text
        assert "who is in there?" not in fake.text(fake.seen_by(tychus))

        # --- Day 1: autocomplete from each player's own view -------------------------------------------
        targets = await choices(nova, "attack", {"target": ""}, "target")
        assert ("Tychus (Medic): suit 20, body 10", seats["Tychus"]) in targets
        assert targets[-1] == ("Yourself: suicide", seats["Nova"])
        for human in humans:  # rulings, "Public and private": a human's lists show nobody as infested
            assert not any("nfested" in label for label, _ in await choices(human, "attack", {"target": ""},
                                                                            "target"))
            assert await choices(human, "attack", {"target": seats["Swann"], "how": ""}, "how") == []
            menu = (await fake.slash(human, "attack", {})).reply  # typed alone: its menu, infest for the infested only
            assert "order:attack:target" in menu.custom_ids() and "order:attack:infest" not in menu.custom_ids()
        assert [v for _, v in await choices(tychus, "attack", {"target": seats["Kerrigan"], "how": ""}, "how")] \
            == ["human", "zerg"]
        kinds = await choices(stetmann, "skill", {"action": "steal", "target": seats["Tychus"], "how": ""}, "how")
        assert kinds == await choices(stetmann, "skill", {"action": "steal", "target": seats["Swann"], "how": ""}, "how")
        skills = [v for _, v in await choices(kerrigan, "skill", {"action": ""}, "action")]
        cls = catalog().cls(game.state["players"][seats["Kerrigan"]]["cls"])
        own = [v for v in ("heal", "repair", "probe", "steal", "stim", "cloak", "sabotage")
               if v not in ABILITY_OF or ABILITY_OF[v] in cls.abilities]  # only what her class can do (issue 33)
        assert own != ["steal"] and len(own) < 7, (cls.id, own)
        assert skills[: len(own)] == own  # its /skill first
        assert set(skills[len(own):]) == {"attack", "sleep", "nothing", "give", "pickup"}  # then the rest, no other game's
        own = await choices(kerrigan, "item", {"action": "give", "with": ""}, "with")
        assert own == [("C-7 Pistol", own[0][1])]  # his own items only

        # --- refusals, with their reasons; nothing saved ---------------------------------------------------
        refused = await slash(raynor, "skill", {"action": "stim"})
        assert "Stim Pack is not an ability of the Ghost class." in refused.text, refused.text
        refused = await slash(nova, "attack", {"target": seats["Swann"], "how": "zerg"})
        assert refused.text == "Only the infested can attack in Zerg form or infest.", refused.text
        refused = await slash(kerrigan, "skill", {"action": "heal", "target": seats["Nova"]})
        assert refused.text == "Heal is not an ability of the Technician class.", refused.text

        # --- orders, one changed before the deadline --------------------------------------------------------
        assert "Order saved for Day 1: Attack Swann." in (await slash(nova, "attack", {"target": seats["Swann"]})).text
        assert "Order saved for Day 1: Attack Tychus." in (await slash(nova, "attack",
                                                                       {"target": seats["Tychus"]})).text
        probe = await slash(raynor, "skill", {"action": "probe", "target": seats["Tychus"]})
        assert "Order saved for Day 1: Psychic Probe Tychus." in probe.text, probe.text
        zerg = await slash(tychus, "attack", {"target": seats["Kerrigan"], "how": "zerg"})
        assert "Attack Kerrigan in Zerg form" in zerg.text, zerg.text
        opened = (await slash(tychus, "attack", {})).reply  # typed alone: its menu, where `infest` is
        await fake.select(tychus, opened, "order:attack:target", [seats["Kerrigan"]])
        await fake.select(tychus, opened, "order:attack:infest", ["yes"])
        infest = await fake.click(tychus, opened, "order:attack:submit")  # changed
        assert "Order saved for Day 1: Infest Kerrigan (a secret Zerg attack)." in infest.text, infest.text
        assert "Order saved for Day 1: Sleep." in (await slash(swann, "act", {"action": "sleep"})).text
        healing = await slash(swann, "skill", {"action": "heal", "target": seats["Kerrigan"]})  # replaces the day's main action
        assert "Order saved for Day 1: Heal Kerrigan." in healing.text, healing.text
        assert await choices(swann, "item", {"action": "pickup", "target": ""}, "target") == []  # no bodies yet
        given = await slash(kerrigan, "item", {"action": "give", "with": own[0][1], "target": seats["Stetmann"]})
        assert "Give your C-7 Pistol to Stetmann" in given.text, given.text
        stole = await slash(stetmann, "skill", {"action": "steal", "target": seats["Tychus"], "how": "c7_pistol"})
        assert "Steal a C-7 Pistol from Tychus" in stole.text, stole.text
        assert "Attack Tychus" in (await slash(stetmann, "attack", {"target": seats["Tychus"]})).text
        orders = await slash(nova, "orders")
        assert "Attack Tychus" in orders.text and "Attack Swann" not in orders.text.split("Receipts")[0]
        status = await slash(tychus, "status")
        assert status.all_ephemeral and "The infested team (secret): Tychus" in status.text
        for human in humans:  # each his own card: his fatigue and items; of the others class and HP only
            card = (await slash(human, "status")).text
            assert "Fatigue (only you see it, and an opponent in a battle's rolls)" in card and "Tychus (Medic): suit 20, body 10" in card
            assert not leaks_of_the_infested(card, "Tychus"), card

        # --- the deadline passes: the deadline loop resolves Day 1 ------------------------------------------
        clock.set(game.deadline)
        game = await resolved(fake, runner, 1)
        assert game.day == 2 and game.status == "running"
        public = fake.text(fake.messages_in())
        assert "Nova attacked Tychus." in public and "Stetmann attacked Tychus." in public
        # rulings: transformations are public; "A successful infestation is never posted; the victim and all
        # infested are told"
        assert "Tychus has transformed into an Infested Terran!" in public
        assert "attacked Kerrigan" not in public and "Infested Terran: 50/50" in public
        infested = "Kerrigan has been infested and joins the infested team."
        for user in users:
            assert (infested in fake.text(seen_by(fake, user, mod_channel))) == (user in (tychus, kerrigan))
        # the new infested joins the thread at once (docs/bot.md, "Private groups") and gets the Zerg options
        await fake.wait_until(lambda: thread.members - {fake.world.bot.id} == {tychus.id, kerrigan.id},
                              what="Kerrigan added to the infested's thread")
        assert [v for _, v in await choices(kerrigan, "attack", {"target": seats["Nova"], "how": ""}, "how")] \
            == ["human", "zerg"]
        # private results by DM: each combatant his battles' rolls, the probe to the ghost alone
        assert "Round 1: Nova (C-14 Rifle) rolls" in fake.text(fake.dms_to(nova))
        assert "Your battle: Infested Terran attacked Kerrigan." in fake.text(fake.dms_to(kerrigan))
        assert "Your battle: Tychus attacked Kerrigan." in fake.text(fake.dms_to(tychus))
        assert "Psychic Probe" in fake.text(fake.dms_to(raynor))
        for user in users:
            if user is not raynor:
                assert "Psychic Probe" not in fake.text(seen_by(fake, user, mod_channel))
        for user in (kerrigan, stetmann):  # rulings: "Give, Heal, Repair reach both players"
            assert "Kerrigan gave Stetmann the C-7 Pistol." in fake.text(fake.dms_to(user))
        for user in (swann, kerrigan):
            assert "Swann healed Kerrigan" in fake.text(fake.dms_to(user))

        # --- Day 2: the moderator kills both infested; /resolve now ends the game ----------------------------
        assert "Order saved for Day 2: Sleep." in (await slash(nova, "act", {"action": "sleep"})).text
        killed = await slash(mod, "mod kill", {"user": tychus, "reason": "left the server"})
        assert killed.all_ephemeral and "Tychus" in killed.text, killed.text
        await settle(fake, runner, "the first kill")
        assert "Tychus, one of the infested, has been killed by the moderators." in fake.text(fake.dms_to(kerrigan))
        await fake.wait_until(lambda: thread.members - {fake.world.bot.id} == {kerrigan.id},
                              what="the dead leave the thread")
        killed = await slash(mod, "mod kill", {"user": kerrigan, "reason": "idle"})
        assert killed.all_ephemeral and "Kerrigan" in killed.text, killed.text
        refused = await slash(nova, "mod kill", {"user": raynor, "reason": "no"})
        assert "moderator" in refused.text.lower(), refused.text
        await slash(mod, "resolve now")
        game = await resolved(fake, runner, 2)
        assert game.status == "over"
        assert sorted(game.state["winners"]) == sorted(seats[u.name] for u in uninfested)
        public = fake.text(fake.messages_in())
        assert "The last infested has fallen: the uninfested win." in public
        # hidden teams: no day's seed was posted while the game ran (with the day's public results a seed lets a
        # player replay the day under guesses of who attacked); the end reveals both, after the commitments
        ending = public.index("The game is over: every day's seed is revealed")
        assert "Day 1 is resolved; its seed stays secret until the game ends" in public[:ending]
        assert "seed revealed" not in public[:ending]
        assert "Day 1 seed revealed" in public[ending:] and "Day 2 seed revealed" in public[ending:]
        # rulings, "Public and private": "A moderator kill is public, reveals class and team, and leaves the
        # items on the body"; the stat list shows the dead's class, team and items
        assert "Tychus has died (left the server). Tychus was a Medic, infested." in public
        assert "Kerrigan has died (idle). Kerrigan was a Technician, infested." in public
        assert "Tychus (Medic, infested), dead; items: C-7 Pistol, Optical Flare Grenade" in public
        await fake.wait_until(lambda: thread.members - {fake.world.bot.id} == set(), what="the dead leave the thread")
        told = "The moderators have killed you (left the server). Your items stay on your body."
        assert told in fake.text(fake.dms_to(tychus))
        assert all(told not in fake.text(seen_by(fake, user, mod_channel)) for user in uninfested)

        # --- what everyone saw (rulings, "Public and private") ---------------------------------------------
        public_messages = fake.messages_in()
        assert all(not m["flags"] & EPHEMERAL for m in public_messages)
        for record in commands:
            assert record.all_ephemeral, f"/{record.name} by {record.user.name} answered publicly"
        for name, revealed in REVEALED.items():  # named as infested only once his transformation or death says so
            before = fake.text(public_messages).split(revealed)[0]
            assert not leaks_of_the_infested(before, name), f"{name} named as infested before: {revealed!r}"
        assert "atigue" not in fake.text(public_messages), "fatigue is private"
        items = [catalog().item_name(k) for k in catalog().item_kinds()]
        for line in fake.text(public_messages).splitlines():  # the living's items are private
            if any(item in line for item in items):
                assert "picked up" in line or ", dead; items: " in line, f"an item in public: {line!r}"
        for user in uninfested:
            for name, revealed in REVEALED.items():
                seen = fake.text(seen_by(fake, user, mod_channel)).split(revealed)[0]
                assert not leaks_of_the_infested(seen, name), f"{user.name} learnt that {name} is infested"
        async with runner.db.read() as session:
            events = (await session.execute(select(EventRow).order_by(EventRow.id))).scalars().all()
        assert_private_events_reach_only_their_audience(fake, events, users, seats, mod_channel)
    finally:
        await runner.stop()


def assert_private_events_reach_only_their_audience(fake, events, users, seats, mod_channel) -> None:
    """Rulings, "Public and private": each line of a private event is seen by its audience only (a line that
    a user may also read in an event meant for him, or a public one, proves nothing and is skipped); the
    moderators' events reach no player."""
    public_lines = {ln.strip() for e in events if e.audience.get("kind") == "public" for ln in e.text.splitlines()}
    for user in users:
        seat = seats[user.name]
        mine = {ln.strip() for e in events if seat in (e.audience.get("ids") or []) for ln in e.text.splitlines()}
        allowed = public_lines | mine
        seen = lines(seen_by(fake, user, mod_channel))
        for event in events:
            kind = event.audience.get("kind")
            if kind == "public" or seat in (event.audience.get("ids") or []):
                continue
            for line in filter(None, (ln.strip() for ln in event.text.splitlines())):
                if line not in allowed:
                    assert line not in seen, f"{user.name} saw a line of a {kind} event for others: {line!r}"
    assert any(e.audience.get("kind") == "players" for e in events)


async def test_idle_days_pass_with_resolve_now_until_the_day_limit_draws(fake, database_url, clock, monkeypatch):
    """Rulings, "Idle" (Do Nothing; after `idle_alert_days` idle days in a row the moderators are told) and "End"
    (after Day `max_days` the game is a draw), through the bot: five players who never order, the settings
    changed with /game settings, each day resolved by the moderator's /resolve now. The idle alerts reach the
    moderators' channel and no player."""
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(SEED))
    mod = fake.add_user("Gamemaster", moderator=True)
    users = [fake.add_user(n) for n in NAMES[:5]]
    mod_channel = fake.add_channel("moderators")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await fake.slash(mod, "game create", {"name": "Quiet", "ruleset": "starcraft_mafia", "early_resolution": False})
        await fake.slash(mod, "game settings", {"name": "moderator_channel", "value": f"<#{mod_channel.id}>"})
        for name, value in (("max_days", "3"), ("idle_alert_days", "2")):
            changed = await fake.slash(mod, "game settings", {"name": name, "value": value})
            assert name in changed.text and changed.all_ephemeral, changed.text
        await fake.slash(mod, "game settings", {"name": "muster_hours", "value": "0"})  # no muster here
        await fake.slash(mod, "game open")
        for user in users:
            await fake.slash(user, "join")
        await fake.slash(mod, "game start")
        await settle(fake, runner, "the start")
        for day in (1, 2, 3):
            done = await fake.slash(mod, "resolve now")
            assert done.all_ephemeral and f"Day {day}" in done.text, done.text
            game = await resolved(fake, runner, day)
        assert game.status == "over" and game.state["winners"] == []
        public = fake.text(fake.messages_in())
        assert "The game ends in a draw." in public
        alerts = [f"{u.name} has given no orders for 2 days in a row." for u in users]
        moderators = fake.text(fake.messages_in(mod_channel))
        assert all(alert in moderators for alert in alerts), moderators
        for user in users:
            seen = fake.text(seen_by(fake, user, mod_channel))
            assert not any(alert in seen for alert in alerts), f"{user.name} read an idle alert"
    finally:
        await runner.stop()

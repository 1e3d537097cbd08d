"""Issue 33, point 3: a whole game of each of the five games played by a phone player with buttons and menus
only, against the fake Discord: every order is given through the orders card of `/orders` (Add an order, the
verb, its menu: `tests/e2e/card_play.py`), changed with its Change button or taken off with Withdraw, in the
channel and by DM; no order option is ever typed. The moderators' side is what it is in each game's own
end-to-end test (commands to set up and start; the game master's characters follow their script)."""

from __future__ import annotations

import pytest

from bot.services.base import fairness
from tests.e2e.card_play import button_ids, by_card, card, choose_verb, fill, offered, orders_dm, selects, verbs
from tests.e2e.conftest import BotRunner
from tests.e2e.game_steps import game_row, stepped
from tests.e2e.test_e2e_game import settle

pytestmark = pytest.mark.e2e


async def setup(fake, mod, ruleset: str, players, settings: dict[str, str] | None = None, **create):
    await fake.slash(mod, "game create", {"name": "Phone", "ruleset": ruleset, **create})
    for name, value in {"muster_hours": "0", **(settings or {})}.items():
        await fake.slash(mod, "game settings", {"name": name, "value": value})
    await fake.slash(mod, "game open")
    for player in players:
        await fake.slash(player, "join")
    await fake.slash(mod, "game start")


async def gm_card(fake, mod, name: str):
    """`/mod orders`: the game master's card of the character `name` (each character's card a message of its own)."""
    answered = await fake.slash(mod, "mod orders")
    found = [r for r in answered.replies if any((e.get("title") or "").startswith(f"Orders of {name} in ")
                                                for e in r.embeds)]
    assert len(found) == 1 and found[0].ephemeral, answered.text
    assert "Add an order" in button_ids(found[0]), button_ids(found[0])
    return found[0]


async def for_character(fake, mod, name: str, verb: str, wanted=None):
    """The game master's order for a character of theirs by buttons: `/mod orders`, the character's card, its
    Add an order, the verb, its menu, Submit."""
    shown = await gm_card(fake, mod, name)
    chooser = (await fake.click(mod, shown, button_ids(shown)["Add an order"])).reply
    menu = await choose_verb(fake, mod, chooser, verb)
    return await fill(fake, mod, menu, verb, wanted or {})


async def test_mazeworld_by_buttons(fake, database_url, clock):
    mod, alice = fake.add_user("Gamemaster", moderator=True), fake.add_user("Alice")
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await setup(fake, mod, "mazeworld", [alice])
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        first, old, old_day = True, None, 0
        while game.status != "over":
            assert game.day <= 62, "the fight did not end"
            if first:  # the game master orders Wolf A by buttons; the wolves' script does the rest
                ordered = await for_character(fake, mod, "Wolf A", "attack")
                assert "Order saved" in ordered.text and "Attack Alice" in ordered.text, ordered.text
                shown = await gm_card(fake, mod, "Wolf A")
                assert "Attack Alice" in shown.text and "Withdraw these orders" in button_ids(shown), shown.text
                refused = await fake.click(alice, shown, button_ids(shown)["Withdraw these orders"])
                assert "moderators" in refused.text and refused.reply.ephemeral, refused.text
                assert "Attack Alice" in (await gm_card(fake, mod, "Wolf A")).text  # nothing changed
            if "attack" in await verbs(fake, alice, dm=not first):
                said = await by_card(fake, alice, "attack", {"amount": "3"}, dm=not first)
                assert "Order saved" in said.text and "Attack" in said.text, said.text
                if first:  # changed by its Change button, then withdrawn and given again
                    shown = await card(fake, alice)
                    assert list(button_ids(shown))[:2] == ["Change", "Withdraw these orders"], button_ids(shown)
                    chooser = (await fake.click(alice, shown, button_ids(shown)["Change"])).reply
                    assert chooser.ephemeral and "attack" in offered(selects(chooser)[0])  # one whole: choose anew
                    gone = await fake.click(alice, shown, button_ids(shown)["Withdraw these orders"])
                    assert "withdrawn" in gone.text, gone.text
                    assert "Attack" not in (await card(fake, alice)).text
                    again = await by_card(fake, alice, "attack", {"amount": "3"})
                    assert "Order saved" in again.text
                    old = await card(fake, alice)
                    old_day = (await game_row(runner.db)).day  # early resolution may have passed a step already
                    first = False
            clock.set(game.deadline)
            game = await stepped(runner, game.day)
            if old is not None and game.status != "over" and game.day > old_day:  # an earlier turn's card: refused
                late = await fake.click(alice, old, button_ids(old)["Withdraw these orders"])
                assert late.text == "These buttons are from an earlier step: use /orders again.", late.text
                assert late.reply.ephemeral
                old = None
        await settle(fake, runner, "the end")
        assert "The fight is over." in fake.text(fake.messages_in())
        assert old is None, "an earlier turn's card was never pressed"
    finally:
        await runner.stop()


def not_random(values: list[str]) -> str:
    return next(v for v in values if v != "random")


async def test_battle_royale_by_buttons(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20260601))
    mod = fake.add_user("Gamemaster", moderator=True)
    players = [fake.add_user(n) for n in ("Alice", "Bob", "Carol")]
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await setup(fake, mod, "battle_royale", players, {"days": "2"}, early_resolution=False)
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        withdrawn = from_dm = 0
        while game.status != "over":
            assert game.day <= 6, "the game did not end"
            awaited = await awaited_users(runner)
            for n, player in enumerate(players):
                dm = n == 2  # Carol plays by DM, from the DM of each step's results: its Your orders button
                via = None
                if dm and player.id in awaited:
                    via = await fake.wait_until(lambda: orders_dm(fake, player, game.day), what="the step's DM")
                    shown = via.get("content") or ""  # the results themselves, not a reminder or a bare button
                    assert shown.strip("\u200b") and not shown.startswith("Reminder:"), shown
                    from_dm += 1
                offered = await verbs(fake, player, dm, via)
                if not offered:
                    continue  # nothing to give (out of the game)
                if "day0" in offered:
                    said = await by_card(fake, player, "day0", {"zone": not_random}, dm, via)
                elif "attack" in offered:
                    said = await by_card(fake, player, "attack", {}, dm, via)
                    if "Order saved" in said.text:  # and a vote beside it: two orders on the card
                        await by_card(fake, player, "vote close", {}, dm, via)
                        shown = await card(fake, player, dm, via)
                        assert {"Change 1", "Withdraw 1", "Change 2", "Withdraw 2"} <= set(button_ids(shown))
                        gone = await fake.click(player, shown, button_ids(shown)["Withdraw 2"])
                        assert "Withdrawn from your orders" in gone.text, gone.text
                        assert "Withdraw 2" not in button_ids(await card(fake, player, dm, via))
                        withdrawn += 1
                else:
                    said = await by_card(fake, player, offered[0], {}, dm, via)
                assert "Order saved" in said.text or "Receipt" in said.text, said.text
            clock.set(game.deadline)
            game = await stepped(runner, game.day)
        await settle(fake, runner, "the end")
        assert "The game is over" in fake.text(fake.messages_in())
        assert withdrawn >= 3, "every player attacked, voted and withdrew the vote by buttons"
        assert from_dm >= 2, "Carol opened her card from the DM of the start and of a step's results"
    finally:
        await runner.stop()


ABILITIES = {"Nova": "heal", "Swann": "probe"}  # StarCraft Mafia: the class abilities these two give by the card


async def test_starcraft_mafia_by_buttons(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20260601))
    mod = fake.add_user("Gamemaster", moderator=True)
    players = [fake.add_user(n) for n in ("Raynor", "Tychus", "Kerrigan", "Nova", "Swann", "Stetmann")]
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await setup(fake, mod, "starcraft_mafia", players, {"max_days": "3"}, early_resolution=False)
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        changed = saved = 0
        abilities: set[str] = set()
        while game.status != "over":
            assert game.day <= 4, "the game did not end"
            for n, player in enumerate(players):
                dm = n % 2 == 1
                offered = await verbs(fake, player, dm)
                if "attack" not in offered:
                    continue  # dead: nothing to give
                ability = ABILITIES.get(player.name)
                if ability in offered:  # a class ability through the same menus (the medic heals, the ghost probes)
                    said = await by_card(fake, player, ability, {}, dm)
                    assert "Order saved" in said.text, said.text
                    assert ability.title() in (await card(fake, player, dm)).text, ability
                    abilities.add(ability)
                    continue
                said = await by_card(fake, player, "attack", {}, dm)
                saved += "Order saved" in said.text
                if n == 0 and "Order saved" in said.text:  # Raynor changes his attack by its button: he sleeps instead
                    shown = await card(fake, player, dm)
                    opened = await fake.click(player, shown, button_ids(shown)["Change 1"])
                    assert "order:attack:target" in opened.reply.custom_ids(), opened.reply.custom_ids()
                    retargeted = await fill(fake, player, opened.reply, "attack", {"target": lambda vs: vs[-1]})
                    assert "Order saved" in retargeted.text, retargeted.text
                    healed = await by_card(fake, player, "sleep", {}, dm)
                    assert "Order saved" in healed.text, healed.text
                    assert "Attack" not in (await card(fake, player, dm)).text.split("Receipts")[0]
                    changed += 1
            clock.set(game.deadline)
            game = await stepped(runner, game.day)
        await settle(fake, runner, "the end")
        assert saved >= 4 and changed >= 1
        assert abilities == {"heal", "probe"}, abilities
    finally:
        await runner.stop()


async def awaited_users(runner) -> list[int]:
    """The ids of the users whose orders the game waits for now, in the game's order of its awaited actors."""
    from sqlalchemy import select

    from bot.db.models import Player
    from bot.services.base.common import load_state, ruleset_of

    game = await game_row(runner.db)
    rules, state = ruleset_of(game), load_state(game)
    async with runner.db.read() as session:
        seats = {p.seat: p.user_id for p in (await session.execute(select(Player).where(Player.game_id == game.id))).scalars()}
    controllers = [rules.controller(state, actor) for actor in rules.awaiting(state)]
    return [seats[seat] for seat in controllers if seat in seats]


async def awaited_user(runner, users: dict[int, object]):
    """The user whose step the game waits for now (one actor at a time), or None (a character of no one's)."""
    awaited = await awaited_users(runner)
    return users[awaited[0]] if awaited else None


def told(fake, user, day: int):
    """The DM telling `user` that step `day` is theirs, with its buttons."""
    return next((m for m in reversed(fake.dms_to(user)) if f"({day_name(day)})" in (m.get("content") or "")), None)


def day_name(day: int) -> str:
    from engine import registry

    return registry.front("battle_royale_cards").words.name(day)


async def test_battle_royale_cards_by_buttons(fake, database_url, clock, monkeypatch):
    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(20260601))
    mod = fake.add_user("Gamemaster", moderator=True)
    players = [fake.add_user(n) for n in ("Alice", "Bob")]
    users = {p.id: p for p in players}
    runner = BotRunner(fake, database_url, clock)
    await runner.start()
    try:
        await setup(fake, mod, "battle_royale_cards", players, {"max_rounds": "5"})  # every kind of move by round 5
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        given: dict[str, int] = {}
        while game.status != "over":
            assert game.day <= 400, "the game did not end"
            user = await awaited_user(runner, users)
            if user is None:
                clock.set(game.deadline)
                game = await stepped(runner, game.day)
                continue
            dm = user is players[1]
            via = None
            if dm:  # Bob plays from the DM telling him it is his move: its Your orders button opens the card
                via = await fake.wait_until(lambda: told(fake, user, game.day), what="the step's DM")
            offered = await verbs(fake, user, dm, via)
            for verb in ("place", "attack", "move", "end"):
                if verb not in offered:
                    continue
                said = await by_card(fake, user, verb, {}, dm, via)
                if "Receipt" in said.text:
                    given[verb] = given.get(verb, 0) + 1
                    break
            else:
                clock.set(game.deadline)  # nothing it may do: the step passes at its deadline
            game = await stepped(runner, game.day)
        await settle(fake, runner, "the end")
        assert given.get("place") == 2 and given.get("attack", 0) + given.get("move", 0) >= 2, given
    finally:
        await runner.stop()


async def test_infinity_intervention_by_buttons(fake, database_url, clock, monkeypatch):
    from tests.e2e.test_e2e_infinity import buttons, question_dm

    monkeypatch.setattr(fairness, "new_seed", fairness.seeded_source(3))
    mod = fake.add_user("Gamemaster", moderator=True)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    runner = BotRunner(fake, database_url, clock)
    runner.settings = runner.settings.model_copy(update={"delivery_seconds": 0.05})
    await runner.start()
    try:
        # four turns, then the fight ends undecided by its house rule (some 35 posts rather than 68): each kind of
        # post and answer comes in every turn; tests/e2e/test_e2e_infinity.py plays the fight on to its decision
        await setup(fake, mod, "infinity_intervention", [alice, bob], {"max_turns": "4"})
        await settle(fake, runner, "the start")
        game = await game_row(runner.db)
        fighters = game.state["fighters"]
        by_seat = {alice: fighters["lena"]["controller"], bob: fighters["fusilier"]["controller"]}
        players = {"lena": alice, "fusilier": bob}
        assert None not in by_seat.values()
        questions: set = set()
        given: dict[str, int] = {}
        gm_posted = False
        while game.status != "over":
            assert game.day < 200, "the fight did not end"
            state = game.state
            pending = state["pending"]
            if pending is not None and pending["target"] in players:  # a face-off question: its DM's buttons
                user = players[pending["target"]]
                asked = await question_dm(fake, user, questions)
                clicked = await fake.click(user, asked, buttons(asked)["take it"])
                assert "Face-off: take it" in clicked.text, clicked.text
                game = await stepped(runner, game.day)
                continue
            awaited = state["awaited"]
            if awaited not in players and not gm_posted:  # the game master's first NPC post: by buttons
                name = state["fighters"][awaited]["sheet"]["name"]
                ordered = await for_character(fake, mod, name, "attack")
                assert "Receipt" in ordered.text, ordered.text
                if "send it as it stands" in ordered.text:
                    sent = await for_character(fake, mod, name, "send")
                    assert "Receipt" in sent.text, sent.text
                gm_posted = True
                game = await stepped(runner, game.day)
                continue
            if awaited not in players:  # an NPC's post: the game master's script at the deadline
                clock.set(game.deadline)
                game = await stepped(runner, game.day)
                continue
            user, me = players[awaited], state["fighters"][awaited]
            said = None
            if me["immobilized"]:
                said = await by_card(fake, user, "reset", {}, dm=True)
            elif me["halves"] >= 2:
                said = await by_card(fake, user, "attack", {}, dm=True)
            elif me["minors"] < 4:
                said = await by_card(fake, user, "observe", {}, dm=True)
            if said is None or "Receipt" not in said.text:
                clock.set(game.deadline)  # nothing it may still do: the post's deadline passes
            else:
                verb = said.name
                given[verb] = given.get(verb, 0) + 1
                if "send it as it stands" in said.text:  # the post is sent by the card too
                    sent = await by_card(fake, user, "send", {}, dm=True)
                    assert "Receipt" in sent.text or "sent" in sent.text.lower(), sent.text
            game = await stepped(runner, game.day)
        await settle(fake, runner, "the end")
        assert given.get("order:attack:submit", 0) >= 2, given  # attacks given by the card, sent by it
        assert gm_posted
    finally:
        await runner.stop()

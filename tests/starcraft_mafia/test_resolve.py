"""The day's resolution in the rulings' nine steps ("The day"), and what is public and private ("Public and
private"). Integration tests; each rule's detail is tested in its own module."""

from __future__ import annotations

import json
import random

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders, Pickup, Probe, Sleep
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from tests.starcraft_mafia.helpers import game, roster, table


def public(events):
    return [e for e in events if e.audience.kind == "public"]


def test_the_input_state_is_never_changed_and_a_seed_replays_the_day():
    state, _ = game(roster(10), seed=4)
    before = state.model_dump_json()
    orders = {p.id: DayOrders(main=Attack(target="p00")) for p in state.living() if p.id != "p00"}
    a = resolve_day(state, orders, RecordingRng(9))
    b = resolve_day(state, orders, RecordingRng(9))
    assert state.model_dump_json() == before
    dump = [(s.model_dump_json(), [e.model_dump_json() for e in ev]) for s, ev in (a, b)]
    assert dump[0] == dump[1]


def test_suicide_is_a_public_death_with_class_and_team():
    """Rulebook: "A player may commit suicide by attacking himself"; rulings: deaths with class, team, cause."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
    new, events = resolve_day(state, {"ma": DayOrders(main=Attack(target="ma"))}, RecordingRng(1))
    assert not new.players["ma"].alive and new.players["ma"].death_cause == "suicide"
    assert any("MA has died (suicide). MA was a Marine, uninfested." == e.text for e in public(events))


def test_a_zerg_infestation_is_never_posted_and_the_team_is_told():
    """Rulings: "A successful infestation is never posted; the victim and all infested are told"."""
    for seed in range(300):
        state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
        orders = {"zz": DayOrders(main=Attack(target="te", infest=True))}
        new, events = resolve_day(state, orders, RecordingRng(seed))
        if new.players["te"].infested and new.players["te"].alive:
            break
    else:
        raise AssertionError("no infestation in 300 seeded days")
    for e in public(events):
        assert e.kind in ("stat_list",), (e.kind, e.text)  # no battle, death or infestation post
        assert "TE (Technician): suit" in e.text  # listed among the living like anyone
    told = next(e for e in events if e.kind == "infested")
    assert told.audience.ids == ["te", "zz"]


def test_zerg_attackers_are_never_named_in_public():
    """Rulings: Zerg battles posted "only if someone died or fled, the attacker as 'Infested Terran'"."""
    for seed in range(200):
        state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
        new, events = resolve_day(state, {"zz": DayOrders(main=Attack(target="ma", form="zerg"))}, RecordingRng(seed))
        for e in events:  # the defender's own report of the battle does not name the attacker either
            if e.visible_to("ma") and not e.visible_to("zz"):
                assert "zz" not in json.dumps(e.data) and "ZZ" not in e.text
        for e in public(events):
            if e.kind == "battle":
                assert e.text.startswith("Infested Terran attacked MA")
            # the attacker is named only by the death of both forms (reveal_on_death), never by the battle
            assert "ZZ" not in e.text or e.kind in ("stat_list", "death")


def test_human_form_battles_are_public():
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
    _, events = resolve_day(state, {"ma": DayOrders(main=Attack(target="gh"))}, RecordingRng(3))
    assert any(e.kind == "battle" and e.text.startswith("MA attacked GH") for e in public(events))


def test_sleep_heals_2_and_rests_and_idle_players_do_nothing():
    """Rulings step 9: Sleep +2 body HP, fatigue -3; no orders: Do Nothing (-1 fatigue)."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
    state.players["ma"].body_hp, state.players["ma"].fatigue = 5, 4
    state.players["gh"].fatigue = 4
    new, _ = resolve_day(state, {"ma": DayOrders(main=Sleep())}, RecordingRng(1))
    assert (new.players["ma"].body_hp, new.players["ma"].fatigue) == (7, 1)
    assert new.players["gh"].fatigue == 3 and new.players["gh"].idle_days == 1
    assert new.day == 2


def test_a_main_action_made_impossible_counts_as_do_nothing():
    """Rulings: "A main action made impossible during the day (its target died) counts as Do Nothing"."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("md", "medic"))
    state.players["gh"].fatigue = 2
    orders = {"ma": DayOrders(main=Attack(target="ma")), "gh": DayOrders(main=Probe(target="ma"))}
    new, events = resolve_day(state, orders, RecordingRng(1))  # the suicide (step 7) comes before the probe (8)
    assert new.players["gh"].fatigue == 1  # Do Nothing: -1, not the probe's +1
    assert not any(e.kind == "probe" for e in events)


def test_the_last_infested_dead_ends_the_game_for_the_uninfested_with_their_dead():
    """Rulings, End: "no infested alive: the uninfested win ... A team wins with its dead"."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
    state.players["te"].alive, state.players["te"].died_day = False, 0
    new, events = resolve_day(state, {"zz": DayOrders(main=Attack(target="zz"))}, RecordingRng(1))
    assert new.phase == "over" and new.end_reason == "human" and new.winners == ["gh", "ma", "te"]
    assert public(events)[-1].text == "The last infested has fallen: the uninfested win."


def test_the_stat_list_shows_hp_of_the_living_and_items_of_the_dead_never_fatigue():
    """Rulings: the stat list: "class, suit and body HP of the living; class, team, items of the dead"."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
    state.players["gh"].fatigue = 3
    _, events = resolve_day(state, {"te": DayOrders(main=Attack(target="te"))}, RecordingRng(1))
    stat = next(e for e in events if e.kind == "stat_list")
    assert "GH (Ghost): suit 10, body 16" in stat.text
    assert "TE (Technician, uninfested), dead; items: C-7 Pistol" in stat.text
    assert "fatigue" not in stat.text.lower() and "C-14" not in stat.text


def test_random_games_always_end_within_max_days():
    """Whole games with random orders: every day resolves and the game ends (a team wins or Day 30 draws)."""
    for seed in range(40):
        state, _ = game(roster(5 + seed % 16), seed=seed)
        r = random.Random(seed)
        while state.phase != "over":
            living = [p.id for p in state.living()]
            orders = {}
            for p in state.living():
                target = r.choice(living)
                if r.random() < 0.3:
                    orders[p.id] = DayOrders(main=Sleep())
                elif target != p.id:
                    orders[p.id] = DayOrders(main=Attack(target=target, infest=p.infested and r.random() < 0.5))
            state, events = resolve_day(state, orders, RecordingRng(seed * 100 + state.day))
            json.dumps([e.model_dump(mode="json") for e in events])
        assert state.day <= 30 and state.end_reason in ("human", "infested", "draw")


def test_contested_pick_up_is_a_scuffle_and_scufflers_lose_their_other_orders():
    """Rulings, Scuffle: "2+ players Steal or Pick up one item ... All scufflers +1 fatigue and lose the rest of
    the day's orders"."""
    state = table(("ma", "marine"), ("fb", "firebat"), ("gh", "ghost"), ("zz", "medic", "infested"))
    rifle = next(i.uid for i in state.players["gh"].items)
    state.players["gh"].alive, state.players["gh"].died_day, state.day = False, 1, 2
    orders = {
        "ma": DayOrders(main=Attack(target="zz"), pickup=Pickup(item=rifle)),
        "fb": DayOrders(main=Attack(target="zz"), pickup=Pickup(item=rifle)),
    }
    new, events = resolve_day(state, orders, RecordingRng(7))
    holders = [x for x in ("ma", "fb") if new.players[x].item(rifle)]
    assert len(holders) == 1 and not new.players["gh"].items
    assert not any(e.kind == "battle" for e in events)  # their attacks are lost
    assert all(new.players[x].fatigue == 1 for x in ("ma", "fb"))  # the scuffle's +1 only
    assert any(e.kind == "pickup" and e.audience.kind == "public" for e in events)

"""Kills and loot, the bounty, Rivals' and Lovers' consequences, and the three votes.

Handbook III.C.1 (loot), III.E.1-3 (marks, closures, the reward package), Rivals 3; rulings (the
Lovers' loss, trap kills' items to the ground, closure numbers and tie-breaks).
"""
from __future__ import annotations

from collections import Counter

from engine import registry
from engine.rulesets.battle_royale import rules
from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.helpers import attack, make_state, orders, run_night, texts

br = registry.get("battle_royale")
SHOOT_B = attack("a.rifle", b=2)


def kill_nights(state, night_orders, victim: str, seeds=range(300)):
    """(after, events) of each seed whose night kills `victim`."""
    for seed in seeds:
        after, events = run_night(state, night_orders, seed=seed)
        if not after.students[victim].alive:
            yield after, events


def first_kill(state, night_orders, victim: str = "b"):
    return next(kill_nights(state, night_orders, victim))


def kinds_of(state, sid: str) -> list[str]:
    return sorted(i.kind for i in state.students[sid].items)


def ground_kinds(state, zone: int) -> list[str]:
    return sorted(i.kind for i in state.zones[zone].ground)


def with_move(night_orders, route):
    return night_orders.model_copy(update={"movement": orders(movement={"kind": "move", "route": route}).movement})


def test_III_C_1_a_killer_who_stays_takes_everything():
    """If you kill your opponent and stay in the zone, you take their items."""
    state = make_state({"a": {"items": ["rifle"]}, "b": {"hp": 1, "school": 2, "items": ["knife", "pot_lid", "poison_vial"]}})
    after, events = first_kill(state, {"a": SHOOT_B})
    assert kinds_of(after, "a") == ["knife", "poison_vial", "pot_lid", "rifle"]
    assert after.students["b"].items == [] and after.zones[1].ground == []
    assert texts(events, "loot", to="a") == [say("loot", victim="B", items="Knife, Metal Pot Lid and Poison Vial")]
    assert texts(events, "kill", to="a") == [say("killed_by", victim="B")]


def test_III_C_1_loot_never_overfills_the_rest_lies_on_the_ground():
    """A killer takes only what fits in their hands; the rest lies on the ground of the zone."""
    state = make_state({"a": {"items": ["rifle", "fire_axe"]},
                        "b": {"hp": 1, "school": 2, "items": ["knife", "pot_lid", "camouflage", "headband"]}})
    after, events = first_kill(state, {"a": SHOOT_B})
    a = after.students["a"]
    assert len(a.carried()) == 3 and "headband" in kinds_of(after, "a")
    assert len(after.zones[1].ground) == 2 and len(a.items) + len(after.zones[1].ground) == 6
    assert texts(events, "loot_left", to="a")


def test_III_C_1_a_killer_who_moves_away_takes_a_random_carry_load():
    """A killer who moves out of the zone takes as much as they can carry, at random; the rest stays behind."""
    state = make_state({"a": {"items": ["rifle", "fire_axe"]},
                        "b": {"hp": 1, "school": 2, "items": ["knife", "pot_lid", "camouflage"]}})
    taken, kills = Counter(), 0
    for after, _ in kill_nights(state, {"a": with_move(SHOOT_B, [4])}, "b", seeds=range(500)):
        kills += 1
        assert after.students["a"].zone == 4
        got = [k for k in kinds_of(after, "a") if k not in ("rifle", "fire_axe")]
        assert len(got) == 1
        taken[got[0]] += 1
        assert sorted(ground_kinds(after, 1) + got) == ["camouflage", "knife", "pot_lid"]
        assert after.zones[4].ground == []
    assert kills > 300
    assert all(0.25 <= taken[k] / kills <= 0.42 for k in ("knife", "pot_lid", "camouflage")), taken


def test_III_C_1_several_killers_one_at_random_gets_the_kill():
    """When two attackers bring a student down in the same step, one of them at random gets the kill and the loot."""
    state = make_state({"a": {"items": ["rifle"]}, "c": {"items": ["rifle"], "school": 3},
                        "b": {"hp": 1, "school": 2, "items": ["knife"]}})
    night = {"a": SHOOT_B, "c": attack("c.rifle", b=2)}
    credit, both = Counter(), 0
    for after, events in kill_nights(state, night, "b", seeds=range(400)):
        hitters = {t[0].lower() for t in texts(events, "attack_hit") if " hit B " in t}
        killer = [sid for sid in "ac" if texts(events, "kill", to=sid)]
        assert len(killer) == 1 and killer[0] in hitters
        assert "knife" in kinds_of(after, killer[0])
        if hitters == {"a", "c"}:
            both += 1
            credit[killer[0]] += 1
    assert both > 150
    assert 0.40 <= credit["a"] / both <= 0.60, credit


def test_III_C_1_trap_kills_leave_the_items_on_the_ground():
    """A student killed by a trap (here a Poison Vial) leaves their items on the ground; a setting changes it."""
    spec = {"a": {"items": ["poison_vial"]}, "b": {"hp": 1, "school": 2, "items": ["knife", "pot_lid"]}}
    poison = orders(action={"kind": "set_trap", "item": "a.poison_vial", "target": "b"})
    after, events = run_night(make_state(spec), {"a": poison})
    assert not after.students["b"].alive and texts(events, "kill", to="a") == [say("killed_by", victim="B")]
    assert kinds_of(after, "a") == [] and ground_kinds(after, 1) == ["knife", "pot_lid"]
    after, _ = run_night(make_state(spec, trap_loot_to_ground=False), {"a": poison})
    assert kinds_of(after, "a") == ["knife", "pot_lid"] and after.zones[1].ground == []


def test_III_E_1_eliminating_a_marked_student_wins_a_random_item():
    """The student who eliminates a marked student wins a random item; the mark is then gone."""
    kinds = Counter()
    for seed in range(40):
        state = make_state({"a": {"items": ["rifle"]}, "b": {"hp": 1, "school": 2, "marked": True}})
        for after, events in kill_nights(state, {"a": SHOOT_B}, "b", seeds=[seed]):
            assert len(after.students["a"].items) == 2
            reward = after.students["a"].items[-1]
            assert texts(events, "bounty", to="a") == [say("bounty", item=reward.name)]
            assert not after.students["b"].marked
            kinds[reward.kind] += 1
    assert sum(kinds.values()) > 25 and len(kinds) >= 10
    unmarked = make_state({"a": {"items": ["rifle"]}, "b": {"hp": 1, "school": 2}})
    after, events = first_kill(unmarked, {"a": SHOOT_B})
    assert kinds_of(after, "a") == ["rifle"] and texts(events, "bounty") == []
    full = make_state({"a": {"items": ["rifle", "knife", "pot_lid"]}, "b": {"hp": 1, "school": 2, "marked": True}})
    after, events = first_kill(full, {"a": SHOOT_B})
    assert len(after.students["a"].carried()) == 3
    (reward,) = after.zones[1].ground
    assert texts(events, "bounty", to="a") == [say("bounty", item=reward.name) + " "
                                               + say("loot_left", items=reward.name, zone_name="Landing Strip")]


def test_rivals_3_killing_your_rival_grants_the_chosen_proficiency():
    """If you are the one to kill your Rival you gain the proficiency chosen on Day 0; nobody else does."""
    spec = {"a": {"items": ["rifle"], "rival": "b", "rival_reward_choice": "evasion_proficiency"},
            "b": {"hp": 1, "school": 2}, "c": {"school": 3, "rival": "b"}}
    after, events = first_kill(make_state(spec), {"a": SHOOT_B})
    a = after.students["a"]
    assert a.rewards == ["evasion_proficiency"] and after.students["c"].rewards == []
    assert texts(events, "rival_reward", to="a") == [say("rival_reward", reward="Evasion Proficiency")]
    c = after.students["c"]
    assert rules.hit_chance(after, c, a, 50, "melee", 1, {}) == 45  # -5% Dodge Bonus
    not_rival = make_state({**spec, "a": {"items": ["rifle"], "rival": "c"}})
    after, _ = first_kill(not_rival, {"a": SHOOT_B})
    assert after.students["a"].rewards == []


def test_rulings_when_a_lover_dies_the_other_loses_1_max_hp_and_5_hit():
    """If one Lover dies, the other loses 1 maximum HP and takes a -5 hit penalty for the rest of the game."""
    state = make_state({"a": {"items": ["rifle"], "school": 2}, "b": {"role": "lovers", "lover": "c", "hp": 1},
                        "c": {"role": "lovers", "lover": "b", "zone": 4}, "d": {"zone": 4, "school": 3}})
    c, d = state.students["c"], state.students["d"]
    assert rules.hit_chance(state, c, d, 50, "melee", 4, {}) == 50
    after, events = first_kill(state, {"a": SHOOT_B})
    c, d = after.students["c"], after.students["d"]
    assert (c.max_hp, c.hp, c.lover_lost) == (9, 9, True)
    assert texts(events, "lover_lost", to="c") == [say("lover_lost")]
    assert rules.hit_chance(after, c, d, 50, "melee", 4, {}) == 45
    later, _ = run_night(after, {}, seed=5)
    assert later.students["c"].max_hp == 9  # once, not every night


def test_III_E_1_the_most_mark_votes_marks_the_student():
    """The student with the most mark votes is marked for elimination, publicly."""
    state = make_state({s: {"school": n} for n, s in enumerate("abcd")})
    after, events = run_night(state, {"a": orders(votes={"mark": "c"}), "b": orders(votes={"mark": "c"}),
                                      "c": orders(votes={"mark": "a"})})
    assert [sid for sid, s in after.students.items() if s.marked] == ["c"]
    assert texts(events, "marked") == [say("marked", names="C", verb="is")]


def test_III_E_1_a_tie_marks_everyone_tied():
    """If there is a tie in the mark vote, every tied student is marked."""
    state = make_state({s: {"school": n} for n, s in enumerate("abcd")})
    after, events = run_night(state, {"a": orders(votes={"mark": "c"}), "b": orders(votes={"mark": "d"})})
    assert sorted(sid for sid, s in after.students.items() if s.marked) == ["c", "d"]
    assert texts(events, "marked") == [say("marked", names="C and D", verb="are")]


def test_III_E_1_only_students_still_on_the_island_vote():
    """Rulings, "Order inside the night" 4: a student killed during the night "takes no part in any later
    step", the votes (step 8) included; one dead before the night has no vote either."""
    state = make_state({"a": {"zone": 7}, "b": {"school": 2}, "c": {"school": 3}, "d": {"school": 4},
                        "e": {"alive": False, "hp": 0}})
    state.zones[7].closed = True  # a stays there and dies in the movement
    after, _ = run_night(state, {"a": orders(votes={"mark": "c"}), "b": orders(votes={"mark": "d"}),
                                 "e": orders(votes={"mark": "b"})})
    assert not after.students["a"].alive
    assert sorted(sid for sid, s in after.students.items() if s.marked) == ["d"]


def test_III_E_3_the_zone_with_most_reward_votes_gets_a_package():
    """The zone with the most reward votes gets a package, recovered by a student there."""
    state = make_state({"a": {}, "b": {"school": 2}, "c": {"zone": 4, "school": 3}})
    after, events = run_night(state, {"a": orders(votes={"reward": 4}), "b": orders(votes={"reward": 4}),
                                      "c": orders(votes={"reward": 1})})
    assert texts(events, "reward_drop") == [say("reward_drop", zone_name="Beach")]
    item = after.students["c"].items[0]
    assert texts(events, "reward_recovered", to="c") == [say("reward_recovered", item=item.name)]
    assert after.students["a"].items == [] and after.students["b"].items == []


def test_III_E_3_only_one_package_a_night_even_on_a_tie():
    """Only one package is dropped on any night: a tie picks one of the tied zones at random."""
    zones = Counter()
    for seed in range(60):
        state = make_state({"a": {}, "b": {"zone": 4, "school": 2}})
        after, events = run_night(state, {"a": orders(votes={"reward": 1}), "b": orders(votes={"reward": 4})}, seed=seed)
        assert len(texts(events, "reward_drop")) == 1
        holders = [sid for sid in "ab" if after.students[sid].items]
        assert len(holders) == 1
        zones[holders[0]] += 1
    assert zones["a"] >= 15 and zones["b"] >= 15


def test_III_E_3_nobody_there_the_package_lies_on_the_ground():
    """With nobody in the chosen zone, the package lies on its ground, unannounced (saying so would tell
    everyone the zone was empty)."""
    state = make_state({"a": {}, "b": {"school": 2}})
    after, events = run_night(state, {"a": orders(votes={"reward": 6})})
    assert len(after.zones[6].ground) == 1
    assert [e.text for e in events if e.audience.kind == "public" and "Cliffs" in e.text] == [
        say("reward_drop", zone_name="Cliffs")]


def test_III_E_3_a_searcher_counts_double_for_the_package():
    """The package goes to a random occupant, a student who Searches counting as two (about 2 in 3)."""
    for search, low, high in ((True, 0.61, 0.73), (False, 0.43, 0.57)):
        wins = 0
        for seed in range(600):
            state = make_state({"a": {}, "b": {"school": 2}})
            a_orders = orders(action={"kind": "search"}, votes={"reward": 1}) if search else orders(votes={"reward": 1})
            after, _ = run_night(state, {"a": a_orders}, seed=seed)
            assert len(after.students["a"].items) + len(after.students["b"].items) == 1
            wins += len(after.students["a"].items)
        assert low <= wins / 600 <= high, (search, wins)


def closed_now(before, after) -> list[int]:
    return sorted(z for z in after.zones if after.zones[z].closed and not before.zones[z].closed)


def crowd(n: int, **settings):
    return make_state({f"s{i:02d}": {"school": i % 4 + 1} for i in range(n)}, **settings)


def test_III_E_2_one_zone_closes_a_night_the_most_voted():
    """Each night the zone with the most closure votes closes (one zone while fewer than 16 are alive)."""
    state = crowd(15)
    votes = {"s00": 3, "s01": 3, "s02": 5}
    after, events = run_night(state, {sid: orders(votes={"close": z}) for sid, z in votes.items()})
    assert closed_now(state, after) == [3]
    assert texts(events, "zones_close") == [say("zones_close", zones="Forest", verb="is")]


def test_III_E_2_two_zones_close_with_16_alive():
    """Two zones close on a night when 16 or more students are alive."""
    state = crowd(16)
    votes = {"s00": 3, "s01": 3, "s02": 5, "s03": 5, "s04": 6}
    after, _ = run_night(state, {sid: orders(votes={"close": z}) for sid, z in votes.items()})
    assert closed_now(state, after) == [3, 5]


def test_III_E_2_never_fewer_than_two_open_zones():
    """Closures never leave fewer than 2 zones open."""
    state = crowd(16)
    for z in (1, 2, 3, 4):
        state.zones[z].closed = True
    for s in state.students.values():
        s.zone = 5
    after, _ = run_night(state, {})
    assert len(closed_now(state, after)) == 1 and len(after.open_zones()) == 2
    after2, events = run_night(after, {}, seed=2)
    assert closed_now(after, after2) == [] and texts(events, "zones_close") == []


def test_III_E_2_ties_and_no_votes_are_broken_at_random_among_open_zones():
    """With no closure votes a random open zone closes; a tie closes one of the tied zones at random."""
    idle, tie = Counter(), Counter()
    for seed in range(500):
        state = crowd(4)
        state.zones[2].closed = state.zones[3].closed = True
        idle[closed_now(state, run_night(state, {}, seed=seed)[0])[0]] += 1
        votes = {"s00": orders(votes={"close": 6}), "s01": orders(votes={"close": 7})}
        tie[closed_now(state, run_night(state, votes, seed=seed)[0])[0]] += 1
    assert set(idle) == {1, 4, 5, 6, 7} and all(70 <= n <= 130 for n in idle.values()), idle
    assert set(tie) == {6, 7} and 0.42 <= tie[6] / 500 <= 0.58, tie


def test_III_E_2_a_closed_zone_kills_from_the_next_nights_movement():
    """A zone voted closed tonight kills only from the next night: whoever stays in it then dies."""
    state = make_state({"a": {"zone": 7}, "b": {"school": 2}})
    night1, events = run_night(state, {"a": orders(votes={"close": 7}), "b": orders(votes={"close": 7})})
    assert night1.zones[7].closed and night1.students["a"].alive and night1.students["a"].zone == 7
    stay, events = run_night(night1, {})
    assert not stay.students["a"].alive and stay.students["a"].death_cause == "closed zone"
    assert texts(events, "death") == [say("died", name="A")]
    leave, _ = run_night(night1, {"a": orders(movement={"kind": "move", "route": [1]})})
    assert leave.students["a"].alive and leave.students["a"].zone == 1


def test_validation_refusals_are_specific_and_change_nothing():
    """Orders that break a rule are refused with the reason, and the state is left as it was."""
    state = make_state({"a": {"items": ["rifle"]}, "b": {"school": 2, "zone": 4}, "c": {"school": 3},
                        "d": {"alive": False, "hp": 0}, "e": {"escaped": True, "zone": 4}})
    state.zones[6].closed = True
    before = state.model_dump()
    cases = [
        ("d", orders(), say("dead")),
        ("e", orders(), say("escaped")),
        ("zz", orders(), say("not_in_game")),
        ("a", attack("a.rifle", b=1), say("target_not_here", target="B")),
        ("a", attack("a.rifle", nobody=1), say("unknown_student", target="nobody")),
        ("a", attack("a.rifle", d=1), say("target_inactive", target="D")),
        ("a", attack("a.knife", c=1), say("no_item")),
        ("a", orders(votes={"close": 6}), say("vote_zone_closed", zone_name="Cliffs")),
        ("a", orders(votes={"reward": 6}), say("vote_zone_closed", zone_name="Cliffs")),
        ("a", orders(votes={"close": 8}), say("unknown_zone", zone=8)),
        ("a", orders(votes={"mark": "a"}), say("vote_self")),
        ("a", orders(votes={"mark": "d"}), say("target_inactive", target="D")),
        ("a", orders(votes={"mark": "e"}), say("target_inactive", target="E")),
        ("a", orders(votes={"mark": "zz"}), say("unknown_student", target="zz")),
        ("a", orders(movement={"kind": "move", "route": [4, 6]}), say("zone_closed", zone_name="Cliffs")),
    ]
    for sid, night_orders, reason in cases:
        assert br.validate(state, sid, night_orders) == reason, (sid, night_orders)
    assert state.model_dump() == before
    assert br.validate(state, "a", orders(votes={"mark": "c", "close": 5, "reward": 1})) is None


def test_III_E_3_a_smoked_out_searcher_counts_only_once():
    """A Search negated by a Smoke Grenade did not happen: that student counts as one for the package."""
    caught = wins = 0
    for seed in range(600):
        state = make_state({"a": {}, "b": {"school": 2}, "c": {"school": 3, "items": ["smoke_grenade"]}})
        night_orders = {"a": orders(action={"kind": "search"}, votes={"reward": 1}), "c": attack("c.smoke_grenade", a=1)}
        after, events = run_night(state, night_orders, seed=seed)
        if texts(events, "smoked_out", to="a"):
            caught += 1
            wins += any(i.kind != "smoke_grenade" for i in after.students["a"].items)
    assert caught > 350
    assert 0.27 <= wins / caught <= 0.40, wins / caught  # one in three, not two in four


def test_III_E_1_a_most_voted_student_who_dies_tonight_takes_the_mark_with_them():
    """III.E.1: "The player with the most votes ... will be marked". If that student dies this night, nobody
    is marked: the runner-up does not inherit a mark they were not voted for (house decision)."""
    state = make_state({"a": {"items": ["poison_vial"], "school": 1}, "b": {"school": 2}, "c": {"school": 3},
                        "d": {"hp": 1, "school": 4}})
    after, events = run_night(state, {
        "a": orders(action={"kind": "set_trap", "item": "a.poison_vial", "target": "d"}),
        "b": orders(votes={"mark": "d"}), "c": orders(votes={"mark": "d"}), "d": orders(votes={"mark": "a"})})
    assert not after.students["d"].alive
    assert not any(s.marked for s in after.students.values())
    assert [e for e in events if e.kind == "marked"] == []


def test_rulings_an_escaped_lover_is_not_penalised_when_the_other_dies():
    """Rulings: the Lovers' loss falls on the surviving Lover on the island; one who escaped is out of play."""
    state = make_state({"a": {"role": "lovers", "lover": "b", "escaped": True, "zone": 4},
                        "b": {"role": "lovers", "lover": "a", "hp": 1, "school": 2},
                        "k": {"items": ["poison_vial"], "school": 3}})
    after, events = run_night(state, {"k": orders(action={"kind": "set_trap", "item": "k.poison_vial", "target": "b"})})
    assert not after.students["b"].alive
    assert after.students["a"].max_hp == 10 and not after.students["a"].lover_lost
    assert not [e for e in events if e.audience.kind == "players" and e.visible_to("a")]


def test_III_E_2_no_zone_closes_after_the_night_that_ends_the_game():
    """Rulings "Order inside the night" 8: zones close "from the next day on"; after the last night there is
    no next day, so the game-over post announces no closure and no zone is closed."""
    state = make_state({"a": {"zone": 7}, "b": {"school": 2}})
    last = state.model_copy(update={"day": state.settings.days})
    votes = {"a": orders(votes={"close": 7}), "b": orders(votes={"close": 7})}
    after, events = run_night(last, votes)
    assert after.phase == "over" and texts(events, "game_over")
    assert closed_now(last, after) == [] and texts(events, "zones_close") == []
    before_end, events = run_night(state, votes)  # the same votes on an ordinary night do close the Field
    assert before_end.phase != "over" and closed_now(state, before_end) == [7]

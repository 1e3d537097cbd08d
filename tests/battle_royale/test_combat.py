"""Attacks (III.C.1-2), Cover (III.C.6 and the Clarifications) and the order of attacks (IV.C.3, rulings 4).

Targets that should not Defend (the default action, -10 to hit) are given a Search action.
"""
from __future__ import annotations

import pytest

from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.validate import attempts_allowed
from tests.battle_royale.combat_support import CREVASSE, FOREST, SEPTAGON, attempts, idle, refusal
from tests.battle_royale.helpers import attack, make_state, orders, run_night, texts

SEEDS = range(60)


def trio(zone: int = SEPTAGON, **specs):
    """Students a, b, c (plus any others given) in one zone, each of their own school."""
    base = {sid: {"zone": zone, "school": n} for n, sid in enumerate(["a", "b", "c"], start=1)}
    for n, (sid, spec) in enumerate(specs.items(), start=4):
        base[sid] = {"zone": zone, "school": n, **base.get(sid, {}), **spec}
    return make_state(base, max_hp=100)


# --- III.C.1 Attack ---------------------------------------------------------------------------------

def test_III_C_1_attack_hit_attempts_spread_over_targets():
    """III.C.1: "some weapons provide multiple hit attempts that can be distributed between multiple
    targets": the Knife's three slashes go two to B and one to C; a fourth is refused."""
    state = trio(a={"items": ["knife"]})
    _, events = run_night(state, {"a": attack("a.knife", b=2, c=1), "b": idle(), "c": idle()})
    assert len(attempts(events, "a", "b")) == 2
    assert len(attempts(events, "a", "c")) == 1
    assert len(attempts(events)) == 3
    assert refusal(state, "a", attack("a.knife", b=2, c=1)) is None
    assert refusal(state, "a", attack("a.knife", b=3, c=1)) == "Knife allows 3 hit attempts today; you asked for 4."


def test_III_C_1_attack_targets_must_be_in_the_same_zone():
    """III.C.1 and rulings "Targets and visibility": attacks target students in the same zone."""
    state = trio(a={"items": ["knife"]}, c={"zone": CREVASSE})
    assert refusal(state, "a", attack("a.knife", c=1)) == "C is not in your zone."
    assert refusal(state, "a", attack("a.knife", b=1, c=1)) == "C is not in your zone."
    after, events = run_night(state, {"a": attack("a.knife", b=1, c=2), "b": idle(), "c": idle()})
    assert attempts(events, "a", "c") == []
    assert any("could not be carried out: C is not in your zone." in t for t in texts(events, to="a"))


def test_III_C_1_unarmed_default_attack_when_holding_no_weapons():
    """V.A.1 / III.C.1: "If you hold no weapons, you can still make a default unarmed attack against one
    player with a base hit chance of 50%, dealing [1 (50%) / 2 (50%)] damage"."""
    state = trio()
    assert state.students["a"].items == []
    assert refusal(state, "a", attack("unarmed", b=1)) is None
    assert refusal(state, "a", attack("unarmed", b=1, c=1)) == "Unarmed allows 1 hit attempt today; you asked for 2."
    damages = set()
    for seed in SEEDS:
        _, events = run_night(state, {"a": attack("unarmed", b=1), "b": idle(), "c": idle()}, seed=seed)
        [one] = attempts(events, "a", "b")
        assert one.chance == 50 and one.weapon == "Unarmed"
        if one.hit:
            damages.add(one.damage)
    assert damages == {1, 2}


def test_III_C_1_attack_kills_target_at_zero_health():
    """III.C.1: a target brought to 0 Health by an attack dies, and the attacker is told of the kill."""
    state = trio(a={"items": ["rifle"]}, b={"hp": 2})
    for seed in SEEDS:
        after, events = run_night(state, {"a": attack("a.rifle", b=1), "b": idle(), "c": idle()}, seed=seed)
        if attempts(events, "a", "b")[0].hit:
            assert not after.students["b"].alive
            assert "You killed B." in texts(events, "kill", to="a")
            return
    pytest.fail("no hit in any seed")


# --- III.C.2 All-Out Attack -------------------------------------------------------------------------

@pytest.mark.parametrize("weapon, normal, all_out", [
    ("unarmed", 1, 2), ("baseball_bat", 2, 3), ("knife", 3, 5), ("uzi", 10, 15),
])
def test_III_C_2_all_out_attack_makes_50_percent_more_attempts_rounded_up(weapon, normal, all_out):
    """III.C.2: "50% more hit attempts, rounded up ... one hit per round normally ... will make two hit
    attempts instead; ... three hits per round normally will make five" (rulings: ceil(1.5 x))."""
    assert attempts_allowed(catalog.item(weapon), False) == normal
    assert attempts_allowed(catalog.item(weapon), True) == all_out
    items = [] if weapon == "unarmed" else [weapon]
    state = trio(a={"items": items})
    uid = "unarmed" if weapon == "unarmed" else f"a.{weapon}"
    assert refusal(state, "a", attack(uid, b=normal + 1)) is not None
    assert refusal(state, "a", attack(uid, all_out=True, b=all_out)) is None
    assert "allows %d hit attempts" % all_out in refusal(state, "a", attack(uid, all_out=True, b=all_out + 1))
    _, events = run_night(state, {"a": attack(uid, all_out=True, b=all_out), "b": idle(), "c": idle()})
    made = attempts(events, "a", "b")
    assert len(made) == all_out
    assert {m.chance for m in made} == {catalog.item(weapon).chance - 10}


@pytest.mark.parametrize("weapon", ["molotov", "grenade", "smoke_grenade"])
def test_III_C_2_all_out_attack_refuses_one_use_items(weapon):
    """III.C.2: "One-use items cannot be used with an All-Out Attack action"."""
    state = trio(a={"items": [weapon]})
    name = catalog.item(weapon).name
    assert refusal(state, "a", attack(f"a.{weapon}", all_out=True, b=1)) == (
        f"One-use items like the {name} cannot be used with an All-Out Attack.")
    assert refusal(state, "a", attack(f"a.{weapon}", b=1)) is None


def test_III_C_2_all_out_attack_allows_the_refillable_flamethrower():
    """III.C.2: only one-use items are excluded; the Flamethrower (two volleys of fuel) may go All-Out,
    its two attempts using both volleys."""
    state = trio(zone=CREVASSE, a={"items": ["flamethrower"]})
    assert refusal(state, "a", attack("a.flamethrower", all_out=True, b=2)) is None
    after, events = run_night(state, {"a": attack("a.flamethrower", all_out=True, b=2), "b": idle(), "c": idle()})
    assert [m.chance for m in attempts(events, "a", "b")] == [50, 50]
    assert after.students["a"].item("a.flamethrower").ammo == 0


# --- III.C.6 Cover and the Clarifications -------------------------------------------------------------

def test_III_C_6_cover_redirects_attacks_to_the_coverer():
    """III.C.6: "Any attacks made against a specified target will instead be directed against you. You
    gain a -15% Dodge Bonus"."""
    state = trio(a={"items": ["knife"]})
    night = {"a": attack("a.knife", b=3), "b": idle(), "c": orders(action={"kind": "cover", "target": "b"})}
    for seed in range(10):
        after, events = run_night(state, night, seed=seed)
        assert attempts(events, "a", "b") == []
        made = attempts(events, "a", "c")
        assert len(made) == 3 and {m.chance for m in made} == {45}
        assert after.students["b"].hp == 100
        assert after.students["c"].hp == 100 - sum(m.damage for m in made if m.hit)
        assert len(texts(events, "redirected")) == 3
        assert "C stepped in front of B and took the attack." in texts(events, "redirected", to="b")


def test_III_C_6_students_covering_each_other_keep_15_without_swapping():
    """III.C.6: "Two (or more) players may Cover each other to essentially Defend themselves with a -15%
    Bonus": attacks stay on their target, at -15; so too round a ring of three."""
    pair = trio(a={"items": ["knife"]})
    night = {"a": attack("a.knife", b=2, c=1), "b": orders(action={"kind": "cover", "target": "c"}),
             "c": orders(action={"kind": "cover", "target": "b"})}
    _, events = run_night(pair, night)
    assert [m.chance for m in attempts(events, "a", "b")] == [45, 45]
    assert [m.chance for m in attempts(events, "a", "c")] == [45]
    assert texts(events, "redirected") == []
    ring = trio(a={"items": ["knife"]}, d={})
    night = {"a": attack("a.knife", b=1, c=1, d=1), "b": orders(action={"kind": "cover", "target": "c"}),
             "c": orders(action={"kind": "cover", "target": "d"}), "d": orders(action={"kind": "cover", "target": "b"})}
    _, events = run_night(ring, night)
    for sid in "bcd":
        assert [m.chance for m in attempts(events, "a", sid)] == [45]
    assert texts(events, "redirected") == []


def test_Clarifications_cover_flamethrower_coverer_is_primary_target_covered_takes_collateral():
    """Clarifications: "if I'm covering MrBlarney and he is subject to a flamethrower attack, both of us
    will have a chance of being hit with me being the primary target. I will receive a dodge bonus, but
    MrBlarney will not." F flames B, whom C covers: C is rolled at 60-15, B at the collateral 60."""
    state = trio(zone=CREVASSE, f={"items": ["flamethrower"]})
    night = {"f": attack("f.flamethrower", b=1), "b": idle(), "c": orders(action={"kind": "cover", "target": "b"}),
             "a": idle()}
    collateral_on_b = 0
    for seed in SEEDS:
        after, events = run_night(state, night, seed=seed)
        assert attempts(events, "f", "b") == []
        assert [m.chance for m in attempts(events, "f", "c")] == [45]
        blast = texts(events, "collateral_hit") + texts(events, "collateral_missed")
        assert len(blast) == 1 and blast[0].endswith(("caught B for %d damage." % (100 - after.students["b"].hp),
                                                        "just missed B."))
        collateral_on_b += bool(texts(events, "collateral_hit"))
        assert after.students["a"].hp == 100
    assert 20 < collateral_on_b < 52  # 60% of 60 nights


def test_Clarifications_cover_counts_as_melee_range_for_a_grenade():
    """Clarifications: "When you cover a player, you are counted as within melee range of them with regards
    to area attacks such as grenades": a Grenade on the coverer may catch the covered student, not a bystander."""
    state = trio(zone=CREVASSE, g={"items": ["grenade"]})
    night = {"g": attack("g.grenade", c=1), "b": idle(), "c": orders(action={"kind": "cover", "target": "b"}),
             "a": idle()}
    caught = 0
    for seed in SEEDS:
        after, events = run_night(state, night, seed=seed)
        assert [m.chance for m in attempts(events, "g", "c")] == [55]
        blast = [e for e in events if e.kind in ("collateral_hit", "collateral_missed")]
        assert [e.audience.ids for e in blast] == [["b", "g"]]
        caught += after.students["b"].hp < 100
        assert after.students["a"].hp == 100
    assert 18 < caught < 42  # 50%


# --- IV.C.3 and rulings step 4: the order of attacks ---------------------------------------------------

def _melee_vs_ranged(zone: int):
    """K swings a Fire Axe (2-3 damage) at R (1 HP); R fires a Rifle at B."""
    state = trio(zone=zone, k={"items": ["fire_axe"]}, r={"items": ["rifle"], "hp": 1})
    night = {"k": attack("k.fire_axe", r=1), "r": attack("r.rifle", b=2), "b": idle(), "a": idle(), "c": idle()}
    killed_first = fired = 0
    for seed in SEEDS:
        after, events = run_night(state, night, seed=seed)
        axe = attempts(events, "k", "r")
        assert len(axe) == 1
        shots = attempts(events, "r", "b")
        fired += bool(shots)
        if axe[0].hit:
            assert not after.students["r"].alive
            killed_first += not shots
        else:
            assert len(shots) == 2
    return killed_first, fired


def test_IV_C_3_forest_melee_before_ranged():
    """IV.C.3 Forest: "Melee Attacks go before Ranged attacks in this area": a melee attacker who kills a
    ranged attacker there stops their shots; elsewhere (Ranged first) the shots are fired before."""
    killed_first, fired = _melee_vs_ranged(FOREST)
    assert killed_first > 20 and fired == len(SEEDS) - killed_first
    killed_first, fired = _melee_vs_ranged(SEPTAGON)
    assert killed_first == 0 and fired == len(SEEDS)


def test_III_F_2_attacks_ranged_then_melee_then_explosives():
    """III.F.2: "Attacks are resolved in the order of Ranged, Melee, and Explosives": in the texts, a Rifle
    shot comes before an axe blow, which comes before a Grenade, whatever the students' names."""
    state = trio(a={"items": ["grenade"]}, b={"items": ["fire_axe"]}, c={"items": ["rifle"]}, d={})
    night = {"a": attack("a.grenade", d=1), "b": attack("b.fire_axe", d=1), "c": attack("c.rifle", d=1), "d": idle()}
    _, events = run_night(state, night)
    order = [a.attacker for a in attempts(events)]
    assert order == ["c", "b", "a"]
    forest = trio(zone=FOREST, a={"items": ["grenade"]}, b={"items": ["fire_axe"]}, c={"items": ["rifle"]}, d={})
    _, events = run_night(forest, night)
    assert [a.attacker for a in attempts(events)] == ["b", "c", "a"]


def test_rulings_4_attacks_of_one_class_are_simultaneous():
    """Rulings, order 4: "Attacks of one class are simultaneous: a student killed in a class still delivers
    their own attacks of that class". A and B (1 HP each) swing Fire Axes at each other."""
    state = trio(a={"items": ["fire_axe"], "hp": 1}, b={"items": ["fire_axe"], "hp": 1})
    both_died = 0
    for seed in SEEDS:
        after, events = run_night(state, {"a": attack("a.fire_axe", b=1), "b": attack("b.fire_axe", a=1), "c": idle()},
                                  seed=seed)
        ab, ba = attempts(events, "a", "b"), attempts(events, "b", "a")
        assert len(ab) == 1 and len(ba) == 1
        assert after.students["b"].alive is not ab[0].hit
        assert after.students["a"].alive is not ba[0].hit
        both_died += ab[0].hit and ba[0].hit
    assert both_died > 10


def test_rulings_4_student_killed_takes_no_part_in_later_classes():
    """Rulings, order 4: a student killed in a class "takes no part in any later step": killed by a Rifle
    (Ranged), A never swings a Knife (Melee); killed by a Knife, B never throws a Grenade (Explosives)."""
    state = trio(a={"items": ["knife"], "hp": 1}, b={"items": ["grenade"], "hp": 1}, r={"items": ["rifle"]},
                 k={"items": ["fire_axe"]})
    night = {"r": attack("r.rifle", a=1), "a": attack("a.knife", c=3), "k": attack("k.fire_axe", b=1),
             "b": attack("b.grenade", c=1), "c": idle()}
    seen = {"a_shot": 0, "a_spared": 0, "b_hit": 0, "b_spared": 0}
    for seed in SEEDS:
        after, events = run_night(state, night, seed=seed)
        shot, knifed = attempts(events, "r", "a")[0].hit, attempts(events, "a", "c")
        assert len(knifed) == (0 if shot else 3)
        seen["a_shot" if shot else "a_spared"] += 1
        axed, thrown = attempts(events, "k", "b")[0].hit, attempts(events, "b", "c")
        assert len(thrown) == (0 if axed else 1)
        if axed:  # the unthrown Grenade is looted by the killer
            assert not after.students["b"].alive and after.students["k"].item("b.grenade") is not None
        seen["b_hit" if axed else "b_spared"] += 1
    assert min(seen.values()) > 10

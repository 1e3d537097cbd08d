"""Combat rules found wanting by the rules audit: each test names the handbook text it holds the engine to."""
from __future__ import annotations

from collections import Counter

from engine.rulesets.battle_royale import rules
from tests.battle_royale.combat_support import CREVASSE, attempts, idle
from tests.battle_royale.helpers import attack, make_state, orders, run_night


def test_V_C_collateral_needs_hit_setting_limits_the_blast_to_hits():
    """House rule `collateral_needs_hit`: when on, a Grenade that misses its target hurts nobody else."""
    spec = {"a": {"items": ["grenade"]}, "b": {"school": 2}, "c": {"school": 3}}
    night = {"a": attack("a.grenade", b=1), "c": attack("unarmed", b=1), "b": idle()}
    blasts_on = blasts_off = misses_on = 0
    for seed in range(300):
        _, events = run_night(make_state(spec, collateral_needs_hit=True), night, seed=seed)
        missed = any(e.kind == "attack_missed" and "Grenade" in e.text for e in events)
        blast = any(e.kind in ("collateral_hit", "collateral_missed") for e in events)
        misses_on += missed
        blasts_on += blast and missed
        _, events = run_night(make_state(spec), night, seed=seed)
        missed = any(e.kind == "attack_missed" and "Grenade" in e.text for e in events)
        blasts_off += missed and any(e.kind in ("collateral_hit", "collateral_missed") for e in events)
    assert misses_on > 50 and blasts_on == 0 and blasts_off > 50


def test_V_C_2_a_grenade_is_used_up_only_when_thrown():
    """V.C.2: "The Grenade is used up after being thrown": not when its target fell before it could be."""
    state = make_state({"a": {"items": ["grenade"]}, "b": {"hp": 1, "school": 2}, "r": {"items": ["rifle"], "school": 3}})
    kept = 0
    for seed in range(40):
        after, events = run_night(state, {"a": attack("a.grenade", b=1), "r": attack("r.rifle", b=2), "b": idle()}, seed=seed)
        if not after.students["b"].alive and not [m for m in attempts(events) if m.attacker == "a"]:
            assert [i.kind for i in after.students["a"].items] == ["grenade"]
            kept += 1
    assert kept > 20


def test_V_E_1_the_pot_lid_blocks_whichever_melee_hit_comes_first_not_always_the_same_attacker():
    """V.E.1: the Pot Lid "negates the first hit by a Melee Weapon each day"; attacks of a class are
    simultaneous, so which hit is first is decided at random, not by name."""
    spec = {"a": {"items": ["sledgehammer"], "school": 2}, "z": {"items": ["sledgehammer"], "school": 3},
            "t": {"items": ["pot_lid"], "zone": CREVASSE}}
    for sid in ("a", "z"):
        spec[sid]["zone"] = CREVASSE
    blocked = Counter()
    for seed in range(400):
        _, events = run_night(make_state(spec), {"a": attack("a.sledgehammer", t=1), "z": attack("z.sledgehammer", t=1),
                                                 "t": idle()}, seed=seed)
        for e in events:
            if e.kind == "pot_lid":
                blocked[e.text.split("blocked ")[1].split("'s")[0]] += 1
    assert blocked["A"] > 60 and blocked["Z"] > 60


def test_rulings_the_same_item_twice_is_one_source():
    """Rulings: bonuses from different *sources* stack; a second Camouflage or Paper Fan adds nothing."""
    one = make_state({"a": {}, "b": {"items": ["camouflage", "paper_fan"], "school": 2}})
    two = make_state({"a": {}, "b": {"items": ["camouflage", "camouflage", "paper_fan", "paper_fan"], "school": 2}})
    postures = {}
    chance = lambda s: rules.hit_chance(s, s.students["a"], s.students["b"], 50, "melee", 1, postures)  # noqa: E731
    assert chance(one) == chance(two) == 50 - 15 - 5


def test_III_C_6_one_coverer_takes_the_nights_attacks_for_smoke_and_blows_alike():
    """III.C.6 with our decision: of two students covering the same target, one (at random) takes every
    attack of the night on that target, the Smoke Grenade's and the punches' alike."""
    spec = {"s": {"items": ["smoke_grenade"], "school": 2}, "p": {"school": 2}, "t": {"school": 1},
            "c": {"school": 1}, "d": {"school": 1}}
    night = {"s": attack("s.smoke_grenade", t=1), "p": attack("unarmed", t=1),
             "c": orders(action={"kind": "cover", "target": "t"}), "d": orders(action={"kind": "cover", "target": "t"})}
    for seed in range(60):
        _, events = run_night(make_state(spec), night, seed=seed)
        takers = {e.data["coverer"] for e in events if e.kind == "redirected"}
        assert len(takers) == 1, (seed, takers)


def test_V_D_1_a_smoked_out_attack_does_not_foil_the_poison():
    """V.D.1: the poison fails only if you are "a target of their Attack or Analyze action"; an Analyze the
    Smoke Grenade negated (V.C.4) is no action, so the poison works (and fails when the smoke misses)."""
    spec = {"p": {"items": ["poison_vial"]}, "v": {"items": ["smoke_grenade"], "school": 2},
            "t": {"school": 3, "hp": 10}}
    poisoned = 0
    for seed in range(60):
        after, events = run_night(make_state(spec), {
            "p": orders(action={"kind": "set_trap", "item": "p.poison_vial", "target": "t"}),
            "v": attack("v.smoke_grenade", t=1), "t": orders(action={"kind": "analyze", "target": "p"})}, seed=seed)
        smoked = any(e.kind == "smoke" and "caught T" in e.text for e in events)
        works = any(e.kind == "poisoned" for e in events)
        assert works == smoked, seed
        poisoned += works
    assert poisoned > 20

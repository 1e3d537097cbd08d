"""Weapons (handbook V.A melee, V.B ranged, V.G.1-2 Paper Fan and Paintball Gun) and defensive items (V.E).

Every weapon's hit attempts per day, base chance and damage table, as transcribed from the handbook,
against the item data and against what a night really does; ammunition; Brass Knuckles; Switchblade;
Pot Lid; Bulletproof Vest; the Paintball Gun's mark on the following day.
"""
from __future__ import annotations

import pytest

from engine.rulesets.battle_royale import catalog
from tests.battle_royale.combat_support import (
    NEUTRAL, SEPTAGON, attempts, chances, idle, next_night, refusal,
)
from tests.battle_royale.helpers import attack, make_state, orders, run_night, texts

# Handbook V: (attempts per day, base chance, damage table, ammunition).
HANDBOOK = {
    "unarmed": (1, 50, [(1, 50), (2, 50)], None),
    "fire_axe": (1, 60, [(2, 40), (3, 60)], None),
    "sledgehammer": (1, 50, [(3, 40), (4, 60)], None),
    "brass_knuckles": (2, 50, [(1, 50), (2, 50)], None),  # one more attack with the Unarmed statistics
    "knife": (3, 60, [(1, 70), (2, 30)], None),
    "baseball_bat": (2, 70, [(1, 20), (2, 80)], None),
    "metal_pipe": (2, 70, [(1, 20), (2, 60), (3, 20)], None),
    "switchblade": (2, 60, [(1, 70), (2, 30)], None),
    "handgun": (3, 60, [(1, 20), (2, 60), (3, 20)], 12),
    "revolver": (2, 60, [(2, 40), (3, 40), (4, 20)], 6),
    "shotgun": (2, 60, [(2, 20), (3, 60), (4, 20)], 8),
    "rifle": (2, 70, [(2, 20), (3, 40), (4, 40)], 8),
    "uzi": (10, 40, [(1, 20), (2, 60), (3, 20)], 30),
    "crossbow": (2, 60, [(1, 20), (2, 60), (3, 20)], 8),
    "molotov": (1, 70, [(2, 30), (3, 30), (4, 40)], None),
    "grenade": (1, 70, [(3, 10), (4, 30), (5, 30), (6, 30)], None),
    "flamethrower": (1, 60, [(3, 20), (4, 30), (5, 30), (6, 20)], 2),
    "smoke_grenade": (1, 70, [(0, 50), (1, 50)], None),
    "paper_fan": (1, 100, [(0, 50), (1, 50)], None),
    "paintball_gun": (5, 40, [(0, 100)], None),  # marks, no damage; the handbook gives no paint count
}
CLASS = {**{w: "melee" for w in ("unarmed", "fire_axe", "sledgehammer", "brass_knuckles", "knife", "baseball_bat",
                                  "metal_pipe", "switchblade", "paper_fan")},
         **{w: "ranged" for w in ("handgun", "revolver", "shotgun", "rifle", "uzi", "crossbow", "paintball_gun")},
         **{w: "explosive" for w in ("molotov", "grenade", "flamethrower", "smoke_grenade")}}
STRIKING = [w for w in HANDBOOK if w != "smoke_grenade"]


@pytest.mark.parametrize("weapon", sorted(HANDBOOK))
def test_V_A_to_V_G_weapon_numbers_match_the_handbook(weapon):
    """V.A-C, V.G: each weapon's attempts per day, base chance, damage table and ammunition, as printed."""
    attempts_, chance, table, ammo = HANDBOOK[weapon]
    defn = catalog.item(weapon)
    assert (defn.attempts, defn.chance, [tuple(x) for x in defn.damage], defn.ammo) == (attempts_, chance, table, ammo)
    assert defn.weapon_class == CLASS[weapon]


@pytest.mark.parametrize("weapon", STRIKING)
def test_V_A_to_V_G_weapon_attempts_base_chance_and_damage_values_in_play(weapon):
    """V.A-C, V.G: in a zone without modifier for its class, against a searching target, a weapon makes
    exactly its attempts per day at its base chance (95 at most, III.C.1), one more is refused, and the
    damage of its hits takes every value of its table and no other."""
    n, base, table, _ = HANDBOOK[weapon]
    state = make_state({"a": {"zone": NEUTRAL[CLASS[weapon]], "items": [] if weapon == "unarmed" else [weapon]},
                        "b": {"zone": NEUTRAL[CLASS[weapon]], "school": 2}}, max_hp=100)
    uid = "unarmed" if weapon == "unarmed" else f"a.{weapon}"
    assert refusal(state, "a", attack(uid, b=n)) is None
    assert f"allows {n} hit attempt" in refusal(state, "a", attack(uid, b=n + 1))
    damages = set()
    nights = {"grenade": 150, "flamethrower": 120}.get(weapon, 40)  # enough hits to see a 10% or 20% value
    for seed in range(nights):
        _, events = run_night(state, {"a": attack(uid, b=n), "b": idle()}, seed=seed)
        made = attempts(events, "a", "b")
        assert len(made) == n
        assert {m.chance for m in made} == {min(base, 95)}
        damages |= {m.damage for m in made if m.hit}
    assert damages == {value for value, _ in table}


@pytest.mark.parametrize("weapon", ["handgun", "revolver", "shotgun", "rifle", "uzi", "crossbow", "flamethrower"])
def test_V_B_ammunition_counts_down_one_per_attempt_and_empty_weapon_cannot_attack(weapon):
    """V.B (and V.C.3): "There are a total of 12 bullets" etc.; rulings: "Every hit attempt of a firearm,
    crossbow or flamethrower uses one unit of ammunition; an empty weapon cannot attack"."""
    n, _, _, ammo = HANDBOOK[weapon]
    state = make_state({"a": {"zone": 2, "items": [weapon]}, "b": {"zone": 2, "school": 2}}, max_hp=100)
    assert state.students["a"].item(f"a.{weapon}").ammo == ammo
    left = ammo
    while left:
        shots = min(n, left)
        state.students["b"].hp = 100
        after, _ = run_night(state, {"a": attack(f"a.{weapon}", b=shots), "b": idle()}, seed=left)
        left -= shots
        assert after.students["a"].item(f"a.{weapon}").ammo == left
        state = next_night(after)
    name = catalog.item(weapon).name
    assert refusal(state, "a", attack(f"a.{weapon}", b=1)) == f"{name} has no ammunition left."
    _, events = run_night(state, {"a": attack(f"a.{weapon}", b=1), "b": idle()})
    assert attempts(events, "a") == []
    assert any(f"{name} has no ammunition left." in t for t in texts(events, "order_failed", to="a"))


def test_V_B_1_weapon_with_too_little_ammunition_left_is_refused():
    """V.B.1 and rulings: one bullet left is one attempt, not three."""
    state = make_state({"a": {"zone": 2, "items": ["handgun"]}, "b": {"zone": 2, "school": 2}})
    state.students["a"].item("a.handgun").ammo = 1
    assert refusal(state, "a", attack("a.handgun", b=3)) == "Handgun has only 1 shot left; you asked for 3."
    assert refusal(state, "a", attack("a.handgun", b=1)) is None


def test_V_A_4_brass_knuckles_give_two_unarmed_attempts():
    """V.A.4: "Brass Knuckles allow for one additional attack to be made per day using the Unarmed Melee
    statistics": two attempts at 50% for 1 or 2 damage, whereas bare hands make one."""
    state = make_state({"a": {"zone": SEPTAGON, "items": ["brass_knuckles"]}, "b": {"zone": SEPTAGON, "school": 2},
                        "c": {"zone": SEPTAGON, "school": 3}})
    assert refusal(state, "a", attack("a.brass_knuckles", b=1, c=1)) is None
    assert refusal(state, "a", attack("a.brass_knuckles", b=3)) is not None
    assert refusal(state, "a", attack("unarmed", b=2)) is not None
    _, events = run_night(state, {"a": attack("a.brass_knuckles", b=1, c=1), "b": idle(), "c": idle()})
    made = attempts(events, "a")
    assert [(m.target, m.weapon, m.chance) for m in made] == [("b", "Brass Knuckles", 50), ("c", "Brass Knuckles", 50)]


def test_V_A_8_switchblade_is_always_concealed_except_from_analyze():
    """V.A.8: "The Switchblade is always concealed from view (except with an Analyze action against you)"."""
    state = make_state({"a": {"zone": SEPTAGON, "items": ["switchblade", "knife"]}, "b": {"zone": SEPTAGON, "school": 2}})
    _, events = run_night(state, {"a": idle(), "b": orders(action={"kind": "analyze", "target": "a"})})
    [seen_by_b] = [t for t in texts(events, "night_report", to="b")]
    assert "A (Knife)" in seen_by_b and "Switchblade" not in seen_by_b
    [own] = texts(events, "night_report", to="a")
    assert "Switchblade" in own
    assert "Concealed items: Switchblade." in texts(events, "analysis", to="b")[0]
    state.students["a"].items.pop()  # the Knife
    _, events = run_night(state, {"a": idle(), "b": idle()})
    assert "A (empty-handed)" in texts(events, "night_report", to="b")[0]


# --- V.E Defensive items -------------------------------------------------------------------------------

def _lid_night(state, seed):
    night = {"k": attack("k.knife", b=3), "f": attack("f.paper_fan", b=1), "r": attack("r.rifle", b=2), "b": idle()}
    return run_night(state, night, seed=seed)


def test_V_E_1_pot_lid_negates_the_first_melee_hit_each_day_only():
    """V.E.1: "This item negates the first hit by a Melee Weapon each day": one melee hit a night is
    blocked (the first), later melee hits land, ranged hits are never blocked, and the next day it
    blocks again."""
    state = make_state({"b": {"zone": SEPTAGON, "items": ["pot_lid"]},
                        "f": {"zone": SEPTAGON, "school": 2, "items": ["paper_fan"]},
                        "k": {"zone": SEPTAGON, "school": 3, "items": ["knife"]},
                        "r": {"zone": SEPTAGON, "school": 4, "items": ["rifle"]}}, max_hp=100)
    second_landed = 0
    for seed in range(40):
        after, events = _lid_night(state, seed)
        blocked = texts(events, "pot_lid")
        melee = [m for m in attempts(events, target="b") if m.attacker in ("f", "k")]
        assert len(melee) + len(blocked) == 4  # 3 Knife slashes and 1 Paper Fan swat, one maybe blocked
        assert len(blocked) == 1 or not any(m.hit for m in melee)
        landed = [m for m in melee if m.hit]
        second_landed += bool(blocked and landed)
        ranged_hits = [m for m in attempts(events, "r", "b") if m.hit]
        assert after.students["b"].hp == 100 - sum(m.damage for m in landed + ranged_hits)
    assert second_landed > 20
    after, _ = _lid_night(state, 0)
    _, events = _lid_night(next_night(after), 1)
    assert len(texts(events, "pot_lid")) == 1
    assert "B's Pot Lid blocked" in texts(events, "pot_lid", to="b")[0]


@pytest.mark.parametrize("weapon, seen", [
    ("rifle", {0, 1, 2}), ("shotgun", {0, 1, 2}), ("handgun", {0, 1}), ("crossbow", {1, 2, 3}), ("knife", {1, 2}),
])
def test_V_E_2_bulletproof_vest_takes_two_points_off_ranged_hits_except_crossbow(weapon, seen):
    """V.E.2: "This item negates the first two points of damage against all hits by Ranged Weapons except
    Crossbows" (and melee hits are untouched)."""
    state = make_state({"a": {"zone": SEPTAGON, "items": [weapon]},
                        "b": {"zone": SEPTAGON, "school": 2, "items": ["bulletproof_vest"]}}, max_hp=100)
    n = HANDBOOK[weapon][0]
    damages = set()
    for seed in range(40):
        after, events = run_night(state, {"a": attack(f"a.{weapon}", b=n), "b": idle()}, seed=seed)
        hits = [m for m in attempts(events, "a", "b") if m.hit]
        assert after.students["b"].hp == 100 - sum(m.damage for m in hits)
        damages |= {m.damage for m in hits}
    assert damages == seen


# --- V.G.2 Paintball Gun ----------------------------------------------------------------------------------

def test_V_G_2_paintball_mark_applies_the_following_day_not_the_same_day():
    """V.G.2: "A person hit by a paintball suffers a +5% Dodge Penalty against all attacks and any bonuses
    from wearing Camouflage are negated for the following day." Day 1: K's Fire Axe (melee, after the
    Paintball Gun's ranged step) still sees Camouflage (60-15); day 2: 60+5 with no Camouflage; day 3: 45."""
    base = make_state({"p": {"zone": SEPTAGON, "items": ["paintball_gun"]},
                       "k": {"zone": SEPTAGON, "school": 2, "items": ["fire_axe"]},
                       "b": {"zone": SEPTAGON, "school": 3, "items": ["camouflage"]}}, max_hp=100)
    paint = {"p": attack("p.paintball_gun", b=5), "k": attack("k.fire_axe", b=1), "b": idle()}
    seed = next(s for s in range(50) if texts(run_night(base, paint, seed=s)[1], "painted"))
    after, events = run_night(base, paint, seed=seed)
    assert chances(events, "k", "b") == {45}
    assert "B is splattered with paint: easier to hit tomorrow." in texts(events, "painted", to="b")
    day2 = next_night(after)
    assert day2.day == 2
    after, events = run_night(day2, {"k": attack("k.fire_axe", b=1), "b": idle(), "p": idle()})
    assert chances(events, "k", "b") == {65}
    _, events = run_night(next_night(after), {"k": attack("k.fire_axe", b=1), "b": idle(), "p": idle()})
    assert chances(events, "k", "b") == {45}


def test_V_G_2_paintball_mark_survives_a_fresh_hit_on_its_own_day():
    """V.G.2: painted yesterday, B stays marked all of today even when a new paintball hits B tonight in the
    ranged step (that one counts for tomorrow): the Fire Axe in the melee step still has +5."""
    state = make_state({"p": {"zone": SEPTAGON, "items": ["paintball_gun"]},
                        "k": {"zone": SEPTAGON, "school": 2, "items": ["fire_axe"]},
                        "b": {"zone": SEPTAGON, "school": 3, "painted_for_day": 2}}, day=2, max_hp=100)
    repainted = 0
    for seed in range(20):
        after, events = run_night(state, {"p": attack("p.paintball_gun", b=5), "k": attack("k.fire_axe", b=1),
                                          "b": idle()}, seed=seed)
        shots = attempts(events, "p", "b")
        assert {m.chance for m in shots} == {45}
        assert chances(events, "k", "b") == {65}
        if any(m.hit for m in shots):
            repainted += 1
            assert after.students["b"].painted_for_day == 3
    assert repainted > 10

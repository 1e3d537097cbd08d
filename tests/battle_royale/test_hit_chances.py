"""Hit chance arithmetic: every bonus and penalty of the handbook, the 5..95 clamp, zone modifiers.

Rulings, "Arithmetic of chances": a hit chance is the weapon's base chance plus every hit bonus and dodge
penalty, minus every hit penalty and dodge bonus, in points, then clamped to 5..95. Checked through
`rules.hit_chance` directly and through the "(NN% chance)" of the night's attack texts.
"""
from __future__ import annotations

import pytest

from engine.rulesets.battle_royale.rules import NightPosture
from tests.battle_royale.combat_support import (
    BEACH, CLIFFS, CREVASSE, FIELD, FOREST, LANDING_STRIP, SEPTAGON, chances, hit, idle, next_night,
)
from tests.battle_royale.helpers import attack, make_state, orders, run_night


def duel(spec_a: dict | None = None, spec_b: dict | None = None, zone: int = SEPTAGON, **settings):
    """A (attacker) and B (target) in one zone, different schools so the game goes on."""
    a = {"zone": zone, "school": 1, **(spec_a or {})}
    b = {"zone": zone, "school": 2, **(spec_b or {})}
    return make_state({"a": a, "b": b}, **settings)


# --- III.C.1: the clamp --------------------------------------------------------------------------

def test_III_C_1_hit_chance_clamped_to_95_maximum():
    """III.C.1: "Each hit attempt has a maximum hit chance of 95%": the Paper Fan's 100% becomes 95%."""
    state = duel({"items": ["paper_fan"]})
    assert hit(state, "a", "b", 100, "melee") == 95
    assert hit(state, "a", "b", 100, "melee", clamp=False) == 100
    state.students["a"].rival = "b"
    assert hit(state, "a", "b", 70, "ranged", zone=BEACH, clamp=False) == 90
    assert hit(state, "a", "b", 70, "ranged", zone=BEACH, clamp=True) == 90
    assert hit(state, "a", "b", 90, "ranged", zone=BEACH) == 95
    _, events = run_night(state, {"a": attack("a.paper_fan", b=1), "b": idle()})
    assert chances(events, "a", "b") == {95}


def test_III_C_1_hit_chance_clamped_to_5_minimum():
    """III.C.1: "... and minimum hit chance of 5%": Uzi 40 in the Forest (-10) against Defend (-10),
    Hold Ground (-20) and Camouflage (-15) would be -15, and is 5."""
    state = duel({"items": ["uzi"]}, {"items": ["camouflage"]}, zone=FOREST)
    posture = NightPosture(defending=True, holding=True)
    assert hit(state, "a", "b", 40, "ranged", clamp=False, b=posture) == -15
    assert hit(state, "a", "b", 40, "ranged", b=posture) == 5
    _, events = run_night(state, {"a": attack("a.uzi", b=10),
                                  "b": orders(action={"kind": "defend"}, movement={"kind": "hold"})})
    assert chances(events, "a", "b") == {5}


# --- III.C.2, 5, 6, 8 and III.D.2-3: actions and movements ----------------------------------------

def test_III_C_2_all_out_attack_hit_penalty_10():
    """III.C.2: "All attacks made during an All-Out Attack suffer a -10% Hit Penalty"."""
    state = duel({"items": ["knife"]})
    assert hit(state, "a", "b", 60, "melee", a=NightPosture(all_out=True)) == 50
    _, events = run_night(state, {"a": attack("a.knife", all_out=True, b=5), "b": idle()})
    assert chances(events, "a", "b") == {50}
    _, events = run_night(state, {"a": attack("a.knife", b=3), "b": idle()})
    assert chances(events, "a", "b") == {60}


def test_III_C_5_defend_dodge_bonus_10_also_by_default():
    """III.C.5: Defend gives "a -10% Dodge Bonus against all attacks made against you"; III.C: "(Default
    is Defend)", so a student who submits no action defends too."""
    state = duel({"items": ["fire_axe"]})
    assert hit(state, "a", "b", 60, "melee", b=NightPosture(defending=True)) == 50
    for target_orders in (orders(action={"kind": "defend"}), None):
        night = {"a": attack("a.fire_axe", b=1)}
        if target_orders is not None:
            night["b"] = target_orders
        _, events = run_night(state, night)
        assert chances(events, "a", "b") == {50}
    _, events = run_night(state, {"a": attack("a.fire_axe", b=1), "b": idle()})
    assert chances(events, "a", "b") == {60}


def test_III_C_6_cover_dodge_bonus_15_for_coverer():
    """III.C.6: the coverer gains "a -15% Dodge Bonus against all attacks made against you or your target"."""
    state = make_state({"a": {"zone": SEPTAGON, "items": ["fire_axe"]}, "b": {"zone": SEPTAGON, "school": 2},
                        "c": {"zone": SEPTAGON, "school": 3}})
    assert hit(state, "a", "b", 60, "melee", b=NightPosture(covering="c")) == 45
    _, events = run_night(state, {"a": attack("a.fire_axe", b=1), "b": orders(action={"kind": "cover", "target": "c"}),
                                  "c": idle()})
    assert chances(events, "a", "b") == {45}


def test_III_C_8_analyze_dodge_bonus_20_only_against_analyzed_student():
    """III.C.8: Analyze gives "a -20% Dodge Bonus against that specific player's attacks against you, but
    not against other players' attacks"."""
    state = make_state({"a": {"zone": SEPTAGON, "items": ["fire_axe"]}, "b": {"zone": SEPTAGON, "school": 2},
                        "c": {"zone": SEPTAGON, "school": 3, "items": ["fire_axe"]}})
    analyzing = NightPosture(analyzing="a")
    assert hit(state, "a", "b", 60, "melee", b=analyzing) == 40
    assert hit(state, "c", "b", 60, "melee", b=analyzing) == 60
    _, events = run_night(state, {"a": attack("a.fire_axe", b=1), "c": attack("c.fire_axe", b=1),
                                  "b": orders(action={"kind": "analyze", "target": "a"})})
    assert chances(events, "a", "b") == {40}
    assert chances(events, "c", "b") == {60}


def test_III_D_2_run_dodge_bonus_10():
    """III.D.2: "During a Run action, you also gain a -10% Dodge Bonus against all attacks"."""
    state = duel({"items": ["fire_axe"]})
    assert hit(state, "a", "b", 60, "melee", b=NightPosture(running=True)) == 50
    _, events = run_night(state, {"a": attack("a.fire_axe", b=1),
                                  "b": orders(action={"kind": "search"}, movement={"kind": "run", "route": [1, 4]})})
    assert chances(events, "a", "b") == {50}


def test_III_D_3_hold_ground_dodge_bonus_20_that_night():
    """III.D.3: Hold Ground: "You gain a -20% Dodge Bonus against all attacks made against you in the Attack
    Phase", and (Clarifications) "The bonus applies to the action round that night"."""
    state = duel({"items": ["fire_axe"]})
    assert hit(state, "a", "b", 60, "melee", b=NightPosture(holding=True)) == 40
    _, events = run_night(state, {"a": attack("a.fire_axe", b=1),
                                  "b": orders(action={"kind": "search"}, movement={"kind": "hold"})})
    assert chances(events, "a", "b") == {40}


def test_rulings_dodge_bonuses_from_different_sources_stack():
    """Rulings: "Bonuses from different sources stack (Defend and Hold Ground and Camouflage: -45 points)"."""
    state = duel({}, {"items": ["camouflage"]})
    assert hit(state, "a", "b", 90, "melee", b=NightPosture(defending=True, holding=True)) == 45
    _, events = run_night(state, {"a": attack("unarmed", b=1),
                                  "b": orders(action={"kind": "defend"}, movement={"kind": "hold"})})
    assert chances(events, "a", "b") == {5}  # 50 - 45 = 5


# --- IV.C: the zones ------------------------------------------------------------------------------

ZONE_MODIFIERS = {
    LANDING_STRIP: {"explosive": 10},
    CREVASSE: {"melee": 5},
    FOREST: {"ranged": -10},
    BEACH: {"ranged": 10},
    SEPTAGON: {"explosive": 5},
    CLIFFS: {"ranged": 5},
    FIELD: {"ranged": 10},
}


@pytest.mark.parametrize("zone", sorted(ZONE_MODIFIERS))
@pytest.mark.parametrize("cls", ["ranged", "melee", "explosive"])
def test_IV_C_1_to_7_zone_modifier_by_attack_class(zone, cls):
    """IV.C: Landing Strip explosive +10, Crevasse melee +5, Forest ranged -10, Beach ranged +10,
    Septagon explosive +5, Cliffs ranged +5, Field ranged +10; every other class unmodified."""
    state = duel(zone=zone)
    assert hit(state, "a", "b", 50, cls) == 50 + ZONE_MODIFIERS[zone].get(cls, 0)


@pytest.mark.parametrize("zone, weapon, base, expected", [
    (LANDING_STRIP, "molotov", 70, 80),
    (LANDING_STRIP, "rifle", 70, 70),
    (CREVASSE, "fire_axe", 60, 65),
    (FOREST, "rifle", 70, 60),
    (BEACH, "rifle", 70, 80),
    (SEPTAGON, "grenade", 70, 75),
    (CLIFFS, "revolver", 60, 65),
    (FIELD, "handgun", 60, 70),
    (FIELD, "fire_axe", 60, 60),
])
def test_IV_C_zone_modifier_in_the_reported_chance(zone, weapon, base, expected):
    """IV.C: the zone's modifier reaches the roll (the "(NN% chance)" of the night's attack text)."""
    state = duel({"items": [weapon]}, {"hp": 30, "max_hp": 30}, zone=zone, max_hp=30)
    _, events = run_night(state, {"a": attack(f"a.{weapon}", b=1), "b": idle()})
    assert chances(events, "a", "b") == {expected}


# --- V.E.3 and V.G: items ---------------------------------------------------------------------------

def test_V_E_3_camouflage_dodge_bonus_15_unless_in_backpack():
    """V.E.3: "This item provides a -15% Dodge Bonus against all attacks while worn" (held, not stored)."""
    state = duel({"items": ["rifle"]}, {"items": ["camouflage"]})
    for cls in ("melee", "ranged", "explosive"):
        assert hit(state, "a", "b", 60, cls, zone=CREVASSE) == 60 + ZONE_MODIFIERS[CREVASSE].get(cls, 0) - 15
    _, events = run_night(state, {"a": attack("a.rifle", b=2), "b": idle()})
    assert chances(events, "a", "b") == {55}
    stored = duel({}, {"items": ["backpack", "camouflage"], "stored": ["camouflage"]})
    assert hit(stored, "a", "b", 60, "melee") == 60


def test_V_G_1_paper_fan_dodge_bonus_5_against_melee_only():
    """V.G.1: the Paper Fan "gives you a +5% dodge bonus against other melee weapons" (a bonus: melee
    attacks on its holder are 5 points less likely to hit, rulings); ranged and explosives unaffected."""
    state = duel({"items": ["knife"]}, {"items": ["paper_fan"]})
    assert hit(state, "a", "b", 60, "melee") == 55
    assert hit(state, "a", "b", 60, "ranged") == 60
    assert hit(state, "a", "b", 60, "explosive", zone=CREVASSE) == 60
    _, events = run_night(state, {"a": attack("a.knife", b=3), "b": idle()})
    assert chances(events, "a", "b") == {55}


def test_V_G_2_paintball_mark_is_a_dodge_penalty_and_cancels_camouflage_on_its_day():
    """V.G.2: a person hit "suffers a +5% Dodge Penalty against all attacks and any bonuses from wearing
    Camouflage are negated for the following day": the mark counts on the day it is for, no other."""
    state = duel({}, {"items": ["camouflage"]}, day=2)
    plain = duel({}, {}, day=2)
    for day, camo, bare in ((1, 45, 60), (2, 65, 65), (3, 45, 60)):
        state.students["b"].painted_for_day = day
        plain.students["b"].painted_for_day = day
        assert hit(state, "a", "b", 60, "melee") == camo
        assert hit(plain, "a", "b", 60, "melee") == bare


def test_V_G_3_headband_hit_bonus_5_and_dodge_penalty_5_only_when_worn():
    """V.G.3: "Equip the Headband to gain a +5% Hit Bonus with all weapons, but also suffer a +5% Dodge
    Penalty against all attacks ... can be worn optionally" (and does not count against capacity)."""
    worn = duel({"items": ["headband"], "worn": ["headband"]}, {"items": ["headband"], "worn": ["headband"]})
    assert hit(worn, "a", "b", 60, "melee") == 70
    assert hit(worn, "a", "b", 60, "ranged") == 70
    carried = duel({"items": ["headband"]}, {"items": ["headband"]})
    assert hit(carried, "a", "b", 60, "melee") == 60
    _, events = run_night(worn, {"a": attack("unarmed", b=1), "b": idle()})
    assert chances(events, "a", "b") == {60}
    full = duel({"items": ["rifle", "knife", "fire_axe", "headband", "pretty_ribbon"]})
    assert len(full.students["a"].carried()) == 3


def test_V_G_4_pretty_ribbon_hit_penalty_5_and_dodge_bonus_5_only_when_worn():
    """V.G.4: "Equip the Pretty Ribbon to gain a -5% Dodge Bonus against all attacks, but also suffer a -5%
    Hit Penalty with all attacks you make"."""
    worn = duel({"items": ["pretty_ribbon"], "worn": ["pretty_ribbon"]}, {"items": ["pretty_ribbon"], "worn": ["pretty_ribbon"]})
    assert hit(worn, "a", "b", 60, "melee") == 50
    attacker_only = duel({"items": ["pretty_ribbon"], "worn": ["pretty_ribbon"]})
    assert hit(attacker_only, "a", "b", 60, "melee") == 55
    target_only = duel({}, {"items": ["pretty_ribbon"], "worn": ["pretty_ribbon"]})
    assert hit(target_only, "a", "b", 60, "melee") == 55
    assert hit(duel({}, {"items": ["pretty_ribbon"]}), "a", "b", 60, "melee") == 60
    _, events = run_night(worn, {"a": attack("unarmed", b=1), "b": idle()})
    assert chances(events, "a", "b") == {40}


def test_V_F_4_megaphone_hit_penalty_10_but_not_on_consecutive_days():
    """V.F.4: "The Megaphone distracts all players in the zone, giving a -10% Hit Penalty with their attacks.
    A player will not be subject to the hit penalty on consecutive days." Day 1: -10; day 2 (the same
    students, the Megaphone used again): no penalty; day 3: -10 again."""
    state = make_state({"m": {"zone": SEPTAGON, "items": ["megaphone"]},
                        "a": {"zone": SEPTAGON, "school": 2, "items": ["fire_axe"]},
                        "b": {"zone": SEPTAGON, "school": 3, "hp": 10}})
    night = {"m": orders(action={"kind": "use_item", "use": "megaphone"}), "a": attack("a.fire_axe", b=1),
             "b": idle()}
    expected = {1: 50, 2: 60, 3: 50}
    for day in (1, 2, 3):
        assert state.day == day
        state.students["b"].hp = 10
        after, events = run_night(state, night, seed=day)
        assert chances(events, "a", "b") == {expected[day]}, day
        state = next_night(after)
    quiet = make_state({"a": {"zone": SEPTAGON, "items": ["fire_axe"]}, "b": {"zone": SEPTAGON, "school": 2}})
    _, events = run_night(quiet, {"a": attack("a.fire_axe", b=1), "b": idle()})
    assert chances(events, "a", "b") == {60}


# --- Rivals, Lovers, abilities --------------------------------------------------------------------

def test_Rivals_3_hit_bonus_10_against_your_rival_only():
    """Rivals 3: "you have a +10% Hit Bonus to hit your Rival with any attack"."""
    state = make_state({"a": {"zone": SEPTAGON, "rival": "b", "items": ["knife"]}, "b": {"zone": SEPTAGON, "school": 2},
                        "c": {"zone": SEPTAGON, "school": 3}})
    assert hit(state, "a", "b", 60, "melee") == 70
    assert hit(state, "a", "c", 60, "melee") == 60
    assert hit(state, "b", "a", 60, "melee") == 60
    _, events = run_night(state, {"a": attack("a.knife", b=2, c=1), "b": idle(), "c": idle()})
    assert chances(events, "a", "b") == {70}
    assert chances(events, "a", "c") == {60}


def test_Rivals_3a_battle_proficiency_hit_bonus_5():
    """Rivals 3a: "Battle Proficiency – Gain a +5% Hit Bonus with all weapons"."""
    state = duel({"rewards": ["battle_proficiency"]}, {"rewards": ["battle_proficiency"]})
    assert hit(state, "a", "b", 60, "melee") == 65
    assert hit(state, "a", "b", 60, "ranged") == 65


def test_Rivals_3b_evasion_proficiency_dodge_bonus_5():
    """Rivals 3b: "Evasion Proficiency – Gain a -5% Dodge Bonus against all attacks"."""
    state = duel({"rewards": ["evasion_proficiency"]}, {"rewards": ["evasion_proficiency"]})
    assert hit(state, "a", "b", 60, "melee") == 55
    assert hit(state, "a", "b", 60, "explosive", zone=CREVASSE) == 55


def test_rulings_lover_loss_hit_penalty_5():
    """Rulings: "If one Lover dies, the other ... takes a -5 hit penalty for the rest of the game"."""
    state = duel({"lover_lost": True, "items": ["fire_axe"]})
    assert hit(state, "a", "b", 60, "melee") == 55
    assert hit(state, "b", "a", 60, "melee") == 60
    _, events = run_night(state, {"a": attack("a.fire_axe", b=1), "b": idle()})
    assert chances(events, "a", "b") == {55}


def test_rulings_lover_dies_in_combat_then_penalty_applies():
    """Rulings, Lovers: a Lover killed tonight leaves the other with -5 to hit from then on."""
    state = make_state({"a": {"zone": SEPTAGON, "role": "lovers", "lover": "l", "items": ["fire_axe"]},
                        "l": {"zone": SEPTAGON, "role": "lovers", "lover": "a", "hp": 1},
                        "k": {"zone": SEPTAGON, "school": 2, "items": ["rifle"], "rival": "l"},
                        "b": {"zone": SEPTAGON, "school": 3}})
    # The Rifle kills L in the ranged step (1 HP, at least 2 damage) before A swings in the melee step.
    for seed in range(40):
        after, events = run_night(state, {"k": attack("k.rifle", l=2), "a": attack("a.fire_axe", b=1), "b": idle(),
                                          "l": idle()}, seed=seed)
        if not after.students["l"].alive:
            assert after.students["a"].lover_lost
            assert chances(events, "a", "b") == {55}
            break
    else:
        pytest.fail("the Rifle never killed L")


@pytest.mark.parametrize("ability, who, expected", [
    ("predator", "a", 65), ("light_sleeper", "b", 55), ("predator", "b", 60), ("light_sleeper", "a", 60),
])
def test_II_A_3_lone_wolf_predator_and_light_sleeper(ability, who, expected):
    """Roles (house rules, roles.yaml): Lone Wolf's Predator "+5% Hit Bonus with all attacks", Light
    Sleeper "-5% Dodge Bonus against all attacks"; each only for the student who has it."""
    state = duel()
    state.students[who].role = "lone_wolf"
    state.students[who].abilities = [ability]
    assert hit(state, "a", "b", 60, "ranged") == expected


def test_II_A_2_lovers_kindred_spirit_and_devoted_guardian():
    """Roles (house rules): Kindred Spirit "-5% Dodge Bonus while your Lover lives"; Devoted Guardian
    "When you Cover your Lover you gain a further -10% Dodge Bonus"."""
    state = make_state({"a": {"zone": SEPTAGON, "school": 2},
                        "b": {"zone": SEPTAGON, "role": "lovers", "lover": "l", "abilities": ["kindred_spirit"]},
                        "l": {"zone": SEPTAGON, "role": "lovers", "lover": "b", "abilities": ["devoted_guardian"]}})
    assert hit(state, "a", "b", 60, "melee") == 55
    state.students["l"].alive = False
    assert hit(state, "a", "b", 60, "melee") == 60
    state.students["l"].alive = True
    assert hit(state, "a", "l", 60, "melee", l=NightPosture(covering="b")) == 35
    assert hit(state, "a", "l", 60, "melee", l=NightPosture(covering="a")) == 45

"""Explosives (handbook V.C): Molotov Cocktail, Grenade, Flamethrower, Smoke Grenade, and their collateral.

The explosive zone for most tests is the Cliffs, which has no explosive modifier.
"""
from __future__ import annotations

from collections import Counter

import pytest

from tests.battle_royale.combat_support import CLIFFS, FOREST, attempts, chances, idle, rate
from tests.battle_royale.helpers import attack, make_state, orders, run_night, texts

SEEDS = range(60)


def crowd(zone: int = CLIFFS, **specs):
    """Students in one zone, each of their own school, 100 Health each."""
    return make_state({sid: {"zone": zone, "school": n, **spec} for n, (sid, spec) in enumerate(specs.items(), 1)},
                      max_hp=100)


def blast(events, thrower: str) -> dict[str, int | None]:
    """Collateral rolls of a thrower tonight: victim -> damage (None when the blast missed them)."""
    out = {}
    for e in events:
        if e.kind in ("collateral_hit", "collateral_missed") and thrower in e.audience.ids:
            [victim] = [i for i in e.audience.ids if i != thrower]
            out[victim] = e.data.get("damage") if e.kind == "collateral_hit" else None
    return out


@pytest.mark.parametrize("weapon, name, chance, values", [
    ("molotov", "Molotov Cocktail", 40, {1, 2, 3}), ("grenade", "Grenade", 50, {2, 3, 4, 5}),
])
def test_V_C_1_2_molotov_and_grenade_collateral_reaches_melee_partners_of_the_target_not_the_thrower(
        weapon, name, chance, values):
    """V.C.1-2: "Any players attacking or being attacked by that player in Melee (excepting yourself) also
    take a 40% [Grenade: 50%] base chance of suffering collateral damage", and the item "is used up after
    being thrown". C punches B, B slashes D and the thrower M; E stands by."""
    state = crowd(m={"items": [weapon]}, b={"items": ["knife"]}, c={}, d={}, e={})
    night = {"m": attack(f"m.{weapon}", b=1), "b": attack("b.knife", d=2, m=1), "c": attack("unarmed", b=1),
             "d": idle(), "e": idle()}
    seen = set()
    for seed in range(100):
        after, events = run_night(state, night, seed=seed)
        assert len(attempts(events, "m", "b")) == 1
        rolls = blast(events, "m")
        assert set(rolls) == {"c", "d"}
        seen |= {d for d in rolls.values() if d is not None}
        assert after.students["m"].item(f"m.{weapon}") is None
        assert after.students["e"].hp == 100
    assert seen == values
    caught = [e for e in events if e.kind == "collateral_hit"]
    assert not caught or caught[0].text.startswith(f"The blast of M's {name} caught")


def test_V_C_2_grenade_collateral_rolled_at_50_percent_with_its_table():
    """V.C.2 (end to end): Grenade hits at 70% for [3 10% / 4 30% / 5 30% / 6 30%]; collateral 50% for
    [2 20% / 3 50% / 4 20% / 5 10%]. Eight students punch the target: each throw makes eight collateral rolls."""
    punchers = {f"p{i}": {} for i in range(8)}
    state = crowd(g={"items": ["grenade"]}, b={}, **punchers)
    night = {"g": attack("g.grenade", b=1), "b": idle(), **{p: attack("unarmed", b=1) for p in punchers}}
    primary, collateral = [], []
    for seed in range(300):
        _, events = run_night(state, night, seed=seed)
        primary += attempts(events, "g", "b")
        collateral += list(blast(events, "g").values())
    assert {m.chance for m in primary} == {70}
    assert abs(rate(sum(m.hit for m in primary), len(primary)) - 70) < 6
    assert len(collateral) == 2400
    landed = [d for d in collateral if d is not None]
    assert abs(rate(len(landed), len(collateral)) - 50) < 2.5
    counts = Counter(landed)
    for value, weight in [(2, 20), (3, 50), (4, 20), (5, 10)]:
        assert abs(rate(counts[value], len(landed)) - weight) < 3.5, value
    assert set(counts) == {2, 3, 4, 5}


# --- V.C.3 Flamethrower ------------------------------------------------------------------------------------

def test_V_C_3_flamethrower_fires_in_the_melee_step():
    """V.C.3: "This item activates in the Melee Attack Phase": after Ranged, with Melee, before Explosives
    (and with Melee before Ranged in the Forest)."""
    night = {"r": attack("r.rifle", d=1), "f": attack("f.flamethrower", d=1), "k": attack("k.knife", d=1),
             "g": attack("g.grenade", d=1), "d": idle()}
    specs = dict(r={"items": ["rifle"]}, f={"items": ["flamethrower"]}, k={"items": ["knife"]},
                 g={"items": ["grenade"]}, d={})
    _, events = run_night(crowd(**specs), night)
    order = [m.attacker for m in attempts(events)]  # within a step the attackers act in a random order
    assert order[0] == "r" and set(order[1:3]) == {"f", "k"} and order[3] == "g"
    _, events = run_night(crowd(zone=FOREST, **specs), night)
    order = [m.attacker for m in attempts(events)]
    assert set(order[0:2]) == {"f", "k"} and order[2] == "r" and order[3] == "g"


def test_V_C_3_flamethrower_user_killed_by_melee_still_fires_but_not_when_shot_first():
    """V.C.3 with rulings 4: the Flamethrower is simultaneous with melee blows (a user killed by one still
    fires, even after the blow: Z acts after K in id order), but a user shot dead in the Ranged step
    never fires."""
    state = crowd(z={"items": ["flamethrower"], "hp": 1}, k={"items": ["fire_axe"]}, r={"items": ["rifle"]}, d={})
    killed_in_melee = shot = 0
    for seed in SEEDS:
        after, events = run_night(state, {"z": attack("z.flamethrower", d=1), "k": attack("k.fire_axe", z=1),
                                          "d": idle(), "r": idle()}, seed=seed)
        assert len(attempts(events, "z", "d")) == 1
        killed_in_melee += not after.students["z"].alive
        after, events = run_night(state, {"z": attack("z.flamethrower", d=1), "r": attack("r.rifle", z=1),
                                          "d": idle(), "k": idle()}, seed=seed)
        if attempts(events, "r", "z")[0].hit:
            shot += 1
            assert attempts(events, "z", "d") == []
            assert after.students["d"].hp == 100
    assert killed_in_melee > 20 and shot > 20


def test_V_C_3_flamethrower_collateral_to_those_targeting_user_or_target_in_melee():
    """V.C.3: "Any players targeting you or your target in Melee also take a 60% base chance of suffering
    [2 20% / 3 20% / 4 40% / 5 20%] collateral damage": C punches the user F, D punches the target T; E,
    punched by T but targeting nobody, and the bystander X are not caught."""
    state = crowd(f={"items": ["flamethrower"]}, t={}, c={}, d={}, e={}, x={})
    night = {"f": attack("f.flamethrower", t=1), "c": attack("unarmed", f=1), "d": attack("unarmed", t=1),
             "t": attack("unarmed", e=1), "e": idle(), "x": idle()}
    seen = set()
    for seed in SEEDS:
        after, events = run_night(state, night, seed=seed)
        assert chances(events, "f", "t") == {60}
        rolls = blast(events, "f")
        assert set(rolls) == {"c", "d"}
        seen |= {d for d in rolls.values() if d is not None}
        assert after.students["x"].hp == 100
    assert seen == {2, 3, 4, 5}


# --- V.C.4 Smoke Grenade ----------------------------------------------------------------------------------

def test_V_C_4_smoke_grenade_before_all_attacks_negates_the_targets_action():
    """V.C.4: "This item activates at the start of the Action Phase, before all other attacks ... a 70% base
    chance of negating their Action Phase actions for the night. If caught, they also suffer [0 (50%) /
    1 (50%)] damage": B's Rifle (Ranged, the first class) does not fire when the smoke catches B."""
    state = crowd(s={"items": ["smoke_grenade"]}, b={"items": ["rifle"]}, c={})
    caught, damages = 0, set()
    for seed in SEEDS:
        after, events = run_night(state, {"s": attack("s.smoke_grenade", b=1), "b": attack("b.rifle", c=2),
                                          "c": idle()}, seed=seed)
        smoked = [e for e in events if e.kind == "smoke"]
        shots = attempts(events, "b", "c")
        assert after.students["s"].item("s.smoke_grenade") is None
        if smoked:
            caught += 1
            damages.add(smoked[0].data["damage"])
            assert shots == [] and after.students["b"].item("b.rifle").ammo == 8
            assert after.students["b"].hp == 100 - smoked[0].data["damage"]
            assert "You were caught in smoke: your action tonight did not happen." in texts(events, to="b")
        else:
            assert chances(events, "s", "b") == {70}
            assert len(shots) == 2
    assert 30 < caught < 54 and damages == {0, 1}


def test_V_C_4_smoke_grenade_takes_away_the_defend_bonus():
    """V.C.4: negating the target's Action phase negates their Defend (-10) too: K's Rifle (not in melee, so
    out of the smoke's reach) then rolls 75 instead of 65 on the Cliffs."""
    state = crowd(s={"items": ["smoke_grenade"]}, b={}, k={"items": ["rifle"]})
    outcomes = set()
    for seed in range(30):
        _, events = run_night(state, {"s": attack("s.smoke_grenade", b=1), "b": orders(action={"kind": "defend"}),
                                      "k": attack("k.rifle", b=1)}, seed=seed)
        smoked = bool([e for e in events if e.kind == "smoke"])
        assert chances(events, "k", "b") == ({75} if smoked else {65})  # Rifle 70, Cliffs ranged +5
        outcomes.add(smoked)
    assert outcomes == {True, False}


def test_V_C_4_smoke_collateral_negates_melee_partners_half_the_time_not_the_thrower():
    """V.C.4: "Any players attacking or being attacked by that player in Melee (excepting yourself) also
    suffer a 50% base chance of having their Action Phase negated and [0 (50%) / 1 (50%)] collateral
    damage". C punches B; B slashes D and the thrower S; D fires a Rifle at E."""
    state = crowd(s={"items": ["smoke_grenade"]}, b={"items": ["knife"]}, c={}, d={"items": ["rifle"]}, e={})
    night = {"s": attack("s.smoke_grenade", b=1), "b": attack("b.knife", d=2, s=1), "c": attack("unarmed", b=1),
             "d": attack("d.rifle", e=1), "e": idle()}
    negated = Counter()
    damages = set()
    nights = 200
    for seed in range(nights):
        _, events = run_night(state, night, seed=seed)
        smoke = {e.audience.ids[-1] if e.audience.ids[0] == "s" else e.audience.ids[0]: e.data["damage"]
                 for e in events if e.kind == "smoke" and e.text.startswith("The smoke also caught")}
        assert set(smoke) <= {"c", "d"}
        damages |= set(smoke.values())
        assert ("c" in smoke) is (attempts(events, "c", "b") == [])
        assert ("d" in smoke) is (attempts(events, "d", "e") == [])
        negated.update(smoke.keys())
    assert abs(rate(negated["c"], nights) - 50) < 9 and abs(rate(negated["d"], nights) - 50) < 9
    assert damages == {0, 1}


def test_V_C_4_smoked_out_attacker_is_not_in_melee_for_a_later_grenade():
    """V.C.1-2 with V.C.4: a student whose Action phase the smoke negated attacks nobody in melee, so a
    Grenade on their intended victim B does not reach them; unsmoked, it may."""
    state = crowd(s={"items": ["smoke_grenade"]}, c={}, b={}, g={"items": ["grenade"]})
    outcomes = set()
    for seed in range(40):
        _, events = run_night(state, {"s": attack("s.smoke_grenade", c=1), "c": attack("unarmed", b=1),
                                      "b": idle(), "g": attack("g.grenade", b=1)}, seed=seed)
        smoked = any(e.kind == "smoke" and "c" in e.audience.ids for e in events)
        assert ("c" in blast(events, "g")) is not smoked
        outcomes.add(smoked)
    assert outcomes == {True, False}

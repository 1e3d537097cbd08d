"""End to end: the engine really rolls each hit attempt at the computed chance, and damage by the table.

Fixed seeds, thousands of attempts each, tolerances of about 2.5 points for rates (about 3.3 standard
deviations at 4,000 attempts), so a wrong number (a missing modifier, a clamp at 0 or 100, a swapped
damage weight) fails while the fixed seeds keep the tests deterministic.
"""
from __future__ import annotations

from collections import Counter

import pytest

from tests.battle_royale.combat_support import FIELD, FOREST, SEPTAGON, attempts, idle, rate
from tests.battle_royale.helpers import attack, make_state, orders, run_night


def sample(weapon: str, per_night: int, attackers: int, nights: int, zone: int = SEPTAGON, target: dict | None = None,
           target_orders=None, attacker: dict | None = None, all_out: bool = False):
    """Every attempt `attackers` students holding `weapon` make at B over `nights` seeded nights."""
    items = [] if weapon == "unarmed" else [weapon]
    specs = {f"x{i}": {"zone": zone, "school": 1, "items": items, **(attacker or {})} for i in range(attackers)}
    specs["b"] = {"zone": zone, "school": 2, **(target or {})}
    state = make_state(specs, max_hp=100)
    uid = (lambda i: "unarmed") if weapon == "unarmed" else (lambda i: f"x{i}.{weapon}")
    night = {f"x{i}": attack(uid(i), all_out=all_out, b=per_night) for i in range(attackers)}
    night["b"] = target_orders or idle()
    made = []
    for seed in range(nights):
        state.students["b"].hp = 100
        for i in range(attackers):
            for item in state.students[f"x{i}"].items:
                if item.ammo is not None:
                    item.ammo = 30
        _, events = run_night(state, night, seed=seed)
        made += attempts(events, target="b")
    assert len(made) == per_night * attackers * nights
    return made


def hit_rate(made) -> float:
    return rate(sum(m.hit for m in made), len(made))


def damage_shares(made) -> dict[int, float]:
    landed = [m.damage for m in made if m.hit]
    return {value: rate(n, len(landed)) for value, n in Counter(landed).items()}


def test_rulings_arithmetic_the_roll_uses_the_computed_chance():
    """Rulings, "Arithmetic of chances", end to end: Uzi 40 in the Field (+10, IV.C.7), Headband worn (+5,
    V.G.3), target Holding Ground (-20, III.D.3) = 35%, reported and rolled; Uzi damage table
    [1 20% / 2 60% / 3 20%] (V.B.5)."""
    made = sample("uzi", 10, 1, 300, zone=FIELD, attacker={"items": ["uzi", "headband"], "worn": ["headband"]},
                  target_orders=orders(action={"kind": "search"}, movement={"kind": "hold"}))
    assert {m.chance for m in made} == {35}
    assert abs(hit_rate(made) - 35) < 2.5
    shares = damage_shares(made)
    assert set(shares) == {1, 2, 3}
    for value, weight in [(1, 20), (2, 60), (3, 20)]:
        assert abs(shares[value] - weight) < 3.5, value


def test_III_C_1_minimum_5_percent_is_rolled_not_zero():
    """III.C.1: "minimum hit chance of 5%": Uzi 40 in the Forest against Defend, Hold Ground and Camouflage
    (-15 before the clamp) still hits about one attempt in twenty."""
    made = sample("uzi", 10, 1, 300, zone=FOREST, target={"items": ["camouflage"]},
                  target_orders=orders(action={"kind": "defend"}, movement={"kind": "hold"}))
    assert {m.chance for m in made} == {5}
    assert 3.5 < hit_rate(made) < 6.5


def test_V_G_1_paper_fan_hits_95_percent_for_0_or_1():
    """V.G.1 and III.C.1: the Paper Fan's 100% base is clamped to 95% ("maximum hit chance of 95%"): it
    misses about one swing in twenty; a hit deals [0 (50%) / 1 (50%)]."""
    made = sample("paper_fan", 1, 8, 250)
    assert {m.chance for m in made} == {95}
    assert 93.5 < hit_rate(made) < 96.5
    shares = damage_shares(made)
    assert set(shares) == {0, 1} and abs(shares[0] - 50) < 2.5


def test_III_C_2_all_out_attack_rolled_with_its_penalty():
    """III.C.2: an All-Out Attack with the Uzi makes 15 attempts, each at 40 - 10 = 30%."""
    made = sample("uzi", 15, 1, 200, all_out=True)
    assert {m.chance for m in made} == {30}
    assert abs(hit_rate(made) - 30) < 2.5


@pytest.mark.parametrize("weapon, per_night, attackers, nights, chance, table", [
    ("unarmed", 1, 6, 200, 50, [(1, 50), (2, 50)]),
    ("fire_axe", 1, 6, 200, 60, [(2, 40), (3, 60)]),
    ("knife", 3, 3, 150, 60, [(1, 70), (2, 30)]),
    ("rifle", 2, 4, 150, 70, [(2, 20), (3, 40), (4, 40)]),
])
def test_V_A_V_B_damage_tables_rolled(weapon, per_night, attackers, nights, chance, table):
    """V.A.1-2, V.A.5, V.B.4: hits land at the base chance and deal damage by the printed table (Unarmed
    [1 50/2 50], Fire Axe
    [2 40/3 60], Knife [1 70/2 30], Rifle [2 20/3 40/4 40]; the Uzi's [1 20/2 60/3 20] above)."""
    made = sample(weapon, per_night, attackers, nights)
    assert {m.chance for m in made} == {chance}
    assert abs(hit_rate(made) - chance) < 3.5
    shares = damage_shares(made)
    assert set(shares) == {value for value, _ in table}
    for value, weight in table:
        assert abs(shares[value] - weight) < 4.5, value

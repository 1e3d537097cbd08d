"""Every random rule of Mazeworld's combat tested statistically through the engine's own code, with a fixed
seed and enough trials that a wrong rule lands well outside 4 standard errors (the product rule: "Where a
number is random, test it statistically"). Each test names the rulebook section or ruling it checks; the
2d6 bands, the inaccurate 1d2 and the @bodyaim table are in test_attack_rolls.py and test_dice_words.py."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from engine.rng import RecordingRng
from engine.rulesets.mazeworld import actions, attack, endturn, roster
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.damage import compute
from engine.rulesets.mazeworld.encounter import Group
from engine.rulesets.mazeworld.orders import Butcher
from engine.rulesets.mazeworld.passage import settle_ties
from engine.rulesets.mazeworld.state import Wound
from engine.rulesets.mazeworld.turn import Turn
from tests.mazeworld.helpers import fight

TRIALS = 12_000


def close_to(successes: int, trials: int, p: float) -> bool:
    """Within 4 standard errors of the expected rate."""
    return abs(successes / trials - p) < 4 * math.sqrt(p * (1 - p) / trials)


def _turn(state, seed: int) -> Turn:
    return Turn(state, RecordingRng(seed, record=False))


@pytest.mark.parametrize(("agility", "needs"), [(0, 7), (2, 5), (-2, 9)])
def test_cover_roll_2d6_plus_agility_at_fixed_ft_6(agility, needs):
    """Text "Other useful ways to use 2d6s", Cover roll; rulings "Cover": 2d6+Agility >= 7 succeeds, so the
    rate is P(2d6 >= 7 - Agility): 21/36 at Agility 0."""
    state = fight()
    ann = state.creature("s1")
    ann.agility = agility
    turn = _turn(state, 11)
    wins = 0
    for _ in range(TRIALS):
        ann.cover = False
        wins += actions.take_cover(turn, ann)[0]
        turn.events.clear()
    p = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= needs) / 36
    assert close_to(wins, TRIALS, p), (wins / TRIALS, p)


@pytest.mark.parametrize(("disabled", "needs"), [((), 6), (("left foot",), 8)])
def test_escape_roll_2d6_plus_agility_at_fixed_ft_5(disabled, needs):
    """Text "Escape roll": 2d6+Agility, fixed FT 5, success on 6 or more (26/36); rulings "Human limbs": a
    disabled leg or foot gives escape -2 (15/36)."""
    wins = 0
    state = fight()
    for part in disabled:
        state.creature("s1").parts[part].hp = 0
    turn = _turn(state, 12)
    ann = turn.state.creature("s1")
    for _ in range(TRIALS):
        ann.status = "active"
        actions.escape(turn, ann)
        wins += ann.status == "escaped"
        turn.events.clear()
    p = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= needs) / 36
    assert close_to(wins, TRIALS, p), (wins / TRIALS, p)


def test_wounds_close_on_1d6_5_plus_and_fire_goes_out_on_1d6_5_plus():
    """Rulings "Injuries": a wound bleeds +2 Pain at the end of each turn, then 1d6 5+ closes it; burning
    +10 Pain, then 1d6 5+ puts it out: each a 1/3 chance a turn."""
    state = fight()
    turn = _turn(state, 13)
    ann = turn.state.creature("s1")
    closed = out = 0
    for _ in range(TRIALS):
        ann.pain, ann.wounds, ann.burning = 0, [Wound(part="left arm", by="wolf_a")], "wolf_a"
        endturn._bleed_and_burn(turn, ann)
        assert ann.pain == 12  # +2 for the wound, +10 for the fire, whatever the dice
        closed += not ann.wounds
        out += ann.burning is None
        turn.events.clear()
    assert close_to(closed, TRIALS, 1 / 3) and close_to(out, TRIALS, 1 / 3), (closed, out)


def test_temerity_d100_bands():
    """Rulings "Temerity": d100 1-10 pass out, 11-25 quake, 26-45 anxious, 46-90 normal, 91-100 anger (text
    "Encounter generation and behavior": from negative to positive)."""
    state = fight()
    turn = _turn(state, 14)
    wolf = turn.state.creature("wolf_a")
    seen: Counter[str] = Counter()
    for _ in range(TRIALS):
        wolf.status, wolf.effects, wolf.never_flees = "active", [], False
        endturn.temerity(turn, wolf)
        seen[_reaction(wolf)] += 1
        turn.events.clear()
    expected = {"pass_out": 0.10, "quake": 0.15, "anxious": 0.20, "normal": 0.45, "anger": 0.10}
    for reaction, p in expected.items():
        assert close_to(seen[reaction], TRIALS, p), (reaction, seen[reaction] / TRIALS, p)


def _reaction(wolf) -> str:
    if wolf.status == "passed_out":
        return "pass_out"
    return wolf.effects[0].name if wolf.effects else "normal"


def test_critwin_d6_faces_on_a_critical():
    """Rulings "@critwin" (12), 1d6: 1-2 Pain x2 (Beretta on a C2 wolf: 40), 3-4 limb damage x2, 5 armour
    ignored (Pain 20, no armour on C2), 6 both x1.5 (Pain 30): Pain 40 a third, 30 a sixth, else 20."""
    state = fight(damage_timing="end_of_turn")  # hits are held: the wolf stays as it is between trials
    turn = _turn(state, 15)
    ann, wolf = turn.state.creature("s1"), turn.state.creature("wolf_a")
    beretta = catalog().weapons["Beretta M9"]
    for _ in range(TRIALS):
        attack._land(turn, ann, wolf, beretta, "body", False, "critical", "s1 test")
    pains = Counter(hit.pain for hit in turn.queued)
    assert set(pains) == {20, 30, 40}
    assert close_to(pains[40], TRIALS, 1 / 3) and close_to(pains[30], TRIALS, 1 / 6), pains


def test_limb_damage_is_1d8_plus_ldv_minus_armour_level():
    """Rulings "Damage": limb damage = (1d8 + LDV - armour level) x factors, floor 0: a Beretta (LDV +1) on an
    unarmoured body gives 2..9, each 1/8; on A5 (level 5) 0..4, with 0 for a 1d8 of 1 to 4 (floor 0)."""
    state = fight()
    turn = _turn(state, 16)
    ann, wolf = turn.state.creature("s1"), turn.state.creature("wolf_a")
    beretta = catalog().weapons["Beretta M9"]
    plain = Counter(compute(turn, ann, wolf, beretta, "body", False).limb for _ in range(TRIALS))
    assert set(plain) == set(range(2, 10))
    assert all(close_to(plain[v], TRIALS, 1 / 8) for v in range(2, 10)), plain
    wolf.armour["body"] = "A5"
    armoured = Counter(compute(turn, ann, wolf, beretta, "body", False).limb for _ in range(TRIALS))
    assert set(armoured) == set(range(0, 5)) and close_to(armoured[0], TRIALS, 4 / 8), armoured


def test_firearm_failure_d100_against_cleanliness():
    """Text "Firearm failures": on a 2, a d100 at or under the cleanliness (83.57%) is a normal failure (83%),
    above it a critical failure (a box-magazine pistol stovepipes); rulings: a d100 of 100 under 100%
    destroys the weapon (1%)."""
    state = fight()
    turn = _turn(state, 17)
    ann = turn.state.creature("s1")
    beretta = catalog().weapons["Beretta M9"]
    seen: Counter[str] = Counter()
    for _ in range(TRIALS):
        carried = ann.weapons[0]
        carried.cleanliness, carried.destroyed = 83.57, False
        _, stop, _ = attack._failure(turn, ann, beretta, carried, carried.cleanliness, "s1 test")
        seen["destroyed" if carried.destroyed else "stovepipe" if stop else "plain"] += 1
        turn.events.clear()
    assert close_to(seen["plain"], TRIALS, 0.83) and close_to(seen["stovepipe"], TRIALS, 0.16), seen
    assert close_to(seen["destroyed"], TRIALS, 0.01), seen


def test_monster_critical_failure_hurts_itself_on_1d2_of_2():
    """Rulings "Critical failure": a monster's 2 rolls 1d2 and on a 2 takes its own attack (half the time)."""
    state = fight(damage_timing="end_of_turn")
    turn = _turn(state, 18)
    wolf = turn.state.creature("wolf_a")
    bite = catalog().species["Wolf"].attacks["Bite"]
    for _ in range(TRIALS):
        attack._failure(turn, wolf, bite, None, 100.0, "wolf_a test")
    assert all(hit.target == "wolf_a" for hit in turn.queued)
    assert close_to(len(turn.queued), TRIALS, 0.5), len(turn.queued)


def test_speed_conflict_dice_give_every_order_the_same_chance():
    """Text "Initiative system", Case 1; rulings "Speed conflict": 1d3 picks the first, 1d2 the second: each
    of the 6 orders of three tied creatures comes up a sixth of the time."""
    turn = _turn(fight(), 19)
    orders = Counter(tuple(settle_ties(turn, ["c", "a", "b"], str)) for _ in range(TRIALS))
    assert len(orders) == 6 and all(close_to(n, TRIALS, 1 / 6) for n in orders.values()), orders


def test_creature_count_dice_wolf_1d3():
    """Text "Encounter generation": a hidden roll sets how many creatures; rulings "Count": the species'
    `count` dice (Wolf 1d3): 1, 2 and 3 wolves a third of the time each."""
    rng = RecordingRng(20, record=False)
    counts = Counter(len(roster.spawn(Group(species="Wolf"), rng, set())) for _ in range(3000))
    assert set(counts) == {1, 2, 3} and all(close_to(n, 3000, 1 / 3) for n in counts.values()), counts


@pytest.mark.parametrize(("level", "low", "high"), [(1, 1, 25), (2, 5, 50), (3, 15, 75), (4, 25, 100), (5, 50, 100)])
def test_hunting_harvest_by_level(level, low, high):
    """Text "Hunting skill", effects of skill levels: Lv1 1d25%, Lv2 1d46+4%, Lv3 1d61+14%, Lv4 1d76+24%, Lv5
    1d51+49% of the meat worth; a 100-meat corpse yields the percentage itself: every value from `low` to
    `high`, mean (low + high) / 2."""
    state = fight(sheet={"hunting": level})
    state.phase = "aftermath"
    turn = _turn(state, 21)
    ann, wolf = turn.state.creature("s1"), turn.state.creature("wolf_a")
    wolf.status, wolf.meat = "dead", 100
    yields = []
    for _ in range(4000):
        wolf.butchered, ann.items, ann.hunting = False, {}, level
        actions.butcher(turn, ann, Butcher(target="wolf_a"))
        yields.append(ann.items["Meat"])
        turn.events.clear()
    assert min(yields) == low and max(yields) == high
    width = high - low + 1
    sd = math.sqrt((width**2 - 1) / 12 / len(yields))
    assert abs(sum(yields) / len(yields) - (low + high) / 2) < 4 * sd

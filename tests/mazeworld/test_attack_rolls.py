"""Mazeworld attack rolls (mazeworld-rulings.md, "Attack rolls", "Recoil", "Explosives"; text "Combat",
"Firearm failures"): FT and IR, bands, inaccurate hits, criticals, critical failures, cleanliness, recoil,
dry fire, the per-turn limits, and the band rates against the 2d6 odds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from engine.rulesets.mazeworld.attack import ft_ir
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.turn import Turn
from engine.rng import RecordingRng
from tests.mazeworld.helpers import Scripted, fight, resolve, texts, two

SHOT = "s1 Beretta M9 round"


def _ft(state, me="s1", target="wolf_a", weapon="Beretta M9", role="torso", weak=False, shift=0, conc=False):
    turn = Turn(state, RecordingRng(0))
    return ft_ir(turn, state.creature(me), state.creature(target), catalog().weapons[weapon], weak, role, shift,
                 conc)


def test_attack_rolls_ft_base_part_skill_pain_cover():
    """FT = base 6 + body part (head +1, extremity +1, weak point +2) + skill + Pain + cover, IR = 2 - skill."""
    state = fight()
    assert _ft(state) == (6, 2)
    assert _ft(state, role="head") == (7, 2)
    assert _ft(state, role="hand") == (7, 2)
    assert _ft(state, weak=True) == (8, 2)
    state.creature("s1").skills["semi-auto pistol"] = 5  # Unskilled FT+1
    assert _ft(state) == (7, 2)
    state.creature("s1").skills["semi-auto pistol"] = 30  # Skilled IR-1
    assert _ft(state) == (6, 1)
    state.creature("s1").skills["semi-auto pistol"] = 60  # Expert IR-2
    assert _ft(state) == (6, 0)
    state.creature("s1").skills["semi-auto pistol"] = 100  # Master FT-1 IR-2
    assert _ft(state) == (5, 0)
    state.creature("s1").skills.clear()
    state.creature("s1").pain = 45  # 40-69 FT+1
    assert _ft(state) == (7, 2)
    state.creature("s1").pain = 75  # agony FT+2
    assert _ft(state) == (8, 2)
    state.creature("s1").pain = 0
    state.creature("wolf_a").cover = True  # side 2 heavy cover: FT+2 against a ranged attack from side 1
    assert _ft(state) == (8, 2)
    assert _ft(state, weapon="Combat knife") == (6, 2)  # melee: no cover bonus


def test_attack_rolls_ft_clamped_and_concentrate():
    """FT clamped 3..10; Concentrate FT-1, IR-1; IR floor 0."""
    state = fight()
    state.creature("s1").ft_base = 3
    state.creature("s1").skills["semi-auto pistol"] = 100
    assert _ft(state, conc=True) == (3, 0)
    state.creature("s1").ft_base = 10
    state.creature("s1").skills.clear()
    state.creature("s1").pain = 80
    assert _ft(state, weak=True) == (10, 2)


def test_human_limbs_disabled_arm_ft_and_recoil_shift():
    """"Human limbs": a disabled arm or hand FT+1 each; "Recoil": each window passed FT+1."""
    state = fight()
    state.creature("s1").parts["left arm"].hp = 0
    state.creature("s1").parts["right hand"].hp = 0
    assert _ft(state, shift=1) == (9, 2)


@pytest.mark.parametrize(("score", "ft", "ir", "expected"), [
    (12, 10, 2, "critical"), (2, 3, 0, "critical_failure"), (6, 6, 2, "miss"), (7, 6, 2, "inaccurate"),
    (8, 6, 2, "inaccurate"), (9, 6, 2, "hit"), (10, 9, 2, "inaccurate"), (11, 9, 2, "inaccurate"),
    (11, 10, 2, "inaccurate"), (5, 4, 2, "inaccurate"),
])
def test_attack_rolls_bands(score, ft, ir, expected):
    """"Each 2d6 score s": 12 critical; 2 critical failure; s <= FT miss; s <= FT+IR inaccurate; else hit."""
    from engine.rulesets.mazeworld.dice import band

    assert band(score, ft, ir) == expected


def _shoot(state, rng, rounds=1, **extra):
    return resolve(state, rng, s1={"do": "attack", "target": "wolf_a", "rounds": rounds, **extra})


def test_inaccurate_firearm_1d2():
    """"Inaccurate": firearms 1d2, 1 miss, 2 hit."""
    state = fight()
    miss = _shoot(state, Scripted(*two(SHOT + " 1", 7), (SHOT + " 1 inaccurate 1d2", 1)))
    assert miss.state.creature("wolf_a").pain == 0
    hit = _shoot(state, Scripted(*two(SHOT + " 1", 7), (SHOT + " 1 inaccurate 1d2", 2)))
    assert hit.state.creature("wolf_a").pain > 0


def test_inaccurate_melee_x08():
    """"Inaccurate": melee x0.8 Pain and limb damage (Pain 12 x C2 .86 = 10.32 -> x0.8 = 8)."""
    state = fight(sheet={"wielded": "Combat knife"})
    state.creature("wolf_a").side = 1
    label = "s1 Combat knife round 1"
    res = resolve(state, Scripted(*two(label, 8), (label, 0)[:0] or ("limb damage", 4)),
                  s1={"do": "attack", "target": "wolf_a"})
    wolf = res.state.creature("wolf_a")
    assert wolf.pain == 8  # round(12 * .86 * 0.8) = round(8.256)
    assert wolf.parts["body"].hp == 30 - 4  # (4 + 1 - 0) * 0.8 = 4


def test_critical_critwin_pain_double():
    """@critwin 1-2: Pain x2 (Pain 20 x C2 bullet 1.0 x torso 1 x2 = 40)."""
    state = fight()
    res = _shoot(state, Scripted(*two(SHOT + " 1", 12), ("@critwin", 1), ("limb damage", 3)))
    wolf = res.state.creature("wolf_a")
    assert wolf.pain == 40 and wolf.parts["body"].hp == 30 - 4


def test_critical_critwin_limb_double_and_armour_ignored():
    """@critwin 3-4: limb damage x2; 5: armour ignored (A1: level 1 not subtracted, factor 1)."""
    state = fight()
    res = _shoot(state, Scripted(*two(SHOT + " 1", 12), ("@critwin", 3), ("limb damage", 3)))
    assert res.state.creature("wolf_a").parts["body"].hp == 30 - 8
    state.creature("wolf_a").armour = dict.fromkeys(state.creature("wolf_a").armour, "A1")
    res = _shoot(state, Scripted(*two(SHOT + " 1", 12), ("@critwin", 5), ("limb damage", 3)))
    assert res.state.creature("wolf_a").pain == 20 and res.state.creature("wolf_a").parts["body"].hp == 26
    res = _shoot(state, Scripted(*two(SHOT + " 1", 12), ("@critwin", 6), ("limb damage", 3)))
    assert res.state.creature("wolf_a").pain == 21 + 2  # 20 x .7 x 1.5, and the wound (5 limb) bleeds 2
    assert res.state.creature("wolf_a").parts["body"].hp == 30 - 5  # (3+1-1) x 1.5 = 4.5 -> 5


def test_critical_failure_firearm_clean_enough_is_plain_miss():
    """Firearm 2: d100 <= cleanliness: a plain miss; the next rounds fire."""
    state = fight()
    res = _shoot(state, Scripted(*two(SHOT + " 1", 2), ("cleanliness d100", 50), *two(SHOT + " 2", 10),
                                 ("limb damage", 1)), rounds=2)
    assert res.state.creature("s1").weapon("Beretta M9").loaded == 13
    assert res.state.creature("wolf_a").pain == 20


def test_critical_failure_box_magazine_stovepipe_stops_the_turn():
    """Above cleanliness, a box-magazine semi-auto stovepipes: no more rounds this turn."""
    state = fight()
    res = _shoot(state, Scripted(*two(SHOT + " 1", 2), ("cleanliness d100", 95)), rounds=3)
    assert res.state.creature("s1").weapon("Beretta M9").loaded == 14
    assert any("stovepipes" in t for t in texts(res, "public"))


def test_critical_failure_weapon_destroyed_on_100():
    """d100 = 100 under 100% cleanliness: the weapon is destroyed."""
    state = fight()
    res = _shoot(state, Scripted(*two(SHOT + " 1", 2), ("cleanliness d100", 100)))
    assert res.state.creature("s1").weapon("Beretta M9") is None
    assert res.state.creature("s1").wielded is None


def test_critical_failure_misfire_and_feed(monkeypatch):
    """Revolver/bolt/pump/lever/single: misfire (round spent, recoil skips it); belt-fed: failure to feed (no
    more rounds until a reload, which clears it)."""
    weapons = dict(catalog().weapons)
    monkeypatch.setitem(catalog().weapons, "Beretta M9", weapons["Beretta M9"].model_copy(update={"action": "bolt"}))
    state = fight()
    res = _shoot(state, Scripted(*two(SHOT + " 1", 2), ("cleanliness d100", 99), *two(SHOT + " 2", 3)), rounds=2)
    assert res.state.creature("s1").weapon("Beretta M9").loaded == 13
    assert any("misfires" in t for t in texts(res, "public"))
    monkeypatch.setitem(catalog().weapons, "Beretta M9", weapons["Beretta M9"].model_copy(update={"action": "belt"}))
    res = _shoot(state, Scripted(*two(SHOT + " 1", 2), ("cleanliness d100", 99)), rounds=3)
    ann = res.state.creature("s1")
    assert ann.weapon("Beretta M9").jam == "feed" and ann.weapon("Beretta M9").loaded == 14
    again = _shoot(res.state, Scripted())
    assert again.state.creature("s1").weapon("Beretta M9").loaded == 14  # no rounds until a reload
    fixed = resolve(res.state, Scripted(), s1={"do": "reload"})
    assert fixed.state.creature("s1").weapon("Beretta M9").jam is None


def test_critical_failure_monster_bites_itself():
    """Monster 2: 1d2, on 2 it takes its own attack on its body."""
    state = fight()
    state.creature("wolf_a").side = 1
    bite = "wolf_a Bite round 1"
    res = resolve(state, Scripted(*two(bite, 2), (bite + " self-harm 1d2", 2), ("limb damage", 2)),
                  wolf_a={"do": "attack", "target": "s1"})
    assert res.state.creature("wolf_a").pain == 13  # 15 x C2 .86 = 12.9
    assert res.state.creature("s1").pain == 0


def test_cleanliness_drops_per_round():
    """`dirt_per_shot = 0.1` a round fired; a Gun Cleaning Kit adds 10 at Repair 1."""
    state = fight()
    res = _shoot(state, Scripted(*[d for i in range(3) for d in two(f"{SHOT} {i + 1}", 4)]), rounds=3)
    assert res.state.creature("s1").weapon("Beretta M9").cleanliness == pytest.approx(89.7)
    cleaned = resolve(res.state, Scripted(), s1={"do": "use", "item": "Gun Cleaning Kit"})
    assert cleaned.state.creature("s1").weapon("Beretta M9").cleanliness == pytest.approx(99.7)


def test_more_rounds_than_loaded_and_dry_fire():
    """"Omitted": more rounds than loaded: the rest fire; empty: dry fire (no roll)."""
    state = fight()
    state.creature("s1").weapons[0].loaded = 2
    res = _shoot(state, Scripted(*two(SHOT + " 1", 3), *two(SHOT + " 2", 3)), rounds=5)
    assert res.state.creature("s1").weapon("Beretta M9").loaded == 0
    dry = _shoot(res.state, Scripted())
    assert any("clicks: empty" in t for t in texts(dry, "public"))
    assert not [r for r in dry.rolls if "round" in r.purpose]


def test_recoil_window_shifts_later_rounds():
    """"Recoil": AR70/90 (level 3) full-auto window 4 rounds: rounds 5+ get FT+1 and a @bodyaim part."""
    state = fight(sheet={"wielded": "AR70/90"})
    label = "s1 AR70/90 round"
    script = [d for i in range(5) for d in two(f"{label} {i + 1}", 7)]
    res = resolve(state, Scripted(*script, (f"{label} 5 @bodyaim", 1)),
                  s1={"do": "attack", "target": "wolf_a", "mode": "auto", "rounds": 5})
    aims = [r for r in res.rolls if "@bodyaim" in r.purpose]
    assert [r.purpose for r in aims] == [f"{label} 5 @bodyaim d20"]
    bands = texts(res, "public")
    assert any("(head)" in t for t in bands)  # round 5 shifted to a @bodyaim part


def test_burst_counts_three_rolls_per_burst():
    """"One 2d6 per round (a 3-round burst is 3 rolls)": 2 bursts = 6 rolls, 6 rounds spent."""
    state = fight(sheet={"wielded": "AR70/90"})
    misses = [d for i in range(6) for d in two(f"s1 AR70/90 round {i + 1}", 4)]  # every round misses
    res = resolve(state, Scripted(*misses), s1={"do": "attack", "target": "wolf_a", "mode": "burst", "rounds": 2})
    rounds = {r.purpose.split(" 2d6")[0] for r in res.rolls if "2d6" in r.purpose and r.purpose.startswith("s1")}
    assert rounds == {f"s1 AR70/90 round {i + 1}" for i in range(6)}
    assert res.state.creature("s1").weapon("AR70/90").loaded == 24


def test_explosive_bands_and_splash():
    """"Explosives": effective = roll + 6 - FT; 11+ direct x1; others on the side not in cover take the Pain."""
    state = fight(wolves=2, sheet={"wielded": "M67 grenade"})
    state.creature("wolf_b").cover = True
    throw = "s1 M67 grenade throw"
    res = resolve(state, Scripted(("@bodyaim", 5), *two(throw, 11), ("limb damage", 8)),
                  s1={"do": "attack", "target": "wolf_a"})
    wolf = res.state.creature("wolf_a")
    assert wolf.pain == 60 and wolf.parts["body"].hp == 30 - 14  # upper body -> body; (8 + 6 - 0) x 1
    assert res.state.creature("wolf_b").pain == 0  # in cover: no splash
    assert res.state.creature("s1").weapon("M67 grenade").loaded == 0


def test_explosive_dud_and_distant():
    """Natural 2 is a dud; 5-6 distant x0.25 (FT 6: roll 5 -> effective 5)."""
    state = fight(sheet={"wielded": "M67 grenade"})
    throw = "s1 M67 grenade throw"
    dud = resolve(state, Scripted(("@bodyaim", 5), *two(throw, 2)), s1={"do": "attack", "target": "wolf_a"})
    assert any("dud" in t for t in texts(dud, "public")) and dud.state.creature("wolf_a").pain == 0
    far = resolve(state, Scripted(("@bodyaim", 5), *two(throw, 5), ("limb damage", 2)),
                  s1={"do": "attack", "target": "wolf_a"})
    assert far.state.creature("wolf_a").pain == 15  # 60 x 0.25


def test_attack_rates_match_2d6_odds():
    """Statistical (rulings "Attack rolls" bands, FT 6 IR 2; "Inaccurate" 1d2): over 20,000 shots the
    critical, critical failure, miss, inaccurate and hit rates match the 2d6 odds within 4 standard errors."""
    from engine.rulesets.mazeworld.studies import band_rates

    trials = 20000
    rates = band_rates(trials, seed=7)
    odds = {"critical": Fraction(1, 36), "critical_failure": Fraction(1, 36), "miss": Fraction(14, 36),
            "inaccurate": Fraction(11, 36), "hit": Fraction(9, 36)}
    for name, p in odds.items():
        sigma = (float(p) * (1 - float(p)) / trials) ** 0.5
        assert abs(rates[name] - float(p)) < 4 * sigma, (name, rates[name], float(p))
    assert abs(rates["inaccurate_landed"] - 0.5) < 4 * (0.25 / (trials * 11 / 36)) ** 0.5


def test_critical_hits_the_aimed_part_despite_recoil():
    """@critwin "Hits the aimed part": a shifted round that scores 12 lands where aimed, not on its @bodyaim."""
    state = fight(sheet={"wielded": "AR70/90"})
    label = "s1 AR70/90 round"
    script = [d for i in range(4) for d in two(f"{label} {i + 1}", 3)]
    res = resolve(state, Scripted(*script, (f"{label} 5 @bodyaim", 5), *two(f"{label} 5", 12), ("@critwin", 1),
                                  ("limb damage", 1)),
                  s1={"do": "attack", "target": "wolf_a", "mode": "auto", "rounds": 5, "part": "front left leg"})
    line = next(t for t in texts(res, "public") if t.startswith("Ann attacks"))
    assert line.endswith("12 critical (front left leg).")
    assert res.state.creature("wolf_a").parts["front left leg"].hp < 12


def test_cleanliness_d100_compares_with_the_cleanliness_when_the_attack_began():
    """Rulings "Attack rolls", Cleanliness: every d100 of an attack compares with the cleanliness the weapon
    had when the attack began (the text's example compares both 2s with 83.57); the dirt comes off after.
    At 90%, a 2 on the first round with d100 = 90 is a plain miss, not a stovepipe, and the next round fires."""
    state = fight()
    res = _shoot(state, Scripted(*two(SHOT + " 1", 2), ("cleanliness d100", 90), *two(SHOT + " 2", 10),
                                 ("limb damage", 1)), rounds=2)
    assert not any("stovepipes" in t for t in texts(res, "public"))
    assert res.state.creature("s1").weapon("Beretta M9").loaded == 13
    assert res.state.creature("wolf_a").pain == 20  # the second round hit
    assert res.state.creature("s1").weapon("Beretta M9").cleanliness == pytest.approx(89.8)
    assert any("cleanliness 90" in t and ": 90." in t for t in texts(res, "moderators"))


def test_cleanliness_a_gun_at_100_never_fails_and_is_never_destroyed():
    """Rulings "Attack rolls": "a gun at 100% never fails", and "d100 = 100 under 100%" means under 100% when
    the attack began: the first round's dirt does not make a spotless gun breakable."""
    state = fight()
    state.creature("s1").weapons[0].cleanliness = 100.0
    res = _shoot(state, Scripted(*two(SHOT + " 1", 2), ("cleanliness d100", 100)))
    ann = res.state.creature("s1")
    assert ann.weapon("Beretta M9") is not None and ann.wielded == "Beretta M9"
    assert not any("destroyed" in t or "stovepipes" in t for t in texts(res, "public"))
    assert ann.weapon("Beretta M9").cleanliness == pytest.approx(99.9)
    res = _shoot(state, Scripted(*two(SHOT + " 1", 4), *two(SHOT + " 2", 2), ("cleanliness d100", 100)), rounds=2)
    assert res.state.creature("s1").weapon("Beretta M9") is not None

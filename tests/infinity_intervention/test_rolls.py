"""Rulings, "Rolls": the TN, the critical range with Focus (and above 20), success and failure, save bonuses by
health type with armour and cover; statistical tests of the success and critical rates against the exact d20
odds for a range of TNs and Focus values (fixed seed, 40,000 rolls each, within 4.5 standard deviations)."""

from __future__ import annotations

import math

import pytest

from engine.rng import RecordingRng
from engine.rulesets.infinity_intervention.rolls import crit_range, exact_odds, outcome, save_bonus, target_number
from engine.rulesets.infinity_intervention.settings import IISettings
from tests.infinity_intervention.helpers import fight


def test_critical_range_examples_of_the_rulings() -> None:
    """Rulings, "Critical range": TN 17 with F2 is 15-17, TN 23 with F2 is 15-20, floor 1."""
    assert crit_range(17, 2) == (15, 17)
    assert crit_range(23, 2) == (15, 20)
    assert crit_range(13, 0) == (13, 13)
    assert crit_range(2, 5) == (1, 2)
    assert crit_range(0, 2) is None


def test_success_includes_equal_and_the_tn_itself_is_a_critical() -> None:
    """Rulings, "TN": success is d20 <= TN ("below" includes equal): the TN itself is a critical."""
    assert outcome(13, 13, 0) == "critical"
    assert outcome(12, 13, 0) == "success"
    assert outcome(14, 13, 0) == "failure"
    assert outcome(15, 17, 2) == "critical" and outcome(14, 17, 2) == "success"


def test_a_tn_of_20_or_more_never_fails() -> None:
    """Rulings, "Critical range": a TN of 20 or more never fails."""
    assert all(outcome(die, tn, 0) != "failure" for die in range(1, 21) for tn in (20, 23, 30))


def test_tn_is_attribute_plus_expertise_and_focus_bonus_and_observe() -> None:
    """Rulings, "Rolls" and "Focus reached": Lena's Hacking TN 17, Ballistics 13; +3 after focus, +2 Observe."""
    state = fight(["lena", "yan_huo"])
    lena = state.fighters["lena"]
    settings = state.settings
    assert target_number(lena, "hacking", "yan_huo", settings, observe=False) == 17
    assert target_number(lena, "ballistics", "yan_huo", settings, observe=False) == 13
    lena.focus_on = ["hacking:yan_huo"]
    assert target_number(lena, "hacking", "yan_huo", settings, observe=False) == 20
    assert target_number(lena, "hacking", "zhanshi", settings, observe=False) == 17  # that target only
    lena.observe = 2
    assert target_number(lena, "ballistics", "yan_huo", settings, observe=True) == 15


def test_save_bonus_by_health_type_armour_and_cover() -> None:
    """Rulings, "Save": Resistance/Discipline/Hacking by health type, armour on Wounds, cover on Wounds only by
    default (`cover_saves = wounds`), on all with `cover_saves = all`."""
    state = fight(["lena", "yan_huo"])
    yan = state.fighters["yan_huo"]
    yan.cover = "high"
    assert save_bonus(yan, "wounds", state.settings) == 3 + 2 + 4
    assert save_bonus(yan, "consciousness", state.settings) == 1
    assert save_bonus(yan, "firewalls", state.settings) == 0
    everywhere = IISettings(cover_saves="all")
    assert save_bonus(yan, "consciousness", everywhere) == 1 + 4
    yan.cover = "low"
    assert save_bonus(yan, "wounds", state.settings) == 3 + 2 + 2


@pytest.mark.parametrize("tn", [1, 5, 10, 13, 17, 20, 23, 26])
@pytest.mark.parametrize("focus", [0, 1, 2, 4])
def test_success_and_critical_rates_match_the_exact_d20_odds(tn: int, focus: int) -> None:
    """Rulings, "Rolls": over 40,000 d20s the success and critical rates match the exact odds."""
    rng = RecordingRng(f"odds-{tn}-{focus}", record=False)
    trials = 40_000
    results = [outcome(rng.randint(1, 20, "d20"), tn, focus) for _ in range(trials)]
    success = sum(r != "failure" for r in results) / trials
    critical = sum(r == "critical" for r in results) / trials
    p_success, p_critical = exact_odds(tn, focus)
    for seen, p in ((success, p_success), (critical, p_critical)):
        sigma = math.sqrt(p * (1 - p) / trials)
        assert abs(seen - p) <= 4.5 * sigma + 1e-12, (tn, focus, seen, p)


def test_exact_odds_are_the_counted_faces() -> None:
    """The exact odds used above count the faces: TN 17 F2 succeeds on 17 faces, criticals on 3."""
    assert exact_odds(17, 2) == (17 / 20, 3 / 20)
    assert exact_odds(23, 2) == (1.0, 6 / 20)


def test_attacks_through_the_engine_succeed_and_reach_focus_at_the_exact_odds() -> None:
    """Rulings, "Attack, no reaction": Lena's hack (TN 17, Focus 2) on the Yan Huo, taken, 3,000 times: the
    success rate is 17/20 and the focus threshold is reached at 3/20 (a roll of 15-17), within 4.5 sigma."""
    from engine.rulesets.infinity_intervention.attack import Ctx, resolve_attack
    from engine.rulesets.infinity_intervention.orders import Answer, Attack

    base = fight(["lena", "yan_huo"])
    trials, successes, focused = 3000, 0, 0
    rng = RecordingRng("engine-odds")
    for _ in range(trials):
        ctx = Ctx(base.model_copy(deep=True), rng)
        resolve_attack(ctx, "lena", Attack(target="yan_huo"), Answer(choice="take"))
        kinds = [e.kind for e in ctx.events]
        successes += "save" in kinds
        focused += "focus" in kinds
    for seen, p in ((successes / trials, 17 / 20), (focused / trials, 3 / 20)):
        assert abs(seen - p) <= 4.5 * math.sqrt(p * (1 - p) / trials), (seen, p)

"""Rulings, "Reactions (face-offs)": only successes count; a critical beats any non-critical; criticals on both
sides or equal best successes cancel; the attacker's strikes are its successes above the reactor's best."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.faceoff import Strike, compare


def test_the_rulebook_example_reactor_wins_with_the_higher_success() -> None:
    """Lena 4 and 17 (17 fails TN 13) against 10: the Yan Huo wins, one strike at 10."""
    result = compare([(4, "success"), (17, "failure")], (10, "success"))
    assert result.winner == "reactor" and result.strikes == (Strike(10, False),)


def test_attacker_strikes_are_the_successes_above_the_reactor_best() -> None:
    result = compare([(12, "success"), (6, "success"), (9, "success")], (8, "success"))
    assert result.winner == "attacker"
    assert result.strikes == (Strike(12, False), Strike(9, False))


def test_all_attacker_successes_strike_when_the_reactor_fails() -> None:
    result = compare([(3, "success"), (5, "success")], (19, "failure"))
    assert result.strikes == (Strike(3, False), Strike(5, False))


def test_equal_best_successes_and_double_failures_cancel() -> None:
    assert compare([(8, "success")], (8, "success")).winner is None
    assert compare([(18, "failure")], (19, "failure")).winner is None


def test_criticals_on_both_sides_cancel_but_count_as_critical() -> None:
    result = compare([(13, "critical")], (16, "critical"))
    assert result.winner is None and result.any_critical


def test_a_critical_beats_a_higher_non_critical() -> None:
    """A critical beats any non-critical; decided: the winner's critical dice strike even below the other best."""
    result = compare([(10, "critical"), (4, "success")], (15, "success"))
    assert result.winner == "attacker" and result.strikes == (Strike(10, True),)
    result = compare([(12, "success")], (9, "critical"))
    assert result.winner == "reactor" and result.strikes == (Strike(9, True),)

"""Rulings "`/roll`": `/roll` accepts `d20`, `d20+4`, `2#d20`, `3#d20`; `tn` and `focus` mark each d20 a
success, a critical or a failure (rulings "Rolls"), `vs` marks a save total saved (strictly greater) or failed;
`/roll 2#d20 tn:13` shows `[4] = 4 success; [17] = 17 failure`. Infinity's front declares these words, so
`/roll` knows them in its channels."""

from __future__ import annotations

import pytest

from engine import registry
from engine.dice.notation import DiceRefused
from engine.dice.rolling import roll_text
from engine.dice.words import Vocabulary
from engine.rulesets.infinity_intervention.dice import DICE
from engine.rulesets.infinity_intervention.front.game import FRONT
from tests.infinity_intervention.helpers import Dealt

WORDS = Vocabulary((DICE,))


def test_roll_rulings_example_marks_each_d20_against_the_tn() -> None:
    """The rulings' example: `/roll 2#d20 tn:13` with a 4 and a 17."""
    assert roll_text("2#d20 tn:13", WORDS, Dealt(4, 17)).text == (
        "2#d20 (TN 13): [4] = 4 (success); [17] = 17 (failure)"
    )


def test_roll_tn_and_focus_mark_the_critical_range_with_focus_and_above_20() -> None:
    """Rulings "Rolls": the TN itself is a critical; Focus widens the range; every point above 20 too (TN 23
    with F2: 15-20), and a TN of 20 or more never fails."""
    assert roll_text("3#d20 tn:17 focus:2", WORDS, Dealt(14, 15, 18)).text == (
        "3#d20 (TN 17, focus 2): [14] = 14 (success); [15] = 15 (critical); [18] = 18 (failure)"
    )
    assert roll_text("2#d20 tn:23 focus:2", WORDS, Dealt(14, 20)).text == (
        "2#d20 (TN 23, focus 2): [14] = 14 (success); [20] = 20 (critical)"
    )
    assert roll_text("d20 tn:13", WORDS, Dealt(13)).text == "d20 (TN 13): [13] = 13 (critical)"


def test_roll_vs_marks_a_save_total_strictly_greater() -> None:
    """Rulings "Save": the total must be strictly greater: `d20+4 vs:10` saves on 11, fails on 10."""
    assert roll_text("d20+4 vs:10", WORDS, Dealt(7)).text == "d20+4 (vs 10): [7] + 4 = 11 (saved)"
    assert roll_text("d20+4 vs:10", WORDS, Dealt(6)).text == "d20+4 (vs 10): [6] + 4 = 10 (failed)"


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("2d6 tn:13", "`tn` and `focus` mark d20 rolls"),
        ("d20 focus:2", "give `tn` too"),
        ("d20 tn:41", "tn"),
        ("d20 vs:0", "vs"),
    ],
)
def test_roll_options_it_cannot_use_are_refused_with_the_reason(source: str, words: str) -> None:
    with pytest.raises(DiceRefused) as refused:
        roll_text(source, WORDS, Dealt())
    assert words in str(refused.value)


def test_roll_infinitys_channels_know_its_words() -> None:
    """The front declares the words: `/roll` in an Infinity game's channel (and anywhere) knows `tn`, `vs`."""
    assert FRONT.dice is DICE
    assert "infinity_intervention" in registry.dice_words()
    assert registry.dice_vocabulary("infinity_intervention").owner_of("tn") is DICE

"""The `/roll` notation of mazeworld-rulings.md, section "`/roll`": every form it names, each limit's refusal
(checked before any die is rolled), labels, and the output format `3#2d6: [4, 3] = 7; [6, 6] = 12; [1, 1] = 2`."""
from __future__ import annotations

import pytest

from engine.dice import DiceRefused, Vocabulary, parse, roll, roll_text
from engine.dice.notation import Dice, Term
from engine.rng import RecordingRng


class Faces(RecordingRng):
    """An rng whose dice show the faces given, in order (the format tests need known faces)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low: int, high: int, purpose: str) -> int:
        face = self.faces.pop(0)
        assert low <= face <= high
        self._log(purpose, f"{low}..{high}", face)
        return face


@pytest.mark.parametrize(("source", "terms"), [
    ("2d6", (Term(1, Dice(2, 6)),)),
    ("d20", (Term(1, Dice(1, 20)),)),
    ("d100", (Term(1, Dice(1, 100)),)),
    ("2d6+3", (Term(1, Dice(2, 6)), Term(1, number=3))),
    ("1d46+4", (Term(1, Dice(1, 46)), Term(1, number=4))),
    ("1d8-1d4", (Term(1, Dice(1, 8)), Term(-1, Dice(1, 4)))),
    ("2D6-1", (Term(1, Dice(2, 6)), Term(-1, number=1))),
])
def test_rulings_roll_every_form_of_the_notation(source, terms):
    """Rulings "`/roll`": NdS, dS, d100, + and - terms of dice and numbers."""
    assert parse(source).terms == terms


def test_rulings_roll_repetitions_print_one_total_each():
    """Rulings "`/roll`": `N#expr`, the rulings' own example of the format."""
    rolled = roll(parse("3#2d6"), Vocabulary(), Faces(4, 3, 6, 6, 1, 1))
    assert rolled.text == "3#2d6: [4, 3] = 7; [6, 6] = 12; [1, 1] = 2"
    assert rolled.totals == [7, 12, 2]


def test_rulings_roll_sums_and_differences_show_each_term():
    assert roll_text("2d6+3", Vocabulary(), Faces(4, 3)).text == "2d6+3: [4, 3] + 3 = 10"
    assert roll_text("1d8-1d4", Vocabulary(), Faces(5, 2)).text == "1d8-1d4: [5] - [2] = 3"
    assert roll_text("-1d4+10", Vocabulary(), Faces(3)).text == "-1d4+10: -[3] + 10 = 7"


def test_rulings_roll_text_after_a_space_is_a_label():
    parsed = parse("2d6+1   Shot at the wolf  ")
    assert parsed.expression == "2d6+1" and parsed.label == "Shot at the wolf"
    assert parse("d20").label == ""


def test_every_die_is_a_labelled_draw_of_the_rng_given():
    rng = Faces(1, 2, 3)
    roll_text("3#d6", Vocabulary(), rng)
    assert [r.purpose for r in rng.rolls] == [f"/roll 3#d6, repetition {n}: 1d6" for n in (1, 2, 3)]


def test_same_seed_same_roll():
    first = roll_text("5#3d6+2", Vocabulary(), RecordingRng(77)).as_dict()
    assert roll_text("5#3d6+2", Vocabulary(), RecordingRng(77)).as_dict() == first


@pytest.mark.parametrize(("source", "words"), [
    ("101d6", "101 dice; at most 100"),
    ("3#34d6", "102 dice; at most 100"),
    ("60d6+41d4", "101 dice"),
    ("d1001", "at most 1,000 sides"),
    ("21#d6", "repeat from 1 to 20"),
    ("0#d6", "repeat from 1 to 20"),
    ("99999999999#d6", "repeat from 1 to 20"),
    ("0d6", "rolls no dice"),
    ("d0", "at least one side"),
    ("5", "rolls no dice"),
    ("2d6*3", "cannot read"),
    ("2d6+", "cannot read"),
    ("2d6+1000001", "too big"),
    ("d6+" * 30, "characters long"),
    ("+".join(["1"] * 20) + "+d2", "21 terms; at most 20"),
    ("", "Nothing to roll"),
    ("2d6 " + "x" * 101, "label is 101 characters"),
    ("2d6 " + "x" * 300, "at most 200"),
])
def test_rulings_roll_limits_are_refused_with_a_reason_before_rolling(source, words):
    """Rulings "`/roll`": <= 100 dice, <= 1,000 sides, N <= 20; no dice bomb reaches the rng."""
    rng = RecordingRng(1)
    with pytest.raises(DiceRefused) as refused:
        roll_text(source, Vocabulary(), rng)
    assert words in refused.value.reason
    assert rng.rolls == []


def test_the_largest_roll_allowed_is_rolled():
    rolled = roll_text("20#5d1000", Vocabulary(), RecordingRng(3))
    assert len(rolled.repetitions) == 20 and all(5 <= t <= 5000 for t in rolled.totals)


def test_rulings_roll_no_keep_lowest():
    """Rulings "`/roll`": "No keep-lowest"."""
    for source in ("4d6kl3", "4d6k3", "2d20dl1"):
        with pytest.raises(DiceRefused, match="cannot read"):
            parse(source)

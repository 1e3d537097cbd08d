"""Mazeworld's dice words (mazeworld-rulings.md, "Attack rolls" and "`/roll`"): the @bodyaim and @critwin
tables, the FT/IR bands of each 2d6, and the refusals of words that do not apply."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.dice import DiceRefused, DiceTable, Vocabulary, parse, roll, roll_text
from engine.rng import RecordingRng
from engine.rulesets.mazeworld.dice import DICE, band, tables
from tests.engine.test_dice_notation import Faces

WORDS = Vocabulary((DICE,))


def test_attack_rolls_bodyaim_table():
    """Rulings "Attack rolls", @bodyaim: 1-2 head, 3-9 upper body, 10-12 lower body, 13-14 arms, 15-16 hands,
    17-18 legs, 19-20 feet (odd: left)."""
    table = tables()["bodyaim"]
    assert table.sides == 20
    expected = {1: "head", 2: "head", **{f: "upper body" for f in range(3, 10)},
                **{f: "lower body" for f in range(10, 13)}, 13: "left arm", 14: "right arm", 15: "left hand",
                16: "right hand", 17: "left leg", 18: "right leg", 19: "left foot", 20: "right foot"}
    assert {face: table.result(face) for face in range(1, 21)} == expected


def test_attack_rolls_critwin_table():
    """Rulings "Attack rolls", @critwin: 1d6: 1-2 Pain x2; 3-4 limb damage x2; 5 armour ignored; 6 both x1.5."""
    table = tables()["critwin"]
    assert [table.result(f) for f in range(1, 7)] == [
        "Pain x2", "Pain x2", "limb damage x2", "limb damage x2", "armour ignored", "Pain and limb damage x1.5"]


def test_rulings_roll_tables_are_drawn_by_name_alone_or_repeated():
    assert roll_text("bodyaim", WORDS, Faces(13)).text == "bodyaim: [13] left arm"
    assert roll_text("@critwin", WORDS, Faces(5)).text == "@critwin: [5] armour ignored"
    assert roll_text("2#bodyaim Wolf bite", WORDS, Faces(1, 20)).text == "2#bodyaim: [1] head; [20] right foot"


def test_bodyaim_draws_with_the_table_odds():
    """Statistical: 20,000 draws, head (2 faces of 20) within 4 standard deviations of 10%."""
    rng = RecordingRng(99, record=False)
    parsed = parse("20#bodyaim", WORDS)
    counts: Counter[str] = Counter()
    for _ in range(1000):
        counts.update(r.result for r in roll(parsed, WORDS, rng).repetitions)
    assert abs(counts["head"] / 20_000 - 0.10) < 4 * (0.1 * 0.9 / 20_000) ** 0.5
    assert abs(counts["upper body"] / 20_000 - 0.35) < 4 * (0.35 * 0.65 / 20_000) ** 0.5


@pytest.mark.parametrize(("score", "ft", "ir", "expected"), [
    (12, 10, 2, "critical"), (2, 3, 0, "critical_failure"), (9, 9, 2, "miss"), (10, 9, 2, "inaccurate"),
    (11, 9, 2, "inaccurate"), (11, 10, 1, "inaccurate"), (11, 10, 0, "hit"), (10, 10, 0, "miss"), (8, 6, 2, "inaccurate"),
    (9, 6, 2, "hit"), (3, 3, 0, "miss"), (4, 3, 0, "hit"),
])
def test_attack_rolls_bands(score, ft, ir, expected):
    """Rulings "Attack rolls": 12 critical; 2 critical failure; s <= FT miss; s <= FT+IR inaccurate; else hit.
    FT 9 makes 10-11 inaccurate; the text's "only on a 11" holds for FT 10."""
    assert band(score, ft, ir) == expected


def test_rulings_roll_ft_and_ir_add_each_2d6s_band():
    rolled = roll_text("3#2d6 ft=9 ir=2 Rifle", WORDS, Faces(4, 3, 6, 6, 5, 5))
    assert rolled.text == "3#2d6 (FT 9, IR 2): [4, 3] = 7 (miss); [6, 6] = 12 (critical); [5, 5] = 10 (inaccurate)"
    assert rolled.parsed.label == "Rifle"
    assert roll_text("2d6 ft:7", WORDS, Faces(6, 4)).text == "2d6 (FT 7, IR 2): [6, 4] = 10 (hit)"
    assert roll_text("2d6 ir 0", WORDS, Faces(1, 1)).text == "2d6 (FT 6, IR 0): [1, 1] = 2 (critical failure)"
    assert roll_text("2d6+1 ft7", WORDS, Faces(6, 2)).text == "2d6+1 (FT 7, IR 2): [6, 2] + 1 = 9 (inaccurate)"


@pytest.mark.parametrize(("source", "words"), [
    ("d20 ft=7", "mark 2d6 rolls"),
    ("2d6 ft=11", "`ft` goes from 3 to 10"),
    ("2d6 ft=2", "`ft` goes from 3 to 10"),
    ("2d6 ft=7 ft=8", "given twice"),
    ("bodyaim ft=7", "do not apply to a table"),
    ("bodyaim+2", "is a table: roll it alone"),
])
def test_words_that_do_not_apply_are_refused(source, words):
    with pytest.raises(DiceRefused, match=words):
        parse(source, WORDS)


def test_without_the_games_words_they_are_a_label_or_unreadable():
    """Outside Mazeworld's words, `ft=7` is only the start of a label and `bodyaim` cannot be read."""
    assert parse("2d6 ft=7").label == "ft=7"
    with pytest.raises(DiceRefused, match="cannot read"):
        parse("bodyaim")


def test_a_table_that_misses_a_face_is_refused_when_loaded():
    with pytest.raises(ValueError, match="cover faces 1-6"):
        DiceTable(name="bad", sides=6, entries=[{"low": 1, "high": 4, "result": "x"}])
    with pytest.raises(ValueError, match="cover faces 1-6"):
        DiceTable(name="bad", sides=6, entries=[{"low": 1, "high": 6, "result": "x"}, {"low": 6, "high": 6, "result": "y"}])


def test_attack_rolls_band_rates_match_the_2d6_odds():
    """Statistical, fixed seed: `/roll 20#2d6 ft=9 ir=2` 1,000 times; each band's rate within 4 standard deviations
    of its exact 2d6 odds: critical (12) 1/36, critical failure (2) 1/36, miss (3-9) 29/36, inaccurate (10-11)
    5/36, and no hit (above FT+IR = 11 there is only the 12, a critical)."""
    rng = RecordingRng(2026, record=False)
    parsed = parse("20#2d6 ft=9 ir=2", WORDS)
    counts: Counter[str] = Counter()
    for _ in range(1000):
        counts.update(mark for r in roll(parsed, WORDS, rng).repetitions for mark in r.marks)
    odds = {"critical": 1 / 36, "critical failure": 1 / 36, "miss": 29 / 36, "inaccurate": 5 / 36}
    total = sum(counts.values())
    assert total == 20_000 and counts["hit"] == 0
    for mark, p in odds.items():
        assert abs(counts[mark] / total - p) < 4 * (p * (1 - p) / total) ** 0.5, (mark, counts)

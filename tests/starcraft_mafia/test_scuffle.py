"""Step 2, scuffles. Rulebook, Scuffling: "Using the attacks of their suits (or, in the case of the ghost, their
body) ... suit HP is ignored and damage is taken directly from body HP. Suit defense is still included unless
the suit HP of the player is equal to 0 ... The players scuffle for 2 rounds. After that, whoever has the most
body HP gets the item. In the event that there is a tie, a die is rolled". Rulings: flee at 1-4 body HP with no
last shot; an infested at 0 transforms and drops out."""

from __future__ import annotations

from collections import Counter

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.scuffle import scuffle
from tests.starcraft_mafia.helpers import table
from tests.starcraft_mafia.test_combat import Dice


class Scripted(Dice):
    """Dice, plus the seat order kept as the scuffle order and the first other scuffler as the target."""

    def shuffled(self, options, purpose):
        return list(options)

    def choice(self, options, purpose):
        return options[0]


def run(state, seats, *dice):
    rng = Scripted(*dice)
    result = scuffle(state, seats, rng)  # type: ignore[arg-type]
    assert rng.values == [], f"unused dice {rng.values}"
    return result


def test_two_rounds_then_most_body_hp_wins():
    state = table(("ma", "marine"), ("te", "technician"))
    # round 1: ma critical: 2 to te's body (10 -> 8); te misses. Round 2: both miss.
    result = run(state, ["ma", "te"], 1, 12, 12, 12)
    assert result.winner == "ma" and state.players["te"].body_hp == 8 and state.players["te"].suit_hp == 15
    assert len(result.shots) == 4


def test_suit_defense_counts_until_the_suit_is_empty():
    state = table(("ma", "marine"), ("te", "technician"))
    # te hits ma for d1 = 1, less the marine's suit defense 2: nothing. With the suit empty: 1.
    # (scripted order: seat order, ma then te) ma misses, te hits; two misses; 10 each: a tie, ma 5 beats te 3
    result = run(state, ["te", "ma"], 12, 2, 1, 12, 12, 5, 3)
    assert state.players["ma"].body_hp == 10 and result.winner == "ma"
    state.players["ma"].suit_hp = 0  # and so the marine cannot punch (his suit attack needs suit HP)
    result = run(state, ["te", "ma"], 2, 1, 12)
    assert state.players["ma"].body_hp == 9 and [s.get("skipped") for s in result.shots] == [True, None, True, None]


def test_the_ghost_fights_with_his_body():
    state = table(("gh", "ghost"), ("te", "technician"))
    state.players["gh"].suit_hp = 0
    # ghost body attack 10 d3: d12 5 hit, d3 3 -> te body 7
    result = run(state, ["gh", "te"], 5, 3, 12, 12, 12)
    assert state.players["te"].body_hp == 7 and result.winner == "gh"


def test_flee_at_1_to_4_body_hp_without_a_last_shot():
    state = table(("ma", "marine"), ("te", "technician"))
    state.players["te"].body_hp = 5
    # ma critical: 2 -> te 3: flees, no last shot; round 2: ma alone, no shot
    result = run(state, ["ma", "te"], 1)
    assert result.fled == ["te"] and result.winner == "ma" and state.players["te"].alive


def test_killed_in_a_scuffle_and_the_infested_transform_instead():
    state = table(("ma", "marine"), ("te", "technician"), ("zz", "medic", "infested"))
    state.players["te"].body_hp = 2
    state.players["zz"].body_hp = 1
    # ma -> te (first other): critical 2: dead. te is out. zz -> ma: miss. Round 2: ma -> zz: critical 2:
    # zz at 0 transforms and drops out; ma wins.
    result = run(state, ["ma", "te", "zz"], 1, 12, 1)
    assert result.dead == ["te"] and not state.players["te"].alive
    assert result.transformed == ["zz"] and state.players["zz"].alive and result.winner == "ma"


def test_a_tie_is_rolled_off_with_a_d12_re_rolling_ties():
    state = table(("a", "technician"), ("b", "technician"))
    result = run(state, ["a", "b"], 12, 12, 12, 12, 7, 7, 3, 9)
    assert result.winner == "b"


def test_random_order_and_targets_are_fair():
    """Rulebook: "each player attacks one random player at a time"; seeded: each of three equal scufflers wins
    about a third of the time."""
    wins: Counter[str] = Counter()
    for seed in range(600):
        state = table(("a", "marine"), ("b", "marine"), ("c", "marine"))
        wins[scuffle(state, ["a", "b", "c"], RecordingRng(seed)).winner or "-"] += 1
    assert all(150 < wins[s] < 250 for s in "abc"), wins

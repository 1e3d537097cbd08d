"""Sign-up, the turn-order roll-off, the layout and placement (text, 2 "Before the game starts"; rulings,
"Before the game")."""

from __future__ import annotations

import pytest

from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from engine.rulesets.battle_royale_cards.setup import SetupError, default_square, new_game
from tests.battle_royale_cards.helpers import IN_ORDER, Dice, refusal, roster, step


@pytest.mark.parametrize("count", [1, 7])
def test_two_to_six_players(count):
    """Rulings, "Before the game": 2 to 6 players."""
    with pytest.raises(SetupError, match="at least 2|at most 6"):
        new_game(roster(count), CardSettings(), RecordingRng(1))


def test_highest_roll_first_and_ties_re_roll_among_themselves():
    """Text, 2: "If any of the players roll the same number, those players roll the dice again until one gets
    a higher result"; rulings: the others by falling roll, ties re-rolled as often as needed."""
    # s0..s3 roll 4, 6, 4, 2; s0 and s2 re-roll 3, 3, then 1, 5.
    state, events = new_game(roster(4), CardSettings(), Dice(faces=[4, 6, 4, 2, 3, 3, 1, 5]))
    assert state.order == ["s1", "s2", "s0", "s3"]
    assert state.players["s0"].roll == [4, 3, 1] and state.players["s2"].roll == [4, 3, 5]
    assert "Turn order: P1, P2, P0, P3" in events[1].text


def test_layout_random_lays_every_card_once_and_fixed_layout_is_used():
    """Rulings, "Reading order": setup shuffles the 25 cards and lays them in reading order, or a fixed layout."""
    state, _ = new_game(roster(2), CardSettings(), RecordingRng(3))
    assert sorted(state.board.values()) == IN_ORDER and list(state.board) == list(grid.SQUARES)
    fixed, _ = new_game(roster(2), CardSettings(layout=IN_ORDER[::-1]), RecordingRng(3))
    assert fixed.board["A4"] == 25 and fixed.board["G4"] == 1


def test_default_squares_spread_around_the_edge():
    """Rulings, "Placement": with 4 players A4, D7, G4, D1."""
    state, _ = new_game(roster(4), CardSettings(placement="spread"), RecordingRng(5))
    assert [state.players[s].square for s in state.order] == ["A4", "D7", "G4", "D1"]
    assert state.phase == "turn" and state.turn is not None and state.turn.seat == state.order[0]
    assert state.round == 1


def test_default_square_skips_taken_squares_clockwise():
    state, _ = new_game(roster(3), CardSettings(), RecordingRng(5))
    state.players[state.order[0]].square = "D7"  # the second player's default (floor(1 x 12 / 3) = 4: E6)
    state.players[state.order[1]].square = "E6"
    assert default_square(state, 1) == "F5"


def test_players_choose_free_outer_squares_in_turn_order():
    """Text, 2: each player positions themselves on the outer edge; rulings: in turn order, a free square."""
    state = RULESET.new_game(roster(3), CardSettings(), RecordingRng(2)).state
    first, second, third = state.order
    assert RULESET.awaiting(state) == [first] and state.phase == "placement"
    assert "not your turn" in refusal(state, second, step={"kind": "place", "square": "A4"})
    assert "D4 is not on the outer edge" in refusal(state, first, step={"kind": "place", "square": "D4"})
    assert "Choose your starting square" in refusal(state, first, step={"kind": "end_turn"})
    state, _ = step(state, first, step={"kind": "place", "square": "C6"})
    assert "C6 is taken by" in refusal(state, second, step={"kind": "place", "square": "C6"})
    state, _ = step(state, second, step={"kind": "place", "square": "B3"})
    result = RULESET.resolve(state, {}, RecordingRng(0))  # the third lets the timer choose: the default square
    state = result.state
    assert state.players[third].square == "E2"  # floor(2 x 12 / 3) = 8: E2
    assert state.phase == "turn" and RULESET.awaiting(state) == [first]
    assert "Everyone has a starting square" in refusal(state, first, step={"kind": "place", "square": "G4"})


def test_the_first_player_is_uniform_over_seats():
    """Text, 2: the roll-off is fair: over many seeds each of 3 seats goes first about a third of the time."""
    firsts = [new_game(roster(3), CardSettings(), RecordingRng(seed))[0].order[0] for seed in range(3000)]
    for seat in ("s0", "s1", "s2"):
        assert abs(firsts.count(seat) / 3000 - 1 / 3) < 0.03  # about 3.5 standard errors

"""The end of the game (text, 4 "End of the game"; rulings, "End of the game"): (a), (b), the 13/14 rule's
companion, the one-card endgame's forced steps, the round limit, scores and the winner."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards.ending import finish
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from tests.battle_royale_cards.helpers import Dice, ready, refusal, square_of, step, texts

END = {"kind": "end_turn"}


def _only(state, *cards):
    """Leave only these cards on the grid."""
    for square, card in state.board.items():
        if card not in cards:
            state.board[square] = None
    return state


def test_a_all_cards_won_ends_the_game_scored_by_printed_worth():
    """Text, 4 (a): "All cards on the map are won, and their values are summed up"."""
    state = _only(ready(at={"s0": square_of(25)}, active={"s0": [5, 6], "s1": [1]}, aside={"s0": [20]}), 25)
    state, events = step(state, "s0", Dice(faces=[3, 3, 4]), step={"kind": "attack_card"})
    assert RULESET.is_over(state) and state.end == "a" and RULESET.awaiting(state) == []
    assert state.scores == {"s0": 13 + 14 + 14 + 7, "s1": 7} and state.winners == ["s0"]
    assert "Scores (cards): P0 48 (4), P1 7 (1). Winner: P0." in texts(events)
    assert "The game is over" in refusal(state, "s0", step=END)


def test_score_ties_go_to_most_cards_then_are_shared():
    """Rulings, "End of the game" (a): highest wins, then most cards, then a shared win."""
    state = ready(n=3)
    state.players["s0"].active = [20, 23]  # 14 + 6 = 20
    state.players["s1"].active = [1, 9, 24]  # 7 + 11 + 6 = 24 with 3 cards
    state.players["s2"].active = [3, 15]  # 12 + 12 = 24 with 2 cards
    finish(state, "a", [])
    assert state.winners == ["s1"]
    state.players["s2"].active, state.players["s2"].aside = [2, 11], [12]  # 8 + 7 + 9 = 24 with 3 cards
    finish(state, "a", [])
    assert state.winners == ["s1", "s2"] and state.scores == {"s0": 20, "s1": 24, "s2": 24}


def test_b_one_card_left_and_a_lead_of_four_cards_ends_at_once():
    """Text, 4 (b): one card on the map and the most cards 4 more than the second-highest ("one player has 9
    cards, and no other player has more than 5"): that player wins."""
    state = _only(ready(at={"s0": square_of(8)}, active={"s0": [1, 2, 3], "s1": [10]}, aside={"s0": [4]}), 8, 13)
    state, events = step(state, "s0", Dice(faces=[3, 3, 4]), step={"kind": "attack_card"})
    assert state.end == "b" and state.winners == ["s0"] and state.board[square_of(13)] == 13
    assert "holds at least 4 more cards" in texts(events)
    short = _only(ready(at={"s0": square_of(8)}, active={"s0": [1, 2, 3], "s1": [10]}), 8, 13)
    short, _ = step(short, "s0", Dice(faces=[3, 3, 4]), step={"kind": "attack_card"})
    assert not RULESET.is_over(short)  # a lead of 3 is not enough


def _endgame(**kwargs):
    return _only(ready(**kwargs), 13)  # only the Katana, on D4


def test_endgame_every_move_must_bring_you_closer_and_ending_the_turn_is_refused():
    """Text, 4: "all players must move towards it by the fastest route and attempt to attack it every turn"."""
    state = _endgame(at={"s0": "B4", "s1": "G4"})
    assert "must keep moving towards it" in refusal(state, "s0", step=END)
    assert "closer to it" in refusal(state, "s0", step={"kind": "move", "to": "A4"})
    assert "closer to it" in refusal(state, "s0", step={"kind": "move", "to": "B3"})  # B3 is as far as B4
    assert refusal(state, "s0", step={"kind": "move", "to": "C3"}) is None
    spent = _endgame(at={"s0": "B4", "s1": "G4"}, actions=0, movements=0)
    assert refusal(spent, "s0", step=END) is None


def test_endgame_beat_a_living_player_on_the_card_before_attacking_it():
    """Text, 4: "When only one card is on the map and multiple players are alive on that card, it is sufficient to
    defeat just one player to attack the card"."""
    state = _endgame(at={"s0": "D4", "s1": "D4"}, active={"s0": [1]}, actions=3)
    state.players["s1"].go_die = ["N"]
    assert "beat one of them" in refusal(state, "s0", step={"kind": "attack_card"})
    assert "must keep" in refusal(state, "s0", step=END)
    state, _ = step(state, "s0", Dice(faces=[6, 1] * 3), step={"kind": "attack_player", "target": "s1"})
    assert state.turn.cleared and refusal(state, "s0", step={"kind": "attack_card"}) is None


def test_endgame_attacks_on_players_only_on_the_card():
    state = _endgame(at={"s0": "C4", "s1": "C4"}, active={"s0": [1]})
    assert "attack only players standing on it" in refusal(state, "s0", step={"kind": "attack_player", "target": "s1"})


def test_endgame_the_dead_must_resurrect():
    state = _endgame(at={"s0": "C4", "s1": "G4"})
    state.players["s0"].alive = False
    assert "must keep" in refusal(state, "s0", step=END)
    assert refusal(state, "s0", step={"kind": "resurrect"}) is None


def test_the_timer_plays_the_endgames_forced_steps():
    """Rulings, "Turn timer": in the one-card endgame the forced steps: the first square in reading order that
    lowers the distance; the living player there first in turn order; then the card."""
    state = _endgame(at={"s0": "A4", "s1": "G4"})
    result = RULESET.resolve(state, {"s0": RULESET.default_orders(state, "s0")}, RecordingRng(0))
    assert result.state.players["s0"].square == "C3"  # A4 -> B3 -> C3
    assert result.state.turn.seat == "s1"
    on_card = _endgame(at={"s0": "D4", "s1": "D4", "s2": "D4"}, n=3, active={"s0": [1]})
    on_card.players["s1"].go_die = ["N"]
    result = RULESET.resolve(on_card, {"s0": RULESET.default_orders(on_card, "s0")}, Dice(faces=[6, 1] * 3 + [6, 6, 6]))
    assert "P0 attacks P1" in texts(result.events) and result.state.end == "a"


def test_the_round_limit_ends_the_game_as_a():
    """Rulings: after 60 rounds of turns the game ends as in (a), cards left unscored (`max_rounds`)."""
    state = ready(max_rounds=2, active={"s0": [1], "s1": [3]})
    for _ in range(3):
        state, _ = step(state, RULESET.awaiting(state)[0], step=END)
    assert not RULESET.is_over(state) and state.round == 2
    state, events = step(state, "s1", step=END)
    assert state.end == "rounds" and state.winners == ["s1"] and state.scores == {"s0": 7, "s1": 12}
    assert "2 rounds have been played" in texts(events)

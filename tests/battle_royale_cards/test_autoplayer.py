"""The scripted player: sensible steps (attack cards it likely wins, duel when stronger), always legal, from
what its seat may know."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards.autoplayer import orders_for
from engine.rulesets.battle_royale_cards.orders import AttackCard, AttackPlayer, EndTurn, Move, Place, Resurrect
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from tests.battle_royale_cards.helpers import IN_ORDER, ready, roster, square_of


def _next(state, seat="s0"):
    orders = orders_for(state, seat, RecordingRng(0))
    assert RULESET.validate(state, seat, orders) is None
    return orders.step


def test_attacks_a_card_it_likely_wins():
    state = ready(at={"s0": square_of(8)})  # Four-Leaf Clover, worth 9: 84% with no bonus
    assert isinstance(_next(state), AttackCard)


def test_leaves_a_card_it_likely_loses_for_a_better_one():
    state = ready(at={"s0": square_of(13)})  # Katana, worth 13: 28%
    step = _next(state)
    assert isinstance(step, Move) and step.to == square_of(7)  # next door, the Lucky Coin: worth 8 at 85%


def test_duels_when_stronger_and_not_when_weaker():
    strong = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [13, 12], "s1": [1]})
    strong.board["D4"] = None
    step = _next(strong)
    assert isinstance(step, AttackPlayer) and step.target == "s1"
    weak = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1], "s1": [13, 12]})
    weak.board["D4"] = None
    assert not isinstance(_next(weak), AttackPlayer)


def test_resurrects_when_dead_and_ends_the_turn_when_spent():
    dead = ready(at={"s0": "D4"})
    dead.players["s0"].alive = False
    assert isinstance(_next(dead), Resurrect)
    spent = ready(at={"s0": "D4"}, actions=0)
    assert isinstance(_next(spent), EndTurn)


def test_chooses_a_free_outer_square():
    state = RULESET.new_game(roster(3), CardSettings(layout=IN_ORDER), RecordingRng(1)).state
    step = _next(state, state.order[0])
    assert isinstance(step, Place) and step.square == "B3"  # the Skateboard: worth 8 won 85% of the time


def test_reads_only_its_own_view():
    """Another player's set-aside cards never change the scripted player's choice."""
    one = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [13], "s1": [1]}, aside={"s1": [9]})
    two = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [13], "s1": [1]}, aside={"s1": [19]})
    one.board = dict(two.board)
    assert orders_for(one, "s0", RecordingRng(0)) == orders_for(two, "s0", RecordingRng(0))

"""The step buttons (issue 14: "the player acts step by step with buttons and commands"): built from the
player's own view, each a declared command with its values that becomes a legal step, within Discord's
limits, none for a player who is not acting."""

from __future__ import annotations

import pytest

from engine.front import STEP_BUTTONS_MAX, STEP_LABEL_MAX, Asked
from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards.front.game import FRONT
from engine.rulesets.battle_royale_cards.orders import CardOrders
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from tests.battle_royale_cards.helpers import ready, roster


def _buttons(state, seat):
    return FRONT.orders.buttons(RULESET.view(state, seat), {})


def _orders(state, seat, button):
    """The button's click as the bot runs it: the command's options with the button's values, then apply."""
    command = FRONT.orders.command(button.command)
    assert command is not None, button
    values = dict(button.values)
    full = {o.name: values.get(o.name, o.default) for o in command.options}
    change = FRONT.orders.apply(Asked(command=button.command, values=full, view=RULESET.view(state, seat), current={}))
    return CardOrders.model_validate(change.orders)


def test_on_his_turn_a_player_gets_moves_attacks_and_the_end_each_a_legal_step():
    """Text, 4 (moves in 8 directions, attacking the card or a player on one's square, ending the turn)."""
    state = ready(at={"s0": "D4", "s1": "D4"})
    buttons = _buttons(state, "s0")
    labels = [b.label for b in buttons]
    assert [b.label for b in buttons if b.command == "move"] == [
        "Move N to C4", "Move NE to C5", "Move E to D5", "Move SE to E5",
        "Move S to E4", "Move SW to E3", "Move W to D3", "Move NW to C3",
    ]  # fmt: skip
    assert any(label.startswith("Attack the card: ") for label in labels) and "Attack P1 (D4)" in labels
    assert labels[-1] == "End the turn"
    for button in buttons:
        assert RULESET.validate(state, "s0", _orders(state, "s0", button)) is None, button
    assert _buttons(state, "s1") == []  # not his turn: no buttons


def test_heavy_boots_leave_only_orthogonal_moves_and_no_actions_no_attacks():
    """Default deck, Heavy Boots (a Curse): movement only N, E, S, W; no action left: no attack button."""
    boots = next(c.id for c in CardSettings().deck.cards if c.orthogonal)
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [boots]}, actions=0, movements=1)
    buttons = _buttons(state, "s0")
    assert sorted(dict(b.values)["direction"] for b in buttons if b.command == "move") == ["E", "N", "S", "W"]
    assert not [b for b in buttons if b.command == "attack"]


def test_before_the_preturn_an_empty_slot_offers_each_set_aside_card_to_equip():
    """Text, 3.6 (the preturn: empty active slots are filled from the set-aside cards, the player's choice)."""
    state = ready(at={"s0": "D4", "s1": "G4"}, active={"s0": [1]}, aside={"s0": [5, 6]})
    state.board[next(s for s, c in state.board.items() if c == 2)] = None
    state.turn.preturn_done = False
    equip = [b for b in _buttons(state, "s0") if b.command == "equip"]
    assert [b.label for b in equip] == ["Equip Energy Drink (13) and Adrenaline (14)"]  # two empty slots
    state.players["s0"].active.append(2)
    equip = [b for b in _buttons(state, "s0") if b.command == "equip"]
    assert [b.label for b in equip] == ["Equip Energy Drink (13)", "Equip Adrenaline (14)"]  # one empty slot
    for button in equip:
        assert RULESET.validate(state, "s0", _orders(state, "s0", button)) is None
    state.turn.preturn_done = True
    assert not [b for b in _buttons(state, "s0") if b.command == "equip"]


def test_the_dead_get_resurrect_and_the_placing_player_free_outer_squares():
    """Text, 4.3 (resurrection) and 3.3 (placement on the outer edge, each square once)."""
    state = ready(at={"s0": "D4", "s1": "D4"})
    state.players["s0"].alive = False
    assert [b.label for b in _buttons(state, "s0")] == ["Resurrect (cost: 1)", "End the turn"]
    assert RULESET.validate(state, "s0", _orders(state, "s0", _buttons(state, "s0")[0])) is None
    start = RULESET.new_game(roster(3), CardSettings(), RecordingRng(5)).state
    placing = start.order[0]
    squares = [dict(b.values)["square"] for b in _buttons(start, placing)]
    assert len(squares) == 12 and all(RULESET.validate(start, placing, _orders(start, placing, b)) is None
                                      for b in _buttons(start, placing))  # fmt: skip
    assert _buttons(start, start.order[1]) == []


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_button_in_whole_games_is_within_discords_limits_and_mostly_legal(players):
    """Buttons at every step of whole games: at most 25, labels within 80 characters, distinct; outside the
    one-card endgame every one is a legal step, and in it at least one is."""
    result = RULESET.new_game(roster(players), CardSettings(), RecordingRng(players))
    state, steps, seen = result.state, 0, set()
    while not RULESET.is_over(state):
        (seat,) = RULESET.awaiting(state)
        buttons = _buttons(state, seat)
        seen |= {b.command for b in buttons}
        assert 0 < len(buttons) <= STEP_BUTTONS_MAX and all(len(b.label) <= STEP_LABEL_MAX for b in buttons)
        assert len({(b.command, b.values) for b in buttons}) == len(buttons)
        legal = [RULESET.validate(state, seat, _orders(state, seat, b)) is None for b in buttons]
        assert all(legal) if RULESET.view(state, seat)["last_card"] is None else any(legal), (buttons, legal)
        rng = RecordingRng(f"{players}-{steps}")
        state = RULESET.resolve(state, {seat: RULESET.computer_orders(state, seat, rng)}, rng).state
        steps += 1
    assert {"place", "move", "attack", "end", "equip"} <= seen

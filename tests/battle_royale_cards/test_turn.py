"""A turn, step by step (text, 3 "During a turn", 3.1 "Movement", 3.2 "Cards", 3.5, 3.6 "Preturn", 3.8
"Abilities"; rulings, "A turn", "Cards", "Resurrection and drinks", "Timer, idle, visibility")."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards.orders import CardOrders, Move
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from tests.battle_royale_cards.helpers import ready, refusal, step, texts

END = {"kind": "end_turn"}


def test_a_move_uses_a_movement_first_then_an_action():
    """Rulings, "A turn": a move uses a movement if one is left, else an action."""
    state = ready(at={"s0": "D4"}, actions=2, movements=1)
    state, _ = step(state, "s0", step={"kind": "move", "direction": "N"})
    assert state.players["s0"].square == "C4" and (state.turn.movements, state.turn.actions) == (0, 2)
    state, events = step(state, "s0", step={"kind": "move", "to": "B4"})
    assert state.players["s0"].square == "B4" and state.turn.actions == 1
    assert "P0 moves to B4." in texts(events)


def test_eight_directions_and_refusals():
    """Text, 3.1: any adjacent square, diagonals included, not off the grid."""
    state = ready(at={"s0": "D4"})
    for direction in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        assert refusal(state, "s0", step={"kind": "move", "direction": direction}) is None
    edge = ready(at={"s0": "A4"})
    assert "no square N of A4" in refusal(edge, "s0", step={"kind": "move", "direction": "N"})
    assert "D4 is not next to A4" in refusal(edge, "s0", step={"kind": "move", "to": "D4"})
    assert "Z9 is not a square" in refusal(edge, "s0", step={"kind": "move", "to": "Z9"})
    assert "not both" in refusal(edge, "s0", step={"kind": "move", "to": "B4", "direction": "S"})
    assert "not both" in refusal(edge, "s0", step={"kind": "move"})


def test_occupied_squares_may_be_entered():
    """Text, 3.1: "It is also possible to move through squares occupied by other players"."""
    state = ready(at={"s0": "D4", "s1": "C4"})
    state, _ = step(state, "s0", step={"kind": "move", "to": "C4"})
    assert state.players["s0"].square == state.players["s1"].square == "C4"


def test_heavy_boots_forbid_diagonal_moves():
    """Rulings, deck: Heavy Boots, "Curse: you cannot move diagonally"."""
    state = ready(at={"s0": "D4"}, active={"s0": [22]})
    assert "cannot move diagonally" in refusal(state, "s0", step={"kind": "move", "direction": "NE"})
    assert refusal(state, "s0", step={"kind": "move", "direction": "N"}) is None


def test_no_step_without_actions_or_movements_and_the_turn_ends_by_itself():
    """Rulings, "A turn": the turn ends by itself when no action and no movement is left; unused ones are lost."""
    state = ready(at={"s0": "D4"}, actions=1)
    state, events = step(state, "s0", step={"kind": "move", "direction": "S"})
    assert state.turn.seat == "s1" and not state.turn.preturn_done
    assert "P0 ends the turn." in texts(events) and "P1's turn" in texts(events)
    spent = ready(at={"s0": "D4"}, actions=0, movements=0)
    assert "no action or movement left" in refusal(spent, "s0", step={"kind": "move", "direction": "S"})
    assert "no action left" in refusal(spent, "s0", step={"kind": "attack_card"})


def test_end_turn_passes_to_the_next_player_and_counts_rounds():
    """Rulings, "Turn order": the order repeats all game."""
    state = ready(n=3)
    assert state.round == 1
    state, _ = step(state, "s0", step=END)
    assert RULESET.awaiting(state) == ["s1"]
    state, _ = step(state, "s1", step=END)
    state, events = step(state, "s2", step=END)
    assert RULESET.awaiting(state) == ["s0"] and state.round == 2 and "Round 2: P0's turn." in texts(events)
    assert "not your turn: P0 plays now" in refusal(state, "s1", step=END)


def _s1_turn(**kwargs):
    state = ready(**kwargs)
    state, _ = step(state, "s0", step=END)
    return state


def test_preturn_fills_empty_slots_by_default_highest_worth_then_lowest_id():
    """Text, 3.6 and rulings, "A turn": empty active slots must be filled; default highest worth, lowest id."""
    state = _s1_turn(aside={"s1": [1, 3, 11, 20]})
    state, events = step(state, "s1", step={"kind": "preturn"})
    assert state.players["s1"].active == [20, 3, 1] and state.players["s1"].aside == [11]
    assert "P1 equips Golden Idol." in texts(events)


def test_preturn_equip_is_the_players_pick_and_must_fill_every_slot():
    state = _s1_turn(aside={"s1": [1, 3, 11, 20]})
    assert "equip exactly as many" in refusal(state, "s1", step={"kind": "preturn"}, equip=[11])
    assert "your own set-aside cards" in refusal(state, "s1", step={"kind": "preturn"}, equip=[11, 1, 5])
    state, _ = step(state, "s1", step={"kind": "preturn"}, equip=[11, 1, 3])
    assert state.players["s1"].active == [11, 1, 3] and state.players["s1"].aside == [20]


def test_preturn_swap_one_set_aside_card_for_an_active_card_not_a_curse():
    """Text, 3.6: "he can only swap one card from the unequipped card"; rulings: never a Curse."""
    state = _s1_turn(active={"s1": [1, 2, 22]}, aside={"s1": [5]})
    assert "A Curse can never be swapped out" in refusal(state, "s1", step=END, swap_in=5, swap_out=22)
    assert "needs both cards" in refusal(state, "s1", step=END, swap_in=5)
    assert "must be one of your active" in refusal(state, "s1", step=END, swap_in=5, swap_out=3)
    state, events = step(state, "s1", step={"kind": "preturn"}, swap_in=5, swap_out=1)
    assert state.players["s1"].active == [5, 2, 22] and state.players["s1"].aside == [1]
    assert state.turn.actions == 3  # the Energy Drink swapped in counts this turn
    public = [e.text for e in events if e.audience.kind == "public"]
    assert any("Energy Drink is now active" in t for t in public) and not any("Sneakers" in t for t in public)
    assert any("You set Sneakers aside." == e.text for e in events if e.audience.kind == "players")


def test_preturn_only_before_the_first_step():
    """Text, 3.6 / rulings: "before the first action"."""
    state = ready(aside={"s0": [5]}, active={"s0": [1, 2, 3]})
    assert "start of your turn" in refusal(state, "s0", step=END, swap_in=5, swap_out=1)


def test_card_bonuses_give_actions_and_movements():
    """Rulings, deck: Sneakers +1, Skateboard +1, Motorbike +2 movements; Energy Drink +1 action; Adrenaline +1
    action and +1 movement; same-kind bonuses add up."""
    state = _s1_turn(active={"s1": [1, 3, 6]})
    state, _ = step(state, "s1", step={"kind": "preturn"})
    assert (state.turn.actions, state.turn.movements) == (3, 4)
    other = _s1_turn(active={"s1": [2, 5, 6]})
    other, _ = step(other, "s1", step={"kind": "preturn"})
    assert (other.turn.actions, other.turn.movements) == (4, 2)


def test_a_dead_player_may_only_resurrect_or_end_the_turn():
    """Text, 3.5: they must be resurrected before they can perform any other actions."""
    state = ready(at={"s0": "D4"})
    state.players["s0"].alive = False
    assert "You are dead" in refusal(state, "s0", step={"kind": "move", "direction": "N"})
    assert "You are dead" in refusal(state, "s0", step={"kind": "attack_card"})
    assert refusal(state, "s0", step=END) is None
    state, events = step(state, "s0", step={"kind": "resurrect"})
    assert state.players["s0"].alive and state.players["s0"].square == "D4" and state.turn.actions == 1
    assert "P0 resurrects on D4." in texts(events) and "sips" not in texts(events)
    assert "nothing to resurrect" in refusal(state, "s0", step={"kind": "resurrect"})


def test_the_drinking_table_is_shown_only_when_a_moderator_turns_it_on():
    """Rulings, "Resurrection and drinks" (`show_drinking_table = false`): the price list of text 3.5 is shown
    after each resurrection, and on the status card, only when the setting is on."""
    from engine.rulesets.battle_royale_cards.front.game import FRONT

    for on in (False, True):
        state = ready(at={"s0": "D4"}, show_drinking_table=on)
        state.players["s0"].alive = False
        status = str(FRONT.cards.status(RULESET.view(state, "s0")))
        state, events = step(state, "s0", step={"kind": "resurrect"})
        drinks = [e for e in events if e.kind == "drinks"]
        assert ("sips" in texts(events)) is on and ("sips" in status) is on
        assert all(e.audience.kind == "public" for e in drinks) and len(drinks) == int(on)


def test_resurrection_costs_hangover_two_first_aid_kit_none():
    """Rulings, deck: Hangover "resurrecting costs 2 actions (First Aid Kit makes it 0)"."""
    hungover = ready(active={"s0": [24]}, actions=1)
    hungover.players["s0"].alive = False
    assert "costs 2 actions and you have 1" in refusal(hungover, "s0", step={"kind": "resurrect"})
    kit = ready(active={"s0": [24, 17]}, actions=1)
    kit.players["s0"].alive = False
    kit, _ = step(kit, "s0", step={"kind": "resurrect"})
    assert kit.players["s0"].alive and kit.turn.actions == 1


def test_drinking_table_only_when_a_moderator_turns_it_on():
    """Rulings, "Resurrection and drinks": `show_drinking_table = false` by default."""
    state = ready(show_drinking_table=True)
    state.players["s0"].alive = False
    _, events = step(state, "s0", step={"kind": "resurrect"})
    assert "1 sip" in texts(events) and "3 sips" in texts(events)


def test_grappling_hook_once_per_turn_to_any_square_for_free():
    """Rulings, deck: Grappling Hook, "once per turn: move to any square, costing no action or movement"."""
    state = ready(at={"s0": "A4"}, active={"s0": [4]})
    state, events = step(state, "s0", step={"kind": "ability", "card": 4, "to": "G4"})
    assert state.players["s0"].square == "G4" and state.turn.actions == 2
    assert "uses the Grappling Hook to reach G4" in texts(events)
    assert "used that ability this turn" in refusal(state, "s0", step={"kind": "ability", "card": 4, "to": "D4"})
    other = ready(active={"s0": [1]})
    assert "no active card with that ability" in refusal(other, "s0", step={"kind": "ability", "card": 4, "to": "D4"})


def test_standing_go_die_directions_are_kept():
    state = ready()
    state, events = step(state, "s0", step={"kind": "preturn"}, go_die=["S", "W"])
    assert state.players["s0"].go_die == ["S", "W"] and "S, W" in texts(events)


def test_the_timer_plays_the_rest_of_the_turn_by_default():
    """Rulings, "Turn timer": at the deadline, preturn default, then end of turn."""
    state = _s1_turn(aside={"s1": [20]})
    order = RULESET.default_orders(state, "s1")
    result = RULESET.resolve(state, {"s1": order}, RecordingRng(0))
    assert result.state.players["s1"].active == [20] and result.state.turn.seat == "s0"
    assert "timed out" in texts(result.events)


def test_moderators_are_told_after_three_timed_out_turns_in_a_row():
    """Rulings: after 3 timed-out turns in a row the moderators are told (`idle_alert_turns = 3`)."""
    state = ready()
    alerts = []
    for _ in range(6):
        seat = RULESET.awaiting(state)[0]
        orders = RULESET.default_orders(state, seat) if seat == "s1" else CardOrders()
        result = RULESET.resolve(state, {seat: orders}, RecordingRng(0))
        alerts += [e for e in result.events if e.kind == "idle"]
        state = result.state
    assert len(alerts) == 1 and alerts[0].audience.kind == "moderators" and "P1" in alerts[0].text
    assert state.players["s1"].timeouts == 3


def test_a_step_no_longer_legal_at_resolution_changes_nothing():
    state = ready(at={"s0": "A4"})
    bad = CardOrders(step=Move(direction="N"))
    result = RULESET.resolve(state, {"s0": bad}, RecordingRng(0))
    assert result.state.players["s0"].square == "A4" and result.state.day == state.day + 1
    (event,) = result.events
    assert event.kind == "refused" and event.audience.kind == "players" and "no square N of A4" in event.text

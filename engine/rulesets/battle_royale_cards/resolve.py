"""One step resolved (rulings, "A turn"): the current player's order, after its preturn, then the end checks.

`resolve_step(state, orders, rng)` never mutates its input. A step that is no longer legal fails with an
event to its player, changing nothing. A move uses a movement if one is left, else an action; the turn ends by
itself when no action and no movement is left; `timeout` plays the rest of the turn by default (the
one-card endgame's forced steps, then the end of the turn). After the last turn of round `max_rounds` the game
ends and is scored as (a).
"""

from __future__ import annotations

from engine.events import Event
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.cards import resurrect_cost
from engine.rulesets.battle_royale_cards.combat import attack_card, battle
from engine.rulesets.battle_royale_cards.endgame import Forced, forced_step, last_card_square
from engine.rulesets.battle_royale_cards.ending import check_end, finish
from engine.rulesets.battle_royale_cards.news import moderators, private, public
from engine.rulesets.battle_royale_cards.orders import (
    Ability,
    AttackCard,
    AttackPlayer,
    CardOrders,
    EndTurn,
    Move,
    Place,
    Resurrect,
    Timeout,
)
from engine.rulesets.battle_royale_cards.preturn import run_preturn
from engine.rulesets.battle_royale_cards.setup import default_square, place, start_turn
from engine.rulesets.battle_royale_cards.state import CardState
from engine.rulesets.battle_royale_cards.validate import validate


def acting(state: CardState) -> str | None:
    if state.phase == "placement":
        return state.order[state.placing]
    return state.turn.seat if state.phase == "turn" and state.turn else None


def resolve_step(state: CardState, orders: dict[str, CardOrders], rng: RecordingRng) -> tuple[CardState, list[Event]]:
    new = state.copied()
    events: list[Event] = []
    seat = acting(new)
    if seat is not None:
        given = orders.get(seat) or CardOrders(step=Timeout())
        refusal = validate(new, seat, given)
        if refusal is not None:
            events.append(private([seat], "refused", "step_refused", {"reason": refusal}, reason=refusal))
        elif new.phase == "placement":
            square = given.step.square if isinstance(given.step, Place) else default_square(new, new.placing)
            place(new, seat, square, events)
        else:
            _take(new, seat, given, rng, events)
    new.day += 1
    for event in events:
        event.day, event.phase = state.day, state.phase
    return new, events


def _take(state: CardState, seat: str, orders: CardOrders, rng: RecordingRng, events: list[Event]) -> None:
    player = state.players[seat]
    if orders.go_die is not None:
        player.go_die = list(orders.go_die)
        events.append(private([seat], "go_die", "go_die_set", {}, directions=joined(", ", player.go_die) or "-"))
    run_preturn(state, orders, events)
    step = orders.step
    if isinstance(step, Timeout):
        _play_out(state, seat, rng, events)
        return
    player.timeouts = 0
    if isinstance(step, EndTurn):
        end_turn(state, events)
        return
    _apply(state, seat, step, rng, events)
    if check_end(state, events):
        return
    assert state.turn is not None
    if state.turn.actions <= 0 and state.turn.movements <= 0:
        end_turn(state, events)


def _play_out(state: CardState, seat: str, rng: RecordingRng, events: list[Event]) -> None:
    """The turn timer's default: the endgame's forced steps while any is possible, then the end of the turn."""
    player = state.players[seat]
    player.timeouts += 1
    events.append(public("timeout", "timed_out", {"seat": seat}, name=player.name))
    if player.timeouts == state.settings.idle_alert_turns:
        events.append(moderators("idle", "idle_alert", {"seat": seat}, name=player.name, turns=player.timeouts))
    while state.phase == "turn" and state.turn is not None and state.turn.seat == seat:
        step = forced_step(state, seat) if last_card_square(state) else None
        if step is None:
            end_turn(state, events)
            return
        _apply(state, seat, step, rng, events)
        check_end(state, events)


def _apply(
    state: CardState, seat: str, step: Forced | Move | Ability | object, rng: RecordingRng, events: list[Event]
) -> None:
    player, turn = state.players[seat], state.turn
    assert turn is not None and player.square is not None
    if isinstance(step, Move):
        to = grid.step(player.square, step.direction) if step.direction else step.to
        assert to is not None
        if turn.movements > 0:
            turn.movements -= 1
        else:
            turn.actions -= 1
        player.square = to
        events.append(public("move", "moved", {"seat": seat, "square": to}, name=player.name, square=to))
    elif isinstance(step, Ability):
        turn.grapple_used = True
        player.square = step.to
        card = state.settings.deck.card(step.card).name
        events.append(
            public("move", "grappled", {"seat": seat, "square": step.to}, name=player.name, card=card, square=step.to)
        )
    elif isinstance(step, AttackCard):
        turn.actions -= 1
        attack_card(state, player, rng, events)
    elif isinstance(step, AttackPlayer):
        turn.actions -= 1
        winner = battle(state, player, state.players[step.target], rng, events)
        if winner.seat == seat and player.square == last_card_square(state):
            turn.cleared = True
    elif isinstance(step, Resurrect):
        turn.actions -= resurrect_cost(state, player)
        player.alive = True
        events.append(public("resurrect", "resurrected", {"seat": seat}, name=player.name, square=player.square))
        if state.settings.show_drinking_table:
            events.append(public("drinks", "drinking_table", {"seat": seat}))


def end_turn(state: CardState, events: list[Event]) -> None:
    """Pass the turn to the next player in turn order; after round `max_rounds`, end the game as (a)."""
    assert state.turn is not None
    index = state.order.index(state.turn.seat) + 1
    events.append(public("end_turn", "turn_ended", {"seat": state.turn.seat}, name=state.players[state.turn.seat].name))
    if index >= len(state.order):
        if state.round >= state.settings.max_rounds:
            events.append(public("round_limit", "round_limit", {"rounds": state.round}, rounds=state.round))
            finish(state, "rounds", events)
            return
        index, state.round = 0, state.round + 1
    start_turn(state, state.order[index], events)

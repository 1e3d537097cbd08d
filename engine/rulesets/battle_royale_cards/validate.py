"""Whether a step may be taken now (rulings, "A turn", "Attacking a card", "Attacking a player", "End of the
game"): `validate(state, seat, orders)` gives the player-facing reason for a refusal, or None.

The step is checked against the state after the order's preturn (a swapped-in Energy Drink gives its action
at once). The same check runs again when the step resolves.
"""

from __future__ import annotations

from engine.keyed import joined
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.cards import check_preturn, has, resurrect_cost
from engine.rulesets.battle_royale_cards.endgame import closer, forced_step, last_card_square, rivals_on_card
from engine.rulesets.battle_royale_cards.orders import (
    Ability,
    AttackCard,
    AttackPlayer,
    CardOrders,
    EndTurn,
    Move,
    Place,
    Preturn,
    Resurrect,
    Timeout,
)
from engine.rulesets.battle_royale_cards.preturn import after_preturn
from engine.rulesets.battle_royale_cards.state import CardState
from engine.rulesets.battle_royale_cards.texts import say


def validate(state: CardState, seat: str, orders: CardOrders) -> str | None:
    if state.phase == "over":
        return say("over")
    if seat not in state.players:
        return say("not_playing")
    acting = state.order[state.placing] if state.phase == "placement" else state.turn.seat if state.turn else None
    if seat != acting:
        return say("not_your_turn", name=state.players[acting].name if acting else "?")
    step = orders.step
    if state.phase == "placement":
        if isinstance(step, Timeout):
            return None
        if not isinstance(step, Place):
            return say("place_first")
        return _place(state, step.square)
    if isinstance(step, Place):
        return say("placement_over")
    assert state.turn is not None
    choices = orders.equip is not None or orders.swap_in is not None or orders.swap_out is not None
    if state.turn.preturn_done:
        if choices:
            return say("preturn_over")
    else:
        player = state.players[seat]
        refusal = check_preturn(state.settings.deck, player, orders.equip, orders.swap_in, orders.swap_out)
        if refusal:
            return say(refusal)
        state = after_preturn(state, orders)
    return _step(state, seat, step)


def _place(state: CardState, square: str) -> str | None:
    if square not in grid.RING:
        return say("not_outer", square=square, squares=joined(", ", grid.RING))
    taken = [p.name for p in state.players.values() if p.square == square]
    if taken:
        return say("square_taken", square=square, name=taken[0])
    return None


def _step(state: CardState, seat: str, step: object) -> str | None:
    player, turn = state.players[seat], state.turn
    assert turn is not None and player.square is not None
    endgame = last_card_square(state)
    if isinstance(step, (Preturn, Timeout)):
        return None
    if isinstance(step, EndTurn):
        return say("endgame_forced") if endgame and forced_step(state, seat) is not None else None
    if not player.alive and not isinstance(step, Resurrect):
        return say("dead")
    if isinstance(step, Resurrect):
        if player.alive:
            return say("not_dead")
        cost = resurrect_cost(state, player)
        return say("resurrect_cost", cost=cost, left=turn.actions) if cost > turn.actions else None
    if isinstance(step, Move):
        return _move(state, seat, step)
    if isinstance(step, Ability):
        return _ability(state, seat, step)
    if turn.actions < 1:
        return say("no_actions")
    if isinstance(step, AttackCard):
        if state.board.get(player.square) is None:
            return say("no_card_here", square=player.square)
        if endgame and rivals_on_card(state, seat) and not turn.cleared:
            return say("endgame_beat_first")
        return None
    assert isinstance(step, AttackPlayer)
    return _attack_player(state, seat, step, endgame)


def _move(state: CardState, seat: str, step: Move) -> str | None:
    player, turn = state.players[seat], state.turn
    assert turn is not None and player.square is not None
    if (step.direction is None) == (step.to is None):
        return say("move_how")
    if step.direction is not None:
        to = grid.step(player.square, step.direction)
        if to is None:
            return say("off_grid", direction=step.direction, square=player.square)
    else:
        to = step.to
        assert to is not None
        if not grid.is_square(to):
            return say("no_such_square", square=to)
        if to not in grid.neighbours(player.square):
            return say("not_adjacent", square=to, here=player.square)
    if has(state, player, "orthogonal") and grid.direction_to(player.square, to) not in grid.ORTHOGONAL:
        return say("no_diagonal")
    if turn.movements + turn.actions < 1:
        return say("no_moves")
    if last_card_square(state) and not closer(state, seat, to):
        return say("endgame_closer", square=last_card_square(state))
    return None


def _ability(state: CardState, seat: str, step: Ability) -> str | None:
    player, turn = state.players[seat], state.turn
    assert turn is not None
    if step.card not in player.active or not state.settings.deck.card(step.card).grapple:
        return say("no_such_ability")
    if turn.grapple_used:
        return say("ability_used")
    if not grid.is_square(step.to):
        return say("no_such_square", square=step.to)
    if step.to == player.square:
        return say("already_there", square=step.to)
    if last_card_square(state) and not closer(state, seat, step.to):
        return say("endgame_closer", square=last_card_square(state))
    return None


def _attack_player(state: CardState, seat: str, step: AttackPlayer, endgame: str | None) -> str | None:
    player = state.players[seat]
    target = state.players.get(step.target)
    if target is None or step.target == seat:
        return say("no_such_player")
    if not target.alive:
        return say("target_dead", name=target.name)
    assert player.square is not None and target.square is not None
    near = target.square == player.square or (
        has(state, player, "reach") and target.square in grid.neighbours(player.square)
    )
    if not near:
        return say("target_not_here", name=target.name)
    if endgame and (player.square != endgame or target.square != endgame):
        return say("endgame_on_card", square=endgame)
    return None

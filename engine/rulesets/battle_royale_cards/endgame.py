"""The one-card endgame (text, 4, "Additional rules"; rulings, "End of the game").

With one card left, every living player spends each movement and action moving one step closer to it (the
Grappling Hook allowed) and, on it, attacks a living player there or the card; the card may be attacked while
other living players stand on it only after beating one of them this turn. The dead must resurrect. Ending the
turn is refused while such a step is possible. The default step (the turn timer's) is the first square in
reading order that lowers the distance, then the living player there who comes first in turn order, then the
card.
"""

from __future__ import annotations

from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.cards import has, resurrect_cost
from engine.rulesets.battle_royale_cards.orders import AttackCard, AttackPlayer, Move, Resurrect
from engine.rulesets.battle_royale_cards.state import CardState

Forced = Move | AttackCard | AttackPlayer | Resurrect


def last_card_square(state: CardState) -> str | None:
    """The square of the only card left, or None when more (or none) are left."""
    left = state.cards_left()
    return left[0][0] if len(left) == 1 else None


def closer(state: CardState, seat: str, to: str) -> bool:
    """True if standing on `to` is nearer the last card than where the player stands."""
    target = last_card_square(state)
    player = state.players[seat]
    if target is None or player.square is None:
        return True
    table = grid.distances(target, has(state, player, "orthogonal"))
    return table[to] < table[player.square]


def rivals_on_card(state: CardState, seat: str) -> list[str]:
    target = last_card_square(state)
    return [s for s in state.on_square(target) if s != seat] if target else []


def forced_step(state: CardState, seat: str) -> Forced | None:
    """The endgame's default step for the player whose turn it is, or None when no step is possible."""
    target = last_card_square(state)
    player, turn = state.players[seat], state.turn
    if target is None or turn is None or player.square is None:
        return None
    if not player.alive:
        return Resurrect() if resurrect_cost(state, player) <= turn.actions else None
    if player.square != target:
        if turn.actions + turn.movements == 0:
            return None
        orthogonal = has(state, player, "orthogonal")
        step = next(s for s in grid.neighbours(player.square, orthogonal) if closer(state, seat, s))
        return Move(to=step)
    if turn.actions == 0:
        return None
    rivals = rivals_on_card(state, seat)
    if rivals and not turn.cleared:
        return AttackPlayer(target=rivals[0])
    return AttackCard()

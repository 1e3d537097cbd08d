"""What one player may know (rulings, "Timer, idle, visibility"): the grid, positions, active cards, set-aside
counts, whose turn it is and what is left of it; his own set-aside cards and standing direction list. Others'
set-aside cards, and so their scores, stay hidden until the game is over.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.battle_royale_cards.cards import resurrect_cost
from engine.rulesets.battle_royale_cards.combat import effective_worth
from engine.rulesets.battle_royale_cards.endgame import last_card_square
from engine.rulesets.battle_royale_cards.state import CardState

EFFECTS = ("grapple", "reach", "orthogonal")  # what the front's choices need to know of a card


def _card(state: CardState, card_id: int) -> dict[str, Any]:
    c = state.settings.deck.card(card_id)
    effects = [e for e in EFFECTS if getattr(c, e)]
    return {"id": c.id, "name": c.name, "worth": c.worth, "ability": c.ability, "curse": c.curse, "effects": effects}


def player_view(state: CardState, seat: str) -> dict[str, Any]:
    board: dict[str, Any] = {}
    for square, card_id in state.board.items():
        board[square] = (
            None if card_id is None else _card(state, card_id) | {"attack_worth": effective_worth(state, card_id)}
        )
    players = []
    for s in state.order:
        p = state.players[s]
        players.append(
            {
                "seat": s,
                "name": p.name,
                "square": p.square,
                "alive": p.alive,
                "active": [_card(state, c) for c in p.active],
                "aside_count": len(p.aside),
                "cards": len(p.cards()),
            }
        )
    turn = state.turn.model_dump(mode="json") if state.turn else None
    view: dict[str, Any] = {
        "you": seat,
        "day": state.day,
        "phase": state.phase,
        "round": state.round,
        "max_rounds": state.settings.max_rounds,
        "order": list(state.order),
        "placing": state.order[state.placing] if state.phase == "placement" else None,
        "turn": turn,
        "board": board,
        "players": players,
        "last_card": last_card_square(state),
        "scores": dict(state.scores),
        "winners": list(state.winners),
        "end": state.end,
        "drinking_table": state.settings.show_drinking_table,  # rulings: the price list, only when turned on
    }
    me = state.players.get(seat)
    if me is not None:
        view["me"] = {
            "seat": seat,
            "aside": [_card(state, c) for c in me.aside],
            "go_die": list(me.go_die),
            "resurrect_cost": resurrect_cost(state, me),  # from his active cards, which everyone sees
        }
    return view

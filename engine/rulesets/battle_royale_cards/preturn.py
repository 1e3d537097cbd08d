"""The preturn (text, 3.6; rulings, "A turn"): before the first action, empty active slots are filled from the
set-aside cards (the player's pick; default highest worth, then lowest id), then one set-aside card may be
swapped for one active non-Curse card. Then the turn's actions and movements are counted from the turn's
base plus the active cards' bonuses (a card won later in the turn counts from the next turn).
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.battle_royale_cards.cards import apply_preturn, total
from engine.rulesets.battle_royale_cards.news import private, public
from engine.rulesets.battle_royale_cards.orders import CardOrders
from engine.rulesets.battle_royale_cards.state import CardState


def run_preturn(state: CardState, orders: CardOrders, events: list[Event]) -> None:
    """Apply the preturn of the turn's player, once per turn, with the orders' choices (else the default)."""
    turn = state.turn
    if turn is None or turn.preturn_done:
        return
    deck = state.settings.deck
    player = state.players[turn.seat]
    equipped, swap = apply_preturn(deck, player, orders.equip, orders.swap_in, orders.swap_out)
    for card_id in equipped:
        facts = {"seat": player.seat, "card": card_id}
        events.append(public("equip", "equipped", facts, name=player.name, card=deck.card(card_id).name))
    if swap is not None:
        new, old = swap
        facts = {"seat": player.seat, "card": new}
        events.append(public("swap", "swapped_public", facts, name=player.name, card=deck.card(new).name))
        events.append(private([player.seat], "swap", "swapped", {"card": old}, card=deck.card(old).name))
    turn.preturn_done = True
    turn.actions = state.settings.actions_per_turn + total(state, player, "actions")
    turn.movements = state.settings.movements_per_turn + total(state, player, "movements")


def after_preturn(state: CardState, orders: CardOrders | None = None) -> CardState:
    """The state as the turn's step will find it: a copy with the preturn applied if it is not done yet."""
    if state.turn is None or state.turn.preturn_done:
        return state
    copy = state.copied()
    run_preturn(copy, orders or CardOrders(), [])
    return copy

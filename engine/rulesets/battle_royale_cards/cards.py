"""A player's cards: what the active ones add up to, winning a card (active slot, set aside, or a Curse
equipped at once), losing one, and the preturn's equip and swap (rulings, "Cards" and "A turn").
"""

from __future__ import annotations

from engine.rulesets.battle_royale_cards.catalog import CardDef, Deck
from engine.rulesets.battle_royale_cards.state import CardState, Player

SLOTS = 3  # "A player can have a maximum of 3 active cards at any time" (text, 3.2)


def active_defs(state: CardState, player: Player) -> list[CardDef]:
    deck = state.settings.deck
    return [deck.card(c) for c in player.active]


def total(state: CardState, player: Player, field: str) -> int:
    """The sum of an effect over the player's active cards (same-kind bonuses add up)."""
    return sum(int(getattr(c, field)) for c in active_defs(state, player))


def has(state: CardState, player: Player, field: str) -> bool:
    return any(getattr(c, field) for c in active_defs(state, player))


def first_with(state: CardState, player: Player, field: str) -> int | None:
    return next((c.id for c in active_defs(state, player) if getattr(c, field)), None)


def resurrect_cost(state: CardState, player: Player) -> int:
    """1 action; Hangover 2 (the highest Curse cost counts); First Aid Kit 0 whatever the Curses."""
    if has(state, player, "free_resurrect"):
        return 0
    return max([1] + [c.resurrect_actions for c in active_defs(state, player) if c.resurrect_actions])


def gain(state: CardState, player: Player, card_id: int) -> tuple[str, int | None]:
    """Give `player` a card: to a free active slot, else set aside; a Curse is equipped at once, sending the
    earliest-won active non-Curse card (all Curses: the earliest-won Curse) aside. Returns where it went
    ("active" or "aside") and the card displaced, if any."""
    deck = state.settings.deck
    state.next_won += 1
    player.won[card_id] = state.next_won
    if len(player.active) < SLOTS:
        player.active.append(card_id)
        return "active", None
    if not deck.card(card_id).curse:
        player.aside.append(card_id)
        return "aside", None
    plain = [c for c in player.active if not deck.card(c).curse]
    pool = plain or list(player.active)
    displaced = min(pool, key=lambda c: player.won.get(c, 0))
    player.active.remove(displaced)
    player.aside.append(displaced)
    player.active.append(card_id)
    return "active", displaced


def lose(player: Player, card_id: int) -> None:
    if card_id in player.active:
        player.active.remove(card_id)
    else:
        player.aside.remove(card_id)
    player.won.pop(card_id, None)


def default_equip(deck: Deck, player: Player) -> list[int]:
    """The cards that fill the empty active slots by default: highest worth, then lowest id."""
    free = SLOTS - len(player.active)
    ranked = sorted(player.aside, key=lambda c: (-deck.card(c).worth, c))
    return ranked[: max(free, 0)]


def equip_needed(player: Player) -> int:
    return max(min(SLOTS - len(player.active), len(player.aside)), 0)


def check_preturn(
    deck: Deck, player: Player, equip: list[int] | None, swap_in: int | None, swap_out: int | None
) -> str | None:
    """The text key of why these preturn choices are refused, or None."""
    picks = equip if equip is not None else default_equip(deck, player)
    if equip is not None:
        if len(set(equip)) != len(equip) or any(c not in player.aside for c in equip):
            return "equip_not_aside"
        if len(equip) != equip_needed(player):
            return "equip_count"
    if (swap_in is None) != (swap_out is None):
        return "swap_both"
    if swap_in is not None and swap_out is not None:
        if swap_in not in player.aside or swap_in in picks:
            return "swap_in_not_aside"
        if swap_out not in player.active:
            return "swap_out_not_active"
        if deck.card(swap_out).curse:
            return "swap_out_curse"
    return None


def apply_preturn(
    deck: Deck, player: Player, equip: list[int] | None, swap_in: int | None, swap_out: int | None
) -> tuple[list[int], tuple[int, int] | None]:
    """Fill the empty slots, then swap; the choices must have passed `check_preturn`. Returns what was equipped
    and the swap made."""
    picks = equip if equip is not None else default_equip(deck, player)
    for c in picks:
        player.aside.remove(c)
        player.active.append(c)
    if swap_in is None or swap_out is None:
        return picks, None
    player.aside.remove(swap_in)
    player.active[player.active.index(swap_out)] = swap_in
    player.aside.append(swap_out)
    return picks, (swap_in, swap_out)

"""Issue 29, point 8: a card typed by number is its ASCII number; anything else is read as a name. A layout
naming a card '²' failed in int() (str.isdigit is true of '²') instead of saying which square it names no card
for, and '٣' (Arabic-Indic three) was read as card 3."""
from __future__ import annotations

import pytest

from engine.rulesets.battle_royale_cards.catalog import default_deck, grid, parse_layout


@pytest.mark.parametrize("typed", ["²", "٣", "３", "+3", "1_0"])
def test_a_card_typed_in_digits_that_are_not_ascii_is_no_card(typed):
    assert default_deck().find(typed) is None
    layout = [typed, *default_deck().ids()[1:25]]
    with pytest.raises(ValueError) as refused:
        parse_layout(layout, default_deck())
    assert str(refused.value) == f"the layout puts {typed!r} on {grid.SQUARES[0]}, which is not a card of the deck"


def test_a_card_typed_in_ascii_digits_or_by_name_is_found():
    deck = default_deck()
    first = deck.card(deck.ids()[0])
    assert deck.find(f" {first.id} ") == first == deck.find(first.name.upper())

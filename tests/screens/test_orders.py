"""An order's confirmation and /orders as a screen (`bot.screens.orders`): the same words whichever way the
order was given, the game's own lines, the newest receipts first within Discord's limits, and Withdraw."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.screens import orders


@dataclass(frozen=True)
class Submitted:
    step: str = "Night 2"
    receipt: str = "3f9a0c"


@dataclass(frozen=True)
class Given:
    reply: str | None = None
    removed: bool = False
    summary: tuple[str, ...] = ("Attack Bob", "Move to zone 4")
    submitted: Submitted = Submitted()


@dataclass(frozen=True)
class Row:
    receipt: str
    submitted_at: datetime
    current: bool = False


def test_a_confirmation_lists_what_was_saved_with_its_receipt_or_the_games_own_reply():
    assert orders.confirmation(Given()) == "Order saved for Night 2: Attack Bob; Move to zone 4\nReceipt: `3f9a0c`"
    assert orders.confirmation(Given(removed=True)).startswith("Removed from your orders for Night 2:")
    assert orders.confirmation(Given(reply="You hide.")) == "You hide. Receipt for Night 2: `3f9a0c`"


def test_orders_shows_the_games_lines_and_at_most_ten_receipts_marking_the_current():
    rows = [Row(f"r{n:02}", datetime(2026, 3, 1, 12, n, 5, tzinfo=UTC), current=n == 0) for n in range(12)]
    card = orders.orders_card("Island", "Night 2", ["Attack Bob", "Hide"], rows)
    assert card.title == "Your orders in Island, Night 2" and card.description == "• Attack Bob\n• Hide"
    assert card.receipts is not None and card.receipts.splitlines()[0] == "`r00` at 12:00:05 UTC (current)"
    assert len(card.receipts.splitlines()) == orders.RECEIPTS_SHOWN and "r10" not in card.receipts
    assert orders.orders_card("Island", "Night 2", [], []).receipts is None
    long = orders.orders_card("Island", "Night 2", ["x" * 5000], rows)
    assert len(long.description) == orders.DESCRIPTION_MAX


def test_withdraw_names_the_game_and_step_it_withdraws():
    button = orders.withdraw_button(7, 3)
    assert (button.custom_id, button.label, button.style) == ("brbot:withdraw:7:3", "Withdraw these orders", "danger")

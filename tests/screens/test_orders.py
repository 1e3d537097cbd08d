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


def test_the_card_names_the_game_step_player_and_order_each_button_acts_on():
    [row, last] = orders.card_buttons(7, 3, 99, ["0123abcd"], whole=True)
    assert [(b.custom_id, b.label, b.style) for b in row] == [
        ("brbot:ord:7:3:99:chg:0123abcd", "Change", "primary"),
        ("brbot:ord:7:3:99:del:0123abcd", "Withdraw these orders", "danger"),
    ]
    assert [(b.custom_id, b.label) for b in last] == [("brbot:ord:7:3:99:add", "Add an order")]
    [first, second, add] = orders.card_buttons(7, 3, 99, ["0123abcd", "4567ef01"])
    assert [b.label for b in first + second] == ["Change 1", "Withdraw 1", "Change 2", "Withdraw 2"]
    assert orders.card_line(2, "Vote to close Beach") == "**2.** Vote to close Beach"

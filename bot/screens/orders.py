"""A player's orders as they read them: the confirmation of an order just given (by command, menu or step
button: the same words), and /orders, the step's orders in words with their receipts (newest first) and a
button to withdraw them. The services give and read the orders; the game's front says what they mean
(`Orders.describe`); this module says how it all reads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.screens.parts import ButtonSpec, said

TEXTS: dict[str, str] = {
    "order_saved": "Order saved for {step}: {summary}\nReceipt: `{receipt}`",
    "order_reply": "{reply} Receipt for {step}: `{receipt}`",
    "free_removed": "Removed from your orders for {step}: {summary}\nReceipt: `{receipt}`",
    "orders_title": "Your orders in {game}, {step}",
    "receipts_title": "Receipts (newest first)",
    "receipt_line": "`{receipt}` at {when} UTC{current}",
    "receipt_current": " (current)",
    "button_withdraw": "Withdraw these orders",
}

DESCRIPTION_MAX = 4000  # an embed's description holds 4,096 characters: the orders' lines within it
FIELD_MAX = 1024  # an embed field's value
RECEIPTS_SHOWN = 10  # the newest receipts /orders lists


class Submitted(Protocol):
    @property
    def step(self) -> str: ...
    @property
    def receipt(self) -> str: ...


class Given(Protocol):
    """What giving an order answered (`bot.services.orders.commands.Given` is one)."""

    @property
    def reply(self) -> str | None: ...
    @property
    def removed(self) -> bool: ...
    @property
    def summary(self) -> Sequence[str]: ...
    @property
    def submitted(self) -> Submitted: ...


class Stored(Protocol):
    """A stored submission as /orders lists it (`bot.db.models.Order` is one)."""

    @property
    def receipt(self) -> str: ...
    @property
    def submitted_at(self) -> datetime: ...
    @property
    def current(self) -> bool: ...


@dataclass(frozen=True)
class OrdersCard:
    title: str
    description: str
    receipts: str | None  # the receipts field, None when nothing was submitted this step


def _say(key: str, **values: object) -> str:
    return said(TEXTS, key, **values)


def confirmation(given: Given) -> str:
    """An order just given, in words with its receipt, as the slash command, the menu and the button say it."""
    if given.reply:
        return _say("order_reply", reply=given.reply, step=given.submitted.step, receipt=given.submitted.receipt)
    return _say(
        "free_removed" if given.removed else "order_saved",
        step=given.submitted.step,
        summary="; ".join(given.summary),
        receipt=given.submitted.receipt,
    )


def orders_card(game: str, step: str, lines: Iterable[str], stored: Sequence[Stored]) -> OrdersCard:
    """/orders: the step's orders in the game's words (`lines`, from `Orders.describe`) and the receipts."""
    receipts = "\n".join(
        _say(
            "receipt_line",
            receipt=row.receipt,
            when=f"{row.submitted_at:%H:%M:%S}",
            current=_say("receipt_current") if row.current else "",
        )
        for row in stored[:RECEIPTS_SHOWN]
    )
    return OrdersCard(
        title=_say("orders_title", game=game, step=step),
        description="\n".join(f"• {line}" for line in lines)[:DESCRIPTION_MAX],
        receipts=receipts[:FIELD_MAX] if stored else None,
    )


def receipts_title() -> str:
    return _say("receipts_title")


def withdraw_button(game_id: int, day: int) -> ButtonSpec:
    """Withdraw these orders (`bot.ui.buttons.Withdraw`: the same as giving none)."""
    return ButtonSpec(f"brbot:withdraw:{game_id}:{day}", _say("button_withdraw"), "danger")

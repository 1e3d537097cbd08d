"""A player's orders as they read them: the confirmation of an order just given (by command, menu or step
button: the same words), and /orders, the step's orders in words with their receipts (newest first), and the
orders card's buttons (`card_buttons`: Change and Withdraw per order, Add an order, pages; "Your orders" on a
DM about the step) with the select of verbs Add an order opens; and the game master's card of each of their
characters under /mod orders, the same card with the character's name on top (`actor`). The
services give and read the orders; the game's front says what they mean (`Orders.describe`, `Orders.parts`);
this module says how it all reads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.screens.parts import ButtonSpec, said
from engine.keyed import joined

TEXTS: dict[str, str] = {
    "order_saved": "Order saved for {step}: {summary}\nReceipt: `{receipt}`",
    "order_reply": "{reply} Receipt for {step}: `{receipt}`",
    "free_removed": "Removed from your orders for {step}: {summary}\nReceipt: `{receipt}`",
    "orders_title": "Your orders in {game}, {step}",
    "receipts_title": "Receipts (newest first)",
    "receipt_line": "`{receipt}` at {when} UTC{current}",
    "receipt_current": " (current)",
    "button_withdraw": "Withdraw these orders",
    "card_line": "**{number}.** {line}",
    "card_withdrawn_one": "Withdrawn from your orders for {step}: {line}\nReceipt: `{receipt}`",
    "card_none": "No orders yet for {step}: add one with the button below.",
    "button_change_one": "Change {number}",
    "button_withdraw_one": "Withdraw {number}",
    "button_change": "Change",
    "button_add": "Add an order",
    "button_show": "Your orders",
    "gm_card_title": "Orders of {name} in {game}, {step}",
    "gm_card_none": "No orders yet for {name} for {step}: add one with the button below, or the game's script acts for {name} at the deadline.",
    "gm_card_withdrawn": "Withdrawn from the orders of {name} for {step}: {line}\nReceipt: `{receipt}`",
    "gm_none_now": "No character of the game master's can be ordered now.",
    "gm_none": "This game has no characters of the game master's to order: only the players give orders.",
    "button_page": "Orders {first}-{last}",
    "gm_cards_page": "Characters {first}-{last} of {total} that may act now.",
    "button_gm_more": "More characters ({page} of {pages})",
    "verb_placeholder": "Choose the order to give",
    "verb_more": "More orders (page {page} of {pages})",
    "verb_title": "Add an order in {game}, {step}",
}

CARD_ROWS = 4  # orders a page of the card shows, one row each (Change, Withdraw): the fifth row adds and turns pages
PAGES_SHOWN = 4  # page buttons beside Add on the fifth row (Discord: 5 buttons a row)

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
        summary=joined("; ", list(given.summary)),
        receipt=given.submitted.receipt,
    )


def orders_card(game: str, step: str, lines: Iterable[str], stored: Sequence[Stored]) -> OrdersCard:
    """/orders: the step's orders in the game's words (`lines`, from `Orders.describe`) and the receipts."""
    receipts = joined(
        "\n",
        [
            _say(
                "receipt_line",
                receipt=row.receipt,
                when=f"{row.submitted_at:%H:%M:%S}",
                current=_say("receipt_current") if row.current else "",
            )
            for row in stored[:RECEIPTS_SHOWN]
        ],
    )
    listed = joined("\n", [joined("", ["• ", line]) for line in lines])  # each line in its reader's language
    return OrdersCard(
        title=_say("orders_title", game=game, step=step),
        description=listed if len(listed) <= DESCRIPTION_MAX else listed[:DESCRIPTION_MAX],
        receipts=(receipts if len(receipts) <= FIELD_MAX else receipts[:FIELD_MAX]) if stored else None,
    )


def receipts_title() -> str:
    return _say("receipts_title")


def card_line(number: int, line: str) -> str:
    """One order of the orders card, numbered as its buttons name it ("**2.** Vote to close Beach")."""
    return _say("card_line", number=number, line=line)


def withdrawn_one(step: str, line: str, receipt: str) -> str:
    """One order taken off the orders (the rest stand), with the receipt of what is left."""
    return _say("card_withdrawn_one", step=step, line=line, receipt=receipt)


def no_orders(step: str) -> str:
    return _say("card_none", step=step)


def card_id(
    game_id: int, day: int, user_id: int, action: str, arg: str | int | None = None, actor: str | None = None
) -> str:
    """`brbot:ord:<game>:<day>:<player>:<action>[:<order key or page>]` (`bot.ui.order_card.CardPress`); with
    `actor`, the game master's card of that character: `brbot:gm:<game>:<day>:<actor>:<action>[:<key or page>]`
    (`GameMasterPress`: any of the game's moderators may press it, nobody else)."""
    tail = "" if arg is None else f":{arg}"
    if actor is not None:
        return f"brbot:gm:{game_id}:{day}:{actor}:{action}{tail}"
    return f"brbot:ord:{game_id}:{day}:{user_id}:{action}{tail}"


def card_buttons(
    game_id: int,
    day: int,
    user_id: int,
    keys: Sequence[str],
    page: int = 0,
    whole: bool = False,
    actor: str | None = None,
) -> list[list[ButtonSpec]]:
    """The orders card's buttons, a list per row: per order (`keys`, one per order `card_line` numbers)
    Change and Withdraw, `CARD_ROWS` orders a page; then Add an order and the buttons to the other pages.
    `whole`: the orders are one whole (the game lists them as one), shown unnumbered. `actor`: the game
    master's card of that character (`card_id`)."""

    def button_id(action: str, arg: str | int | None = None) -> str:
        return card_id(game_id, day, user_id, action, arg, actor)

    pages = max(1, -(-len(keys) // CARD_ROWS))
    page = min(max(page, 0), pages - 1)
    rows: list[list[ButtonSpec]] = []
    for number, key in enumerate(keys[page * CARD_ROWS : (page + 1) * CARD_ROWS], page * CARD_ROWS + 1):
        change = _say("button_change") if whole else _say("button_change_one", number=number)
        withdraw = _say("button_withdraw") if whole else _say("button_withdraw_one", number=number)
        rows.append(
            [
                ButtonSpec(button_id("chg", key), change, "primary"),
                ButtonSpec(button_id("del", key), withdraw, "danger"),
            ]
        )
    last = [ButtonSpec(button_id("add"), _say("button_add"), "success")]
    if pages > 1:  # the pages nearest this one, within the row's room
        first = max(0, min(page - PAGES_SHOWN // 2, pages - PAGES_SHOWN))
        for other in range(first, min(pages, first + PAGES_SHOWN)):
            if other != page:
                label = _say("button_page", first=other * CARD_ROWS + 1, last=min(len(keys), (other + 1) * CARD_ROWS))
                last.append(ButtonSpec(button_id("page", other), label))
    rows.append(last)
    return rows


def show_button(game_id: int, day: int, user_id: int) -> ButtonSpec:
    """ "Your orders" on a DM about the step: the orders card, as /orders shows it."""
    return ButtonSpec(card_id(game_id, day, user_id, "show"), _say("button_show"), "primary")


def gm_card_title(name: str, game: str, step: str) -> str:
    """The game master's card of one character: "Orders of Wolf A in Cave, Turn 2"."""
    return _say("gm_card_title", name=name, game=game, step=step)


def gm_no_orders(name: str, step: str) -> str:
    return _say("gm_card_none", name=name, step=step)


def gm_withdrawn_one(name: str, step: str, line: str, receipt: str) -> str:
    return _say("gm_card_withdrawn", name=name, step=step, line=line, receipt=receipt)


def gm_none(has_characters: bool) -> str:
    """`/mod orders` with no card to show: none of the game master's characters may act now, or the game has none."""
    return _say("gm_none_now" if has_characters else "gm_none")


GM_CARDS_PAGE = 4  # characters' cards a `/mod orders` answer shows (a message each), then one to turn the page


def gm_cards_page(first: int, last: int, total: int) -> str:
    """Which characters a page of `/mod orders` showed: "Characters 1-4 of 12 that may act now."."""
    return _say("gm_cards_page", first=first, last=last, total=total)


def gm_more_button(game_id: int, page: int, pages: int) -> ButtonSpec:
    """The button turning `/mod orders` to the next page of characters (`page` counted from 0, round):
    `brbot:gmp:<game>:<page>` (`bot.ui.order_card.GameMasterPage`)."""
    return ButtonSpec(f"brbot:gmp:{game_id}:{page}", _say("button_gm_more", page=page + 1, pages=pages), "secondary")


def verb_select_id(game_id: int, day: int, user_id: int, page: int, actor: str | None = None) -> str:
    """`brbot:ordverb:<game>:<day>:<player>:<page>[:<actor>]` (`bot.ui.order_card.VerbChosen`)."""
    return f"brbot:ordverb:{game_id}:{day}:{user_id}:{page}" + (f":{actor}" if actor else "")


def verb_placeholder() -> str:
    return _say("verb_placeholder")


def verb_more(page: int, pages: int) -> str:
    return _say("verb_more", page=page, pages=pages)


def verb_title(game: str, step: str) -> str:
    return _say("verb_title", game=game, step=step)

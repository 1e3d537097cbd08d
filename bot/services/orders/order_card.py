"""The orders card (issue 33, point 3): a player's orders for the step one by one (`Orders.listed`), each with
a button to change it and one to withdraw it, and a button to add an order, on `/orders` and `/status`, in the
channel (ephemeral) and by DM.

`card` reads what the card shows: the step, the orders one by one from the player's own view and the verbs
the player may use now (the game's order commands of this phase, then its form commands), each as a short
key. A button names its game, step, player and order (`key`: a digest of the order's words and what
withdrawing it leaves), so a press is answered only while the game is at that step and that order is still
the player's: `find` refuses an out-of-date one, changing nothing. Withdrawing one order submits the orders
without it (`OrderPart.rest`, validated by the engine like any submission); an order that is the whole
orders is withdrawn as `/orders`' Withdraw does (the game's default applies again).

The game master has the same card for each of their characters that may act now (`game_master_cards`, under
`/mod orders`): `card`, `find` and `withdraw` with `actor` (the character) and `moderator` (the caller, checked
against the game's moderators at every press).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime

from bot.db.session import Database
from bot.services.base.errors import ServiceError
from bot.services.base.lookup import game_by_id
from bot.services.base.rights import Caller
from bot.services.base.snapshots import snapshot
from bot.services.orders import orders as order_service
from bot.services.orders.actors import actor_choices
from bot.services.orders.orders import Submitted
from bot.services.orders.player_views import view_and_orders
from bot.text import say
from engine import registry
from engine.front import Command, OrderPart


@dataclass(frozen=True)
class Card:
    """What the orders card shows: the game and step, the orders one by one, and the verbs open now."""

    game_id: int
    day: int
    game: str
    step: str
    parts: list[OrderPart]
    verbs: list[Command]  # the order commands of this phase, then the form commands
    forms: frozenset[str]  # which of `verbs` are form commands (answered with their form)
    actor: str | None = None  # the game master's character the card is of (None: the player's own orders)
    actor_name: str = ""  # its name, as the game calls it


def key(part: OrderPart) -> str:
    """8 hex digits naming one order (its words and what withdrawing it leaves), for a button's custom id."""
    named = json.dumps([part.line, part.command, part.rest], sort_keys=True, default=str)
    return hashlib.sha256(named.encode()).hexdigest()[:8]


def open_now(command: Command, phase: object) -> bool:
    return not command.phases or phase in command.phases


async def card(
    db: Database, game_id: int, user_id: int, actor: str | None = None, moderator: Caller | bool = False
) -> Card:
    """The player's orders card now (with `actor`: that actor's, whom the user orders for as the game master,
    `moderator` the caller, checked: `rights.game_master`); refused for a game not running or a player not in it."""
    game = await game_by_id(db, game_id)
    if game.status != "running":
        raise ServiceError(say("game_over") if game.status == "over" else say("card_not_running", game=game.name))
    view, current = await view_and_orders(db, game_id, user_id, actor, moderator)
    front = registry.front(game.ruleset)
    phase = view.get("phase")
    verbs = [c for c in front.orders.commands if front.orders.offered(c, view)]
    forms = [] if actor else [c for c in front.orders.forms if open_now(c, phase)]  # a form is a player's own
    named = ""
    if actor is not None:  # the cached snapshot `view_and_orders` just read: no query
        snap = await snapshot(db, game_id)
        ruleset = registry.get(snap.ruleset)
        named = next((a.name for a in ruleset.actors(snap.state) if a.id == actor), actor)
    return Card(
        game_id=game_id,
        day=game.day,
        game=game.name,
        step=front.words.name(game.day),
        parts=front.orders.listed(current, view),
        verbs=[*verbs, *forms],
        forms=frozenset(c.name for c in forms),
        actor=actor,
        actor_name=named,
    )


async def find(
    db: Database,
    game_id: int,
    user_id: int,
    day: int,
    pressed: str | None,
    actor: str | None = None,
    moderator: Caller | bool = False,
) -> tuple[Card, OrderPart | None]:
    """The card as it is now and the order a button on a card of step `day` names (`pressed`, its key; None:
    a button about no one order); refused as out of date when the step is over or the order is no longer the
    player's."""
    now = await card(db, game_id, user_id, actor, moderator)
    if now.day != day:
        raise ServiceError(say("card_old"))
    if pressed is None:
        return now, None
    part = next((p for p in now.parts if key(p) == pressed), None)
    if part is None:
        raise ServiceError(say("card_order_gone"))
    return now, part


async def withdraw(
    db: Database,
    game_id: int,
    user_id: int,
    day: int,
    pressed: str,
    now: datetime,
    actor: str | None = None,
    moderator: Caller | bool = False,
) -> tuple[Submitted, OrderPart]:
    """Withdraw the one order `pressed` names: the orders without it are submitted (validated by the engine),
    or, when it is the whole orders, they are withdrawn. Gives the receipt and the order withdrawn. With
    `actor`, of that character of the game master's (`moderator` the caller, checked)."""
    _, part = await find(db, game_id, user_id, day, pressed, actor, moderator)
    assert part is not None  # `find` refuses a key it does not find
    if part.rest is None:
        return await order_service.withdraw_orders(db, game_id, user_id, now, actor, moderator), part
    return await order_service.submit_orders(db, game_id, user_id, part.rest, now, actor, moderator), part


@dataclass(frozen=True)
class GameMasterCards:
    """`/mod orders`' cards: one per character of the game master's that may act now; `has_characters`: whether
    the game has any (None: it has none at all, so `/mod orders` says so in one line)."""

    cards: list[Card]
    has_characters: bool
    page: int = 0  # which page of the characters `cards` are (`per_page` of them a page)
    pages: int = 1
    first: int = 1  # the number of the page's first character, of `total`
    total: int = 0


async def game_master_cards(
    db: Database, game_id: int, user_id: int, moderator: Caller, page: int = 0, per_page: int | None = None
) -> GameMasterCards:
    """The orders card of each character the game master orders for now (`actors.actor_choices`: the living
    NPCs of a game the caller moderates), as a player's own card shows theirs; and whether the game has any
    character of the game master's at all (`Ruleset.actors` with no controller). With `per_page`, only the
    cards of that page of the characters (`page`, counted round: past the last is the first again), so a large
    cast is answered a few cards at a time."""
    listed = await actor_choices(db, game_id, user_id, moderator)
    snap = await snapshot(db, game_id)
    ruleset = registry.get(snap.ruleset)
    has = snap.state is not None and any(a.controller is None for a in ruleset.actors(snap.state))
    size = per_page or max(len(listed), 1)
    pages = max(-(-len(listed) // size), 1)
    page %= pages
    shown = listed[page * size : (page + 1) * size]
    cards = [await card(db, game_id, user_id, actor, moderator) for _, actor in shown]
    return GameMasterCards(cards, has, page, pages, page * size + 1, len(listed))

"""Proposals one player's orders make to another (a trade): sent by DM with buttons, accepted or declined.

A game's front says what a player's orders offer to another seat (`Trade.offer_to`: the terms, as data).
Whenever a command changes the terms offered to a seat (or proposes to it anew, `Change.offered`),
`send_offers` writes that player a DM with the proposal in the game's words (`Trade.offer_text`) and Accept
and Decline buttons. Accepting asks the front for the partner's new orders (`Trade.accept`) and submits
them like any order; the proposer is told either way. The buttons carry the day and a short digest of the terms keyed
with the proposer's secret salt, so an
old message can never answer a newer offer, and the digest reveals nothing of the terms' engine ids to the
partner who can read the button's id.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from bot.db.models import Player
from bot.db.repositories import players_of
from bot.db.session import Database
from bot.services.base.common import load_game, outbox, player_of
from bot.services.base.errors import ServiceError, engine_refusals
from bot.services.base.fairness import canonical
from bot.services.orders import day_actions
from bot.services.orders.orders import Submitted, current_orders, submit_orders
from bot.services.orders.player_views import player_view
from bot.text import say
from engine import registry


def digest(terms: dict[str, Any], salt: str) -> str:
    """A short digest of an offer's terms, keyed with the proposer's salt."""
    return hashlib.sha256((canonical(terms) + salt).encode()).hexdigest()[:10]


async def send_offers(
    db: Database,
    game_id: int,
    user_id: int,
    before: dict[str, Any] | None,
    after: dict[str, Any],
    day: int,
    again: tuple[str, ...] = (),
) -> None:
    """DM every player to whom `after` offers terms that `before` did not, or whose seat is in `again` (the
    command proposed to them anew), with the answer buttons."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        trade = registry.front(game.ruleset).trade
        if trade is None:
            return
        me = await player_of(session, game_id, user_id)
        others = [p for p in await players_of(session, game_id) if p.user_id != user_id]
    offered = [
        (p, terms)
        for p in others
        if (terms := trade.offer_to(after, p.seat)) is not None
        and (p.seat in again or terms != trade.offer_to(before, p.seat))
    ]
    if not offered:
        return
    view = await player_view(db, game_id, user_id)
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        for partner, terms in offered:
            outbox(
                session,
                game,
                "dm",
                partner.user_id,
                trade.offer_text(terms, me.name, game.name, view),
                {
                    "kind": "trade_offer",
                    "game": game_id,
                    "proposer": user_id,
                    "day": day,
                    "offer": digest(terms, me.salt),
                },
            )


async def _live_offer(
    db: Database, game_id: int, user_id: int, proposer_user: int, day: int | None, shown: str | None
) -> tuple[Player, dict[str, Any], str]:
    """The proposer and their current offer to me, with the game's ruleset; refused when it is not the one a
    message showed on `day` with digest `shown` (both None: whatever is current)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        me = await player_of(session, game_id, user_id)
        proposer = await player_of(session, game_id, proposer_user)
        if day is not None and (day != game.day or game.status not in ("running", "paused")):
            raise ServiceError(
                say("trade_offer_old_day", name=proposer.name, step=registry.front(game.ruleset).words.name(day))
            )
        theirs = (await current_orders(session, game)).get(proposer.seat)
        trade = registry.front(game.ruleset).trade
        terms = trade.offer_to(theirs, me.seat) if trade is not None else None
    if terms is None:
        raise ServiceError(say("no_trade_offer", name=proposer.name))
    if shown is not None and digest(terms, proposer.salt) != shown:
        raise ServiceError(say("trade_offer_changed", name=proposer.name))
    return proposer, terms, game.ruleset


async def answer(
    db: Database,
    game_id: int,
    user_id: int,
    proposer_user: int,
    accept: bool,
    now: datetime,
    day: int | None = None,
    shown: str | None = None,
) -> Submitted | None:
    """Accept (the front's answer joins my orders) or decline; the proposer is told either way. With the
    `day` and digest `shown` of the message answered, an offer that changed since or a day that is over is
    refused."""
    done = None
    if accept or shown is not None:
        proposer, terms, ruleset = await _live_offer(db, game_id, user_id, proposer_user, day, shown)
    if accept:
        view = await player_view(db, game_id, user_id)
        current = await day_actions.current_payload(db, game_id, user_id)
        with engine_refusals():
            trade = registry.front(ruleset).trade
            if trade is None:  # the game has no proposals (an offer found above means it has)
                raise ServiceError(say("no_trade_offer", name=proposer.name))
            change = trade.accept(terms, proposer.seat, view, current)
        done = await submit_orders(db, game_id, user_id, change.orders, now)
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        me = await player_of(session, game_id, user_id)
        outbox(
            session,
            game,
            "dm",
            proposer_user,
            say("trade_accepted" if accept else "trade_declined", name=me.name, game=game.name),
            {"kind": "trade_answer"},
        )
    return done

"""Day-to-day use cases over a player's orders: change one part (what each slash command does), votes,
trades offered and accepted by both sides, and reminders to players who have not submitted yet.

A trade offer is identified by its day and a short digest of its terms keyed with the proposer's secret
salt (`trade_digest`): the answer buttons carry both, so an old message can never accept a newer offer,
and the digest reveals nothing of the items' engine ids to the partner who can read the button's id.
"""
from __future__ import annotations

import hashlib
import logging
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from bot.db.models import Game, Order
from bot.db.session import Database
from bot.services.common import load_game, load_state, outbox, player_of, players_of, ruleset_of
from bot.services.errors import ServiceError
from bot.services.fairness import canonical
from bot.services.orders import Submitted, current_orders, submit_orders
from bot.text import say, when

log = logging.getLogger(__name__)

NIGHT_PARTS = ("free", "action", "movement", "votes")


async def current_payload(db: Database, game_id: int, user_id: int) -> dict[str, Any]:
    """The player's current orders for today, or the ruleset's default."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        player = await player_of(session, game_id, user_id)
        live = (await current_orders(session, game)).get(player.seat)
        if live is not None:
            return live
        default = ruleset_of(game).default_orders(load_state(game), player.seat)
        return default.model_dump(mode="json")


async def set_part(db: Database, game_id: int, user_id: int, part: str, value: Any, now: datetime) -> Submitted:
    """Replace one part of today's orders (action, movement, votes, free actions), keeping the rest."""
    if part not in NIGHT_PARTS:
        raise ServiceError(say("unknown_part", part=part))
    payload = await current_payload(db, game_id, user_id)
    if payload.get("kind") != "night":
        raise ServiceError(say("day0_orders"))
    payload = dict(payload)
    payload[part] = value
    return await submit_orders(db, game_id, user_id, payload, now)


async def vote(db: Database, game_id: int, user_id: int, kind: str, choice: Any, now: datetime) -> Submitted:
    if kind not in ("mark", "close", "reward"):
        raise ServiceError(say("vote_kinds"))
    payload = await current_payload(db, game_id, user_id)
    votes = dict(payload.get("votes") or {})
    votes[kind] = choice
    return await set_part(db, game_id, user_id, "votes", votes, now)


async def offer_trade(db: Database, game_id: int, user_id: int, partner_seat: str, give: list[str],
                      receive: list[str], now: datetime) -> Submitted:
    """Record my side of a trade; it happens only if the partner accepts (handbook III.B.3)."""
    payload = await current_payload(db, game_id, user_id)
    free = dict(payload.get("free") or {})
    trades = [t for t in free.get("trades", []) if t["partner"] != partner_seat]
    free["trades"] = trades + [{"partner": partner_seat, "give": give, "receive": receive}]
    return await set_part(db, game_id, user_id, "free", free, now)


def _offer_to(payload: dict[str, Any] | None, partner_seat: str) -> dict[str, Any] | None:
    """The trade in these orders that is offered to `partner_seat`, if any."""
    trades = ((payload or {}).get("free") or {}).get("trades") or []
    return next((t for t in trades if t["partner"] == partner_seat), None)


def trade_digest(payload: dict[str, Any] | None, partner_seat: str, salt: str) -> str | None:
    """A short digest of the offer to `partner_seat` in these orders (None without one). Keyed with the
    proposer's salt, so the partner cannot work back from it to the items' engine ids."""
    offer = _offer_to(payload, partner_seat)
    if offer is None:
        return None
    terms = {"partner": partner_seat, "give": list(offer.get("give") or []), "receive": list(offer.get("receive") or [])}
    return hashlib.sha256((canonical(terms) + salt).encode()).hexdigest()[:10]


async def _live_offer(db: Database, game_id: int, user_id: int, proposer_user: int, day: int | None,
                      digest: str | None):
    """The proposer's current offer to me, refused when it is not the one a message showed on `day` with
    `digest` (both None: whatever is current)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        me = await player_of(session, game_id, user_id)
        proposer = await player_of(session, game_id, proposer_user)
        if day is not None and (day != game.day or game.status not in ("running", "paused")):
            raise ServiceError(say("trade_offer_old_day", name=proposer.name, day=day))
        theirs = (await current_orders(session, game)).get(proposer.seat)
    offer = _offer_to(theirs, me.seat)
    if offer is None:
        raise ServiceError(say("no_trade_offer", name=proposer.name))
    if digest is not None and trade_digest(theirs, me.seat, proposer.salt) != digest:
        raise ServiceError(say("trade_offer_changed", name=proposer.name))
    return proposer, offer


async def check_trade(db: Database, game_id: int, user_id: int, proposer_user: int, day: int, digest: str) -> None:
    """Refuse an answer to an offer that is over (another day) or changed since the message was sent."""
    await _live_offer(db, game_id, user_id, proposer_user, day, digest)


async def accept_trade(db: Database, game_id: int, user_id: int, proposer_user: int, now: datetime,
                       day: int | None = None, digest: str | None = None) -> Submitted:
    """Add the mirror of the proposer's offer to my orders, so the trade happens at resolution. With `day`
    and `digest` (from the message's button), only that very offer is accepted."""
    proposer, offer = await _live_offer(db, game_id, user_id, proposer_user, day, digest)
    return await offer_trade(db, game_id, user_id, proposer.seat, offer["receive"], offer["give"], now)


async def pending_players(session, game: Game) -> list[tuple[str, int]]:
    """(seat, user id) of awaited players with no current orders today."""
    awaited = set(ruleset_of(game).awaiting(load_state(game)))
    submitted = set(await current_orders(session, game))
    return [(p.seat, p.user_id) for p in await players_of(session, game.id)
            if p.seat in awaited and p.seat not in submitted]


async def send_reminders(db: Database, now: datetime, hours_before: float) -> int:
    """Write a reminder DM (as outbox rows) once per day to players without orders near the deadline."""
    sent = 0
    async with db.transaction() as session:
        games = (await session.execute(select(Game).where(Game.status == "running"))).scalars().all()
        for game in games:
            if game.deadline is None or game.reminded_day == game.day:
                continue
            if game.deadline - now > timedelta(hours=hours_before):
                continue
            try:
                pending = await pending_players(session, game)
            except Exception:  # an unreadable game gets no reminders; its resolution reports the failure
                log.exception("reminders for game %s skipped", game.id)
                continue
            for _seat, user_id in pending:
                outbox(session, game, "dm", user_id, say("reminder", day=game.day, game=game.name,
                                                         deadline=when(game.deadline)), {"kind": "reminder"})
                sent += 1
            game.reminded_day = game.day
    return sent


async def who_has_not_submitted(db: Database, game_id: int) -> list[str]:
    """Names of awaited players without orders (for moderators: never what anyone ordered)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        pending = {seat for seat, _ in await pending_players(session, game)}
        return [p.name for p in await players_of(session, game_id) if p.seat in pending]


async def order_history(db: Database, game_id: int, user_id: int) -> list[Order]:
    """Every submission of this player in this game, oldest first."""
    async with db.transaction() as session:
        player = await player_of(session, game_id, user_id)
        rows = await session.execute(select(Order).where(Order.game_id == game_id, Order.seat == player.seat)
                                     .order_by(Order.id))
        return list(rows.scalars())

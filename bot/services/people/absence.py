"""Absent players (issue 24, part 4): after `absence_steps` awaited steps missed in a row (a community setting,
2 by default, 0: off; the games' own idle alerts stay as they are) a player's seat is offered by DM, with
Accept and Decline buttons, to the game's first reserve not yet asked (in sign-up order), else to a volunteer of
the server's substitute list (`/sub volunteer`, longest there first) who is not in the game. On Accept the seat
moves with everything its player knew, as `/mod substitute` does (`seats.take_over`), and the absent player's
record counts an abandoned game; on Decline the next one is asked; with nobody left the moderators are told and
decide (`/mod substitute`). An offer is one `SeatOffer` row per absence, so a restart changes nothing, and a
player who gives orders again before anyone accepts keeps the seat (the offer is closed when answered).

Several seats absent at once go to different people: someone is offered one seat of a game at a time, so the
second seat goes to the next reserve (or volunteer); when everyone left to ask holds an offer already, the seat
waits (status "waiting") and is offered as soon as one of them answers. Someone who accepts a seat holds no
other offer any more: any other open offer of theirs moves on to the next candidate.

Read functions (`volunteers`) return plain values; the others run in the callers' transactions or their own.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Player, SeatOffer, Substitute
from bot.db.session import Database
from bot.services.base import community, limits
from bot.services.base.common import audit, load_game, outbox
from bot.services.base.errors import ServiceError
from bot.services.people import seats
from bot.text import say

KIND = "seat_offer"  # the payload kind of an offer's DM: `bot.ui.buttons` gives it Accept and Decline
PENDING = ("open", "waiting")  # an offer still to be answered: asked of someone, or waiting for a candidate


async def absent(session: AsyncSession, game: Game, missed: list[Player], now: datetime) -> None:
    """After a resolution: offer the seat of each player whose misses in a row reached `absence_steps`."""
    steps = community.value(game, "absence_steps")
    if not steps:
        return
    for player in missed:
        if (player.missed_streak or 0) < steps:
            continue
        open_offer = (
            await session.execute(
                select(SeatOffer.id).where(
                    SeatOffer.game_id == game.id, SeatOffer.seat == player.seat, SeatOffer.status.in_(PENDING)
                )
            )
        ).first()
        if open_offer is not None:
            continue
        offer = SeatOffer(
            game_id=game.id, seat=player.seat, absent_id=player.user_id, status="open", asked=[], created_at=now
        )
        session.add(offer)
        await session.flush()
        audit(session, game, None, "absent", user_id=player.user_id, missed=player.missed_streak)
        await _ask_next(session, game, offer, player.name)


async def _candidates(session: AsyncSession, game: Game, asked: list[int]) -> list[tuple[int, str]]:
    """Who may still be asked for a seat, in order: the reserves not asked yet (in sign-up order), then the
    server's volunteers who are not in the game and were not asked (longest there first)."""
    in_game = {
        user_id: status
        for user_id, status in (
            await session.execute(select(Player.user_id, Player.status).where(Player.game_id == game.id))
        ).all()
    }
    reserves = (
        await session.execute(
            select(Player.user_id, Player.name)
            .where(Player.game_id == game.id, Player.status == "reserve")
            .order_by(Player.position)
        )
    ).all()
    found = [(user_id, name) for user_id, name in reserves if user_id not in asked]
    if game.guild_id is None:
        return found
    volunteers = (
        await session.execute(
            select(Substitute.user_id, Substitute.name)
            .where(Substitute.guild_id == game.guild_id)
            .order_by(Substitute.since, Substitute.user_id)
        )
    ).all()
    found += [
        (user_id, name)
        for user_id, name in volunteers
        if user_id not in asked and in_game.get(user_id) not in ("joined", "replaced")
    ]
    return found


async def _busy(session: AsyncSession, game: Game, offer: SeatOffer) -> set[int]:
    """Who holds another of the game's open offers: asked for one seat at a time, they are not asked again."""
    rows = await session.execute(
        select(SeatOffer.user_id).where(
            SeatOffer.game_id == game.id,
            SeatOffer.status == "open",
            SeatOffer.user_id.is_not(None),
            SeatOffer.id != offer.id,
        )
    )
    return {user_id for user_id in rows.scalars() if user_id is not None}


async def _ask_next(session: AsyncSession, game: Game, offer: SeatOffer, absent_name: str) -> None:
    """Offer the seat to the next candidate who holds no other offer of the game; when every candidate left
    holds one, the offer waits for them (status "waiting", asked again by `_move_on`); with none left at all,
    it goes to the moderators."""
    candidates = await _candidates(session, game, list(offer.asked or []))
    busy = await _busy(session, game, offer)
    free = [(user_id, name) for user_id, name in candidates if user_id not in busy]
    if not free:
        offer.user_id = None
        if candidates:
            offer.status = "waiting"
            return
        offer.status = "moderators"
        text = say("absence_moderators", name=absent_name, game=game.name, missed=_steps(game))
        outbox(session, game, "moderators", None, text, {"kind": "absence"})
        return
    user_id, _ = free[0]
    offer.user_id, offer.status = user_id, "open"
    offer.asked = [*(offer.asked or []), user_id]
    text = say("absence_offer", name=absent_name, game=game.name, missed=_steps(game))
    outbox(session, game, "dm", user_id, text, {"kind": KIND, "offer": offer.id, "game": game.id})


async def _move_on(session: AsyncSession, game: Game, freed: int, took_seat: bool) -> None:
    """After `freed` answered an offer: when they took a seat, their other open offers of the game go to the
    next candidate; then the waiting offers are asked again (`freed` may be free for one of them now). An
    offer whose absent player came back meanwhile is closed instead."""
    await session.flush()
    if took_seat:
        held = select(SeatOffer).where(
            SeatOffer.game_id == game.id, SeatOffer.status == "open", SeatOffer.user_id == freed
        )
        for offer in (await session.execute(held.order_by(SeatOffer.id))).scalars():
            await _ask_again(session, game, offer)
    waiting = select(SeatOffer).where(SeatOffer.game_id == game.id, SeatOffer.status == "waiting")
    for offer in (await session.execute(waiting.order_by(SeatOffer.id))).scalars():
        await _ask_again(session, game, offer)


async def _ask_again(session: AsyncSession, game: Game, offer: SeatOffer) -> None:
    absent_player = await _absent_player(session, game, offer)
    if absent_player is None or not absent_player.missed_streak:
        offer.user_id, offer.status = None, "closed"
    else:
        await _ask_next(session, game, offer, absent_player.name)
    await session.flush()


async def _absent_player(session: AsyncSession, game: Game, offer: SeatOffer) -> Player | None:
    """The offer's absent player, while they still hold the seat."""
    query = select(Player).where(
        Player.game_id == game.id, Player.user_id == offer.absent_id, Player.status == "joined"
    )
    return (await session.execute(query)).scalar_one_or_none()


def _steps(game: Game) -> int:
    return community.value(game, "absence_steps")


async def answer(db: Database, offer_id: int, user_id: int, accept: bool, name: str) -> str:
    """Accept or Decline an offered seat (the DM's buttons); returns what the one who answered is told."""
    async with db.transaction() as session:
        offer = await session.get(SeatOffer, offer_id)
        if offer is None:
            raise ServiceError(say("absence_gone"))
        game = await load_game(session, offer.game_id, lock=True)
        await session.refresh(offer)
        if offer.status != "open" or offer.user_id != user_id:
            raise ServiceError(say("absence_gone"))
        absent_player = await _absent_player(session, game, offer)
        game_name = game.name
        if game.status not in ("running", "paused") or absent_player is None or not absent_player.missed_streak:
            offer.status = "closed"  # the game is over, or the player came back: kept closed, then refused
            if game.status in ("running", "paused"):
                await _move_on(session, game, user_id, took_seat=False)
        elif not accept:
            await _ask_next(session, game, offer, absent_player.name)
            await _move_on(session, game, user_id, took_seat=False)
            return say("absence_declined", game=game.name)
        else:
            offer.status = "accepted"
            stored = (
                await session.execute(select(Player.name).where(Player.game_id == game.id, Player.user_id == user_id))
            ).scalar()
            await seats.take_over(session, game, None, offer.absent_id, user_id, stored or name)
            told = say("absence_replaced_you", game=game.name)
            outbox(session, game, "dm", offer.absent_id, told, {"kind": "absence"})
            await _move_on(session, game, user_id, took_seat=True)
            return say("absence_accepted", game=game.name)
    raise ServiceError(say("absence_back", game=game_name))


async def volunteer(db: Database, guild_id: int, user_id: int, name: str, now: datetime) -> bool:
    """`/sub volunteer`: put the user on the server's substitute list; False if they were on it already (also
    when the same user volunteers twice at once: the row is inserted only if absent, in one statement). The name
    is cleaned as a joiner's is (`limits.name`)."""
    limits.discord_id(guild_id, "server")
    limits.user_id(user_id)
    name = limits.name(name)
    insert: Any
    if db.engine.dialect.name == "postgresql":  # imported here: a SQLite process (a simulation) needs no PostgreSQL
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    async with db.transaction() as session:
        added = await session.execute(
            insert(Substitute)
            .values(guild_id=guild_id, user_id=user_id, name=name, since=now)
            .on_conflict_do_nothing(index_elements=["guild_id", "user_id"])
        )
        return bool(added.rowcount)  # type: ignore[attr-defined]


async def withdraw(db: Database, guild_id: int, user_id: int) -> bool:
    """`/sub withdraw`: take the user off the server's substitute list; False if they were not on it (also the
    second of two withdrawals at once: one statement deletes the row, and only one of them finds it)."""
    limits.discord_id(guild_id, "server")
    limits.user_id(user_id)
    async with db.transaction() as session:
        removed = await session.execute(
            delete(Substitute).where(Substitute.guild_id == guild_id, Substitute.user_id == user_id)
        )
        return bool(removed.rowcount)  # type: ignore[attr-defined]


async def volunteers(db: Database, guild_id: int) -> list[tuple[int, str]]:
    """The server's substitute list, (user id, name), longest there first."""
    limits.discord_id(guild_id, "server")
    async with db.read() as session:
        rows = await session.execute(
            select(Substitute.user_id, Substitute.name)
            .where(Substitute.guild_id == guild_id)
            .order_by(Substitute.since, Substitute.user_id)
        )
        return [(user_id, name) for user_id, name in rows.all()]

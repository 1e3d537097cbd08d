"""Trades between two players (handbook III.B): the offer, the partner's answer, both told by DM.

An offer names my items (uids) and the partner's items by name, as the proposer sees them; the partner's
concealed items cannot be asked for, because the proposer cannot know them. The partner receives a DM
with Accept and Decline buttons; accepting adds the mirror of the offer to their orders, so the trade
happens at resolution if both still hold the items.
"""
from __future__ import annotations

from datetime import datetime

from bot.db.session import Database
from bot.services import day_actions
from bot.services.common import load_game, load_state, outbox, player_of, players_of
from bot.services.errors import ServiceError
from bot.services.orders import Submitted
from bot.text import say
from engine.rulesets.battle_royale.report import item_label


async def offer(db: Database, game_id: int, user_id: int, partner_seat: str, give: list[str],
                receive_names: list[str], now: datetime) -> Submitted:
    async with db.read() as session:
        game = await load_game(session, game_id)
        me = await player_of(session, game_id, user_id)
        seats = {p.seat: p for p in await players_of(session, game_id)}
        state = load_state(game)
    partner = seats.get(partner_seat)
    student = state.students.get(partner_seat)
    if partner is None or student is None or partner_seat == me.seat:
        raise ServiceError(say("trade_unknown_partner"))
    receive: list[str] = []
    mine = state.students[me.seat]
    visible = student.zone == mine.zone and student.active
    for name in receive_names:
        match = next((i.uid for i in student.items if visible and not i.concealed and i.uid not in receive
                      and name.strip().lower() in (i.name.lower(), item_label(i, own=False).lower())), None)
        if match is None:
            raise ServiceError(say("trade_not_visible", name=student.name, item=name))
        receive.append(match)
    done = await day_actions.offer_trade(db, game_id, user_id, partner_seat, give, receive, now)
    gives = [mine.item(u).name for u in give if mine.item(u)]  # type: ignore[union-attr]
    gets = [student.item(u).name for u in receive]  # type: ignore[union-attr]
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        outbox(session, game, "dm", partner.user_id,
               say("trade_offered", name=me.name, game=game.name, give=", ".join(gives) or say("trade_nothing"),
                   receive=", ".join(gets) or say("trade_nothing")),
               {"kind": "trade_offer", "game": game_id, "proposer": user_id, "day": done.day,
                "offer": day_actions.trade_digest(done.payload, partner_seat, me.salt)})
    return done


async def answer(db: Database, game_id: int, user_id: int, proposer_user: int, accept: bool, now: datetime,
                 day: int | None = None, digest: str | None = None) -> Submitted | None:
    """Accept (the mirror joins my orders) or decline; the proposer is told either way. With the `day` and
    `digest` of the message answered, an offer that changed since or a day that is over is refused."""
    if not accept and digest is not None:
        await day_actions.check_trade(db, game_id, user_id, proposer_user, day, digest)  # type: ignore[arg-type]
    done = await day_actions.accept_trade(db, game_id, user_id, proposer_user, now, day, digest) if accept else None
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        me = await player_of(session, game_id, user_id)
        outbox(session, game, "dm", proposer_user,
               say("trade_accepted" if accept else "trade_declined", name=me.name, game=game.name),
               {"kind": "trade_answer"})
    return done

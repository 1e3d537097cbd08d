"""Moderator actions: pause (with an automatic resume time), resume, extend, end, kill, substitute.

Each is recorded in the game's audit log with the moderator who did it. Resolving now is
`resolution.resolve_day(..., trigger="moderator")`.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from bot.db.models import AuditLog, Player
from bot.db.session import Database
from bot.services import fairness
from bot.services.common import audit, load_game, load_state, outbox, player_of, store_state
from bot.services.errors import ServiceError
from bot.text import say, when


async def pause(db: Database, game_id: int, actor_id: int, until: datetime | None = None) -> None:
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "running":
            raise ServiceError(say("pause_not_running"))
        game.status = "paused"
        game.paused_until = until
        audit(session, game, actor_id, "pause", until=until.isoformat() if until else None)
        outbox(session, game, "channel", game.channel_id,
               say("paused_until", until=when(until)) if until else say("paused"), {"kind": "pause"})


async def resume(db: Database, game_id: int, actor_id: int, now: datetime) -> None:
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "paused":
            raise ServiceError(say("not_paused"))
        game.status = "running"
        game.paused_until = None
        if game.deadline is not None and game.deadline <= now:
            game.deadline = now + timedelta(hours=1)
        audit(session, game, actor_id, "resume")
        outbox(session, game, "channel", game.channel_id, say("resumed"), {"kind": "resume"})


async def extend(db: Database, game_id: int, actor_id: int, hours: float) -> datetime:
    if not 0 < hours <= 24 * 14:
        raise ServiceError(say("extend_range"))
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status not in ("running", "paused") or game.deadline is None:
            raise ServiceError(say("no_deadline"))
        game.deadline = game.deadline + timedelta(hours=hours)
        audit(session, game, actor_id, "extend", hours=hours)
        outbox(session, game, "channel", game.channel_id,
               say("extended", deadline=when(game.deadline)), {"kind": "extend"})
        return game.deadline


async def end(db: Database, game_id: int, actor_id: int, reason: str = "ended by a moderator") -> None:
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status == "over":
            raise ServiceError(say("already_over"))
        game.status = "over"
        game.deadline = None
        audit(session, game, actor_id, "end", reason=reason)
        outbox(session, game, "channel", game.channel_id, say("ended", reason=reason), {"kind": "end"})


async def kill(db: Database, game_id: int, actor_id: int, user_id: int, reason: str = "removed by a moderator") -> None:
    """Remove a player from play (say, for inactivity); the death is announced like any other."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        player = await player_of(session, game_id, user_id)
        state = load_state(game)
        student = state.students.get(player.engine_id)
        if student is None or not student.active:
            raise ServiceError(say("not_alive", name=player.name))
        student.alive = False
        student.died_day = state.day
        student.death_cause = reason
        store_state(game, state)
        audit(session, game, actor_id, "kill", user_id=user_id, reason=reason)
        outbox(session, game, "channel", game.channel_id, say("died", name=player.name), {"kind": "death"})


async def substitute(db: Database, game_id: int, actor_id: int, old_user: int, new_user: int, new_name: str) -> None:
    """A new player takes over a seat: same student, same orders, new person; the old one is told nothing more."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        old = await player_of(session, game_id, old_user)
        taken = (await session.execute(select(Player).where(Player.game_id == game_id, Player.user_id == new_user,
                                                            Player.status == "joined"))).scalar_one_or_none()
        if taken is not None:
            raise ServiceError(say("already_playing", name=new_name))
        old.status = "replaced"
        session.add(Player(game_id=game_id, user_id=new_user, name=new_name, status="joined", requests=old.requests,
                           salt=fairness.new_salt(), position=old.position))
        audit(session, game, actor_id, "substitute", old_user=old_user, new_user=new_user)


async def audit_trail(db: Database, game_id: int) -> list[AuditLog]:
    async with db.transaction() as session:
        await load_game(session, game_id)
        rows = await session.execute(select(AuditLog).where(AuditLog.game_id == game_id).order_by(AuditLog.id))
        return list(rows.scalars())

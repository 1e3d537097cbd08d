"""Moderator actions in play: pause (with an automatic resume), resume, extend, end, resolve now; the game's
own actions on a player (`act`) and substitute; what a moderator may name, and the audit trail.

Each change is recorded in the game's audit log with the moderator who made it. The game's actions are
declared by its front (`engine.front.Moderation`) and go through the ruleset's `moderate` (the engine
applies its own consequences, as for any of its events) and deliver the resulting events through the
outbox: public ones to the channel, private ones by DM; moderator notes come back to the caller only.
These events are not stored as a day's events, so `brbot verify` of that day still compares the resolution alone; the
next resolution's recorded state-before includes the change. Setting up a game is in `game_admin`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from bot.db.models import AuditLog, Game, Outbox
from bot.db.repositories import players_of
from bot.db.session import Database
from bot.services.base import limits, rights
from bot.services.base.common import announce, audit, deliver, load_game, load_state, player_of, ruleset_of, store_state
from bot.services.base.errors import ServiceError, engine_refusals
from bot.services.base.replaying import reveal_held_seeds
from bot.services.base.rights import Caller
from bot.services.orders import step_buttons
from bot.services.orders.commands import filled_in
from bot.services.people import groups, profiles, seats, spectators
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.steps.resuming import resume_locked
from bot.text import escape, say, when
from engine import keyed, registry
from engine.events import Event
from engine.front import Moderation
from engine.keyed import joined


async def pause(db: Database, game_id: int, actor_id: Caller, until: datetime | None = None) -> None:
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        if game.status != "running":
            raise ServiceError(say("pause_not_running"))
        game.status = "paused"
        game.paused_until = until
        audit(session, game, by, "pause", until=until.isoformat() if until else None)
        announce(session, game, say("paused_until", until=when(until)) if until else say("paused"), {"kind": "pause"})


async def pause_for(
    db: Database, game_id: int, actor_id: Caller, now: datetime, hours: float | None
) -> datetime | None:
    """Pause, resuming by itself after `hours` (None: until a moderator resumes). Returns the resume time."""
    if hours is not None and not _hours(hours):
        raise ServiceError(say("pause_range"))
    until = now + timedelta(hours=hours) if hours is not None else None
    await pause(db, game_id, actor_id, until)
    return until


async def resume(db: Database, game_id: int, actor_id: Caller, now: datetime) -> datetime | None:
    """Resume a paused game; the players get at least an hour before the deadline (`resuming.GRACE`).
    Returns the deadline in force after the resume (None for a game without one, still signing up)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        if game.status != "paused":
            raise ServiceError(say("not_paused"))
        resume_locked(session, game, now, by)
        return game.deadline


async def extend(db: Database, game_id: int, actor_id: Caller, hours: float) -> datetime:
    if not _hours(hours):
        raise ServiceError(say("extend_range"))
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        if game.status not in ("running", "paused") or game.deadline is None:
            raise ServiceError(say("no_deadline"))
        game.deadline = game.deadline + timedelta(hours=hours)
        audit(session, game, by, "extend", hours=hours)
        announce(session, game, say("extended", deadline=when(game.deadline)), {"kind": "extend"})
        return game.deadline


async def end(db: Database, game_id: int, actor_id: Caller, reason: str | None = None) -> None:
    limits.text(reason, say("what_reason"), limits.NOTE_MAX)
    reason = reason or "ended by a moderator"
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        if game.status == "over":
            raise ServiceError(say("already_over"))
        started = game.state is not None
        game.status = "over"
        game.deadline = None
        if started:  # its players finished it: their records and statistics gain it
            await profiles.game_over(session, game, load_state(game))
        audit(session, game, by, "end", reason=reason)
        ended = [say("ended", reason=escape(reason)), say("log_published", game_id=game.id)]
        if ruleset_of(game).seeds_revealed == "at_end":
            ended.append(await reveal_held_seeds(session, game))
        announce(session, game, joined("\n", ended), {"kind": "end"})


async def resolve_now(db: Database, game_id: int, actor_id: Caller, now: datetime) -> resolution.Resolved:
    """Resolve today now (the deadline loop would do the same at the deadline); refused if another
    resolver got there first."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        by = await rights.moderator(session, game, actor_id)
        status, day, front = game.status, game.day, registry.front(game.ruleset)
    if status not in ("running", "paused"):
        raise ServiceError(say("already_over") if status == "over" else say("resolve_not_running"))
    done = await resolution.resolve_day(db, game_id, now, expected_day=day, trigger="moderator", actor_id=by)
    if done is None:
        raise ServiceError(say("resolve_raced", step=front.words.name(day)))
    return done


@dataclass
class Moderated:
    """What a moderator's action (`act`) did: whom it touched, in the game's words, and its events."""

    name: str
    done: str = ""  # the front's words for it ("Player2 is dead.")
    events: list[Event] = field(default_factory=list)
    told: list[tuple[str, str]] = field(default_factory=list)  # (player name, private text) as sent by DM

    @property
    def posted(self) -> list[str]:
        """Texts posted in the game's channel."""
        return [e.text for e in self.events if e.audience.kind == "public"]

    @property
    def notes(self) -> list[str]:
        """Texts meant for moderators (not delivered: the caller shows them)."""
        return [e.text for e in self.events if e.audience.kind == "moderators"]


def declared(ruleset: str, action: str) -> Moderation:
    """The moderator's action `action` as the game declares it; refused if the game has none."""
    found = registry.front(ruleset).moderation_action(action)
    if found is None:
        raise ServiceError(say("no_moderation", action=action))
    return found


async def act(
    db: Database, game_id: int, actor_id: Caller, user_id: int | None, action: str, values: dict[str, Any] | None = None
) -> Moderated:
    """A moderator's action on the player's seat (or on the fight: `user_id` None, for an action not about a
    player, `Moderation.about_player`), as the game declares it (`Front.moderation`): the options left out take
    their defaults, the ruleset's `moderate` applies it, public events are posted, private ones told by DM, and
    the audit log records it in the declaration's names."""
    values = values or {}
    if user_id is not None:
        limits.user_id(user_id)
    if not isinstance(values, dict):
        raise ServiceError(say("malformed_values", command=f"mod {action}"))
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        _in_play(game)
        what = declared(game.ruleset, action)
        filled = filled_in(what, values, f"mod {action}")
        if user_id is None and what.about_player:
            raise ServiceError(say("mod_needs_player", action=action))
        player = (
            await player_of(session, game_id, user_id, say("mod_not_playing", user_id=user_id))
            if user_id is not None
            else None
        )
        params = {what.params.get(name, name): value for name, value in filled.items()}
        rules, before = ruleset_of(game), load_state(game)
        with engine_refusals():
            result = rules.moderate(before, action, {"seat": player.seat if player else None, **params})
        store_state(game, result.state)
        if step_buttons.tells(game, rules) and rules.awaiting(result.state) != rules.awaiting(before):
            await step_buttons.offer(session, game, rules, result.state)  # the next actor is told (buttons) now
        players = await players_of(session, game_id)
        seats, names = {p.seat: p.user_id for p in players}, {p.seat: p.name for p in players}
        name = player.name if player is not None else ""
        done = Moderated(name=name, done=keyed.filled(what.done, name=name), events=result.events)
        for event in result.events:
            if event.audience.kind == "moderators":
                continue  # not delivered: the caller shows them (`notes`)
            payload = {"kind": event.kind, "day": game.day, "moderation": action}
            done.told += [(names[seat], event.text) for seat in deliver(session, game, event, seats, payload)]
        await groups.sync(session, game, result.state)
        private = await spectators.copies(session, game, result.events, seats)  # `dead_see private`
        session.add_all([Outbox(**row) for row in private])
        details = {what.audited_as.get(name, name): value for name, value in filled.items()}
        for key in what.recorded:
            made = next((e.data[key] for e in result.events if key in (e.data or {})), None)
            if made is not None:
                details[key] = made
        audit(session, game, by, action, user_id=user_id, **details, **({"notes": done.notes} if done.notes else {}))
        return done


def _hours(hours: Any) -> bool:
    """Whether `hours` is a number of hours a moderator may pause or extend by (`limits.HOURS_MAX`)."""
    return not isinstance(hours, bool) and isinstance(hours, int | float) and 0 < hours <= limits.HOURS_MAX


def _in_play(game: Game) -> None:
    if game.status == "over":
        raise ServiceError(say("already_over"))
    if game.status not in ("running", "paused"):
        raise ServiceError(say("not_started"))


async def substitute(
    db: Database,
    game_id: int,
    actor_id: Caller,
    old_user: int,
    new_user: int,
    new_name: str,
    now: datetime | None = None,
) -> str:
    """A new player takes over a seat: same character, same orders, new person; the old one is told nothing
    more. Someone on the reserve list (or who left before the start) may be the substitute; someone already
    playing, or replaced earlier in this game, may not. Returns the old player's name. During a muster, a ready
    substitute may leave every player ready: with `now`, the game then starts at once (else at the deadline
    loop's next pass), as after the last Ready."""
    limits.user_id(old_user)
    limits.user_id(new_user)  # not 0: the script's orders (`pacing.SCRIPT`) are no user's
    new_name = limits.name(new_name)
    if old_user == new_user:
        raise ServiceError(say("mod_same_player"))
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        old_name = await seats.take_over(session, game, by, old_user, new_user, new_name)
        mustering = game.muster_until is not None
    if mustering and now is not None:
        try:
            await games.start_if_ready(db, game_id, now)
        except ServiceError:  # the game's set-up refuses: the substitute stands; the deadline loop tells the mods
            pass
    return old_name


async def choices(db: Database, game_id: int, action: str, user_id: int | None = None) -> list[tuple[str, str]]:
    """(value, label) a moderator's action may name (item kinds to give, a player's items to take)."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        if game.state is None:
            return []
        seat = None
        if user_id is not None:
            seat = {p.user_id: p.seat for p in await players_of(session, game_id)}.get(user_id)
            if seat is None:
                return []
    return ruleset_of(game).moderation_choices(load_state(game), action, seat)


async def audit_trail(db: Database, game_id: int, caller: Caller) -> list[AuditLog]:
    """The game's audit log, oldest first (for its moderators: the caller is checked, `rights`)."""
    async with db.read() as session:
        await rights.moderator(session, await load_game(session, game_id), caller)
        rows = await session.execute(select(AuditLog).where(AuditLog.game_id == game_id).order_by(AuditLog.id))
        return list(rows.scalars())

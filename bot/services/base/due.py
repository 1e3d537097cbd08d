"""When the deadline loop must next look at a game: `games.due_at`, kept on the row, indexed.

The loop asks the database for the games whose `due_at` has come (`resolution.due_games`) instead of
reading and parsing every live game on every pass. The rule (`next_look`):
- a paused game: when its timed pause ends (`paused_until`; None: only a moderator resumes it);
- a running game: its deadline; or at once (`AT_ONCE`) when it may resolve early (`resolves_early`) and
  something that decides it changed (an order, its state, its status); never before `retry_at` after a
  failed resolution;
- any other game: never (None).

"At once" means "look": the loop then checks, under the game's lock, whether every awaited actor has
acted with orders the game says are complete (`Ruleset.ready`: a post built over several commands waits for
its sending); if not, it sets `due_at` to the deadline (`settled`), and the next order asks for a look again.
So `due_at` may be early, never late.

Every change of a game row through the ORM (a deadline set, a pause, an extension, a resume, a resolution,
a failure's backoff, a setting) recomputes `due_at` (the mapper hooks below), unless the change set
`due_at` itself; only a change of what decides readiness (`DECISIVE`: the state, the day, the status, the
early-resolution setting) asks for a look at once, so a reminder written does not. The order writer, which
writes orders with plain SQL, marks the games it wrote orders for (`mark_orders`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import event, inspect, or_, update

from bot.db.models import Game
from engine import registry
from engine.ruleset import Ruleset

AT_ONCE = datetime(2000, 1, 1, tzinfo=UTC)  # earlier than any clock: due on the next pass


def resolves_early(ruleset: str, early_resolution: bool | None) -> bool:
    """Whether the game resolves as soon as every awaited actor has acted (an unknown game: its setting)."""
    if early_resolution:
        return True
    try:
        return registry.get(ruleset).pacing == "sequential"
    except KeyError:
        return False


def complete(ruleset: Ruleset, state: Any, actor: str, payload: dict[str, Any]) -> bool:
    """Whether an awaited actor's stored orders are complete (`Ruleset.ready`: e.g. a post built over several
    commands, once sent or spent), parsed with the game's orders model; orders that no longer parse count as
    complete, so that resolving them records the failure."""
    try:
        return ruleset.ready(state, actor, ruleset.parse_orders(payload))
    except Exception:
        return True


def next_look(game: Game, may_be_ready: bool = True) -> datetime | None:
    """When the loop must look at the game next; with `may_be_ready`, at once if it may resolve early."""
    if game.status == "paused":
        return game.paused_until
    if game.status != "running":
        return None
    at = game.deadline
    if may_be_ready and resolves_early(game.ruleset, game.early_resolution):
        at = AT_ONCE
    if at is not None and game.retry_at is not None and game.retry_at > at:
        at = game.retry_at
    return at


def settled(game: Game, now: datetime) -> None:
    """The loop looked and the game is not due: look again at its retry time (after a failure), else at the
    deadline (an order, or any change, brings it forward again)."""
    if game.retry_at is not None and game.retry_at > now:
        game.due_at = game.retry_at
    else:
        game.due_at = next_look(game, may_be_ready=False)


async def mark_orders(session, game_ids: set[int]) -> None:
    """Orders were written for these games, which resolve early: the loop looks at them on its next pass."""
    if game_ids:  # a game already marked is left alone (SQLite rewrites the whole row, state and all)
        await session.execute(
            update(Game)
            .where(Game.id.in_(sorted(game_ids)), or_(Game.due_at.is_(None), Game.due_at != AT_ONCE))
            .values(due_at=AT_ONCE)
        )


DECISIVE = ("state", "state_rev", "day", "status", "early_resolution", "ruleset")  # what may make a game ready early


@event.listens_for(Game, "before_insert")
@event.listens_for(Game, "before_update")
def _recompute(_mapper, _connection, game: Game) -> None:
    attrs = inspect(game).attrs
    if attrs.due_at.history.has_changes():
        return  # set on purpose (`settled`)
    pending = game.due_at is not None and game.due_at <= AT_ONCE  # a look already asked for stays asked for
    game.due_at = next_look(game, pending or any(attrs[name].history.has_changes() for name in DECISIVE))

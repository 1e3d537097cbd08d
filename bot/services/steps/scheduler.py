"""One pass of the deadline loop, as a service: resolve every due game, write reminders, then close the musters
whose time is up and begin the games whose start time came (`muster.due`).

The bot's loop (and any other front end) calls `tick(db, now)` every few seconds. Each due game is
resolved in its own transaction with SKIP LOCKED claiming, so another bot process resolving the same game
makes this one step aside. Missed deadlines (the bot was down) are simply due on the first tick after a
restart.

A game whose resolution fails does not stop the others, and is not retried on every tick: its
`resolve_failures` count goes up and `retry_at` moves out by `backoff(failures)` (1, 2, 4, ... minutes, at
most an hour), both stored on the game row so the pause survives a restart. The first failure of a run is
audited, logged with its traceback and told to the moderators (an outbox row for them); later ones are one
log line each. Several processes reaching a failing game at the same moment record one failure (the first
sets `retry_at`; the others find it set, and no process tries again before it). The next successful
resolution (by the loop or a moderator's /resolve now) clears the count and tells the moderators it went
through.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.db.session import Database
from bot.services.base.common import audit, load_game, outbox
from bot.services.orders import day_actions
from bot.services.signup import muster
from bot.services.steps import resolution
from bot.text import say, when
from engine import registry

log = logging.getLogger(__name__)

FIRST_RETRY = timedelta(minutes=1)
LONGEST_RETRY = timedelta(hours=1)


@dataclass
class TickReport:
    resolved: list[tuple[int, int]] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)
    reminders: int = 0
    mustered: int = 0  # games whose muster closed or whose start time came (`muster.due`)


def backoff(failures: int) -> timedelta:
    """How long to wait before trying again after `failures` failures in a row."""
    return min(FIRST_RETRY * 2 ** min(max(failures - 1, 0), 16), LONGEST_RETRY)


async def tick(db: Database, now: datetime, reminder_hours: float = 2.0) -> TickReport:
    report = TickReport()
    due = await resolution.due_games(db, now)
    random.shuffle(due)  # several processes: each starts elsewhere in the list, so they seldom meet
    for game_id, day in due:
        try:
            done = await resolution.resolve_day(db, game_id, now, expected_day=day, trigger="timer", skip_locked=True)
        except Exception as error:  # one failing game never stops the loop
            reason = f"{error.__class__.__name__}: {error}"
            report.failed.append((game_id, reason))
            failures = await _record_failure(db, game_id, day, reason, now)
            if failures == 1:
                log.exception("resolving game %s day %s failed", game_id, day)
            else:
                log.warning(
                    "resolving game %s day %s failed again (%s times in a row): %s",
                    game_id,
                    day,
                    failures or "?",
                    reason,
                )
            continue
        if done is not None:
            report.resolved.append((game_id, day))
    report.reminders = await day_actions.send_reminders(db, now, reminder_hours)
    try:
        report.mustered = await muster.due(db, now)
    except Exception:  # one failing pass over the musters never stops the loop
        log.exception("musters and start times could not be processed")
    return report


async def _record_failure(db: Database, game_id: int, day: int, reason: str, now: datetime) -> int | None:
    """Count the failure and set when to try again; the first of a run is audited and told to the
    moderators. Returns the number of failures in a row (None if even that could not be recorded)."""
    try:
        async with db.transaction() as session:
            game = await load_game(session, game_id, lock=True)
            if game.retry_at is not None and game.retry_at > now:  # another process recorded this failure
                return game.resolve_failures
            game.resolve_failures = (game.resolve_failures or 0) + 1
            game.retry_at = now + backoff(game.resolve_failures)
            if game.resolve_failures == 1:
                audit(session, game, None, "resolve_failed", day=day, error=reason)
                outbox(
                    session,
                    game,
                    "moderators",
                    None,
                    say(
                        "resolve_failed",
                        step=registry.front(game.ruleset).words.name(day),
                        game=game.name,
                        error=reason,
                        retry=when(game.retry_at),
                    ),
                    {"kind": "resolve_failed", "day": day},
                )
            return game.resolve_failures
    except Exception:  # best effort: the failure itself is logged by the caller
        log.exception("could not record the failure of game %s", game_id)
        return None

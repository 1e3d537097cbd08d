"""One pass of the deadline loop, as a service: resolve every due game, then write reminders.

The bot's loop (and any other front end) calls `tick(db, now)` every few seconds. Each due game is
resolved in its own transaction with SKIP LOCKED claiming, so another bot process resolving the same game
makes this one step aside; a game that fails is recorded in the result, audited, and does not stop the
others. Missed deadlines (the bot was down) are simply due on the first tick after a restart.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

from bot.db.session import Database
from bot.services import day_actions, resolution
from bot.services.common import audit, load_game

log = logging.getLogger(__name__)


@dataclass
class TickReport:
    resolved: list[tuple[int, int]] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)
    reminders: int = 0


async def tick(db: Database, now: datetime, reminder_hours: float = 2.0) -> TickReport:
    report = TickReport()
    for game_id, day in await resolution.due_games(db, now):
        try:
            done = await resolution.resolve_day(db, game_id, now, expected_day=day, trigger="timer", skip_locked=True)
        except Exception as error:  # one failing game never stops the loop
            log.exception("resolving game %s day %s failed", game_id, day)
            report.failed.append((game_id, f"{error.__class__.__name__}: {error}"))
            await _record_failure(db, game_id, day, error)
            continue
        if done is not None:
            report.resolved.append((game_id, day))
    report.reminders = await day_actions.send_reminders(db, now, reminder_hours)
    return report


async def _record_failure(db: Database, game_id: int, day: int, error: Exception) -> None:
    try:
        async with db.transaction() as session:
            audit(session, await load_game(session, game_id), None, "resolve_failed", day=day,
                  error=f"{error.__class__.__name__}: {error}")
    except Exception:  # the audit is best effort: the failure is already logged
        log.exception("could not record the failure of game %s", game_id)

"""The bot's two background loops: deadlines (resolve due games, write reminders) and delivery (the outbox).

Both run for as long as the bot does and survive anything a single pass throws: the error is logged and
the next pass comes on time. Nothing lives only in memory: the deadline loop asks the database what is
due (so deadlines missed while the bot was down are caught up on the first pass after a start), and the
delivery loop sends whatever the outbox holds. `kick()` wakes the delivery loop at once, so a day's
results go out right after it is resolved rather than on the next tick; `look()` wakes the deadline loop at
once, so a step that a command made ready (the last orders of a game that resolves early, an Infinity post
sent) resolves within a moment rather than on the next tick (`poll_seconds`, 15 s by default).

The loops run for a `LoopHost` (the bot, `bot.app.GameMasterBot`) and know no more of it than that.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.config import Settings
from bot.db.session import Database
from bot.services.steps import scheduler

if TYPE_CHECKING:
    from bot.delivery.courier import Courier

log = logging.getLogger(__name__)


class LoopHost(Protocol):
    """What the loops need of the bot: its database, settings and clock, the courier that sends its
    messages, and a wait until it is connected."""

    db: Database
    settings: Settings
    clock: Callable[[], datetime]

    def courier(self) -> Courier: ...

    async def wait_until_ready(self) -> None: ...


class Loops:
    def __init__(self, bot: LoopHost) -> None:
        from datetime import timedelta

        from bot.delivery.worker import OutboxWorker

        self.bot = bot
        lease = timedelta(seconds=bot.settings.delivery_lease_seconds)  # another process takes over after it
        self.worker = OutboxWorker(bot.db, bot.courier(), bot.clock, lease=lease)
        # a process with a share of Discord's pace (several processes: bot.sharding) takes as many rows a pass
        # as it sends in the time one process would, so a busy resolution spreads over all of them
        share = getattr(bot, "delivery_share", 1.0)
        self.worker.claim_limit = max(20, round(self.worker.claim_limit * share))
        self.wake = asyncio.Event()  # the delivery loop's
        self.wake_deadlines = asyncio.Event()
        self.tasks: list[asyncio.Task] = []

    def start(self) -> None:
        settings = self.bot.settings
        self.tasks = [
            asyncio.create_task(
                self._every(settings.poll_seconds, self.deadlines, self.wake_deadlines), name="brbot-deadlines"
            ),
            asyncio.create_task(
                self._every(settings.delivery_seconds, self.deliver, self.wake, ready=True), name="brbot-delivery"
            ),
        ]

    def kick(self) -> None:
        """Deliver now: something was written to the outbox."""
        self.wake.set()

    def look(self) -> None:
        """Look for due games now: a command may have made a step ready (`bot.services.base.due`)."""
        self.wake_deadlines.set()

    async def deadlines(self) -> None:
        report = await scheduler.tick(self.bot.db, self.bot.clock(), self.bot.settings.reminder_hours)
        for game_id, day in report.resolved:
            log.info("game %s: day %s resolved by its deadline", game_id, day)
        for game_id, error in report.failed:
            log.error("game %s could not be resolved: %s", game_id, error)
        if report.resolved or report.reminders or report.mustered:
            self.kick()

    async def deliver(self) -> None:
        """A delivery pass, and at once another while a pass took all it could (a big resolution), rather than
        waiting for the next tick between them."""
        busy = True
        while busy:
            busy = (await self.worker.run_once()).claimed >= self.worker.claim_limit

    async def _every(
        self, seconds: float, job: Callable[[], Awaitable[None]], wake: asyncio.Event, ready: bool = False
    ) -> None:
        """`job` every `seconds`, or at once when `wake` is set; with `ready`, only once the bot is connected."""
        if ready:
            await self.bot.wait_until_ready()
        while True:
            wake.clear()  # a wake set while the job runs brings the next pass forward
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:  # one bad pass never stops the loop, and no wake hurries the next one
                log.exception("%s failed; trying again in %ss", job.__name__, seconds)
                await asyncio.sleep(seconds)
                continue
            # not asyncio.wait_for: on 3.11 it can swallow a cancel that arrives as the wait ends
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(seconds):
                    await wake.wait()

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self.tasks:
            _, pending = await asyncio.wait(self.tasks, timeout=10)
            for task in pending:
                log.error("%s did not stop within 10 s of being cancelled", task.get_name())
        self.tasks = []

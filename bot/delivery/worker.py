"""The outbox worker: claims due rows, renders them, sends them in order per target, records the outcome.

The bot's loop calls `await OutboxWorker(bot.db, DiscordCourier(bot), bot.clock).run_once()` every few
seconds (or runs `run_forever`). One pass:
1. claims due rows (`store.claim`: marked `sending` with a lease, the bot's 40 seconds by default
   (`BRBOT_DELIVERY_LEASE_SECONDS`), renewed every quarter of it while the pass runs, so a crash mid-send is
   retried by any process within the minute with the same nonces, well inside the few minutes for which
   Discord drops the duplicates), and renders each row's texts in its reader's language (`readers`);
2. groups and renders them (`render`): a resolution's public rows become one post, a Components V2 message
   (several beyond Discord's limits) with the picture after the step for a game that shows one (drawn as it
   is sent, `pictures`);
3. delivers each target's parcels in id order, one at a time per target (channel, DM, moderators), every
   target at once: the courier keeps the whole within Discord's global rate limit (`pace`), and discord.py
   keeps each channel within its own (it waits when the headers say the channel's bucket is empty), so a
   night goes out about as fast as Discord's limits allow (`brbot bench`: delivery_vs_floor). A refused DM goes to
   the player's private thread in the game channel (opened once, the moderators told); moderator notes go
   to the game's moderator channel or, without one, to the game's creator by DM, or when the creator's DMs
   are closed to a private moderators' thread (`threads`); a `group` row brings a game's private group in
   line (its private thread and members, or the DM fallback: `groups`), a `lobby` row a game's sign-up message
   (posted once, then edited, at most once a second: `lobby`);
4. marks each parcel sent; a transient failure (5xx, 429, network) is retried with exponential backoff and
   holds back that target's later rows; a permanent one (other 4xx), or the last attempt, marks the rows
   failed and tells the moderators (once per player when no private thread can be opened). A failing row
   never stops the others, and nothing here raises.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.db.session import Database
from bot.delivery import group_store, pictures, readers, store
from bot.delivery.courier import (
    Courier,
    Undeliverable,
    describe,
    is_transient,
    is_unexpected,
)
from bot.delivery.groups import Groups
from bot.delivery.lobby import Lobbies
from bot.delivery.render import Outgoing, Parcel, group, render_parcel
from bot.delivery.threads import ThreadRefused, Threads
from bot.delivery.written import escape_rows
from bot.languages import ENGLISH
from bot.ui.text import ui

log = logging.getLogger(__name__)

CLAIM_LIMIT = 200  # rows one pass takes
GROUP = "group"  # the target of a row that brings a game's private group in line (`groups`)
GROUP_POST = "group_post"  # the target of a message into a group's private thread (`group_store.thread_of`)
LOBBY = "lobby"  # the target of a row that brings a game's lobby message in line (`lobby`)


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class DeliveryReport:
    """What one pass did, in rows (messages: Discord messages sent)."""

    claimed: int = 0
    sent: int = 0
    retried: int = 0
    failed: int = 0
    messages: int = 0
    threads_opened: int = 0


@dataclass
class _Pass:
    """The rows one pass still holds (claimed, not yet recorded) and when their lease was last renewed."""

    held: set[int]
    renewed_at: datetime


class OutboxWorker:
    """Delivers the outbox. `lease`: how long claimed rows stay this worker's without a renewal; while a pass
    runs they are renewed every `heartbeat` seconds (a quarter of the lease), so only a dead process lets
    them go. Kept well inside the few minutes for which Discord honours `enforce_nonce` (docs/bot.md).
    `concurrency`: at most this many targets at once (None: all of them; the courier paces the requests)."""

    def __init__(
        self,
        db: Database,
        courier: Courier,
        clock: Callable[[], datetime] = utcnow,
        *,
        lease: timedelta = timedelta(seconds=60),
        heartbeat: float | None = None,
        max_attempts: int = 10,
        first_delay: timedelta = timedelta(seconds=15),
        max_delay: timedelta = timedelta(minutes=30),
        concurrency: int | None = None,
        remember_closed_dms: timedelta = timedelta(hours=1),
    ) -> None:
        self.db = db
        self.courier = courier
        self.clock = clock
        self.lease = lease
        self.heartbeat = heartbeat if heartbeat is not None else lease.total_seconds() / 4
        self.max_attempts = max_attempts
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.concurrency = concurrency
        self.claim_limit = CLAIM_LIMIT
        self.threads = Threads(db, courier, clock, remember_closed_dms)
        self.groups = Groups(db, courier, clock, remember_closed_dms)
        self.lobbies = Lobbies(db, courier, clock)

    async def run_once(self, limit: int | None = None) -> DeliveryReport:
        """One pass over the due rows (at most `claim_limit`, or `limit`, more only to keep a resolution post whole);
        never raises (errors are logged and recorded on the rows)."""
        limit = limit or self.claim_limit
        report = DeliveryReport()
        claimed_at = self.clock()
        try:
            rows = await store.claim(self.db, claimed_at, limit, self.lease)
        except Exception:
            log.exception("could not claim outbox rows")
            return report
        try:
            languages = await readers.localize(self.db, rows, self.threads.notes_by_dm)  # in its reader's language
        except Exception:  # the English, as stored, rather than nothing
            log.exception("could not tell the readers' languages of outbox rows")
            languages = {}
        try:
            await escape_rows(self.db, rows)
        except Exception:
            log.exception("could not claim outbox rows")
            return report
        report.claimed = len(rows)
        by_target: dict[tuple, list[Parcel]] = {}
        for rows_of_parcel in group(rows):
            parcel = Parcel(list(rows_of_parcel), language=languages.get(rows_of_parcel[0].id, ENGLISH))
            by_target.setdefault(parcel.key, []).append(parcel)
        gate = asyncio.Semaphore(self.concurrency or max(len(by_target), 1))
        this_pass = _Pass({row.id for row in rows}, claimed_at)
        keeper = asyncio.create_task(self._keep_leased(this_pass))
        try:
            await asyncio.gather(
                *(self._deliver_target(parcels, report, gate, this_pass) for parcels in by_target.values())
            )
        finally:  # asyncio.wait, not `await keeper`: a cancel of this pass arriving now must not be swallowed
            keeper.cancel()
            await asyncio.wait([keeper])
        return report

    async def _keep_leased(self, this_pass: _Pass) -> None:
        """While the pass runs, renew the lease of the rows it holds: a send that takes long (discord.py
        sleeping through a 429, a slow network) is not taken for a crash by another process."""
        while True:
            await asyncio.sleep(self.heartbeat)
            await self._renew(this_pass)

    async def _renew(self, this_pass: _Pass) -> None:
        if this_pass.held:
            try:
                await store.renew_lease(self.db, list(this_pass.held), self.clock() + self.lease)
                this_pass.renewed_at = self.clock()
            except Exception:  # the next renewal or the lease itself settles it
                log.exception("could not renew the lease of outbox rows")

    async def run_forever(self, interval: float = 5.0) -> None:
        """Pass after pass until cancelled; a busy outbox is drained without waiting in between."""
        while True:
            report = await self.run_once()
            if report.claimed == 0:
                await asyncio.sleep(interval)

    async def _deliver_target(
        self, parcels: list[Parcel], report: DeliveryReport, gate: asyncio.Semaphore, this_pass: _Pass
    ) -> None:
        async with gate:
            for index, parcel in enumerate(parcels):
                try:
                    if self.clock() - this_pass.renewed_at > self.lease / 2:  # a slow pass: keep the rows ours
                        await self._renew(this_pass)
                    go_on = await self._deliver(parcel, report)
                except Exception:  # the database failed while recording: the lease brings the rows back
                    log.exception("delivery of outbox rows %s not recorded", parcel.ids)
                    go_on = False
                finally:
                    this_pass.held.difference_update(parcel.ids)
                if not go_on:
                    later = [row_id for p in parcels[index + 1 :] for row_id in p.ids]
                    this_pass.held.difference_update(later)
                    try:
                        await store.release(self.db, later)
                    except Exception:
                        log.exception("could not release outbox rows %s", later)
                    return

    async def _deliver(self, parcel: Parcel, report: DeliveryReport) -> bool:
        """Send one parcel and record the outcome; False if this target must wait for a retry."""
        try:
            parcel.messages = render_parcel(parcel.rows, parcel.language)
            await self._send(parcel, report)
        except Exception as error:
            return await self._record_failure(parcel, error, report)
        await store.mark_sent(self.db, parcel.ids, self.clock())
        report.sent += len(parcel.rows)
        return True

    async def _send(self, parcel: Parcel, report: DeliveryReport) -> None:
        opened = self.threads.opened + self.groups.opened
        try:
            if parcel.first.target == GROUP:  # a game's private group to bring in line: no message of its own
                for row in parcel.rows:
                    await self.groups.sync(row.game_id, row.payload or {})
            elif parcel.first.target == LOBBY:  # a game's lobby message: posted once, then edited
                await self.lobbies.sync(parcel.rows[-1])
            else:
                await self._send_parts(parcel, report)
        finally:
            report.threads_opened += self.threads.opened + self.groups.opened - opened

    async def _send_parts(self, parcel: Parcel, report: DeliveryReport) -> None:
        send = await self._route(parcel)
        done = max(row.parts_sent or 0 for row in parcel.rows)
        for index in range(done, len(parcel.messages)):
            message: Outgoing = parcel.messages[index]
            if message.picture is not None:  # drawn now, from the step's stored state, into the post's message
                message = await pictures.attach(self.db, message)
            await send(message)
            report.messages += 1
            if index + 1 < len(parcel.messages):
                await store.mark_progress(self.db, parcel.ids, index + 1)

    async def _route(self, parcel: Parcel):
        """The coroutine function that sends one message of this parcel where it belongs."""
        row = parcel.first
        if row.target == "channel":
            if row.target_id is None:
                raise Undeliverable("the game has no channel")
            return lambda message: self.courier.post(row.target_id, message)
        if row.target == "dm":
            if row.target_id is None:
                raise Undeliverable("a direct message without a user")
            return lambda message: self.threads.dm(row.game_id, row.target_id, message)
        if row.target == "moderators":
            return await self.threads.moderators(row.game_id)
        if row.target == GROUP_POST:  # into a group's private thread (the dead's: `services.spectators`)
            thread_id = await group_store.thread_of(self.db, row.game_id, (row.payload or {}).get("group", ""))
            return lambda message: self.courier.post(thread_id, message)
        raise Undeliverable(f"unknown target {row.target!r}")

    async def _record_failure(self, parcel: Parcel, error: Exception, report: DeliveryReport) -> bool:
        row, reason = parcel.first, describe(error)
        attempts = max(r.attempts or 0 for r in parcel.rows)
        if is_transient(error) and attempts < self.max_attempts:
            delay = min(self.first_delay * 2 ** max(attempts - 1, 0), self.max_delay)
            log.warning(
                "outbox rows %s: %s; retry %d in %s",
                parcel.ids,
                reason,
                attempts,
                delay,
                exc_info=error if is_unexpected(error) else None,
            )
            await store.mark_retry(self.db, parcel.ids, self.clock() + delay, reason)
            report.retried += len(parcel.rows)
            return False
        log.error(
            "outbox rows %s failed after %d attempt(s): %s",
            parcel.ids,
            attempts,
            reason,
            exc_info=error if is_unexpected(error) else None,
        )
        if isinstance(error, ThreadRefused):  # one note naming the missing permissions, never the message
            await store.mark_failed(self.db, parcel.ids, reason, lambda game: error.note, once=error.once)
            report.failed += len(parcel.rows)
            return True
        note = None
        if row.target != "moderators":  # a note about a failed note could fail the same way: only logged
            where = {"dm": ui("delivery_where_dm", user_id=row.target_id), GROUP: ui("delivery_where_group")}.get(
                row.target, ui("delivery_where_channel")
            )
            note = lambda game: ui("delivery_failed", where=where, game=game.name, row=row.id, error=reason)  # noqa: E731
        await store.mark_failed(self.db, parcel.ids, reason, note)
        report.failed += len(parcel.rows)
        return True

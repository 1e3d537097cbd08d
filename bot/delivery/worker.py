"""The outbox worker: claims due rows, renders them, sends them in order per target, records the outcome.

The bot's loop calls `await OutboxWorker(bot.db, DiscordCourier(bot), bot.clock).run_once()` every few
seconds (or runs `run_forever`). One pass:
1. claims due rows (`store.claim`: marked `sending` with a lease, so a crash mid-send is retried later
   with the same nonces and Discord drops the duplicates);
2. groups and renders them (`render`): a night's public rows become one post;
3. delivers each target's parcels in id order (targets in parallel, a few at a time). A refused DM goes to
   the player's private thread in the game channel (opened once, the moderators told); moderator notes go
   to the game's moderator channel or, without one, to the game's creator by DM;
4. marks each parcel sent; a transient failure (5xx, 429, network) is retried with exponential backoff and
   holds back that target's later rows; a permanent one (other 4xx), or the last attempt, marks the rows
   failed and tells the moderators. A failing row never stops the others, and nothing here raises.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from bot.db.session import Database
from bot.delivery import store
from bot.delivery.courier import (
    Courier, DMRefused, Undeliverable, describe, is_transient, is_unexpected, is_unknown_channel,
)
from bot.delivery.render import Outgoing, Parcel, group, message_nonce, render_parcel
from bot.ui.text import ui

log = logging.getLogger(__name__)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class DeliveryReport:
    """What one pass did, in rows (messages: Discord messages sent)."""

    claimed: int = 0
    sent: int = 0
    retried: int = 0
    failed: int = 0
    messages: int = 0
    threads_opened: int = 0


class OutboxWorker:
    def __init__(self, db: Database, courier: Courier, clock: Callable[[], datetime] = utcnow, *,
                 lease: timedelta = timedelta(minutes=2), max_attempts: int = 10,
                 first_delay: timedelta = timedelta(seconds=15), max_delay: timedelta = timedelta(minutes=30),
                 concurrency: int = 4, remember_closed_dms: timedelta = timedelta(hours=1)) -> None:
        self.db = db
        self.courier = courier
        self.clock = clock
        self.lease = lease
        self.max_attempts = max_attempts
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.concurrency = concurrency
        self.remember_closed_dms = remember_closed_dms
        self._dms_closed: dict[int, datetime] = {}  # user id -> when a DM was last refused

    async def run_once(self, limit: int = 200) -> DeliveryReport:
        """One pass over the due rows; never raises (errors are logged and recorded on the rows)."""
        report = DeliveryReport()
        claimed_at = self.clock()
        try:
            rows = await store.claim(self.db, claimed_at, limit, self.lease)
        except Exception:
            log.exception("could not claim outbox rows")
            return report
        report.claimed = len(rows)
        by_target: dict[tuple, list[Parcel]] = {}
        for rows_of_parcel in group(rows):
            parcel = Parcel(list(rows_of_parcel))
            by_target.setdefault(parcel.key, []).append(parcel)
        gate = asyncio.Semaphore(self.concurrency)
        await asyncio.gather(*(self._deliver_target(parcels, report, gate, claimed_at)
                               for parcels in by_target.values()))
        return report

    async def run_forever(self, interval: float = 5.0) -> None:
        """Pass after pass until cancelled; a busy outbox is drained without waiting in between."""
        while True:
            report = await self.run_once()
            if report.claimed == 0:
                await asyncio.sleep(interval)

    async def _deliver_target(self, parcels: list[Parcel], report: DeliveryReport, gate: asyncio.Semaphore,
                              claimed_at: datetime) -> None:
        async with gate:
            for index, parcel in enumerate(parcels):
                try:
                    if self.clock() - claimed_at > self.lease / 2:  # a slow pass: keep the rows ours
                        await store.renew_lease(self.db, parcel.ids, self.clock() + self.lease)
                    go_on = await self._deliver(parcel, report)
                except Exception:  # the database failed while recording: the lease brings the rows back
                    log.exception("delivery of outbox rows %s not recorded", parcel.ids)
                    go_on = False
                if not go_on:
                    later = [row_id for p in parcels[index + 1:] for row_id in p.ids]
                    try:
                        await store.release(self.db, later)
                    except Exception:
                        log.exception("could not release outbox rows %s", later)
                    return

    async def _deliver(self, parcel: Parcel, report: DeliveryReport) -> bool:
        """Send one parcel and record the outcome; False if this target must wait for a retry."""
        try:
            parcel.messages = render_parcel(parcel.rows)
            await self._send(parcel, report)
        except Exception as error:
            return await self._record_failure(parcel, error, report)
        await store.mark_sent(self.db, parcel.ids, self.clock())
        report.sent += len(parcel.rows)
        return True

    async def _send(self, parcel: Parcel, report: DeliveryReport) -> None:
        send = await self._route(parcel, report)
        done = max(row.parts_sent or 0 for row in parcel.rows)
        for index in range(done, len(parcel.messages)):
            await send(parcel.messages[index])
            report.messages += 1
            if index + 1 < len(parcel.messages):
                await store.mark_progress(self.db, parcel.ids, index + 1)

    async def _route(self, parcel: Parcel, report: DeliveryReport):
        """The coroutine function that sends one message of this parcel where it belongs."""
        row = parcel.first
        if row.target == "channel":
            if row.target_id is None:
                raise Undeliverable("the game has no channel")
            return lambda message: self.courier.post(row.target_id, message)
        if row.target == "dm":
            if row.target_id is None:
                raise Undeliverable("a direct message without a user")
            return lambda message: self._dm(row.game_id, row.target_id, message, report)
        if row.target == "moderators":
            where = await store.moderator_destination(self.db, row.game_id)
            if where is None:
                raise Undeliverable("no moderator channel is set and the game's creator is unknown")
            kind, target_id = where
            if kind == "channel":
                return lambda message: self.courier.post(target_id, message)
            return lambda message: self.courier.dm(target_id, message)
        raise Undeliverable(f"unknown target {row.target!r}")

    async def _dm(self, game_id: int, user_id: int, message: Outgoing, report: DeliveryReport) -> None:
        """A DM, or while the user's DMs are closed, a post in their private thread in the game channel."""
        refused_at = self._dms_closed.get(user_id)
        if refused_at is None or self.clock() - refused_at > self.remember_closed_dms:
            try:
                await self.courier.dm(user_id, message)
                self._dms_closed.pop(user_id, None)
                return
            except DMRefused:
                self._dms_closed[user_id] = self.clock()
                log.info("user %s has DMs closed; using the private thread (game %s)", user_id, game_id)
        thread_id = await self._thread(game_id, user_id, report)
        try:
            await self.courier.post(thread_id, message)
        except Exception as error:
            if not is_unknown_channel(error):
                raise
            log.warning("private thread %s of user %s is gone; opening a new one", thread_id, user_id)
            await store.save_thread(self.db, game_id, user_id, None)
            await self.courier.post(await self._thread(game_id, user_id, report), message)

    async def _thread(self, game_id: int, user_id: int, report: DeliveryReport) -> int:
        info = await store.thread_info(self.db, game_id, user_id)
        if info is None:
            raise Undeliverable(f"DMs closed and user {user_id} is not a player of the game")
        if info.thread_id is not None:
            return info.thread_id
        if info.channel_id is None:
            raise Undeliverable("DMs closed and the game has no channel for a private thread")
        thread_id = await self.courier.open_private_thread(
            info.channel_id, user_id, ui("delivery_thread_name", game=info.game_name, player=info.player_name))
        await store.save_thread(self.db, game_id, user_id, thread_id, note=ui(
            "delivery_dms_closed", player=info.player_name, user_id=user_id, game=info.game_name,
            thread_id=thread_id))
        report.threads_opened += 1
        intro = ui("delivery_thread_intro", mention=f"<@{user_id}>", game=info.game_name)
        await self.courier.post(thread_id, Outgoing(nonce=message_nonce([str(thread_id)], 0), content=intro,
                                                    mention_user_ids=(user_id,)))
        return thread_id

    async def _record_failure(self, parcel: Parcel, error: Exception, report: DeliveryReport) -> bool:
        row, reason = parcel.first, describe(error)
        attempts = max(r.attempts or 0 for r in parcel.rows)
        if is_transient(error) and attempts < self.max_attempts:
            delay = min(self.first_delay * 2 ** max(attempts - 1, 0), self.max_delay)
            log.warning("outbox rows %s: %s; retry %d in %s", parcel.ids, reason, attempts, delay,
                        exc_info=error if is_unexpected(error) else None)
            await store.mark_retry(self.db, parcel.ids, self.clock() + delay, reason)
            report.retried += len(parcel.rows)
            return False
        log.error("outbox rows %s failed after %d attempt(s): %s", parcel.ids, attempts, reason,
                  exc_info=error if is_unexpected(error) else None)
        note = None
        if row.target != "moderators":  # a note about a failed note could fail the same way: only logged
            where = ui("delivery_where_dm", user_id=row.target_id) if row.target == "dm" else \
                ui("delivery_where_channel")
            note = lambda game: ui("delivery_failed", where=where, game=game.name, row=row.id, error=reason)  # noqa: E731
        await store.mark_failed(self.db, parcel.ids, reason, note)
        report.failed += len(parcel.rows)
        return True

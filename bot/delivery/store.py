"""The outbox's bookkeeping in the database: claiming due rows, recording what happened to them, and the
little the fallbacks need to know (a player's private thread, where moderator notes go).

A row's life: `pending` -> (claimed) `sending` -> `sent`, or back to `pending` with a later
`next_attempt_at` (a transient failure), or `failed`. One more status, `held`, is never claimed: the
introduction of a private thread the bot opened, written in the same transaction that saves the thread's id
(so a thread is never lost, whatever fails next) and marked `sent` once the member is added and the
introduction posted. A thread whose introduction is still `held` is half set up, and the next attempt
finishes it instead of opening another. While a row is `sending`, `next_attempt_at` is the end
of its lease: if the process dies mid-send, the row is due again when the lease runs out and is sent with
the same nonce. Every short transaction here is separate from the Discord calls.

Order per target: a row is not claimed while an earlier row for the same (game, target, target id) waits
for a retry or is being sent, so a retried resolution post never arrives after the next one. On PostgreSQL the
claim takes a transaction-level advisory lock (claims are a few milliseconds) and `FOR UPDATE SKIP LOCKED`,
so two bot processes never take the same row.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, exists, or_, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from bot.db.models import AuditLog, Game, Outbox, Player
from bot.db.session import Database
from bot.delivery.render import GROUPED, continues_group, target_key
from bot.languages.stored import row_keys

CLAIM_LOCK_KEY = 0x62726F7574  # pg_advisory_xact_lock key of outbox claims ("brout")
LIVE = ("pending", "sending")


def _due(now: datetime):
    return or_(
        and_(Outbox.status == "pending", or_(Outbox.next_attempt_at.is_(None), Outbox.next_attempt_at <= now)),
        and_(Outbox.status == "sending", Outbox.next_attempt_at <= now),
    )


def _waits_behind_earlier(now: datetime):
    earlier = aliased(Outbox)
    return exists().where(
        earlier.game_id == Outbox.game_id,
        earlier.target == Outbox.target,
        earlier.target_id.is_not_distinct_from(Outbox.target_id),
        earlier.id < Outbox.id,
        earlier.status.in_(LIVE),
        earlier.next_attempt_at > now,
    )


async def claim(db: Database, now: datetime, limit: int, lease: timedelta) -> list[Outbox]:
    """Take up to `limit` due rows (more if needed so no resolution post is cut in two), mark them `sending`
    until `now + lease`, count the attempt; returns them detached, in id order."""
    async with db.transaction() as session:
        postgres = session.get_bind().dialect.name == "postgresql"
        if postgres:
            await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": CLAIM_LOCK_KEY})
        query = select(Outbox).where(_due(now), ~_waits_behind_earlier(now)).order_by(Outbox.id).limit(limit)
        if postgres:
            query = query.with_for_update(skip_locked=True)
        rows = list((await session.execute(query)).scalars())
        if rows and len(rows) >= limit:
            more, left = await _rest_of_posts(session, rows, now, postgres)
            rows = sorted((row for row in rows + more if row.id not in left), key=lambda row: row.id)
        for row in rows:
            row.status = "sending"
            row.attempts = (row.attempts or 0) + 1
            row.next_attempt_at = now + lease
    return rows


async def _rest_of_posts(session, rows: list[Outbox], now: datetime, postgres: bool) -> tuple[list[Outbox], set[int]]:
    """The rows that complete each resolution's post or DM the limit cut off, and the ids of `rows` to leave
    for a later pass. The rest is taken however long, and due like the rest of a claim: pending, or `sending`
    with the lease of a dead process run out (a survivor taking over a post may find it either way). On
    PostgreSQL a post whose rest another transaction holds locked is left out whole: a pass never holds part
    of a post, since a part sent alone would be a message of its own, or taken for a duplicate of the post's
    first message (the same nonce) and dropped."""
    last: dict[tuple, Outbox] = {}
    for row in rows:
        if row.target in GROUPED:
            last[target_key(row)] = row
    more: list[Outbox] = []
    left: set[int] = set()
    for row in last.values():
        query = (
            select(Outbox)
            .where(
                Outbox.game_id == row.game_id,
                Outbox.target == row.target,
                Outbox.target_id.is_not_distinct_from(row.target_id),
                Outbox.id > row.id,
                _due(now),
            )
            .order_by(Outbox.id)
        )
        rest, previous = [], row
        for candidate in (await session.execute(query)).scalars():
            if not continues_group(previous, candidate):
                break
            rest.append(candidate)
            previous = candidate
        if postgres and rest and not await _lock_all(session, [candidate.id for candidate in rest], now):
            left.update(head.id for head in _head_of_post(rows, row))
            continue
        more += rest
    return more, left


async def _lock_all(session, ids: list[int], now: datetime) -> bool:
    """Lock these rows if every one is free and still due (PostgreSQL; the rows are refreshed)."""
    query = (
        select(Outbox)
        .where(Outbox.id.in_(ids), _due(now))
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return len((await session.execute(query)).scalars().all()) == len(ids)


def _head_of_post(rows: list[Outbox], last: Outbox) -> list[Outbox]:
    """The rows of `rows` (in id order) in the same post as `last`, the last of its target among them."""
    same = [row for row in rows if target_key(row) == target_key(last)]
    head = [last]
    for earlier in reversed(same[:-1]):
        if not continues_group(earlier, head[0]):
            break
        head.insert(0, earlier)
    return head


async def _set(db: Database, ids: Sequence[int], **values) -> None:
    if ids:
        async with db.transaction() as session:
            await session.execute(
                update(Outbox).where(Outbox.id.in_(list(ids)), Outbox.status == "sending").values(**values)
            )


async def renew_lease(db: Database, ids: Sequence[int], until: datetime) -> None:
    await _set(db, ids, next_attempt_at=until)


async def mark_sent(db: Database, ids: Sequence[int], now: datetime) -> None:
    await _set(db, ids, status="sent", sent_at=now, next_attempt_at=None, last_error=None)


async def mark_progress(db: Database, ids: Sequence[int], parts_sent: int) -> None:
    """How many messages of a split post are out (a retry starts after them)."""
    await _set(db, ids, parts_sent=parts_sent)


async def mark_retry(db: Database, ids: Sequence[int], at: datetime, error: str) -> None:
    await _set(db, ids, status="pending", next_attempt_at=at, last_error=error)


async def release(db: Database, ids: Sequence[int]) -> None:
    """Claimed rows not tried this time (an earlier row to the same target must be retried first)."""
    await _set(db, ids, status="pending", next_attempt_at=None, attempts=Outbox.attempts - 1)


async def mark_failed(
    db: Database, ids: Sequence[int], error: str, note: Callable[[Game], str] | None = None, once: str | None = None
) -> None:
    """Give up on the rows; with `note`, also write a moderators row (in the same transaction). With
    `once`, the note is written only the first time for that key (one note however many rows fail)."""
    try:
        await _mark_failed(db, ids, error, note, once)
    except IntegrityError:  # another process wrote the same once-note first
        await _mark_failed(db, ids, error, None, None)


async def _mark_failed(db: Database, ids: Sequence[int], error: str, note, once: str | None) -> None:
    async with db.transaction() as session:
        await session.execute(
            update(Outbox)
            .where(Outbox.id.in_(list(ids)), Outbox.status == "sending")
            .values(status="failed", next_attempt_at=None, last_error=error)
        )
        if note is None:
            return
        nonce = keyed_nonce("once", once) if once is not None else secrets.token_hex(12)
        if once is not None and (await session.execute(select(Outbox.id).where(Outbox.nonce == nonce))).first():
            return
        first = await session.get(Outbox, ids[0])
        game = await session.get(Game, first.game_id) if first is not None else None
        if game is None:  # the rows or their game are gone: there is nothing to tell anyone about
            return
        session.add(
            Outbox(
                game_id=game.id,
                target="moderators",
                target_id=None,
                text=note(game),
                keyed=row_keys(note(game)),
                nonce=nonce,
                payload={"kind": "delivery_failed", "outbox": ids[0]},
            )
        )


def keyed_nonce(*key: object) -> str:
    """A row nonce that is the same for the same key (<= 25 characters): a row written at most once."""
    return "k" + hashlib.sha256(":".join(map(str, key)).encode()).hexdigest()[:24]


def tell_moderators(session, game_id: int, text_: str, payload: dict) -> None:
    session.add(
        Outbox(
            game_id=game_id,
            target="moderators",
            target_id=None,
            text=text_,
            keyed=row_keys(text_),
            payload=payload,
            nonce=secrets.token_hex(12),
        )
    )


@dataclass
class ThreadInfo:
    thread_id: int | None
    channel_id: int | None
    game_name: str
    player_name: str
    setting_up: bool = False  # opened, but its member or introduction may be missing


async def thread_info(db: Database, game_id: int, user_id: int) -> ThreadInfo | None:
    """The player's private fallback thread (if any) and where one would be opened; None if not a player."""
    async with db.read() as session:
        row = (
            await session.execute(
                select(Player, Game)
                .join(Game, Game.id == Player.game_id)
                .where(Player.game_id == game_id, Player.user_id == user_id)
            )
        ).first()
        if row is None:
            return None
        player, game = row
        setting_up = await _held(session, player.thread_id)
    return ThreadInfo(player.thread_id, game.channel_id, game.name, player.name, setting_up)


async def _held(session, thread_id: int | None) -> bool:
    if thread_id is None:
        return False
    status = (
        await session.execute(select(Outbox.status).where(Outbox.nonce == keyed_nonce("thread", thread_id)))
    ).scalar()
    return status == "held"


async def forget_moderators_thread(db: Database, game_id: int) -> None:
    """Discord refused to finish the moderators' thread the bot began (the game's moderator channel, its
    introduction still held): the game has no moderator channel again, and the introduction is given up."""
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        if game is None or not await _held(session, game.moderator_channel_id):
            return
        await session.execute(
            update(Outbox)
            .where(Outbox.nonce == keyed_nonce("thread", game.moderator_channel_id), Outbox.status == "held")
            .values(status="failed", last_error="the moderators' thread could not be set up")
        )
        game.moderator_channel_id = None


async def save_thread(db: Database, game_id: int, user_id: int, thread_id: int | None) -> None:
    """Forget (with None) or remember the player's private thread."""
    async with db.transaction() as session:
        await session.execute(
            update(Player).where(Player.game_id == game_id, Player.user_id == user_id).values(thread_id=thread_id)
        )


async def thread_opened(
    db: Database, game_id: int, thread_id: int, intro: str, member: int, user_id: int | None
) -> None:
    """A thread exists: remember it at once (the player's, or with `user_id` None the moderators' channel)
    with its introduction `held` until `thread_ready`."""
    async with db.transaction() as session:
        if user_id is not None:
            await session.execute(
                update(Player).where(Player.game_id == game_id, Player.user_id == user_id).values(thread_id=thread_id)
            )
        else:
            await session.execute(update(Game).where(Game.id == game_id).values(moderator_channel_id=thread_id))
        session.add(
            Outbox(
                game_id=game_id,
                target="channel",
                target_id=thread_id,
                text=intro,
                keyed=row_keys(intro),
                status="held",
                payload={"kind": "thread_intro", "user": member},
                nonce=keyed_nonce("thread", thread_id),
            )
        )


async def thread_ready(
    db: Database, game_id: int, thread_id: int, now: datetime, note: str | None, payload: dict
) -> None:
    """The member is in and the introduction posted: the introduction is sent; with `note`, tell the moderators."""
    async with db.transaction() as session:
        await session.execute(
            update(Outbox)
            .where(Outbox.nonce == keyed_nonce("thread", thread_id), Outbox.status == "held")
            .values(status="sent", sent_at=now)
        )
        if note is not None:
            tell_moderators(session, game_id, note, payload)


@dataclass
class Moderators:
    """Where moderator notes go: the moderator channel (which may be a thread the bot opened and has not
    finished setting up), else the game's creator by DM, else nowhere known."""

    channel_id: int | None
    setting_up: bool
    creator: int | None
    game_channel_id: int | None
    game_name: str


async def moderator_destination(db: Database, game_id: int) -> Moderators | None:
    """Where moderator notes go: the game's moderator channel when set, else the game's creator (from the
    audit log) by DM; None if the game is gone."""
    async with db.read() as session:
        game = await session.get(Game, game_id)
        if game is None:
            return None
        creator = (
            await session.execute(
                select(AuditLog.actor_id)
                .where(AuditLog.game_id == game_id, AuditLog.action == "create")
                .order_by(AuditLog.id)
                .limit(1)
            )
        ).scalar()
        setting_up = await _held(session, game.moderator_channel_id)
    return Moderators(game.moderator_channel_id, setting_up, creator, game.channel_id, game.name)

"""The database side of a game's private groups for delivery (`bot.delivery.groups`): what a group should be
(`members`, written by the services) against what delivery has done (`joined`, the thread, its introduction,
a refusal), each step recorded in its own short transaction as soon as Discord has done it, so a crash or a
restart goes on from there instead of opening a second thread."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update

from bot.db.models import Game, GameGroup, Outbox
from bot.db.session import Database
from bot.delivery.store import keyed_nonce
from bot.languages.stored import row_keys


@dataclass
class GroupInfo:
    id: int
    game_id: int
    key: str
    members: list[int]
    joined: list[int]
    thread_id: int | None
    introduced: bool
    refused_at: datetime | None
    channel_id: int | None
    game_name: str


async def group_info(db: Database, game_id: int, key: str) -> GroupInfo | None:
    """The group as stored now; None if the game or the group is gone."""
    async with db.read() as session:
        row = (
            await session.execute(
                select(GameGroup, Game)
                .join(Game, Game.id == GameGroup.game_id)
                .where(GameGroup.game_id == game_id, GameGroup.key == key)
            )
        ).first()
    if row is None:
        return None
    group, game = row
    return GroupInfo(
        group.id,
        game_id,
        key,
        sorted(group.members or []),
        sorted(group.joined or []),
        group.thread_id,
        bool(group.introduced),
        group.refused_at,
        game.channel_id,
        game.name,
    )


async def _update(db: Database, group_id: int, **values) -> None:
    async with db.transaction() as session:
        await session.execute(update(GameGroup).where(GameGroup.id == group_id).values(**values))


async def thread_opened(db: Database, group_id: int, thread_id: int) -> None:
    """Discord made the thread: keep it at once, nobody in it yet, not introduced, no refusal in force."""
    await _update(db, group_id, thread_id=thread_id, joined=[], introduced=False, refused_at=None)


async def forget_thread(db: Database, group_id: int) -> None:
    """The thread is gone (deleted): the next sync opens another."""
    await _update(db, group_id, thread_id=None, joined=[], introduced=False)


async def set_joined(db: Database, group_id: int, joined: list[int], introduced: bool | None = None) -> None:
    values: dict = {"joined": sorted(joined)}
    if introduced is not None:
        values["introduced"] = introduced
    await _update(db, group_id, **values)


async def refused(db: Database, group: GroupInfo, now: datetime, note: str) -> None:
    """Discord refused the thread: remember when, and tell the moderators once per game and group."""
    async with db.transaction() as session:
        await session.execute(update(GameGroup).where(GameGroup.id == group.id).values(refused_at=now))
        nonce = keyed_nonce("group-refused", group.game_id, group.key)
        if (await session.execute(select(Outbox.id).where(Outbox.nonce == nonce))).first() is None:
            session.add(
                Outbox(
                    game_id=group.game_id,
                    target="moderators",
                    target_id=None,
                    text=note,
                    keyed=row_keys(note),
                    payload={"kind": "group_refused", "group": group.key},
                    nonce=nonce,
                )
            )


async def told_by_dm(db: Database, group: GroupInfo, joined: list[int], messages: list[tuple[int, str]]) -> None:
    """The fallback: the members now let in are `joined`, and `messages` (user id, text) go out by DM."""
    async with db.transaction() as session:
        await session.execute(update(GameGroup).where(GameGroup.id == group.id).values(joined=sorted(joined)))
        for user_id, text in messages:
            session.add(
                Outbox(
                    game_id=group.game_id,
                    target="dm",
                    target_id=user_id,
                    text=text,
                    keyed=row_keys(text),
                    payload={"kind": "group_fallback", "group": group.key},
                    nonce=secrets.token_hex(12),
                )
            )


async def thread_of(db: Database, game_id: int, key: str) -> int:
    """The group's private thread, to post into; raises `NotYetOpen` while it has none (delivery retries), and
    `Undeliverable` when Discord refused it (the moderators are told of the failure)."""
    from bot.delivery.courier import NotYetOpen, Undeliverable

    group = await group_info(db, game_id, key)
    if group is None:
        raise Undeliverable(f"game {game_id} has no group {key!r}")
    if group.thread_id is None:
        if group.refused_at is not None:
            raise Undeliverable(f"the private thread of group {key!r} could not be opened")
        raise NotYetOpen(f"the private thread of group {key!r} is not open yet")
    return group.thread_id

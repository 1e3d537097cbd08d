"""A game's private groups on Discord: one private thread per group in the game channel, its members in line
with the game (the services' `group` outbox rows, `bot.services.people.groups`).

A sync row names a group; the worker reads what the group should be now (its `members`) and does what is
missing, whichever row asked: open the thread (private, not invitable, named by the game's front), keep its
id at once, post the introduction, add the members who joined and remove those who left, a line in the
thread saying who came and went. Each step is recorded as soon as Discord has done it, so a crash or a
restart goes on from there and never opens a second thread; adding a member already in changes nothing. A
sync with nothing to change looks the thread up, so a deleted thread is opened again (with everyone in it).
A private thread archived after a week of silence is reopened by the line posted before members are added.

When Discord refuses the thread (the bot lacks Create Private Threads in the channel), the group falls back
to DMs: the moderators are told once per group, each member gets a DM saying so, with the group's
introduction, and `/team say` relays their words to the others by DM. The thread is tried again at the first
sync an hour (the worker's `remember`) after the refusal; if it opens, everyone is added to it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

import discord

from bot.db.session import Database
from bot.delivery import group_store
from bot.delivery.courier import Courier, Undeliverable, describe, is_transient, is_unknown_channel
from bot.delivery.group_store import GroupInfo
from bot.delivery.render import Outgoing, message_nonce
from bot.ui.text import ui

log = logging.getLogger(__name__)

GONE_USER = (10007, 10013)  # Unknown Member, Unknown User: someone who left the server cannot be added


class Groups:
    """Brings a game's private groups in line on Discord. One per worker."""

    def __init__(self, db: Database, courier: Courier, clock: Callable[[], datetime], remember: timedelta) -> None:
        self.db = db
        self.courier = courier
        self.clock = clock
        self.remember = remember  # how long after a refusal the thread is not tried again
        self.opened = 0  # threads opened (for the pass's report)

    async def sync(self, game_id: int, payload: dict) -> None:
        """Do what group `payload["group"]` of the game still needs (the row's payload carries the front's
        title and introduction)."""
        group = await group_store.group_info(self.db, game_id, payload["group"])
        if group is None:
            return
        title, intro = payload.get("title") or group.key, payload.get("intro") or ""
        if group.thread_id is not None:
            try:
                await self._in_line(group, intro)
                return
            except discord.HTTPException as error:
                if not is_unknown_channel(error):
                    raise
            log.warning(
                "game %s: the thread %s of group %s is gone; opening another", game_id, group.thread_id, group.key
            )
            await group_store.forget_thread(self.db, group.id)
            group.thread_id, group.joined, group.introduced = None, [], False
        if not group.members:
            return
        if group.channel_id is None:
            raise Undeliverable("the game has no channel for its group's private thread")
        if group.refused_at is not None and self.clock() - group.refused_at <= self.remember:
            await self._by_dm(group, title, intro)
            return
        try:
            thread_id = await self.courier.open_private_thread(
                group.channel_id, ui("group_thread_name", game=group.game_name, group=title)
            )
        except discord.HTTPException as error:
            if is_transient(error):
                raise
            log.warning("game %s: no private thread for group %s: %s", game_id, group.key, describe(error))
            note = ui(
                "group_refused",
                group=title,
                game=group.game_name,
                channel_id=group.channel_id,
                error=describe(error),
            )
            await group_store.refused(self.db, group, self.clock(), note)
            await self._by_dm(group, title, intro)
            return
        await group_store.thread_opened(self.db, group.id, thread_id)
        self.opened += 1
        group.thread_id, group.joined, group.introduced, group.refused_at = thread_id, [], False, None
        await self._in_line(group, intro)

    async def _in_line(self, group: GroupInfo, intro: str) -> None:
        """Introduce the thread once, then add who joined and remove who left, saying so in the thread."""
        thread_id = group.thread_id
        assert thread_id is not None
        joining = [u for u in group.members if u not in group.joined]
        leaving = [u for u in group.joined if u not in group.members]
        if not group.introduced:
            await self.courier.post(thread_id, Outgoing(nonce=message_nonce([f"group:{thread_id}"], 0), content=intro))
        elif not joining and not leaving:
            await self.courier.check_thread(thread_id)
            return
        else:
            await self.courier.post(thread_id, _changes(thread_id, group.joined, joining, leaving))
        joined = list(group.joined)
        for user_id in joining:
            try:
                await self.courier.add_to_thread(thread_id, user_id)
            except discord.NotFound as error:
                if error.code not in GONE_USER:
                    raise
                log.warning(
                    "group %s of game %s: user %s cannot be added: %s",
                    group.key,
                    group.game_id,
                    user_id,
                    describe(error),
                )
                continue  # they left the server: the others are added, and they are tried again at the next sync
            joined.append(user_id)
            await group_store.set_joined(self.db, group.id, joined)
        for user_id in leaving:
            await self.courier.remove_from_thread(thread_id, user_id)
            joined.remove(user_id)
            await group_store.set_joined(self.db, group.id, joined)
        if not group.introduced:
            await group_store.set_joined(self.db, group.id, joined, introduced=True)

    async def _by_dm(self, group: GroupInfo, title: str, intro: str) -> None:
        """The fallback: each member not told yet gets a DM about `/team say`; who left is simply let go."""
        joining = [u for u in group.members if u not in group.joined]
        if not joining and group.joined == group.members:
            return
        text = ui("group_by_dm", group=title, game=group.game_name, intro=intro)
        await group_store.told_by_dm(self.db, group, group.members, [(u, text) for u in joining])


def _changes(thread_id: int, before: list[int], joining: list[int], leaving: list[int]) -> Outgoing:
    """The line that says who joins and who leaves (mentions that ping nobody); the same change, the same nonce."""
    parts = []
    if joining:
        parts.append(ui("group_joining", users=", ".join(f"<@{u}>" for u in joining)))
    if leaving:
        parts.append(ui("group_leaving", users=", ".join(f"<@{u}>" for u in leaving)))
    key = f"group:{thread_id}:{before}:{joining}:{leaving}"
    return Outgoing(nonce=message_nonce([key], 0), content=" ".join(parts))

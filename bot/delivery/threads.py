"""The fallbacks when a DM is refused: a private thread in the game channel, for a player or for the
moderators.

- A player whose DMs are closed gets their private messages in a private thread of the game channel that
  only they (and members with Manage Threads) can see. It is opened once and reused across days and
  restarts; a deleted one is opened again.
- Moderator notes go to the game's moderator channel or, without one, to a private "moderators" thread the
  bot opens in the game channel (at the start: the start's note opens it), with the game's creator added,
  and makes the game's moderator channel (`/game settings moderator_channel` shows and changes it). Only where
  Discord refuses the thread do they go to the creator by DM, so no note is only logged while the bot can
  still post in the game channel or DM the creator.

Opening a thread is two Discord calls (create it, add the member) and an introduction. The thread's id is
saved as soon as it exists, with its introduction `held` (`store.thread_opened`); the introduction is marked
sent only when the member is in and it is posted (`store.thread_ready`). Whatever fails in between, the next
attempt finishes that thread instead of opening another. When Discord refuses the thread (Missing
Permissions, Missing Access), the moderators get one note naming the permissions to give, whatever the
number of messages that could not go; the messages themselves fail without a note each.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

import discord

from bot.db.session import Database
from bot.delivery import store
from bot.delivery.courier import Courier, DMRefused, Undeliverable, describe, is_transient, is_unknown_channel
from bot.delivery.render import Outgoing, message_nonce
from bot.ui.text import ui

log = logging.getLogger(__name__)


class ThreadRefused(Undeliverable):
    """DMs are closed and Discord refused the private thread (a permission is missing): permanent."""

    def __init__(self, game_id: int, user_id: int, note: str, reason: str) -> None:
        super().__init__(f"DMs closed and no private thread could be opened: {reason}")
        self.game_id, self.user_id, self.note = game_id, user_id, note

    @property
    def once(self) -> str:
        """One note per player and game, however many messages fail."""
        return f"no-thread:{self.game_id}:{self.user_id}"


class Threads:
    """DMs with the private-thread fallback, and where moderator notes go. One per worker."""

    def __init__(self, db: Database, courier: Courier, clock: Callable[[], datetime], remember: timedelta) -> None:
        self.db = db
        self.courier = courier
        self.clock = clock
        self.remember = remember  # how long a refused DM or a refused thread is not tried again
        self.dms_closed: dict[int, datetime] = {}  # user id -> when a DM was last refused
        self.refused: dict[tuple[int, int], tuple[datetime, ThreadRefused]] = {}  # (game, user) -> last refusal
        self.moderators_refused: dict[int, datetime] = {}  # game -> when Discord last refused its moderators' thread
        self.opened = 0  # threads opened (for the pass's report)

    def notes_by_dm(self, game_id: int, moderator_channel_id: int | None, game_channel_id: int | None) -> bool:
        """Whether the game's moderator notes go to its creator's DMs now (as `moderators` routes them): no
        moderator channel, and no moderators' thread to be had (no game channel, or Discord refused it lately)."""
        if moderator_channel_id is not None:
            return False
        return game_channel_id is None or self._recent(self.moderators_refused.get(game_id))

    def _recent(self, when: datetime | None) -> bool:
        return when is not None and self.clock() - when <= self.remember

    async def dm(self, game_id: int, user_id: int, message: Outgoing) -> None:
        """A DM, or while the user's DMs are closed, a post in their private thread in the game channel."""
        if not self._recent(self.dms_closed.get(user_id)):
            try:
                await self.courier.dm(user_id, message)
                self.dms_closed.pop(user_id, None)
                return
            except DMRefused:
                self.dms_closed[user_id] = self.clock()
                log.info("user %s has DMs closed; using the private thread (game %s)", user_id, game_id)
        thread_id = await self.player_thread(game_id, user_id)
        try:
            await self.courier.post(thread_id, message)
        except Exception as error:
            if not is_unknown_channel(error):
                raise
            log.warning("private thread %s of user %s is gone; opening a new one", thread_id, user_id)
            await store.save_thread(self.db, game_id, user_id, None)
            await self.courier.post(await self.player_thread(game_id, user_id), message)

    async def player_thread(self, game_id: int, user_id: int) -> int:
        info = await store.thread_info(self.db, game_id, user_id)
        if info is None:
            raise Undeliverable(f"DMs closed and user {user_id} is not a player of the game")
        if info.thread_id is not None and not info.setting_up:
            return info.thread_id
        if info.channel_id is None:
            raise Undeliverable("DMs closed and the game has no channel for a private thread")
        last = self.refused.get((game_id, user_id))
        if last is not None and self._recent(last[0]):
            raise last[1]
        try:
            return await self._open(
                game_id,
                info.thread_id,
                info.channel_id,
                user_id,
                player=user_id,
                name=ui("delivery_thread_name", game=info.game_name, player=info.player_name),
                intro=ui("delivery_thread_intro", mention=f"<@{user_id}>", game=info.game_name),
                note=lambda thread: ui(
                    "delivery_dms_closed",
                    player=info.player_name,
                    user_id=user_id,
                    game=info.game_name,
                    thread_id=thread,
                ),
            )
        except discord.HTTPException as error:
            if is_transient(error):
                raise
            refusal = ThreadRefused(
                game_id,
                user_id,
                ui(
                    "delivery_no_thread",
                    player=info.player_name,
                    user_id=user_id,
                    game=info.game_name,
                    channel_id=info.channel_id,
                    error=describe(error),
                ),
                describe(error),
            )
            self.refused[(game_id, user_id)] = (self.clock(), refusal)
            raise refusal from error

    async def _open(
        self,
        game_id: int,
        thread_id: int | None,
        channel_id: int,
        member: int,
        *,
        player: int | None,
        name: str,
        intro: str,
        note: Callable[[int], str] | None,
    ) -> int:
        """Open the thread (unless a half set up one is given), save it, add the member, introduce it."""
        if thread_id is None:
            thread_id = await self.courier.open_private_thread(channel_id, name)
            await store.thread_opened(self.db, game_id, thread_id, intro, member, player)
            self.opened += 1
        await self.courier.add_to_thread(thread_id, member)
        await self.courier.post(
            thread_id, Outgoing(nonce=message_nonce([str(thread_id)], 0), content=intro, mention_user_ids=(member,))
        )
        await store.thread_ready(
            self.db,
            game_id,
            thread_id,
            self.clock(),
            note(thread_id) if note else None,
            {"kind": "delivery_dms_closed", "user": member},
        )
        return thread_id

    async def moderators(self, game_id: int):
        """The coroutine function that sends one message to this game's moderators."""
        where = await store.moderator_destination(self.db, game_id)
        if where is None:
            raise Undeliverable("the game is gone")
        if where.channel_id is not None and where.setting_up and where.creator is not None:
            try:
                await self._moderators_thread(game_id, where, where.channel_id)
            except discord.HTTPException as error:
                await self._moderators_refused(game_id, where, error)
        if where.channel_id is not None:
            return lambda message: self.courier.post(where.channel_id, message)
        if where.creator is None:
            raise Undeliverable("no moderator channel is set and the game's creator is unknown")
        refused = self.moderators_refused.get(game_id)
        if where.game_channel_id is not None and not self._recent(refused):
            try:
                thread_id = await self._moderators_thread(game_id, where, None)
            except discord.HTTPException as error:
                await self._moderators_refused(game_id, where, error)
            else:
                return lambda message: self.courier.post(thread_id, message)
        return lambda message: self._to_creator(game_id, where, message)

    async def _moderators_refused(self, game_id: int, where: store.Moderators, error: discord.HTTPException) -> None:
        """Discord refused the moderators' thread (a transient error is raised again, to retry): the notes go to
        the creator by DM, and a thread begun is forgotten; it is tried again after `remember`."""
        if is_transient(error):
            raise error
        log.info("game %s: no moderators' thread (%s): notes go by DM", game_id, describe(error))
        self.moderators_refused[game_id] = self.clock()
        await store.forget_moderators_thread(self.db, game_id)
        where.channel_id, where.setting_up = None, False

    async def _to_creator(self, game_id: int, where: store.Moderators, message: Outgoing) -> None:
        if where.creator is None:
            raise Undeliverable("no moderator channel is set and the game's creator is unknown")
        if not self._recent(self.dms_closed.get(where.creator)):
            try:
                await self.courier.dm(where.creator, message)
                return
            except DMRefused:
                self.dms_closed[where.creator] = self.clock()
        if where.game_channel_id is None or self._recent(self.moderators_refused.get(game_id)):
            raise Undeliverable("the creator's DMs are closed and no moderators' thread can be opened")
        log.info("game %s: the creator's DMs are closed; opening a private thread for the moderators", game_id)
        thread_id = await self._moderators_thread(game_id, where, None)
        where.channel_id = thread_id
        await self.courier.post(thread_id, message)

    async def _moderators_thread(self, game_id: int, where: store.Moderators, thread_id: int | None) -> int:
        if where.game_channel_id is None or where.creator is None:
            raise Undeliverable("the game has no channel or no known creator for the moderators' thread")
        return await self._open(
            game_id,
            thread_id,
            where.game_channel_id,
            where.creator,
            player=None,
            name=ui("delivery_mod_thread_name", game=where.game_name),
            intro=ui("delivery_mod_thread_intro", mention=f"<@{where.creator}>", game=where.game_name),
            note=None,
        )

"""The one place that talks to Discord for delivery: post to a channel or thread (and edit such a post), DM a
user, open a private thread and add its members (separate calls, so the thread's id can be saved in between),
take a member out and look a thread up; and which failures are worth retrying.

`Courier` is the protocol the worker uses (tests pass a fake). `DiscordCourier(client)` implements it on
discord.py's HTTP layer (`client.http`), which retries 429s and 5xx responses itself and needs no cache of channels
or users. A step post's message is a Components V2 layout (`Outgoing.layout`: flagged IS_COMPONENTS_V2, no content,
its picture attached and shown by `attachment://`); every other message is content with, at most, a row of buttons.
Every message goes out with its nonce; discord.py 2.7 then sets `enforce_nonce`, so Discord returns the message
already sent with that nonce (within a few minutes) instead of posting it twice. Views are not stored on the client:
the buttons are persistent `DynamicItem`s registered at start-up. Every request first waits its turn within
Discord's global rate limit (`pace.GlobalPace`), since the worker sends to all targets at once. Nothing here pings
anyone unless the message names the users it may mention.
"""

from __future__ import annotations

import asyncio
import io
from typing import Literal, Protocol

import aiohttp
import discord
from discord.http import handle_message_parameters

from bot.delivery.pace import GlobalPace, Pace
from bot.delivery.render import Outgoing

DM_CLOSED = 50007  # "Cannot send messages to this user"
UNKNOWN_CHANNEL = 10003
UNKNOWN_MEMBER = 10007
PRIVATE_THREAD: Literal[12] = 12  # discord.ChannelType.private_thread
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week; posting into an archived (not locked) thread reopens it


class DMRefused(Exception):
    """The user does not accept DMs from the bot (Discord error 50007)."""

    def __init__(self, user_id: int) -> None:
        super().__init__(f"user {user_id} does not accept direct messages")
        self.user_id = user_id


class Undeliverable(Exception):
    """A permanent reason found before asking Discord (no channel set, no moderator to tell, ...)."""


class NotYetOpen(Exception):
    """A message for a thread that is still to be opened (a group's: its sync row opens it); tried again."""


class Courier(Protocol):
    async def post(self, channel_id: int, message: Outgoing) -> int | None:
        """Post into a text channel or a thread; the message's id (a courier that cannot say: None)."""

    async def edit(self, channel_id: int, message_id: int, message: Outgoing) -> None:
        """Replace a message the bot posted (its text and buttons); discord.NotFound when it was deleted."""

    async def dm(self, user_id: int, message: Outgoing) -> None:
        """Send a direct message; raises `DMRefused` when the user's DMs are closed to the bot."""

    async def open_private_thread(self, channel_id: int, name: str) -> int:
        """Create a private thread in the channel (only its members and those with Manage Threads see it);
        its id. The caller saves the id before anything else can fail."""

    async def add_to_thread(self, thread_id: int, user_id: int) -> None:
        """Add a member to a thread (adding one already there changes nothing)."""

    async def remove_from_thread(self, thread_id: int, user_id: int) -> None:
        """Take a member out of a thread (one not in it changes nothing)."""

    async def check_thread(self, thread_id: int) -> None:
        """Look the thread up: raises discord.NotFound (Unknown Channel) when it was deleted."""


def is_transient(error: BaseException) -> bool:
    """True if trying again later may work: Discord 5xx and 429 (after discord.py's own retries), network
    and timeout errors, a bad token (the bot's problem, not the message's) and unknown errors (a bug shows
    up as repeated failures and the row fails after the last attempt). Other 4xx are permanent."""
    if isinstance(error, (DMRefused, Undeliverable)):
        return False
    if isinstance(error, discord.DiscordServerError):
        return True
    if isinstance(error, discord.HTTPException):
        return error.status in (401, 408, 429) or error.status >= 500
    if isinstance(error, (aiohttp.ClientError, OSError, asyncio.TimeoutError)):
        return True
    return True


def is_unexpected(error: BaseException) -> bool:
    """Not a failure Discord or the network reports: a bug worth a traceback in the log."""
    known = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
    return not isinstance(error, (*known, DMRefused, Undeliverable, NotYetOpen))


def is_unknown_channel(error: BaseException) -> bool:
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def describe(error: BaseException) -> str:
    """A short line for `last_error` and the moderators."""
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.code or ''} {error.text}".replace("  ", " ").strip()[:500]
    return f"{error.__class__.__name__}: {error}"[:500]


def allowed_mentions(message: Outgoing) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=u) for u in message.mention_user_ids] or False,
    )


class DiscordCourier:
    """`Courier` over discord.py 2.7's HTTP client (the bot itself: `DiscordCourier(bot)`); every request
    waits its turn within Discord's global limit (`pace`)."""

    def __init__(self, client: discord.Client, pace: Pace | None = None) -> None:
        self.client = client
        self.pace: Pace = pace or GlobalPace()
        self._dm_channels: dict[int, int] = {}

    async def post(self, channel_id: int, message: Outgoing) -> int | None:
        await self.pace.wait()
        files = (
            [discord.File(io.BytesIO(message.file[1]), filename=message.file[0])]
            if message.file
            else discord.utils.MISSING
        )
        if message.layout is not None:  # a step post: components only (discord.py sets IS_COMPONENTS_V2)
            params = handle_message_parameters(
                files=files,
                nonce=message.nonce,
                view=message.layout.to_discord(),
                allowed_mentions=allowed_mentions(message),
            )
        else:
            params = handle_message_parameters(
                content=message.content,
                files=files,
                nonce=message.nonce,
                view=message.view(),
                allowed_mentions=allowed_mentions(message),
            )
        with params:
            sent = await self.client.http.send_message(channel_id, params=params)
        return int(sent["id"]) if isinstance(sent, dict) and "id" in sent else None

    async def edit(self, channel_id: int, message_id: int, message: Outgoing) -> None:
        await self.pace.wait()
        view = message.view()
        params = handle_message_parameters(
            content=message.content,
            view=view if view is not None else None,
            allowed_mentions=allowed_mentions(message),
        )
        with params:
            await self.client.http.edit_message(channel_id, message_id, params=params)

    async def dm(self, user_id: int, message: Outgoing) -> None:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            await self.pace.wait()
            channel = await self.client.http.start_private_message(user_id)
            channel_id = self._dm_channels[user_id] = int(channel["id"])
        try:
            await self.post(channel_id, message)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                raise DMRefused(user_id) from error
            raise

    async def open_private_thread(self, channel_id: int, name: str) -> int:
        await self.pace.wait()
        thread = await self.client.http.start_thread_without_message(
            channel_id,
            name=name[:100],
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            type=PRIVATE_THREAD,
            invitable=False,
            reason="A private thread of a game: private messages (closed DMs) or a group's chat",
        )
        return int(thread["id"])

    async def add_to_thread(self, thread_id: int, user_id: int) -> None:
        await self.pace.wait()
        await self.client.http.add_user_to_thread(thread_id, user_id)

    async def remove_from_thread(self, thread_id: int, user_id: int) -> None:
        await self.pace.wait()
        try:
            await self.client.http.remove_user_from_thread(thread_id, user_id)
        except discord.NotFound as error:
            if error.code != UNKNOWN_MEMBER:
                raise

    async def check_thread(self, thread_id: int) -> None:
        await self.pace.wait()
        await self.client.http.get_channel(thread_id)

"""A game's lobby message on Discord (`bot.services.signup.lobby` writes what it should say): posted once in the game's
channel, its id kept on the game (`games.lobby_message_id`), edited in place afterwards, and posted again if
someone deleted it. One game's lobby is edited at most once a second however fast people join: the services keep
at most one lobby row waiting per game (rewriting it), and this waits out the second since the last edit of
the same game's lobby (kept per worker, and read from the last lobby row sent, so a restart keeps to it too).
What an edit shows is read when it is made, after the wait: the newest lobby row of the game, so joins made
while it waited are in it; the row written for them then finds the message reading so already and makes no
second edit. The message is in the game's language (`bot.delivery.readers`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import discord
from sqlalchemy import func, select, update

from bot.db.models import Game, Outbox
from bot.db.session import Database
from bot.delivery.courier import Courier, Undeliverable
from bot.delivery.render import Outgoing, message_nonce
from bot.delivery.written import escaped, names_by_game
from bot.languages.stored import texts_for
from bot.services.people import readers

EVERY = timedelta(seconds=1)  # at most one edit of a game's lobby this often
UNKNOWN_MESSAGE = 10008


class Lobbies:
    """Posts and edits the games' lobby messages. One per worker."""

    def __init__(self, db: Database, courier: Courier, clock: Callable[[], datetime]) -> None:
        self.db = db
        self.courier = courier
        self.clock = clock
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # waits out the second (tests: their clock)
        self.last: dict[int, datetime] = {}  # game id -> when this worker last posted or edited its lobby
        self.shown: dict[int, tuple[int, str, dict]] = {}  # game id -> (message id, text, payload) it last sent

    async def sync(self, row) -> None:
        """Make the game's lobby message read as `row` says (the newest lobby row of its parcel)."""
        if row.target_id is None:
            raise Undeliverable("the game has no channel for its lobby")
        async with self.db.read() as session:
            message_id = (await session.execute(select(Game.lobby_message_id).where(Game.id == row.game_id))).scalar()
            last_sent = (
                await session.execute(
                    select(func.max(Outbox.sent_at)).where(Outbox.game_id == row.game_id, Outbox.target == "lobby")
                )
            ).scalar()
        if message_id is not None and self.shown.get(row.game_id) == (message_id, row.text, dict(row.payload or {})):
            return  # an edit made after its wait showed this row already
        last = max((t for t in (self.last.get(row.game_id), last_sent) if t is not None), default=None)
        if last is not None:
            wait = (last + EVERY - self.clock()).total_seconds()
            if wait > 0:
                await self.sleep(min(wait, EVERY.total_seconds()))
        text, payload, language = await self._newest(row)
        message = Outgoing(
            nonce=message_nonce([row.nonce], 0),
            content=text,
            buttons=payload if payload.get("open") else None,
            language=language,  # the game's: its buttons' labels
        )
        if message_id is not None:
            try:
                await self.courier.edit(row.target_id, message_id, message)
                self.last[row.game_id] = self.clock()
                self.shown[row.game_id] = (message_id, text, payload)
                return
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    raise
        posted = await self.courier.post(row.target_id, message)
        self.last[row.game_id] = self.clock()
        if posted is not None:
            self.shown[row.game_id] = (posted, text, payload)
            async with self.db.transaction() as session:
                await session.execute(update(Game).where(Game.id == row.game_id).values(lobby_message_id=posted))

    async def _newest(self, row) -> tuple[str, dict, str]:
        """The lobby as it reads now, after the wait: the newest lobby row of the game (one written while this
        waited holds the roster as of its change; its players' and the game's names escaped, as the worker
        escapes the rows it claims: `bot.delivery.written`), else this row's own."""
        async with self.db.read() as session:
            newest = (
                await session.execute(
                    select(Outbox.id, Outbox.text, Outbox.payload, Outbox.keyed)
                    .where(Outbox.game_id == row.game_id, Outbox.target == "lobby", Outbox.id > row.id)
                    .order_by(Outbox.id.desc())
                    .limit(1)
                )
            ).first()
            language = (await session.execute(select(Game.language).where(Game.id == row.game_id))).scalar()
        language = readers.stored_language(language)  # the game's, as the worker rendered `row` in
        if newest is None:
            return row.text, dict(row.payload or {}), language
        text, payload = texts_for(newest.text, newest.payload, newest.keyed, language)
        names = (await names_by_game(self.db, [row.game_id]))[row.game_id]  # escaped as the worker escapes `row`
        return escaped(text, names), dict(payload or {}), language

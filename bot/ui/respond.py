"""Answering an interaction: always ephemeral, deferred when the work may be slow, refusals made readable.

`Reply` is what a command's work returns. `respond` is the one way every reply goes out: it sends the reply
as the first response or, after a deferral, as follow-ups, cut to Discord's limits by `bot.ui.limits` (a
content longer than 2,000 characters goes on in further messages, embeds are split and packed; the file and
the view go with the last message), so a long answer is never lost. `edited` fits a message edited in
place. `refusing` turns a `ServiceError` into an ephemeral refusal with its specific message, and any other
exception into a short apology (logged in full) that does not pretend to know whether anything changed; it
answers in the user's language (the one they chose with `/profile language`, else their Discord locale) and
remembers their Discord locale for the private messages delivery sends them (`bot.services.people.readers`).
"""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.db.session import Database
from bot.languages.reader import language_of, localized, reading
from bot.screens import refusal
from bot.services.base.errors import ServiceError
from bot.services.people import readers
from bot.ui.limits import CONTENT_MAX, cut, messages

log = logging.getLogger(__name__)


@dataclass
class Reply:
    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    file: discord.File | None = None
    view: discord.ui.View | None = None


def as_reply(value: Any) -> Reply:
    if isinstance(value, Reply):
        return value
    return Reply(content=value if isinstance(value, str) else str(value))  # a `Keyed` kept, to be localized


async def respond(interaction: discord.Interaction, value: Any) -> None:
    """Send a reply (ephemeral), in as many messages as Discord's limits need, in the reader's language; a list
    of replies one after another (each with its own view: `/mod orders`' cards)."""
    if isinstance(value, list):
        for one in value:
            await respond(interaction, one)
        return
    reply = as_reply(value)
    parts = messages(localized(reply.content), reply.embeds)
    for index, part in enumerate(parts):
        kwargs: dict[str, Any] = {"ephemeral": True}
        if part.content:
            kwargs["content"] = part.content
        if part.embeds:
            kwargs["embeds"] = part.embeds
        if index == len(parts) - 1:
            if reply.file is not None:
                kwargs["file"] = reply.file
            if reply.view is not None:
                kwargs["view"] = reply.view
        if len(kwargs) == 1:
            continue  # nothing to send (an empty reply)
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)


async def replace(interaction: discord.Interaction, content: str) -> None:
    """Answer a component by replacing its message (an ephemeral menu) with `content` and nothing else; what
    does not fit in one message follows as ephemeral follow-ups."""
    parts = messages(localized(content))
    await interaction.response.edit_message(content=parts[0].content, view=None, embed=None)
    for part in parts[1:]:
        await interaction.followup.send(content=part.content or "", ephemeral=True)


def edited(before: str, added: str) -> str:
    """A message's content with `added` after it, within 2,000 characters: the old content gives way first
    (shortened with "…"), what is added is kept whole as far as it fits."""
    added = cut(added, CONTENT_MAX)
    room = CONTENT_MAX - len(added) - 2
    if not before or room < 2:
        return added
    return f"{cut(before, room)}\n\n{added}"


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge now (Discord allows 3 seconds), answer later with a follow-up."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


@asynccontextmanager
async def refusing(interaction: discord.Interaction):
    """Around the work of one interaction: its reader's language set (`bot.languages.reader`), a refusal shown
    as its reason, anything unforeseen as the apology."""
    user_id, chosen, last = await _reader(interaction)
    discord_language = language_of(interaction)
    with reading(chosen or discord_language):
        try:
            yield
        except ServiceError as error:
            await respond(interaction, refusal.shown(error))
        except Exception as error:
            log.exception("command %s failed", getattr(interaction.command, "qualified_name", "?"))
            try:
                await respond(interaction, refusal.shown(error))
            except Exception:  # the interaction may have expired: the log has the error
                log.exception("could not tell the user about the failure")
        finally:  # after the answer, which Discord wants within 3 seconds: a write may wait for the database
            if user_id is not None and getattr(interaction, "locale", None) is not None and last != discord_language:
                await _remember(interaction, user_id, discord_language)


async def reader_language(interaction: discord.Interaction) -> str:
    """The language the interaction's user reads (as `refusing` sets it): the one they chose, else their Discord
    locale's. For what answers outside `refusing` (autocomplete)."""
    _, chosen, _ = await _reader(interaction)
    return chosen or language_of(interaction)


def _database(interaction: discord.Interaction) -> Database | None:
    db = getattr(getattr(interaction, "client", None), "db", None)
    return db if isinstance(db, Database) else None


async def _reader(interaction: discord.Interaction) -> tuple[int | None, str | None, str | None]:
    """The user, the language they chose (`/profile language`) and the one they were last seen with, when the
    bot has a database to ask (a failure to read it leaves the Discord locale to decide)."""
    db, user_id = _database(interaction), getattr(getattr(interaction, "user", None), "id", None)
    if db is None or not isinstance(user_id, int):
        return None, None, None
    try:
        chosen, last = await readers.known(db, user_id)
    except Exception:
        log.exception("could not read the language of user %s", user_id)
        return None, None, None
    return user_id, chosen, last


async def _remember(interaction: discord.Interaction, user_id: int, language: str) -> None:
    """Keep the user's Discord language as last seen: their private messages follow it (`readers`)."""
    db = _database(interaction)
    try:
        if db is not None:
            await readers.seen(db, user_id, language)
    except Exception:
        log.exception("could not remember the language of user %s", user_id)

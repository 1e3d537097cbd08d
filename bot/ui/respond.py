"""Answering an interaction: always ephemeral, deferred when the work may be slow, refusals made readable.

`Reply` is what a command's work returns. `respond` sends it as the first response or, after a deferral,
as a follow-up. `refusing` turns a `ServiceError` into an ephemeral refusal with its specific message,
and any other exception into a short apology (logged in full): nothing about the failure leaks.
"""
from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.services.errors import ServiceError
from bot.ui.text import ui

log = logging.getLogger(__name__)


@dataclass
class Reply:
    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    file: discord.File | None = None
    view: discord.ui.View | None = None


def as_reply(value: Any) -> Reply:
    return value if isinstance(value, Reply) else Reply(content=str(value))


async def respond(interaction: discord.Interaction, value: Any) -> None:
    reply = as_reply(value)
    kwargs: dict[str, Any] = {"ephemeral": True}
    if reply.content is not None:
        kwargs["content"] = reply.content
    if reply.embeds:
        kwargs["embeds"] = reply.embeds
    if reply.file is not None:
        kwargs["file"] = reply.file
    if reply.view is not None:
        kwargs["view"] = reply.view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge now (Discord allows 3 seconds), answer later with a follow-up."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


@asynccontextmanager
async def refusing(interaction: discord.Interaction):
    try:
        yield
    except ServiceError as error:
        await respond(interaction, error.message)
    except Exception:
        log.exception("command %s failed", getattr(interaction.command, "qualified_name", "?"))
        try:
            await respond(interaction, ui("crashed"))
        except Exception:  # the interaction may have expired: the log has the error
            log.exception("could not tell the user about the failure")

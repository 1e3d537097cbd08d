"""Laying out a resolution's post as embeds within every Discord limit. Pure: no I/O.

Limits (Discord's): title 256, description 4,096, field name 256, field value 1,024, 25 fields per embed,
10 embeds per message, 6,000 characters across all embeds of one message. `pack_post` fills embeds in
order and starts a new embed or a new message when the next piece would not fit; a message that continues
the post starts with "<title> (continued)". Text is cut only between rows, else between sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import discord

from bot.ui.split import pack, split_text

TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_PER_EMBED = 25
EMBEDS_PER_MESSAGE = 10
EMBED_TOTAL_LIMIT = 6000
COLOUR = 0x8B0000


@dataclass
class EmbedSpec:
    """One embed as plain data (tests read it; the courier turns it into a `discord.Embed`)."""

    title: str | None = None
    description: str | None = None
    fields: list[tuple[str, str]] = field(default_factory=list)

    def size(self) -> int:
        """Characters Discord counts towards the 6,000 of a message."""
        return len(self.title or "") + len(self.description or "") + sum(len(n) + len(v) for n, v in self.fields)

    def to_discord(self) -> discord.Embed:
        embed = discord.Embed(title=self.title, description=self.description, colour=COLOUR)
        for name, value in self.fields:
            embed.add_field(name=name, value=value, inline=False)
        return embed


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else split_text(text, limit - 1)[0] + "…"


class _Post:
    def __init__(self, title: str, continued: str) -> None:
        self.title = _short(title, TITLE_LIMIT)
        self.continued = _short(continued, TITLE_LIMIT)
        self.messages: list[list[EmbedSpec]] = []

    def size(self) -> int:
        return sum(embed.size() for embed in self.messages[-1]) if self.messages else 0

    def current(self) -> EmbedSpec | None:
        return self.messages[-1][-1] if self.messages and self.messages[-1] else None

    def start_embed(self, cost: int, title: str | None = None) -> EmbedSpec:
        """A new embed that has room for `cost` more characters, in a new message if this one is full."""
        message = self.messages[-1] if self.messages else None
        if (
            message is None
            or len(message) >= EMBEDS_PER_MESSAGE
            or self.size() + len(title or "") + cost > EMBED_TOTAL_LIMIT
        ):
            title = title or (self.continued if self.messages else self.title)
            self.messages.append([])
        embed = EmbedSpec(title=title)
        self.messages[-1].append(embed)
        return embed

    def description(self, text: str, title: str | None = None) -> None:
        embed = self.current()
        if (
            title is not None
            or embed is None
            or embed.description
            or embed.fields
            or self.size() + len(text) > EMBED_TOTAL_LIMIT
        ):
            embed = self.start_embed(len(text), title)
        embed.description = text

    def field(self, name: str, value: str) -> None:
        embed = self.current()
        cost = len(name) + len(value)
        if embed is None or len(embed.fields) >= FIELDS_PER_EMBED or self.size() + cost > EMBED_TOTAL_LIMIT:
            embed = self.start_embed(cost)
        embed.fields.append((name, value))


def pack_post(
    title: str,
    narration: Sequence[str],
    sections: Sequence[tuple[str, Sequence[str]]],
    fair_play: tuple[str, Sequence[str]] | None,
    continued: Callable[[str], str],
) -> list[list[EmbedSpec]]:
    """The post's embeds, message by message: the headline embed (title, the narration as its
    description), a field per section (continued in further fields when long), then the fair-play embed."""
    post = _Post(title, continued(title))
    post.start_embed(0, post.title)
    for piece in pack(narration, DESCRIPTION_LIMIT):
        post.description(piece)
    for name, texts in sections:
        for index, value in enumerate(pack(texts, FIELD_VALUE_LIMIT)):
            post.field(_short(name if index == 0 else continued(name), FIELD_NAME_LIMIT), value)
    if fair_play is not None:
        name, texts = fair_play
        for index, piece in enumerate(pack(texts, DESCRIPTION_LIMIT)):
            post.description(piece, _short(name, TITLE_LIMIT) if index == 0 else None)
    return post.messages

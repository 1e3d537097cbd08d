"""A step's post in the game's channel, as it reads: the post's title, the narration, the game's sections in
their rank, the fair-play rows (the revealed seed and the next commitment), laid out as embeds within every
Discord limit. Pure: no I/O. Delivery groups one resolution's rows (`bot.delivery.render`) and hands them here
(`resolution_post`); each row's title, section and rank come from the game's front, written into the row's
payload with the event (`placement`), so this screen knows no game.

Limits (Discord's): title 256, description 4,096, field name 256, field value 1,024, 25 fields per embed,
10 embeds per message, 6,000 characters across all embeds of one message. `pack_post` fills embeds in
order and starts a new embed or a new message when the next piece would not fit; a message that continues
the post starts with "<title> (continued)". Text is cut only between rows, else between sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.screens.split import pack, split_text
from bot.wording import render

TEXTS: dict[str, str] = {
    "delivery_continued": "{title} (continued)",
    "delivery_fair_play": "Fair play",
}

FAIR_PLAY = frozenset({"seed_reveal", "commitment"})
ATTACH = "attach"  # payload key: "picture" asks for the picture of the game after the row's day (step)
OLD_ROWS_GAME = "battle_royale"  # rows written before posts carried their place were this game's (the only one)

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

    def to_discord(self) -> Any:
        """The discord.py embed (discord.py is imported here, when a message is sent, not by the screens)."""
        import discord

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


class Row(Protocol):
    """What the post reads of an outbox row (`bot.db.models.Outbox` fits)."""

    text: str
    payload: dict[str, Any]


def wants_picture(row: Row) -> bool:
    """Whether the row asks for the picture of its game after its day's step (`ATTACH`)."""
    return (row.payload or {}).get(ATTACH) == "picture"


def placement(payload: dict[str, Any]) -> tuple[str, str | None, int]:
    """A public row's post title, section and rank, as `write_events` wrote them. A row written before
    rows carried them (an upgrade with messages still pending) is placed by its game's front, as then."""
    if "title" in payload:
        return payload["title"], payload.get("section"), payload.get("rank", 0)
    from engine import registry

    front = registry.front(OLD_ROWS_GAME)
    section = front.posts.section_of(payload.get("kind", ""))
    return front.posts.title(payload.get("day", 0)), section, front.posts.rank(section)


def resolution_post(rows: Sequence[Row]) -> list[list[EmbedSpec]]:
    """The embeds of one resolution's post, message by message: its narration, its sections by rank, then
    the fair-play rows."""
    sections: dict[str, tuple[int, list[str]]] = {}
    narration: list[str] = []
    fair: list[str] = []
    title = None
    for row in rows:
        payload = row.payload or {}
        if payload.get("kind") in FAIR_PLAY:
            fair.append(row.text)
            continue
        if wants_picture(row):  # no text of its own: a message after the embeds (`bot.delivery.render`)
            title = title or payload.get("title")
            continue
        row_title, section, rank = placement(payload)
        title = title or row_title
        if section is None:
            narration.append(row.text)
        else:
            sections.setdefault(section, (rank, []))[1].append(row.text)
    if title is None:  # only fair-play rows: titled as their day's post
        title = placement({"day": (rows[0].payload or {}).get("day", 0)})[0]
    ranked = sorted(sections.items(), key=lambda item: item[1][0])  # stable: equal ranks keep their order
    return pack_post(
        title=title,
        narration=narration,
        sections=[(name, texts) for name, (_, texts) in ranked],
        fair_play=(render(TEXTS["delivery_fair_play"]), fair) if fair else None,
        continued=lambda heading: render(TEXTS["delivery_continued"], title=heading),
    )

"""A step's post in the game's channel, as it reads: the post's title, the narration, the picture after the
step (for a game that shows one), the game's sections in their rank, the fair-play rows (the revealed seed and
the next commitment), laid out as Discord's current message components (Components V2: a `LayoutView` holding
one `Container` of `TextDisplay`s, a `MediaGallery` for the picture and a `Separator` before the fair play), so
a step arrives as one message. Pure: no I/O. Delivery groups one resolution's rows (`bot.delivery.render`) and
hands them here (`resolution_post`); each row's title, section and rank come from the game's front, written
into the row's payload with the event (`placement`), so this screen knows no game.

Limits (Discord's, for a message flagged IS_COMPONENTS_V2): at most 40 components, nested ones included (the
container and each of its children count), and 4,000 characters of text across all its text displays; no
`content` and no `embeds`. `pack_post` fills a message block by block in order and starts a new message when
the next piece would not fit; a message that continues the post starts with "<title> (continued)", a section
cut in two goes on under "<section> (continued)". Text is cut only between rows, else between sentences. The
picture is drawn at delivery (`bot.delivery.pictures`), so the message that shows it keeps room for its
caption (`CAPTION_ROOM` characters, the 2,000 a caption had as a message of its own) and its two components.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.languages import ENGLISH
from bot.languages.catalogue import template
from bot.screens.split import split_text
from bot.wording import render, render_in

TEXTS: dict[str, str] = {
    "delivery_continued": "{title} (continued)",
    "delivery_fair_play": "Fair play",
}

FAIR_PLAY = frozenset({"seed_reveal", "commitment"})
ATTACH = "attach"  # payload key: "picture" asks for the picture of the game after the row's day (step)
OLD_ROWS_GAME = "battle_royale"  # rows written before posts carried their place were this game's (the only one)

TEXT_LIMIT = 4000  # characters across all text displays of one message
COMPONENT_LIMIT = 40  # components in one message, nested ones included
TITLE_LIMIT = 256  # a title or a section's name (as embeds had them: a heading stays one short line)
CAPTION_ROOM = 2000  # characters kept for the picture's caption in the message that shows it
PICTURE_COMPONENTS = 2  # the gallery and its caption
CHUNK_LIMIT = TEXT_LIMIT - 2 * (TITLE_LIMIT + len("### \n")) - len(" (continued)") * 2  # a piece that fits anywhere
COLOUR = 0x8B0000
IS_COMPONENTS_V2 = 1 << 15  # the message flag (discord.py sets it for a `LayoutView`)


@dataclass(frozen=True)
class TextBlock:
    """A text display: a heading (level 2, the post's title; level 3, a section's name) and its lines."""

    heading: str | None = None
    body: str = ""
    level: int = 3

    def content(self) -> str:
        head = f"{'#' * self.level} {self.heading}" if self.heading else ""
        return "\n".join(part for part in (head, self.body) if part)


@dataclass(frozen=True)
class PictureBlock:
    """The picture after the step: a gallery of the attached file and its caption (the picture in words, for
    everyone and for screen readers). Empty (`filename` None) until delivery draws it."""

    filename: str | None = None
    caption: str = ""


@dataclass(frozen=True)
class SeparatorBlock:
    """A divider line (before the fair-play rows)."""


Block = TextBlock | PictureBlock | SeparatorBlock


@dataclass(frozen=True)
class Layout:
    """One Components V2 message as plain data (tests read it; the courier turns it into a `LayoutView`)."""

    blocks: tuple[Block, ...]

    @property
    def title(self) -> str | None:
        """The message's title: the post's, or "<title> (continued)"."""
        return next((b.heading for b in self.blocks if isinstance(b, TextBlock) and b.level == 2), None)

    def headings(self) -> list[str]:
        return [b.heading for b in self.blocks if isinstance(b, TextBlock) and b.heading]

    def sections(self) -> list[tuple[str, str]]:
        """(name, lines) of each section shown, the fair play's included, in order."""
        return [(b.heading, b.body) for b in self.blocks if isinstance(b, TextBlock) and b.level == 3 and b.heading]

    @property
    def narration(self) -> str:
        return next((b.body for b in self.blocks if isinstance(b, TextBlock) and b.level == 2), "")

    @property
    def picture(self) -> PictureBlock | None:
        return next((b for b in self.blocks if isinstance(b, PictureBlock)), None)

    def texts(self) -> list[str]:
        """Every text display's content, in order (the caption's included)."""
        out = []
        for block in self.blocks:
            if isinstance(block, TextBlock):
                out.append(block.content())
            elif isinstance(block, PictureBlock) and block.caption:
                out.append(block.caption)
        return out

    def text(self) -> str:
        return "\n".join(self.texts())

    def text_length(self) -> int:
        return sum(len(t) for t in self.texts())

    def component_count(self) -> int:
        """Components Discord counts: the container and every block in it (a picture: its gallery and caption)."""
        count = 1
        for block in self.blocks:
            count += 1 + (1 if isinstance(block, PictureBlock) and block.caption else 0)
        return count

    def with_picture(self, filename: str | None, caption: str) -> Layout:
        """The picture drawn (`filename` attached to the message), its caption cut to the room left; without a
        file, the caption alone; with neither, no picture block."""
        room = TEXT_LIMIT - self.text_length()
        caption = caption if len(caption) <= room else caption[: max(room - 1, 0)] + "…"
        blocks: list[Block] = []
        for block in self.blocks:
            if isinstance(block, PictureBlock):
                if filename is not None:
                    blocks.append(PictureBlock(filename, caption))
                elif caption:
                    blocks.append(TextBlock(None, caption))
            else:
                blocks.append(block)
        return replace(self, blocks=tuple(blocks))

    def to_discord(self) -> Any:
        """The discord.py `LayoutView` (discord.py is imported here, when a message is sent, not by the screens).
        A picture still empty (never drawn) is left out."""
        import discord

        container: discord.ui.Container = discord.ui.Container(accent_colour=COLOUR)
        for block in self.blocks:
            if isinstance(block, TextBlock):
                container.add_item(discord.ui.TextDisplay(block.content()))
            elif isinstance(block, SeparatorBlock):
                container.add_item(discord.ui.Separator())
            elif block.filename is not None:
                container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{block.filename}")))
                if block.caption:
                    container.add_item(discord.ui.TextDisplay(block.caption))
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        return view


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else split_text(text, limit - 1)[0] + "…"


class _Packer:
    """Fills messages block by block: a block opens with its first piece (a heading never ends a message)."""

    def __init__(self, title: str, continued: Callable[[str], str], picture: bool) -> None:
        self.title = _short(title, TITLE_LIMIT)
        self.continued = continued
        self.picture = picture
        self.messages: list[list[Block]] = []
        self._new_message()

    def _new_message(self) -> None:
        first = not self.messages
        self.messages.append([])
        self.text_room = TEXT_LIMIT - (CAPTION_ROOM if first and self.picture else 0)
        self.component_room = COMPONENT_LIMIT - 1 - (PICTURE_COMPONENTS if first and self.picture else 0)
        heading = self.title if first else _short(self.continued(self.title), TITLE_LIMIT)
        self._put(TextBlock(heading, "", 2))

    def _put(self, block: TextBlock | SeparatorBlock) -> None:
        self.messages[-1].append(block)
        self.text_room -= len(block.content()) if isinstance(block, TextBlock) else 0
        self.component_room -= 1

    def _fits(self, text: int, components: int) -> bool:
        return text <= self.text_room and components <= self.component_room

    def narration(self, pieces: Sequence[str]) -> None:
        """The narration, under the headline (called first: the headline is then the last block)."""
        for piece in _chunks(pieces):
            if not self._fits(len(piece) + 1, 0):
                self._new_message()
            last = self.messages[-1][-1]
            assert isinstance(last, TextBlock) and last.level == 2
            self.messages[-1][-1] = replace(last, body=f"{last.body}\n{piece}" if last.body else piece)
            self.text_room -= len(piece) + 1

    def section(self, name: str, pieces: Sequence[str], separated: bool = False) -> None:
        name = _short(name, TITLE_LIMIT)
        opened = False
        for piece in _chunks(pieces):
            last = self.messages[-1][-1]
            if opened and isinstance(last, TextBlock) and self._fits(len(piece) + 1, 0):
                self.messages[-1][-1] = replace(last, body=f"{last.body}\n{piece}")
                self.text_room -= len(piece) + 1
                continue
            heading = name if not opened else _short(self.continued(name), TITLE_LIMIT)
            block = TextBlock(heading, piece)
            extra = 1 if separated and not opened else 0
            if not self._fits(len(block.content()), 1 + extra):
                self._new_message()
            if extra:
                self._put(SeparatorBlock())
            self._put(block)
            opened = True

    def layouts(self) -> list[Layout]:
        messages = [list(blocks) for blocks in self.messages]
        if self.picture:
            messages[0].insert(1, PictureBlock())
        return [Layout(tuple(blocks)) for blocks in messages]


def _chunks(pieces: Sequence[str]) -> list[str]:
    return [chunk for piece in pieces for chunk in split_text(piece, CHUNK_LIMIT)]


def pack_post(
    title: str,
    narration: Sequence[str],
    sections: Sequence[tuple[str, Sequence[str]]],
    fair_play: tuple[str, Sequence[str]] | None,
    continued: Callable[[str], str],
    picture: bool = False,
) -> list[Layout]:
    """The post's messages, in order: the headline (the title, then the narration), the picture's place (when
    `picture`: filled at delivery), each section under its name, then the fair-play rows after a divider."""
    packer = _Packer(title, continued, picture)
    packer.narration(narration)
    for name, texts in sections:
        packer.section(name, texts)
    if fair_play is not None:
        packer.section(fair_play[0], fair_play[1], separated=True)
    return packer.layouts()


def _said(language: str, key: str, **values: Any) -> str:
    """One of the post's own texts, in `language` (English where it has none)."""
    if language == ENGLISH:
        return render(TEXTS[key], **values)
    return render_in(language, template(language, "bot", key, TEXTS[key]), **values)


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


def resolution_post(rows: Sequence[Row], language: str = ENGLISH) -> list[Layout]:
    """One resolution's post, message by message: its narration, the picture's place (a row asking for it:
    `ATTACH`), its sections by rank, then the fair-play rows; the post's own headings ("Fair play", "(continued)")
    in `language` (the rows' texts come rendered for their reader: `bot.delivery.readers`)."""
    sections: dict[str, tuple[int, list[str]]] = {}
    narration: list[str] = []
    fair: list[str] = []
    title = None
    picture = False
    for row in rows:
        payload = row.payload or {}
        if payload.get("kind") in FAIR_PLAY:
            fair.append(row.text)
            continue
        if wants_picture(row):  # no text of its own: the picture's place in the post, drawn at delivery
            title = title or payload.get("title")
            picture = True
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
        fair_play=(_said(language, "delivery_fair_play"), fair) if fair else None,
        continued=lambda heading: _said(language, "delivery_continued", title=heading),
        picture=picture,
    )

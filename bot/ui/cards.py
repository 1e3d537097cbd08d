"""A game's cards (`engine.front.Card`) as Discord embeds, within Discord's limits.

Any game's cards go through here: `embeds(cards)` gives the embeds of one message. A field's lines are
joined by its separator; what does not fit in a field's 1024 characters goes on into "(more)" fields, and
what does not fit in an embed's 25 fields into a "(more)" embed of the same colour. Names are cut to 256
characters, titles to 256, descriptions to 4096, footers to 2048. A message holds at most 10 embeds and
6000 characters: trailing fields (then trailing embeds) give way, and the last embed left says in its
footer that some details did not fit. Nothing is dropped without that note.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.languages.reader import localized, localized_card
from bot.ui.text import ui
from engine.front import Card, CardField

FIELD_MAX = 1024
FIELDS_MAX = 25
NAME_MAX = 256
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FOOTER_MAX = 2048
TOTAL_MAX = 6000
EMBEDS_MAX = 10

COLOURS = {
    "green": discord.Colour.green,
    "grey": discord.Colour.dark_grey,
    "blue": discord.Colour.blue,
    "gold": discord.Colour.gold,
    "purple": discord.Colour.purple,
    "teal": discord.Colour.teal,
    "red": discord.Colour.red,
    "blurple": discord.Colour.blurple,
}


def colour(name: str) -> discord.Colour | None:
    """The Discord colour of a card's colour name: none for "plain" (Discord's default), blurple for a name
    the bot does not know."""
    return None if name == "plain" else COLOURS.get(name, discord.Colour.blurple)()


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def chunks(name: str, lines: Iterable[str], empty: str | None = None, sep: str = "\n") -> list[tuple[str, str]]:
    """(name, value) pairs of a field: the lines joined by `sep`, continued into "(more)" fields at 1024
    characters (a single line longer than that is cut with "…"). No lines: `empty`, or no field at all."""
    lines = CardField(name, tuple(lines), sep).shown_lines() or ([empty] if empty else [])
    out: list[tuple[str, str]] = []
    chunk: list[str] = []
    title = name
    for line in lines:
        line = _cut(line, FIELD_MAX)
        if chunk and len(sep.join(chunk + [line])) > FIELD_MAX:
            out.append((title, sep.join(chunk)))
            chunk, title = [], localized(ui("card_more", name=name))
        chunk.append(line)
    if chunk:
        out.append((title, sep.join(chunk)))
    return [(_cut(n, NAME_MAX), value) for n, value in out]


def card_embeds(card: Card) -> list[discord.Embed]:
    """One card as embeds: the first with the title and description, then "(more)" embeds when the
    fields run past 25; the footer goes on the last. Its texts are in the reader's language."""
    card = localized_card(card)
    first = discord.Embed(
        title=_cut(card.title, TITLE_MAX) or None,
        description=_cut(card.description, DESCRIPTION_MAX) or None,
        colour=colour(card.colour),
    )
    out = [first]
    for fld in card.fields:
        for name, value in chunks(fld.name, fld.lines, fld.empty, fld.sep):
            if len(out[-1].fields) >= FIELDS_MAX:
                out.append(
                    discord.Embed(
                        title=_cut(localized(ui("card_more", name=card.title)), TITLE_MAX), colour=colour(card.colour)
                    )
                )
            out[-1].add_field(name=name, value=value, inline=fld.inline)
    if card.footer:
        out[-1].set_footer(text=_cut(card.footer, FOOTER_MAX))
    return out


def embeds(cards: Iterable[Card]) -> list[discord.Embed]:
    """The embeds of one message showing these cards, in order, within Discord's limits."""
    out: list[discord.Embed] = []
    owners: list[int] = []
    for index, card in enumerate(cards):
        shown = card_embeds(card)
        out += shown
        owners += [index] * len(shown)
    return fit(out, owners)


def messages(cards: Iterable[Card]) -> list[list[discord.Embed]]:
    """The cards over as many messages as they need, whole cards in order: a card starts a new message when
    it would not fit in the current one (a card too big for a message alone is cut as `embeds` cuts it)."""
    out: list[list[discord.Embed]] = []
    for card in cards:
        shown = embeds([card])
        if out and len(out[-1]) + len(shown) <= EMBEDS_MAX and sum(map(len, out[-1] + shown)) <= TOTAL_MAX:
            out[-1] += shown
        else:
            out.append(shown)
    return out


def _note(embed: discord.Embed) -> None:
    """Say in the footer that some details did not fit (once)."""
    note = ui("card_cut")
    footer = embed.footer.text or ""
    if note not in footer:
        embed.set_footer(text=_cut(f"{footer}\n{note}" if footer else note, FOOTER_MAX))


def _drop_last(out: list[discord.Embed], owners: list[int]) -> None:
    """Remove the last embed; the one before says that something did not fit (and keeps the card's footer
    when both show the same card)."""
    gone, owner = out.pop(), owners.pop()
    if owners[-1] == owner and gone.footer.text and not out[-1].footer.text:
        out[-1].set_footer(text=gone.footer.text)
    _note(out[-1])


def fit(out: list[discord.Embed], owners: list[int] | None = None) -> list[discord.Embed]:
    """Keep a message within 10 embeds and 6000 characters: trailing embeds and fields give way first, and
    the last embed left carries the note. `owners` says which card each embed shows: when a card's last
    embed gives way, its footer goes to the card's embed before it."""
    owners = list(owners) if owners is not None else list(range(len(out)))
    while len(out) > EMBEDS_MAX:
        _drop_last(out, owners)
    while sum(len(e) for e in out) > TOTAL_MAX:
        last = out[-1]
        if last.fields:
            last.remove_field(len(last.fields) - 1)
            _note(last)
        elif len(out) > 1:
            _drop_last(out, owners)
        else:
            _note(last)
            room = TOTAL_MAX - (len(last) - len(last.description or ""))
            last.description = _cut(last.description or "", max(1, room))
            break
    return out

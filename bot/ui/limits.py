"""Discord's limits on one message, and a reply cut into messages that respect them: nothing is lost.

`messages(content, embeds)` gives the messages of one reply: the content split at the gentlest boundary
(lines, sentences, words: `bot.screens.split`) into pieces of at most 2,000 characters, and the embeds
made to fit (title 256, description 4096, field name 256 and value 1024, footer 2048, 25 fields) and packed
at most 10 and 6,000 characters to a message. An embed's text that is too long goes on in "(more)" fields
or embeds rather than being cut, so a reply is split, not shortened; only a single embed whose parts are
each at their limit is shortened, with the "did not fit" note. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.screens.split import split_text
from bot.ui.text import ui

CONTENT_MAX = 2000
TITLE_MAX, DESCRIPTION_MAX, FIELD_NAME_MAX, FIELD_MAX, FOOTER_MAX = 256, 4096, 256, 1024, 2048
FIELDS_MAX, EMBEDS_MAX, TOTAL_MAX = 25, 10, 6000


@dataclass
class Message:
    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)


def cut(text: str, most: int) -> str:
    """`text` shortened to `most` characters, ending with "…" when it was cut."""
    return text if len(text) <= most else text[: most - 1] + "…"


def fit_embed(embed: discord.Embed) -> list[discord.Embed]:
    """One embed as one or more embeds within the per-embed limits; long descriptions and fields go on in
    "(more)" fields and embeds of the same colour, the footer on the last."""
    title = embed.title or ""
    more_title = cut(ui("card_more", name=title), TITLE_MAX) if title else None
    parts = split_text(embed.description or "", DESCRIPTION_MAX)
    fields, footer, icon = list(embed.fields), embed.footer.text, embed.footer.icon_url
    first = discord.Embed.from_dict(embed.to_dict())
    first.clear_fields()
    first.title = cut(title, TITLE_MAX) or None
    first.description = parts[0] if parts else None
    first.remove_footer()
    out = [first]
    out += [discord.Embed(title=more_title, description=p, colour=embed.colour) for p in parts[1:]]
    for fld in fields:
        name = cut(fld.name or "\u200b", FIELD_NAME_MAX)
        for index, value in enumerate(split_text(fld.value or "", FIELD_MAX) or ["\u200b"]):
            shown = name if index == 0 else cut(ui("card_more", name=fld.name or ""), FIELD_NAME_MAX)
            room = TOTAL_MAX - FOOTER_MAX  # the footer, added last, must still fit
            if len(out[-1].fields) >= FIELDS_MAX or len(out[-1]) + len(shown) + len(value) > room:
                out.append(discord.Embed(title=more_title, colour=embed.colour))
            out[-1].add_field(name=shown, value=value, inline=fld.inline)
    if footer:
        out[-1].set_footer(text=cut(footer, FOOTER_MAX), icon_url=icon)
    return out


def _shorten(embed: discord.Embed) -> None:
    """The last resort for one embed above 6,000 characters: trailing fields give way, then the description
    is cut; the footer says that something did not fit."""
    note = ui("card_cut")
    footer = embed.footer.text or ""
    if note not in footer:
        embed.set_footer(text=cut(f"{footer}\n{note}" if footer else note, FOOTER_MAX))
    while len(embed) > TOTAL_MAX and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    if len(embed) > TOTAL_MAX:
        room = TOTAL_MAX - (len(embed) - len(embed.description or ""))
        embed.description = cut(embed.description or "", max(1, room))


def messages(content: str | None, embeds: Sequence[discord.Embed] = ()) -> list[Message]:
    """The messages of one reply within Discord's limits (at least one, maybe with no content)."""
    pieces = split_text(content, CONTENT_MAX) if content else []
    out = [Message(content=p) for p in pieces] or [Message()]
    fitted = [part for embed in embeds for part in fit_embed(embed)]
    for embed in fitted:
        if len(embed) > TOTAL_MAX:
            _shorten(embed)
        last = out[-1]
        if len(last.embeds) >= EMBEDS_MAX or sum(len(e) for e in last.embeds) + len(embed) > TOTAL_MAX:
            out.append(Message())
        out[-1].embeds.append(embed)
    return out

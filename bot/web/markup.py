"""A channel post's text as HTML: escaped, with Discord's time stamps (`<t:1767225600:f>`) turned into `<time>`
elements the page's script shows in the reader's own local time, and `**bold**` kept bold. Pure."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from markupsafe import Markup, escape

from bot.languages.reader import localized

STAMP = re.compile(r"&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;")
BOLD = re.compile(r"\*\*(.+?)\*\*")
STAMPED = re.compile(r"\s*\(?<t:-?\d+(?::[tTdDfFR])?>\)?")  # a time stamp in a post's raw text


def moment(when: datetime, style: str = "f") -> Markup:
    """A moment as a `<time>` element: UTC in the markup (read without the script), local once the script runs."""
    utc = when.astimezone(UTC)
    return Markup('<time datetime="{}" data-style="{}">{}</time>').format(
        utc.isoformat(), style, utc.strftime("%d %B %Y %H:%M UTC")
    )


def _stamp(match: re.Match[str]) -> str:
    return str(moment(datetime.fromtimestamp(int(match.group(1)), UTC), match.group(2) or "f"))


def text_html(text: str) -> Markup:
    """A post's text as HTML (line breaks kept by the page's style), in the page's language (`reading`)."""
    html = str(escape(localized(text)))
    html = STAMP.sub(_stamp, html)
    html = BOLD.sub(r"<strong>\1</strong>", html)
    return Markup(html)

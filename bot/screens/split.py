"""Cutting text to Discord's length limits without breaking a sentence when it can be helped.

`split_text(text, limit)` cuts at line breaks first, then between sentences, then between words, and only
cuts a word when a single word is longer than the limit. `pack(units, limit)` joins short texts (one outbox
row each) with line breaks into as few pieces as fit, keeping each unit whole whenever it fits on its own.
Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


def split_text(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut at the gentlest boundary that works."""
    if limit < 1:
        raise ValueError("limit must be positive")
    text = text.strip()
    if len(text) <= limit:
        return [text] if text else []
    return _split(text, limit, 0)


_LEVELS = (("\n", lambda t: t.split("\n")), (" ", _SENTENCE_END.split), (" ", str.split))


def _split(text: str, limit: int, level: int) -> list[str]:
    if len(text) <= limit:
        return [text]
    if level == len(_LEVELS):
        return [text[i : i + limit] for i in range(0, len(text), limit)]
    sep, cut = _LEVELS[level]
    parts = [p.strip() for p in cut(text) if p.strip()]
    if len(parts) <= 1:
        return _split(text, limit, level + 1)
    return _greedy((chunk for part in parts for chunk in _split(part, limit, level + 1)), limit, sep)


def pack(units: Iterable[str], limit: int, sep: str = "\n") -> list[str]:
    """Join the units with `sep` into pieces of at most `limit` characters; a unit is cut only when it is
    longer than `limit` on its own (then by `split_text`)."""
    return _greedy((chunk for unit in units for chunk in split_text(unit, limit)), limit, sep)


def _greedy(chunks: Iterable[str], limit: int, sep: str) -> list[str]:
    """Chunks (each at most `limit` long) joined with `sep`, filling each piece as far as it goes."""
    pieces: list[str] = []
    current = ""
    for chunk in chunks:
        joined = f"{current}{sep}{chunk}" if current else chunk
        if len(joined) <= limit:
            current = joined
        else:
            pieces.append(current)
            current = chunk
    if current:
        pieces.append(current)
    return pieces

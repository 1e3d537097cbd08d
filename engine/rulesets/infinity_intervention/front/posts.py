"""How a step's public events are told in its post: in the order they happened, with no sections (issue 23:
"Turn N begins" stood above the previous turn's last actions when the turn had a section of its own)."""

from __future__ import annotations

HEADINGS: tuple[str, ...] = ()  # no section: every event is narration, in the order it happened


def section_of(kind: str) -> str | None:
    return None

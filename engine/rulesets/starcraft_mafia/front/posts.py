"""How a StarCraft Mafia resolution reads as one post: its title, and the sections its public events go under.

Deaths, battles, transformations, pick-ups, the lynch vote's tally and the stat list each have a heading, in
that order; the other public events (the start, the infested count, the classes, the end of the game) are the
post's narration.
"""

from __future__ import annotations

from engine.rulesets.starcraft_mafia.front.texts import text

SECTIONS: tuple[tuple[str, frozenset[str]], ...] = (
    ("post_deaths", frozenset({"death"})),
    ("post_battles", frozenset({"battle"})),
    ("post_transformations", frozenset({"transform"})),
    ("post_pickups", frozenset({"pickup"})),
    ("post_vote", frozenset({"vote"})),
    ("post_stats", frozenset({"stat_list"})),
)
HEADINGS: tuple[str, ...] = tuple(text(key) for key, _ in SECTIONS)


def section_of(kind: str) -> str | None:
    return next((text(key) for key, kinds in SECTIONS if kind in kinds), None)


def post_title(day: int) -> str:
    return text("post_start_title") if day < 0 else text("post_day_title", day=day)


def day_title(day: int) -> str:
    return text("log_signup") if day < 0 else text("log_day", day=day)

"""How a Battle Royale resolution reads as one post: its title, and the sections its public events go under.

Deaths, the zones that close, the marks and the reward package each have a heading, in that order; every
other public event (the dawn, escapes, the census) is the post's narration. Day 0's post is where everyone
starts (handbook II), not a night's fighting; the start of the game (day -1) has its own title. The
simulation's log names the days the same way: the sign-up, Day 0, then the nights.
"""

from __future__ import annotations

from engine.rulesets.battle_royale.front.texts import text

SECTIONS: tuple[tuple[str, frozenset[str]], ...] = (
    ("post_deaths", frozenset({"death"})),
    ("post_closures", frozenset({"zones_close", "closure"})),
    ("post_marks", frozenset({"marked", "mark"})),
    ("post_reward", frozenset({"reward_drop", "reward"})),
)
HEADINGS: tuple[str, ...] = tuple(text(key) for key, _ in SECTIONS)


def section_of(kind: str) -> str | None:
    return next((text(key) for key, kinds in SECTIONS if kind in kinds), None)


def post_title(day: int) -> str:
    if day < 0:
        return text("post_start_title")
    return text("post_day0_title") if day == 0 else text("post_night_title", day=day)


def day_title(day: int) -> str:
    """`brbot simulate`'s headings: the sign-up (the start), Day 0, then the nights."""
    if day < 0:
        return text("log_signup")
    return text("log_day0") if day == 0 else text("log_night", day=day)

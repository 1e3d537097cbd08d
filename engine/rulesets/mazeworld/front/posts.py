"""How a turn's public events are grouped in its post: the order of passage, the actions, wounds and
deaths, the end of the turn (other kinds are narration)."""

from __future__ import annotations

from engine.rulesets.mazeworld.front.texts import text

SECTIONS: tuple[tuple[str, frozenset[str]], ...] = (
    ("section_order", frozenset({"turn", "order", "conflict"})),
    (
        "section_actions",
        frozenset(
            {
                "cover",
                "attack",
                "blast",
                "execute",
                "reload",
                "swap",
                "use",
                "move",
                "escape",
                "skip",
                "void",
                "lost",
                "dry",
                "stovepipe",
                "misfire",
                "feed",
                "destroyed",
                "dud",
                "self_hit",
                "stealth",
                "butcher",
            }
        ),
    ),
    ("section_harm", frozenset({"condition", "blackout", "wakes", "death", "kill", "temerity"})),
    ("section_end", frozenset({"over", "again", "turn_end"})),
)
HEADINGS: tuple[str, ...] = tuple(text(key) for key, _ in SECTIONS)


def section_of(kind: str) -> str | None:
    return next((text(key) for key, kinds in SECTIONS if kind in kinds), None)

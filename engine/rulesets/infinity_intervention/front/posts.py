"""How a step's public events are grouped in its post: the turn and order, the actions, the rolls and
face-offs, the harm, the end (other kinds are narration)."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.front.texts import text

SECTIONS: tuple[tuple[str, frozenset[str]], ...] = (
    ("section_turn", frozenset({"start", "turn", "order", "heat_spent", "revived"})),
    (
        "section_actions",
        frozenset({"forfeit", "ip_spent", "void", "reset", "cover", "switch", "observe", "negotiate", "freeform"}),
    ),
    (
        "section_rolls",
        frozenset({"attack", "asked", "take", "react", "attack_roll", "react_roll", "focus", "faceoff_void"})
        | frozenset({"faceoff_won", "critical_hit", "save", "heat", "attack_tn", "tie"}),
    ),
    ("section_harm", frozenset({"damage", "killed", "incapacitated", "immobilized", "firewalls_down"})),
    ("section_end", frozenset({"over"})),
)
HEADINGS: tuple[str, ...] = tuple(text(key) for key, _ in SECTIONS)


def section_of(kind: str) -> str | None:
    return next((text(key) for key, kinds in SECTIONS if kind in kinds), None)

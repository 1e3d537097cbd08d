"""A setup's choice of names with their numbers typed as one line of text, as a moderator types a setting's value
(`/game settings classes marine: 2, medic: 1`): "name: number, name: number", braces allowed around it (the way
YAML and JSON write a mapping), `name: none` (or `null`, or nothing after the colon) for no number. Read here,
without a YAML parser (whose aliases can make a short text stand for a huge one), into the mapping the game's
settings model then checks: a number that is not one stays as it was typed, for the check to name it."""

from __future__ import annotations

from typing import Any

NONE = ("none", "null", "")


def mapping(value: Any) -> Any:
    """`value` as a mapping if it is such a line of text; anything else as it is."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    out: dict[str, Any] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, colon, number = part.partition(":")
        if not colon:
            name, _, number = part.partition("=")
        name, number = name.strip().strip("\"'"), number.strip().strip("\"'")
        if number.lower() in NONE:
            out[name] = None
        elif number.isdigit():  # ASCII digits: "1_0" and "1e3" are not numbers here
            out[name] = int(number) if number.isascii() else number
        else:
            out[name] = number
    return out

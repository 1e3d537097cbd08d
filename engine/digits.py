"""Whole numbers as people type them: ASCII digits only, in every layer that reads one.

`str.isdigit()` is true of other digits too: '²' and '①' pass it and then `int()` raises; '٣' and '３' pass
and `int()` makes them 3; `int()` alone also takes signs, underscores and spaces inside ("1_0" is 10). So a
number typed by a person (a setting, a zone, a count in a data file) is read with `whole`, which takes only
the digits 0-9 and gives None for anything else: the caller refuses that as it refuses any other non-number.
`DIGITS` is the same rule for a pattern (`\\d` matches every script's digits).
"""

from __future__ import annotations

import re

DIGITS = "[0-9]"
LONGEST = 100  # digits: no typed number is longer (and int() refuses a text of 4,300 digits or more)
_WHOLE = re.compile(f"{DIGITS}{{1,{LONGEST}}}")


def whole(text: object) -> int | None:
    """`text` (spaces around it allowed) as a whole number from 0 when it is ASCII digits only, else None."""
    if not isinstance(text, str):
        return None
    stripped = text.strip()
    return int(stripped) if _WHOLE.fullmatch(stripped) else None

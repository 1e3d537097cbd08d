"""Dice notation for the rulesets that write dice: parse it, then roll it through the rng.

Supported forms (whitespace and case are ignored):

- `2d6`, `d6` (= `1d6`), `d100`, `1d20-2`
- chained terms and modifiers: `2d6+1d4+2`, `1d76+24`, `1d8-1d4`
- repetitions, as the Mazeworld rules write them: `3#2d6` rolls `2d6` three times, giving three
  separate totals (one per shot).

`parse` turns text into a frozen `DiceExpr`; `roll` draws every face through
`rng.randint(1, sides, purpose)`, so each die is recorded in `rng.rolls`. Bad or absurd notation
raises `DiceError` (a `ValueError`) with a message fit to show the player.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from engine.rng import RecordingRng

MAX_DICE = 100  # in one roll, counting repetitions
MAX_SIDES = 1000
MAX_REPEATS = 20
MAX_MODIFIER = 1_000_000
MAX_LENGTH = 200

EXAMPLES = "try something like 2d6, d100, 1d20+3 or 3#2d6"
_DICE = re.compile(r"(\d*)d(\d*)")
_NUMBER = re.compile(r"\d+")


class DiceError(ValueError):
    """Dice notation that can't be read or is too big to roll; the message is player-facing."""


class DiceTerm(BaseModel, frozen=True):
    """`count` dice of `sides` sides, added (sign 1) or subtracted (sign -1)."""

    count: int
    sides: int
    sign: Literal[1, -1] = 1

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


class DiceExpr(BaseModel, frozen=True):
    """A parsed roll: dice terms plus a flat modifier, rolled `repeat` times."""

    terms: tuple[DiceTerm, ...]
    modifier: int = 0
    repeat: int = 1

    @property
    def dice_count(self) -> int:
        """How many dice one full roll throws, counting repetitions."""
        return self.repeat * sum(term.count for term in self.terms)

    def __str__(self) -> str:
        text = ""
        for i, term in enumerate(self.terms):
            text += ("-" if term.sign < 0 else "+" if i else "") + str(term)
        if self.modifier:
            text += f"{self.modifier:+d}"
        return f"{self.repeat}#{text}" if self.repeat > 1 else text


class SingleRoll(BaseModel, frozen=True):
    """One repetition: the faces rolled for each term (in term order), the modifier and the total."""

    faces: tuple[tuple[int, ...], ...]
    modifier: int
    total: int


class DiceResult(BaseModel, frozen=True):
    """Everything one `roll` produced; `rolls` has one entry per repetition."""

    expr: DiceExpr
    rolls: tuple[SingleRoll, ...]

    @property
    def totals(self) -> list[int]:
        """One total per repetition (a single total without `#`)."""
        return [single.total for single in self.rolls]

    @property
    def total(self) -> int:
        """The total of a plain roll; for `N#...` the sum of all repetitions (see `totals`)."""
        return sum(self.totals)

    def describe(self) -> str:
        """A short line for players, e.g. `2d6+3: [4, 2] +3 = 9`."""
        return f"{self.expr}: " + "; ".join(self._describe_one(single) for single in self.rolls)

    def _describe_one(self, single: SingleRoll) -> str:
        parts = []
        for i, (term, faces) in enumerate(zip(self.expr.terms, single.faces)):
            sign = "-" if term.sign < 0 else "+" if i else ""
            parts.append(f"{sign}[{', '.join(map(str, faces))}]")
        if single.modifier:
            parts.append(f"{single.modifier:+d}")
        return f"{' '.join(parts)} = {single.total}"


def parse(notation: str) -> DiceExpr:
    """Read dice notation such as `2d6+3` or `3#2d6`; raise `DiceError` if it can't be rolled."""
    text = "".join(str(notation).split()).lower().replace("\u2212", "-")
    if not text:
        raise DiceError(f"No dice given: {EXAMPLES}.")
    if len(text) > MAX_LENGTH:
        raise DiceError(f"Dice notation is too long: {len(text)} characters (at most {MAX_LENGTH}).")
    shown, repeat = text, 1
    if "#" in text:
        times, _, text = text.partition("#")
        if not _NUMBER.fullmatch(times) or "#" in text:
            raise DiceError(f"Can't read '{shown}': put the number of rolls before one #, like 3#2d6.")
        repeat = int(times)
        if repeat < 1:
            raise DiceError(f"Can't roll something {repeat} times: repetitions start at 1.")
        if repeat > MAX_REPEATS:
            raise DiceError(f"Too many repetitions: {repeat} (at most {MAX_REPEATS}).")
    terms: list[DiceTerm] = []
    modifier = 0
    pieces = re.split(r"([+-])", text)
    pieces = pieces[1:] if pieces[0] == "" else ["+", *pieces]  # "" first: a leading sign, "-1d4"
    for sign, piece in zip(pieces[0::2], pieces[1::2]):
        if not piece:
            raise DiceError(f"Can't read '{shown}': there is nothing after a + or - sign.")
        term = _parse_term(piece, -1 if sign == "-" else 1)
        if isinstance(term, DiceTerm):
            terms.append(term)
        else:
            modifier += term
    if not terms:
        raise DiceError(f"'{shown}' has no dice in it: {EXAMPLES}.")
    expr = DiceExpr(terms=tuple(terms), modifier=modifier, repeat=repeat)
    if expr.dice_count > MAX_DICE:
        raise DiceError(f"Too many dice: {expr.dice_count} (at most {MAX_DICE}).")
    return expr


def _parse_term(piece: str, sign: int) -> DiceTerm | int:
    if _NUMBER.fullmatch(piece):
        value = int(piece)
        if value > MAX_MODIFIER:
            raise DiceError(f"Modifier too large: {value} (at most {MAX_MODIFIER:,}).")
        return sign * value
    match = _DICE.fullmatch(piece)
    if not match:
        raise DiceError(f"Can't read '{piece}' as dice: {EXAMPLES}.")
    count_text, sides_text = match.groups()
    if not sides_text:
        raise DiceError(f"'{piece}' is missing the number of sides: write it like d6 or 2d6.")
    count, sides = int(count_text or 1), int(sides_text)
    if count < 1:
        raise DiceError(f"Can't roll {count} dice in '{piece}': roll at least one.")
    if sides < 1:
        raise DiceError(f"A die needs at least one side, but '{piece}' has {sides}.")
    if sides > MAX_SIDES:
        raise DiceError(f"Too many sides: d{sides} (at most {MAX_SIDES}).")
    if count > MAX_DICE:
        raise DiceError(f"Too many dice: {count} (at most {MAX_DICE}).")
    return DiceTerm(count=count, sides=sides, sign=-1 if sign < 0 else 1)


def roll(notation_or_expr: str | DiceExpr, rng: RecordingRng, purpose: str = "dice") -> DiceResult:
    """Roll dice, drawing every face with `rng.randint(1, sides, purpose)` so each is recorded."""
    expr = notation_or_expr if isinstance(notation_or_expr, DiceExpr) else parse(notation_or_expr)
    rolls = []
    for _ in range(expr.repeat):
        faces = tuple(
            tuple(rng.randint(1, term.sides, purpose) for _ in range(term.count)) for term in expr.terms
        )
        total = expr.modifier + sum(t.sign * sum(f) for t, f in zip(expr.terms, faces))
        rolls.append(SingleRoll(faces=faces, modifier=expr.modifier, total=total))
    return DiceResult(expr=expr, rolls=tuple(rolls))

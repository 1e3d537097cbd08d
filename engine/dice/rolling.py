"""Rolling a parsed `/roll` with the `RecordingRng` given, and the result as text and as data.

Every die is one labelled draw (`/roll 3#2d6, repetition 2: 2d6`), so the rng's record is the roll's audit
and the same seed gives the same faces. The text is the rulings' format, one total per repetition:
`3#2d6: [4, 3] = 7; [6, 6] = 12; [1, 1] = 2`; a table draw shows its face and result
(`bodyaim: [13] left arm`); a game's options mark each group of dice after the total (`= 7 (miss)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.dice.notation import Parsed, parse
from engine.dice.texts import text
from engine.dice.words import DiceGroup, Vocabulary
from engine.rng import RecordingRng


@dataclass(frozen=True)
class RolledTerm:
    sign: int
    faces: tuple[int, ...] | None  # None: a number
    value: int  # the term's signed value

    def shown(self) -> str:
        return f"[{', '.join(map(str, self.faces))}]" if self.faces is not None else str(abs(self.value))


@dataclass(frozen=True)
class Repetition:
    terms: tuple[RolledTerm, ...]
    total: int
    marks: tuple[str, ...] = ()
    result: str | None = None  # a table draw's result

    def shown(self) -> str:
        if self.result is not None:
            return f"{self.terms[0].shown()} {self.result}"
        body = ""
        for index, term in enumerate(self.terms):
            if index == 0:
                body = ("-" if term.sign < 0 else "") + term.shown()
            else:
                body += f" {'-' if term.sign < 0 else '+'} {term.shown()}"
        marks = f" ({', '.join(self.marks)})" if self.marks else ""
        return f"{body} = {self.total}{marks}"


@dataclass(frozen=True)
class Rolled:
    """A roll done: what was asked (`parsed`) and each repetition's dice, total and marks."""

    parsed: Parsed
    repetitions: tuple[Repetition, ...]

    @property
    def heading(self) -> str:
        parsed = self.parsed
        if parsed.words is not None and parsed.options:
            return f"{parsed.expression} ({parsed.words.options_text(dict(parsed.options))})"
        return parsed.expression

    @property
    def text(self) -> str:
        return f"{self.heading}: " + "; ".join(r.shown() for r in self.repetitions)

    @property
    def totals(self) -> list[int]:
        return [r.total for r in self.repetitions]

    def as_dict(self) -> dict[str, Any]:
        """The result as stored and compared by `brbot verify`."""
        return {
            "expression": self.parsed.expression,
            "options": dict(self.parsed.options),
            "repetitions": [
                {
                    "terms": [[t.sign, list(t.faces) if t.faces is not None else None, t.value] for t in r.terms],
                    "total": r.total,
                    "marks": list(r.marks),
                    "result": r.result,
                }
                for r in self.repetitions
            ],
            "text": self.text,
        }


def roll(parsed: Parsed, vocabulary: Vocabulary, rng: RecordingRng) -> Rolled:
    """Roll every repetition of a checked roll, each die one labelled draw of `rng`."""
    repetitions = []
    for number in range(1, parsed.repeat + 1):
        if parsed.table is not None:
            table = vocabulary.table(parsed.table)
            assert table is not None, "parse checked the table"
            purpose = text("purpose", expression=parsed.expression, repetition=number, dice=f"1d{table.sides}")
            face = rng.randint(1, table.sides, purpose)
            repetitions.append(Repetition((RolledTerm(1, (face,), face),), face, result=table.result(face)))
            continue
        terms, marks = [], []
        for term in parsed.terms:
            if term.dice is None:
                terms.append(RolledTerm(term.sign, None, term.sign * term.number))
                continue
            purpose = text("purpose", expression=parsed.expression, repetition=number, dice=str(term.dice))
            faces = tuple(rng.randint(1, term.dice.sides, purpose) for _ in range(term.dice.count))
            terms.append(RolledTerm(term.sign, faces, term.sign * sum(faces)))
            if parsed.words is not None:
                mark = parsed.words.marks(dict(parsed.options), DiceGroup(term.dice.count, term.dice.sides, faces))
                if mark:
                    marks.append(mark)
        total = sum(t.value for t in terms)
        said = parsed.words.total_mark(dict(parsed.options), total) if parsed.words is not None else None
        repetitions.append(Repetition(tuple(terms), total, tuple([*marks, said] if said else marks)))
    return Rolled(parsed, tuple(repetitions))


def roll_text(source: str, vocabulary: Vocabulary, rng: RecordingRng) -> Rolled:
    """Parse and roll in one call (raises `DiceRefused` before any draw when the roll is refused)."""
    return roll(parse(source, vocabulary), vocabulary, rng)

"""The `/roll` notation every game shares, parsed to a small tree and checked before a die is rolled.

    [N#]expression [option=value ...] [label]

- expression: terms joined by `+` and `-`: dice `NdS` or `dS` (`2d6`, `d20`, `d100`) and whole numbers
  (`2d6+3`, `1d46+4`, `1d8-1d4`); or the name of a table of the words in use (`bodyaim`, `@bodyaim`).
- `N#` repeats the whole expression N times, each with its own total (`3#2d6`).
- options: after the expression, the words' integer options (`ft=7`, `ft:7`, `ft7` or `ft 7`).
- label: whatever follows, as typed (`2d6+1 Shot at the wolf`).

Limits keep a dice bomb from ever being rolled: the expression is at most `EXPRESSION_MAX` characters with
`TERMS_MAX` terms, numbers at most `NUMBER_MAX`, dice at most `SIDES_MAX` sides, at most `REPEAT_MAX`
repetitions and `DICE_MAX` dice in all (repetitions count). Each broken limit is a `DiceRefused` with its
reason, raised by `parse` before anything is rolled. Pure: no rng here (`engine.dice.rolling` rolls).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.dice.texts import text
from engine.dice.words import DiceWords, Vocabulary

EXPRESSION_MAX = 60
LABEL_MAX = 100
INPUT_MAX = 200
TERMS_MAX = 20
NUMBER_MAX = 100_000
SIDES_MAX = 1000
DICE_MAX = 100
REPEAT_MAX = 20

_TERM = r"(?:\d*d\d+|\d+)"
# re.ASCII: a number is the digits 0-9 only (engine.digits), so "2d٦" is not read as 2d6
_BODY = re.compile(rf"[+-]?{_TERM}(?:[+-]{_TERM})*", re.ASCII)
_PIECE = re.compile(rf"([+-]?)({_TERM})", re.ASCII)
_REPEAT = re.compile(r"(\d+)#(.*)", re.ASCII)
_OPTION = re.compile(r"@?([a-z][a-z_]*)[=:]?(-?\d+)?", re.ASCII)
_INTEGER = re.compile(r"-?\d+", re.ASCII)
NO_WORDS = Vocabulary()  # the shared notation alone, no game's words


class DiceRefused(ValueError):
    """An expression `/roll` will not roll: `reason` says why, in the player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True)
class Term:
    """`sign` (+1 or -1) times either dice or a number."""

    sign: int
    dice: Dice | None = None
    number: int = 0


@dataclass(frozen=True)
class Parsed:
    """A checked roll: `expression` as read (lower case, no spaces), repeated `repeat` times; either `terms`
    or a `table` name; the options given (by the game's words that own them) and the label."""

    expression: str
    repeat: int = 1
    terms: tuple[Term, ...] = ()
    table: str | None = None
    options: tuple[tuple[str, int], ...] = ()
    words: DiceWords | None = None
    label: str = ""

    @property
    def dice_count(self) -> int:
        per = 1 if self.table else sum(t.dice.count for t in self.terms if t.dice)
        return per * self.repeat

    @property
    def groups(self) -> list[tuple[int, int]]:
        return [(t.dice.count, t.dice.sides) for t in self.terms if t.dice]


def parse(source: str, vocabulary: Vocabulary = NO_WORDS) -> Parsed:
    """Read and check a roll; raises `DiceRefused` with the reason for anything it will not roll."""
    source = source.strip()
    if not source:
        raise DiceRefused(text("empty"))
    if len(source) > INPUT_MAX:
        raise DiceRefused(text("too_long", length=len(source), most=INPUT_MAX))
    head, _, rest = source.partition(" ")
    expression = head.lower()
    if len(expression) > EXPRESSION_MAX:
        raise DiceRefused(text("too_long", length=len(expression), most=EXPRESSION_MAX))
    repeat, body = _repeat(expression)
    table_name = body.removeprefix("@")
    table = vocabulary.table(table_name)
    options, label = _options(rest.strip(), vocabulary)
    words = _owner(options, vocabulary)
    if len(label) > LABEL_MAX:
        raise DiceRefused(text("label_too_long", length=len(label), most=LABEL_MAX))
    if table is not None:
        if options:
            raise DiceRefused(text("option_table", name=table_name))
        return Parsed(expression, repeat, table=table_name, label=label)
    terms = _terms(body, expression, vocabulary)
    parsed = Parsed(expression, repeat, terms, options=tuple(options), words=words, label=label)
    if not parsed.groups:
        raise DiceRefused(text("no_dice", expression=expression))
    if parsed.dice_count > DICE_MAX:
        raise DiceRefused(text("too_many_dice", expression=expression, count=parsed.dice_count, most=DICE_MAX))
    if words is not None:
        reason = words.check(dict(options), parsed.groups)
        if reason:
            raise DiceRefused(reason)
    return parsed


def _repeat(expression: str) -> tuple[int, str]:
    found = _REPEAT.fullmatch(expression)
    if not found:
        return 1, expression
    digits, body = found.groups()
    repeat = int(digits) if len(digits) <= 6 else REPEAT_MAX + 1
    if not 1 <= repeat <= REPEAT_MAX:
        raise DiceRefused(text("repeat_range", repeat=digits, most=REPEAT_MAX))
    return repeat, body


def _terms(body: str, expression: str, vocabulary: Vocabulary) -> tuple[Term, ...]:
    if not _BODY.fullmatch(body):
        for piece in re.split(r"[+-]", body):
            if vocabulary.table(piece.removeprefix("@")) is not None:
                raise DiceRefused(text("table_alone", name=piece.removeprefix("@")))
        raise DiceRefused(text("unreadable", expression=expression, known=_known(vocabulary)))
    pieces = _PIECE.findall(body)
    if len(pieces) > TERMS_MAX:
        raise DiceRefused(text("too_many_terms", expression=expression, count=len(pieces), most=TERMS_MAX))
    return tuple(_term(sign, term) for sign, term in pieces)


def _term(sign: str, term: str) -> Term:
    factor = -1 if sign == "-" else 1
    count_text, dee, sides_text = term.partition("d")
    if not dee:
        return Term(factor, number=_number(term))
    count = _number(count_text) if count_text else 1
    sides = _number(sides_text)
    if count < 1:
        raise DiceRefused(text("zero_dice", term=term))
    if sides < 1:
        raise DiceRefused(text("zero_sides", term=term))
    if sides > SIDES_MAX:
        raise DiceRefused(text("too_many_sides", term=term, most=SIDES_MAX))
    if count > DICE_MAX:
        raise DiceRefused(text("too_many_dice", expression=term, count=count, most=DICE_MAX))
    return Term(factor, dice=Dice(count, sides))


def _number(digits: str) -> int:
    value = int(digits) if len(digits) <= 7 else NUMBER_MAX + 1
    if value > NUMBER_MAX:
        raise DiceRefused(text("number_too_big", number=digits, most=NUMBER_MAX))
    return value


def _options(rest: str, vocabulary: Vocabulary) -> tuple[list[tuple[str, int]], str]:
    """The options at the start of `rest` (the words' own names only) and the label after them."""
    tokens = rest.split()
    options: list[tuple[str, int]] = []
    index = 0
    while index < len(tokens):
        found = _OPTION.fullmatch(tokens[index].lower())
        if not found or vocabulary.owner_of(found.group(1)) is None:
            break
        name, value = found.groups()
        if value is None:
            following = tokens[index + 1] if index + 1 < len(tokens) else ""
            if not _INTEGER.fullmatch(following):
                break
            value, index = following, index + 1
        if any(name == seen for seen, _ in options):
            raise DiceRefused(text("option_twice", option=name))
        options.append((name, _option_value(name, value, vocabulary)))
        index += 1
    return options, " ".join(tokens[index:])


def _option_value(name: str, value: str, vocabulary: Vocabulary) -> int:
    words = vocabulary.owner_of(name)
    option = words.option(name) if words else None
    assert option is not None
    number = int(value) if len(value) <= 7 else NUMBER_MAX
    if not option.low <= number <= option.high:
        raise DiceRefused(text("option_range", option=name, low=option.low, high=option.high, value=value))
    return number


def _owner(options: list[tuple[str, int]], vocabulary: Vocabulary) -> DiceWords | None:
    owners = [(name, vocabulary.owner_of(name)) for name, _ in options]
    for name, owner in owners[1:]:
        if owner is not owners[0][1]:
            raise DiceRefused(text("option_mixed", first=owners[0][0], second=name))
    return owners[0][1] if owners else None


def _known(vocabulary: Vocabulary) -> str:
    known = ""
    if vocabulary.table_names:
        known += text("known_words", tables=", ".join(f"`{t}`" for t in vocabulary.table_names))
    if vocabulary.option_names:
        known += text("known_options", options=", ".join(f"`{o}`" for o in vocabulary.option_names))
    return known

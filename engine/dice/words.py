"""A game's own dice words for `/roll`: named tables (`bodyaim`) and options that mark dice (`ft=7`).

The notation every game shares lives in `engine.dice.notation`; a game adds its words by declaring a
`DiceWords` (its front's `dice`). Words are data and pure functions, like the rest of a front:

- `tables`: `DiceTable`s, each one die whose faces name a result (`1-2 head`), validated on load: the
  entries cover every face of the die exactly once. `/roll bodyaim` or `/roll 3#bodyaim` draws from one.
- `options`: `WordOption`s, integers given after the expression (`name=7`, `name:7` or `name7`); the game's
  `marks` reads them and says something about each group of dice rolled (a band, a hit or a miss),
  `total_mark` something about each repetition's total (saved or failed against a number), and `check`
  refuses an expression the options cannot mark, with the reason.

A `Vocabulary` is the words `/roll` knows where it is used: one game's, or those of several games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, Field, model_validator


class TableEntry(BaseModel):
    """Faces `low`..`high` of the table's die give `result`."""

    low: int = Field(ge=1)
    high: int = Field(ge=1)
    result: str = Field(min_length=1, max_length=60)


class DiceTable(BaseModel):
    """One die (`sides` faces) whose faces name results; every face belongs to exactly one entry."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{0,19}$")
    sides: int = Field(ge=2, le=1000)
    description: str = ""
    entries: list[TableEntry]

    @model_validator(mode="after")
    def _covers_every_face_once(self) -> DiceTable:
        faces: list[int] = []
        for entry in self.entries:
            if entry.low > entry.high:
                raise ValueError(f"table {self.name}: entry {entry.low}-{entry.high} runs backwards")
            faces += range(entry.low, entry.high + 1)
        if sorted(faces) != list(range(1, self.sides + 1)):
            raise ValueError(
                f"table {self.name}: its entries must cover faces 1-{self.sides} of the d{self.sides}, each once"
            )
        return self

    def result(self, face: int) -> str:
        return next(e.result for e in self.entries if e.low <= face <= e.high)


@dataclass(frozen=True)
class WordOption:
    """An integer option of a game's dice words, `low`..`high`."""

    name: str
    description: str
    low: int
    high: int


@dataclass(frozen=True)
class DiceGroup:
    """One group of dice as rolled (`2d6` -> count 2, sides 6, faces [4, 3]), what `marks` is shown."""

    count: int
    sides: int
    faces: tuple[int, ...]


class DiceWords:
    """A game's dice words. Subclass and set `game`, `tables`, `options`; override `marks`, `check` and
    `options_text` when the game has options."""

    game: str = ""
    tables: Mapping[str, DiceTable] = {}
    options: tuple[WordOption, ...] = ()

    def option(self, name: str) -> WordOption | None:
        return next((o for o in self.options if o.name == name), None)

    def check(self, values: Mapping[str, int], groups: Sequence[tuple[int, int]]) -> str | None:
        """None, or why these option values cannot mark an expression whose dice groups are `groups`
        ((count, sides) pairs)."""
        return None

    def marks(self, values: Mapping[str, int], group: DiceGroup) -> str | None:
        """What the options say of one group of dice rolled (None: nothing)."""
        return None

    def total_mark(self, values: Mapping[str, int], total: int) -> str | None:
        """What the options say of one repetition's total (a save total against a number; None: nothing)."""
        return None

    def options_text(self, values: Mapping[str, int]) -> str:
        """The options as the result's heading shows them."""
        return ", ".join(f"{name} {value}" for name, value in values.items())


@dataclass(frozen=True)
class Vocabulary:
    """The dice words `/roll` knows in one place: the words of one game, or of several. A table or an option
    name declared by two games is the first game's (in the order given)."""

    words: tuple[DiceWords, ...] = ()
    _tables: dict[str, DiceTable] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for words in self.words:
            for name, table in words.tables.items():
                self._tables.setdefault(name, table)

    def table(self, name: str) -> DiceTable | None:
        return self._tables.get(name)

    def owner_of(self, option: str) -> DiceWords | None:
        return next((w for w in self.words if w.option(option) is not None), None)

    @property
    def table_names(self) -> list[str]:
        return sorted(self._tables)

    @property
    def option_names(self) -> list[str]:
        return sorted({o.name for w in self.words for o in w.options})

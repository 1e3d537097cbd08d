"""Mazeworld's dice words for `/roll`: the @bodyaim and @critwin tables and the FT/IR bands of 2d6.

From `mazeworld-rulings.md`, "Attack rolls": each 2d6 score s is a critical on 12 and a critical failure on 2;
otherwise s <= FT misses, s <= FT+IR is inaccurate, and anything higher hits. `/roll 3#2d6 ft=9 ir=2` marks
each 2d6 with its band. FT without IR takes IR 2 (Basic skill: "IR = 2 - skill"); IR without FT takes FT 6
(the creature's default base). The tables are `data/dice.yaml`, loaded by `catalog.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.dice.words import DiceGroup, DiceTable, DiceWords, WordOption
from engine.rulesets.mazeworld.catalog import dice_tables

FT_DEFAULT = 6  # "FT = base (creature's, default 6) + ..."
IR_DEFAULT = 2  # "IR = 2 - skill": Basic skill
FT_RANGE = (3, 10)  # "clamped 3..10"
IR_RANGE = (0, 10)

BANDS = {
    "critical": "critical",
    "critical_failure": "critical failure",
    "miss": "miss",
    "inaccurate": "inaccurate",
    "hit": "hit",
}
TEXTS = {
    "ft": "FT: a 2d6 at or under it misses (3-10)",
    "ir": "IR: a 2d6 up to FT+IR is inaccurate (0-10)",
    "needs_2d6": "`ft` and `ir` mark 2d6 rolls: roll `2d6` (or `3#2d6`) with them.",
    "heading": "FT {ft}, IR {ir}",
}


def band(score: int, ft: int, ir: int) -> str:
    """The band of one 2d6 score (a key of `BANDS`): "Attack rolls", "Each 2d6 score s"."""
    if score == 12:
        return "critical"
    if score == 2:
        return "critical_failure"
    if score <= ft:
        return "miss"
    if score <= ft + ir:
        return "inaccurate"
    return "hit"


def tables() -> dict[str, DiceTable]:
    """The @bodyaim and @critwin tables (`catalog.dice_tables`: `data/dice.yaml`, checked on load)."""
    return dice_tables()


class MazeworldDice(DiceWords):
    game = "mazeworld"
    options = (
        WordOption("ft", TEXTS["ft"], *FT_RANGE),
        WordOption("ir", TEXTS["ir"], *IR_RANGE),
    )

    def __init__(self) -> None:
        self.tables: Mapping[str, DiceTable] = tables()

    def check(self, values: Mapping[str, int], groups: Sequence[tuple[int, int]]) -> str | None:
        return None if (2, 6) in groups else TEXTS["needs_2d6"]

    def marks(self, values: Mapping[str, int], group: DiceGroup) -> str | None:
        if (group.count, group.sides) != (2, 6):
            return None
        ft, ir = values.get("ft", FT_DEFAULT), values.get("ir", IR_DEFAULT)
        return BANDS[band(sum(group.faces), ft, ir)]

    def options_text(self, values: Mapping[str, int]) -> str:
        return TEXTS["heading"].format(ft=values.get("ft", FT_DEFAULT), ir=values.get("ir", IR_DEFAULT))


DICE = MazeworldDice()

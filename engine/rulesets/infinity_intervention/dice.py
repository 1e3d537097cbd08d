"""Infinity: Intervention's dice words for `/roll` (rulings, "`/roll`"): `tn` and `focus` mark each d20 a
success, a critical or a failure (the rulings' "Rolls": d20 <= TN, the critical range with Focus and above 20),
and `vs` marks a save total saved (strictly greater) or failed. `/roll 2#d20 tn:13` shows
`2#1d20 (TN 13): [4] = 4 (success); [17] = 17 (failure)`; `/roll d20+4 vs:10` a total of 14 `(saved)`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.dice.words import DiceGroup, DiceWords, WordOption
from engine.keyed import joined
from engine.rulesets.infinity_intervention.rolls import outcome
from engine.rulesets.infinity_intervention.texts import say


class InfinityDice(DiceWords):
    game = "infinity_intervention"
    options = (
        WordOption("tn", say("dice_tn"), 1, 40),
        WordOption("focus", say("dice_focus"), 0, 10),
        WordOption("vs", say("dice_vs"), 1, 60),
    )

    def check(self, values: Mapping[str, int], groups: Sequence[tuple[int, int]]) -> str | None:
        if "focus" in values and "tn" not in values:
            return say("dice_focus_needs_tn")
        if "tn" in values and (1, 20) not in groups:
            return say("dice_needs_d20")
        return None

    def marks(self, values: Mapping[str, int], group: DiceGroup) -> str | None:
        if "tn" not in values or (group.count, group.sides) != (1, 20):
            return None
        return say(outcome(group.faces[0], values["tn"], values.get("focus", 0)))

    def total_mark(self, values: Mapping[str, int], total: int) -> str | None:
        if "vs" not in values:
            return None
        return say("saved" if total > values["vs"] else "failed")

    def options_text(self, values: Mapping[str, int]) -> str:
        return joined(", ", [say(f"dice_{name}_heading", **{name: value}) for name, value in values.items()])


DICE = InfinityDice()

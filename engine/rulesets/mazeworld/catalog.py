"""Mazeworld tables loaded from `data/*.yaml` and validated on load; so far the dice tables of `/roll`
(`data/dice.yaml`: @bodyaim, @critwin), each a die whose entries cover every face once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from engine.dice.words import DiceTable

DATA = Path(__file__).parent / "data"


@cache
def dice_tables() -> dict[str, DiceTable]:
    """The tables of `data/dice.yaml`, validated (every face of each die in exactly one entry)."""
    with (DATA / "dice.yaml").open(encoding="utf-8") as handle:
        raw = yaml.safe_load(handle)
    if not isinstance(raw, dict):
        raise ValueError("dice.yaml must map each table's name to the table")
    return {name: DiceTable.model_validate({"name": name, **body}) for name, body in raw.items()}

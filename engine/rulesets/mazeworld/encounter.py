"""The roster schema: an encounter (each side's public cover and groups of creatures with their count dice,
side, team, cover and stealth), as a GM's roster file or the demo gives it ("Sides, cover, escape, stealth")."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.dice import DiceRefused, parse
from engine.digits import whole

CoverLevel = Literal["none", "light", "heavy"]
Team = Literal["contestant", "ally", "hostile"]


class Group(BaseModel):
    """Creatures of one species: `count` dice (default: the species' own), side, team, cover, stealth."""

    model_config = ConfigDict(extra="forbid")

    species: str
    count: str | None = None
    side: int = Field(2, ge=1, le=4)
    team: Team = "hostile"
    cover: bool = False
    stealth: bool | None = None

    @field_validator("count")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is not None and whole(value) is None:  # ASCII digits, or dice ("²" is neither)
            try:
                parse(value)
            except DiceRefused as exc:
                raise ValueError(f"count {value!r} is not dice: {exc}") from None
        return value


def most(count: str) -> int:
    """The most creatures a count can bring: its number, or the highest its dice can roll (at least 1)."""
    number = whole(count)
    if number is not None:
        return number
    highest = 0
    for term in parse(count).terms:
        if term.sign > 0:
            highest += term.dice.count * term.dice.sides if term.dice else term.number
        else:
            highest -= term.dice.count if term.dice else term.number
    return max(1, highest)


class Encounter(BaseModel):
    """A roster file: each side's public cover (sides not named: none), the groups, and the contestants'
    sheets by their players' names (a player not named plays the demo's sheet under their own name)."""

    model_config = ConfigDict(extra="forbid")

    cover: dict[int, CoverLevel] = Field(default_factory=dict)
    groups: list[Group] = Field(min_length=1)
    sheets: dict[str, dict[str, Any]] = Field(default_factory=dict)  # player name -> sheet (`roster.load_sheet`)

    @field_validator("cover")
    @classmethod
    def _sides(cls, value: dict[int, CoverLevel]) -> dict[int, CoverLevel]:
        if any(side not in (1, 2, 3, 4) for side in value):
            raise ValueError("sides are 1 to 4")
        return value

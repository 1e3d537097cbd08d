"""Every `name = value` setting of the StarCraft Mafia rulings, named exactly as the rulings spell them.

A moderator may override any of these when creating a game; docs/rules/starcraft-mafia.md lists each one.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine import counts
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.texts import say

CLASS_WEIGHT_MOST = 20  # the largest weight of one class in a setup's `classes`


class InfestedRow(BaseModel):
    """One column of the rulings' table: from `players_min` to `players_max` players, `infested` start infested."""

    model_config = ConfigDict(extra="forbid")

    players_min: int = Field(ge=1)
    players_max: int = Field(ge=1)
    infested: int = Field(ge=1)


def _default_table() -> list[InfestedRow]:
    rows = [(5, 7, 1), (8, 11, 2), (12, 15, 3), (16, 20, 4)]  # rulings: "Players, teams, classes"
    return [InfestedRow(players_min=a, players_max=b, infested=n) for a, b, n in rows]


class SCMSettings(BaseModel):
    """House rules of a StarCraft Mafia game. Field descriptions are the player-facing explanation."""

    model_config = ConfigDict(extra="forbid")

    min_players: int = Field(5, ge=2, le=100, description="Fewest players a game starts with.")
    max_players: int = Field(20, ge=2, le=100, description="Most players a game starts with.")
    infested_table: list[InfestedRow] = Field(
        default_factory=_default_table, description="How many players start infested, by number of players."
    )
    announce_infested_count: bool = Field(True, description="The starting number of infested is announced.")
    infested_thread: bool = Field(
        True, description="The infested get a private thread; new infested are added at once, the dead removed."
    )
    day_hours: int = Field(24, ge=1, le=168, description="Hours between two deadlines.")
    day_vote: bool = Field(
        False, description="A lynch vote: after combat, the player with strictly the most votes (at least 2) dies."
    )
    fatigue_on_damage: bool = Field(False, description="Fatigue also lowers damage rolls (else hit rolls only).")
    max_rounds: int = Field(
        100, ge=1, le=1000, description="Rounds after which an unfinished battle ends with no result."
    )
    sleep_penalty: Literal["attack", "damage"] = Field(
        "attack",
        description="What a sleeper's first two defense shots lose (half, then a quarter): attack or damage.",
    )
    reveal_on_death: bool = Field(True, description="A death reveals the player's class and team.")
    stat_list: Literal["hp", "off"] = Field(
        "hp", description="The stat list after each day: class and HP of the living ('off': no list)."
    )
    idle_alert_days: int = Field(3, ge=1, le=30, description="Idle days in a row after which the moderators are told.")
    max_days: int = Field(30, ge=1, le=365, description="After this day the game is a draw.")
    classes: dict[str, int] | None = Field(
        None,
        description="Classes in play, each with its weight: a class takes requests while it has fewer than "
        "ceil(players x weight / total weight), and the others are dealt to the class fewest for its weight; "
        "a class left out is never dealt. None: every class, weight 1.",
    )

    @field_validator("classes", mode="before")
    @classmethod
    def _classes(cls, value: Any) -> Any:
        value = counts.mapping(value)  # as a moderator types it: "name: number, ..."
        problems = [] if value is None else class_problems(value)
        if problems:
            raise ValueError("; ".join(problems))
        return value

    @model_validator(mode="after")
    def _consistent(self) -> SCMSettings:
        if self.min_players > self.max_players:
            raise ValueError(f"min_players ({self.min_players}) is above max_players ({self.max_players})")
        for n in range(self.min_players, self.max_players + 1):
            rows = [r for r in self.infested_table if r.players_min <= n <= r.players_max]
            if len(rows) != 1:
                what = "no row" if not rows else "more than one row"
                raise ValueError(f"infested_table has {what} for {n} players")
            if rows[0].infested >= n:
                raise ValueError(f"infested_table starts {rows[0].infested} infested among only {n} players")
        return self

    def infested_count(self, players: int) -> int:
        """The table's number of infested for `players` (which must be within min_players..max_players)."""
        return next(r.infested for r in self.infested_table if r.players_min <= players <= r.players_max)


def class_problems(classes: Any) -> list[str]:
    """Every problem of a setup's `classes` (an empty list: it can be played)."""
    if not isinstance(classes, dict) or not classes:
        return [say("classes_shape")]
    known = catalog().class_ids()
    problems: list[str] = []
    for class_id, weight in classes.items():
        if class_id not in known:
            problems.append(say("classes_unknown", cls=str(class_id), known=", ".join(known)))
        elif isinstance(weight, bool) or not isinstance(weight, int) or not 0 <= weight <= CLASS_WEIGHT_MOST:
            problems.append(say("classes_weight", cls=class_id, weight=str(weight), most=CLASS_WEIGHT_MOST))
    if not problems and not any(classes.values()):
        problems.append(say("classes_none"))
    return problems

"""Every setting the handbook leaves open, with our default (the "House rules" of the rules page).

A moderator may override any of these when creating a game. `docs/rules/battle-royale.md` lists each
one; `tests/battle_royale/test_house_rules.py` checks that the page and this model agree.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from engine import counts
from engine.rulesets.battle_royale import selection
from engine.rulesets.battle_royale.catalog import Island, default_island


class BRSettings(BaseModel):
    """House rules of a Battle Royale game. Field descriptions are the player-facing explanation."""

    max_hp: int = Field(10, ge=1, le=100, description="Health every student starts with, and the maximum.")
    schools: int = Field(
        4, ge=1, le=20, description="Number of schools; students are split at random, sizes as equal as possible."
    )
    lone_wolf_chance: int = Field(
        50, ge=0, le=100, description="Percent chance a Lone Wolf request is granted (else Dedicated Student)."
    )
    starting_items: int = Field(1, ge=0, le=3, description="Random items each student receives on Day 0.")
    hidden_items_per_zone: int = Field(2, ge=0, le=20, description="Hidden items placed in each zone on Day 0.")
    search_chance: int = Field(
        60, ge=0, le=100, description="Percent chance a Search finds one hidden item of the zone."
    )
    carry_capacity: int = Field(
        3,
        ge=1,
        le=10,
        description="Items a student may hold (Backpack contents, Poison Vial, Headband and Ribbon excepted).",
    )
    days: int = Field(7, ge=1, le=30, description="The game ends when this day has been resolved.")
    closures_per_night: int = Field(1, ge=0, le=5, description="Zones closed each night.")
    closures_when_crowded: int = Field(
        2, ge=0, le=5, description="Zones closed on a night when many students are alive."
    )
    crowded_threshold: int = Field(16, ge=1, description="Students alive at which `closures_when_crowded` applies.")
    min_open_zones: int = Field(2, ge=1, description="Zone closures never leave fewer open zones than this.")
    abilities_per_student: int = Field(1, ge=0, le=3, description="Role abilities each student chooses on Day 0.")
    hit_min: int = Field(5, ge=0, le=100, description="Lowest hit chance after modifiers.")
    hit_max: int = Field(95, ge=0, le=100, description="Highest hit chance after modifiers.")
    rival_hit_bonus: int = Field(10, description="Hit bonus against your declared Rival.")
    lover_loss_hit_penalty: int = Field(5, description="Hit penalty for the rest of the game when your Lover dies.")
    lover_loss_max_hp: int = Field(1, description="Maximum HP lost when your Lover dies.")
    paintball_ammo: int | None = Field(
        None, description="Paint loads of a Paintball Gun (None: unlimited; the handbook gives none)."
    )
    trade_same_zone: bool = Field(
        True, description="Trades need both students in the same zone at the start of the night."
    )
    megaphone_affects_user: bool = Field(
        False, description="Whether the Megaphone's -10% also hits the student who uses it."
    )
    marks_last_until_death: bool = Field(
        True, description="A mark stays on a student until someone eliminates them (else it lasts one day)."
    )
    escape_at_end_of_actions: bool = Field(
        True, description="Escape takes effect after the Action phase, so the escaper can still be attacked that night."
    )
    trap_loot_to_ground: bool = Field(
        True,
        description="Items of a student killed by a trap, poison, or a closed zone fall to the ground of that zone.",
    )
    unarmed_with_weapons: bool = Field(
        True,
        description="Whether a student holding weapons may still choose the unarmed attack "
        "(the handbook grants it to those holding none).",
    )
    collateral_needs_hit: bool = Field(
        False, description="Whether an explosive's collateral happens only when the thrown item hits its target."
    )
    schoolmates_known: bool = Field(True, description="Each student learns who their schoolmates are on Day 0.")
    island: Island = Field(default_factory=default_island, description="The map: zones, adjacency, per-zone modifiers.")
    items: dict[str, int] | None = Field(
        None,
        description="Items in play: each item's number of chances in every random item drawn "
        "(starting, hidden, reward and bounty items); an item left out is never drawn. None: every item once.",
    )
    roles: dict[str, int | None] | None = Field(
        None,
        description="Roles granted, each with the most students who may hold it (none: no limit); "
        "a role left out is never granted (its requests become Dedicated Students). None: every role, no limit.",
    )

    @field_validator("items", "roles", mode="before")
    @classmethod
    def _selection(cls, value: Any, info: ValidationInfo) -> Any:
        """A setup's `items` or `roles`, as stored or as a moderator types it ("name: number, ..."), every problem
        named at once."""
        value = counts.mapping(value)
        problems_of = selection.item_problems if info.field_name == "items" else selection.role_problems
        problems = [] if value is None else problems_of(value)
        if problems:
            raise ValueError(selection.problems_said(problems))
        return value

    def closures_for(self, alive: int) -> int:
        return self.closures_when_crowded if alive >= self.crowded_threshold else self.closures_per_night

"""Every `name = value` setting of the Mazeworld rulings (`mazeworld-rulings.md`), named as the rulings spell
them, with the rulings' defaults. A moderator may override any of them when an encounter is created;
docs/rules/mazeworld.md lists each one."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.rulesets.mazeworld.catalog import demo
from engine.rulesets.mazeworld.encounter import Encounter


class MazeworldSettings(BaseModel):
    """House rules of a Mazeworld fight. Field descriptions are the moderator-facing explanation."""

    model_config = ConfigDict(extra="forbid")

    npc_orders: Literal["gm_then_script", "gm_only", "script"] = Field(
        "gm_then_script", description="NPC orders come from a moderator by the deadline, else the scripted policy."
    )
    turn_hours: int = Field(24, ge=1, le=168, description="Hours each combat turn lasts.")
    idle_alert_turns: int = Field(3, ge=1, le=60, description="Moderators are told after this many skips in a row.")
    damage_timing: Literal["per_action", "end_of_turn"] = Field(
        "per_action", description="Hits apply before the next creature acts, or all at the end of the turn."
    )
    unaimed_part: Literal["torso", "bodyaim"] = Field(
        "torso", description="Where an attack with no body part named lands: the torso, or a @bodyaim roll."
    )
    dirt_per_shot: float = Field(0.1, ge=0, le=100, description="Cleanliness (%) lost per round fired.")
    pain_regen: int = Field(2, ge=0, le=100, description="Pain each creature loses at the end of a turn.")
    start_stealth: Literal["none", "contestants", "encounter", "all"] = Field(
        "none", description="Who starts the fight in stealth."
    )
    temerity: Literal["auto", "gm"] = Field(
        "auto", description="Temerity rolls when a team loses a creature or Pain crosses 70, or only on call."
    )
    max_turns: int = Field(60, ge=1, le=1000, description="The fight ends after this many turns.")
    encounter: Encounter = Field(
        default_factory=lambda: Encounter.model_validate(demo()["encounter"]),
        description="The roster: each side's cover and the creatures (the game's data, not a house rule).",
    )

"""Every `name = value` setting of the Infinity: Intervention rulings, named as the rulings spell them, plus the
house rules this package decided where the rulings are silent (listed in `DECIDED`; docs/rules/infinity-intervention.md
explains each). `roster` is the game's data, not a house rule: the sheets and the opening fight (the demo roster, or
a moderator's roster file, `/game create file:`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.rulesets.infinity_intervention.catalog import Roster, demo_roster

DECIDED = ("ask_for_points", "cover_levels")


CoverLevel = Literal["none", "low", "high"]


def _all_cover() -> list[CoverLevel]:
    return ["none", "low", "high"]


class IISettings(BaseModel):
    """House rules of an Infinity: Intervention combat. Field descriptions are the player-facing explanation."""

    model_config = ConfigDict(extra="forbid")

    post_hours: int = Field(24, ge=1, le=168, description="Hours an actor has to post before forfeiting the turn.")
    idle_alert_posts: int = Field(3, ge=1, le=20, description="Missed posts in a row before moderators are told.")
    npc_orders: Literal["gm_then_script", "script", "gm"] = Field(
        "gm_then_script",
        description="NPC posts: a moderator, else the script (gm_then_script); script only; gm only "
        "(no post: forfeit).",
    )
    observe_bonus: int = Field(2, ge=0, le=10, description="TN bonus of Observe to the next attack this turn.")
    cover_saves: Literal["wounds", "all"] = Field("wounds", description="Which saves cover adds to.")
    focus_bonus: int = Field(3, ge=0, le=10, description="Expertise bonus against a target after reaching focus.")
    reaction_hours: int = Field(12, ge=1, le=72, description="Hours a player has to answer a face-off.")
    npc_reactions: Literal["script", "ask"] = Field(
        "script", description="NPC reactions: by the script, or asked of the moderators."
    )
    infinity_points: int = Field(2, ge=0, le=10, description="Infinity Points each PC starts a combat with.")
    heat_start: Literal["sum_ip", "zero"] = Field("sum_ip", description="Heat at the start: the PCs' total points.")
    max_turns: int = Field(30, ge=1, le=200, description="Turns after which the combat ends undecided.")
    # Decided here (the rulings are silent):
    ask_for_points: bool = Field(
        True, description="A PC who cannot react but holds Infinity Points is asked too (take, with points)."
    )
    cover_levels: list[CoverLevel] = Field(default_factory=_all_cover, description="Cover the map offers.")
    roster: Roster = Field(
        default_factory=demo_roster,
        description="The roster: the sheets and who is in the opening fight (the game's data, not a house rule).",
    )

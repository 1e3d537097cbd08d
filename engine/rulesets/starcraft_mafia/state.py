"""The StarCraft Mafia game state: players with class, team, form, suit and body HP, fatigue and items. Pure data.

The state is a pydantic model that dumps to JSON (with `SCHEMA_VERSION`) and loads back equal. Items keep a
stable `uid` for the whole game so orders can name them; a dead player's items stay on the body.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.settings import SCMSettings

SCHEMA_VERSION = 1

Team = Literal["human", "infested"]
Form = Literal["human", "zerg"]
Phase = Literal["day", "over"]


class Item(BaseModel):
    """One carried item (a weapon or gear). `disabled_until`: sabotaged, unusable through that day."""

    model_config = ConfigDict(extra="forbid")

    uid: str
    kind: str
    uses: int | None = None  # the Optical Flare Grenade's remaining uses
    disabled_until: int | None = None

    @property
    def name(self) -> str:
        return catalog().item_name(self.kind)

    @property
    def mounted(self) -> bool:
        """Part of the suit (the Perdition Flamethrowers): never given, stolen or picked up."""
        weapon = catalog().weapon(self.kind)
        return bool(weapon and weapon.mounted)

    @property
    def is_weapon(self) -> bool:
        return catalog().weapon(self.kind) is not None

    def disabled_on(self, day: int) -> bool:
        return self.disabled_until is not None and day <= self.disabled_until


class Reading(BaseModel):
    """What a Psychic Probe taught the ghost: `infested` is None when the probe gave no reading."""

    day: int
    target: str
    infested: bool | None


class Player(BaseModel):
    """One seat. `form` is the form the player fights in now: an infested human form at 0 body HP fights only
    in Zerg form until healed. `zerg_hp` is None for the uninfested."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    cls: str
    requested_class: str | None = None
    team: Team = "human"
    form: Form = "human"
    infested_day: int | None = None  # 0: infested at the start
    suit_hp: int
    suit_max: int
    body_hp: int
    body_max: int
    zerg_hp: int | None = None
    fatigue: int = 0
    awake_days: int = 0  # days in a row without Sleep, for the rulings' extra fatigue
    idle_days: int = 0
    cloak_day: int | None = None  # last day the ghost cloaked (not two days in a row)
    items: list[Item] = Field(default_factory=list)
    readings: list[Reading] = Field(default_factory=list)
    alive: bool = True
    died_day: int | None = None
    death_cause: str | None = None
    revealed_day: int | None = None  # the day a transformation showed him infested in public (rulings, "Public")
    team_posted: bool = False  # his death post gave his team (`reveal_on_death`, or a moderator's kill)
    fled_day: int | None = None  # last day the player fled a battle (fleeing does not leave the game)

    @property
    def infested(self) -> bool:
        return self.team == "infested"

    def item(self, uid: str) -> Item | None:
        return next((i for i in self.items if i.uid == uid), None)

    def has_ability(self, ability_id: str) -> bool:
        return ability_id in catalog().cls(self.cls).abilities


class SCMState(BaseModel):
    model_config = ConfigDict(extra="forbid")  # a stored state with unknown fields is another schema: refuse it

    schema_version: int = SCHEMA_VERSION
    ruleset: Literal["starcraft_mafia"] = "starcraft_mafia"
    settings: SCMSettings = Field(default_factory=SCMSettings)
    day: int = 1
    phase: Phase = "day"
    players: dict[str, Player] = Field(default_factory=dict)
    infested_at_start: int = 0
    next_uid: int = 1
    winners: list[str] = Field(default_factory=list)
    end_reason: str | None = None

    @model_validator(mode="after")
    def _sorted_players(self) -> SCMState:
        """Players are kept in id order, so every loop over them is deterministic without sorting."""
        if list(self.players) != sorted(self.players):
            self.players = dict(sorted(self.players.items()))
        return self

    def living(self) -> list[Player]:
        return [p for p in self.players.values() if p.alive]

    def dead(self) -> list[Player]:
        return [p for p in self.players.values() if not p.alive]

    def new_item(self, kind: str) -> Item:
        """A fresh item with its uses and a uid unique in this game."""
        gear = catalog().gear_item(kind)
        if gear is None and catalog().weapon(kind) is None:
            raise KeyError(kind)
        item = Item(uid=f"i{self.next_uid}", kind=kind, uses=gear.uses if gear else None)
        self.next_uid += 1
        return item

    def holder(self, uid: str) -> Player | None:
        """Who carries the item (alive, or dead with it on the body)."""
        return next((p for p in self.players.values() if p.item(uid)), None)

"""The state of a Mazeworld fight: the sheet schema (a contestant's or a creature's sheet, as the rulings'
"Sheet and demo roster" lists it), the creatures in the fight built on it, and the battlespace. Pure data
that dumps to JSON and loads back equal; `SCHEMA_VERSION` marks its shape."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.keyed import joined, name_fields, named
from engine.rulesets.mazeworld.encounter import CoverLevel, Team
from engine.rulesets.mazeworld.settings import MazeworldSettings

SCHEMA_VERSION = 1

Status = Literal["active", "blacked_out", "passed_out", "dead", "escaped"]
Phase = Literal["combat", "aftermath", "over"]
SIDES = (1, 2, 3, 4)


_NUMBERED = re.compile(r"(?P<species>.+) (?P<letter>[A-Z]+)")  # a roster's creature: "Wolf A", "Wolf AA"
DOMAIN = "mazeworld.data"  # as `catalog.DOMAIN` (the catalog imports the state's models)


class Carried(BaseModel):
    """A weapon on a sheet: rounds loaded and spare, cleanliness %, a jam (`feed`), destroyed. `ammo` is the
    loaded ammunition type (None: the weapon's default), `spare` the default type's spare rounds and `spares`
    the other types'; `accessories` the mounted ones (None: the catalog's); `mounts` the rounds of attached
    weapons, by accessory name."""

    model_config = ConfigDict(extra="forbid")

    name: str = ""  # an attached weapon's rounds may leave it out: the accessory names the weapon
    loaded: int = Field(0, ge=0)
    spare: int = Field(0, ge=0)
    cleanliness: float = Field(90.0, ge=0, le=100)
    jam: Literal["feed"] | None = None
    destroyed: bool = False
    ammo: str | None = None
    spares: dict[str, int] = Field(default_factory=dict)
    accessories: list[str] | None = None
    mounts: dict[str, Carried] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _named(self) -> Carried:  # the weapon's name read in its reader's language (`catalog.DOMAIN`)
        return name_fields(self, DOMAIN, name="weapon")


class Effect(BaseModel):
    """A lasting effect through turn `until` (None: for the whole fight): a temerity reaction (`quake`,
    `anxious`, `anger`, applied by name) or a modifier from a sheet or an item: IS tier (negative is faster;
    rulings "Tier effects stack, floor 0"), FT and IR."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    until: int | None = None
    is_tier: int = Field(0, ge=-11, le=11)
    ft: int = Field(0, ge=-3, le=3)
    ir: int = Field(0, ge=-2, le=2)

    def active(self, turn: int) -> bool:
        return self.until is None or self.until >= turn


class Wound(BaseModel):
    """An open wound on a part (+2 Pain a turn); `by` is who opened it and `skill` the skill of the weapon
    that did (for the kill and its skill point; "" in states stored before it was kept: no point)."""

    part: str
    by: str = ""
    skill: str = ""


class Sheet(BaseModel):
    """A character sheet (the rulings' "Sheet" line); every field but the name has the rulings' default.
    `limbs` overrides the body plan's HP; `ac` is one armour class or one per part; `skills` are combat skill
    points (a skill not listed has 10: Basic); `hunting` and `repair` are noncombat levels."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    species: str = "human"
    team: Team = "contestant"
    side: int = Field(1, ge=1, le=4)
    agility: int = Field(0, ge=-5, le=5)
    pain: float = Field(0, ge=0)
    pain_sensitivity: float = Field(1.0, ge=0, le=10)
    pbt: int = Field(100, ge=1)
    pdt: int = Field(150, ge=1)
    limbs: dict[str, int] = Field(default_factory=dict)
    ac: str | dict[str, str] = "C1"
    wounds: list[Wound] = Field(default_factory=list)
    burning: str | None = None
    stealth: bool = False
    cover: bool = False
    skills: dict[str, float] = Field(default_factory=dict)
    hunting: int = Field(0, ge=0, le=5)
    hunting_points: int = Field(0, ge=0)
    repair: int = Field(1, ge=1, le=5)
    weapons: list[Carried] = Field(default_factory=list)
    wielded: str | None = None
    items: dict[str, int] = Field(default_factory=dict)
    kills: int = Field(0, ge=0)
    effects: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _species_named(self) -> Sheet:
        """The name as a text of the data catalogue: a creature a roster numbered ("Wolf A") by its species, so
        that it reads "Lobo A" in Portuguese; any other name by itself (the demo's sheet is a data name, a name a
        person gave has no translation and reads as given)."""
        numbered = _NUMBERED.fullmatch(self.name)
        if numbered and numbered["species"] == self.species:
            self.name = joined(" ", [named(DOMAIN, "creature", self.species), numbered["letter"]])
        else:  # the demo's "Contestant" is a data name; a name given (a player's) has no translation: as given
            self.name = named(DOMAIN, "sheet", self.name)
        return self


class Limb(BaseModel):
    """One part of a creature in the fight: HP now (below 0 when severed), its maximum, broken."""

    hp: int
    max_hp: int
    broken: bool = False

    @property
    def disabled(self) -> bool:
        return self.hp <= 0 or self.broken

    @property
    def severed(self) -> bool:
        return self.hp <= -(self.max_hp / 2)


class Creature(Sheet):
    """Someone in the fight: a sheet plus its id, who controls it, its body in play and its condition."""

    id: str = Field(min_length=1, max_length=20)
    controller: str | None = None  # a player's seat, or None: the game master
    body: str = "human"
    parts: dict[str, Limb] = Field(default_factory=dict)
    armour: dict[str, str] = Field(default_factory=dict)  # part -> armour class
    ft_base: int = Field(6, ge=3, le=10)
    attacks: list[str] = Field(default_factory=list)  # natural attacks of its species
    status: Status = "active"
    flees: bool = False
    never_flees: bool = False
    mindless: bool = False
    meat: int = 0
    butchered: bool = False
    idle: int = 0
    attacked: bool = False
    burning_skill: str = ""  # the skill of the weapon or item that set it burning (a kill by fire: its point)

    @property
    def present(self) -> bool:
        return self.status not in ("dead", "escaped")

    @property
    def able(self) -> bool:
        return self.status == "active"

    def weapon(self, name: str) -> Carried | None:
        return next((w for w in self.weapons if w.name == name and not w.destroyed), None)

    def effect(self, name: str, turn: int) -> bool:
        return any(e.name == name and e.active(turn) for e in self.effects)


class Charge(BaseModel):
    """A planted explosive on a side: who planted it, the planter's FT at planting, and the turn at whose end
    it explodes (None: when its planter's `detonate` action sets it off)."""

    model_config = ConfigDict(extra="forbid")

    weapon: str
    side: int = Field(ge=1, le=4)
    by: str
    ft: int = Field(ge=3, le=10)
    explodes: int | None = None


def _no_cover() -> dict[int, CoverLevel]:
    return dict.fromkeys(SIDES, "none")


class MazeState(BaseModel):
    """The whole fight: the turn (`day`), the phase, the cover of each side, the creatures sorted by id,
    the contestants' kill tally, creatures whose team lost one this turn, whether a moderator ended combat,
    and the settings."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    day: int = 1
    phase: Phase = "combat"
    cover: dict[int, CoverLevel] = Field(default_factory=_no_cover)
    creatures: list[Creature] = Field(default_factory=list)
    tally: int = 0
    losses: list[Team] = Field(default_factory=list)
    crossed: list[str] = Field(default_factory=list)  # creatures whose Pain crossed 70 this turn
    called: list[str] = Field(default_factory=list)  # temerity called by a moderator for this turn's end
    charges: list[Charge] = Field(default_factory=list)  # planted explosives waiting to go off
    ended_on: int | None = None  # the turn a moderator ended combat: until `start_combat` or a hostile's attack
    settings: MazeworldSettings = Field(default_factory=MazeworldSettings)

    def get(self, cid: str) -> Creature | None:
        return next((c for c in self.creatures if c.id == cid), None)

    def creature(self, cid: str) -> Creature:
        found = self.get(cid)
        if found is None:
            raise KeyError(cid)
        return found

    def of_seat(self, seat: str) -> list[Creature]:
        return [c for c in self.creatures if c.controller == seat]

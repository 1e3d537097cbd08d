"""StarCraft Mafia tables loaded from `data/classes.yaml` and validated on load: abilities, weapons, gear,
the five classes and the Zerg form.

A table that breaks a rule (a class naming an unknown item or ability, a class with no attack usable
without items, an item id listed twice) is refused with a clear error naming what is wrong.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.keyed import name_fields

DATA = Path(__file__).parent / "data"
DOMAIN = "starcraft_mafia.data"  # the data's names as texts of a catalogue (`names.py`, docs/languages.md)

Range = Literal["long", "medium", "short", "melee"]
RANGE_ORDER: dict[str, int] = {"long": 4, "medium": 3, "short": 2, "melee": 1}  # longest first (rulings)
AbilityKind = Literal["active", "passive", "offensive"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)  # a misspelt field in the table is an error


class AttackDef(_Strict):
    """An attack: hit if d12 + fatigue <= `attack`; damage rolls d`damage`."""

    attack: int = Field(ge=1, le=12)
    range: Range
    damage: int = Field(ge=1)


class AbilityDef(_Strict):
    id: str
    name: str
    kind: AbilityKind
    text: str

    @model_validator(mode="after")
    def _named(self) -> AbilityDef:
        return name_fields(self, DOMAIN, name="ability", text="ability_text")


class WeaponDef(AttackDef):
    id: str
    name: str
    mounted: bool = False  # part of the suit: never given, stolen or picked up; needs suit HP above 0

    @model_validator(mode="after")
    def _named(self) -> WeaponDef:
        return name_fields(self, DOMAIN, name="item")


class GearDef(_Strict):
    id: str
    name: str
    uses: int = Field(ge=1)
    damage_reduction: int = Field(ge=0)
    rounds: int = Field(ge=1)

    @model_validator(mode="after")
    def _named(self) -> GearDef:
        return name_fields(self, DOMAIN, name="item")


class BodyDef(_Strict):
    hp: int = Field(ge=1)
    defense: int = Field(ge=0)
    attack: AttackDef | None = None  # the Ghost's hand-to-hand, the Zerg form's claws


class SuitDef(_Strict):
    name: str
    hp: int = Field(ge=1)
    defense: int = Field(ge=0)
    attack: AttackDef | None = None  # punching in the suit; needs suit HP above 0

    @model_validator(mode="after")
    def _named(self) -> SuitDef:
        return name_fields(self, DOMAIN, name="suit")


class ClassDef(_Strict):
    id: str
    name: str
    body: BodyDef
    suit: SuitDef
    items: list[str] = Field(default_factory=list)
    abilities: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _named(self) -> ClassDef:
        return name_fields(self, DOMAIN, name="class")


class ZergDef(_Strict):
    name: str
    body: BodyDef
    abilities: list[str]

    @model_validator(mode="after")
    def _armed(self) -> ZergDef:
        if self.body.attack is None:
            raise ValueError("the Zerg form needs its own attack")
        return name_fields(self, DOMAIN, name="class")


class Catalog(_Strict):
    abilities: list[AbilityDef]
    weapons: list[WeaponDef]
    gear: list[GearDef]
    classes: list[ClassDef]
    zerg: ZergDef

    @model_validator(mode="after")
    def _consistent(self) -> Catalog:
        _unique("ability", [a.id for a in self.abilities])
        _unique("item", [w.id for w in self.weapons] + [g.id for g in self.gear])
        _unique("class", [c.id for c in self.classes])
        known_items = {w.id for w in self.weapons} | {g.id for g in self.gear}
        known_abilities = {a.id for a in self.abilities}
        for c in self.classes:
            for item_id in c.items:
                if item_id not in known_items:
                    raise ValueError(f"class {c.id} starts with unknown item {item_id!r}")
            for ability_id in c.abilities:
                if ability_id not in known_abilities:
                    raise ValueError(f"class {c.id} has unknown ability {ability_id!r}")
            if c.suit.attack is None and c.body.attack is None:
                raise ValueError(f"class {c.id} needs a suit attack or a body attack (rulebook: Players)")
        for ability_id in self.zerg.abilities:
            if ability_id not in known_abilities:
                raise ValueError(f"the Zerg form has unknown ability {ability_id!r}")
        return self

    def cls(self, class_id: str) -> ClassDef:
        for c in self.classes:
            if c.id == class_id:
                return c
        raise KeyError(class_id)

    def weapon(self, item_id: str) -> WeaponDef | None:
        return next((w for w in self.weapons if w.id == item_id), None)

    def gear_item(self, item_id: str) -> GearDef | None:
        return next((g for g in self.gear if g.id == item_id), None)

    def item_name(self, item_id: str) -> str:
        found = self.weapon(item_id) or self.gear_item(item_id)
        if found is None:
            raise KeyError(item_id)
        return found.name

    def kind_of(self, text: str) -> str | None:
        """The item kind an order names, by id or name in any case; None if the table has none."""
        wanted = text.strip().lower()
        names = [(w.id, w.name) for w in self.weapons] + [(g.id, g.name) for g in self.gear]
        return next((kind for kind, name in names if wanted in (kind, name.lower())), None)

    def item_kinds(self) -> list[str]:
        return [w.id for w in self.weapons] + [g.id for g in self.gear]

    def ability(self, ability_id: str) -> AbilityDef:
        return next(a for a in self.abilities if a.id == ability_id)

    def class_ids(self) -> list[str]:
        return [c.id for c in self.classes]


def _unique(what: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ValueError(f"{what} {i!r} is listed twice")
        seen.add(i)


def parse(raw: Any) -> Catalog:
    """Validate a table already read from YAML or JSON; raises ValueError (pydantic's) with the reason."""
    if not isinstance(raw, dict):
        raise ValueError("the StarCraft Mafia table must be a mapping of abilities, weapons, gear, classes, zerg")
    return Catalog.model_validate(raw)


def load(path: Path | str | None = None) -> Catalog:
    """The package's table, or another one from a YAML or JSON file (JSON is valid YAML)."""
    with Path(path or DATA / "classes.yaml").open(encoding="utf-8") as handle:
        return parse(yaml.safe_load(handle))


@cache
def catalog() -> Catalog:
    return load()

"""Battle Royale tables loaded from `data/*.yaml` and validated on load: items, the island, roles.

Numbers live in the data files; behaviour lives in code. A table that breaks a rule (a damage table
whose weights do not add to 100, an adjacency naming an unknown zone) is refused with a clear error.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, Field, field_validator, model_validator

from engine.keyed import named

DATA = Path(__file__).parent / "data"
DOMAIN = "battle_royale.data"  # the data's names as texts of a catalogue (`names.py`, docs/languages.md)

AttackClass = Literal["ranged", "melee", "explosive"]
Category = Literal["melee", "ranged", "explosive", "trap", "defensive", "support", "gimmick"]
DamageTable = list[tuple[int, int]]


def _check_table(table: DamageTable) -> DamageTable:
    if not table or sum(weight for _, weight in table) != 100:
        raise ValueError(f"damage table {table} must have weights adding to 100")
    return table


class Collateral(BaseModel):
    chance: int
    damage: DamageTable
    reach: Literal["target_melee", "user_or_target_melee"]
    average: float

    _table = field_validator("damage")(_check_table)


class ItemDef(BaseModel):
    """One kind of item with the handbook's numbers. Fields a kind does not use stay at their default."""

    id: str
    name: str
    category: Category
    text: str = ""
    in_pool: bool = True
    attempts: int = 0
    chance: int = 0
    damage: DamageTable = Field(default_factory=list)
    ammo: int | None = None
    one_use: bool = False
    average: float | None = None
    step: Literal["smoke", "melee", "class"] = "class"
    weapon_class: AttackClass | None = None
    collateral: Collateral | None = None
    smoke: bool = False
    pierces_vest: bool = False
    concealed: bool = False
    counts_toward_capacity: bool = True
    trap: Literal["poison", "mine", "c4"] | None = None
    negates_first_melee_hit: bool = False
    ranged_damage_reduction: int = 0
    dodge: int = 0
    hit: int = 0
    melee_dodge: int = 0
    heal: int = 0
    uses: int | None = None
    backpack_slots: int = 0
    megaphone_penalty: int = 0
    paint: int = 0
    wearable: bool = False

    @field_validator("damage")
    @classmethod
    def _damage(cls, table: DamageTable) -> DamageTable:
        return _check_table(table) if table else table

    @model_validator(mode="after")
    def _weapon_class(self) -> ItemDef:
        if self.weapon_class is None and self.category in ("melee", "ranged", "explosive"):
            self.weapon_class = self.category
        if self.weapon_class and not (self.attempts and self.damage and 0 < self.chance <= 100):
            raise ValueError(f"weapon {self.id} needs attempts, a chance and a damage table")
        return self

    @model_validator(mode="after")
    def _named(self) -> ItemDef:
        self.name, self.text = named(DOMAIN, "item", self.name), named(DOMAIN, "item_text", self.text)
        return self

    @property
    def is_weapon(self) -> bool:
        return self.weapon_class is not None

    @property
    def uses_ammo(self) -> bool:
        return self.ammo is not None


class ZoneDef(BaseModel):
    """One zone; `x`/`y` (0..1, from the left and the top) place it on the drawn map, and are optional."""

    id: int
    name: str
    modifiers: dict[AttackClass, int] = Field(default_factory=dict)
    melee_first: bool = False
    escape: bool = False
    x: float | None = Field(default=None, ge=0, le=1)
    y: float | None = Field(default=None, ge=0, le=1)

    @model_validator(mode="after")
    def _both_coordinates(self) -> ZoneDef:
        if (self.x is None) != (self.y is None):
            raise ValueError(f"zone {self.id} needs both x and y on the map, or neither")
        self.name = named(DOMAIN, "zone", self.name)
        return self


class Island(BaseModel):
    """A map: zones, undirected adjacency, per-zone modifiers. Another map can be loaded from a file."""

    name: str
    zones: list[ZoneDef]
    adjacency: list[tuple[int, int]]

    @model_validator(mode="after")
    def _consistent(self) -> Island:
        self.name = named(DOMAIN, "island", self.name)
        ids = [z.id for z in self.zones]
        if not ids:
            raise ValueError("an island needs at least one zone")
        if len(set(ids)) != len(ids):
            raise ValueError("zone ids must be unique")
        for a, b in self.adjacency:
            if a not in ids or b not in ids or a == b:
                raise ValueError(f"adjacency {a}-{b} names an unknown zone or joins a zone to itself")
        placed = [z.x is not None for z in self.zones]
        if any(placed) and not all(placed):
            raise ValueError("map coordinates (x, y) must be given for every zone or for none")
        return self

    def layout(self) -> dict[int, tuple[float, float]]:
        """Where each zone is drawn (0..1 from the left and the top): the file's coordinates, or a circle."""
        if all(z.x is not None for z in self.zones):
            return {z.id: (z.x, z.y) for z in self.zones}  # type: ignore[misc]
        return circle_layout(self.zone_ids())

    def zone(self, zone_id: int) -> ZoneDef:
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(zone_id)

    def neighbours(self, zone_id: int) -> list[int]:
        out = {b for a, b in self.adjacency if a == zone_id} | {a for a, b in self.adjacency if b == zone_id}
        return sorted(out)

    def adjacent(self, a: int, b: int) -> bool:
        return (a, b) in self.adjacency or (b, a) in self.adjacency

    def zone_ids(self) -> list[int]:
        return sorted(z.id for z in self.zones)


def circle_layout(zone_ids: list[int]) -> dict[int, tuple[float, float]]:
    """A deterministic layout for a map without coordinates: the zones on a circle in id order, from the top."""
    ids = sorted(zone_ids)
    if len(ids) == 1:
        return {ids[0]: (0.5, 0.5)}
    step = 2 * math.pi / len(ids)
    return {
        z: (round(0.5 + 0.4 * math.sin(i * step), 4), round(0.5 - 0.4 * math.cos(i * step), 4))
        for i, z in enumerate(ids)
    }


class Effect(BaseModel):
    hit: int = 0
    dodge: int = 0
    search_bonus: int = 0
    heal_bonus: int = 0
    binoculars: bool = False
    cover_lover_dodge: int = 0
    lover_sight: bool = False
    dodge_while_lover_alive: int = 0
    carry_bonus: int = 0


class Ability(BaseModel):
    id: str
    name: str
    effect: Effect
    text: str

    @model_validator(mode="after")
    def _named(self) -> Ability:
        self.name, self.text = named(DOMAIN, "ability", self.name), named(DOMAIN, "ability_text", self.text)
        return self


class RoleDef(BaseModel):
    id: Literal["dedicated_student", "lovers", "lone_wolf"]
    name: str
    abilities: list[Ability]

    @model_validator(mode="after")
    def _named(self) -> RoleDef:
        self.name = named(DOMAIN, "role", self.name)
        return self


class Roles(BaseModel):
    roles: list[RoleDef]
    rival_rewards: list[Ability]

    def role(self, role_id: str) -> RoleDef:
        return next(r for r in self.roles if r.id == role_id)

    def ability(self, ability_id: str) -> Ability:
        index = self.__dict__.get("_index")
        if index is None:
            index = {a.id: a for a in [a for r in self.roles for a in r.abilities] + self.rival_rewards}
            self.__dict__["_index"] = index
        return index[ability_id]


def _load_yaml(path: Path) -> object:
    with path.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@cache
def items() -> dict[str, ItemDef]:
    raw = _load_yaml(DATA / "items.yaml")
    if not isinstance(raw, dict):
        raise ValueError("items.yaml must map each category to its items")
    out: dict[str, ItemDef] = {}
    for category, entries in raw.items():
        for entry in entries:
            item = ItemDef.model_validate({**entry, "category": category})
            if item.id in out:
                raise ValueError(f"item {item.id} is listed twice")
            out[item.id] = item
    return out


def item(item_id: str) -> ItemDef:
    return items()[item_id]


def load_island(path: Path | str | None = None) -> Island:
    """The default island, or another map from a YAML or JSON file."""
    return Island.model_validate(_load_yaml(Path(path) if path else DATA / "island.yaml"))


@cache
def default_island() -> Island:
    return load_island()


@cache
def roles() -> Roles:
    return Roles.model_validate(_load_yaml(DATA / "roles.yaml"))


def item_pool() -> list[str]:
    """Item kinds that can be found, dropped as rewards, or handed out at the start."""
    return sorted(i.id for i in items().values() if i.in_pool)

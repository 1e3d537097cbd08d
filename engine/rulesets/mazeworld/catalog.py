"""Mazeworld tables loaded from `data/*.yaml` and validated on load (pydantic; a broken table is refused with
its reason): the dice tables of `/roll` (`dice.yaml`), weapons with their ammunition types and accessories,
armour classes, body plans, creatures, items, recoil windows and the demo fight (`mazeworld-rulings.md`,
"Default data"; docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns, ammunition")."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.dice.words import DiceTable
from engine.keyed import name_fields, named
from engine.problems import first_problem

DOMAIN = "mazeworld.data"  # the data's names as texts of a catalogue (`names.py`, docs/languages.md)
DATA = Path(__file__).parent / "data"

DamageType = Literal["Bullet", "Blunt", "Sharp", "Piercing", "Explosive", "Fire"]
Role = Literal["head", "torso", "lower", "arm", "hand", "leg", "foot"]
Kind = Literal["firearm", "melee", "martial", "thrown", "natural", "launcher", "planted", "bow"]
Action = Literal["box", "revolver", "bolt", "pump", "lever", "single", "belt"]
MODES = ("single", "semi", "da", "burst", "auto", "pump", "lever", "bolt", "sa")
FED = ("firearm", "launcher", "bow")  # kinds with a magazine (a bow's: its quiver), reloaded from spare rounds
GUNS = ("firearm", "launcher")  # kinds a Gun Cleaning Kit cleans, with a cleanliness on the sheet
BLAST = ("thrown", "launcher", "planted")  # kinds resolved by the explosives rule, not the bullet bands
ARMOUR_CLASSES = ("C1", "C2", "C3", "A1", "A2", "A3", "A4", "A5")
COMBAT_SKILLS = (  # text "Combat skill types": the 20 of them, firearms, explosives and melee
    "bolt-action",
    "pump-action",
    "lever-action",
    "automatic pistol",
    "automatic rifle",
    "automatic shotgun",
    "semi-auto pistol",
    "semi-auto rifle",
    "semi-auto shotgun",
    "double-action revolver",
    "single-action revolver",
    "grenade launcher",
    "rocket launcher",
    "planted explosives",
    "blunt weapons",
    "sharp weapons",
    "piercing weapons",
    "non-gun ranged weapons",
    "thrown weapons",
    "martial arts",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Ammo(_Strict):
    """One ammunition type of a weapon (text step 6; docs "Ammunition types"): what it changes from the
    weapon's own Pain, LDV, damage type and pellets; `ac_shift` counts the target's armour class that many
    classes lighter (negative: armour-piercing) or heavier (positive: hollow point)."""

    pain: float | None = Field(None, ge=0)
    ldv: int | None = None
    type: DamageType | None = None
    pellets: int | None = Field(None, ge=1, le=20)
    ac_shift: int = Field(0, ge=-7, le=7)


class Accessory(_Strict):
    """A weapon accessory (text "Remember the following steps" 2): passive ones always apply, the others only
    when the attack names them. FT and IR modifiers, an IS tier modifier (negative is faster), `quiet` (a
    suppressor: firing its weapon does not end stealth), or an attached weapon with its own rounds."""

    passive: bool = False
    ft: int = Field(0, ge=-3, le=3)
    ir: int = Field(0, ge=-2, le=2)
    is_tier: int = Field(0, ge=-11, le=11)
    quiet: bool = False
    weapon: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> Accessory:
        if self.weapon is not None and self.passive:
            raise ValueError("an attached weapon is announced, never passive")
        return self


class Weapon(_Strict):
    """One weapon (or a creature's natural attack, kind `natural`). `pellets`: projectiles a round fires (a
    shotgun shell); `ammunition`: its types, the first the default; `accessories`: mounted by default;
    `fuse` (planted charges): None is set off by a `detonate` action, N explodes at the end of the turn N
    turns after planting. A `bow` (bows and crossbows, the Non-gun ranged weapons skill) has no fire modes:
    `hits` is the most arrows it looses a turn, `magazine` the arrows at hand (a bow's quiver, a crossbow's
    one bolt on the string), refilled by a reload from the spare arrows."""

    name: str = ""
    skill: str = ""
    weight: int = Field(ge=0)
    kind: Kind
    action: Action | None = None
    modes: dict[str, int] = Field(default_factory=dict)
    hits: int | None = Field(None, ge=1)
    magazine: int | None = Field(None, ge=1)
    type: DamageType
    pain: float = Field(ge=0)
    ldv: int
    recoil: int | None = Field(None, ge=1, le=5)
    calibre: Literal["pistol", "rifle", "shotgun"] | None = None
    unaimed: bool = False
    pellets: int = Field(1, ge=1, le=20)
    ac_shift: int = Field(0, ge=-7, le=7)
    ammunition: dict[str, Ammo] = Field(default_factory=dict)
    accessories: list[str] = Field(default_factory=list)
    fuse: int | None = Field(None, ge=0, le=10)

    @model_validator(mode="after")
    def _shape(self) -> Weapon:
        if self.kind != "natural" and self.skill not in COMBAT_SKILLS:  # natural attacks have no skill (Basic)
            raise ValueError(f"{self.name!r}: skill {self.skill!r} is not one of the 20 combat skill types")
        if any(mode not in MODES for mode in self.modes):
            raise ValueError(f"{self.name!r}: fire modes are {', '.join(MODES)}")
        if self.kind == "firearm" and (not self.modes or self.magazine is None or self.action is None):
            raise ValueError(f"firearm {self.name!r} needs modes, a magazine and an action")
        if self.kind == "launcher" and (not self.modes or self.magazine is None):
            raise ValueError(f"launcher {self.name!r} needs modes and a magazine")
        if self.kind == "bow" and (
            self.magazine is None or self.hits is None or self.type not in ("Sharp", "Piercing")
        ):
            raise ValueError(
                f"bow {self.name!r} needs a magazine (its quiver), hits (arrows a turn), Sharp or Piercing"
            )
        if self.kind in ("melee", "martial", "natural", "thrown", "planted", "bow") and self.modes:
            raise ValueError(f"{self.name!r} is not a firearm or launcher: it has no fire modes")
        if self.kind in BLAST and self.type != "Explosive":
            raise ValueError(f"{self.name!r}: a {self.kind} weapon's damage type is Explosive")
        if self.ammunition and self.kind not in FED:
            raise ValueError(f"{self.name!r}: only firearms, launchers and bows have ammunition types")
        return self

    @property
    def ranged(self) -> bool:
        return self.kind in ("firearm", "bow", *BLAST)

    @property
    def gun(self) -> bool:
        """Has a cleanliness a Gun Cleaning Kit restores (firearms and launchers; not a bow)."""
        return self.kind in GUNS

    @property
    def fed(self) -> bool:
        """Has a magazine, reloaded from spare rounds (firearms, launchers, bows)."""
        return self.kind in FED

    @property
    def blast(self) -> bool:
        """Resolved by the explosives rule (rulings "Explosives"), not the bullet bands."""
        return self.kind in BLAST


class Armour(_Strict):
    bullet: float = Field(ge=0, le=1)
    other: float = Field(ge=0, le=1)
    level: int = Field(ge=0, le=5)


class Part(_Strict):
    role: Role
    hp: int = Field(ge=1)


class Body(_Strict):
    """A body plan: parts by name, weak points (-> the part taking their limb damage), @bodyaim mapping."""

    parts: dict[str, Part]
    weak: dict[str, str] = Field(default_factory=dict)
    aim: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _links(self) -> Body:
        for target in [*self.weak.values(), *self.aim.values()]:
            if target not in self.parts:
                raise ValueError(f"no part {target!r} in this body")
        if not any(p.role == "torso" for p in self.parts.values()):
            raise ValueError("a body needs a torso part")
        return self

    @property
    def torso(self) -> str:
        return next(name for name, p in self.parts.items() if p.role == "torso")


class Species(_Strict):
    """A creature of the roster: `count` dice, body plan, AC, Agility, base FT, attacks, carried weapons."""

    count: str = "1"
    body: str
    ac: str = "C1"
    agility: int = 0
    ft: int = Field(6, ge=3, le=10)
    attacks: dict[str, Weapon] = Field(default_factory=dict)
    weapons: dict[str, int] = Field(default_factory=dict)
    flees: bool = False
    mindless: bool = False
    meat: int = Field(0, ge=0)
    pain_sensitivity: float = Field(1.0, ge=0)


class Thrown(_Strict):
    """What an item does when thrown at a creature (text "Combat skill types", Notes: "any item that is thrown
    ... is covered by the Thrown weapons skill"): its damage type, Pain and LDV, and its weight (its IS tier)."""

    type: Literal["Blunt", "Sharp", "Piercing", "Fire"]
    pain: float = Field(ge=0)
    ldv: int
    weight: int = Field(1, ge=0)


class Item(_Strict):
    """An item: `effect` when used (None: it has no use), `boost` giving its user an effect (IS tier, FT, IR
    modifiers) for `turns` turns; `thrown`: its damage when thrown (None: it cannot be thrown to hurt)."""

    effect: Literal["clean", "bandage", "pain", "boost"] | None = None
    uses: int = Field(1, ge=1)
    amount: int = 0
    is_tier: int = Field(0, ge=-11, le=11)
    ft: int = Field(0, ge=-3, le=3)
    ir: int = Field(0, ge=-2, le=2)
    turns: int = Field(1, ge=1, le=20)
    thrown: Thrown | None = None

    @model_validator(mode="after")
    def _shape(self) -> Item:
        if self.effect is None and self.thrown is None:
            raise ValueError("an item needs an effect when used or damage data when thrown (`thrown`)")
        return self


class Window(_Strict):
    auto: int | None = None
    burst: int | None = None
    single: int | None = None


class Catalog(_Strict):
    weapons: dict[str, Weapon]
    armour: dict[str, Armour]
    bodies: dict[str, Body]
    species: dict[str, Species]
    items: dict[str, Item]
    recoil: dict[int, Window]
    accessories: dict[str, Accessory] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _links(self) -> Catalog:
        for name, held in self.weapons.items():
            for mounted in held.accessories:
                if mounted not in self.accessories:
                    raise ValueError(f"weapon {name!r}: no accessory {mounted!r}")
        for name, accessory in self.accessories.items():
            attached = self.weapons.get(accessory.weapon or "")
            if accessory.weapon is not None and (attached is None or not attached.fed or attached.accessories):
                raise ValueError(f"accessory {name!r}: {accessory.weapon!r} is no firearm or launcher to attach")
        if tuple(self.armour) != ARMOUR_CLASSES:
            raise ValueError(f"armour classes must be {', '.join(ARMOUR_CLASSES)} in that order")
        for name, sp in self.species.items():
            if sp.body not in self.bodies:
                raise ValueError(f"creature {name!r}: no body plan {sp.body!r}")
            if sp.ac not in self.armour:
                raise ValueError(f"creature {name!r}: no armour class {sp.ac!r}")
            for weapon in sp.weapons:
                if weapon not in self.weapons:
                    raise ValueError(f"creature {name!r}: no weapon {weapon!r}")
            if not sp.attacks and not sp.weapons:
                raise ValueError(f"creature {name!r} has no attack")
        for table, kind in (
            ("weapons", "weapon"),
            ("species", "creature"),
            ("items", "item"),
            ("accessories", "weapon"),
        ):
            object.__setattr__(self, table, {named(DOMAIN, kind, k): v for k, v in getattr(self, table).items()})
        for held in self.weapons.values():
            name_fields(held, DOMAIN, name="weapon")
        for sp in self.species.values():
            for attack in sp.attacks.values():
                name_fields(attack, DOMAIN, name="weapon")
        return self

    def weapon(self, name: str) -> Weapon:
        return self.weapons[name]


def _load(name: str) -> Any:
    with (DATA / name).open(encoding="utf-8") as handle:
        raw = yaml.safe_load(handle)
    if not isinstance(raw, dict):
        raise ValueError(f"{name} must be a mapping at the top")
    return raw


def build(raw: dict[str, Any]) -> Catalog:
    """A catalog from raw tables (the YAML files' contents), with names filled in; a clear ValueError if broken."""
    try:
        weapons = {n: {**w, "name": n} for n, w in raw["weapons"].items()}
        species = {
            n: {
                **s,
                "attacks": {a: {"hits": 1, **w, "name": a, "kind": "natural"} for a, w in s.get("attacks", {}).items()},
            }
            for n, s in raw["species"].items()
        }
        return Catalog.model_validate({**raw, "weapons": weapons, "species": species})
    except ValidationError as exc:
        raise ValueError("Mazeworld data: {}: {}".format(*first_problem(exc))) from None


@cache
def catalog() -> Catalog:
    """The default tables, validated once."""
    files = {"weapons": "weapons.yaml", "armour": "armour.yaml", "bodies": "bodies.yaml"}
    files |= {"species": "creatures.yaml", "items": "items.yaml", "recoil": "recoil.yaml"}
    files |= {"accessories": "accessories.yaml"}
    return build({key: _load(f) for key, f in files.items()})


@cache
def demo() -> dict[str, Any]:
    """The demo fight's raw encounter and sheet (checked by `roster.Encounter` and `roster.Sheet`)."""
    return dict(_load("demo.yaml"))


@cache
def dice_tables() -> dict[str, DiceTable]:
    """The tables of `data/dice.yaml`, validated (every face of each die in exactly one entry)."""
    raw = _load("dice.yaml")
    return {name: DiceTable.model_validate({"name": name, **body}) for name, body in raw.items()}

"""The Battle Royale game state: students, zones, items on the island, traps, marks. Pure data.

The state is a pydantic model that dumps to JSON (with `SCHEMA_VERSION`). The engine copies it before
resolving and never mutates its input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.settings import BRSettings

SCHEMA_VERSION = 1

Role = Literal["dedicated_student", "lovers", "lone_wolf"]
Phase = Literal["day0", "night", "over"]


class Item(BaseModel):
    """One item on the island. `uid` is stable for the whole game, so orders can name it."""

    uid: str
    kind: str
    ammo: int | None = None
    uses: int | None = None
    stored: bool = False
    worn: bool = False

    @property
    def defn(self) -> catalog.ItemDef:
        return catalog.item(self.kind)

    @property
    def name(self) -> str:
        return self.defn.name

    @property
    def concealed(self) -> bool:
        """Hidden from everyone but an Analyze: Switchblade, Poison Vial, Backpack contents."""
        return self.stored or self.defn.concealed


class Knowledge(BaseModel):
    """What an Analyze taught a student about another."""

    day: int
    target: str
    role: Role
    school: int
    concealed: list[str]


class Student(BaseModel):
    id: str
    name: str
    role: Role = "dedicated_student"
    requested_role: Role = "dedicated_student"
    lover: str | None = None
    rival: str | None = None
    school: int = 0
    zone: int | None = None
    hp: int = 10
    max_hp: int = 10
    alive: bool = True
    escaped: bool = False
    died_day: int | None = None
    death_cause: str | None = None
    items: list[Item] = Field(default_factory=list)
    abilities: list[str] = Field(default_factory=list)
    rewards: list[str] = Field(default_factory=list)
    rival_reward_choice: str = "battle_proficiency"
    collar_deactivated: bool = False
    marked: bool = False
    lover_lost: bool = False
    megaphoned_day: int | None = None
    painted_for_day: int | None = None
    knowledge: list[Knowledge] = Field(default_factory=list)

    @property
    def active(self) -> bool:
        """On the island and alive: may act, be targeted and be seen."""
        return self.alive and not self.escaped

    def item(self, uid: str) -> Item | None:
        return next((i for i in self.items if i.uid == uid), None)

    def carried(self) -> list[Item]:
        """Items that count against carrying capacity."""
        return [i for i in self.items if not i.stored and i.defn.counts_toward_capacity]

    def stored(self) -> list[Item]:
        return [i for i in self.items if i.stored]

    def usable(self, kind: str) -> list[Item]:
        """Items of a kind that are not in a Backpack (and worn, for wearables)."""
        return [i for i in self.items if i.kind == kind and not i.stored and (i.worn or not i.defn.wearable)]

    def has(self, kind: str) -> bool:
        return bool(self.usable(kind))


class Mine(BaseModel):
    uid: str
    setter: str
    zone: int
    to_zone: int


class C4(BaseModel):
    uid: str
    setter: str
    zone: int
    day: int


class Zone(BaseModel):
    id: int
    closed: bool = False
    hidden: list[Item] = Field(default_factory=list)
    ground: list[Item] = Field(default_factory=list)
    mines: list[Mine] = Field(default_factory=list)
    charges: list[C4] = Field(default_factory=list)


class BRState(BaseModel):
    model_config = ConfigDict(extra="forbid")  # a stored state with unknown fields is another schema: refuse it
    if TYPE_CHECKING:
        __pydantic_private__: dict[str, Any]  # never None here: the model has a private attribute (_census)

    schema_version: int = SCHEMA_VERSION
    ruleset: Literal["battle_royale"] = "battle_royale"
    settings: BRSettings = Field(default_factory=BRSettings)
    day: int = 0
    phase: Phase = "day0"
    students: dict[str, Student] = Field(default_factory=dict)
    zones: dict[int, Zone] = Field(default_factory=dict)
    next_uid: int = 1
    winners: list[str] = Field(default_factory=list)
    end_reason: str | None = None

    _census: dict[str, Any] | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _sorted_students(self) -> BRState:
        """Students are kept in id order, so every loop over them is deterministic without sorting."""
        if list(self.students) != sorted(self.students):
            self.students = dict(sorted(self.students.items()))
        return self

    def fork(self) -> BRState:
        """A copy safe to resolve on: everything a night changes is copied, the settings are shared.

        Much cheaper than a deep copy (the island and settings are large and never change during play).
        Knowledge entries, mines and charges are never changed in place, only added or removed, so their
        lists are copied and the entries shared.
        """

        def item(i: Item) -> Item:
            return i.model_copy()

        students = {
            sid: s.model_copy(
                update={
                    "items": [item(i) for i in s.items],
                    "abilities": list(s.abilities),
                    "rewards": list(s.rewards),
                    "knowledge": list(s.knowledge),
                }
            )
            for sid, s in self.students.items()
        }
        zones = {
            zid: z.model_copy(
                update={
                    "hidden": [item(i) for i in z.hidden],
                    "ground": [item(i) for i in z.ground],
                    "mines": list(z.mines),
                    "charges": list(z.charges),
                }
            )
            for zid, z in self.zones.items()
        }
        copy = self.model_copy(update={"students": students, "zones": zones, "winners": list(self.winners)})
        copy.cache_census(False)
        return copy

    def student(self, sid: str) -> Student:
        return self.students[sid]

    def cache_census(self, on: bool) -> None:
        """Inside one resolution, index who is where; `census_changed` must follow every death, escape or move."""
        self.__pydantic_private__["_census"] = {} if on else None

    def census_changed(self) -> None:
        census = self.__pydantic_private__["_census"]
        if census:
            census.clear()

    def _cached(self) -> dict[str, Any] | None:
        # Read the private dict directly: pydantic's attribute fallback is slow, and this is on every loop.
        return self.__pydantic_private__["_census"]

    def active(self) -> list[Student]:
        """Students alive on the island, in id order (a fresh list: callers may keep it while others die)."""
        cache = self._cached()
        if cache is None:
            return [s for s in self.students.values() if s.active]
        if "active" not in cache:
            cache["active"] = [s for s in self.students.values() if s.active]
        return list(cache["active"])

    def active_outside_school(self, school: int) -> list[Student]:
        """Students alive on the island from another school than `school`, in id order (a fresh list)."""
        cache = self._cached()
        if cache is None:
            return [s for s in self.students.values() if s.active and s.school != school]
        key = f"outside_school {school}"
        if key not in cache:
            cache[key] = [s for s in self.active() if s.school != school]
        return list(cache[key])

    def in_zone(self, zone_id: int) -> list[Student]:
        cache = self._cached()
        if cache is None:
            return [s for s in self.students.values() if s.active and s.zone == zone_id]
        if "zones" not in cache:
            zones: dict[int | None, list[Student]] = {}
            for s in self.students.values():
                if s.active:
                    zones.setdefault(s.zone, []).append(s)
            cache["zones"] = zones
        return list(cache["zones"].get(zone_id, ()))

    def open_zones(self) -> list[int]:
        return sorted(z for z, zone in self.zones.items() if not zone.closed)

    def new_item(self, kind: str) -> Item:
        """A fresh item with its ammunition or uses, and a uid unique in this game."""
        defn = catalog.item(kind)
        ammo = defn.ammo
        if kind == "paintball_gun":
            ammo = self.settings.paintball_ammo
        item = Item(uid=f"i{self.next_uid}", kind=kind, ammo=ammo, uses=defn.uses)
        self.next_uid += 1
        return item

    @property
    def island(self) -> catalog.Island:
        return self.settings.island

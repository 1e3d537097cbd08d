"""The item table and the roster (PC and NPC sheets) as YAML, validated with pydantic on load.

`items()` is `data/items.yaml`; `demo_roster()` is `data/roster.yaml`; `load_roster(text)` validates a roster's
YAML text and `upload(data)` a moderator's roster file as the bot read it (`/game create file:`: NPCs, PCs optional,
the demo's PCs joining a roster that has none); both raise `CatalogError` with a clear reason naming the sheet and
field. The sheet
schema (`Sheet`) is the rulings' "Sheet": attributes (default 8), expertise and focus per skill (default 0),
armour save bonus, items and the readied one, cover, hackable. Health is computed from the sheet.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.keyed import joined, name_fields

DATA = Path(__file__).parent / "data"
DOMAIN = "infinity_intervention.data"  # the data's names as texts of a catalogue (`names.py`, docs/languages.md)

SkillName = Literal["ballistics", "close_combat", "hacking", "resistance", "discipline", "persuade"]
Health = Literal["wounds", "consciousness", "firewalls"]
Cover = Literal["none", "low", "high"]
Quality = Literal["double_strike", "triple_burst", "immobilizing"]
ATTRIBUTES = ("agility", "awareness", "brawn", "coordination", "intelligence", "personality", "willpower")
# The rulings' "TN = attribute + expertise" pairs, and which expertise saves each health type.
SKILL_ATTRIBUTE: dict[str, str] = {
    "ballistics": "coordination",
    "close_combat": "agility",
    "hacking": "intelligence",
    "persuade": "personality",
}
SAVE_SKILL: dict[str, str] = {"wounds": "resistance", "consciousness": "discipline", "firewalls": "hacking"}
HEALTH_FROM: dict[str, tuple[str, str]] = {
    "wounds": ("brawn", "resistance"),
    "consciousness": ("willpower", "discipline"),
    "firewalls": ("intelligence", "hacking"),
}
ID_PATTERN = r"^[a-z][a-z0-9_]{0,19}$"
MAX_SHEETS, MAX_FIGHT = 30, 20  # a roster's sheets, and actors in the opening fight (cards and choosers stay short)


class CatalogError(ValueError):
    """A data file or an uploaded roster that does not fit the schema; the message says where and why."""


class Item(BaseModel):
    """A weapon or device from the rulings' table: its skill, the health it damages, damage (bracketed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    program: str | None = None  # a hacking device's program (CLAW-3 Carbonite)
    skill: Literal["ballistics", "close_combat", "hacking"]
    health: Health
    damage: int = Field(ge=0, le=20)
    focus_damage: int = Field(ge=0, le=20)
    qualities: list[Quality] = Field(default_factory=list)

    @model_validator(mode="after")
    def _named(self) -> Item:
        return name_fields(self, DOMAIN, name="item", program="program")  # no program stays None

    @property
    def strikes(self) -> int:
        """Saves the target makes (Double Strike 2, Triple Burst 3) and dice in a face-off."""
        return 3 if "triple_burst" in self.qualities else 2 if "double_strike" in self.qualities else 1

    @property
    def immobilizing(self) -> bool:
        return "immobilizing" in self.qualities

    @property
    def label(self) -> str:
        return joined("", [self.name, " (", self.program, ")"]) if self.program else self.name


class Skill(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    expertise: int = Field(0, ge=0, le=20)
    focus: int = Field(0, ge=0, le=10)


class Attributes(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    agility: int = Field(8, ge=1, le=30)
    awareness: int = Field(8, ge=1, le=30)
    brawn: int = Field(8, ge=1, le=30)
    coordination: int = Field(8, ge=1, le=30)
    intelligence: int = Field(8, ge=1, le=30)
    personality: int = Field(8, ge=1, le=30)
    willpower: int = Field(8, ge=1, le=30)


class HealthBonus(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    wounds: int = Field(0, ge=0, le=50)
    consciousness: int = Field(0, ge=0, le=50)
    firewalls: int = Field(0, ge=0, le=50)


class Sheet(BaseModel):
    """One character sheet (the rulings' "Sheet"); `readied` defaults to the first item."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(min_length=1, max_length=60)
    side: Literal["pc", "npc"]
    attributes: Attributes = Field(default_factory=Attributes)
    skills: dict[SkillName, Skill] = Field(default_factory=dict)
    armour: int = Field(0, ge=0, le=20)
    health_bonus: HealthBonus = Field(default_factory=HealthBonus)
    infinity_points: int | None = Field(None, ge=0, le=10)  # None: the setting for a PC, 0 for an NPC
    items: list[str] = Field(default_factory=list)
    readied: str | None = None
    cover: Cover = "none"
    hackable: bool = False

    @field_validator("id")
    @classmethod
    def _not_a_seat(cls, value: str) -> str:
        if value[0] == "s" and value[1:].isdigit():
            raise ValueError("an id may not look like a seat (s and digits)")
        return value

    @field_validator("items")
    @classmethod
    def _items_known(cls, value: list[str]) -> list[str]:
        table = items()
        unknown = [i for i in value if i not in table]
        if unknown:
            raise ValueError(f"unknown item(s) {', '.join(unknown)}; known: {', '.join(sorted(table))}")
        return value

    @model_validator(mode="after")
    def _readied_carried(self) -> Sheet:
        if self.readied is not None and self.readied not in self.items:
            raise ValueError(f"readied item {self.readied!r} is not among the sheet's items")
        return name_fields(self, DOMAIN, name="sheet")

    def skill(self, name: str) -> Skill:
        return self.skills.get(name, Skill())  # type: ignore[call-overload]

    def attribute(self, name: str) -> int:
        return int(getattr(self.attributes, name))

    def health_max(self, health: str) -> int:
        attribute, skill = HEALTH_FROM[health]
        return self.attribute(attribute) + self.skill(skill).expertise + int(getattr(self.health_bonus, health))


class Roster(BaseModel):
    """Sheets by id, and `fight`: the ids in the opening combat (the others can come as reinforcements)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sheets: list[Sheet] = Field(min_length=1, max_length=MAX_SHEETS)
    fight: list[str] = Field(min_length=1, max_length=MAX_FIGHT)

    @model_validator(mode="after")
    def _consistent(self) -> Roster:
        ids = [s.id for s in self.sheets]
        doubled = sorted({i for i in ids if ids.count(i) > 1})
        if doubled:
            raise ValueError(f"sheet id(s) used twice: {', '.join(doubled)}")
        twice = sorted({i for i in self.fight if self.fight.count(i) > 1})
        if twice:
            raise ValueError(f"fight names a sheet twice: {', '.join(twice)}")
        missing = [i for i in self.fight if i not in ids]
        if missing:
            raise ValueError(f"fight names unknown sheet(s): {', '.join(missing)}")
        sides = {s.side for s in self.sheets if s.id in self.fight}
        if sides != {"pc", "npc"}:
            raise ValueError("a fight needs at least one PC and one NPC")
        return self

    def sheet(self, sheet_id: str) -> Sheet:
        return next(s for s in self.sheets if s.id == sheet_id)


def _explain(error: ValidationError, what: str, raw: object = None) -> CatalogError:
    """Each problem as `where: why`, naming the sheet by its id when the data gives one (`sheets.1 (zhanshi)`)."""
    parts = []
    for problem in error.errors():
        loc = problem["loc"]
        why = problem["msg"].removeprefix("Value error, ")
        if not loc:  # the roster as a whole (ids used twice, a fight with one side)
            parts.append(why)
            continue
        where = ".".join(str(p) for p in loc)
        sheet = _sheet_id(raw, loc)
        parts.append(f"{where}{f' (sheet {sheet})' if sheet else ''}: {why}")
    return CatalogError(f"{what}: " + "; ".join(parts))


def _sheet_id(raw: object, loc: tuple[int | str, ...]) -> str | None:
    if len(loc) < 2 or loc[0] != "sheets" or not isinstance(raw, dict) or not isinstance(loc[1], int):
        return None
    sheets = raw.get("sheets")
    sheet = sheets[loc[1]] if isinstance(sheets, list) and loc[1] < len(sheets) else None
    found = sheet.get("id") if isinstance(sheet, dict) else None
    return str(found)[:20] if isinstance(found, str) else None


@cache
def items() -> dict[str, Item]:
    """The item table of `data/items.yaml`, validated."""
    raw = yaml.safe_load((DATA / "items.yaml").read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise CatalogError("items.yaml must map each item's id to the item")
    try:
        return {key: Item.model_validate(body) for key, body in raw.items()}
    except ValidationError as error:
        raise _explain(error, "items.yaml") from None


def load_roster(text: str, what: str = "roster") -> Roster:
    """A roster from YAML text, validated; `CatalogError` names the field and the reason."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise CatalogError(f"{what}: not YAML ({error})") from None
    return _validated(raw, what)


def _validated(raw: object, what: str) -> Roster:
    if not isinstance(raw, dict):
        raise CatalogError(f"{what}: a roster is a mapping with 'sheets' and 'fight'")
    try:
        return Roster.model_validate(raw)
    except ValidationError as error:
        raise _explain(error, what, raw) from None


def upload(data: object, what: str = "roster") -> Roster:
    """A moderator's roster file (as the bot parsed it): the NPCs and, optionally, PCs. A roster with no PC sheet
    gets the demo roster's PCs (Lena, the Fusilier), added after its own sheets (so a problem's place, `sheets.0`,
    is the file's) and to its fight."""
    if isinstance(data, dict) and isinstance(data.get("sheets"), list):
        sheets = data["sheets"]
        if not any(isinstance(s, dict) and s.get("side") == "pc" for s in sheets):
            pcs = [s for s in demo_roster().sheets if s.side == "pc"]
            taken = sorted({str(s.get("id")) for s in sheets if isinstance(s, dict)} & {p.id for p in pcs})
            if taken:
                raise CatalogError(
                    f"{what}: with no PC sheet, the roster gets the demo PCs ({', '.join(p.id for p in pcs)}), "
                    f"but its sheet id(s) {', '.join(taken)} are theirs; rename them or add PC sheets"
                )
            fight = data.get("fight")
            data = data | {
                "sheets": [*sheets, *(p.model_dump(mode="json") for p in pcs)],
                "fight": [*fight, *(p.id for p in pcs if p.id not in fight)] if isinstance(fight, list) else fight,
            }
    return _validated(data, what)


@cache
def demo_roster() -> Roster:
    """The rulings' demo roster and fight (`data/roster.yaml`)."""
    return load_roster((DATA / "roster.yaml").read_text(encoding="utf-8"), "roster.yaml")

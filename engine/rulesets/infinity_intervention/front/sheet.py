"""A player's own Infinity: Intervention sheet (`/sheet upload`): the rulings' "Sheet" schema (`catalog.Sheet`,
with the item table), always a PC (`side` is forced to `pc`), its id made from the name when left out, and
the name in plain words. Its summary in words, and the example file to edit."""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from engine.front import Refused
from engine.keyed import joined
from engine.problems import first_problem
from engine.rulesets.infinity_intervention.catalog import Sheet
from engine.rulesets.infinity_intervention.front.texts import SHEET_TEMPLATE, text

NAME = re.compile(r"[\w][\w '.\-]*")


def sheet_id(name: str) -> str:
    """An id from a name: lowercase letters, digits and _, starting with a letter ("pc" if none is left)."""
    made = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    made = made if made[:1].isalpha() else f"pc_{made}".strip("_")
    return made[:20].rstrip("_") or "pc"


def player_sheet(data: dict[str, Any]) -> Sheet:
    """The sheet a player attached, as their PC; `Refused` naming the field and the reason."""
    raw = {**data, "side": "pc"}
    if not isinstance(raw.get("name"), str):
        raise Refused(text("sheet_no_name"))
    raw.setdefault("id", sheet_id(raw["name"]))
    try:
        sheet = Sheet.model_validate(raw)
    except ValidationError as error:
        where, problem = first_problem(error)
        raise Refused(text("sheet_refused", where=where or "(top)", problem=problem)) from None
    if not NAME.fullmatch(sheet.name.strip()):
        raise Refused(text("sheet_bad_name"))
    return sheet


def load(data: dict[str, Any]) -> tuple[Any, str]:
    """`Signup.sheet`: the sheet as JSON data (what `new_game` reads) and its summary."""
    sheet = player_sheet(data)
    return sheet.model_dump(mode="json", exclude_defaults=True) | {"side": "pc"}, summary(sheet)


def summary(sheet: Sheet) -> str:
    """The sheet in one line: who, initiative attributes, health, items, then skills, armour and points when
    set (what the moderators check before the start)."""
    a = sheet.attributes
    more = [text("sheet_skill", skill=k, expertise=v.expertise, focus=v.focus) for k, v in sheet.skills.items()]
    attributes = [f"{k} {v}" for k, v in a.model_dump().items() if k not in ("agility", "awareness") and v != 8]
    more = attributes + more
    if sheet.armour:
        more.append(text("sheet_armour", armour=sheet.armour))
    if sheet.infinity_points is not None:
        more.append(text("sheet_points", points=sheet.infinity_points))
    said = text(
        "sheet_summary",
        name=sheet.name,
        id=sheet.id,
        items=joined(", ", sheet.items) or text("none"),
        agility=a.agility,
        awareness=a.awareness,
        wounds=sheet.health_max("wounds"),
        consciousness=sheet.health_max("consciousness"),
        firewalls=sheet.health_max("firewalls"),
    )
    return text("sheet_summary_more", summary=said, more=joined(", ", more)) if more else said


def template() -> str:
    return SHEET_TEMPLATE

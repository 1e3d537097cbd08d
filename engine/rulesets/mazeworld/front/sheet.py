"""A player's own Mazeworld sheet (`/sheet upload`): checked like a roster's sheet (`roster.load_sheet`: species,
parts, armour, weapons, items of the catalog), plus what only a player's sheet must respect: the team is always
`contestant`, the fight's own state (Pain, wounds, burning, stealth, cover, kills, effects) is the game
master's to set, the name is plain words, and skills are the catalog's. Its summary in words."""

from __future__ import annotations

import re
from typing import Any

from engine.front import Refused
from engine.keyed import joined
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.front.texts import SHEET_TEMPLATE, text
from engine.rulesets.mazeworld.roster import load_sheet
from engine.rulesets.mazeworld.state import Sheet

GM_ONLY = ("pain", "wounds", "burning", "stealth", "cover", "kills", "hunting_points", "effects")
NAME = re.compile(r"[\w][\w '.\-]*")


def player_sheet(data: dict[str, Any]) -> Sheet:
    """The sheet a player attached, checked; `Refused` with the first problem."""
    set_by_gm = [key for key in GM_ONLY if key in data]
    if set_by_gm:
        raise Refused(text("sheet_gm_only", fields=joined(", ", set_by_gm)))
    try:
        sheet = load_sheet({**data, "team": "contestant"})
    except ValueError as error:
        raise Refused(str(error)) from None
    if not NAME.fullmatch(sheet.name.strip()):
        raise Refused(text("sheet_bad_name"))
    skills = {w.skill for w in catalog().weapons.values() if w.skill}
    unknown = sorted(set(sheet.skills) - skills)
    if unknown:
        raise Refused(text("sheet_bad_skill", skills=joined(", ", unknown), known=joined(", ", sorted(skills))))
    return sheet.model_copy(update={"name": sheet.name.strip()})


def load(data: dict[str, Any]) -> tuple[Any, str]:
    """`Signup.sheet`: the sheet as JSON data (what `new_game` reads) and its summary."""
    sheet = player_sheet(data)
    return sheet.model_dump(mode="json", exclude_defaults=True) | {"name": sheet.name}, summary(sheet)


NUMBERS = ("agility", "pain_sensitivity", "pbt", "pdt", "hunting", "repair")


def summary(sheet: Sheet) -> str:
    """The sheet in one line: who, armour, weapons and items, then every number that is not the rulings'
    default (what the moderators check before the start)."""
    weapons = [text("sheet_in_hand", weapon=w.name) if w.name == sheet.wielded else w.name for w in sheet.weapons]
    items = [text("sheet_item", item=i, count=n) for i, n in sheet.items.items()]
    armour = sheet.ac if isinstance(sheet.ac, str) else joined(", ", [f"{p} {ac}" for p, ac in sheet.ac.items()])
    fields = type(sheet).model_fields
    changed = [f"{name} {getattr(sheet, name):g}" for name in NUMBERS if getattr(sheet, name) != fields[name].default]
    changed += [text("sheet_limb", part=p, hp=hp) for p, hp in sheet.limbs.items()]
    changed += [text("sheet_skill", skill=k, points=f"{v:g}") for k, v in sheet.skills.items()]
    said = text(
        "sheet_summary",
        name=sheet.name,
        species=sheet.species,
        armour=armour,
        side=sheet.side,
        weapons=joined(", ", weapons) or text("none"),
        items=joined(", ", items) or text("none"),
    )
    return text("sheet_summary_more", summary=said, more=joined(", ", changed)) if changed else said


def template() -> str:
    return SHEET_TEMPLATE

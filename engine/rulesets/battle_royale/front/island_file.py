"""Another island for a new game: the map file a moderator attaches to `/game create` (rulings, "The island":
"A moderator can load another map (zones, adjacency, per-zone modifiers) from a file"), which may also choose the
items and roles in play (its optional `items:` and `roles:` sections, or only those: `selection`).

The file is read by the same pydantic model as the default island (`catalog.Island`, the one
`catalog.load_island` uses), then checked for what a game played through Discord needs: two to 25 zones (a
choice list shows at most 25), ids from 1, names that are unique, not numbers (a route may name zones by
number or by name) and short enough for a choice, and every zone reachable from every other.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.front import DataFile, Refused, Sections
from engine.keyed import joined
from engine.problems import first_problem
from engine.rulesets.battle_royale import selection
from engine.rulesets.battle_royale.catalog import Island
from engine.rulesets.battle_royale.front.texts import text
from engine.rulesets.battle_royale.texts import ROLE_NAMES

MAX_ZONES = 25  # Discord lists at most 25 choices
NAME_MAX = 100  # Discord's longest choice name

DATA_FILE = DataFile(setting="island", label=text("island_file_label"), description=text("island_file_description"))


def load_island(data: dict[str, Any]) -> tuple[Any, str]:
    """The island setting from a map file's data, and in words what was loaded; `Refused` with the first problem.
    The file may also choose the items and roles in play (`items:`, `roles:`, the settings of the same names,
    `selection`), or hold only those: then its value is `Sections`, and a refusal lists every problem of the
    sections (and the map's first) in one message."""
    chosen = {key: data[key] for key in SECTIONS if key in data}
    island_data = {key: value for key, value in data.items() if key not in SECTIONS}
    if not chosen:
        island, problem = _island(island_data)
        if island is None:
            raise Refused(text("island_invalid", problem=problem))
        return island.model_dump(mode="json"), _loaded(island)
    island, problem = _island(island_data) if island_data else (None, None)
    problems = [joined(": ", [name, p]) for name in chosen for p in _section_problems(name, chosen[name])]
    if problems and problem is not None:
        raise Refused(text("data_invalid_map", problems=selection.problems_said(problems), problem=problem))
    if problem is not None:
        raise Refused(text("island_invalid", problem=problem))
    if problems:
        raise Refused(text("data_invalid", problems=selection.problems_said(problems)))
    said = ([_loaded(island)] if island is not None else []) + [_section_loaded(k, v) for k, v in chosen.items()]
    main = island.model_dump(mode="json") if island is not None else None
    return Sections(main, chosen), joined(" ", said)


SECTIONS = ("items", "roles")  # the settings a map file may also fill (selection.py)


def _island(data: dict[str, Any]) -> tuple[Island | None, str | None]:
    """The map, or None and its first problem."""
    try:
        island = Island.model_validate(data)
    except ValidationError as error:
        where, message = first_problem(error)
        message = message.removeprefix("Value error, ")
        said = f"{where}: {message}" if where else message
        return None, said if said.endswith(".") else said + "."
    problem = unplayable(island)
    return (None, problem) if problem is not None else (island, None)


def _loaded(island: Island) -> str:
    return text("island_loaded", name=island.name, zones=len(island.zones))


def _section_problems(name: str, value: Any) -> list[str]:
    return selection.item_problems(value) if name == "items" else selection.role_problems(value)


def _section_loaded(name: str, value: dict[str, Any]) -> str:
    if name == "items":
        return text("items_loaded", count=sum(1 for n in value.values() if n), chances=sum(value.values()))
    roles = [ROLE_NAMES["dedicated_student"]] + [
        ROLE_NAMES[role] if value[role] is None else text("role_at_most", role=ROLE_NAMES[role], most=value[role])
        for role in selection.ROLES
        if role in value and role != "dedicated_student" and value[role] != 0
    ]
    return text("roles_loaded", roles=joined(", ", roles))


def unplayable(island: Island) -> str | None:
    """Why a well-formed island cannot be played through the bot, or None."""
    zones = island.zones
    if not island.name.strip() or len(island.name) > NAME_MAX:
        return text("island_bad_name", most=NAME_MAX)
    if not 2 <= len(zones) <= MAX_ZONES:
        return text("island_zone_count", count=len(zones), most=MAX_ZONES)
    for zone in zones:
        if zone.id < 1:
            return text("island_zone_id", id=zone.id)
        name = zone.name.strip()
        if not name or len(zone.name) > NAME_MAX or name.isdigit():
            return text("island_zone_name", id=zone.id, most=NAME_MAX)
    names = [z.name.strip().lower() for z in zones]
    twice = next((z.name for z, n in zip(zones, names, strict=True) if names.count(n) > 1), None)
    if twice is not None:
        return text("island_zone_twice", name=twice)
    reached, frontier = {zones[0].id}, [zones[0].id]
    while frontier:
        here = frontier.pop()
        for other in island.neighbours(here):
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    cut_off = [z.name for z in zones if z.id not in reached]
    if cut_off:
        return text("island_cut_off", zones=joined(", ", cut_off), first=zones[0].name)
    return None

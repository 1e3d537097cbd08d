"""Another island for a new game: the map file a moderator attaches to `/game create` (rulings, "The island":
"A moderator can load another map (zones, adjacency, per-zone modifiers) from a file").

The file is read by the same pydantic model as the default island (`catalog.Island`, the one
`catalog.load_island` uses), then checked for what a game played through Discord needs: two to 25 zones (a
choice list shows at most 25), ids from 1, names that are unique, not numbers (a route may name zones by
number or by name) and short enough for a choice, and every zone reachable from every other.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.front import DataFile, Refused
from engine.keyed import joined
from engine.problems import first_problem
from engine.rulesets.battle_royale.catalog import Island
from engine.rulesets.battle_royale.front.texts import text

MAX_ZONES = 25  # Discord lists at most 25 choices
NAME_MAX = 100  # Discord's longest choice name

DATA_FILE = DataFile(setting="island", label=text("island_file_label"), description=text("island_file_description"))


def load_island(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The island setting from a map file's data, and in words what was loaded; `Refused` with the first problem."""
    try:
        island = Island.model_validate(data)
    except ValidationError as error:
        where, message = first_problem(error)
        message = message.removeprefix("Value error, ")
        said = f"{where}: {message}" if where else message
        raise Refused(text("island_invalid", problem=said if said.endswith(".") else said + ".")) from None
    problem = unplayable(island)
    if problem is not None:
        raise Refused(text("island_invalid", problem=problem))
    return island.model_dump(mode="json"), text("island_loaded", name=island.name, zones=len(island.zones))


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

"""The private night report each student receives, and what it may show (rulings, "Targets and visibility").

A student sees their own zone, Health and items; the students in their zone with their visible items
(concealed ones show only to an Analyze); the items lying there; with Binoculars (or the Lookout
ability) the students in adjacent zones; with a Tracking Unit the head count of every zone or one
student's zone; with the Heartbeat ability their Lover's zone and Health.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.keyed import joined
from engine.rulesets.battle_royale import rules
from engine.rulesets.battle_royale.state import BRState, Item, Student
from engine.rulesets.battle_royale.texts import listing, say

if TYPE_CHECKING:
    from engine.rulesets.battle_royale.night import Night


def item_label(item: Item, own: bool = True) -> str:
    return labelled(item.name, item.ammo, item.uses, item.stored, item.defn.wearable and item.worn, own)


def labelled(name: str, ammo: int | None, uses: int | None, stored: bool, worn: bool, own: bool = True) -> str:
    """An item as its holder (`own`) or the others see it: "Handgun (5 left) [in Backpack]", each piece a text."""
    label = name
    if own and ammo is not None:
        label = say("label_ammo", label=label, ammo=ammo)
    if own and uses is not None:
        label = say("label_uses", label=label, uses=uses)
    if own and stored:
        label = say("label_stored", label=label)
    if worn:
        label = say("label_worn", label=label)
    return label


def visible_items(student: Student) -> list[str]:
    return [item_label(i, own=False) for i in student.items if not i.concealed]


def seen_as(student: Student) -> str:
    """How a student looks to the others in their zone: name and visible items."""
    return say("seen_as", name=student.name, items=listing(visible_items(student), say("list_empty_handed")))


class Census:
    """Who is in each zone at the end of the night, with how they look, computed once for all reports."""

    def __init__(self, state: BRState) -> None:
        self.state = state
        self.members: dict[int, list[Student]] = {z: state.in_zone(z) for z in state.island.zone_ids()}
        self.index = {s.id: i for members in self.members.values() for i, s in enumerate(members)}
        self.looks = {z: [seen_as(s) for s in m] for z, m in self.members.items()}
        self.ids = {z: [s.id for s in m] for z, m in self.members.items()}
        self.names = {z: listing([s.name for s in m], say("list_nobody")) for z, m in self.members.items()}
        counts = [say("zone_count", zone=state.island.zone(z).name, count=len(m)) for z, m in self.members.items()]
        self.counts = say("report_tracking_counts", counts=joined(", ", counts))
        self._ground: dict[int, str | None] = {}

    def ground(self, zone_id: int) -> str | None:
        """The line naming the items lying in a zone (None: nothing lies there), written once per zone: with
        a thousand students a zone's ground holds many items, and everyone there reads the same line."""
        if zone_id not in self._ground:
            names = [i.name for i in self.state.zones[zone_id].ground]
            self._ground[zone_id] = say("report_ground", items=listing(numbered(names))) if names else None
        return self._ground[zone_id]

    def others(self, me: Student, table: dict[int, list]) -> list:
        """A zone's entries without me (by slicing: the zone lists are in id order)."""
        row = table[me.zone]  # type: ignore[index]
        i = self.index[me.id]
        return row[:i] + row[i + 1 :]


def numbered(names: list[str]) -> list[str]:
    """Names as players tell items apart: "Knife", then "Knife (2)" for the second of that name, and so on.

    Never the engine's item ids: they are numbered in the order items were made (starting items seat by
    seat, then the hidden items zone by zone), so an id would tell who started with an item or where it lay.
    """
    seen: dict[str, int] = {}
    out = []
    for name in names:
        n = seen[name.lower()] = seen.get(name.lower(), 0) + 1
        out.append(name if n == 1 else say("item_repeat", name=name, n=n))
    return out


def report_lines(census: Census, me: Student, track: str | None) -> tuple[list[str], dict]:
    state = census.state
    zone = me.zone or 0
    name = state.island.zone(zone).name
    lines = [
        say("report_header", day=state.day, zone_name=name, hp=me.hp, max_hp=me.max_hp),
        say("report_items", items=listing([item_label(i) for i in me.items])),
        say("report_zone", zone_name=name, students=listing(census.others(me, census.looks), say("list_nobody"))),
    ]
    data: dict = {"zone": zone, "hp": me.hp, "others": census.others(me, census.ids)}
    ground = census.ground(zone)
    if ground is not None:
        lines.append(ground)
    if me.has("binoculars") or rules.has_effect(me, "binoculars"):
        around = state.island.neighbours(zone)
        key = "report_binoculars" if me.has("binoculars") else "report_lookout"
        zones = [say("zone_students", zone=state.island.zone(z).name, students=census.names[z]) for z in around]
        lines.append(say(key, zones=joined("; ", zones)))
        data["adjacent"] = {z: list(census.ids[z]) for z in around}
    if me.has("tracking_unit"):
        lines.append(_tracking(census, track))
    if rules.has_effect(me, "lover_sight") and me.lover:
        lover = state.students[me.lover]
        if lover.active:
            where = state.island.zone(lover.zone).name  # type: ignore[arg-type]
            lines.append(say("report_heartbeat", lover=lover.name, zone_name=where, hp=lover.hp))
    return lines, data


def _tracking(census: Census, track: str | None) -> str:
    """V.F.5: by default a head count per zone; on request, one student's location."""
    if track is None:
        return census.counts
    target = census.state.students.get(track)
    if target is None or not target.active:
        return say("report_tracking_gone", target=target.name if target else track)
    return say("report_tracking_one", target=target.name, zone_name=census.state.island.zone(target.zone).name)  # type: ignore[arg-type]


def night_reports(night: Night) -> None:
    census = Census(night.state)
    for me in night.state.active():
        lines, data = report_lines(census, me, night.orders[me.id].free.track)
        night.tell_text(me.id, "night_report", joined("\n", lines), data)  # each line read in its reader's language

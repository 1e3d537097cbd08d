"""The private night report each student receives, and what it may show (rulings, "Targets and visibility").

A student sees their own zone, Health and items; the students in their zone with their visible items
(concealed ones show only to an Analyze); the items lying there; with Binoculars (or the Lookout
ability) the students in adjacent zones; with a Tracking Unit the head count of every zone or one
student's zone; with the Heartbeat ability their Lover's zone and Health.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.battle_royale import rules
from engine.rulesets.battle_royale.state import BRState, Item, Student
from engine.rulesets.battle_royale.text import listing, say

if TYPE_CHECKING:
    from engine.rulesets.battle_royale.night import Night


def item_label(item: Item, own: bool = True) -> str:
    label = item.name
    if own and item.ammo is not None:
        label += f" ({item.ammo} left)"
    if own and item.uses is not None:
        label += f" ({item.uses} uses)"
    if own and item.stored:
        label += " [in Backpack]"
    if item.defn.wearable and item.worn:
        label += " [worn]"
    return label


def visible_items(student: Student) -> list[str]:
    return [item_label(i, own=False) for i in student.items if not i.concealed]


def seen_as(student: Student) -> str:
    """How a student looks to the others in their zone: name and visible items."""
    return f"{student.name} ({listing(visible_items(student), 'empty-handed')})"


def zone_line(state: BRState, me: Student, zone_id: int, looks: dict[str, str] | None = None) -> str:
    others = [s for s in state.in_zone(zone_id) if s.id != me.id]
    return listing([looks[s.id] if looks else seen_as(s) for s in others], "nobody")


def report_lines(state: BRState, me: Student, track: str | None,
                 looks: dict[str, str] | None = None) -> tuple[list[str], dict]:
    zone = me.zone or 0
    name = state.island.zone(zone).name
    lines = [say("report_header", day=state.day, zone_name=name, hp=me.hp, max_hp=me.max_hp),
             say("report_items", items=listing([item_label(i) for i in me.items])),
             say("report_zone", zone_name=name, students=zone_line(state, me, zone, looks))]
    data: dict = {"zone": zone, "hp": me.hp, "others": sorted(s.id for s in state.in_zone(zone) if s.id != me.id)}
    ground = state.zones[zone].ground
    if ground:
        lines.append(say("report_ground", items=listing([f"{i.name} [{i.uid}]" for i in ground])))
    if me.has("binoculars") or rules.has_effect(me, "binoculars"):
        around = [f"{state.island.zone(z).name}: {listing([s.name for s in state.in_zone(z)], 'nobody')}"
                  for z in state.island.neighbours(zone)]
        lines.append(say("report_binoculars", zones="; ".join(around)))
        data["adjacent"] = {z: [s.id for s in state.in_zone(z)] for z in state.island.neighbours(zone)}
    if me.has("tracking_unit"):
        lines.append(_tracking(state, track))
    if rules.has_effect(me, "lover_sight") and me.lover:
        lover = state.students[me.lover]
        if lover.active:
            lines.append(say("report_heartbeat", lover=lover.name, zone_name=state.island.zone(lover.zone).name, hp=lover.hp))  # type: ignore[arg-type]
    return lines, data


def _tracking(state: BRState, track: str | None) -> str:
    """V.F.5: by default a head count per zone; on request, one student's location."""
    if track is None:
        counts = [f"{state.island.zone(z).name} {len(state.in_zone(z))}" for z in state.island.zone_ids()]
        return say("report_tracking_counts", counts=", ".join(counts))
    target = state.students.get(track)
    if target is None or not target.active:
        return say("report_tracking_gone", target=target.name if target else track)
    return say("report_tracking_one", target=target.name, zone_name=state.island.zone(target.zone).name)  # type: ignore[arg-type]


def night_reports(night: "Night") -> None:
    students = night.state.active()
    looks = {s.id: seen_as(s) for s in students}
    for me in students:
        lines, data = report_lines(night.state, me, night.orders[me.id].free.track, looks)
        night.tell_text(me.id, "night_report", "\n".join(lines), data)

"""The refusals of order validation, and the checks every part of an order uses: a zone exists, a target is
a student in my zone, an item is mine and at hand, an item is named once.

Every refusal is a clear, player-facing reason from `text`; item ids are never echoed (they would tell who
started with an item).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from engine.rulesets.battle_royale.state import BRState, Item, Student
from engine.rulesets.battle_royale.texts import say


class Refusal(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def refuse(key: str, **values: object) -> Refusal:
    return Refusal(say(key, **values))


def zone_name(state: BRState, zone_id: int) -> str:
    return state.island.zone(zone_id).name


def check_zone(state: BRState, zone_id: int) -> int:
    if zone_id not in state.zones:
        raise refuse("unknown_zone", zone=zone_id)
    return zone_id


def target(state: BRState, me: Student, tid: str | None, verb: str, allow_self: bool = False) -> Student:
    """A student in my zone at the start of the night (rulings, "Targets and visibility")."""
    if not tid or tid not in state.students:
        raise refuse("unknown_student", target=tid or "nobody")
    other = state.students[tid]
    if tid == me.id and not allow_self:
        raise refuse("self_target", verb=say(f"self_verb_{verb.replace(' ', '_')}"))
    if not other.active:
        raise refuse("target_inactive", target=other.name)
    if other.zone != me.zone:
        raise refuse("target_not_here", target=other.name)
    return other


def own_item(me: Student, uid: str | None, usable: bool = True) -> Item:
    item = me.item(uid or "")
    if item is None:
        raise refuse("no_item")  # never echo an item id: ids tell who started with an item
    if usable and item.stored:
        raise refuse("item_stored", item=item.name)
    return item


K = TypeVar("K", bound=Hashable)


def listed_once(entries: Sequence[K], name_of: Callable[[K], str]) -> None:
    """The same item named twice in one list of free actions (two pick-ups, wear and remove, asked for twice)."""
    seen: set[K] = set()
    for entry in entries:
        if entry in seen:
            raise refuse("listed_twice", item=name_of(entry))
        seen.add(entry)

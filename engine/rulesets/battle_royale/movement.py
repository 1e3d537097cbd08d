"""Step 6 of the night: movement, simultaneous, with following, Land Mines and closed zones.

Handbook III.D (Move 1-2, Run up to 5 with the inventory rule, Hold Ground, following a target),
V.D.2 (Land Mine: 50%, one victim, stops the mover in the zone it was set in), III.E.2 and rulings
(death for passing through a closed zone without a deactivated collar, or ending in one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.deaths import settle
from engine.rulesets.battle_royale.orders import Move, Run
from engine.rulesets.battle_royale.state import Mine, Student
from engine.rulesets.battle_royale.texts import say

if TYPE_CHECKING:
    from engine.rulesets.battle_royale.night import Night

MOVE_FOLLOW = 2
RUN_LIMIT = 5
RUN_FREE_DISTANCE = 2


def movement(night: Night) -> None:
    paths: dict[str, list[int]] = {}
    followers: dict[str, Move | Run] = {}
    plain: list[str] = []
    for student in night.state.active():
        move = night.orders[student.id].movement
        if isinstance(move, (Move, Run)) and move.follow:
            followers[student.id] = move
        elif isinstance(move, (Move, Run)) and move.route:
            plain.append(student.id)
        else:
            paths[student.id] = []
    for sid in night.rng.shuffled(plain, "movement order") if len(plain) > 1 else plain:
        move = night.orders[sid].movement
        route = list(move.route)  # type: ignore[union-attr]
        if isinstance(move, Run) and not _lighten(night, night.s(sid), move, len(route)):
            paths[sid] = []
            continue
        paths[sid] = _walk(night, night.s(sid), route)
    _follow(night, followers, paths)
    _place(night, paths)
    settle(night, say("cause_land_mine"), by_trap=True)
    _arrive(night, paths)


def _lighten(night: Night, student: Student, run: Run, distance: int) -> bool:
    """III.D.2: a Run with a full inventory needs a drop; a follower drops only if it must chase past two zones."""
    if distance <= RUN_FREE_DISTANCE and run.follow:
        return True
    if len(student.carried()) < rules.capacity(night.state, student):
        return True
    item = student.item(run.drop or "")
    if item is not None and item.kind == "backpack" and student.stored():
        # As for a free drop: a Backpack is emptied before it is dropped, never dropped with its contents
        # (else the contents would stay behind, stored in no Backpack).
        night.tell(
            student.id, "order_failed", "order_failed", {}, what=say("failed_run"), reason=say("backpack_not_empty")
        )
        return False
    if item is None or item not in student.carried():
        reason = say("failed_run_full_follow", count=RUN_FREE_DISTANCE) if run.follow else say("failed_run_full")
        night.tell(student.id, "order_failed", "order_failed", {}, what=say("failed_run"), reason=reason)
        return False
    student.items.remove(item)
    night.state.zones[student.zone].ground.append(item)  # type: ignore[index]
    night.tell(student.id, "dropped", "dropped", {"item": item.uid}, item=item.name)
    return True


def _follow(night: Night, followers: dict[str, Move | Run], paths: dict[str, list[int]]) -> None:
    """III.D.1-2: follow the target as closely as possible; a Move follower stops at the target's second zone."""
    pending = dict(sorted(followers.items()))
    progress = True
    while pending and progress:
        progress = False
        for sid, move in list(pending.items()):
            target = move.follow or ""
            if target in pending:
                continue
            del pending[sid]
            progress = True
            me = night.s(sid)
            same_start = night.start_zone.get(target) == night.start_zone.get(sid)
            their = paths.get(target, []) if same_start else []
            # "as closely as possible": a follower never walks into a zone that would kill them
            route = rules.safe_prefix(night.state, me, their[: MOVE_FOLLOW if isinstance(move, Move) else RUN_LIMIT])
            if isinstance(move, Run) and not _lighten(night, me, move, len(route)):
                route = route[:RUN_FREE_DISTANCE]  # "as closely as possible" without dropping anything
            paths[sid] = _walk(night, me, route)
    for sid in pending:  # following each other in a circle: nobody moves
        paths[sid] = []


def _walk(night: Night, student: Student, route: list[int]) -> list[int]:
    """The zones actually reached: a Land Mine on the way may stop the mover (V.D.2)."""
    defn = catalog.item("land_mine")
    here = student.zone
    walked: list[int] = []
    for zone_id in route:
        mine = _mine_between(night, here, zone_id)  # type: ignore[arg-type]
        if mine is not None and night.rng.percent(defn.chance, f"land mine {mine.uid} on {student.id}"):
            night.state.zones[mine.zone].mines.remove(mine)
            damage = night.rng.weighted(defn.damage, f"land mine damage {student.id}")
            night.harm(student.id, damage, mine.setter)
            if mine.zone == zone_id:
                walked.append(zone_id)
            told = {student.id, mine.setter} if night.took_part(mine.setter) else {student.id}
            night.tell(
                sorted(told),
                "mine_hit",
                "mine_hit",
                {"damage": damage},
                target=student.name,
                damage=damage,
                zone_name=night.zone_name(mine.zone),
            )
            return walked
        walked.append(zone_id)
        here = zone_id
    return walked


def _mine_between(night: Night, a: int, b: int) -> Mine | None:
    """The armed Land Mine on the path between two adjacent zones, set from either end."""
    for zone_id in (a, b):
        for mine in night.state.zones[zone_id].mines:
            if {mine.zone, mine.to_zone} == {a, b}:
                return mine
    return None


def _place(night: Night, paths: dict[str, list[int]]) -> None:
    """Everyone lands where their walk ended, before Land Mine deaths are settled (a victim dies where
    the mine stopped them, and their items fall there)."""
    for student in night.state.active():
        path = paths.get(student.id, [])
        if path:
            night.moved.add(student.id)
            student.zone = path[-1]
            night.state.census_changed()


def _arrive(night: Night, paths: dict[str, list[int]]) -> None:
    """Passing through a closed zone without a deactivated collar, or ending in one, kills."""
    for student in night.state.active():
        path = paths.get(student.id, [])
        crossed = all(rules.may_enter(night.state, student, z, last=False) for z in path[:-1])
        if not crossed or not rules.may_enter(night.state, student, student.zone, last=True):  # type: ignore[arg-type]
            student.hp = 0
    settle(night, say("cause_closed_zone"))

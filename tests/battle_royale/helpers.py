"""Builders for Battle Royale rule tests: a small state, one resolved night, event lookups.

    state = make_state({"a": {"zone": 1, "items": ["rifle"]}, "b": {"zone": 1}})
    after, events = run_night(state, {"a": attack("a", "rifle", b=2)}, seed=1)
"""
from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.rng import RecordingRng
from engine.rulesets.battle_royale.orders import Attack, NightOrders
from engine.rulesets.battle_royale.resolve import resolve_night
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale.state import BRState, Student, Zone


def make_state(students: dict[str, dict[str, Any]], day: int = 1, **settings: Any) -> BRState:
    """A night-phase state. Each student spec may give zone, items (kinds), school, role, hp, lover, rival, ...

    Items get uids "<student>.<kind>" (a second of a kind gets "<student>.<kind>2"), so tests can name them.
    No hidden items unless a zone spec says so.
    """
    state = BRState(settings=BRSettings(**settings), phase="night", day=day)
    state.zones = {z: Zone(id=z) for z in state.settings.island.zone_ids()}
    for sid, spec in students.items():
        spec = dict(spec)
        kinds = spec.pop("items", [])
        worn = spec.pop("worn", [])
        stored = spec.pop("stored", [])
        spec.setdefault("zone", 1)
        spec.setdefault("school", 1)
        spec.setdefault("hp", state.settings.max_hp)
        spec.setdefault("max_hp", state.settings.max_hp)
        student = Student(id=sid, name=spec.pop("name", sid.upper()), **spec)
        for kind in kinds:
            add_item(state, student, kind, worn=kind in worn, stored=kind in stored)
        state.students[sid] = student
    return state


def add_item(state: BRState, student: Student, kind: str, worn: bool = False, stored: bool = False) -> str:
    item = state.new_item(kind)
    uid = f"{student.id}.{kind}"
    n = 2
    while any(i.uid == uid for i in student.items):
        uid = f"{student.id}.{kind}{n}"
        n += 1
    item.uid = uid
    item.worn = worn
    item.stored = stored
    student.items.append(item)
    return uid


def run_night(state: BRState, orders: dict[str, NightOrders | dict] | None = None, seed: int = 1) -> tuple[BRState, list[Event]]:
    parsed = {sid: o if isinstance(o, NightOrders) else NightOrders.model_validate(o) for sid, o in (orders or {}).items()}
    return resolve_night(state, parsed, RecordingRng(seed))


def attack(weapon: str = "unarmed", all_out: bool = False, **attempts: int) -> NightOrders:
    kind = "all_out" if all_out else "attack"
    return NightOrders.model_validate({"action": {"kind": kind, "weapon": weapon, "attempts": attempts}})


def orders(**parts: Any) -> NightOrders:
    """NightOrders from plain dicts: orders(action={"kind": "defend"}, movement={"kind": "hold"})."""
    return NightOrders.model_validate(parts)


def texts(events: list[Event], kind: str | None = None, to: str | None = None) -> list[str]:
    out = []
    for event in events:
        if kind is not None and event.kind != kind:
            continue
        if to is not None and not event.visible_to(to):
            continue
        out.append(event.text)
    return out


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def frequency(build, orders_for, check, trials: int, seed: int = 0) -> float:
    """Fraction of `trials` nights (seeds seed..seed+trials-1) for which check(state_after, events) holds."""
    hits = 0
    for n in range(trials):
        state = build()
        after, events = run_night(state, orders_for(state), seed=seed + n)
        hits += bool(check(after, events))
    return hits / trials


__all__ = ["Attack", "make_state", "add_item", "run_night", "attack", "orders", "texts", "kinds", "frequency"]

"""Shared helpers of the combat and hit-chance tests (test_combat*.py, test_hit_chances*.py).

Attack events are read back from their texts: "A hit B with Rifle for 3 damage." and "A missed B with
Rifle.", student names being their ids in capitals (make_state's default); the chance that was rolled is in
the event's data (players never see it: it would reveal the other side's abilities, orders and Rival).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.rulesets.battle_royale import rules
from engine.rulesets.battle_royale.orders import NightOrders
from engine.rulesets.battle_royale.rules import NightPosture
from engine.rulesets.battle_royale.state import BRState
from engine.rulesets.battle_royale.validate import validate_orders
from tests.battle_royale.helpers import orders

# A zone with no modifier for the class (island.yaml): Septagon only boosts explosives, Crevasse melee.
NEUTRAL = {"melee": 5, "ranged": 5, "explosive": 2}
LANDING_STRIP, CREVASSE, FOREST, BEACH, SEPTAGON, CLIFFS, FIELD = 1, 2, 3, 4, 5, 6, 7

_ATTEMPT = re.compile(r"^(\w+) (hit|missed) (\w+) with (.+?)(?: for (\d+) damage)?\.$")


@dataclass
class Attempt:
    attacker: str
    target: str
    weapon: str
    hit: bool
    damage: int | None
    chance: int


def attempts(events, attacker: str | None = None, target: str | None = None, weapon: str | None = None) -> list[Attempt]:
    """Every hit attempt reported tonight (hit or missed), optionally filtered by ids and weapon name."""
    out = []
    for event in events:
        if event.kind not in ("attack_hit", "attack_missed"):
            continue
        m = _ATTEMPT.match(event.text)
        assert m, event.text
        assert "chance" not in event.text, event.text
        a = Attempt(m[1].lower(), m[3].lower(), m[4], m[2] == "hit", int(m[5]) if m[5] else None,
                    event.data["chance"])
        if attacker and a.attacker != attacker or target and a.target != target or weapon and a.weapon != weapon:
            continue
        out.append(a)
    return out


def chances(events, attacker: str, target: str) -> set[int]:
    return {a.chance for a in attempts(events, attacker, target)}


def idle() -> NightOrders:
    """A target that neither Defends (the default action, -10 to hit) nor moves: it searches."""
    return orders(action={"kind": "search"})


def refusal(state: BRState, sid: str, night_orders: NightOrders) -> str | None:
    return validate_orders(state, sid, night_orders)


def hit(state: BRState, attacker: str, target: str, base: int, cls: str, zone: int | None = None,
        clamp: bool = True, **postures: NightPosture) -> int:
    """rules.hit_chance for two students of `state`; postures by student id (default: none)."""
    a, t = state.students[attacker], state.students[target]
    return rules.hit_chance(state, a, t, base, cls, zone if zone is not None else a.zone, dict(postures), clamp=clamp)


def next_night(after: BRState) -> BRState:
    """The state after a night, ready for the next one (no zone closed, so nobody is forced to move)."""
    assert after.phase == "night", after.end_reason
    for zone in after.zones.values():
        zone.closed = False
    return after


def rate(hits: int, total: int) -> float:
    return 100.0 * hits / total

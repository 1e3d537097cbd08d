"""Small rule helpers shared by validation and resolution: capacity, ability effects, hit chances.

`hit_chance` adds every bonus and penalty of the handbook to a base chance, in points, then clamps
it to the game's limits (rulings, "Arithmetic of chances").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.catalog import AttackClass
from engine.rulesets.battle_royale.state import BRState, Student


def effect_total(student: Student, name: str) -> int:
    """Sum of one numeric effect over the student's abilities and Rival rewards."""
    total = 0
    for ability_id in student.abilities + student.rewards:
        total += int(getattr(catalog.roles().ability(ability_id).effect, name))
    return total


def has_effect(student: Student, name: str) -> bool:
    return any(getattr(catalog.roles().ability(a).effect, name) for a in student.abilities + student.rewards)


def capacity(state: BRState, student: Student) -> int:
    """Carrying capacity (handbook III.A.2): three, plus the Pack Mule ability."""
    return state.settings.carry_capacity + effect_total(student, "carry_bonus")


def free_slots(state: BRState, student: Student) -> int:
    return capacity(state, student) - len(student.carried())


def backpack_space(student: Student) -> int:
    """Free Backpack slots (handbook V.F.1): two per Backpack carried."""
    slots = sum(i.defn.backpack_slots for i in student.items if i.kind == "backpack" and not i.stored)
    return slots - len(student.stored())


def may_enter(state: BRState, student: Student, zone_id: int, last: bool) -> bool:
    """III.E.2 and the Clarification: a closed zone may be crossed only with a deactivated collar, and a
    move may never end in one. The one statement of this rule: validation, following and arrival use it."""
    return not state.zones[zone_id].closed or (not last and student.collar_deactivated)


def safe_prefix(state: BRState, student: Student, route: list[int]) -> list[int]:
    """The longest start of a route the student survives: stops before a zone they may not cross, and
    never ends in a closed one."""
    safe: list[int] = []
    for index, zone_id in enumerate(route):
        if not may_enter(state, student, zone_id, last=False):
            break
        if may_enter(state, student, zone_id, last=True):
            safe = route[: index + 1]
    return safe


def lover_alive(state: BRState, student: Student) -> bool:
    return bool(student.lover) and state.students[student.lover].alive  # type: ignore[index]


@dataclass
class NightPosture:
    """What a student's orders for the night do to attacks on them and by them (set before attacks)."""

    all_out: bool = False
    defending: bool = False
    covering: str | None = None
    analyzing: str | None = None
    holding: bool = False
    running: bool = False
    megaphoned: bool = False
    negated: bool = False
    painted: bool = False
    modifiers: list[str] = field(default_factory=list)


def hit_chance(
    state: BRState,
    attacker: Student,
    target: Student,
    base: int,
    attack_class: AttackClass,
    zone_id: int,
    postures: dict[str, NightPosture],
    clamp: bool = True,
) -> int:
    """The chance in percent that one hit attempt lands (handbook III.C.1, V; rulings)."""
    s = state.settings
    a = postures.get(attacker.id, NightPosture())
    t = postures.get(target.id, NightPosture())
    chance = base
    chance += state.island.zone(zone_id).modifiers.get(attack_class, 0)
    # The attacker's bonuses and penalties.
    if attacker.rival == target.id:
        chance += s.rival_hit_bonus
    chance += effect_total(attacker, "hit")
    chance += sum({i.kind: i.defn.hit for i in attacker.items if i.defn.wearable and i.worn and not i.stored}.values())
    if a.all_out:
        chance -= 10
    if a.megaphoned:
        chance -= _megaphone_penalty()
    if attacker.lover_lost:
        chance -= s.lover_loss_hit_penalty
    # The target's dodge bonuses (subtract) and penalties (add).
    # Paint marks for today were settled before the attacks: a fresh hit tonight counts only tomorrow,
    # and does not wipe out the mark from yesterday's hit (V.G.2).
    painted = t.painted or target.painted_for_day == state.day
    dodge = 0
    dodge += effect_total(target, "dodge")
    if lover_alive(state, target):
        dodge += effect_total(target, "dodge_while_lover_alive")
    counted: set[str] = set()
    for item in target.items:
        if item.stored or item.kind in counted:  # a second Camouflage or Fan adds nothing: one source each
            continue
        counted.add(item.kind)
        defn = item.defn
        if defn.wearable:
            dodge += defn.dodge if item.worn else 0
        elif item.kind == "camouflage":
            dodge += 0 if painted else defn.dodge
        if defn.melee_dodge and attack_class == "melee":
            dodge += defn.melee_dodge
    if painted:
        dodge -= catalog.item("paintball_gun").paint
    if not t.negated:
        if t.defending:
            dodge += 10
        if t.covering is not None:
            dodge += 15
            if target.lover == t.covering:
                dodge += effect_total(target, "cover_lover_dodge")
        if t.analyzing == attacker.id:
            dodge += 20
    if t.holding:
        dodge += 20
    if t.running:
        dodge += 10
    chance -= dodge
    if not clamp:
        return chance
    return max(s.hit_min, min(s.hit_max, chance))


def _megaphone_penalty() -> int:
    return catalog.item("megaphone").megaphone_penalty

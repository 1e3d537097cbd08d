"""Non-attack actions of the night: step 2 (Use Item, Heal) and step 5 (Set Trap, Search, Analyze,
Poison Vial), plus escapes at the end of the Action phase.

Handbook III.C.3-9, V.D (traps), V.E.4 (First Aid Kit), V.F.3-4 (Deactivator, Megaphone); rulings
"Ending and winning" (escape).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.deaths import give, settle
from engine.rulesets.battle_royale.orders import AllOutAttack, Analyze, Attack, Heal, Search, SetTrap, UseItem
from engine.rulesets.battle_royale.state import C4, Knowledge, Mine, Student
from engine.rulesets.battle_royale.texts import ROLE_NAMES, listing, say

if TYPE_CHECKING:
    from engine.rulesets.battle_royale.night import Night


def _fail(night: Night, sid: str, what: str, reason: str) -> None:
    night.tell(sid, "order_failed", "order_failed", {"what": what}, what=what, reason=reason)


def _here(night: Night, me: Student, tid: str | None) -> Student | None:
    other = night.state.students.get(tid or "")
    if other is None or not other.active or other.zone != me.zone:
        return None
    return other


def use_items_and_heal(night: Night) -> None:
    """Step 2. Megaphone penalties are decided here for the attacks that follow."""
    for me in night.state.active():
        action = night.orders[me.id].action
        if isinstance(action, UseItem):
            _use_item(night, me, action)
        elif isinstance(action, Heal):
            _heal(night, me, action)


def _use_item(night: Night, me: Student, action: UseItem) -> None:
    if action.use == "escape":
        if me.collar_deactivated and night.state.island.zone(me.zone).escape:  # type: ignore[arg-type]
            night.escaping.append(me.id)
            if not night.state.settings.escape_at_end_of_actions:
                escape(night)
        else:
            _fail(night, me.id, say("failed_escape"), say("failed_collar"))
        return
    item = me.item(action.item) if action.item else next(iter(me.usable(action.use)), None)
    if item is None or item.kind != action.use or item.stored:
        _fail(night, me.id, catalog.item(action.use).name, say("failed_not_at_hand"))
        return
    if action.use == "deactivator":
        other = _here(night, me, action.target or me.id)
        if other is None:
            _fail(night, me.id, say("failed_deactivator"), say("failed_target_gone"))
            return
        other.collar_deactivated = True
        item.uses = (item.uses or 1) - 1
        night.tell(me.id, "deactivated", "deactivated", {"target": other.id}, target=other.name)
        if other.id != me.id:
            night.tell(other.id, "deactivated", "deactivated_by", {"user": me.id}, user=me.name)
        if item.uses <= 0:
            me.items.remove(item)
            night.tell(me.id, "item_broke", "deactivator_broke")
    else:
        _megaphone(night, me)


def _megaphone(night: Night, me: Student) -> None:
    """V.F.4: everyone in the zone takes -10% to hit tonight, but never on two days running."""
    affects_user = night.state.settings.megaphone_affects_user
    occupants = night.state.in_zone(me.zone)  # type: ignore[arg-type]
    for other in occupants:
        if other.id == me.id and not affects_user:
            continue
        if other.megaphoned_day == night.day - 1:
            continue
        night.postures[other.id].megaphoned = True
        other.megaphoned_day = night.day
    where = night.zone_name(me.zone)  # type: ignore[arg-type]
    night.tell([o.id for o in occupants], "megaphone", "megaphone", {"user": me.id}, user=me.name, zone_name=where)


def _heal(night: Night, me: Student, action: Heal) -> None:
    """III.C.9 and V.E.4: +1 Health, +2 with a First Aid Kit (used up), never above the maximum."""
    other = _here(night, me, action.target)
    if other is None:
        _fail(night, me.id, say("failed_heal"), say("failed_patient_gone"))
        return
    amount = 1
    if action.first_aid_kit:
        kit = next(iter(me.usable("first_aid_kit")), None)
        if kit is not None:
            amount = kit.defn.heal
            me.items.remove(kit)
    amount += rules.effect_total(me, "heal_bonus")
    before = other.hp
    other.hp = min(other.max_hp, other.hp + amount)
    gained = other.hp - before
    night.tell(
        other.id,
        "healed",
        "healed",
        {"amount": gained},
        healer=me.name,
        target=other.name,
        amount=gained,
        hp=other.hp,
        max_hp=other.max_hp,
    )
    if other.id != me.id:  # the healer learns what they gave, not the patient's Health (III.C.8)
        night.tell(me.id, "heal_given", "you_healed", {"amount": gained}, target=other.name, amount=gained)


def traps_search_analyze(night: Night) -> None:
    """Step 5: Set Trap, Search and Analyze, simultaneous; the Poison Vial resolves here."""
    for me in night.state.active():
        if night.postures[me.id].negated:
            continue
        action = night.orders[me.id].action
        if isinstance(action, SetTrap):
            _set_trap(night, me, action)
        elif isinstance(action, Search):
            _search(night, me)
        elif isinstance(action, Analyze):
            _analyze(night, me, action)
    settle(night, say("cause_poison"), by_trap=True)


def _set_trap(night: Night, me: Student, action: SetTrap) -> None:
    item = me.item(action.item)
    if item is None or item.stored or item.defn.trap is None:
        _fail(night, me.id, say("failed_trap"), say("failed_not_at_hand"))
        return
    zone = night.state.zones[me.zone]  # type: ignore[index]
    if item.defn.trap == "poison":
        _poison(night, me, item, action.target)
        return
    me.items.remove(item)
    if item.defn.trap == "mine":
        zone.mines.append(Mine(uid=item.uid, setter=me.id, zone=zone.id, to_zone=action.to_zone or zone.id))
        night.tell(
            me.id,
            "trap_set",
            "mine_set",
            {"to_zone": action.to_zone},
            zone_name=night.zone_name(zone.id),
            to_name=night.zone_name(action.to_zone or zone.id),
        )
    else:
        zone.charges.append(C4(uid=item.uid, setter=me.id, zone=zone.id, day=action.day or night.day))
        night.tell(me.id, "trap_set", "c4_set", {"day": action.day}, zone_name=night.zone_name(zone.id), day=action.day)


def targets_of(night: Night, sid: str) -> set[str]:
    """Whom a student's Attack or Analyze names tonight (for the Poison Vial's failure rule); an action the
    smoke negated targets nobody."""
    if night.postures[sid].negated:
        return set()
    action = night.orders[sid].action
    if isinstance(action, (Attack, AllOutAttack)):
        return set(action.attempts)
    if isinstance(action, Analyze):
        return {action.target}
    return set()


def _poison(night: Night, me: Student, vial, target_id: str | None) -> None:
    """V.D.1: always works, unless the target is attacking or analyzing the poisoner. Used up either way."""
    me.items.remove(vial)
    other = _here(night, me, target_id)
    if other is None:
        _fail(night, me.id, say("failed_poison"), say("failed_your_target_gone"))
        return
    if me.id in targets_of(night, other.id):
        night.tell(me.id, "poison_failed", "poison_failed", {"target": other.id}, target=other.name)
        night.tell(other.id, "poison_failed", "poison_attempt_on_you", {"user": me.id}, user=me.name)
        return
    damage = night.rng.weighted(vial.defn.damage, f"poison damage {me.id}->{other.id}")
    night.harm(other.id, damage, me.id)
    night.tell(sorted({me.id, other.id}), "poisoned", "poisoned", {"damage": damage}, target=other.name, damage=damage)


def _search(night: Night, me: Student) -> None:
    """III.C.7 and rulings: a Search finds one hidden item of the zone with 60% chance."""
    zone = night.state.zones[me.zone]  # type: ignore[index]
    chance = night.state.settings.search_chance + rules.effect_total(me, "search_bonus")
    if not zone.hidden or not night.rng.percent(min(100, chance), f"search {me.id}"):
        night.tell(me.id, "search", "search_nothing")
        return
    item = night.rng.choice(zone.hidden, f"search find {me.id}")
    zone.hidden.remove(item)
    held = give(night, me, item, zone.id)
    night.tell(me.id, "search", "search_found" if held else "search_found_full", {"item": item.uid}, item=item.name)


def _analyze(night: Night, me: Student, action: Analyze) -> None:
    """III.C.8: the target's role, school and concealed items (not Health or abilities)."""
    other = _here(night, me, action.target)
    if other is None:
        _fail(night, me.id, say("failed_analyze"), say("failed_your_target_gone"))
        return
    concealed = [i.name for i in other.items if i.concealed]
    me.knowledge.append(
        Knowledge(day=night.day, target=other.id, role=other.role, school=other.school, concealed=concealed)
    )
    night.tell(
        me.id,
        "analysis",
        "analyzed",
        {"target": other.id, "role": other.role, "school": other.school, "concealed": concealed},
        target=other.name,
        role=ROLE_NAMES[other.role],
        school=other.school,
        concealed=listing(concealed, say("list_none")),
    )


def escape(night: Night) -> None:
    """Rulings: a deactivated collar and Use Item "Escape" on the Beach or the Landing Strip."""
    for sid in night.escaping:
        student = night.s(sid)
        if student.active:
            student.escaped = True
            night.state.census_changed()
            night.announce("escape", "escaped_public", {"student": sid}, name=student.name)
            night.tell(sid, "escaped", "escaped_private")
    night.escaping.clear()

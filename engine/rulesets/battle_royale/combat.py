"""Steps 3 and 4 of the night: Smoke Grenades, then attacks by class, simultaneous within a class.

Handbook III.C.1-2 and 5-8 (attacks, All-Out Attack, Defend, Cover, Analyze), IV.C (zone modifiers and
the Forest's order), V.A-C and V.E (weapons, explosives and their collateral, Pot Lid, Vest), V.G
(Paper Fan, Paintball Gun); the Clarifications (Cover counts as melee range for area attacks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.deaths import settle
from engine.rulesets.battle_royale.orders import AllOutAttack, Analyze, Attack, Cover, Defend, HoldGround, Run
from engine.rulesets.battle_royale.rules import NightPosture
from engine.rulesets.battle_royale.state import Item, Student
from engine.rulesets.battle_royale.texts import say
from engine.rulesets.battle_royale.validate import weapon_profile

if TYPE_CHECKING:
    from engine.rulesets.battle_royale.night import Night

CLASS_ORDER = ("ranged", "melee", "explosive")
FOREST_ORDER = ("melee", "ranged", "explosive")


def prepare_postures(night: Night) -> None:
    """What each student's orders do to attacks tonight (Defend, Cover, Analyze, Hold Ground, Run)."""
    for student in night.state.active():
        orders = night.orders[student.id]
        action, move = orders.action, orders.movement
        night.postures[student.id] = NightPosture(
            all_out=isinstance(action, AllOutAttack),
            defending=action is None or isinstance(action, Defend),
            covering=action.target if isinstance(action, Cover) else None,
            analyzing=action.target if isinstance(action, Analyze) else None,
            holding=isinstance(move, HoldGround),
            running=isinstance(move, Run),
            painted=student.painted_for_day == night.day,
        )


def _attack_of(night: Night, student: Student) -> tuple[Attack, catalog.ItemDef, Item | None] | None:
    action = night.orders[student.id].action
    if not isinstance(action, (Attack, AllOutAttack)):
        return None
    try:
        defn, item = weapon_profile(student, action.weapon)
    except Exception:  # the weapon was traded or dropped tonight: reported by the step
        return None
    return action, defn, item


def step_of(defn: catalog.ItemDef) -> str:
    if defn.step == "smoke":
        return "smoke"
    if defn.step == "melee":
        return "melee"
    return defn.weapon_class or "melee"


def _acts(night: Night, sid: str, live: bool) -> bool:
    """Whether a student's action counts for melee range: not when smoke negated it (`live` blasts)."""
    return not (live and night.postures[sid].negated)


def _melee_links(night: Night, sid: str, live: bool = True) -> set[str]:
    """Who is in melee with a student: melee attackers, melee targets, and Cover both ways.

    `live`: only actions that really happen count (a student smoked out attacks and covers nobody).
    The Smoke Grenade's own blast looks at what students set out to do (it lands before they act).
    """
    links: set[str] = set()
    for other in _zone_mates(night, sid):
        if not _acts(night, other.id, live):
            continue
        targets = _melee_intent(night, other.id)
        if sid in targets:
            links.add(other.id)
        if other.id == sid:
            links.update(targets)
        if night.postures[other.id].covering == sid:
            links.add(other.id)
    covering = night.postures[sid].covering
    if covering and _acts(night, sid, live):
        links.add(covering)
    links.discard(sid)
    return {x for x in links if night.s(x).active}


def _coverer(night: Night, attacker: str, target: str, cache: dict[str, str | None]) -> str | None:
    """III.C.6: attacks on a covered student go to the coverer (one at random if several).

    Two (or more) students covering each other simply keep the -15% (no redirection: a coverer the
    target covers in turn, directly or round a ring of Covers, does not take the target's attacks), and
    nobody takes their own attack on someone they cover.
    """
    if target not in cache:
        zone = night.s(target).zone
        coverers = sorted(  # those covering the target from its zone (looked up, not scanned: a zone holds many)
            c.id
            for c in map(night.s, night.covers().get(target, ()))
            if c.active
            and c.zone == zone
            and not night.postures[c.id].negated
            and not _covered_by_chain(night, target, c.id)
        )
        cache[target] = (
            night.rng.choice(coverers, f"coverer of {target}")
            if len(coverers) > 1
            else (coverers[0] if coverers else None)
        )
    coverer = cache[target]
    if coverer is not None and not night.s(coverer).active:  # the chosen coverer fell: another steps in
        del cache[target]
        return _coverer(night, attacker, target, cache)
    if coverer is None or coverer == attacker:
        return None
    return coverer


def _covered_by_chain(night: Night, start: str, coverer: str) -> bool:
    """True if `start` covers `coverer`, directly or through a chain of Covers (a ring of Covers).

    A Cover negated by smoke is no Cover at all.
    """
    seen: set[str] = set()
    here: str | None = start
    while here is not None and here not in seen:
        seen.add(here)
        posture = night.postures.get(here)
        here = posture.covering if posture is not None and not posture.negated else None
        if here == coverer:
            return True
    return False


def smoke_step(night: Night) -> None:
    """Step 3: Smoke Grenades, before all attacks; a caught student's Action phase is negated."""
    cache = night.cover_choice
    standing = night.standing()
    for student in _in_random_order(night, night.state.active(), "smoke throwers"):
        attack = _attack_of(night, student)
        if attack and step_of(attack[1]) == "smoke":
            _fire(night, student, *attack, standing, cache)
    settle(night, say("cause_smoke"))


def attack_steps(night: Night) -> None:
    """Step 4: in each zone, Ranged, Melee (Flamethrower too), Explosives; Melee first in the Forest.

    Attacks of a class are simultaneous; where something must still come "first" (the Pot Lid negates the
    first melee hit, a weapon runs dry), the attackers of the step act in a random order.
    """
    cache = night.cover_choice
    for zone_id in night.state.open_zones() + [z for z in sorted(night.state.zones) if night.state.zones[z].closed]:
        order = FOREST_ORDER if night.state.island.zone(zone_id).melee_first else CLASS_ORDER
        for attack_class in order:
            standing = night.standing()
            for student in _in_random_order(night, night.state.in_zone(zone_id), f"{attack_class} attackers {zone_id}"):
                if night.postures[student.id].negated:
                    continue
                attack = _attack_of(night, student)
                if attack is None:
                    action = night.orders[student.id].action
                    if (
                        isinstance(action, (Attack, AllOutAttack))
                        and attack_class == "ranged"
                        and student.id not in night.fired
                    ):
                        night.tell(
                            student.id,
                            "order_failed",
                            "order_failed",
                            {},
                            what=say("failed_attack"),
                            reason=say("failed_weapon_gone"),
                        )
                    continue
                if step_of(attack[1]) == attack_class:
                    _fire(night, student, *attack, standing, cache)
            settle(night, say(f"cause_{attack_class}"))


def _in_random_order(night: Night, students: list[Student], purpose: str) -> list[Student]:
    """Attackers of one step in a random (recorded) order; only those who attack are shuffled."""
    attackers = [s for s in students if _attack_of(night, s) is not None]
    if len(attackers) < 2:
        return students
    by_id = {s.id: s for s in attackers}  # shuffle ids: the roll log records them, not whole students
    return [by_id[i] for i in night.rng.shuffled(list(by_id), purpose)] + [s for s in students if s.id not in by_id]


def _fire(
    night: Night,
    me: Student,
    action: Attack,
    defn: catalog.ItemDef,
    item: Item | None,
    standing: set[str],
    cache: dict[str, str | None],
) -> None:
    night.fired.add(me.id)
    weapon = defn.name if item is None or item.kind != "brass_knuckles" else "Brass Knuckles"
    thrown = False
    for target_id in sorted(action.attempts):
        for _ in range(action.attempts[target_id]):
            if item is not None and item.ammo is not None:
                if item.ammo <= 0:
                    night.tell(me.id, "out_of_ammo", "out_of_ammo", {"item": item.uid}, weapon=weapon)
                    return
            if target_id not in standing:
                night.tell(
                    me.id,
                    "attack_no_target",
                    "attack_no_target",
                    {"target": target_id},
                    attacker=me.name,
                    target=night.name(target_id),
                )
                break
            if item is not None and item.ammo is not None:
                item.ammo -= 1
            _strike(night, me, target_id, defn, weapon, cache)
            thrown = True
    if thrown and item is not None and defn.one_use and item in me.items:  # "used up after being thrown"
        me.items.remove(item)


def _strike(
    night: Night, me: Student, target_id: str, defn: catalog.ItemDef, weapon: str, cache: dict[str, str | None]
) -> None:
    zone_id = me.zone or 0
    coverer = _coverer(night, me.id, target_id, cache)
    if coverer is not None:
        night.tell(
            sorted({me.id, coverer, target_id}),
            "redirected",
            "redirected",
            {"coverer": coverer},
            coverer=night.name(coverer),
            target=night.name(target_id),
        )
        target_id = coverer
    target = night.s(target_id)
    cls = defn.weapon_class or "melee"
    chance = rules.hit_chance(night.state, me, target, defn.chance, cls, zone_id, night.postures)
    who = sorted({me.id, target_id})
    hit = night.rng.percent(chance, f"{defn.id} {me.id}->{target_id}")
    if hit:
        damage = night.rng.weighted(defn.damage, f"{defn.id} damage {me.id}->{target_id}")
        _land(night, me, target, defn, weapon, damage, chance, who)
    else:
        night.tell(
            who,
            "attack_missed",
            "attack_missed",
            {"chance": chance, "weapon": defn.id},
            attacker=me.name,
            target=target.name,
            weapon=weapon,
        )
    if defn.collateral is not None and (hit or not night.state.settings.collateral_needs_hit):
        _collateral(night, me, target, defn, weapon)


def _land(
    night: Night,
    me: Student,
    target: Student,
    defn: catalog.ItemDef,
    weapon: str,
    damage: int,
    chance: int,
    who: list[str],
) -> None:
    cls = defn.weapon_class
    if cls == "melee" and target.has("pot_lid") and target.id not in night.lid_used:
        night.lid_used.add(target.id)
        night.tell(who, "pot_lid", "attack_blocked_lid", {}, attacker=me.name, target=target.name, weapon=weapon)
        return
    if cls == "ranged" and not defn.pierces_vest and target.has("bulletproof_vest"):
        damage = max(0, damage - catalog.item("bulletproof_vest").ranged_damage_reduction)
    if defn.smoke:
        night.postures[target.id].negated = True
        night.tell(
            who, "smoke", "smoke_caught", {"damage": damage}, attacker=me.name, target=target.name, damage=damage
        )
    else:
        night.tell(
            who,
            "attack_hit",
            "attack_hit",
            {"damage": damage, "chance": chance, "weapon": defn.id},
            attacker=me.name,
            target=target.name,
            weapon=weapon,
            damage=damage,
            chance=chance,
        )
    if defn.paint:
        target.painted_for_day = night.day + 1
        night.tell(who, "painted", "painted", {}, target=target.name)
    night.harm(target.id, damage, me.id)


def _collateral(night: Night, me: Student, target: Student, defn: catalog.ItemDef, weapon: str) -> None:
    """V.C: the blast reaches those in melee with the target (Flamethrower: with the user or target)."""
    blast = defn.collateral
    assert blast is not None
    if blast.reach == "user_or_target_melee":
        reach = _melee_attackers(night, target.id) | _melee_attackers(night, me.id) | _cover_links(night, target.id)
    else:
        reach = _melee_links(night, target.id, live=not defn.smoke)
    reach -= {me.id, target.id}
    for sid in sorted(reach):
        victim = night.s(sid)
        chance = rules.hit_chance(
            night.state, me, victim, blast.chance, defn.weapon_class or "explosive", me.zone or 0, night.postures
        )
        who = sorted({me.id, sid})
        if not night.rng.percent(chance, f"{defn.id} collateral {me.id}->{sid}"):
            night.tell(
                who, "collateral_missed", "collateral_missed", {}, attacker=me.name, weapon=weapon, target=victim.name
            )
            continue
        damage = night.rng.weighted(blast.damage, f"{defn.id} collateral damage {me.id}->{sid}")
        if defn.smoke:
            night.postures[sid].negated = True
            night.tell(who, "smoke", "smoke_collateral", {"damage": damage}, target=victim.name, damage=damage)
        else:
            night.tell(
                who,
                "collateral_hit",
                "collateral_hit",
                {"damage": damage},
                attacker=me.name,
                weapon=weapon,
                target=victim.name,
                damage=damage,
            )
        night.harm(sid, damage, me.id)


def _zone_mates(night: Night, sid: str) -> list[Student]:
    """Students in the same zone: attacks and Cover never reach further, so melee range stays inside it."""
    return night.state.in_zone(night.s(sid).zone)  # type: ignore[arg-type]


def _melee_intent(night: Night, sid: str) -> frozenset[str]:
    """Whom a student means to attack with a melee weapon tonight (fixed once free actions are done)."""
    if sid not in night.melee_intent:
        attack = _attack_of(night, night.s(sid))
        melee = attack is not None and attack[1].weapon_class == "melee" and step_of(attack[1]) != "smoke"
        night.melee_intent[sid] = frozenset(attack[0].attempts) if melee else frozenset()  # type: ignore[index]
    return night.melee_intent[sid]


def _melee_targets(night: Night, sid: str) -> frozenset[str]:
    return frozenset() if night.postures[sid].negated else _melee_intent(night, sid)


def _melee_attackers(night: Night, sid: str) -> set[str]:
    return {o.id for o in _zone_mates(night, sid) if sid in _melee_targets(night, o.id)}


def _cover_links(night: Night, sid: str) -> set[str]:
    links = {
        o.id
        for o in _zone_mates(night, sid)
        if night.postures[o.id].covering == sid and not night.postures[o.id].negated
    }
    covering = night.postures[sid].covering if not night.postures[sid].negated else None
    return links | ({covering} if covering else set())

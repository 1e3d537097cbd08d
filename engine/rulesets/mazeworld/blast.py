"""Explosives (rulings "Explosives"; text "Combat skill types": grenade launcher, rocket launcher, planted
explosives; docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns, ammunition"): one 2d6 per
grenade or shell at a creature, effective score = roll + 6 - FT, a natural 2 a dud; 11+ direct x1, 9-10 close
x0.75, 7-8 far x0.5, 5-6 distant x0.25, less a miss. The target takes Pain and limb damage times the power on
an @bodyaim part, the others on its side not in cover that Pain only. Hand grenades and planted charges thrown
instead of planted use the Thrown weapons skill; launchers fire their shells with their own skill. A planted
charge goes off on its side (by its planter's `detonate`, or its fuse at the end of a turn): one 2d6 against
the planter's FT at planting, and everyone on that side not in cover takes Pain and limb damage times the
power on an @bodyaim part."""

from __future__ import annotations

from engine.rulesets.mazeworld import rules
from engine.rulesets.mazeworld.aim import bodyaim, ft_ir, shown
from engine.rulesets.mazeworld.arms import Mods
from engine.rulesets.mazeworld.catalog import Weapon, catalog
from engine.rulesets.mazeworld.damage import compute, deliver
from engine.rulesets.mazeworld.state import Carried, Charge, Creature
from engine.rulesets.mazeworld.turn import Turn

POWER = ((11, 1.0, "direct"), (9, 0.75, "close"), (7, 0.5, "far"), (5, 0.25, "distant"))
THROWN_SKILL = rules.THROWN_SKILL  # text: "planted explosive that is thrown instead ... Thrown weapons skill"


def power(score: int, ft: int) -> tuple[float, str] | None:
    """The blast band of a 2d6 score against FT (not a dud): its power and word, or None for a miss."""
    effective = score + 6 - ft
    return next(((p, word) for low, p, word in POWER if effective >= low), None)


def throw(turn: Turn, me: Creature, target: Creature, weapon: Weapon, carried: Carried | None, mods: Mods) -> None:
    """One explosive thrown by hand; a planted charge thrown uses the Thrown weapons skill."""
    if carried is None or carried.loaded <= 0:
        turn.about(me, "dry", "dry_fire", {"id": me.id}, name=me.name, weapon=weapon.name)
        return
    carried.loaded -= 1
    if weapon.kind == "planted":
        weapon = weapon.model_copy(update={"skill": THROWN_SKILL})
    _at(turn, me, target, weapon, f"{me.id} {weapon.name} throw", mods)


def launch(
    turn: Turn, me: Creature, target: Creature, weapon: Weapon, carried: Carried, count: int, mods: Mods
) -> None:
    """A launcher's shells, each its own 2d6 at the target; an empty launcher dry-fires."""
    if count <= 0:
        turn.about(me, "dry", "dry_fire", {"id": me.id}, name=me.name, weapon=weapon.name)
        return
    for index in range(count):
        if not target.present:
            break
        carried.loaded -= 1
        _at(turn, me, target, weapon, f"{me.id} {weapon.name} shell {index + 1}", mods)


def _at(turn: Turn, me: Creature, target: Creature, weapon: Weapon, purpose: str, mods: Mods) -> None:
    """One grenade or shell at a creature."""
    part = bodyaim(turn, target, purpose)
    ft, _ = ft_ir(turn, me, target, weapon, False, "torso", 0, False, mods)  # unaimed: no part modifier
    score = turn.two_d6(purpose)
    if score == 2:
        turn.about(me, "dud", "dud", {"id": me.id}, name=me.name, weapon=weapon.name)
        return
    found = power(score, ft)
    turn.between(
        me,
        target,
        "attack",
        "attack",
        {"id": me.id, "target": target.id},
        name=me.name,
        target=target.name,
        weapon=weapon.name,
        rolls=shown(me, score, found[1] if found else "miss", part),
    )
    if found is None:
        return
    strength = found[0]
    side = target.side
    deliver(turn, compute(turn, me, target, weapon, part, False, strength, strength))
    for other in turn.state.creatures:
        if other.id != target.id and other.present and other.side == side and not other.cover:
            torso = rules.body_of(other).torso
            deliver(turn, compute(turn, me, other, weapon, torso, False, strength, 1.0, limb=False))


def detonate(turn: Turn, me: Creature) -> None:
    """The planter's charges that wait for a detonator go off, in the order they were planted."""
    mine = [c for c in turn.state.charges if c.by == me.id and c.explodes is None]
    turn.about(me, "detonate", "detonate", {"id": me.id}, name=me.name)
    for charge in mine:
        explode(turn, charge)


def fuses(turn: Turn) -> None:
    """End of the turn: the charges whose fuse runs out now go off."""
    for charge in [c for c in turn.state.charges if c.explodes is not None and c.explodes <= turn.state.day]:
        explode(turn, charge)


def explode(turn: Turn, charge: Charge) -> None:
    """One 2d6 against the planter's FT at planting; everyone on the side not in cover is hit by its power."""
    turn.state.charges.remove(charge)
    planter = turn.state.creature(charge.by)
    weapon = catalog().weapons[charge.weapon]
    purpose = f"{planter.id} {weapon.name} charge side {charge.side}"
    score = turn.two_d6(purpose)
    data = {"side": charge.side}  # the blast is seen, not who planted it (a planter in stealth stays unseen)
    if score == 2:
        turn.public("dud", "charge_dud", data, weapon=weapon.name, side=charge.side)
        return
    found = power(score, charge.ft)
    band = found[1] if found else "miss"
    key = "charge_blast" if planter.controller else "charge_blast_npc"  # an NPC's 2d6 is not public
    turn.public("blast", key, data, weapon=weapon.name, side=charge.side, band=band, score=score)
    if found is None:
        return
    caught = [c for c in turn.state.creatures if c.present and c.side == charge.side and not c.cover]
    for victim in caught:
        part = bodyaim(turn, victim, purpose)
        deliver(turn, compute(turn, planter, victim, weapon, part, False, found[0], found[0]))

"""Damage (rulings "Damage"): Pain % and limb damage of a hit, injuries (fractures, wounds, burning), the
Pain states (blacked out at PBT, dead at PDT), limbs disabled and severed, deaths and who is credited with
the kill ("Skills, kills, hunting"). A hit is computed when it lands and applied at once, or at the end of
the turn under `damage_timing = end_of_turn`."""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.keyed import filled, joined, named
from engine.rulesets.mazeworld import rules
from engine.rulesets.mazeworld.catalog import DOMAIN, Weapon, catalog
from engine.rulesets.mazeworld.state import Carried, Creature, Wound
from engine.rulesets.mazeworld.texts import CONDITIONS, text
from engine.rulesets.mazeworld.turn import Turn

WOUNDING = ("Sharp", "Piercing", "Bullet")


def half_up(value: float) -> int:
    """ "Round half up"."""
    return math.floor(value + 0.5)


@dataclass
class Hit:
    attacker: str
    target: str
    weapon: str
    skill: str
    type: str
    part: str
    pain: int
    limb: int


def compute(
    turn: Turn,
    attacker: Creature,
    target: Creature,
    weapon: Weapon,
    part: str,
    weak: bool,
    pain_x: float = 1.0,
    limb_x: float = 1.0,
    armour: bool = True,
    limb: bool = True,
) -> Hit:
    """Pain% = weapon Pain x AC factor x part factor x sensitivity x modifiers; limb damage = (1d8 + LDV -
    armour level) x part limb factor x modifiers, floor 0. Explosive and Fire ignore AC. The weapon's
    `ac_shift` (its ammunition's) counts the part's armour class that many classes lighter or heavier."""
    classes = list(catalog().armour)
    worn = classes.index(target.armour.get(part, "C1"))
    ac = catalog().armour[classes[min(len(classes) - 1, max(0, worn + weapon.ac_shift))]]
    ignores = not armour or weapon.type in ("Explosive", "Fire")
    factor = 1.0 if ignores else (ac.bullet if weapon.type == "Bullet" else ac.other)
    level = 0 if ignores else ac.level
    part_pain = rules.WEAK_PAIN if weak else rules.PART_PAIN[rules.role(target, part)]
    pain = half_up(weapon.pain * factor * part_pain * target.pain_sensitivity * pain_x)
    damage = 0
    if limb:
        d8 = turn.d(8, f"{attacker.id} limb damage 1d8 on {target.id}")
        damage = max(0, half_up((d8 + weapon.ldv - level) * (rules.WEAK_LIMB if weak else 1.0) * limb_x))
    return Hit(attacker.id, target.id, weapon.name, weapon.skill, weapon.type, part, pain, damage)


def deliver(turn: Turn, hit: Hit) -> None:
    """Apply now, or hold for the end of the turn (`damage_timing`)."""
    if turn.state.settings.damage_timing == "end_of_turn":
        turn.queued.append(hit)
    else:
        apply(turn, hit)


def apply(turn: Turn, hit: Hit) -> None:
    target = turn.state.creature(hit.target)
    if not target.present:
        return
    turn.moderators(
        "damage",
        "damage",
        hit.__dict__,
        target=target.name,
        part=named(DOMAIN, "part", hit.part),
        pain=hit.pain,
        limb=hit.limb,
    )
    before = conditions(target)
    old_pain = target.pain
    target.pain += hit.pain
    limb = target.parts[hit.part]
    limb.hp -= hit.limb
    if hit.type == "Blunt" and hit.pain >= 25:
        limb.broken = True
    if hit.type in WOUNDING and hit.limb >= 5:
        target.wounds.append(Wound(part=hit.part, by=hit.attacker, skill=hit.skill))
        turn.private(target, "wound", "wound", name=target.name, part=named(DOMAIN, "part", hit.part))
    if hit.type == "Fire":
        target.burning, target.burning_skill = hit.attacker, hit.skill
    if target.status == "passed_out":
        target.status = "active"  # "helpless until damaged"
        turn.about(target, "wakes", "wakes", {"id": target.id}, name=target.name)
    settle(turn, target, hit.attacker, hit.skill, old_pain, before)


def settle(turn: Turn, target: Creature, by: str, skill: str, old_pain: float, before: list[str]) -> None:
    """After Pain or limbs change: death, blackout, and the new conditions said in words."""
    if old_pain < 70 <= target.pain and target.id not in turn.state.crossed:
        turn.state.crossed.append(target.id)
    if dead(target):
        kill(turn, target, by, skill)
        return
    if target.pain >= target.pbt and target.status != "blacked_out":
        target.status = "blacked_out"
        turn.about(target, "blackout", "blackout", {"id": target.id}, name=target.name)
    new = [c for c in conditions(target) if c not in before and c != CONDITIONS["blacked_out"]]
    if new:
        turn.about(target, "condition", "condition", {"id": target.id}, name=target.name, condition=joined(", ", new))
    private_status(turn, target)


def dead(creature: Creature) -> bool:
    """Pain at PDT; head or (upper) body disabled (not merely broken); lower body severed."""
    if creature.pain >= creature.pdt:
        return True
    for name, limb in creature.parts.items():
        r = rules.role(creature, name)
        if (r in ("head", "torso") and limb.hp <= 0) or (r == "lower" and limb.severed):
            return True
    return False


def kill(turn: Turn, target: Creature, by: str, skill: str) -> None:
    """Death; the kill to whose hit, wound or fire it was: +1 point to that weapon's skill, the contestants'
    tally for a contestant's or an ally's kill. A creature in stealth is not named in public (`Turn.between`):
    a killer in stealth (a quiet shot, a wound or fire it caused) leaves a public death without its name."""
    target.status = "dead"
    target.cover = False
    turn.state.losses.append(target.team)
    killer = turn.state.get(by)
    if killer is None or killer.id == target.id:
        turn.about(target, "death", "death", {"id": target.id}, name=target.name)
        return
    killer.kills += 1
    if skill:
        killer.skills[skill] = killer.skills.get(skill, rules.SKILL_DEFAULT) + 1
    if killer.team in ("contestant", "ally"):
        turn.state.tally += 1
    if killer.stealth and not target.stealth:  # the death is seen, not who caused it
        turn.public("death", "death", {"id": target.id}, name=target.name)
    turn.between(
        killer, target, "kill", "kill", {"id": target.id, "by": killer.id}, killer=killer.name, name=target.name
    )


def conditions(creature: Creature) -> list[str]:
    """The creature's conditions in words (public): hurt, in agony, blacked out, limbs disabled, dead."""
    if creature.status in ("dead", "escaped", "blacked_out", "passed_out"):
        found: list[str] = [CONDITIONS[creature.status]]
    elif creature.pain >= 70:
        found = [CONDITIONS["agony"]]
    elif creature.pain > 0 or any(limb.hp < limb.max_hp for limb in creature.parts.values()):
        found = [CONDITIONS["hurt"]]
    else:
        found = []
    for name, limb in creature.parts.items():
        if limb.severed:
            found.append(filled(CONDITIONS["severed"], part=named(DOMAIN, "part", name)))
        elif limb.hp <= 0:
            found.append(filled(CONDITIONS["disabled"], part=named(DOMAIN, "part", name)))
        elif limb.broken:
            found.append(filled(CONDITIONS["broken"], part=named(DOMAIN, "part", name)))
    return found


def private_status(turn: Turn, creature: Creature) -> None:
    """A contestant's own Pain %, limb states in words, ammunition and cleanliness (private)."""
    if creature.controller is None:
        return
    limbs = joined(", ", [c for c in conditions(creature)]) or CONDITIONS["fine"]
    guns = joined("; ", [_rounds_of(w) for w in creature.weapons if catalog().weapons[w.name].fed])
    turn.private(
        creature,
        "status",
        "private_status",
        {"id": creature.id, "pain": creature.pain},
        name=creature.name,
        pain=half_up(creature.pain),
        limbs=limbs,
        weapons=guns or "-",
    )


def _rounds_of(carried: Carried) -> str:
    """A fed weapon's rounds for its owner: loaded (and type) + spare, other types' spares, attached weapons'
    (named by their accessory, with their types)."""
    clean = text("status_clean", clean=f"{carried.cleanliness:.1f}") if catalog().weapons[carried.name].gun else ""
    mounts = [text("status_more", said=_typed(name, m)) for name, m in sorted(carried.mounts.items())]
    return joined("", [_typed(carried.name, carried), clean, *mounts])


def _typed(name: str, carried: Carried) -> str:
    ammo = text("status_ammo", ammo=named(DOMAIN, "ammo", carried.ammo)) if carried.ammo else ""
    said = text(
        "status_rounds", name=named(DOMAIN, "weapon", name), loaded=carried.loaded, ammo=ammo, spare=carried.spare
    )
    spares = [
        text("status_spare", kind=named(DOMAIN, "ammo", kind), count=n) for kind, n in sorted(carried.spares.items())
    ]
    return joined("", [said, *spares])

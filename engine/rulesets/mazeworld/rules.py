"""The rulings' numbers as small pure functions: skill levels, IS tiers, the FT and IR of an attack, Pain
states, limb effects (crippled, arms lost), which weapon an attack uses and its per-turn limit, and who may
target whom. Each names the rulings' section it follows."""

from __future__ import annotations

from engine.rulesets.mazeworld.catalog import Body, Weapon, catalog
from engine.rulesets.mazeworld.dice import FT_RANGE
from engine.rulesets.mazeworld.state import Creature, MazeState

TIER_WEIGHTS = (1, 2, 3, 5, 9, 14, 18, 22, 26, 30)  # "Order of passage": IS tiers 1-10
UNSPARABLE = 11
CONCENTRATION = 99
SKILL_DEFAULT = 10.0  # "every combat skill starts at 10 points (Basic)"
PART_FT = {"head": 1, "torso": 0, "lower": 0, "arm": 0, "leg": 0, "hand": 1, "foot": 1}  # text's table
PART_PAIN = {"head": 1.0, "torso": 1.0, "lower": 1.0, "arm": 0.4, "leg": 0.4, "hand": 0.5, "foot": 0.5}
WEAK_FT, WEAK_PAIN, WEAK_LIMB = 2, 2.0, 2.0
MODE_LIMITS = {"single": 1, "semi": 10, "da": 10, "burst": 5, "pump": 5, "lever": 5, "bolt": 3, "sa": 3}
MODE_ORDER = ("single", "semi", "da", "sa", "bolt", "pump", "lever", "burst", "auto")  # lowest first
FISTS = "Fists"
THROWN_SKILL = "thrown weapons"  # text "Combat skill types", Notes: what is thrown instead of fired or swung
BODYAIM = "bodyaim"  # an attack's part: the @bodyaim die picks it (unaimed, whatever `unaimed_part` says)


def tier(weight: int) -> int:
    """IS tier of a weight, rounded up to the next tier; heavier than 30: 11 (Unsparable)."""
    if weight <= 0:
        return 0
    return next((i + 1 for i, w in enumerate(TIER_WEIGHTS) if weight <= w), UNSPARABLE)


def skill_level(points: float) -> str:
    """Text, "Combat skill levels": Unskilled 0-9.9, Basic 10-24.9, Skilled 25-49.9, Expert 50-99.9, Master."""
    for level, low in (("master", 100), ("expert", 50), ("skilled", 25), ("basic", 10)):
        if points >= low:
            return level
    return "unskilled"


def skill_ft(level: str) -> int:
    return {"unskilled": 1, "master": -1}.get(level, 0)


def skill_ir(level: str) -> int:
    return {"skilled": 1, "expert": 2, "master": 2}.get(level, 0)


def pain_ft(creature: Creature) -> int:
    """Rulings "Damage", Pain: 40-69 FT+1; 70-99 agony, FT+2."""
    if creature.pain >= 70:
        return 2
    return 1 if creature.pain >= 40 else 0


def body_of(creature: Creature) -> Body:
    return catalog().bodies[creature.body]


def role(creature: Creature, part: str) -> str:
    return body_of(creature).parts[part].role


def resolve_part(creature: Creature, part: str) -> tuple[str, bool]:
    """The part a named target lands on and whether it is a weak point (eyes -> head, crotch -> lower body)."""
    body = body_of(creature)
    if part in body.weak:
        return body.weak[part], True
    if part in body.parts:
        return part, False
    if part in ("torso", "body", "upper body"):
        return body.torso, False
    return body.aim.get(part, body.torso), False


def aimable(creature: Creature) -> list[str]:
    body = body_of(creature)
    return [*body.parts, *body.weak]


def limb_ft(creature: Creature) -> int:
    """Rulings "Human limbs": a disabled arm or hand FT+1 each; a broken head or upper body FT+1."""
    extra = 0
    for name, limb in creature.parts.items():
        r = role(creature, name)
        if r in ("arm", "hand") and limb.disabled:
            extra += 1
        elif r in ("head", "torso") and limb.broken:
            extra += 1
    return extra


def arms_lost(creature: Creature) -> bool:
    """Both arms disabled: no weapon attacks."""
    arms = [limb for n, limb in creature.parts.items() if role(creature, n) == "arm"]
    return bool(arms) and all(limb.disabled for limb in arms)


def crippled(creature: Creature) -> bool:
    """Half the legs or the lower body disabled: no side change or escape."""
    legs = [limb for n, limb in creature.parts.items() if role(creature, n) == "leg"]
    lower = [limb for n, limb in creature.parts.items() if role(creature, n) == "lower"]
    if any(limb.disabled for limb in lower):
        return True
    return bool(legs) and sum(limb.disabled for limb in legs) * 2 >= len(legs)


def escape_malus(creature: Creature) -> int:
    """A disabled leg or foot: escape -2 each."""
    return -2 * sum(1 for n, limb in creature.parts.items() if role(creature, n) in ("leg", "foot") and limb.disabled)


def attack_weapon(creature: Creature, name: str | None) -> Weapon | None:
    """The weapon an attack uses: named, else wielded, else the first natural attack, else Fists."""
    table = catalog()
    if name is None:
        name = creature.wielded or (creature.attacks[0] if creature.attacks else FISTS)
    if name in creature.attacks:
        return table.species[creature.species].attacks[name]
    if name == FISTS:  # only a body with arms punches
        has_arms = any(part.role == "arm" for part in body_of(creature).parts.values())
        return table.weapons[FISTS] if has_arms else None
    if creature.weapon(name) is not None:
        return table.weapons[name]
    return None


def order_weapon(creature: Creature, order: object) -> Weapon | None:
    """The weapon an attack or execution uses: an item thrown (`item`), else `attack_weapon`."""
    item = getattr(order, "item", None)
    return thrown_item(item) if item is not None else attack_weapon(creature, getattr(order, "weapon", None))


def thrown_item(name: str) -> Weapon | None:
    """An item thrown as a weapon (text "Combat skill types", Notes: "in fact, any item"): one blow of its
    `thrown` damage under the Thrown weapons skill, at its weight's IS tier; None if it has no damage data."""
    item = catalog().items.get(name)
    if item is None or item.thrown is None:
        return None
    data = item.thrown
    return Weapon(
        name=name,
        skill=THROWN_SKILL,
        weight=data.weight,
        kind="melee",
        hits=1,
        type=data.type,
        pain=data.pain,
        ldv=data.ldv,
    )


def lowest_mode(weapon: Weapon) -> str | None:
    return min(weapon.modes, key=MODE_ORDER.index) if weapon.modes else None


def turn_limit(weapon: Weapon, mode: str | None) -> int:
    """Per turn: semi/DA 10, burst 5 bursts, pump/lever 5, bolt/SA 3, single shot 1, full-auto the magazine
    (launchers too); melee its hits; thrown 1 (our ruling); a bow its `hits` (arrows a turn: a bow 3, like
    bolt-action, a crossbow 1, like a single shot; docs "Bows")."""
    if weapon.kind == "bow":
        return weapon.hits or 1
    if weapon.fed:
        return (weapon.magazine or 1) if mode == "auto" else MODE_LIMITS.get(mode or "", 1)
    if weapon.kind == "thrown":
        return 1
    return weapon.hits or 1


def hostile(a: Creature, b: Creature) -> bool:
    return (a.team == "hostile") != (b.team == "hostile")


def targetable(state: MazeState, attacker: Creature, target: Creature) -> bool:
    """Present, and not stealthed on another side ("Stealth": not targetable from other sides)."""
    if not target.present or target.id == attacker.id:
        return False
    return not (target.stealth and target.side != attacker.side)


def clamp_ft(value: int) -> int:
    return max(FT_RANGE[0], min(FT_RANGE[1], value))

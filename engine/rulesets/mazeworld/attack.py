"""One attack action (rulings "Attack rolls", "Recoil", "Explosives"): one 2d6 per round, burst round, hit or
throw, each against FT and IR; inaccurate hits, criticals (@critwin), critical failures (firearm d100s
against cleanliness: stovepipe, misfire, failure to feed, destruction; monsters hurting themselves; duds),
cleanliness, recoil windows, and executions (no 2d6, every hit lands). The weapon fires what it has loaded
(its ammunition type's Pain, LDV, damage type, AC handling and pellets: every pellet of a shell that hits
lands on the part), with its accessories' modifiers; an announced attached weapon fires instead; explosives
go to `blast.py` (docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns, ammunition")."""

from __future__ import annotations

from dataclasses import replace

from engine.keyed import joined
from engine.rulesets.mazeworld import arms, blast, rules
from engine.rulesets.mazeworld.aim import bodyaim, ft_ir, shown
from engine.rulesets.mazeworld.arms import Mods
from engine.rulesets.mazeworld.catalog import Weapon, catalog
from engine.rulesets.mazeworld.damage import compute, deliver
from engine.rulesets.mazeworld.dice import band
from engine.rulesets.mazeworld.orders import Attack, Execute
from engine.rulesets.mazeworld.state import Carried, Creature
from engine.rulesets.mazeworld.texts import BANDS, text
from engine.rulesets.mazeworld.turn import Turn

MISFIRING = ("revolver", "bolt", "pump", "lever", "single")


def attack(turn: Turn, me: Creature, order: Attack | Execute) -> None:
    target = turn.state.creature(order.target)
    if isinstance(order, Attack):
        turn.attackers.append(me.id)
    weapon = rules.order_weapon(me, order)
    assert weapon is not None  # checked by validate just before
    if isinstance(order, Attack) and order.throw:
        _attacked(turn, me, quiet=False)
        _hurl(turn, me, target, weapon, order)
        return
    carried = me.weapon(weapon.name)
    announced = order.accessory if isinstance(order, Attack) else None
    mods = arms.modifiers(me, carried, announced, turn.state.day)
    fitted = arms.attached(carried, announced, keep=True)
    if fitted is not None:  # the attached weapon fires, with its own rounds; a suppressor does not quiet it
        mods = replace(mods, quiet=False)
    _attacked(turn, me, mods.quiet)  # seen from its first attack on, so its attack's lines name it
    if not weapon.ranged and target.side != me.side:
        me.side, me.cover = target.side, False  # "a melee attack moves the attacker to the target's side"
        turn.about(me, "move", "melee_move", {"id": me.id, "side": me.side}, name=me.name, side=me.side)
    if fitted is not None:
        weapon, carried = fitted
    stats = arms.loaded_stats(weapon, carried)
    if isinstance(order, Execute):
        _execute(turn, me, target, stats, carried, order)
    elif weapon.kind in ("thrown", "planted"):
        blast.throw(turn, me, target, stats, carried, mods)
    elif weapon.kind == "launcher" and carried is not None:
        count = _rounds(weapon, order.mode or rules.lowest_mode(weapon), order.rounds or 1, carried)
        blast.launch(turn, me, target, stats, carried, count, mods)
    else:
        _rolls(turn, me, target, stats, carried, order, mods)


def _attacked(turn: Turn, me: Creature, quiet: bool) -> None:
    """Stealth is "lost after the creature's first attack" (not a quiet one): it is seen as the attack begins,
    and every line of the attack may name it. A quiet attack keeps stealth: its lines go through
    `Turn.about` (its own player or the moderators), never public."""
    if me.stealth and not quiet:
        me.stealth = False
        turn.public("stealth", "stealth_lost", {"id": me.id}, name=me.name)
    me.attacked = True


def _hurl(turn: Turn, me: Creature, target: Creature, weapon: Weapon, order: Attack) -> None:
    """A melee weapon (or an item with damage data) thrown: one 2d6 under the Thrown weapons skill, a ranged
    attack (an inaccurate hit rolls the 1d2; cover counts from another side) with its own damage. It leaves
    the thrower's hands and lies on the target's side: off the sheet, the game master's to hand back."""
    mods = arms.modifiers(me, None, None, turn.state.day)
    thrown = weapon.model_copy(update={"skill": blast.THROWN_SKILL, "kind": "thrown"})
    _rolls(turn, me, target, thrown, None, order.model_copy(update={"rounds": 1, "mode": None}), mods)
    if order.item is not None:
        me.items[order.item] -= 1
        if me.items[order.item] <= 0:
            del me.items[order.item]
    else:
        _let_go(me, weapon)
    data = {"id": me.id, "side": target.side}
    turn.about(me, "thrown", "thrown_away", data, weapon=weapon.name, name=me.name, side=target.side)


def _let_go(me: Creature, weapon: Weapon) -> None:
    """A thrown weapon leaves the sheet, and the hand unless another of its kind is carried."""
    carried = me.weapon(weapon.name)
    if carried is not None:
        me.weapons.remove(carried)
    if me.weapon(weapon.name) is None:  # a second one of the same kind may still be in hand
        me.wielded = None if me.wielded == weapon.name else me.wielded


def _rounds(weapon: Weapon, mode: str | None, asked: int, carried: Carried | None) -> int:
    per = weapon.modes.get(mode or "", 1)
    wanted = asked * per
    return min(wanted, carried.loaded) if weapon.fed and carried is not None else wanted


def _rolls(
    turn: Turn, me: Creature, target: Creature, weapon: Weapon, carried: Carried | None, order: Attack, mods: Mods
) -> None:
    mode = order.mode or rules.lowest_mode(weapon)
    asked = 1 if order.concentrate else (order.rounds or 1)
    count = _rounds(weapon, mode, asked, carried)
    if weapon.fed and carried is not None and (carried.jam == "feed" or count == 0):
        turn.about(me, "dry", "feed" if carried.jam else "dry_fire", {"id": me.id}, name=me.name, weapon=weapon.name)
        return
    named = order.part is not None and order.part != rules.BODYAIM
    aimed, weak = rules.resolve_part(target, order.part or "") if named else (rules.body_of(target).torso, False)
    unaimed = order.part == rules.BODYAIM or (
        order.part is None and (weapon.unaimed or turn.state.settings.unaimed_part == "bodyaim")
    )
    window = _window(weapon, mode)
    per = weapon.modes.get(mode or "", 1)
    counted, said, scores, bands, words = 0, [], [], [], []
    start = len(turn.events)  # the attack line goes before the damage it causes
    fired = 0
    clean = carried.cleanliness if carried is not None else 100.0  # every d100 compares with this
    for index in range(count):
        if not target.present:
            break
        purpose = f"{me.id} {weapon.name} round {index + 1}"
        shift = (counted // per) // window if window else 0
        part, is_weak = (aimed, weak)
        if (shift or unaimed) and target.present:
            part, is_weak = bodyaim(turn, target, purpose), False
        ft, ir = ft_ir(turn, me, target, weapon, is_weak, rules.role(target, part), shift, order.concentrate, mods)
        score = turn.two_d6(purpose)
        scores.append(score)
        result = band(score, ft, ir)
        if weapon.fed and carried is not None:
            carried.loaded -= 1
            fired += 1
        word, label = result, ""
        stop, misfire = False, False
        if result == "critical_failure":
            word, stop, misfire = _failure(turn, me, weapon, carried, clean, purpose)
        elif result == "inaccurate" and weapon.ranged:
            d2 = turn.d(2, purpose + " inaccurate 1d2")
            word = "hit" if d2 == 2 else "miss"
            if me.controller:  # a contestant's 1d2 is public
                label = text("inaccurate_d2", d2=d2, result=BANDS[word])
        if word in ("hit", "inaccurate", "critical"):
            _land(
                turn,
                me,
                target,
                weapon,
                aimed if result == "critical" else part,
                weak if result == "critical" else is_weak,
                result,
                purpose,
            )
        if not misfire:
            counted += 1
        said.append(shown(me, score, label or word, aimed if result == "critical" else part))
        bands.append(result)
        words.append(word)
        if stop:
            break
    _dirty(turn, weapon, carried, fired)
    data: dict[str, object] = {"id": me.id, "target": target.id, "bands": bands, "results": words}
    if me.controller is not None:
        data["scores"] = scores  # a contestant's 2d6 are public; an NPC's only to the moderators
    said_at = len(turn.events)
    turn.between(
        me,
        target,
        "attack",
        "attack",
        data,
        name=me.name,
        target=target.name,
        weapon=weapon.name,
        rolls=joined("; ", said) or "-",
    )
    lines = turn.events[said_at:]
    del turn.events[said_at:]
    turn.events[start:start] = lines
    if me.controller is None:
        turn.moderators(
            "npc_rolls",
            "npc_rolls",
            {"id": me.id, "scores": scores},
            name=me.name,
            scores=joined(", ", map(str, scores)),
        )


def _window(weapon: Weapon, mode: str | None) -> int | None:
    """Recoil: the rounds (full-auto), bursts (burst) or rounds (semi, manual) in one full window."""
    if weapon.recoil is None:
        return None
    window = catalog().recoil[weapon.recoil]
    return window.auto if mode == "auto" else window.burst if mode == "burst" else window.single


def _dirty(turn: Turn, weapon: Weapon, carried: Carried | None, fired: int) -> None:
    """The attack's dirt, taken off after its rounds (rulings "Attack rolls", Cleanliness): `dirt_per_shot` a
    round fired; a bow's string gathers none, a destroyed weapon is gone."""
    if carried is None or not weapon.gun or carried.destroyed or fired == 0:
        return
    dirt = turn.state.settings.dirt_per_shot * fired
    carried.cleanliness = max(0.0, round(carried.cleanliness - dirt, 4))


def _failure(
    turn: Turn, me: Creature, weapon: Weapon, carried: Carried | None, clean: float, purpose: str
) -> tuple[str, bool, bool]:
    """A natural 2: (what it counts as, stop firing, a misfire that recoil skips). Every d100 compares with
    `clean`, the cleanliness the weapon had when the attack began (the text's example: both 2s against
    83.57), so a gun at 100% never fails."""
    if weapon.kind == "natural":
        if turn.d(2, purpose + " self-harm 1d2") == 2:
            turn.about(me, "self_hit", "self_hit", {"id": me.id}, name=me.name)
            _land(turn, me, me, weapon, rules.body_of(me).torso, False, "hit", purpose + " self")
        return "critical_failure", False, False
    if weapon.kind != "firearm" or carried is None:
        return "critical_failure", False, False
    roll = turn.d(100, purpose + " cleanliness d100")
    turn.moderators("clean", "cleanliness_roll", {"id": me.id, "roll": roll}, name=me.name, clean=clean, roll=roll)
    if roll == 100 and clean < 100:
        carried.destroyed = True
        me.wielded = None
        turn.about(me, "destroyed", "destroyed", {"id": me.id}, name=me.name, weapon=weapon.name)
        return "critical_failure", True, False
    if roll <= clean:
        return "critical_failure", False, False
    if weapon.action in MISFIRING:
        turn.about(me, "misfire", "misfire", {"id": me.id}, name=me.name, weapon=weapon.name)
        return "critical_failure", False, True
    if weapon.action == "belt":
        carried.jam = "feed"
        turn.about(me, "feed", "feed", {"id": me.id}, name=me.name, weapon=weapon.name)
        return "critical_failure", True, False
    turn.about(me, "stovepipe", "stovepipe", {"id": me.id}, name=me.name, weapon=weapon.name)
    return "critical_failure", True, False


def _land(
    turn: Turn, me: Creature, target: Creature, weapon: Weapon, part: str, weak: bool, result: str, purpose: str
) -> None:
    """A hit: inaccurate melee x0.8 (not martial arts); a critical's @critwin."""
    pain_x = limb_x = 1.0
    armour = True
    if result == "inaccurate" and weapon.kind in ("melee", "natural"):
        pain_x = limb_x = 0.8
    if result == "critical":
        face = turn.d(6, purpose + " @critwin d6")
        if face <= 2:
            pain_x = 2.0
        elif face <= 4:
            limb_x = 2.0
        elif face == 5:
            armour = False
        else:
            pain_x = limb_x = 1.5
    _pellets(turn, me, target, weapon, part, weak, pain_x, limb_x, armour)


def _pellets(
    turn: Turn,
    me: Creature,
    target: Creature,
    weapon: Weapon,
    part: str,
    weak: bool,
    pain_x: float = 1.0,
    limb_x: float = 1.0,
    armour: bool = True,
) -> None:
    """Every projectile of a round that hits lands on the part, each with its own Pain and limb damage (a
    shotgun shell's pellets; one for a bullet or a blow)."""
    for _ in range(weapon.pellets):
        deliver(turn, compute(turn, me, target, weapon, part, weak, pain_x, limb_x, armour))


def _execute(
    turn: Turn, me: Creature, target: Creature, weapon: Weapon, carried: Carried | None, order: Execute
) -> None:
    """No 2d6: each hit a Hit on the named part (default head)."""
    part, weak = rules.resolve_part(target, order.part or "head")
    count = _rounds(weapon, rules.lowest_mode(weapon), order.rounds or 1, carried)
    turn.between(
        me,
        target,
        "execute",
        "execute",
        {"id": me.id, "target": target.id},
        name=me.name,
        target=target.name,
        weapon=weapon.name,
        part=order.part or "head",
    )
    for _ in range(count):
        if not target.present:
            break
        if (weapon.fed or weapon.blast) and carried is not None:
            if carried.loaded <= 0:
                break
            carried.loaded -= 1
        _pellets(turn, me, target, weapon, part, weak)

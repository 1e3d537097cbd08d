"""Scripted orders (rulings "Temerity, NPCs, end", Scripted NPC): empty or feed-jammed: reload; `flees` in
agony by a door: escape; else attack the able hostile with the lowest id on its side, else anywhere: first
usable attack, torso, lowest mode, up to 3 rounds or its hit limit. No cover, items or executions. The
scripted contestant of the demo plays the same way (it never flees, and bandages its wounds in pain)."""

from __future__ import annotations

from engine.rulesets.mazeworld import arms, rules
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.orders import Attack, Escape, MazeOrders, Reload, Skip, Use
from engine.rulesets.mazeworld.state import Creature, MazeState
from engine.rulesets.mazeworld.validate import validate

ROUNDS = 3


def _needs_reload(me: Creature) -> bool:
    carried = me.weapon(me.wielded or "")
    weapon = catalog().weapons[carried.name] if carried is not None else None
    if carried is None or weapon is None or not weapon.fed:
        return False
    spare = arms.spare_of(weapon, carried, arms.loaded_type(weapon, carried))  # the loaded type's spare
    return carried.jam == "feed" or (carried.loaded == 0 and spare > 0)


def _target(state: MazeState, me: Creature) -> Creature | None:
    able = [c for c in state.creatures if c.able and rules.hostile(me, c) and rules.targetable(state, me, c)]
    here = [c for c in able if c.side == me.side]
    return here[0] if here else able[0] if able else None


def _attack(state: MazeState, me: Creature) -> MazeOrders | None:
    target = _target(state, me)
    if target is None:
        return None
    names = [*me.attacks, *([me.wielded] if me.wielded else []), rules.FISTS]
    for name in names:
        weapon = rules.attack_weapon(me, name)
        if weapon is None:
            continue
        carried = me.weapon(name)
        if weapon.ranged and (carried is None or carried.loaded == 0):
            continue
        mode = rules.lowest_mode(weapon)
        rounds = min(ROUNDS, rules.turn_limit(weapon, mode))
        part = None if weapon.unaimed else rules.body_of(target).torso
        order = MazeOrders(action=Attack(target=target.id, weapon=name, mode=mode, rounds=rounds, part=part))
        if validate(state, me.id, order) is None:
            return order
    return None


def npc_orders(state: MazeState, cid: str) -> MazeOrders:
    me = state.creature(cid)
    if not me.able or state.phase != "combat":
        return MazeOrders(action=Skip())
    if _needs_reload(me):
        return MazeOrders(action=Reload())
    if me.flees and not me.never_flees and me.pain >= 70 and not rules.crippled(me):
        return MazeOrders(action=Escape())
    return _attack(state, me) or MazeOrders(action=Skip())


def contestant_orders(state: MazeState, cid: str) -> MazeOrders:
    """The demo's scripted contestant: reload when empty, bandage wounds in pain, else attack like an NPC."""
    me = state.creature(cid)
    if not me.able or state.phase != "combat":
        return MazeOrders(action=Skip())
    if _needs_reload(me):
        return MazeOrders(action=Reload())
    if me.wounds and me.pain >= 40 and me.items.get("Bandage", 0) > 0:
        return MazeOrders(action=Use(item="Bandage"))
    return _attack(state, me) or MazeOrders(action=Skip())

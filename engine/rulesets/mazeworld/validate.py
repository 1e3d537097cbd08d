"""Whether an order may be given now, with a clear reason when not (rulings "Attack rolls", Refused: an absent
fire mode, also for a weapon with none, melee or thrown; "The turn"; "Sides, cover, escape, stealth"; docs
"Weapons: accessories, launchers, shotguns, ammunition": an absent accessory or ammunition type, planting what
is not a planted explosive). Firing more rounds than are loaded is not refused: the rest fire, an empty weapon
dry-fires ("Attack rolls", Omitted)."""

from __future__ import annotations

from engine.keyed import joined
from engine.rulesets.mazeworld import arms, rules
from engine.rulesets.mazeworld.catalog import Weapon, catalog
from engine.rulesets.mazeworld.orders import (
    Attack,
    Butcher,
    Cover,
    Detonate,
    Escape,
    Execute,
    MazeOrders,
    Move,
    Plant,
    Reload,
    Swap,
    Use,
)
from engine.rulesets.mazeworld.state import Creature, MazeState
from engine.rulesets.mazeworld.texts import text

AFTERMATH = ("execute", "butcher", "use", "reload", "swap", "skip", "freeform")


def validate(state: MazeState, actor: str, orders: MazeOrders) -> str | None:
    if state.phase == "over":
        return text("game_over")
    me = state.get(actor)
    if me is None:
        return text("no_creature")
    if not me.able:
        return text("not_able", name=me.name)
    action = orders.action
    if state.phase == "aftermath" and action.do not in AFTERMATH and not hostile_attack(state, me, action):
        return text("combat_only")
    if state.phase == "combat" and isinstance(action, Butcher):
        return text("aftermath_only")
    if isinstance(action, Cover):
        if me.cover:
            return text("in_cover", name=me.name)
        if state.cover[me.side] == "none":
            return text("no_cover", side=me.side)
        return check(state, me, action.then)
    return check(state, me, action)


def hidden_from(me: Creature, target: Creature) -> bool:
    """An enemy in stealth on another side of a player's creature: the player does not see it (rulings "Stealth";
    `view.unseen`), so a refusal treats it as absent. The game master, who orders the NPCs, sees everyone."""
    return me.controller is not None and target.stealth and target.side != me.side and rules.hostile(me, target)


def hostile_npc(me: Creature) -> bool:
    return me.controller is None and me.team == "hostile"


def gm_orders_after_combat(state: MazeState, me: Creature) -> bool:
    """After a moderator's `end_combat`, from the next turn on, the GM may still order an able hostile NPC (its
    attack starts combat again). Not in the turn combat was ended: orders given before the end stay unused."""
    ended = state.ended_on
    return state.phase == "aftermath" and ended is not None and state.day > ended and me.able and hostile_npc(me)


def hostile_attack(state: MazeState, me: Creature, action: object) -> bool:
    """An attack the GM may order after combat ("Temerity, NPCs, end": it starts combat again)."""
    return isinstance(action, Attack) and gm_orders_after_combat(state, me)


def check(state: MazeState, me: Creature, action: object) -> str | None:
    """The reason `me` may not do `action` now, or None."""
    if isinstance(action, Attack | Execute):
        return _attack(state, me, action)
    if isinstance(action, Reload):
        return _reload(me, action)
    if isinstance(action, Swap):
        if me.weapon(action.weapon) is None:
            return text("no_weapon", name=me.name, weapon=action.weapon)
        return text("wielding", weapon=action.weapon) if me.wielded == action.weapon else None
    if isinstance(action, Use):
        return _use(me, action)
    if isinstance(action, Move):
        if action.side == me.side:
            return text("same_side", name=me.name, side=me.side)
        return text("crippled", name=me.name) if rules.crippled(me) else None
    if isinstance(action, Escape):
        return text("crippled", name=me.name) if rules.crippled(me) else None
    if isinstance(action, Butcher):
        return _butcher(state, me, action)
    if isinstance(action, Plant):
        return _plant(me, action)
    if isinstance(action, Detonate):
        waiting = [c for c in state.charges if c.by == me.id and c.explodes is None]
        return None if waiting else text("no_charge", name=me.name)
    return None


def _attack(state: MazeState, me: Creature, action: Attack | Execute) -> str | None:
    target = state.get(action.target)
    if target is None or hidden_from(me, target):  # a creature in stealth is not named, even in a refusal
        return text("no_target", target=action.target)
    if not rules.targetable(state, me, target):
        return text("not_targetable", target=target.name)
    if not rules.hostile(me, target) and isinstance(action, Attack):
        return text("own_side", target=target.name)
    if isinstance(action, Execute) and target.status not in ("blacked_out", "passed_out"):
        return text("not_helpless", target=target.name)
    if isinstance(action, Attack) and state.phase == "aftermath" and not hostile_attack(state, me, action):
        return text("combat_only")
    if isinstance(action, Attack) and action.item is not None:
        return _throw_item(me, target, action)
    weapon = rules.attack_weapon(me, action.weapon)
    if weapon is None:
        return text("no_weapon", name=me.name, weapon=action.weapon)
    if weapon.kind != "natural" and weapon.name != rules.FISTS and weapon.name != me.wielded:
        return text("not_wielded", weapon=weapon.name)
    if weapon.kind != "natural" and rules.arms_lost(me):
        return text("arms_lost", name=me.name)
    if isinstance(action, Attack) and action.throw:
        if weapon.kind != "melee" or weapon.name == rules.FISTS:
            return text("not_throwable", weapon=weapon.name)
        if action.mode is not None:  # a throw has no fire mode
            return text("no_modes", weapon=weapon.name, mode=action.mode)
        part = None if action.part == rules.BODYAIM else action.part
        return text("one_throw") if (action.rounds or 1) > 1 else _part_refused(target, part)
    if isinstance(action, Attack) and action.accessory is not None:
        refused = _accessory(me, weapon, action.accessory)
        if refused is not None:
            return refused
        fitted = arms.attached(me.weapon(weapon.name), action.accessory)
        weapon = fitted[0] if fitted is not None else weapon
    asked = getattr(action, "mode", None)
    if asked is not None and not weapon.modes:  # melee, natural, thrown, planted, bows: an absent fire mode
        return text("no_modes", weapon=weapon.name, mode=asked)
    mode = asked or rules.lowest_mode(weapon)
    if weapon.modes and mode not in weapon.modes:
        return text("no_mode", weapon=weapon.name, mode=mode, modes=joined(", ", weapon.modes))
    if (action.rounds or 1) > rules.turn_limit(weapon, mode):
        return text("too_many", weapon=weapon.name, limit=rules.turn_limit(weapon, mode))
    body_aimed = action.part == rules.BODYAIM and isinstance(action, Attack)  # the @bodyaim die picks the part
    if action.part is not None and not body_aimed and (weapon.unaimed or weapon.blast):
        return text("unaimed", weapon=weapon.name)
    refused = None if body_aimed else _part_refused(target, action.part)
    if refused is not None:
        return refused
    if not weapon.ranged and target.side != me.side and rules.crippled(me):
        return text("crippled_melee", name=me.name, target=target.name)
    return None


def _throw_item(me: Creature, target: Creature, action: Attack) -> str | None:
    """An item thrown (text "Combat skill types", Notes: "in fact, any item"): with `throw`, alone, carried, with
    damage data, by a creature with an arm; one a turn, at a part the target has."""
    if not action.throw:
        return text("item_throw_only")
    if action.weapon is not None or action.accessory is not None:
        return text("item_or_weapon")
    if me.items.get(action.item or "", 0) <= 0 or action.item not in catalog().items:
        return text("no_item", name=me.name, item=action.item)
    if rules.thrown_item(action.item) is None:
        throwable = joined(", ", [n for n, i in catalog().items.items() if i.thrown is not None]) or text("none")
        return text("not_throwable_item", item=action.item, items=throwable)
    if action.mode is not None:
        return text("no_modes", weapon=action.item, mode=action.mode)
    if rules.arms_lost(me):
        return text("arms_lost", name=me.name)
    part = None if action.part == rules.BODYAIM else action.part
    return text("one_throw") if (action.rounds or 1) > 1 else _part_refused(target, part)


def _part_refused(target: Creature, part: str | None) -> str | None:
    """A named part the target does not have (every body has a torso)."""
    if part is None or part == "torso" or part in rules.aimable(target):
        return None
    return text("no_part", target=target.name, part=part, parts=joined(", ", rules.aimable(target)))


def _accessory(me: Creature, weapon: Weapon, name: str) -> str | None:
    """Refused: an accessory not mounted on the weapon (text "How to describe a combat action")."""
    on = arms.mounted(me.weapon(weapon.name))
    if name not in on:
        return text("no_accessory", weapon=weapon.name, accessory=name, mounted=joined(", ", on) or text("none"))
    return None


def _reload(me: Creature, action: Reload) -> str | None:
    name = action.weapon or me.wielded or ""
    carried = me.weapon(name)
    weapon = catalog().weapons.get(name)
    if carried is None or weapon is None:
        return text("no_weapon", name=me.name, weapon=name or "-")
    if action.accessory is not None:
        refused = _accessory(me, weapon, action.accessory)
        fitted = arms.attached(carried, action.accessory)
        if refused is not None or fitted is None:
            return refused or text("not_reloadable", weapon=action.accessory)
        weapon, carried = fitted
        name = weapon.name
    if not weapon.fed:
        return text("not_reloadable", weapon=name)
    kind = action.ammo or arms.loaded_type(weapon, carried)
    if action.ammo is not None and action.ammo not in weapon.ammunition:
        types = joined(", ", weapon.ammunition) or text("none")
        return text("no_ammo_type", weapon=name, ammo=action.ammo, types=types)
    changing = kind != arms.loaded_type(weapon, carried)
    if (carried.jam is None or changing) and arms.spare_of(weapon, carried, kind) == 0:
        return text("no_spare_type", weapon=name, ammo=kind) if kind else text("no_spare", weapon=name)
    if carried.jam is None and not changing and carried.loaded >= (weapon.magazine or 0):
        return text("full", weapon=name)
    return None


def _plant(me: Creature, action: Plant) -> str | None:
    carried = me.weapon(action.weapon)
    weapon = catalog().weapons.get(action.weapon)
    if carried is None or weapon is None:
        return text("no_weapon", name=me.name, weapon=action.weapon)
    if weapon.kind != "planted":
        return text("not_plantable", weapon=action.weapon)
    if carried.loaded <= 0:
        return text("none_left", name=me.name, weapon=action.weapon)
    return text("arms_lost", name=me.name) if rules.arms_lost(me) else None


def _use(me: Creature, action: Use) -> str | None:
    if me.items.get(action.item, 0) <= 0 or action.item not in catalog().items:
        return text("no_item", name=me.name, item=action.item)
    if catalog().items[action.item].effect is None:
        return text("no_use", item=action.item)
    if catalog().items[action.item].effect == "clean":
        name = action.weapon or me.wielded
        weapon = catalog().weapons.get(name or "")
        if name is None or me.weapon(name) is None or weapon is None or not weapon.gun:
            return text("clean_what")
    return None


def _butcher(state: MazeState, me: Creature, action: Butcher) -> str | None:
    target = state.get(action.target)
    if target is None or hidden_from(me, target):
        return text("no_target", target=action.target)
    if me.hunting < 1:
        return text("no_butcher", name=me.name)
    if target.status != "dead" or target.meat <= 0 or target.butchered:
        return text("no_meat", target=target.name)
    return None

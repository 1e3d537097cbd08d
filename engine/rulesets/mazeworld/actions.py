"""The non-combat actions (tier 0): cover rolls, escape, reload (an ammunition type, an attached weapon),
swap, items, movement, planting an explosive, skip, freeform, and butchering after combat (rulings "The
turn"; "Sides, cover, escape, stealth"; "Skills, kills, hunting"; docs "Weapons: accessories, launchers,
shotguns, ammunition")."""

from __future__ import annotations

import math

from engine.rulesets.mazeworld import arms, rules
from engine.rulesets.mazeworld.aim import ft_ir
from engine.rulesets.mazeworld.catalog import catalog
from engine.rulesets.mazeworld.damage import private_status
from engine.rulesets.mazeworld.orders import Butcher, Freeform, Move, Plant, Reload, Swap, Use
from engine.rulesets.mazeworld.state import Charge, Creature, Effect
from engine.rulesets.mazeworld.turn import Turn

COVER_NEEDS = 7  # 2d6 + Agility >= 7 (fixed FT 6)
ESCAPE_NEEDS = 6  # 2d6 + Agility >= 6 (fixed FT 5)
CLEANING = {1: 10, 2: 15, 3: 20, 4: 25, 5: 30}  # Gun Cleaning Kit by Repair level
HARVEST = {1: (25, 0), 2: (46, 4), 3: (61, 14), 4: (76, 24), 5: (51, 49)}  # Hunting: 1dN + M %
HUNTING_POINTS = {2: 10, 3: 25, 4: 100, 5: 200}  # text "Hunting skill", "Skill point requirements"


def take_cover(turn: Turn, me: Creature) -> tuple[bool, int]:
    """Success: in cover, stealth kept, `then:` at step 2. Failure: in cover anyway, stealth lost."""
    total = turn.two_d6(f"{me.id} cover") + me.agility
    me.cover = True
    ok = total >= COVER_NEEDS
    if not ok:
        me.stealth = False
    if me.controller:
        turn.about(me, "cover", "cover_ok" if ok else "cover_fail", {"id": me.id}, name=me.name, total=total)
    else:
        turn.about(me, "cover", "cover_ok_npc" if ok else "cover_fail_npc", {"id": me.id}, name=me.name)
        turn.moderators("npc_rolls", "npc_rolls", {"id": me.id}, name=me.name, scores=str(total))
    return ok, total


def escape(turn: Turn, me: Creature) -> None:
    """2d6 + Agility (-2 per disabled leg or foot) >= 6 through the side's door; unseen if stealthed."""
    total = turn.two_d6(f"{me.id} escape") + me.agility + rules.escape_malus(me)
    if total >= ESCAPE_NEEDS:
        me.status, me.cover = "escaped", False
        key = "escape_ok_unseen" if me.stealth else "escape_ok"
        turn.about(me, "escape", key, {"id": me.id}, name=me.name, side=me.side)
    elif me.controller:
        turn.about(me, "escape", "escape_fail", {"id": me.id}, name=me.name, total=total)
    else:
        turn.about(me, "escape", "escape_fail_npc", {"id": me.id}, name=me.name)
        turn.moderators("npc_rolls", "npc_rolls", {"id": me.id}, name=me.name, scores=str(total))


def reload(turn: Turn, me: Creature, order: Reload) -> None:
    """From spare rounds of the loaded type, or of the type named (the rounds in the weapon go back to their
    type's spare first); an attached weapon named by its accessory; clears a feed jam (the same rounds go
    back in when no spare is left)."""
    name = order.weapon or me.wielded or ""
    carried = me.weapon(name)
    if carried is None:
        return
    weapon = catalog().weapons[name]
    fitted = arms.attached(carried, order.accessory, keep=True)
    if fitted is not None:
        weapon, carried = fitted
    kind = order.ammo or arms.loaded_type(weapon, carried)
    if kind != arms.loaded_type(weapon, carried):
        arms.add_spare(weapon, carried, arms.loaded_type(weapon, carried), carried.loaded)
        carried.loaded, carried.ammo = 0, kind
    room = (weapon.magazine or 0) - carried.loaded
    moved = min(room, arms.spare_of(weapon, carried, kind))
    carried.loaded += moved
    arms.add_spare(weapon, carried, kind, -moved)
    carried.jam = None
    key = "reload_ammo" if order.ammo else "reload"
    turn.about(me, "reload", key, {"id": me.id}, name=me.name, weapon=weapon.name, ammo=kind)
    private_status(turn, me)


def plant(turn: Turn, me: Creature, order: Plant) -> None:
    """A charge on one's own side; the planter's FT (Planted explosives skill, unaimed) is fixed now."""
    carried = me.weapon(order.weapon)
    if carried is None:
        return
    weapon = catalog().weapons[order.weapon]
    carried.loaded -= 1
    ft, _ = ft_ir(turn, me, me, weapon, False, "torso", 0, False, arms.modifiers(me, None, None, turn.state.day))
    explodes = None if weapon.fuse is None else turn.state.day + weapon.fuse
    turn.state.charges.append(Charge(weapon=weapon.name, side=me.side, by=me.id, ft=ft, explodes=explodes))
    turn.about(me, "plant", "plant", {"id": me.id, "side": me.side}, name=me.name, weapon=weapon.name, side=me.side)


def swap(turn: Turn, me: Creature, order: Swap) -> None:
    me.wielded = order.weapon
    turn.about(me, "swap", "swap", {"id": me.id}, name=me.name, weapon=order.weapon)


def use(turn: Turn, me: Creature, order: Use) -> None:
    """Gun Cleaning Kit: +10/15/20/25/30 cleanliness by Repair level; Bandage: closes all wounds;
    Painkillers: -20 Pain; a boost: its effect from this turn through `turns` more turns."""
    item = catalog().items[order.item]
    me.items[order.item] -= 1
    if me.items[order.item] <= 0:
        del me.items[order.item]
    if item.effect == "clean":
        carried = me.weapon(order.weapon or me.wielded or "")
        if carried is not None:
            carried.cleanliness = min(100.0, carried.cleanliness + CLEANING[me.repair])
    elif item.effect == "bandage":
        me.wounds = []
    elif item.effect == "boost":
        until = turn.state.day + item.turns
        me.effects.append(Effect(name=order.item, until=until, is_tier=item.is_tier, ft=item.ft, ir=item.ir))
    else:
        me.pain = max(0.0, me.pain + item.amount)
    turn.about(me, "use", "use", {"id": me.id}, name=me.name, item=order.item)
    private_status(turn, me)


def move(turn: Turn, me: Creature, order: Move) -> None:
    """Non-combat movement to another side; changing side ends cover."""
    me.side, me.cover = order.side, False
    turn.about(me, "move", "move", {"id": me.id, "side": order.side}, name=me.name, side=order.side)


def skip(turn: Turn, me: Creature) -> None:
    turn.about(me, "skip", "skip", {"id": me.id}, name=me.name)


def freeform(turn: Turn, me: Creature, order: Freeform) -> None:
    """To the moderators; resolves as a skip."""
    turn.moderators("freeform", "freeform", {"id": me.id}, name=me.name, text=order.text)
    skip(turn, me)


def butcher(turn: Turn, me: Creature, order: Butcher) -> None:
    """floor(meat worth x roll / 100), at least 1; +1 Hunting SP if any meat; once per corpse; the level rises
    when the points reach the text's requirement (Lv2 10, Lv3 25, Lv4 100, Lv5 200 SP)."""
    corpse = turn.state.creature(order.target)
    sides, plus = HARVEST[me.hunting]
    roll = turn.d(sides, f"{me.id} butcher {corpse.id} 1d{sides}") + plus
    meat = max(1, math.floor(corpse.meat * roll / 100)) if corpse.meat > 0 else 0
    corpse.butchered = True
    if meat:
        me.hunting_points += 1
        me.items["Meat"] = me.items.get("Meat", 0) + meat
    data = {"id": me.id, "meat": meat}
    turn.between(me, corpse, "butcher", "butcher", data, name=me.name, target=corpse.name, meat=meat)
    level = max([me.hunting, *(lv for lv, need in HUNTING_POINTS.items() if me.hunting_points >= need)])
    if level > me.hunting:  # the level its points reach (never lowered: a sheet may start higher)
        me.hunting = level
        turn.private(me, "hunting", "hunting_level", name=me.name, level=level, points=me.hunting_points)

"""Submission-time checks of a student's orders, each refusal a clear reason from `text`.

`validate_orders` checks the whole submission (free actions, action, movement, votes) against the
state at the start of the night: the free actions against what the student holds (`validate_free`), the
rest against what those free actions will leave them (III.F.1). The night re-checks what may have changed
by then (`action_refusal`, once the free actions are done). The shared checks are in `refusals`.
"""

from __future__ import annotations

from engine.keyed import joined
from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.orders import (
    AllOutAttack,
    Analyze,
    Attack,
    Cover,
    Day0Orders,
    Heal,
    HoldGround,
    NightOrders,
    Run,
    SetTrap,
    UseItem,
)
from engine.rulesets.battle_royale.refusals import Refusal, check_zone, own_item, refuse, target, zone_name
from engine.rulesets.battle_royale.state import BRState, Item, Student
from engine.rulesets.battle_royale.texts import ROLE_NAMES, say
from engine.rulesets.battle_royale.validate_free import check_free


def validate_orders(state: BRState, sid: str, orders: Day0Orders | NightOrders) -> str | None:
    try:
        me = _me(state, sid)
        if isinstance(orders, Day0Orders):
            if state.phase != "day0":
                raise refuse("wrong_phase_night")
            _day0(state, me, orders)
        else:
            if state.phase != "night":
                raise refuse("wrong_phase_day0")
            _night(state, me, orders)
    except Refusal as refusal:
        return refusal.reason
    return None


def _me(state: BRState, sid: str) -> Student:
    if state.phase == "over":
        raise refuse("game_over")
    me = state.students.get(sid)
    if me is None:
        raise refuse("not_in_game")
    if me.escaped:
        raise refuse("escaped")
    if not me.alive:
        raise refuse("dead")
    return me


def _day0(state: BRState, me: Student, orders: Day0Orders) -> None:
    if orders.start_zone is not None:
        check_zone(state, orders.start_zone)
    allowed = [a.id for a in catalog.roles().role(me.role).abilities]
    limit = state.settings.abilities_per_student
    if len(orders.abilities) > limit:
        raise refuse("too_many_abilities", count=limit, plural="y" if limit == 1 else "ies")
    if len(set(orders.abilities)) != len(orders.abilities):
        dup = next(a for a in orders.abilities if orders.abilities.count(a) > 1)
        raise refuse("duplicate_ability", ability=dup)
    for ability in orders.abilities:
        if ability not in allowed:
            raise refuse("unknown_ability", ability=ability, role=ROLE_NAMES[me.role], choices=joined(", ", allowed))
    if orders.rival_reward and not me.rival:
        raise refuse("no_rival")


def weapon_profile(me: Student, weapon: str) -> tuple[catalog.ItemDef, Item | None]:
    """The stats an attack uses: the item's, or Unarmed's (Brass Knuckles use Unarmed's numbers)."""
    if weapon == "unarmed":
        return catalog.item("unarmed"), None
    item = own_item(me, weapon)
    if not item.defn.is_weapon:
        raise refuse("not_a_weapon", item=item.name)
    return item.defn, item


def attempts_allowed(defn: catalog.ItemDef, all_out: bool) -> int:
    """Hit attempts per day (handbook V); an All-Out Attack makes 50% more, rounded up (III.C.2)."""
    return -(-defn.attempts * 3 // 2) if all_out else defn.attempts


def _night(state: BRState, me: Student, orders: NightOrders) -> None:
    holder = check_free(state, me, orders)
    _named_items_stay(me, holder, orders.action)
    check_action(state, holder, orders.action)
    _movement(state, holder, orders)
    _votes(state, me, orders)


def action_items(action: object) -> list[str]:
    """The uids of the items an action needs at hand."""
    if isinstance(action, (Attack, AllOutAttack)):
        return [] if action.weapon == "unarmed" else [action.weapon]
    if isinstance(action, (SetTrap, UseItem)):
        return [action.item] if action.item else []
    return []


def _named_items_stay(me: Student, holder: Student, action: object) -> None:
    """An item the action needs that tonight's own free actions take away (dropped or given away)."""
    for uid in action_items(action):
        item = me.item(uid)
        if item is not None and holder.item(uid) is None:
            raise refuse("item_leaves", item=item.name)


def check_action(state: BRState, me: Student, action: object) -> None:
    """The action against the student's holdings (`after_free_actions` at submission; the real ones once the
    night's free actions are done)."""
    if isinstance(action, (Attack, AllOutAttack)):
        _attack(state, me, action)
    elif isinstance(action, SetTrap):
        _set_trap(state, me, action)
    elif isinstance(action, UseItem):
        _use_item(state, me, action)
    elif isinstance(action, Cover):
        target(state, me, action.target, "cover")
    elif isinstance(action, Analyze):
        target(state, me, action.target, "analyze")
    elif isinstance(action, Heal):
        target(state, me, action.target, "heal", allow_self=True)
        if action.first_aid_kit and not me.has("first_aid_kit"):
            raise refuse("heal_no_kit")


def action_refusal(state: BRState, me: Student, action: object) -> str | None:
    """Why the action cannot be carried out with what the student holds now, or None."""
    try:
        check_action(state, me, action)
    except Refusal as refusal:
        return refusal.reason
    return None


def _attack(state: BRState, me: Student, action: Attack) -> None:
    all_out = isinstance(action, AllOutAttack)
    defn, item = weapon_profile(me, action.weapon)
    if item is None and not state.settings.unarmed_with_weapons:
        held = [i for i in me.items if i.defn.is_weapon and not i.stored]
        if held:
            raise refuse("unarmed_while_armed", weapon=held[0].name)
    if not action.attempts:
        raise refuse("no_attempts")
    if any(n < 1 for n in action.attempts.values()):
        raise refuse("attempts_positive")
    for tid in action.attempts:
        target(state, me, tid, "attack")
    if all_out and defn.one_use:
        raise refuse("all_out_one_use", weapon=defn.name)
    asked = sum(action.attempts.values())
    allowed = attempts_allowed(defn, all_out)
    if asked > allowed:
        raise refuse(
            "too_many_attempts", weapon=defn.name, allowed=allowed, plural="" if allowed == 1 else "s", asked=asked
        )
    if item is not None and item.ammo is not None:
        if item.ammo <= 0:
            raise refuse("no_ammo", weapon=defn.name)
        if asked > item.ammo:
            raise refuse(
                "low_ammo", weapon=defn.name, ammo=item.ammo, plural="" if item.ammo == 1 else "s", asked=asked
            )


TRAP_TAKES = {"mine": "to_zone", "c4": "day", "poison": "target"}  # the one option each trap takes


def _set_trap(state: BRState, me: Student, action: SetTrap) -> None:
    item = own_item(me, action.item)
    kind = item.defn.trap
    if kind is None:
        raise refuse("not_a_trap", item=item.name)
    given = {"to_zone": action.to_zone is not None, "day": action.day is not None, "target": action.target is not None}
    takes = TRAP_TAKES[kind]
    extra = [field for field, present in given.items() if present and field != takes]
    if extra:  # a C-4 given a target, a Land Mine a day: say so rather than ignore it
        raise refuse(
            "trap_extra", item=item.name, takes=say(f"trap_takes_{takes}"), extra=say(f"trap_takes_{extra[0]}")
        )
    if kind == "mine":
        if action.to_zone is None:
            raise refuse("mine_needs_route")
        check_zone(state, action.to_zone)
        if not state.island.adjacent(me.zone, action.to_zone):  # type: ignore[arg-type]
            from_name = zone_name(state, me.zone)  # type: ignore[arg-type]
            raise refuse("not_adjacent", zone_name=zone_name(state, action.to_zone), from_name=from_name)
    elif kind == "c4":
        if action.day is None:
            raise refuse("c4_needs_day", day=state.day)
        if action.day < state.day:
            raise refuse("c4_past_day", asked=action.day, day=state.day)
        if action.day > state.settings.days:
            raise refuse("c4_after_end", last=state.settings.days)
    else:
        if not action.target:
            raise refuse("poison_needs_target")
        target(state, me, action.target, "poison")


def _use_item(state: BRState, me: Student, action: UseItem) -> None:
    if action.target is not None and action.use != "deactivator":
        raise refuse("use_no_target", use=say(f"use_{action.use}"))
    if action.use == "escape":
        if action.item is not None:
            raise refuse("escape_no_item")
        if not me.collar_deactivated:
            raise refuse("escape_needs_collar")
        zone = state.island.zone(me.zone)  # type: ignore[arg-type]
        if not zone.escape:
            names = [z.name for z in state.island.zones if z.escape]
            raise refuse("escape_wrong_zone", zones=joined(" or ", names)) if names else refuse("escape_nowhere")
        return
    kind = action.use
    item = me.item(action.item or "") if action.item else next(iter(me.usable(kind)), None)
    if item is None or item.kind != kind:
        raise refuse("use_needs_item", item=catalog.item(kind).name)
    if item.stored:
        raise refuse("item_stored", item=item.name)
    if kind == "deactivator":
        other = target(state, me, action.target or me.id, "deactivate", allow_self=True)
        if other.collar_deactivated:
            raise refuse("already_deactivated", target=other.name)


def _movement(state: BRState, me: Student, orders: NightOrders) -> None:
    move = orders.movement
    action = orders.action
    if move is None:
        return
    if isinstance(move, HoldGround):
        if isinstance(action, AllOutAttack):
            raise refuse("no_hold_after_all_out")
        return
    is_run = isinstance(move, Run)
    if is_run:
        if isinstance(action, AllOutAttack):
            raise refuse("follow_run_all_out")
        for kind, label in ((SetTrap, "Set Trap"), (Heal, "Heal")):
            if isinstance(action, kind):
                raise refuse("no_run_after", action=label)
    if move.follow is not None:
        if move.route:
            raise refuse("route_and_follow")
        if move.follow not in follow_targets(orders):
            raise refuse("follow_not_target")
    else:
        route = move.route
        low, high, key = (1, 5, "run_length") if is_run else (1, 2, "move_length")
        if not route:
            raise refuse("route_needed")
        if not low <= len(route) <= high:
            raise refuse(key, count=len(route))
        here = me.zone
        for step, zone_id in enumerate(route):
            check_zone(state, zone_id)
            if not state.island.adjacent(here, zone_id):  # type: ignore[arg-type]
                from_name = zone_name(state, here)  # type: ignore[arg-type]
                raise refuse("route_not_adjacent", from_name=from_name, zone_name=zone_name(state, zone_id))
            last = step == len(route) - 1
            if not rules.may_enter(state, me, zone_id, last):
                raise refuse("zone_closed" if last else "zone_closed_pass", zone_name=zone_name(state, zone_id))
            here = zone_id
    if is_run:
        _run_drop(state, me, orders, move)  # type: ignore[arg-type]


def _run_drop(state: BRState, me: Student, orders: NightOrders, run: Run) -> None:
    """Run with a full inventory needs a drop (III.D.2); a follower may not need it, so it is optional.
    `me` holds what tonight's free actions leave: the drop may be an item picked up tonight."""
    if run.drop is not None:
        item = me.item(run.drop)
        if item is None:
            raise refuse("no_item")
        if item not in me.carried():
            raise refuse("run_drop_not_carried", item=item.name)
        if item.kind == "backpack" and me.stored():
            raise refuse("backpack_not_empty")
        return
    if run.follow is None and len(me.carried()) >= rules.capacity(state, me):
        raise refuse("run_full")


def follow_targets(orders: NightOrders) -> list[str]:
    action = orders.action
    if isinstance(action, (Attack, AllOutAttack)):
        return sorted(action.attempts)
    if isinstance(action, (Cover, Analyze)):
        return [action.target]
    return []


def _votes(state: BRState, me: Student, orders: NightOrders) -> None:
    votes = orders.votes
    if votes.mark is not None:
        if votes.mark not in state.students:
            raise refuse("unknown_student", target=votes.mark)
        if votes.mark == me.id:
            raise refuse("vote_self")
        if not state.students[votes.mark].active:
            raise refuse("target_inactive", target=state.students[votes.mark].name)
    for zone_id in (votes.close, votes.reward):
        if zone_id is not None:
            check_zone(state, zone_id)
            if state.zones[zone_id].closed:
                raise refuse("vote_zone_closed", zone_name=zone_name(state, zone_id))

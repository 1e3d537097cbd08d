"""Submission-time checks of a student's orders, each refusal a clear reason from `text`.

`validate_orders` checks the whole submission (free actions, action, movement, votes) against the
state at the start of the night. The night re-checks what may have changed by then.
"""
from __future__ import annotations

from engine.rulesets.battle_royale import catalog, rules
from engine.rulesets.battle_royale.orders import (
    AllOutAttack,
    Analyze,
    Attack,
    Cover,
    Day0Orders,
    FreeActions,
    Heal,
    HoldGround,
    NightOrders,
    Run,
    SetTrap,
    UseItem,
)
from engine.rulesets.battle_royale.state import BRState, Item, Student
from engine.rulesets.battle_royale.text import ROLE_NAMES, say


class Refusal(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def refuse(key: str, **values: object) -> Refusal:
    return Refusal(say(key, **values))


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


def zone_name(state: BRState, zone_id: int) -> str:
    return state.island.zone(zone_id).name


def _zone(state: BRState, zone_id: int) -> int:
    if zone_id not in state.zones:
        raise refuse("unknown_zone", zone=zone_id)
    return zone_id


def _day0(state: BRState, me: Student, orders: Day0Orders) -> None:
    if orders.start_zone is not None:
        _zone(state, orders.start_zone)
    allowed = [a.id for a in catalog.roles().role(me.role).abilities]
    limit = state.settings.abilities_per_student
    if len(orders.abilities) > limit:
        raise refuse("too_many_abilities", count=limit, plural="y" if limit == 1 else "ies")
    if len(set(orders.abilities)) != len(orders.abilities):
        dup = next(a for a in orders.abilities if orders.abilities.count(a) > 1)
        raise refuse("duplicate_ability", ability=dup)
    for ability in orders.abilities:
        if ability not in allowed:
            raise refuse("unknown_ability", ability=ability, role=ROLE_NAMES[me.role], choices=", ".join(allowed))
    if orders.rival_reward and not me.rival:
        raise refuse("no_rival")


def target(state: BRState, me: Student, tid: str | None, verb: str, allow_self: bool = False) -> Student:
    """A student in my zone at the start of the night (rulings, "Targets and visibility")."""
    if not tid or tid not in state.students:
        raise refuse("unknown_student", target=tid or "nobody")
    other = state.students[tid]
    if tid == me.id and not allow_self:
        raise refuse("self_target", verb=verb)
    if not other.active:
        raise refuse("target_inactive", target=other.name)
    if other.zone != me.zone:
        raise refuse("target_not_here", target=other.name)
    return other


def own_item(me: Student, uid: str | None, usable: bool = True) -> Item:
    item = me.item(uid or "")
    if item is None:
        raise refuse("no_item")  # never echo an item id: ids tell who started with an item
    if usable and item.stored:
        raise refuse("item_stored", item=item.name)
    return item


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
    holder = _free(state, me, orders)
    _named_items_stay(me, holder, orders.action)
    check_action(state, holder, orders.action)
    _movement(state, holder, orders)
    _votes(state, me, orders)


def after_free_actions(state: BRState, me: Student, free: FreeActions) -> Student:
    """The student as their own free actions will leave them (handbook III.F.1: "All Free Actions happen
    before any other actions"): items taken out of the Backpack at hand, items stored away not, items
    dropped or given away gone, items picked up or received in a trade held, wearables worn or taken off.
    The night's other steps are checked against this; the night re-checks once the free actions are done
    (a pick-up may go to another student, a trade may not happen)."""
    leaving = set(free.drop) | {u for t in free.trades for u in t.give}
    items: list[Item] = []
    for item in me.items:
        if item.uid not in leaving:
            stored = (item.stored and item.uid not in free.take_out) or item.uid in free.store
            items.append(item.model_copy(update={"stored": stored}))
    ground = {i.uid: i for i in state.zones[me.zone].ground} if me.zone in state.zones else {}
    gained = [ground[u] for u in free.pick_up if u in ground]
    for trade in free.trades:
        partner = state.students.get(trade.partner)
        gained += [i for i in (partner.item(u) for u in trade.receive) if partner is not None and i is not None]
    held = {i.uid for i in items}
    items += [i.model_copy(update={"stored": False, "worn": False}) for i in gained if i.uid not in held]
    for item in items:
        if item.uid in free.wear or item.uid in free.remove:
            item.worn = item.uid in free.wear
    return me.model_copy(update={"items": items})


def action_items(action: object) -> list[str]:
    """The uids of the items an action needs at hand."""
    if isinstance(action, (Attack, AllOutAttack)):
        return [] if action.weapon == "unarmed" else [action.weapon]
    if isinstance(action, (SetTrap, UseItem)):
        return [action.item] if action.item else []
    return []


def _named_items_stay(me: Student, holder: Student, action: object) -> None:
    """An item the action needs that tonight's own free actions take away (dropped, given, stored)."""
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
        raise refuse("too_many_attempts", weapon=defn.name, allowed=allowed, plural="" if allowed == 1 else "s", asked=asked)
    if item is not None and item.ammo is not None:
        if item.ammo <= 0:
            raise refuse("no_ammo", weapon=defn.name)
        if asked > item.ammo:
            raise refuse("low_ammo", weapon=defn.name, ammo=item.ammo, plural="" if item.ammo == 1 else "s", asked=asked)


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
        raise refuse("trap_extra", item=item.name, takes=say(f"trap_takes_{takes}"),
                     extra=say(f"trap_takes_{extra[0]}"))
    if kind == "mine":
        if action.to_zone is None:
            raise refuse("mine_needs_route")
        _zone(state, action.to_zone)
        if not state.island.adjacent(me.zone, action.to_zone):  # type: ignore[arg-type]
            raise refuse("not_adjacent", zone_name=zone_name(state, action.to_zone), from_name=zone_name(state, me.zone))  # type: ignore[arg-type]
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
            raise refuse("escape_wrong_zone", zones=" or ".join(names)) if names else refuse("escape_nowhere")
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
            _zone(state, zone_id)
            if not state.island.adjacent(here, zone_id):  # type: ignore[arg-type]
                raise refuse("route_not_adjacent", from_name=zone_name(state, here), zone_name=zone_name(state, zone_id))  # type: ignore[arg-type]
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


def _stored_after(me: Student, orders: NightOrders) -> set[str]:
    """Uids surely in the Backpack once tonight's free actions are done (a trade may not happen)."""
    free = orders.free
    return ({i.uid for i in me.stored()} - set(free.take_out) - set(free.drop)) | set(free.store)


def _free(state: BRState, me: Student, orders: NightOrders) -> Student:
    """The free actions against what the student holds now; returns the student as they will leave them."""
    free = orders.free
    used: list[str] = free.drop + free.store + free.take_out + [u for t in free.trades for u in t.give]
    coming = _coming(state, me, free)
    for uid in used:
        if me.item(uid) is None and uid in coming:  # free actions happen together: no chains of them
            raise refuse("item_gained_tonight", item=coming[uid])
        own_item(me, uid, usable=False)
    if len(set(used)) != len(used):
        dup = next(u for u in used if used.count(u) > 1)
        raise refuse("item_twice", item=me.item(dup).name)  # type: ignore[union-attr]
    for uid in free.take_out:
        if not me.item(uid).stored:  # type: ignore[union-attr]
            raise refuse("not_stored", item=me.item(uid).name)  # type: ignore[union-attr]
    # The Backpack as tonight's free actions leave it: what is in it now, minus what comes out or is
    # dropped, plus what goes in. A Backpack can only be dropped or given away empty.
    leaving = set(free.drop) | {u for t in free.trades for u in t.give}
    stored_after = _stored_after(me, orders)
    for uid in leaving:
        if me.item(uid).kind == "backpack" and stored_after - {uid}:  # type: ignore[union-attr]
            raise refuse("backpack_not_empty")
    # Room in the Backpacks kept; a Backpack stored away (in itself or another) offers no slots.
    slots_after = sum(i.defn.backpack_slots for i in me.items
                      if i.kind == "backpack" and i.uid not in stored_after and i.uid not in leaving)
    if free.store and len(stored_after) > slots_after:
        if any(me.item(u).kind == "backpack" for u in free.store):  # type: ignore[union-attr]
            raise refuse("backpack_in_backpack")
        raise refuse("no_backpack_space", item=me.item(free.store[-1]).name)  # type: ignore[union-attr]
    zone = state.zones[me.zone]  # type: ignore[index]
    ground = {i.uid: i for i in zone.ground}
    for uid in free.pick_up:
        if uid not in ground:
            raise refuse("pickup_missing")  # no ids in player texts (see no_item)
    _listed_once(free.pick_up, lambda uid: ground[uid].name)
    for trade in free.trades:
        if trade.partner == me.id:
            raise refuse("self_target", verb="trade with")
        partner = target(state, me, trade.partner, "trade with") if state.settings.trade_same_zone else state.students.get(trade.partner)
        if partner is None or not partner.active:
            raise refuse("unknown_student", target=trade.partner)
        if not trade.give and not trade.receive:
            raise refuse("trade_empty")
        for uid in trade.receive:
            if partner.item(uid) is None:
                raise refuse("trade_their_item", partner=partner.name)
    asked = [(t.partner, u) for t in free.trades for u in t.receive]
    _listed_once(asked, lambda key: state.students[key[0]].item(key[1]).name)  # type: ignore[union-attr]
    counted = lambda items: len([i for i in items if i.defn.counts_toward_capacity])  # noqa: E731
    gained = [ground[u] for u in free.pick_up] + [me.item(u) for u in free.take_out]
    gained += [state.students[t.partner].item(u) for t in free.trades for u in t.receive]
    lost = [me.item(u) for u in free.drop + free.store + [u for t in free.trades for u in t.give]]
    total = len(me.carried()) + counted(gained) - counted([i for i in lost if not i.stored])  # type: ignore[union-attr]
    cap = rules.capacity(state, me)
    if total > cap:
        raise refuse("inventory_full", count=total, cap=cap)
    holder = after_free_actions(state, me, free)
    worn = free.wear + free.remove
    for uid in worn:  # worn after the other free actions: an item picked up or received tonight can be worn
        item = holder.item(uid)
        if item is None:
            gone = me.item(uid)
            raise refuse("item_leaves", item=gone.name) if gone is not None else refuse("no_item")
        if not item.defn.wearable:
            raise refuse("not_wearable", item=item.name)
    _listed_once(worn, lambda uid: holder.item(uid).name)  # type: ignore[union-attr]
    for uid in free.wear:
        now = me.item(uid)
        if now is not None and now.worn:
            raise refuse("already_worn", item=now.name)
    for uid in free.remove:
        now = me.item(uid)
        if now is None or not now.worn:
            raise refuse("not_worn", item=holder.item(uid).name)  # type: ignore[union-attr]
    if free.track is not None:
        if not holder.has("tracking_unit"):
            raise refuse("track_no_unit")
        if free.track not in state.students:
            raise refuse("unknown_student", target=free.track)
        if free.track == me.id:
            raise refuse("self_target", verb="track")
        if not state.students[free.track].active:
            raise refuse("target_inactive", target=state.students[free.track].name)
    return holder


def _coming(state: BRState, me: Student, free: FreeActions) -> dict[str, str]:
    """uid -> name of the items tonight's pick-ups and trades would bring."""
    ground = {i.uid: i.name for i in state.zones[me.zone].ground} if me.zone in state.zones else {}
    coming = {u: ground[u] for u in free.pick_up if u in ground}
    for trade in free.trades:
        partner = state.students.get(trade.partner)
        for uid in trade.receive:
            item = partner.item(uid) if partner is not None else None
            if item is not None:
                coming[uid] = item.name
    return coming


def _listed_once(entries: list, name_of) -> None:
    """The same item named twice in one list of free actions (two pick-ups, wear and remove, asked for twice)."""
    seen: set = set()
    for entry in entries:
        if entry in seen:
            raise refuse("listed_twice", item=name_of(entry))
        seen.add(entry)


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
            _zone(state, zone_id)
            if state.zones[zone_id].closed:
                raise refuse("vote_zone_closed", zone_name=zone_name(state, zone_id))

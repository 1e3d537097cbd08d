"""Submission-time checks of a night's free actions (handbook III.B), and the student as their own free
actions will leave them, which the rest of the night's orders are checked against (III.F.1: "All Free
Actions happen before any other actions are resolved").

Free actions happen together and do not chain: an item gained tonight (picked up, received) can serve the
night's action or be worn, but is stored, dropped or traded on from the next night.
"""

from __future__ import annotations

from engine.rulesets.battle_royale import rules
from engine.rulesets.battle_royale.orders import FreeActions, NightOrders
from engine.rulesets.battle_royale.refusals import listed_once, own_item, refuse, target
from engine.rulesets.battle_royale.state import BRState, Item, Student
from engine.rulesets.battle_royale.texts import say


def after_free_actions(state: BRState, me: Student, free: FreeActions) -> Student:
    """The student as their own free actions will leave them (handbook III.F.1: "All Free Actions happen
    before any other actions"): items taken out of the Backpack at hand, items stored away not, items
    dropped or given away gone, items picked up or received in a trade held, wearables worn or taken off.
    The night's other steps are checked against this; the night re-checks once the free actions are done
    (a pick-up may go to another student, a trade may not happen)."""
    if not (free.pick_up or free.drop or free.store or free.take_out or free.wear or free.remove or free.trades):
        return me  # nothing changes hands: the student as they are (the checks only read it)
    leaving = set(free.drop) | {u for t in free.trades for u in t.give}
    items: list[Item] = []
    for item in me.items:
        if item.uid not in leaving:
            stored = (item.stored and item.uid not in free.take_out) or item.uid in free.store
            items.append(item.model_copy(update={"stored": stored}))
    ground = _lying(state, me, free)
    gained = [ground[u] for u in free.pick_up if u in ground]
    for trade in free.trades:
        partner = state.students.get(trade.partner)
        if partner is not None:
            gained += [i for i in (partner.item(u) for u in trade.receive) if i is not None]
    held = {i.uid for i in items}
    items += [i.model_copy(update={"stored": False, "worn": False}) for i in gained if i.uid not in held]
    for item in items:
        if item.uid in free.wear or item.uid in free.remove:
            item.worn = item.uid in free.wear
    return me.model_copy(update={"items": items})


def _lying(state: BRState, me: Student, free: FreeActions) -> dict[str, Item]:
    """The items on the ground of the student's zone by uid, for their pick-ups; indexed only when they pick
    something up (a busy zone's ground is long, and every student's orders are checked against it)."""
    if not free.pick_up or me.zone not in state.zones:
        return {}
    return {i.uid: i for i in state.zones[me.zone].ground}


def _stored_after(me: Student, orders: NightOrders) -> set[str]:
    """Uids surely in the Backpack once tonight's free actions are done (a trade may not happen)."""
    free = orders.free
    return ({i.uid for i in me.stored()} - set(free.take_out) - set(free.drop)) | set(free.store)


def check_free(state: BRState, me: Student, orders: NightOrders) -> Student:
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
    slots_after = sum(
        i.defn.backpack_slots
        for i in me.items
        if i.kind == "backpack" and i.uid not in stored_after and i.uid not in leaving
    )
    if free.store and len(stored_after) > slots_after:
        if any(me.item(u).kind == "backpack" for u in free.store):  # type: ignore[union-attr]
            raise refuse("backpack_in_backpack")
        raise refuse("no_backpack_space", item=me.item(free.store[-1]).name)  # type: ignore[union-attr]
    zone = state.zones[me.zone]  # type: ignore[index]
    ground = {i.uid: i for i in zone.ground} if free.pick_up else {}  # see `_lying`
    for uid in free.pick_up:
        if uid not in ground:
            raise refuse("pickup_missing")  # no ids in player texts (see no_item)
    listed_once(free.pick_up, lambda uid: ground[uid].name)
    for trade in free.trades:
        if trade.partner == me.id:
            raise refuse("self_target", verb=say("self_verb_trade_with"))
        partner = (
            target(state, me, trade.partner, "trade with")
            if state.settings.trade_same_zone
            else state.students.get(trade.partner)
        )
        if partner is None or not partner.active:
            raise refuse("unknown_student", target=trade.partner)
        if not trade.give and not trade.receive:
            raise refuse("trade_empty")
        for uid in trade.receive:
            if partner.item(uid) is None:
                raise refuse("trade_their_item", partner=partner.name)
    asked = [(t.partner, u) for t in free.trades for u in t.receive]
    listed_once(asked, lambda key: state.students[key[0]].item(key[1]).name)  # type: ignore[union-attr]
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
    listed_once(worn, lambda uid: holder.item(uid).name)  # type: ignore[union-attr]
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
            raise refuse("self_target", verb=say("self_verb_track"))
        if not state.students[free.track].active:
            raise refuse("target_inactive", target=state.students[free.track].name)
    return holder


def _coming(state: BRState, me: Student, free: FreeActions) -> dict[str, str]:
    """uid -> name of the items tonight's pick-ups and trades would bring."""
    ground = _lying(state, me, free)
    coming = {u: ground[u].name for u in free.pick_up if u in ground}
    for trade in free.trades:
        partner = state.students.get(trade.partner)
        for uid in trade.receive:
            item = partner.item(uid) if partner is not None else None
            if item is not None:
                coming[uid] = item.name
    return coming

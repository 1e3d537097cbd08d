"""Step 1 of the night: free actions (handbook III.B; rulings "Order inside the night" 1).

The Backpack, drops, trades confirmed by both sides, pick-ups of items lying in the zone, then wearing
(so an item gained tonight can be worn tonight, III.F.1).
Items dropped tonight reach the ground only at the end of this step: the dropper keeps exclusive
control of them until the day is over. When several students reach for the same item, it goes to one
of them at random, a searcher counting as two (III.C.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.battle_royale import rules
from engine.rulesets.battle_royale.orders import Search
from engine.rulesets.battle_royale.state import Item
from engine.rulesets.battle_royale.texts import listing, say

if TYPE_CHECKING:
    from engine.rulesets.battle_royale.night import Night


def free_actions(night: Night) -> None:
    dropped: dict[int, list[Item]] = {}
    for student in night.state.active():
        free = night.orders[student.id].free
        for uid in free.take_out:
            item = student.item(uid)
            if (
                item is not None
                and item.stored
                and (not item.defn.counts_toward_capacity or rules.free_slots(night.state, student) > 0)
            ):
                item.stored = False
        for uid in free.store:
            item = student.item(uid)
            if item is not None and not item.stored and rules.backpack_space(student) > 0:
                item.stored = True
        # A Backpack goes last, so items dropped from inside it tonight leave it empty first.
        for uid in sorted(free.drop, key=lambda u: getattr(student.item(u), "kind", "") == "backpack"):
            item = student.item(uid)
            if item is None or (item.kind == "backpack" and student.stored()):
                continue
            student.items.remove(item)
            item.worn = item.stored = False
            dropped.setdefault(student.zone, []).append(item)  # type: ignore[arg-type]
            night.tell(student.id, "dropped", "dropped", {"item": uid}, item=item.name)
    _trades(night)
    _pick_ups(night)
    for zone_id, items in dropped.items():
        night.state.zones[zone_id].ground.extend(items)
    for student in night.state.active():  # last, so an item picked up or received tonight can be worn
        free = night.orders[student.id].free
        for uid in free.remove + free.wear:
            item = student.item(uid)
            if item is not None and item.defn.wearable:
                item.worn = uid in free.wear


def _trades(night: Night) -> None:
    done: set[tuple] = set()
    for student in night.state.active():
        for trade in night.orders[student.id].free.trades:
            # One deal, seen from either side: who gives what (a pair may agree on several deals).
            deal = tuple(
                sorted([(student.id, tuple(sorted(trade.give))), (trade.partner, tuple(sorted(trade.receive)))])
            )
            if deal in done:
                continue
            partner = night.state.students.get(trade.partner)
            theirs = night.orders.get(trade.partner)
            mirror = theirs and any(trade.mirrors(t, student.id) for t in theirs.free.trades)
            name = partner.name if partner else trade.partner
            if not mirror or partner is None or not partner.active:
                night.tell(student.id, "trade_failed", "trade_unmatched", {"partner": trade.partner}, partner=name)
                continue
            problem = _problem(night, student, partner, trade)
            if problem is not None:
                night.tell(
                    sorted({student.id, partner.id}),
                    "trade_failed",
                    "trade_failed",
                    {"partner": trade.partner, "reason": problem},
                    a=student.name,
                    b=name,
                    reason=say(problem),
                )
                done.add(deal)
                continue
            done.add(deal)
            gave = [student.item(u) for u in trade.give]
            got = [partner.item(u) for u in trade.receive]
            for item in gave:
                student.items.remove(item)  # type: ignore[arg-type]
                partner.items.append(item)  # type: ignore[arg-type]
            for item in got:
                partner.items.remove(item)  # type: ignore[arg-type]
                student.items.append(item)  # type: ignore[arg-type]
            for item in gave + got:
                item.stored = item.worn = False  # type: ignore[union-attr]
            names = lambda items: listing([i.name for i in items])  # noqa: E731
            night.tell(
                student.id,
                "trade",
                "trade_done",
                {"partner": partner.id},
                partner=partner.name,
                gave=names(gave),
                got=names(got),
            )
            night.tell(
                partner.id,
                "trade",
                "trade_done",
                {"partner": student.id},
                partner=student.name,
                gave=names(got),
                got=names(gave),
            )


def _problem(night: Night, a, b, trade) -> str | None:
    """Why a confirmed trade cannot happen now (a text key), or None."""
    if night.state.settings.trade_same_zone and a.zone != b.zone:
        return "trade_apart"
    gave = [a.item(u) for u in trade.give]
    got = [b.item(u) for u in trade.receive]
    if any(i is None for i in gave + got):
        return "trade_item_gone"
    if any(i.kind == "backpack" for i in gave) and a.stored() or any(i.kind == "backpack" for i in got) and b.stored():
        return "backpack_not_empty"  # a Backpack changes hands only empty
    count = lambda items: len([i for i in items if i.defn.counts_toward_capacity and not i.stored])  # noqa: E731
    counted_in = lambda items: len([i for i in items if i.defn.counts_toward_capacity])  # noqa: E731
    a_after = len(a.carried()) - count(gave) + counted_in(got)
    b_after = len(b.carried()) - count(got) + counted_in(gave)
    if a_after > rules.capacity(night.state, a) or b_after > rules.capacity(night.state, b):
        return "trade_no_room"
    return None


def _pick_ups(night: Night) -> None:
    wanted: dict[str, list[str]] = {}
    for student in night.state.active():
        for uid in night.orders[student.id].free.pick_up:
            wanted.setdefault(uid, []).append(student.id)
    lying: dict[int | None, dict[str, Item]] = {}  # zone -> uid -> item on its ground, indexed once per zone
    taken: set[int] = set()  # the items picked up (by identity), off the ground once all are settled
    for uid in sorted(wanted):
        zone_id = night.s(wanted[uid][0]).zone
        if zone_id not in lying:
            lying[zone_id] = {}
            for i in night.state.zones[zone_id].ground:  # type: ignore[index]
                lying[zone_id].setdefault(i.uid, i)
        item = lying[zone_id].get(uid)
        takers = [sid for sid in wanted[uid] if night.s(sid).zone == zone_id]
        takers = [
            sid
            for sid in takers
            if item is not None
            and (not item.defn.counts_toward_capacity or rules.free_slots(night.state, night.s(sid)) > 0)
        ]
        if item is None or not takers:
            for sid in wanted[uid]:
                night.tell(sid, "pickup_lost", "pickup_lost", {"item": uid}, item=item.name if item else uid)
            continue
        winner = (
            takers[0]
            if len(takers) == 1
            else night.rng.weighted(
                [(sid, 2 if isinstance(night.orders[sid].action, Search) else 1) for sid in takers], f"pick-up of {uid}"
            )
        )
        del lying[zone_id][uid]
        taken.add(id(item))
        night.s(winner).items.append(item)
        night.tell(winner, "picked_up", "picked_up", {"item": uid}, item=item.name)
        for sid in wanted[uid]:
            if sid != winner:
                night.tell(sid, "pickup_lost", "pickup_lost", {"item": uid}, item=item.name)
    for zone_id in lying if taken else ():
        ground = night.state.zones[zone_id].ground  # type: ignore[index]
        ground[:] = [i for i in ground if id(i) not in taken]

"""The night pipeline: effective orders, the eight steps in the handbook's order, reports, the end.

`resolve_night(state, orders, rng)` never mutates its input: it works on a deep copy.
"""

from __future__ import annotations

from engine.keyed import trimmed
from engine.rng import RecordingRng
from engine.rulesets.battle_royale import actions, catalog, combat, deaths, ending, movement, report, votes
from engine.rulesets.battle_royale.free_actions import free_actions
from engine.rulesets.battle_royale.night import Night
from engine.rulesets.battle_royale.orders import FreeActions, Heal, NightOrders, Votes
from engine.rulesets.battle_royale.state import BRState
from engine.rulesets.battle_royale.texts import listing, say
from engine.rulesets.battle_royale.validate import action_items, action_refusal, validate_orders

PARTS = (
    ("free", say("part_free"), FreeActions),
    ("action", say("part_action"), None),
    ("movement", say("part_movement"), None),
    ("votes", say("part_votes"), Votes),
)


def effective_orders(
    state: BRState, sid: str, submitted: NightOrders | None
) -> tuple[NightOrders, list[tuple[str, str]]]:
    """Orders re-checked against the night's state; each part that no longer holds falls back to its default."""
    orders = submitted if submitted is not None else NightOrders()  # never mutated: parts are replaced by copies
    failures: list[tuple[str, str]] = []
    reason = validate_orders(state, sid, orders)
    for field, label, default in PARTS:
        if reason is None:
            break
        trial = orders.model_copy(update={field: default() if default else None})
        if validate_orders(state, sid, trial) != reason:
            failures.append((label, reason))
            orders = trial
            reason = validate_orders(state, sid, orders)
    if reason is not None:
        failures.append((say("part_orders"), reason))
        orders = NightOrders()
    return orders, failures


def resolve_night(state: BRState, submitted: dict[str, NightOrders], rng: RecordingRng) -> tuple[BRState, list]:
    state = state.fork()
    state.cache_census(True)
    night = Night(state=state, orders={}, rng=rng)
    for student in state.active():
        orders, failures = effective_orders(state, student.id, submitted.get(student.id))
        night.orders[student.id] = orders
        night.start_zone[student.id] = student.zone  # type: ignore[assignment]
        for what, reason in failures:
            night.tell(student.id, "order_failed", "order_failed", {"what": what}, what=what, reason=reason)
    night.began_on_island = [s.id for s in state.active()]
    combat.prepare_postures(night)
    free_actions(night)
    _recheck_actions(night)
    actions.use_items_and_heal(night)
    combat.smoke_step(night)
    for sid, posture in sorted(night.postures.items()):
        if posture.negated and state.students[sid].active:
            night.tell(sid, "smoked_out", "smoked_out")
    combat.attack_steps(night)
    actions.traps_search_analyze(night)
    actions.escape(night)
    movement.movement(night)
    _c4(night)
    deaths.distribute_loot(night)
    deaths.announce_deaths(night)
    votes.votes(night)
    report.night_reports(night)
    _close_day(night)
    state.cache_census(False)
    return night.state, night.events


ACTION_LABELS = {kind: say(f"action_label_{kind}") for kind in ("attack", "all_out", "set_trap", "use_item", "heal")}


def _recheck_actions(night: Night) -> None:
    """Handbook III.F.1: an action was accepted against the holdings the student's own free actions would
    give. Once they are done, an action whose item did not come (another student got the pick-up, the
    trade did not happen, the Backpack had no room) fails, the student is told why, and they Defend instead
    (III.C: "Default is Defend"). A Heal whose First Aid Kit did not come heals without it, as a Heal does
    when the kit is gone."""
    for student in night.state.active():
        orders = night.orders[student.id]
        action = orders.action
        if action is None or action.kind not in ACTION_LABELS:
            continue
        reason = action_refusal(night.state, student, action)
        if reason is None:
            continue
        if isinstance(action, Heal) and action.first_aid_kit:
            bare = action.model_copy(update={"first_aid_kit": False})
            if action_refusal(night.state, student, bare) is None:
                night.orders[student.id] = orders.model_copy(update={"action": bare})
                night.tell(student.id, "order_failed", "heal_without_kit", {"what": "heal"})
                continue
        missing = [uid for uid in action_items(action) if student.item(uid) is None]
        if missing:
            reason = say("item_not_gained", item=_item_name(night.state, missing[0]))
        night.orders[student.id] = orders.model_copy(update={"action": None})
        posture = night.postures[student.id]
        posture.all_out, posture.defending = False, True
        night.tell(
            student.id,
            "order_failed",
            "order_failed",
            {"what": action.kind},
            what=ACTION_LABELS[action.kind],
            reason=say("failed_defend_instead", reason=trimmed(reason, ".")),
        )


def _item_name(state: BRState, uid: str) -> str:
    """The name of an item wherever it is now (on the ground, with a student), for a student's report."""
    places = [z.ground for z in state.zones.values()] + [s.items for s in state.students.values()]
    return next((i.name for items in places for i in items if i.uid == uid), "The item")


def _c4(night: Night) -> None:
    """Step 7 (V.D.3): C-4 set for today explodes: 80% to hit each person in its zone."""
    defn = catalog.item("c4")
    for zone_id in sorted(night.state.zones):
        zone = night.state.zones[zone_id]
        due = [c for c in zone.charges if c.day == night.day]
        for charge in due:
            zone.charges.remove(charge)
            present = [s.id for s in night.state.in_zone(zone_id)]
            witnesses = present + ([charge.setter] if night.took_part(charge.setter) else [])
            if witnesses:  # a blast is heard by those there and known to its setter, not announced
                night.tell(witnesses, "c4_blast", "c4_blast", {"zone": zone_id}, zone_name=night.zone_name(zone_id))
            for student in night.state.in_zone(zone_id):
                if night.rng.percent(defn.chance, f"c4 {charge.uid} on {student.id}"):
                    damage = night.rng.weighted(defn.damage, f"c4 damage {student.id}")
                    night.harm(student.id, damage, charge.setter)
                    told = {student.id, charge.setter} if night.took_part(charge.setter) else {student.id}
                    night.tell(sorted(told), "c4_hit", "c4_hit", {"damage": damage}, target=student.name, damage=damage)
    deaths.settle(night, say("cause_c4"), by_trap=True)


def _close_day(night: Night) -> None:
    state = night.state
    reason = ending.end_reason(state)
    if reason is not None:
        state.phase = "over"
        state.end_reason = reason
        state.winners = ending.winners(state)
        names = lambda ids: listing([state.students[i].name for i in ids], say("list_none"))  # noqa: E731
        survivors = sorted(s.id for s in state.students.values() if s.alive or s.escaped)
        night.announce(
            "game_over",
            "game_over_public",
            {"winners": state.winners, "survivors": survivors, "days": state.day, "reason": reason},
            reason=reason,
            winners=names(state.winners),
            survivors=names(survivors),
        )
        return
    state.day += 1
    night.announce(
        "day_opens",
        "day_opens",
        {"day": state.day, "alive": len(state.active())},
        day=state.day,
        alive=len(state.active()),
    )

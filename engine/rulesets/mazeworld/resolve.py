"""One combat turn (text "Turn resolution steps"; rulings "The turn", "Order of passage"): orders collected
(the idle skip, the script for NPCs nobody ordered, a quaking NPC's flight), then cover rolls, the `then:`
actions of the successful, the rest by stealth and IS tier; each action re-checked at its slot (a creature
down loses it; a target gone makes it void: no roll, no ammunition); then the end of the turn and whether
combat, or the fight, is over. After combat, aftermath turns run until every contestant passes."""

from __future__ import annotations

from typing import Any

from engine.keyed import joined
from engine.rng import RecordingRng
from engine.rulesets.mazeworld import actions as act
from engine.rulesets.mazeworld.attack import attack
from engine.rulesets.mazeworld.autoplayer import npc_orders
from engine.rulesets.mazeworld.blast import detonate
from engine.rulesets.mazeworld.endturn import combat_over, end_of_turn, standing, statuses
from engine.rulesets.mazeworld.orders import (
    Attack,
    Butcher,
    Cover,
    Detonate,
    Escape,
    Execute,
    Freeform,
    MazeOrders,
    Move,
    Plant,
    Reload,
    Skip,
    Swap,
    Use,
)
from engine.rulesets.mazeworld.passage import ranked, step_three
from engine.rulesets.mazeworld.rules import crippled
from engine.rulesets.mazeworld.state import Creature, MazeState
from engine.rulesets.mazeworld.texts import DOINGS
from engine.rulesets.mazeworld.turn import Turn
from engine.rulesets.mazeworld.validate import check, gm_orders_after_combat, hostile_npc, validate


def awaited(state: MazeState) -> list[str]:
    """Combat: every creature able to act (NPCs: a moderator's order by the deadline, else the script; under
    `npc_orders = script` they are not awaited). Aftermath: the contestants."""
    if state.phase == "over":
        return []
    able = [c for c in state.creatures if c.able]
    if state.phase == "aftermath" or state.settings.npc_orders == "script":
        able = [c for c in able if c.controller is not None]
    return sorted(c.id for c in able)


def resolve_turn(state: MazeState, orders: dict[str, MazeOrders], rng: RecordingRng) -> tuple[MazeState, Turn]:
    turn = Turn(state.model_copy(deep=True), rng)
    work = turn.state
    if work.phase == "over":
        work.day += 1
        return work, turn
    turn.public("turn", "turn_start", {"turn": work.day}, turn=work.day)
    chosen = _collect(turn, orders)
    if work.phase == "combat":
        _combat(turn, chosen)
    else:
        for cid in sorted(chosen):
            _perform(turn, cid, chosen[cid])
    end_of_turn(turn)
    _ending(turn, chosen)
    turn.public("turn_end", "turn_end", {"turn": work.day}, turn=work.day)
    statuses(turn)
    turn.events = last_status_only(turn.events)
    work.day += 1
    return work, turn


def last_status_only(events: list[Any]) -> list[Any]:
    """One status line per contestant a turn, its last (the turn's end state): a hit's status line is dropped
    when a later one of the same creature follows (issue 23: a turn's DM carried two Pain lines)."""
    last = {e.data.get("id"): n for n, e in enumerate(events) if e.kind == "status"}
    return [e for n, e in enumerate(events) if e.kind != "status" or last[e.data.get("id")] == n]


def _collect(turn: Turn, orders: dict[str, MazeOrders]) -> dict[str, Any]:
    work = turn.state
    chosen: dict[str, Any] = {}
    combat = work.phase == "combat"
    # after combat: the contestants, and a hostile NPC only when a moderator may order it and did (no script)
    acting = sorted(
        c.id
        for c in work.creatures
        if c.able and (combat or c.controller or (c.id in orders and gm_orders_after_combat(work, c)))
    )
    for cid in acting:
        me = work.creature(cid)
        given = orders.get(cid)
        if combat and me.controller is None and work.settings.npc_orders == "script":
            given = npc_orders(work, cid)  # `npc_orders = script`: the script even over a moderator's order
        elif combat and given is None and me.controller is None and work.settings.npc_orders == "gm_then_script":
            given = npc_orders(work, cid)
        if given is None or validate(work, cid, given) is not None:
            given = MazeOrders(action=Skip())
            if me.controller is not None:
                me.idle += 1
                if me.idle % work.settings.idle_alert_turns == 0:
                    turn.moderators("idle", "idle_alert", {"id": cid}, name=me.name, turns=me.idle)
        elif me.controller is not None:
            me.idle = 0
        if me.effect("quake", work.day):  # "next turn: escape, else skip"
            given = MazeOrders(action=Skip() if crippled(me) else Escape())
        if me.controller is None:
            turn.moderators(
                "npc_order",
                "npc_order",
                {"id": cid, "order": given.action.model_dump()},
                name=me.name,
                order=DOINGS.get(given.action.do, given.action.do),
            )
        chosen[cid] = given.action
    return chosen


def _combat(turn: Turn, chosen: dict[str, Any]) -> None:
    work = turn.state

    def name(cid: str) -> str:
        return work.creature(cid).name

    successes: list[tuple[int, str]] = []
    for cid in sorted(c for c, a in chosen.items() if isinstance(a, Cover)):
        ok, total = act.take_cover(turn, work.creature(cid))
        if ok:
            successes.append((-total, cid))
    first = ranked(turn, successes, name)
    rest = step_three(turn, {c: a for c, a in chosen.items() if not isinstance(a, Cover)})
    everyone = first + rest
    seen = [c for c in everyone if not work.creature(c).stealth]  # the stealthed are not announced
    if seen:
        turn.public("order", "order", {"order": seen}, order=joined(", ", [name(c) for c in seen]))
    if seen != everyone:
        turn.moderators("order", "order", {"order": everyone}, order=joined(", ", [name(c) for c in everyone]))
    for cid in first:
        _perform(turn, cid, chosen[cid].then)
    for cid in rest:
        _perform(turn, cid, chosen[cid])


def _perform(turn: Turn, cid: str, action: Any) -> None:
    me = turn.state.creature(cid)
    if not me.able:
        if me.present:
            turn.about(me, "lost", "lost_action", {"id": cid}, name=me.name)
        return
    if isinstance(action, Attack | Execute):
        target = turn.state.get(action.target)
        if target is None:
            turn.about(me, "void", "void", {"id": cid}, name=me.name, target=action.target)
            return
        if not target.present:  # a target in stealth is not named in public (`Turn.between`)
            turn.between(me, target, "void", "void", {"id": cid}, name=me.name, target=target.name)
            return
    if check(turn.state, me, action) is not None:
        turn.about(me, "lost", "lost_action", {"id": cid}, name=me.name)
        return
    _dispatch(turn, me, action)


def _dispatch(turn: Turn, me: Any, action: Any) -> None:
    if isinstance(action, Attack | Execute):
        attack(turn, me, action)
    elif isinstance(action, Reload):
        act.reload(turn, me, action)
    elif isinstance(action, Swap):
        act.swap(turn, me, action)
    elif isinstance(action, Use):
        act.use(turn, me, action)
    elif isinstance(action, Move):
        act.move(turn, me, action)
    elif isinstance(action, Escape):
        act.escape(turn, me)
    elif isinstance(action, Freeform):
        act.freeform(turn, me, action)
    elif isinstance(action, Butcher):
        act.butcher(turn, me, action)
    elif isinstance(action, Plant):
        act.plant(turn, me, action)
    elif isinstance(action, Detonate):
        detonate(turn, me)
    else:
        act.skip(turn, me)


def _ending(turn: Turn, chosen: dict[str, Any]) -> None:
    """Combat over when a team has no creature alive, awake and present; the fight over when no contestant is
    left, every contestant passes after combat, or `max_turns` is reached. After combat, a hostile's attack
    restarts combat; so does a waking enemy, unless a moderator ended combat (`end_combat`: it stays ended
    until `start_combat` or a hostile attacks, even with hostiles standing)."""
    work = turn.state
    contestants = [c for c in work.creatures if c.controller is not None]
    if not any(standing(c) for c in contestants) and not any(
        c.status in ("blacked_out", "passed_out") for c in contestants
    ):
        work.phase = "over"
    elif work.phase == "combat" and combat_over(turn):
        work.phase, work.ended_on = "aftermath", None
        turn.public("over", "combat_over", {})
    elif work.phase == "aftermath":
        attackers = [work.creature(c) for c in turn.attackers if hostile_npc(work.creature(c))]
        waking = [c for c in work.creatures if c.team == "hostile" and standing(c)]
        if attackers:
            _again(turn, attackers, "combat_again_attack")
        elif waking and work.ended_on is None:
            _again(turn, waking, "combat_again")
        elif all(isinstance(chosen.get(c.id), Skip) for c in contestants if c.able):
            work.phase = "over"
    if work.day >= work.settings.max_turns:
        work.phase = "over"
    if work.phase == "over":
        turn.public("over", "fight_over", {})


def _again(turn: Turn, by: list[Creature], key: str) -> None:
    """Combat starts again, named after the first of `by` (who woke or attacked) seen by the players; a
    creature still in stealth is never named in public (the moderators are told who)."""
    turn.state.phase, turn.state.ended_on = "combat", None
    seen = next((c for c in by if not c.stealth), None)
    if seen is not None:
        turn.public("again", key, {"id": seen.id}, name=seen.name)
        return
    turn.public("again", "combat_again_unseen", {})
    turn.moderators("again", key, {"id": by[0].id}, name=by[0].name)

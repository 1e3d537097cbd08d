"""Spending Heat, a moderators' action (`spend_heat`: boost 1, reorder 1, reinforce 2, complication 1; Heat never
damages a PC), refused with a reason that changes nothing (`Refused`); `find_actor` reads an actor a moderator
names. The other moderators' actions are in `moderation`."""

from __future__ import annotations

from typing import Any

from engine.rulesets.infinity_intervention.attack import Ctx
from engine.rulesets.infinity_intervention.catalog import SKILL_ATTRIBUTE
from engine.rulesets.infinity_intervention.setup import fighter_from
from engine.rulesets.infinity_intervention.state import CombatState
from engine.rulesets.infinity_intervention.texts import say, written
from engine.rulesets.infinity_intervention.turn_order import move_after

HEAT_COST = {"boost": 1, "reorder": 1, "reinforce": 2, "complication": 1}


class Refused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def find_actor(state: CombatState, given: object) -> str | None:
    """The id of the actor a moderator names, by id or by name (any case); None: nobody."""
    wanted = str(given or "").strip().lower()
    return next((i for i, f in state.fighters.items() if wanted in (i, f.name.lower())), None) if wanted else None


def spend(ctx: Ctx, kind: str, params: dict[str, Any]) -> None:
    state = ctx.state
    if kind not in HEAT_COST:
        raise Refused(say("bad_spend"))
    cost = HEAT_COST[kind]
    if state.heat < cost:
        raise Refused(say("heat_short", cost=cost, heat=state.heat))
    if kind in ("boost", "reorder"):
        actor = find_actor(state, params.get("actor")) or str(params.get("actor"))
        fighter = state.fighters.get(actor)
        if fighter is None or fighter.side != "npc":
            raise Refused(say("npc_only", name=fighter.name if fighter else actor))
        if kind == "boost":
            skill = str(params.get("skill"))
            if skill not in SKILL_ATTRIBUTE:
                raise Refused(say("bad_skill", skill=skill))
            fighter.boosts = {**fighter.boosts, skill: fighter.boosts.get(skill, 0) + 2}
            state.heat -= cost
            ctx.public("heat_spent", "heat_boost", cost=cost, name=fighter.name, heat=state.heat)
            return
        after = find_actor(state, params.get("after")) if params.get("after") else None
        if params.get("after") and (after is None or after == actor):
            raise Refused(say("no_such_target", target=params.get("after")))
        before = list(state.order)
        move_after(state, actor, after)
        if state.order == before:  # nothing would change: no Heat is spent on it
            where = say("at_top") if after is None else say("just_after", name=state.fighters[after].name)
            raise Refused(say("order_unchanged", name=fighter.name, where=where))
        state.heat -= cost
        ctx.public("heat_spent", "heat_reorder", cost=cost, order=state.names(state.order), heat=state.heat)
    elif kind == "reinforce":
        sheet = next((s for s in state.reserve if s.id == params.get("sheet")), None)
        if sheet is None:
            raise Refused(say("no_such_sheet", sheet=params.get("sheet")))
        new_id, n = sheet.id, 1
        while new_id in state.fighters:
            n += 1
            new_id = f"{sheet.id[:17]}_{n}"
        name = sheet.name if n == 1 else f"{sheet.name} {n}"
        fighter = fighter_from(sheet.model_copy(update={"id": new_id, "name": name}), None, state.settings)
        fighter.halves = 0  # acts from the next turn
        state.fighters[new_id] = fighter
        state.order = [*state.order, new_id]
        state.heat -= cost
        ctx.public("heat_spent", "heat_reinforce", cost=cost, name=name, heat=state.heat)
    else:
        text = str(params.get("text") or "").strip()
        if not text:
            raise Refused(say("complication_text"))
        state.heat -= cost
        ctx.public("heat_spent", "heat_complication", cost=cost, text=written(text), heat=state.heat)

"""The moderators' actions (`Ruleset.moderate`): `spend_heat` (in `heat`), `set_order` (the whole order, or one
actor moved just after another or to the top), `rule` (the moderators' ruling on a negotiation or a freeform
action, posted as narration, optionally Immobilizing an actor), `revive_actor` and `end_combat`. Each refuses with a
reason (`Refused`) and then changes nothing; `choices` lists what their options may name, for autocomplete."""

from __future__ import annotations

from typing import Any

from engine.events import make_event, to_players
from engine.keyed import joined
from engine.rulesets.infinity_intervention.attack import Ctx
from engine.rulesets.infinity_intervention.heat import Refused, find_actor, spend
from engine.rulesets.infinity_intervention.state import CombatState, ToRule
from engine.rulesets.infinity_intervention.texts import say, written
from engine.rulesets.infinity_intervention.turn_order import end_combat, move_after

POST_MAX = 2000  # Discord's most characters in one message: a ruling is posted whole or refused


def moderate(ctx: Ctx, action: str, params: dict[str, Any]) -> None:
    state = ctx.state
    if state.phase == "over" and action != "end_combat":
        raise Refused(say("over_already"))
    if action == "spend_heat":
        spend(ctx, str(params.get("kind", "")), params)
    elif action == "set_order":
        set_order(ctx, params)
    elif action == "rule":
        rule(ctx, params)
    elif action in ("revive_actor", "revive"):  # "revive": its name in games played before
        fighter = state.fighters.get(find_actor(state, params.get("actor")) or "")
        if fighter is None or not fighter.incapacitated:
            raise Refused(say("not_incapacitated", name=fighter.name if fighter else params.get("actor")))
        fighter.incapacitated, fighter.consciousness = False, max(1, fighter.consciousness)
        ctx.public("revived", "revived", name=fighter.name)
    elif action == "end_combat":
        end_combat(ctx, "ended")
    else:
        raise Refused(f"This game has no moderator action {action!r}.")


def _named(state: CombatState, given: object) -> str:
    found = find_actor(state, given)
    if found is None:
        raise Refused(say("no_such_target", target=given))
    return found


def set_order(ctx: Ctx, params: dict[str, Any]) -> None:
    """Rulings "Post order": it changes by a moderator's `set_order`. Either `order` (every actor once) or `actor`
    moved just after `after` (none: to the top). Who posts now keeps the post; the new order counts from the next."""
    state = ctx.state
    if params.get("order") is not None:
        order = [find_actor(state, i) or str(i) for i in params["order"]]
        if sorted(order) != sorted(state.order):
            raise Refused(say("set_order_bad", order=joined(", ", state.order)))
        state.order = order
        ctx.public("order", "set_order", order=state.names(order))
        return
    actor = _named(state, params.get("actor"))
    after = _named(state, params["after"]) if params.get("after") else None
    if after == actor:
        raise Refused(say("after_itself", name=state.fighters[actor].name))
    before = list(state.order)
    move_after(state, actor, after)
    if state.order == before:
        where = say("at_top") if after is None else say("just_after", name=state.fighters[after].name)
        raise Refused(say("order_unchanged", name=state.fighters[actor].name, where=where))
    ctx.public("order", "set_order", order=state.names(state.order))


def rule(ctx: Ctx, params: dict[str, Any]) -> None:
    """Rulings "Actions": a negotiation's result and a freeform action go to the moderators, who rule. The ruling
    is posted as narration (escaped, one message), the actor's player is told, and it may Immobilize an actor (the
    rulings' condition a failed save gives; `immobilize`). The oldest unruled action of that actor is ruled."""
    state = ctx.state
    actor = _named(state, params.get("actor"))
    fighter = state.fighters[actor]
    waiting = next((r for r in state.to_rule if r.actor == actor), None)
    if waiting is None:
        raise Refused(say("nothing_to_rule", name=fighter.name))
    text = str(params.get("text") or "").strip()
    if not text:
        raise Refused(say("ruling_text"))
    what = say(f"ruled_{waiting.kind}")
    line = say("ruling", name=fighter.name, what=what, text=written(text))
    if len(line) > POST_MAX:
        raise Refused(say("ruling_too_long", length=len(line), most=POST_MAX))
    stopped = None
    if params.get("immobilize"):
        stopped = state.fighters[_named(state, params["immobilize"])]
        if not stopped.able or stopped.immobilized:
            raise Refused(say("cannot_immobilize", name=stopped.name))
    state.to_rule = [r for r in state.to_rule if r is not waiting]
    ctx.public("ruling", "ruling", name=fighter.name, what=what, text=written(text))
    if fighter.controller is not None:
        told = say("ruling_told", name=fighter.name, what=what)
        ctx.events.append(make_event("ruling", to_players(fighter.controller), told))
    if stopped is not None:
        stopped.immobilized = True
        ctx.public("immobilized", "immobilized", name=stopped.name)


def choices(state: CombatState, source: str) -> list[tuple[str, str]]:
    """(value, label) pairs for the moderators' autocomplete: every actor in post order (`actors`), or the actors
    with a negotiation or freeform action awaiting a ruling (`to_rule`)."""
    if source == "to_rule":
        oldest: dict[str, ToRule] = {}  # each actor once: its oldest unruled action, the one `rule` rules
        for waiting in state.to_rule:
            oldest.setdefault(waiting.actor, waiting)
        return [
            (i, say("to_rule_label", name=state.fighters[i].name, what=say(f"ruled_{r.kind}"), turn=r.turn))
            for i, r in oldest.items()
        ]
    if source == "actors":
        return [(i, say("actor_label", name=state.fighters[i].name, n=n)) for n, i in enumerate(state.order, 1)]
    return []

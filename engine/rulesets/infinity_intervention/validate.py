"""Submission-time checks with clear reasons (`texts`), and the per-action check `resolve` repeats: the world
changes between a post's first action and its last (a target downed, an item switched)."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.attack import can_buy_action, can_react
from engine.rulesets.infinity_intervention.catalog import items
from engine.rulesets.infinity_intervention.orders import (
    COST,
    MAX_MINORS,
    MINOR,
    STANDARD,
    Action,
    Answer,
    IIOrders,
)
from engine.rulesets.infinity_intervention.state import CombatState
from engine.rulesets.infinity_intervention.texts import say


def cost_refusal(kind: str, halves: int, minors: int) -> str | None:
    """Why an action of this kind cannot be paid for with `halves` half actions left and `minors` minors used
    (rulings "Post order and turns": a standard action costs 1, a minor ½, at most 4 minors a turn)."""
    cost = COST[kind]
    if cost > halves:
        return say("no_actions_left", action=say(f"action_{kind}"))
    if cost == MINOR and minors >= MAX_MINORS:
        return say("too_many_minors", most=MAX_MINORS)
    return None


def spend(halves: int, minors: int, kinds: list[str]) -> tuple[int, int]:
    """The half actions left and the minors used once actions of these kinds are paid for, in order."""
    for kind in kinds:
        halves -= COST[kind]
        minors += 1 if COST[kind] == MINOR else 0
    return halves, minors


def affordable(halves: int, minors: int) -> bool:
    """Whether any action at all can still be paid for (a whole one, or a half one under the minors' cap)."""
    return any(cost_refusal(kind, halves, minors) is None for kind in COST)


def left_after(state: CombatState, actor: str, orders: IIOrders) -> tuple[int, int]:
    """The half actions and minors `actor` has once its post is spent, counting the extra action it buys."""
    fighter = state.fighters[actor]
    bought = STANDARD if orders.extra_action and can_buy_action(fighter) else 0
    return spend(fighter.halves + bought, fighter.minors, [a.kind for a in orders.actions])


def post_ready(state: CombatState, actor: str, orders: IIOrders) -> bool:
    """Whether the awaited actor's post is complete (rulings "Post order and turns": a post spends 0 or more
    actions): sent as it stands (`sent`), or leaving nothing it could still pay for."""
    return orders.sent or not affordable(*left_after(state, actor, orders))


def action_refusal(
    state: CombatState, actor: str, action: Action, halves: int, minors: int, readied: str | None
) -> str | None:
    """Why this action cannot be taken now by `actor` with `halves` half actions and `minors` minors used."""
    fighter = state.fighters[actor]
    paid = cost_refusal(action.kind, halves, minors)
    if paid is not None:
        return paid
    if action.kind == "attack":
        target = state.fighters.get(action.target)
        if target is None or action.target == actor:
            return say("no_such_target", target=action.target)
        if target.killed:  # an incapacitated target can still be attacked: it "still saves normally"
            return say("target_down", target=target.name)
        if readied is None:
            return say("nothing_readied")
        item = items()[readied]
        if item.skill == "hacking" and not target.sheet.hackable:
            return say("not_hackable", target=target.name)
    elif action.kind == "switch":
        if action.item not in fighter.sheet.items:
            return say("not_carried", item=action.item)
        if action.item == readied:
            return say("already_readied", item=items()[action.item].label)
    elif action.kind == "cover":
        if action.level not in state.settings.cover_levels:
            return say("no_such_cover", level=say(f"cover_{action.level}"))
    elif action.kind == "reset" and not fighter.immobilized:
        return say("not_immobilized")
    return None


def only_insert(orders: IIOrders) -> bool:
    """Orders that hold nothing but an Infinity Point move in the post order (may be given at any time)."""
    return orders.insert_after is not None and orders.model_copy(update={"insert_after": None}) == IIOrders()


def move_refusal(state: CombatState, actor: str, after: str) -> str | None:
    """Why `actor` cannot move just after `after` in post order (a PC, another actor, a place it is not in)."""
    if state.fighters[actor].side != "pc":
        return say("pc_only")
    if after not in state.fighters or after == actor:
        return say("no_such_target", target=after)
    at = state.order.index(actor)
    if at > 0 and state.order[at - 1] == after:
        return say("already_after", name=state.fighters[after].name)
    return None


def insert_refusal(state: CombatState, actor: str, after: str) -> str | None:
    """Why `actor` cannot spend an Infinity Point to move just after `after` now (rulings "Infinity Points")."""
    points = state.fighters[actor].infinity_points
    return move_refusal(state, actor, after) or (say("not_enough_points", have=points, want=1) if points < 1 else None)


def refusal(state: CombatState, actor: str, orders: IIOrders) -> str | None:
    """The reason these orders are refused now, or None. Besides the awaited actor's post (or the asked actor's
    answer), any PC may order an Infinity Point move at any time; empty orders are nothing to refuse."""
    if state.phase == "over":
        return say("over_already")
    if actor not in state.fighters:
        return say("not_in_combat")
    if orders.timed_out:
        # the bot checks a player who is not awaited with the game's default orders (`timed_out`): whose step
        # it is ("It is Lena's post now") is the reason that player needs
        if state.pending is not None and actor != state.pending.target:
            return say("not_your_question", name=state.fighters[state.pending.target].name)
        if state.pending is None and actor != state.awaited:
            awaited = state.fighters[state.awaited].name if state.awaited else "-"
            return say("not_your_post", name=awaited)
        return say("timed_out_reserved")
    fighter = state.fighters[actor]
    if not fighter.able:
        return say("out_of_fight", name=fighter.name)
    asked = state.pending.target if state.pending is not None else None
    if actor != (asked or state.awaited):
        if orders == IIOrders():
            return None  # nothing ordered (what the bot's withdraw stores)
        if only_insert(orders):
            return insert_refusal(state, actor, str(orders.insert_after))
        if orders.extra_action and not orders.actions and asked is None:
            return say("extra_in_own_post")
    if asked is not None:
        if actor != asked:
            return say("not_your_question", name=state.fighters[asked].name)
        if orders.insert_after is not None:  # the answer resolves at once: the move can follow it
            return say("answer_first")
        return _answer_refusal(state, actor, orders.answer)
    if orders.answer is not None:
        return say("no_question")
    if actor != state.awaited:
        awaited = state.fighters[state.awaited].name if state.awaited else "-"
        return say("not_your_post", name=awaited)
    return _post_refusal(state, actor, orders)


def _answer_refusal(state: CombatState, actor: str, answer: Answer | None) -> str | None:
    if answer is None:
        return say("answer_needed")
    assert state.pending is not None
    fighter = state.fighters[actor]
    if answer.choice == "react" and not can_react(state, actor, state.pending.attacker):
        bought = fighter.halves < 2 and fighter.side == "pc" and fighter.able and not fighter.immobilized
        return say("react_no_point") if bought and not can_buy_action(fighter) else say("cannot_react")
    points = answer.ip_saves + answer.ip_crit + (1 if answer.choice == "react" and fighter.halves < 2 else 0)
    if points > fighter.infinity_points:
        return say("not_enough_points", have=fighter.infinity_points, want=points)
    return None


def _post_refusal(state: CombatState, actor: str, orders: IIOrders) -> str | None:
    fighter = state.fighters[actor]
    points = 0
    halves, minors, readied = fighter.halves, fighter.minors, fighter.readied
    if orders.extra_action:
        if not can_buy_action(fighter):
            return say("no_extra_action")
        points, halves = 1, halves + 2
    if orders.insert_after is not None:
        reason = move_refusal(state, actor, orders.insert_after)
        if reason is not None:
            return reason
        points += 1
    if points > fighter.infinity_points:
        return say("not_enough_points", have=fighter.infinity_points, want=points)
    if orders.standing is not None and fighter.side != "pc":
        return say("pc_only")
    if fighter.immobilized and orders.actions and orders.actions[0].kind != "reset":
        return say("must_reset")
    immobilized = fighter.immobilized
    for action in orders.actions:
        if action.kind in ("attack", "cover") and immobilized:
            return say("must_reset")
        reason = action_refusal(state, actor, action, halves, minors, readied)
        if reason is not None:
            return reason
        halves, minors = spend(halves, minors, [action.kind])
        if action.kind == "switch":
            readied = action.item
        if action.kind == "reset":
            immobilized = False
    return None

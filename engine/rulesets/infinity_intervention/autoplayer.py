"""Scripted actors for both sides (the rulings' "Scripted NPC post" and NPC reactions; PCs use the same policy
for `brbot simulate` and the tests). Spends no Heat. Pure: reads the state, draws nothing."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.attack import attack_tn, can_react, usable_against
from engine.rulesets.infinity_intervention.orders import (
    COST,
    MINOR,
    STANDARD,
    Action,
    Answer,
    Attack,
    IIOrders,
    MoveCover,
    Reset,
)
from engine.rulesets.infinity_intervention.rolls import target_number
from engine.rulesets.infinity_intervention.state import CombatState


def scripted_post(state: CombatState, actor_id: str) -> IIOrders:
    """Immobilized: Reset. Not in cover: move to high cover (minor; low where the map has no high). Then attack
    the able enemy with the fewest Wounds left (ties: post order) while a whole action remains."""
    fighter = state.fighters[actor_id]
    halves = fighter.halves
    plan: list[Action] = []
    if fighter.immobilized and halves >= STANDARD:
        plan.append(Reset())
        halves -= STANDARD
    elif fighter.immobilized:
        return IIOrders()
    best = next((level for level in ("high", "low") if level in state.settings.cover_levels), None)
    if fighter.cover == "none" and best is not None and halves >= MINOR:  # decided: low cover if no high
        plan.append(MoveCover(level=best))
        halves -= COST["cover"]
    target = weakest_enemy(state, actor_id)
    while target is not None and halves >= STANDARD:
        plan.append(Attack(target=target))
        halves -= STANDARD
    return IIOrders(actions=plan)


def weakest_enemy(state: CombatState, actor_id: str) -> str | None:
    """The able enemy with the fewest Wounds left that the readied item can attack; ties by post order."""
    fighter = state.fighters[actor_id]
    enemies = [
        i
        for i in state.order
        if state.fighters[i].side != fighter.side
        and state.fighters[i].able
        and usable_against(fighter.item(), state.fighters[i])
    ]
    return min(enemies, key=lambda i: (state.fighters[i].wounds, state.order.index(i)), default=None)


def scripted_answer(state: CombatState, target_id: str, attacker_id: str) -> Answer:
    """React if able to and the readied TN is at least the attacker's TN, else take. A scripted PC spends its
    points on a critical (2 negate) and keeps none for saves."""
    target = state.fighters[target_id]
    ip_crit = min(2, target.infinity_points) if target.side == "pc" else 0
    if not can_react(state, target_id, attacker_id):
        return Answer(choice="take", ip_crit=ip_crit)
    item = target.item()
    assert item is not None
    mine = target_number(target, item.skill, attacker_id, state.settings, observe=False)
    theirs = attack_tn(state, attacker_id, target_id, observe=True)
    if target.halves < STANDARD:  # buying the reaction costs the point
        ip_crit = min(ip_crit, target.infinity_points - 1)
    return Answer(choice="react" if mine >= theirs else "take", ip_crit=max(0, ip_crit))

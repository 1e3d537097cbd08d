"""One post, action by action: re-checked at resolution (an action made impossible is void and unspent), costs
charged (standard 1, minor ½), attacks rolled, and a stop at an attack whose target is asked (a face-off
question); `answer` goes on from where the post stopped. Forfeits (no post by the deadline) and idle alerts."""

from __future__ import annotations

from engine.keyed import joined
from engine.rulesets.infinity_intervention.attack import (
    Ctx,
    announce,
    can_buy_action,
    can_react,
    focus_heat,
    resolve_attack,
)
from engine.rulesets.infinity_intervention.autoplayer import scripted_answer
from engine.rulesets.infinity_intervention.catalog import items
from engine.rulesets.infinity_intervention.orders import STANDARD, Action, Answer, Attack, IIOrders
from engine.rulesets.infinity_intervention.rolls import outcome, target_number
from engine.rulesets.infinity_intervention.state import CombatState, Pending, ToRule
from engine.rulesets.infinity_intervention.texts import say, written
from engine.rulesets.infinity_intervention.turn_order import after_post
from engine.rulesets.infinity_intervention.validate import action_refusal, spend


def start_post(ctx: Ctx, actor_id: str, orders: IIOrders) -> None:
    state = ctx.state
    fighter = state.fighters[actor_id]
    if orders.timed_out:
        fighter.halves = 0
        fighter.idle += 1
        ctx.public("forfeit", "forfeit", name=fighter.name)
        if fighter.idle == state.settings.idle_alert_posts:
            ctx.moderators("idle_alert", "idle_alert", {"actor": actor_id}, name=fighter.name, posts=fighter.idle)
        after_post(ctx, actor_id, spent=True)
        return
    fighter.idle = 0
    if orders.clear_standing:
        fighter.standing = None
    if orders.standing is not None:
        fighter.standing = orders.standing
    if fighter.side == "npc":
        plan = _plan(state, orders)
        ctx.moderators(
            "npc_orders", "npc_orders", {"orders": orders.model_dump(mode="json")}, name=fighter.name, plan=plan
        )
    spent = False
    if orders.extra_action and can_buy_action(fighter):
        fighter.infinity_points -= 1
        fighter.ip_action_used = True
        fighter.halves += STANDARD
        ctx.public("ip_spent", "ip_action", name=fighter.name)
        spent = True
    insert = orders.insert_after if orders.insert_after in state.fighters and orders.insert_after != actor_id else None
    if insert is not None and fighter.infinity_points >= 1 and fighter.side == "pc":
        fighter.infinity_points -= 1
        spent = True
    else:
        insert = None
    if not orders.actions and not spent:  # an empty post: the channel reads who passed, not a bare seed line
        ctx.public("pass", "passes", name=fighter.name)
    run_actions(ctx, actor_id, list(orders.actions), insert, spent)


def _plan(state: CombatState, orders: IIOrders) -> str:
    """An NPC's post in words, for the moderators before it resolves (rulings, "Visibility")."""
    said = [say("plan_extra")] if orders.extra_action else []
    for action in orders.actions:
        if action.kind == "attack":
            target = state.fighters.get(action.target)
            said.append(say("plan_attack", target=target.name if target else action.target))
        elif action.kind == "cover":
            said.append(say("plan_cover", level=say(f"cover_{action.level}")))
        elif action.kind == "switch":
            known = items().get(action.item)
            said.append(say("plan_switch", item=known.label if known else action.item))
        else:
            said.append(say(f"plan_{action.kind}"))
    return joined(", ", said) or say("plan_none")


def run_actions(ctx: Ctx, actor_id: str, actions: list[Action], insert: str | None, spent: bool) -> None:
    """Carry out the post's actions in order; stop at a face-off question, else finish the post."""
    state = ctx.state
    fighter = state.fighters[actor_id]
    for index, action in enumerate(actions):
        if not fighter.able or (fighter.immobilized and action.kind != "reset"):
            ctx.public("void", "void_rest", name=fighter.name)
            break
        reason = action_refusal(state, actor_id, action, fighter.halves, fighter.minors, fighter.readied)
        if reason is not None:
            ctx.public("void", "void_action", name=fighter.name, reason=reason)
            continue
        fighter.halves, fighter.minors = spend(fighter.halves, fighter.minors, [action.kind])
        spent = True
        if isinstance(action, Attack):
            answer = _answer_now(state, actor_id, action)
            if answer is None:
                state.pending = Pending(
                    attacker=actor_id,
                    target=action.target,
                    attack=action,
                    rest=actions[index + 1 :],
                    insert_after=insert,
                    spent=spent,
                )
                state.phase, state.awaited = "question", action.target
                announce(ctx, actor_id, action.target)
                ctx.public("asked", "asked", name=state.fighters[action.target].name)
                return
            resolve_attack(ctx, actor_id, action, answer)
            if _struck_down(ctx, actor_id, actions[index + 1 :]):
                break
            continue
        _other(ctx, actor_id, action)
    finish_post(ctx, actor_id, insert, spent)


def _struck_down(ctx: Ctx, actor_id: str, rest: list[Action]) -> bool:
    """If a reaction downed or Immobilized the attacker, the rest of its post is void (Reset included)."""
    fighter = ctx.state.fighters[actor_id]
    if fighter.able and not fighter.immobilized:
        return False
    if rest:
        ctx.public("void", "void_rest", name=fighter.name)
    return True


def answer(ctx: Ctx, given: Answer) -> None:
    """Go on with the post that stopped at a face-off question."""
    state = ctx.state
    pending = state.pending
    assert pending is not None
    state.pending, state.phase = None, "post"
    resolve_attack(ctx, pending.attacker, pending.attack, given, announced=True)
    rest = [] if _struck_down(ctx, pending.attacker, pending.rest) else list(pending.rest)
    run_actions(ctx, pending.attacker, rest, pending.insert_after, True)


def finish_post(ctx: Ctx, actor_id: str, insert: str | None, spent: bool) -> None:
    after_post(ctx, actor_id, spent, insert)


def _answer_now(state: CombatState, attacker_id: str, attack: Attack) -> Answer | None:
    """The target's answer when nobody needs asking (None: ask). PCs are asked unless they hold a standing
    answer or have no choice; NPCs answer by the script unless `npc_reactions = ask`."""
    target = state.fighters[attack.target]
    reactable = can_react(state, attack.target, attacker_id)
    if target.side == "npc":
        if state.settings.npc_reactions == "ask" and reactable:
            return None
        return scripted_answer(state, attack.target, attacker_id)
    if target.standing is not None:
        return target.standing
    has_points = state.settings.ask_for_points and target.infinity_points > 0 and target.able
    return None if reactable or has_points else Answer()


def _other(ctx: Ctx, actor_id: str, action: Action) -> None:
    state = ctx.state
    fighter = state.fighters[actor_id]
    if action.kind == "reset":
        fighter.immobilized = False
        ctx.public("reset", "reset", name=fighter.name)
    elif action.kind == "cover":
        fighter.cover = action.level
        ctx.public("cover", "cover", name=fighter.name, level=say(f"cover_{fighter.cover}"))
    elif action.kind == "switch":
        fighter.readied = action.item
        item = fighter.item()
        ctx.public("switch", "switch", name=fighter.name, item=item.label if item else "")
    elif action.kind == "observe":
        fighter.observe = state.settings.observe_bonus
        ctx.public("observe", "observe", name=fighter.name)
    elif action.kind == "negotiate":
        tn = target_number(fighter, "persuade", None, state.settings, observe=False)
        die = ctx.rng.randint(1, 20, f"{fighter.name}'s negotiation")
        result = outcome(die, tn, fighter.sheet.skill("persuade").focus)
        ctx.public("negotiate", "negotiate", name=fighter.name)
        if result == "critical" and fighter.side == "pc":  # focus reached in the critical range
            focus_heat(ctx)
        state.to_rule = [*state.to_rule, ToRule(actor=actor_id, kind="negotiate", turn=state.turn)]
        ctx.moderators(
            "negotiate",
            "negotiate_mods",
            {"die": die, "tn": tn, "text": action.text},
            name=fighter.name,
            die=die,
            tn=tn,
            result=say(result),
            text=written(action.text) or "-",
        )
    elif action.kind == "freeform":
        ctx.public("freeform", "freeform", name=fighter.name)
        state.to_rule = [*state.to_rule, ToRule(actor=actor_id, kind="freeform", turn=state.turn)]
        ctx.moderators("freeform", "freeform_mods", {"text": action.text}, name=fighter.name, text=written(action.text))

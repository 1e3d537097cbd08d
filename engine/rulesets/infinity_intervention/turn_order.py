"""Post order and turns: who is awaited (the next able actor after the last poster with actions left, in the
order as it stands when the post ends, every move made meanwhile applied: `after_post`), the end of a turn
(nobody able has actions left, or a quiet rotation), a new turn (2 actions each, from the top), the end of
combat (a side with no able member, or `max_turns`)."""

from __future__ import annotations

from engine.rulesets.infinity_intervention.attack import Ctx
from engine.rulesets.infinity_intervention.orders import TURN_HALVES
from engine.rulesets.infinity_intervention.state import CombatState
from engine.rulesets.infinity_intervention.texts import say
from engine.rulesets.infinity_intervention.validate import insert_refusal


def ready(state: CombatState) -> list[str]:
    """Able actors with actions left, in post order."""
    return [i for i in state.order if state.fighters[i].able and state.fighters[i].halves > 0]


def next_after(state: CombatState, poster: str | None) -> str | None:
    """The next ready actor after `poster` in post order, wrapping round (the poster itself last)."""
    waiting = set(ready(state))
    start = state.order.index(poster) + 1 if poster in state.order else 0
    for step in range(len(state.order)):
        actor = state.order[(start + step) % len(state.order)]
        if actor in waiting:
            return actor
    return None


def side_down(state: CombatState) -> str | None:
    """The side ("pc" or "npc") with no able member, if any."""
    for side in ("pc", "npc"):
        if not any(f.able for f in state.fighters.values() if f.side == side):
            return side
    return None


def end_combat(ctx: Ctx, outcome: str) -> None:
    state = ctx.state
    state.phase, state.outcome, state.awaited, state.pending = "over", outcome, None, None  # type: ignore[assignment]
    ctx.public("over", f"over_{outcome}")
    if outcome == "undecided":
        ctx.moderators("over_undecided", "over_undecided_mods", turns=state.settings.max_turns)


def after_post(ctx: Ctx, poster: str, spent: bool, insert: str | None = None) -> None:
    """What follows any post: the end of combat, the quiet rotation, the turn's end, the next awaited actor.
    Every change to the post order made while the post was under way counts for the next post (rulings
    "Infinity Points and Heat": "the next post is then found in the new order"): the poster's own Infinity Point
    insert (`insert`: the actor the poster moves after) and the others' moves of this step (`ctx.moves`) are
    applied first, as a moderator's `set_order` or Heat `reorder` already was, and the next post is found in
    the order as it then stands, by this one function whichever path changed it."""
    state = ctx.state
    down = side_down(state)
    if down is not None:
        end_combat(ctx, "npc" if down == "pc" else "pc")
        return
    state.quiet = [] if spent else sorted({*state.quiet, poster})
    if insert is not None:
        move_after(state, poster, insert)
        ctx.public("order", "ip_insert", name=state.fighters[poster].name, order=state.names(state.order))
    apply_moves(ctx)
    waiting = ready(state)
    if not waiting or set(waiting) <= set(state.quiet):
        new_turn(ctx)
        return
    state.phase, state.awaited = "post", next_after(state, poster)


def apply_moves(ctx: Ctx) -> None:
    """The Infinity Point moves ordered outside one's post this step (`ctx.moves`), each once, by mover id."""
    moves, ctx.moves = ctx.moves, []
    for mover, after in moves:
        move_anytime(ctx, mover, after)


def move_anytime(ctx: Ctx, actor_id: str, after: str) -> None:
    """An Infinity Point move ordered outside one's post (rulings: "may be ordered at any time", "from the next
    post"): applied once the post under way ends (or the step, if it stopped at a question), re-checked then
    (void and unspent if it no longer can be: no point left, out of the fight, already there)."""
    state = ctx.state
    if state.phase == "over" or actor_id not in state.fighters:
        return
    fighter = state.fighters[actor_id]
    reason = say("out_of_fight", name=fighter.name) if not fighter.able else insert_refusal(state, actor_id, after)
    if reason is not None:
        ctx.public("void", "ip_insert_void", name=fighter.name, reason=reason)
        return
    fighter.infinity_points -= 1
    move_after(state, actor_id, after)
    ctx.public("order", "ip_insert", name=fighter.name, order=state.names(state.order))


def new_turn(ctx: Ctx) -> None:
    """A new turn: every able actor gets 2 actions (unspent ones are lost), from the top of the post order."""
    state = ctx.state
    if state.turn >= state.settings.max_turns:
        end_combat(ctx, "undecided")
        return
    state.turn += 1
    state.quiet = []
    for fighter in state.fighters.values():
        fighter.halves = TURN_HALVES if fighter.able else 0
        fighter.minors, fighter.ip_action_used, fighter.observe = 0, False, 0
    state.phase, state.awaited = "post", next_after(state, None)
    ctx.public("turn", "new_turn", turn=state.turn, order=state.names(state.order), heat=state.heat)
    if state.awaited is None:
        end_combat(ctx, "undecided")


def move_after(state: CombatState, actor: str, after: str | None) -> None:
    """Move `actor` to just after `after` in post order (None: to the top)."""
    order = [i for i in state.order if i != actor]
    at = order.index(after) + 1 if after is not None else 0
    state.order = order[:at] + [actor] + order[at:]

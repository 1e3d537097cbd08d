"""The contract (`engine.ruleset.Ruleset`) for Infinity: Intervention: sequential pacing (one post or one
face-off answer per `resolve`), actors with controllers (PCs: players; NPCs: the game master), the face-off as
a pending question, the scripted policy. Its front is `front/` (`front_module`)."""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.ruleset import Actor, ModerationRefused, Question, Resolution, Ruleset, SignUp
from engine.rulesets.infinity_intervention import heat, moderation
from engine.rulesets.infinity_intervention import resolve as post
from engine.rulesets.infinity_intervention import turn_order as turns
from engine.rulesets.infinity_intervention.attack import Ctx, can_react
from engine.rulesets.infinity_intervention.autoplayer import scripted_answer, scripted_post
from engine.rulesets.infinity_intervention.catalog import Roster, Sheet
from engine.rulesets.infinity_intervention.orders import STANDARD, Answer, IIOrders
from engine.rulesets.infinity_intervention.play import PLAY
from engine.rulesets.infinity_intervention.settings import IISettings
from engine.rulesets.infinity_intervention.setup import players_pcs, start_combat
from engine.rulesets.infinity_intervention.state import CombatState
from engine.rulesets.infinity_intervention.texts import say
from engine.rulesets.infinity_intervention.validate import only_insert, post_ready, refusal
from engine.rulesets.infinity_intervention.view import view


class InfinityIntervention(Ruleset[CombatState, IIOrders, IISettings]):
    name = "infinity_intervention"
    version = "0"
    title = "Infinity: Intervention"
    min_players = 1
    pacing = "sequential"
    step_hours = 24
    step_hours_setting = "post_hours"
    state_model = CombatState
    orders_model = IIOrders
    settings_model = IISettings
    front_module = "engine.rulesets.infinity_intervention.front.game"
    play = PLAY

    def new_game(self, roster: list[SignUp], settings: IISettings, rng: RecordingRng) -> Resolution[CombatState]:
        """The settings' roster (the demo fight unless a moderator loaded one); a sign-up with its own sheet
        (`requests["sheet"]`) plays it as a PC added to the fight, any other plays the roster's PC it asks for
        (`requests["pc"]`) or the next free one."""
        return self.start(settings.roster, roster, settings, rng)

    def start(
        self, cast: Roster, signups: list[SignUp], settings: IISettings, rng: RecordingRng
    ) -> Resolution[CombatState]:
        own = {s.seat: Sheet.model_validate(s.requests["sheet"]) for s in signups if s.requests.get("sheet")}
        cast, controllers = players_pcs(cast, own)
        pcs = [s.id for s in cast.sheets if s.side == "pc" and s.id in cast.fight and s.id not in controllers]
        for signup in sorted((s for s in signups if s.seat not in own), key=lambda s: s.seat):
            wish = signup.requests.get("pc")
            free = [p for p in pcs if p not in controllers]
            pick = wish if wish in free else (free[0] if free else None)
            if pick is None:  # every roster PC is taken: this player would sit in the game with no character
                raise ValueError(say("no_pc_left", name=signup.name, pcs=len(pcs)))
            controllers[pick] = signup.seat
        state, events = start_combat(cast, controllers, settings, rng)
        return Resolution(state=state, events=events, rolls=list(rng.rolls))

    def actors(self, state: CombatState) -> list[Actor]:
        return [Actor(i, state.fighters[i].name, state.fighters[i].controller) for i in state.order]

    def awaiting(self, state: CombatState) -> list[str]:
        return [] if state.phase == "over" or state.awaited is None else [state.awaited]

    def pending(self, state: CombatState) -> Question | None:
        if state.pending is None:
            return None
        p = state.pending
        attacker, target = state.fighters[p.attacker], state.fighters[p.target]
        item = attacker.item()
        choices = [(say("take"), "take")]
        costs = ""
        if can_react(state, p.target, p.attacker):
            choices.insert(0, (say("react"), "react"))
            costs = say("react_costs_point") if target.halves < STANDARD else ""  # no action left: it is bought
        asked = say(
            "question",
            attacker=attacker.name,
            item=item.label if item else "",
            strikes=item.strikes if item else 1,
            points=target.infinity_points,
        )
        return Question(
            actor=p.target,
            prompt=joined("", [asked, costs]) if costs else asked,
            choices=tuple(choices),
            default="take",
            command="react",
            hours=state.settings.reaction_hours,
        )

    def validate(self, state: CombatState, seat: str, orders: IIOrders) -> str | None:
        if _scripted(state, seat) and orders != IIOrders():
            return say("script_posts")
        return refusal(state, seat, orders)

    def default_orders(self, state: CombatState, seat: str) -> IIOrders:
        """No answer: take, no points. No post: forfeit the rest of the turn's actions. Anyone else: nothing."""
        if state.pending is not None:
            return IIOrders(answer=Answer()) if seat == state.pending.target else IIOrders()
        return IIOrders(timed_out=True) if seat == state.awaited else IIOrders()

    def orders_anytime(self, state: CombatState, seat: str) -> bool:
        """A PC in the fight may order its Infinity Point move in the post order at any time (rulings "Infinity
        Points and Heat"); `validate` refuses anything else out of turn, with whose post it is."""
        fighter = state.fighters.get(seat)
        return state.phase != "over" and fighter is not None and fighter.side == "pc" and fighter.able

    def ready(self, state: CombatState, seat: str, orders: IIOrders) -> bool:
        """Rulings "Post order and turns" (a post spends 0 or more actions): the awaited actor's post is ready when
        sent as it stands, or when it leaves no whole or half action it could pay for; a face-off answer, a
        forfeit and anyone else's orders (an Infinity Point move at any time) are ready as they are."""
        if state.phase == "over" or state.pending is not None or orders.timed_out or orders.answer is not None:
            return True
        if seat != state.awaited or seat not in state.fighters:
            return True
        return post_ready(state, seat, orders)

    def npc_orders(self, state: CombatState, actor_id: str, rng: RecordingRng) -> IIOrders:
        """The scripted post or answer; with `npc_orders = gm` none: the deadline's default (a forfeit, or take)."""
        if state.settings.npc_orders == "gm":
            return self.default_orders(state, actor_id)
        if state.pending is not None:
            return IIOrders(answer=scripted_answer(state, actor_id, state.pending.attacker))
        return scripted_post(state, actor_id)

    def resolve(self, state: CombatState, orders: dict[str, IIOrders], rng: RecordingRng) -> Resolution[CombatState]:
        new = state.model_copy(deep=True)
        ctx = Ctx(new, rng)
        actor = new.awaited
        if new.phase != "over" and actor is not None:
            # Re-checked as it goes: each action is checked again when its turn comes and fails with an event.
            given = orders.get(actor) or self.default_orders(state, actor)
            if _scripted(new, actor):  # `npc_orders = script`: the script posts, whatever else was given
                given = scripted_post(state, actor)
            # Infinity Point moves ordered at any time (rulings: "from the next post"), by id: applied when the
            # post ends, before the next post is found in the new order; at the step's end if it stopped first.
            ctx.moves = [
                (mover, str(theirs.insert_after))
                for mover, theirs in sorted(orders.items())
                if mover != actor and only_insert(theirs)
            ]
            if new.pending is not None:
                post.answer(ctx, given.answer or Answer())
            else:
                post.start_post(ctx, actor, given)
            turns.apply_moves(ctx)
        new.day += 1
        return Resolution(state=new, events=_stamped(ctx.events, state), rolls=list(rng.rolls))

    def moderate(self, state: CombatState, action: str, params: dict[str, Any]) -> Resolution[CombatState]:
        new = state.model_copy(deep=True)
        ctx = Ctx(new, RecordingRng(0, record=False))
        try:
            moderation.moderate(ctx, action, params)
        except heat.Refused as refused:
            raise ModerationRefused(refused.reason) from None
        return Resolution(state=new, events=_stamped(ctx.events, state))

    def moderation_choices(self, state: CombatState, action: str, seat: str | None = None) -> list[tuple[str, str]]:
        return moderation.choices(state, action)

    def view(self, state: CombatState, seat: str) -> dict[str, Any]:
        return view(state, seat)

    def is_over(self, state: CombatState) -> bool:
        return state.phase == "over"

    def scripted_now(self, state: CombatState, actor: str) -> bool:
        """`npc_orders = script`: the game master's actor's post is the script's, at once."""
        return _scripted(state, actor)

    def actor_name(self, state: CombatState, seat: str) -> str | None:
        return next((f.name for f in state.fighters.values() if f.controller == seat), None)


def _scripted(state: CombatState, actor: str) -> bool:
    """Whether `actor`'s post is the script's alone: `npc_orders = script`, a game master's actor (an NPC, or a
    PC nobody plays), its post (a face-off answer follows `npc_reactions`)."""
    fighter = state.fighters.get(actor)
    return (
        state.settings.npc_orders == "script"
        and fighter is not None
        and fighter.controller is None
        and state.pending is None
    )


def _stamped(events: list[Event], state: CombatState) -> list[Event]:
    for event in events:
        event.day, event.phase = state.day, state.phase
    return events


RULESET = InfinityIntervention()

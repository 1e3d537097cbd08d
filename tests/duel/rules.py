"""The duel: a small game written only for the tests, proving that the shared layers (services, cogs, the
fake Discord end to end) know no game. It is also the worked example of docs/rulesets.md.

Two heroes (players) face the Bandit, an NPC run by the game master. They act one at a time
(`pacing = "sequential"`), in the order hero, hero, Bandit; each step lasts `step_hours` before its default
applies. On their turn an actor strikes (`/strike`) or guards (`/guard`: the next blow against them does 1
less). The Bandit's controller is None, so a moderator orders for it (`/strike target:... as:bandit`); when
nobody does by the deadline, `npc_orders` strikes the hero with the most health (or guards when hurt).

When the Bandit strikes, the resolution stops on a question to the hero struck (`pending`): dodge (half the
time no harm) or parry (half the harm). The next step awaits only that hero; their `/react` answer, or the
default (parry) when the question's hour passes, finishes the blow. Every resolution advances `day`, so the
bot keeps one record, one seed and one deadline per step.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.events import PUBLIC, Event, make_event
from engine.play import Play
from engine.rng import RecordingRng
from engine.ruleset import Actor, Question, Resolution, Ruleset, SignUp
from tests.duel.texts import text

BANDIT = "bandit"
HERO_HP, BANDIT_HP = 6, 8


class DuelSettings(BaseModel):
    hero_chat: bool = False  # the private groups (tests of `Ruleset.groups`): the standing heroes, the fallen


class Blow(BaseModel):
    """The Bandit's blow waiting for its target's answer."""

    target: str
    damage: int


class DuelState(BaseModel):
    schema_version: int = 1
    day: int = 0  # the step: every resolution is one
    phase: Literal["turn", "question", "over"] = "turn"
    order: list[str] = Field(default_factory=list)  # who acts, in turn
    turn: int = 0  # index in `order` of the actor whose turn it is
    names: dict[str, str] = Field(default_factory=dict)
    hp: dict[str, int] = Field(default_factory=dict)
    guarding: list[str] = Field(default_factory=list)
    blow: Blow | None = None
    winners: list[str] = Field(default_factory=list)
    hero_chat: bool = False  # the setting, copied at the start


class DuelOrders(BaseModel):
    action: Literal["strike", "guard"] | None = None
    target: str | None = None  # the Bandit's target (heroes always strike the Bandit)
    answer: Literal["dodge", "parry"] | None = None


def autoplayer(state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
    """A computer hero strikes, and parries every blow."""
    return {"answer": "parry"} if state.blow else {"action": "strike"}


def computer_signups(players: int, rng: RecordingRng) -> list[Any]:
    return [SignUp(seat=f"s{n:03d}", name=f"Hero {n}") for n in range(1, players + 1)]


def outcome(state: Any) -> dict[str, list[str]]:
    return {"winners": list(state.winners), "survivors": [a for a, hp in sorted(state.hp.items()) if hp > 0]}


class Duel(Ruleset[DuelState, DuelOrders, DuelSettings]):
    name = "duel"
    version = "1"
    title = "Duel"
    min_players = max_players = 2
    play = Play(outcome=outcome, autoplayer=autoplayer, signups=computer_signups)
    pacing = "sequential"
    step_hours = 6
    state_model = DuelState
    orders_model = DuelOrders
    settings_model = DuelSettings

    def new_game(self, roster: list[SignUp], settings: DuelSettings, rng: RecordingRng) -> Resolution[DuelState]:
        heroes = sorted(s.seat for s in roster)
        names = {s.seat: s.name for s in roster} | {BANDIT: text("bandit")}
        state = DuelState(order=heroes + [BANDIT], names=names, hp={h: HERO_HP for h in heroes} | {BANDIT: BANDIT_HP},
                          hero_chat=settings.hero_chat)
        return Resolution(state=state)

    def actors(self, state: DuelState) -> list[Actor]:
        return [Actor(a, state.names[a], None if a == BANDIT else a) for a in state.order]

    def awaiting(self, state: DuelState) -> list[str]:
        if state.phase == "over":
            return []
        return [state.blow.target] if state.blow else [state.order[state.turn]]

    def pending(self, state: DuelState) -> Question | None:
        if state.blow is None:
            return None
        return Question(actor=state.blow.target, command="react", default="parry", hours=1,
                        prompt=text("question", name=state.names[BANDIT], damage=state.blow.damage),
                        choices=((text("dodge"), "dodge"), (text("parry"), "parry")))

    def validate(self, state: DuelState, seat: str, orders: DuelOrders) -> str | None:
        if state.phase == "over":
            return text("over")
        if state.blow is not None:
            if seat != state.blow.target:
                return text("not_your_question")
            return None if orders.answer else text("answer_needed")
        acting = state.order[state.turn]
        if seat != acting:
            return text("not_your_turn", name=state.names[acting])
        if orders.action is None:
            return text("choose_action")
        if orders.action == "strike" and seat == BANDIT and orders.target is not None \
                and orders.target not in self._standing_heroes(state):
            return text("no_such_target", target=orders.target)
        if orders.action == "strike" and seat != BANDIT and orders.target not in (None, BANDIT):
            return text("heroes_strike_the_bandit")
        return None

    def default_orders(self, state: DuelState, seat: str) -> DuelOrders:
        return DuelOrders(answer="parry") if state.blow else DuelOrders(action="guard")

    def npc_orders(self, state: DuelState, actor_id: str, rng: RecordingRng) -> DuelOrders:
        """The Bandit's script: guard when down to 2 health, else strike the healthiest hero (first seat on ties)."""
        if state.hp[actor_id] <= 2:
            return DuelOrders(action="guard")
        return DuelOrders(action="strike", target=self._healthiest(state))

    def resolve(self, state: DuelState, orders: dict[str, DuelOrders], rng: RecordingRng) -> Resolution[DuelState]:
        new = state.model_copy(deep=True)
        events: list[Event] = []
        if new.blow is not None:
            asked = new.blow.target
            self._land(new, (orders.get(asked) or self.default_orders(state, asked)).answer or "parry", rng, events)
        else:
            actor = new.order[new.turn]
            given = orders.get(actor) or self.default_orders(state, actor)
            self._act(new, actor, given, rng, events)
        new.day += 1
        for event in events:
            event.day, event.phase = state.day, state.phase
        return Resolution(state=new, events=events, rolls=list(rng.rolls))

    def _act(self, state: DuelState, actor: str, given: DuelOrders, rng: RecordingRng, events: list[Event]) -> None:
        name = state.names[actor]
        if given.action != "strike":
            state.guarding = sorted(set(state.guarding) | {actor})
            events.append(make_event("guard", PUBLIC, text("guard", name=name)))
            self._next_turn(state, events)
            return
        damage = rng.randint(2, 4, "blow")
        if actor == BANDIT:  # the blow waits for its target's answer
            target = given.target if given.target in self._standing_heroes(state) else self._healthiest(state)
            state.blow, state.phase = Blow(target=target, damage=damage), "question"
            events.append(make_event("swing", PUBLIC, text("swing", name=name, target=state.names[target])))
            return
        damage = self._guarded(state, BANDIT, damage)
        state.hp[BANDIT] -= damage
        events.append(make_event("strike", PUBLIC, text("strike", name=name, target=state.names[BANDIT],
                                                        damage=damage, hp=max(state.hp[BANDIT], 0))))
        self._next_turn(state, events)

    def _land(self, state: DuelState, answer: str, rng: RecordingRng, events: list[Event]) -> None:
        blow = state.blow
        assert blow is not None
        state.blow, state.phase = None, "turn"
        name = state.names[blow.target]
        if answer == "dodge" and rng.percent(50, "dodge"):
            events.append(make_event("dodged", PUBLIC, text("dodged", target=name)))
        else:
            damage = self._guarded(state, blow.target, blow.damage // 2 if answer == "parry" else blow.damage)
            state.hp[blow.target] -= damage
            events.append(make_event("hit", PUBLIC, text("hit", target=name, damage=damage,
                                                         hp=max(state.hp[blow.target], 0))))
        self._next_turn(state, events)

    @staticmethod
    def _guarded(state: DuelState, target: str, damage: int) -> int:
        if target in state.guarding:
            state.guarding = [g for g in state.guarding if g != target]
            return max(damage - 1, 0)
        return damage

    def _healthiest(self, state: DuelState) -> str:
        return max(self._standing_heroes(state), key=lambda h: (state.hp[h], -state.order.index(h)))

    @staticmethod
    def _standing_heroes(state: DuelState) -> list[str]:
        return [a for a in state.order if a != BANDIT and state.hp[a] > 0]

    def _next_turn(self, state: DuelState, events: list[Event]) -> None:
        if state.hp[BANDIT] <= 0 or not self._standing_heroes(state):
            heroes_won = state.hp[BANDIT] <= 0
            state.phase = "over"
            state.winners = self._standing_heroes(state) if heroes_won else [BANDIT]
            events.append(make_event("over", PUBLIC, text("won_heroes" if heroes_won else "won_bandit")))
            return
        for step in range(1, len(state.order) + 1):
            index = (state.turn + step) % len(state.order)
            if state.hp[state.order[index]] > 0:
                state.turn = index
                return

    def groups(self, state: DuelState) -> dict[str, list[str]]:
        """With `hero_chat`: the standing heroes share a private group, and the fallen another from the first fall."""
        if not state.hero_chat:
            return {}
        fallen = sorted(a for a in state.order if a != BANDIT and state.hp[a] <= 0)
        return {"heroes": sorted(self._standing_heroes(state))} | ({"fallen": fallen} if fallen else {})

    def view(self, state: DuelState, seat: str) -> dict[str, Any]:
        """Everything in a duel is public; `you` is the actor whose view this is."""
        acting = self.awaiting(state)
        return {"you": seat, "day": state.day, "phase": state.phase, "names": dict(state.names),
                "hp": dict(state.hp), "acting": acting[0] if acting else None, "bandit": BANDIT,
                "heroes": self._standing_heroes(state), "winners": list(state.winners)}

    def is_over(self, state: DuelState) -> bool:
        return state.phase == "over"


RULESET = Duel()

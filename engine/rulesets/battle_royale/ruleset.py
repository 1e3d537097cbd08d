"""The Battle Royale ruleset object: the engine contract over the modules of this package."""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import Resolution, Ruleset, SignUp
from engine.rulesets.battle_royale import moderation
from engine.rulesets.battle_royale.orders import Day0Orders, NightOrders, OrdersEnvelope
from engine.rulesets.battle_royale.play import PLAY
from engine.rulesets.battle_royale.resolve import resolve_night
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale.setup import new_game, resolve_day0
from engine.rulesets.battle_royale.state import BRState
from engine.rulesets.battle_royale.validate import validate_orders
from engine.rulesets.battle_royale.view import student_view


class BattleRoyale(Ruleset[BRState, Any, BRSettings]):
    name = "battle_royale"
    version = "1"
    title = "Battle Royale"
    front_module = "engine.rulesets.battle_royale.front"
    play = PLAY
    state_model = BRState
    orders_model = OrdersEnvelope
    settings_model = BRSettings

    def new_game(self, roster: list[SignUp], settings: BRSettings, rng: RecordingRng) -> Resolution[BRState]:
        start = len(rng.rolls)
        state, events = new_game(roster, settings, rng)
        return Resolution(state=state, events=events, rolls=rng.rolls[start:])

    def awaiting(self, state: BRState) -> list[str]:
        return [] if state.phase == "over" else [s.id for s in state.active()]

    def validate(self, state: BRState, seat: str, orders: Day0Orders | NightOrders) -> str | None:
        return validate_orders(state, seat, orders)

    def default_orders(self, state: BRState, seat: str) -> Day0Orders | NightOrders:
        return Day0Orders() if state.phase == "day0" else NightOrders()

    def parse_state(self, data: dict[str, Any]) -> BRState:
        """The stored state, with who is where indexed (`BRState.cache_census`): a parsed state is only read
        (validation, views, computer players), and whatever changes a state forks it first, which drops the
        index. Without it, validating or choosing every student's orders would scan all students each time."""
        state = super().parse_state(data)
        state.cache_census(True)
        return state

    def parse_orders(self, data: dict[str, Any]) -> Day0Orders | NightOrders:
        return OrdersEnvelope.model_validate({"orders": data}).orders

    def resolve(self, state: BRState, orders: dict[str, Any], rng: RecordingRng) -> Resolution[BRState]:
        start = len(rng.rolls)
        if state.phase == "over":
            raise ValueError("the game is over")
        if state.phase == "day0":
            day0 = {k: v for k, v in orders.items() if isinstance(v, Day0Orders)}
            new_state, events = resolve_day0(state, day0, rng)
        else:
            night = {k: v for k, v in orders.items() if isinstance(v, NightOrders)}
            new_state, events = resolve_night(state, night, rng)
        return Resolution(state=new_state, events=events, rolls=rng.rolls[start:])

    def view(self, state: BRState, seat: str) -> dict[str, Any]:
        return student_view(state, seat)

    def is_over(self, state: BRState) -> bool:
        return state.phase == "over"

    def actor_name(self, state: BRState, seat: str) -> str | None:
        student = state.students.get(seat)
        return student.name if student is not None else None

    def moderate(self, state: BRState, action: str, params: dict[str, Any]) -> Resolution[BRState]:
        return moderation.moderate(state, action, params)

    def moderation_choices(self, state: BRState, action: str, seat: str | None = None) -> list[tuple[str, str]]:
        return moderation.choices(state, action, seat)


RULESET = BattleRoyale()

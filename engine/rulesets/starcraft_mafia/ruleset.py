"""The StarCraft Mafia ruleset object: the engine contract over the modules of this package.

Registered in engine/registry.py (`BUILT_IN`); its front is `front/` (`front_module`).
"""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import Resolution, Ruleset, SignUp
from engine.rulesets.starcraft_mafia.autoplayer import orders_for
from engine.rulesets.starcraft_mafia.moderation import moderate
from engine.rulesets.starcraft_mafia.orders import DayOrders
from engine.rulesets.starcraft_mafia.play import PLAY
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.setup import new_game
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.validate import validate
from engine.rulesets.starcraft_mafia.view import player_view

INFESTED_GROUP = "infested"  # the key of the infested's private group (`groups`)


class StarCraftMafia(Ruleset[SCMState, DayOrders, SCMSettings]):
    name = "starcraft_mafia"
    version = "0"
    title = "StarCraft Mafia"
    min_players = 5
    max_players = 20
    step_hours = 24
    step_hours_setting = "day_hours"  # rulings: "One deadline every 24 hours (`day_hours = 24`)"
    seeds_revealed = "at_end"  # hidden teams: a day's seed would let players test guesses of who attacked
    front_module = "engine.rulesets.starcraft_mafia.front.game"
    play = PLAY
    state_model = SCMState
    orders_model = DayOrders
    settings_model = SCMSettings

    def new_game(self, roster: list[SignUp], settings: SCMSettings, rng: RecordingRng) -> Resolution[SCMState]:
        start = len(rng.rolls)
        state, events = new_game(roster, settings, rng)
        return Resolution(state=state, events=events, rolls=rng.rolls[start:])

    def awaiting(self, state: SCMState) -> list[str]:
        return [] if state.phase == "over" else [p.id for p in state.living()]

    def validate(self, state: SCMState, seat: str, orders: DayOrders) -> str | None:
        return validate(state, seat, orders)

    def default_orders(self, state: SCMState, seat: str) -> DayOrders:
        return DayOrders()

    def computer_orders(self, state: SCMState, seat: str, rng: RecordingRng) -> DayOrders:
        """The scripted player's orders for `seat` (autoplayer.py), from that seat's view only: what the
        game's front hands out as `Play.autoplayer` (`brbot simulate`, `brbot balance`)."""
        return orders_for(state, seat, rng)

    def resolve(self, state: SCMState, orders: dict[str, DayOrders], rng: RecordingRng) -> Resolution[SCMState]:
        start = len(rng.rolls)
        new_state, events = resolve_day(state, orders, rng)
        return Resolution(state=new_state, events=events, rolls=rng.rolls[start:])

    def view(self, state: SCMState, seat: str) -> dict[str, Any]:
        return player_view(state, seat)

    def is_over(self, state: SCMState) -> bool:
        return state.phase == "over"

    def moderate(self, state: SCMState, action: str, params: dict[str, Any]) -> Resolution[SCMState]:
        """`kill` (params: `seat`, optional `cause`): moderation.py."""
        return moderate(state, action, params)

    def groups(self, state: SCMState) -> dict[str, list[str]]:
        """Rulings, "Players, teams, classes": the living infested know each other and share a private thread,
        new infested added at once and the dead removed; none with `infested_thread` off."""
        if not state.settings.infested_thread:
            return {}
        return {INFESTED_GROUP: sorted(p.id for p in state.living() if p.infested)}

    def actor_name(self, state: SCMState, seat: str) -> str | None:
        p = state.players.get(seat)
        return p.name if p is not None else None

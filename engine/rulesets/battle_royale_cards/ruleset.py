"""The card game's ruleset object: the engine contract over the modules of this package.

Registered through the package (`engine.registry.BUILT_IN`). One actor at a time (`pacing = "sequential"`):
`awaiting` is the player choosing a starting square, then the player whose turn it is; every order is one
step, resolved at once; `same_turn` says when a step leaves the turn's deadline as it was.
"""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import Resolution, Ruleset, SignUp
from engine.rulesets.battle_royale_cards.orders import CardOrders, Timeout
from engine.rulesets.battle_royale_cards.play import PLAY
from engine.rulesets.battle_royale_cards.resolve import acting, resolve_step
from engine.rulesets.battle_royale_cards.settings import CardSettings
from engine.rulesets.battle_royale_cards.setup import new_game
from engine.rulesets.battle_royale_cards.state import CardState
from engine.rulesets.battle_royale_cards.validate import validate
from engine.rulesets.battle_royale_cards.view import player_view


class BattleRoyaleCards(Ruleset[CardState, CardOrders, CardSettings]):
    name = "battle_royale_cards"
    version = "0"
    title = "Battle Royale card game"
    min_players = 2
    max_players = 6
    pacing = "sequential"
    step_hours = 24  # rulings: `turn_hours = 24`
    step_hours_setting = "turn_hours"  # the house rule sets the game's step_hours (one deadline per turn)
    front_module = "engine.rulesets.battle_royale_cards.front.game"
    play = PLAY
    state_model = CardState
    orders_model = CardOrders
    settings_model = CardSettings

    def new_game(self, roster: list[SignUp], settings: CardSettings, rng: RecordingRng) -> Resolution[CardState]:
        start = len(rng.rolls)
        state, events = new_game(roster, settings, rng)
        return Resolution(state=state, events=events, rolls=rng.rolls[start:])

    def awaiting(self, state: CardState) -> list[str]:
        seat = acting(state)
        return [seat] if seat is not None else []

    def validate(self, state: CardState, seat: str, orders: CardOrders) -> str | None:
        return validate(state, seat, orders)

    def default_orders(self, state: CardState, seat: str) -> CardOrders:
        """The turn timer's default: the rest of the turn played as the rulings say (placement: the default
        square; a turn: preturn default, the endgame's forced steps, end of turn)."""
        return CardOrders(step=Timeout())

    def computer_orders(self, state: CardState, seat: str, rng: RecordingRng) -> CardOrders:
        """The scripted player's next step for `seat`, from that seat's view only (autoplayer.py)."""
        from engine.rulesets.battle_royale_cards.autoplayer import orders_for

        return orders_for(state, seat, rng)

    def resolve(self, state: CardState, orders: dict[str, CardOrders], rng: RecordingRng) -> Resolution[CardState]:
        start = len(rng.rolls)
        new_state, events = resolve_step(state, orders, rng)
        return Resolution(state=new_state, events=events, rolls=rng.rolls[start:])

    def same_turn(self, before: CardState, after: CardState) -> bool:
        """Rulings, `turn_hours`: the turn timer runs for the whole turn, across its steps. A step continues the
        turn when the same player is still acting in the same round (a player's next turn is in a later round)."""
        return (
            before.phase == after.phase == "turn"
            and before.turn is not None
            and after.turn is not None
            and before.turn.seat == after.turn.seat
            and before.round == after.round
        )

    def view(self, state: CardState, seat: str) -> dict[str, Any]:
        return player_view(state, seat)

    def is_over(self, state: CardState) -> bool:
        return state.phase == "over"

    def moderate(self, state: CardState, action: str, params: dict[str, Any]) -> Resolution[CardState]:
        """`remove`: the player leaves with his cards (moderation.py)."""
        from engine.rulesets.battle_royale_cards.moderation import moderate

        return moderate(state, action, params)

    def actor_name(self, state: CardState, seat: str) -> str | None:
        p = state.players.get(seat)
        return p.name if p is not None else None


RULESET = BattleRoyaleCards()

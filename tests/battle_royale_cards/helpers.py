"""Shared helpers for the card game's tests: rosters, a started game with a known layout, scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.orders import CardOrders
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from engine.rulesets.battle_royale_cards.setup import new_game
from engine.rulesets.battle_royale_cards.state import CardState, Turn

T = TypeVar("T")
IN_ORDER = list(range(1, 26))  # card id n lies on the n-th square in reading order


def roster(n: int) -> list[SignUp]:
    return [SignUp(seat=f"s{i}", name=f"P{i}") for i in range(n)]


def square_of(card_id: int) -> str:
    """Where a card lies in the IN_ORDER layout."""
    return grid.SQUARES[card_id - 1]


class Dice(RecordingRng):
    """A recording rng whose dice come from a script (then from the seed); `choice` takes `picks` in turn
    (an index into the options), else the first option."""

    def __init__(self, faces: Sequence[int] = (), picks: Sequence[int] = (), seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)
        self.picks = list(picks)

    def randint(self, low: int, high: int, purpose: str) -> int:
        if self.faces:
            value = self.faces.pop(0)
            self._log(purpose, f"{low}..{high}", value)
            return value
        return super().randint(low, high, purpose)

    def choice(self, options: Sequence[T], purpose: str) -> T:
        value = options[self.picks.pop(0) if self.picks else 0]
        self._log(purpose, f"one of {len(options)}", str(value))
        return value


def started(n: int = 2, seed: int = 1, **settings: Any) -> CardState:
    """A game past placement (the default squares), first turn begun, cards in reading order (id 1 on A4)."""
    values = {"layout": IN_ORDER, "placement": "spread"} | settings
    state, _ = new_game(roster(n), CardSettings(**values), RecordingRng(seed))
    return state


def ready(
    n: int = 2,
    at: dict[str, str] | None = None,
    active: dict[str, list[int]] | None = None,
    aside: dict[str, list[int]] | None = None,
    actions: int = 2,
    movements: int = 0,
    **settings: Any,
) -> CardState:
    """A started game where it is s0's turn, the preturn done: players on `at`, holding the cards given (taken
    off the grid), with `actions` and `movements` left. Turn order is s0, s1, ..."""
    state = started(n, **settings)
    state.order = sorted(state.players)
    for seat, square in (at or {}).items():
        state.players[seat].square = square
    for pile, given in (("active", active or {}), ("aside", aside or {})):
        for seat, cards in given.items():
            player = state.players[seat]
            for card_id in cards:
                getattr(player, pile).append(card_id)
                state.next_won += 1
                player.won[card_id] = state.next_won
                square = next(s for s, c in state.board.items() if c == card_id)
                state.board[square] = None
    state.turn = Turn(seat="s0", preturn_done=True, actions=actions, movements=movements)
    return state


def step(state: CardState, seat: str, rng: RecordingRng | None = None, **orders: Any) -> tuple[CardState, list]:
    """Validate and resolve one step; fails the test if the step is refused."""
    given = CardOrders.model_validate(orders)
    refusal = RULESET.validate(state, seat, given)
    assert refusal is None, refusal
    result = RULESET.resolve(state, {seat: given}, rng or RecordingRng(0))
    return result.state, result.events


def refusal(state: CardState, seat: str, **orders: Any) -> str | None:
    return RULESET.validate(state, seat, CardOrders.model_validate(orders))


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)

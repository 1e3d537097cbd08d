"""The state of a card game: the grid's cards, the players, whose turn it is and what is left of it.

Pydantic models that dump to JSON. `board` maps every square to the card lying on it (None once won);
`won` numbers each card a player holds by when it was won (a Curse displaces the earliest-won card).
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.rulesets.battle_royale_cards.settings import CardSettings

Phase = Literal["placement", "turn", "over"]


class Player(BaseModel):
    seat: str
    name: str
    square: str | None = None  # None until placed
    alive: bool = True
    active: list[int] = Field(default_factory=list)  # at most 3, public
    aside: list[int] = Field(default_factory=list)  # private to the owner
    won: dict[int, int] = Field(default_factory=dict)  # card id -> when it was won (a running number)
    go_die: list[str] = Field(default_factory=list)  # standing direction list for "go die"
    timeouts: int = 0  # timed-out turns in a row
    roll: list[int] = Field(default_factory=list)  # the turn-order roll-off, re-rolls included

    def cards(self) -> list[int]:
        return self.active + self.aside


class Turn(BaseModel):
    """What is left of the current player's turn."""

    seat: str
    preturn_done: bool = False
    actions: int = 0
    movements: int = 0
    grapple_used: bool = False
    reroll_used: bool = False
    cleared: bool = False  # one-card endgame: beat a player on the card this turn


class CardState(BaseModel):
    schema_version: int = 1
    day: int = 0  # every resolution (one step) advances it
    phase: Phase = "placement"
    settings: CardSettings = Field(default_factory=CardSettings)
    order: list[str] = Field(default_factory=list)  # turn order, repeated all game
    players: dict[str, Player] = Field(default_factory=dict)
    board: dict[str, int | None] = Field(default_factory=dict)  # square -> card id, None once won
    placing: int = 0  # index in `order` of the player choosing a starting square
    turn: Turn | None = None
    round: int = 0  # rounds of turns begun (1 during the first)
    next_won: int = 0
    end: str | None = None  # "a", "b" or "rounds" once over
    scores: dict[str, int] = Field(default_factory=dict)
    winners: list[str] = Field(default_factory=list)

    def player(self, seat: str) -> Player:
        return self.players[seat]

    def copied(self) -> CardState:
        """A deep copy that shares the deck, which is frozen (its cards too) and never changes in a game: the
        deck's 25 cards were four fifths of the cost of a copy, and every step makes several. Copied as the
        tree of models, lists and dicts it is (`_tree_copy`), not through `copy.deepcopy`'s memo and dispatch
        (half the time a copy takes; a few hundredths of a second in a whole game)."""
        return _tree_copy(self, self.settings.deck)

    def cards_left(self) -> list[tuple[str, int]]:
        """(square, card id) of every card still on the grid, in reading order."""
        return [(s, c) for s, c in self.board.items() if c is not None]

    def on_square(self, square: str, living: bool = True) -> list[str]:
        """Seats standing on `square` in turn order (only the living unless `living` is False)."""
        return [s for s in self.order if self.players[s].square == square and (self.players[s].alive or not living)]


_ATOMS = (str, int, float, bool, type(None))


def _tree_copy(value: Any, shared: object) -> Any:
    """A deep copy of a state's tree (its models, lists, dicts, and the atoms in them, which are immutable and
    kept), `shared` kept as it is; anything else is copied by `copy.deepcopy`. A model is copied as pydantic's
    own `__deepcopy__` copies it: its fields, its extra fields and the set of fields given. The state is a tree
    (no part of it sits in two places), so no memo is needed to keep two references to one part together."""
    kind = type(value)
    if kind in _ATOMS or value is shared:
        return value
    if kind is list:
        return [_tree_copy(v, shared) for v in value]
    if kind is dict:
        return {k: _tree_copy(v, shared) for k, v in value.items()}
    if isinstance(value, BaseModel) and not value.__pydantic_private__:
        model = value.__class__
        made = model.__new__(model)
        object.__setattr__(made, "__dict__", {k: _tree_copy(v, shared) for k, v in value.__dict__.items()})
        object.__setattr__(made, "__pydantic_extra__", _tree_copy(value.__pydantic_extra__, shared))
        object.__setattr__(made, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        object.__setattr__(made, "__pydantic_private__", None)
        return made
    return copy.deepcopy(value)

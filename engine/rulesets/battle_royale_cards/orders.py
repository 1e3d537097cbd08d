"""A step of a turn, as one order (rulings, "A turn"): each resolves at once.

Any order may carry the preturn choices (`equip`: set-aside cards to fill empty active slots, in that order;
`swap_in`/`swap_out`: one set-aside card for one active non-Curse card), applied before the step when the
turn's preturn is not done yet, and `go_die`, the player's new standing direction list. `timeout` is the
default: the rest of the turn played as the rulings say (preturn default, the one-card endgame's forced
steps, end of turn).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Direction = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Place(_Step):
    kind: Literal["place"] = "place"
    square: str


class Preturn(_Step):
    """Only the preturn choices (equip, swap), costing nothing."""

    kind: Literal["preturn"] = "preturn"


class Move(_Step):
    kind: Literal["move"] = "move"
    direction: Direction | None = None
    to: str | None = None  # or the adjacent square itself


class AttackCard(_Step):
    kind: Literal["attack_card"] = "attack_card"


class AttackPlayer(_Step):
    kind: Literal["attack_player"] = "attack_player"
    target: str


class Resurrect(_Step):
    kind: Literal["resurrect"] = "resurrect"


class Ability(_Step):
    """A card's usable ability: the Grappling Hook's move to any square."""

    kind: Literal["ability"] = "ability"
    card: int
    to: str


class EndTurn(_Step):
    kind: Literal["end_turn"] = "end_turn"


class Timeout(_Step):
    kind: Literal["timeout"] = "timeout"


Step = Annotated[
    Place | Preturn | Move | AttackCard | AttackPlayer | Resurrect | Ability | EndTurn | Timeout,
    Field(discriminator="kind"),
]


class CardOrders(BaseModel):
    model_config = ConfigDict(extra="forbid")

    step: Step = Field(default_factory=EndTurn)
    equip: list[int] | None = None
    swap_in: int | None = None
    swap_out: int | None = None
    go_die: list[Direction] | None = None

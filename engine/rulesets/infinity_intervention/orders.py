"""The orders of one step: a post (the rulings' "Post Summary": a list of actions, each standard or minor, plus
Infinity Point spends) or the answer to a face-off question. Unknown fields are refused (pydantic)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.rulesets.infinity_intervention.catalog import Cover

STANDARD, MINOR = 2, 1  # costs in half actions: a standard action is 1, a minor ½
TURN_HALVES = 4  # two actions a turn
MAX_MINORS = 4


class _Order(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Answer(_Order):
    """A face-off answer (or a standing one): react or take, Infinity Points to spend on saves that fail (in
    order) and on a critical strike (1 softens, 2 negate)."""

    choice: Literal["react", "take"] = "take"
    ip_saves: int = Field(0, ge=0, le=10)
    ip_crit: int = Field(0, ge=0, le=2)


class Attack(_Order):
    """Attack one target with the readied item. `ip_saves`/`ip_crit`: points the attacker spends if the target
    reacts and wins (the attacker is not asked in the middle of its own post)."""

    kind: Literal["attack"] = "attack"
    target: str
    ip_saves: int = Field(0, ge=0, le=10)
    ip_crit: int = Field(0, ge=0, le=2)


class MoveCover(_Order):
    kind: Literal["cover"] = "cover"
    level: Cover


class Switch(_Order):
    kind: Literal["switch"] = "switch"
    item: str


class Observe(_Order):
    kind: Literal["observe"] = "observe"


class Reset(_Order):
    kind: Literal["reset"] = "reset"


class Negotiate(_Order):
    kind: Literal["negotiate"] = "negotiate"
    text: str = Field("", max_length=500)


class Freeform(_Order):
    kind: Literal["freeform"] = "freeform"
    text: str = Field(min_length=1, max_length=1000)


Action = Annotated[Attack | MoveCover | Switch | Observe | Reset | Negotiate | Freeform, Field(discriminator="kind")]
COST: dict[str, int] = {
    "attack": STANDARD,
    "reset": STANDARD,
    "negotiate": STANDARD,
    "freeform": STANDARD,
    "cover": MINOR,
    "switch": MINOR,
    "observe": MINOR,
}


class IIOrders(_Order):
    """One step's orders: a post (`actions`, `extra_action`, `insert_after`, `standing`, `clear_standing`, built
    one command at a time, and `sent` when the player says it is complete) or a face-off `answer`. `timed_out` is
    the deadline's default only (a player cannot send it)."""

    actions: list[Action] = Field(default_factory=list, max_length=12)
    extra_action: bool = False  # 1 Infinity Point: +1 action this turn (once a turn)
    insert_after: str | None = None  # 1 Infinity Point: move yourself to just after this actor in post order
    standing: Answer | None = None  # store a standing face-off answer
    clear_standing: bool = False
    answer: Answer | None = None
    timed_out: bool = False
    sent: bool = False  # the post is complete as it stands (`/send`): it need not wait for more (`Ruleset.ready`)

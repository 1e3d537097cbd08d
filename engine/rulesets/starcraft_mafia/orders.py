"""A player's orders for one day (rulings, "The day"): one main action plus at most one each of Give,
Pick up, Steal and one offensive ability; with the `day_vote` house rule, also a lynch vote (`vote`, a seat).

The shape itself enforces "at most one each": `DayOrders` has one slot per kind. No orders at all is
`DayOrders()`: Do Nothing, no extras. Players are named by their seat. Items one can see (one's own for
Give, a body's for Pick up) are named by uid; items one cannot see (another living player's, for Steal,
Sabotage and Repair, and the attack's weapon, which may arrive today) by kind, id or name: the living's
items are private, so an order must not let anyone test what someone else carries.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Order(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Attack(_Order):
    """Attack `target` (oneself: suicide). For the infested, `form: zerg` or `infest` makes it a secret Zerg
    attack; `infest` implies the Zerg form. `weapon` names an item for the human form (else the strongest)."""

    kind: Literal["attack"] = "attack"
    target: str
    weapon: str | None = None
    form: Literal["human", "zerg"] | None = None
    infest: bool = False

    @property
    def zerg(self) -> bool:
        return self.infest or self.form == "zerg"


class Sleep(_Order):
    kind: Literal["sleep"] = "sleep"


class Heal(_Order):
    kind: Literal["heal"] = "heal"
    target: str


class Repair(_Order):
    """+8 suit HP to `target`, or, with `item` (a kind), re-enable that sabotaged item of `target` (oneself too)."""

    kind: Literal["repair"] = "repair"
    target: str
    item: str | None = None


class Probe(_Order):
    kind: Literal["probe"] = "probe"
    target: str


class Nothing(_Order):
    kind: Literal["nothing"] = "nothing"


MainAction = Annotated[Attack | Sleep | Heal | Repair | Probe | Nothing, Field(discriminator="kind")]


class Give(_Order):
    item: str
    to: str


class Pickup(_Order):
    item: str


class Steal(_Order):
    target: str
    item: str  # a kind: what the target carries is private until the steal


class Stim(_Order):
    kind: Literal["stim"] = "stim"


class Cloak(_Order):
    kind: Literal["cloak"] = "cloak"


class Sabotage(_Order):
    """Disable `item` (a kind) of `target` for today and the next 2 days, or, without `item`, remove 12 suit HP."""

    kind: Literal["sabotage"] = "sabotage"
    target: str
    item: str | None = None


Offensive = Annotated[Stim | Cloak | Sabotage, Field(discriminator="kind")]


class DayOrders(_Order):
    main: MainAction = Field(default_factory=Nothing)
    give: Give | None = None
    pickup: Pickup | None = None
    steal: Steal | None = None
    offensive: Offensive | None = None
    vote: str | None = None  # the lynch vote (`day_vote`): a living player's seat; an extra, not an action

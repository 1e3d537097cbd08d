"""A player's orders for one day (rulings, "The day"): one main action plus at most one each of Give,
Pick up, Steal and one offensive ability.

The shape itself enforces "at most one each": `DayOrders` has one slot per kind. No orders at all is
`DayOrders()`: Do Nothing, no extras. Items are named by their uid; players by their seat.
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
    """+8 suit HP to `target`, or, with `item`, re-enable that sabotaged item of `target` (oneself included)."""

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
    item: str


class Stim(_Order):
    kind: Literal["stim"] = "stim"


class Cloak(_Order):
    kind: Literal["cloak"] = "cloak"


class Sabotage(_Order):
    """Disable `item` of `target` for today and the next 2 days, or, without `item`, remove 12 suit HP."""

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

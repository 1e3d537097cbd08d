"""Typed orders of Battle Royale: Day 0 choices, and a night's free actions, action, movement and votes.

A player's submission for a day is one `NightOrders` (or `Day0Orders` on Day 0); each slash command
replaces one part of it. `validate` checks the whole submission against the state.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """Orders refuse unknown fields, so a misspelt order is an error instead of silently doing nothing."""

    model_config = ConfigDict(extra="forbid")


class SignUpRequest(Strict):
    """What a player asked for at sign-up (handbook II): a role, a Lover (both must name each other), a Rival."""

    role: Literal["dedicated_student", "lovers", "lone_wolf"] = "dedicated_student"
    lover: str | None = None
    rival: str | None = None


class Day0Orders(Strict):
    kind: Literal["day0"] = "day0"
    start_zone: int | None = None
    abilities: list[str] = Field(default_factory=list)
    rival_reward: Literal["battle_proficiency", "evasion_proficiency"] | None = None


# --- Action phase (handbook III.C) -------------------------------------------------------------


class Attack(Strict):
    """Attack with one weapon (an item uid, or "unarmed"), spreading hit attempts over targets."""

    kind: Literal["attack"] = "attack"
    weapon: str = "unarmed"
    attempts: dict[str, int]


class AllOutAttack(Attack):
    kind: Literal["all_out"] = "all_out"  # type: ignore[assignment]


class SetTrap(Strict):
    """Land Mine on the path to `to_zone`; C-4 exploding on `day`; Poison Vial on `target`."""

    kind: Literal["set_trap"] = "set_trap"
    item: str
    to_zone: int | None = None
    day: int | None = None
    target: str | None = None


class UseItem(Strict):
    """Deactivator (on yourself or `target`), Megaphone, or Escape (no item: needs a deactivated collar)."""

    kind: Literal["use_item"] = "use_item"
    use: Literal["deactivator", "megaphone", "escape"]
    item: str | None = None
    target: str | None = None


class Defend(Strict):
    kind: Literal["defend"] = "defend"


class Cover(Strict):
    kind: Literal["cover"] = "cover"
    target: str


class Search(Strict):
    kind: Literal["search"] = "search"


class Analyze(Strict):
    kind: Literal["analyze"] = "analyze"
    target: str


class Heal(Strict):
    kind: Literal["heal"] = "heal"
    target: str
    first_aid_kit: bool = False


Action = Annotated[
    Attack | AllOutAttack | SetTrap | UseItem | Defend | Cover | Search | Analyze | Heal,
    Field(discriminator="kind"),
]

# --- Movement phase (handbook III.D) -----------------------------------------------------------


class Move(Strict):
    """Move one or two zones along `route`, or follow `follow` (a target of your action) instead."""

    kind: Literal["move"] = "move"
    route: list[int] = Field(default_factory=list)
    follow: str | None = None


class Run(Strict):
    """Run up to five zones; `drop` names the item dropped when the inventory is full."""

    kind: Literal["run"] = "run"
    route: list[int] = Field(default_factory=list)
    follow: str | None = None
    drop: str | None = None


class HoldGround(Strict):
    kind: Literal["hold"] = "hold"


Movement = Annotated[Move | Run | HoldGround, Field(discriminator="kind")]

# --- Free actions and votes --------------------------------------------------------------------


class Trade(Strict):
    """Give `give` to `partner` in return for `receive`; happens only if the partner submits the mirror."""

    partner: str
    give: list[str] = Field(default_factory=list)
    receive: list[str] = Field(default_factory=list)

    def mirrors(self, other: Trade, me: str) -> bool:
        return (
            other.partner == me
            and sorted(other.give) == sorted(self.receive)
            and sorted(other.receive) == sorted(self.give)
        )


class FreeActions(Strict):
    pick_up: list[str] = Field(default_factory=list)
    drop: list[str] = Field(default_factory=list)
    store: list[str] = Field(default_factory=list)
    take_out: list[str] = Field(default_factory=list)
    wear: list[str] = Field(default_factory=list)
    remove: list[str] = Field(default_factory=list)
    trades: list[Trade] = Field(default_factory=list)
    track: str | None = None


class Votes(Strict):
    mark: str | None = None
    close: int | None = None
    reward: int | None = None


class NightOrders(Strict):
    kind: Literal["night"] = "night"
    free: FreeActions = Field(default_factory=FreeActions)
    action: Action | None = None
    movement: Movement | None = None
    votes: Votes = Field(default_factory=Votes)

    def action_or_default(self) -> BaseModel:
        return self.action or Defend()


Orders = Annotated[Day0Orders | NightOrders, Field(discriminator="kind")]


class OrdersEnvelope(Strict):
    orders: Orders

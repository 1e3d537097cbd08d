"""The combat state: every fighter (sheet, controller, health, actions, Infinity Points, cover), the post order,
the awaited actor, the turn, Heat, a face-off question waiting for its answer, and the negotiations and freeform
actions waiting for the moderators' ruling. Pydantic, dumps to JSON."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.keyed import joined
from engine.rulesets.infinity_intervention.catalog import Cover, Item, Sheet, items
from engine.rulesets.infinity_intervention.orders import TURN_HALVES, Action, Answer, Attack
from engine.rulesets.infinity_intervention.settings import IISettings


class Fighter(BaseModel):
    """One actor in the combat. `halves` counts actions left this turn in half actions (2 actions = 4)."""

    sheet: Sheet
    controller: str | None  # the player's seat, or None: the game master
    wounds: int
    consciousness: int
    firewalls: int
    infinity_points: int = 0
    readied: str | None = None
    cover: Cover = "none"
    immobilized: bool = False
    incapacitated: bool = False
    killed: bool = False
    halves: int = TURN_HALVES
    minors: int = 0
    ip_action_used: bool = False
    observe: int = 0  # TN bonus waiting for this actor's next attack this turn
    focus_on: list[str] = Field(default_factory=list)  # "skill:target" pairs that reached focus (+3 expertise)
    boosts: dict[str, int] = Field(default_factory=dict)  # Heat boosts: skill -> TN bonus for the combat
    idle: int = 0  # posts missed in a row
    standing: Answer | None = None

    @property
    def side(self) -> str:
        return self.sheet.side

    @property
    def name(self) -> str:
        return self.sheet.name

    @property
    def able(self) -> bool:
        """Not killed or incapacitated (the rulings' "able")."""
        return not (self.killed or self.incapacitated)

    def item(self) -> Item | None:
        return items()[self.readied] if self.readied else None

    def health(self, kind: str) -> int:
        return int(getattr(self, kind))


class Pending(BaseModel):
    """A post stopped at an attack whose target is asked: the attack, what remains of the post, and the post's
    insert (applied when the post ends)."""

    attacker: str
    target: str
    attack: Attack
    rest: list[Action] = Field(default_factory=list)
    insert_after: str | None = None
    spent: bool = True


class ToRule(BaseModel):
    """A negotiation or freeform action the moderators have not ruled on yet (`/mod rule`)."""

    actor: str
    kind: Literal["negotiate", "freeform"]
    turn: int


class CombatState(BaseModel):
    schema_version: int = 1
    day: int = 0  # one per resolution (a post or an answer)
    phase: Literal["post", "question", "over"] = "post"
    settings: IISettings = Field(default_factory=IISettings)
    fighters: dict[str, Fighter] = Field(default_factory=dict)
    order: list[str] = Field(default_factory=list)  # post order
    awaited: str | None = None
    turn: int = 1
    heat: int = 0
    quiet: list[str] = Field(default_factory=list)  # awaited in a row without spending anything
    pending: Pending | None = None
    reserve: list[Sheet] = Field(default_factory=list)  # roster NPCs Heat may bring in
    outcome: Literal["", "pc", "npc", "undecided", "ended"] = ""
    to_rule: list[ToRule] = Field(default_factory=list)  # negotiations and freeform actions awaiting a ruling

    def names(self, ids: list[str]) -> str:
        return joined(", ", [self.fighters[i].name for i in ids])

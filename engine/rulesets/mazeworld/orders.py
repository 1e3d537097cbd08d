"""A Mazeworld order: one action a turn (rulings, "The turn"): attack (weapon, mode, rounds, body part,
concentrate, accessory), cover with a `then:` action, reload (naming an ammunition type or an attached weapon),
swap, use an item, move to a side, escape, execute, plant an explosive, detonate, skip, freeform to the game
master, and after combat butcher. Omitted attack details take the rulings' defaults
("Attack rolls", Omitted)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Order(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Attack(_Order):
    """Attack `target`; weapon None: the wielded one (else the first natural attack, else Fists); mode None:
    the lowest; rounds None: 1; part None: unaimed (`unaimed_part`); `throw`: a melee weapon thrown, one a turn
    (text "Combat skill types", Notes: "Any melee weapon ... that is thrown ... Thrown weapons skill"); `item`
    with `throw`: an item thrown instead ("and, in fact, any item")."""

    do: Literal["attack"] = "attack"
    target: str
    weapon: str | None = None
    mode: str | None = None
    rounds: int | None = Field(None, ge=1, le=200)
    part: str | None = None
    concentrate: bool = False
    accessory: str | None = None  # an announced accessory; an attached weapon's name fires that weapon
    throw: bool = False  # throw the melee weapon instead of striking with it (the Thrown weapons skill)
    item: str | None = None  # with `throw`: the item thrown instead of a weapon (one with damage data)


class Execute(_Order):
    """Execution of a blacked-out or passed-out target: every hit lands on `part` (default head)."""

    do: Literal["execute"] = "execute"
    target: str
    weapon: str | None = None
    rounds: int | None = Field(None, ge=1, le=200)
    part: str | None = None


class Reload(_Order):
    """Reload `weapon` (default: in hand) with `ammo` (default: the loaded type), or the weapon attached as
    `accessory`."""

    do: Literal["reload"] = "reload"
    weapon: str | None = None
    ammo: str | None = None
    accessory: str | None = None


class Swap(_Order):
    do: Literal["swap"] = "swap"
    weapon: str


class Use(_Order):
    """Use an item; a Gun Cleaning Kit names the weapon it cleans (default: the wielded one)."""

    do: Literal["use"] = "use"
    item: str
    weapon: str | None = None


class Move(_Order):
    do: Literal["move"] = "move"
    side: int = Field(ge=1, le=4)


class Plant(_Order):
    """Plant an explosive on one's own side (non-combat); it goes off by `detonate` or by its fuse."""

    do: Literal["plant"] = "plant"
    weapon: str


class Detonate(_Order):
    """Set off every charge one has planted that waits for a detonator (a combat action, IS tier 1)."""

    do: Literal["detonate"] = "detonate"


class Escape(_Order):
    do: Literal["escape"] = "escape"


class Skip(_Order):
    do: Literal["skip"] = "skip"


class Freeform(_Order):
    """Told to the moderators; resolves as a skip (the game master applies its effects)."""

    do: Literal["freeform"] = "freeform"
    text: str = Field(min_length=1, max_length=1000)


class Butcher(_Order):
    do: Literal["butcher"] = "butcher"
    target: str


Then = Annotated[
    Attack | Execute | Reload | Swap | Use | Move | Escape | Skip | Freeform | Plant | Detonate,
    Field(discriminator="do"),
]


class Cover(_Order):
    """Take cover; on success `then` resolves at step 2 (never another cover)."""

    do: Literal["cover"] = "cover"
    then: Then = Field(default_factory=Skip)


Action = Annotated[
    Attack | Execute | Reload | Swap | Use | Move | Escape | Skip | Freeform | Butcher | Cover | Plant | Detonate,
    Field(discriminator="do"),
]
NON_COMBAT = ("reload", "swap", "use", "move", "escape", "skip", "freeform", "butcher", "cover", "plant")


class MazeOrders(BaseModel):
    """One actor's order for the turn."""

    model_config = ConfigDict(extra="forbid")

    action: Action = Field(default_factory=Skip)

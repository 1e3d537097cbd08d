"""Events a resolution produces, each carrying its audience.

The bot never decides who may see what: it delivers each event to the audience the engine gave it.
`Public` goes to the game channel, `Players` to those players privately, `Moderators` to moderators.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field


class Public(BaseModel):
    kind: Literal["public"] = "public"


class Players(BaseModel):
    kind: Literal["players"] = "players"
    ids: list[str]


class Moderators(BaseModel):
    kind: Literal["moderators"] = "moderators"


Audience = Annotated[Union[Public, Players, Moderators], Field(discriminator="kind")]

PUBLIC = Public()
MODERATORS = Moderators()


def to_players(*ids: str) -> Players:
    return Players.model_construct(kind="players", ids=sorted(set(ids)))


def make_event(kind: str, audience: "Public | Players | Moderators", text: str, data: dict[str, Any] | None = None,
               day: int = 0, phase: str = "") -> "Event":
    """An event built by the engine itself, without re-validating what the engine already guarantees."""
    return Event.model_construct(kind=kind, audience=audience, text=text, data=data or {}, day=day, phase=phase)


class Event(BaseModel):
    """One thing that happened, with who may learn of it, a rendered text and structured data."""

    kind: str
    audience: Audience
    text: str
    data: dict[str, Any] = Field(default_factory=dict)
    day: int = 0
    phase: str = ""

    def visible_to(self, seat: str) -> bool:
        """True if this player may see the event (moderators are not players)."""
        if isinstance(self.audience, Public):
            return True
        if isinstance(self.audience, Players):
            return seat in self.audience.ids
        return False

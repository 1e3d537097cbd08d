"""Events a resolution produces, each carrying its audience.

The bot never decides who may see what: it delivers each event to the audience the engine gave it.
`Public` goes to the game channel, `Players` to those players privately, `Moderators` to moderators.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidatorFunctionWrapHandler, WrapValidator


class Public(BaseModel):
    kind: Literal["public"] = "public"


class Players(BaseModel):
    kind: Literal["players"] = "players"
    ids: list[str]


class Moderators(BaseModel):
    kind: Literal["moderators"] = "moderators"


Audience = Annotated[Public | Players | Moderators, Field(discriminator="kind")]

PUBLIC = Public()
MODERATORS = Moderators()


M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__


def _built(model: type[M], values: dict[str, Any]) -> M:
    """An instance of `model` from values the engine guarantees, every field given: what `model_construct`
    makes, without its per-call work (filling defaults, working out which fields were set). A 1,000-player
    night makes thousands of events, and this halves what each costs."""
    made = model.__new__(model)
    _set(made, "__dict__", values)
    _set(made, "__pydantic_fields_set__", set(values))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


def to_players(*ids: str) -> Players:
    return _built(Players, {"kind": "players", "ids": sorted(set(ids))})


def make_event(
    kind: str,
    audience: Public | Players | Moderators,
    text: str,
    data: dict[str, Any] | None = None,
    day: int = 0,
    phase: str = "",
) -> Event:
    """An event built by the engine itself, without re-validating what the engine already guarantees."""
    return _built(
        Event, {"kind": kind, "audience": audience, "text": text, "data": data or {}, "day": day, "phase": phase}
    )


def _kept(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """A text as given: a `engine.keyed.Keyed` stays one (pydantic would copy it into a plain `str`), so the bot
    can render it again for each reader."""
    return value if isinstance(value, str) else handler(value)


Text = Annotated[str, WrapValidator(_kept)]


class Event(BaseModel):
    """One thing that happened, with who may learn of it, a rendered text (a `Keyed`, which remembers its key
    and values, where the game's texts made it) and structured data."""

    kind: str
    audience: Audience
    text: Text
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

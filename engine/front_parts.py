"""Small declared parts a game's `Front` composes (ARCHITECTURE.md: one value per concern, not a dozen hooks):
`Words`, the game's own words in the texts every game shares, and `Community` with its `Counted` figures, what
the shared community features (profiles, the dead's thread) read of the game. `engine.front` re-exports them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Words:
    """A game's own words in the texts every game shares (sign-up, start, receipts, reminders, `/orders`,
    `/status`, moderators' replies, fair-play lines, `brbot simulate`): the bot fills them in, so no shared
    text says "Day" in a game played turn by turn, or "role" in a game without roles.

    `step`: one resolution as a title word before its number ("Day", "Turn", "Step"); `steps`: several, in
    running text ("8 turns"); `signup`: what a player is told to do next once signed up (None: the bot says
    it from what the game takes at sign-up: a role (`signup_options`), a character sheet (`sheet_file`), or
    nothing but waiting for the start)."""

    step: str = "Day"
    steps: str = "days"
    signup: str | None = None

    @property
    def one(self) -> str:
        """One resolution in running text, lower case: "each turn's orders", "the next day"."""
        return self.step.lower()

    def name(self, day: int | None) -> str:
        """Resolution `day` by name ("Turn 3"); before the first (-1, or None: not started) "the start"."""
        return f"{self.step} {day}" if day is not None and day >= 0 else "the start"


AUDIENCE = "@audience"  # a `Counted` key: credit the seats the event was told to (a kill told to its killer)


def _own_seat(view: dict[str, Any], actor: str) -> str | None:
    return actor


@dataclass(frozen=True)
class Counted:
    """One of a game's headline figures on a player's profile (`label`, as shown: "Kills"): every stored event
    of one of `kinds` counts one for each actor its data names under `key` (an id or a list of ids; `AUDIENCE`:
    the seats a private event was told to). `seat_of(view, actor)` maps an actor to the seat that plays it,
    from the game's final moderators' view (default: actors are seats)."""

    label: str
    kinds: tuple[str, ...]
    key: str
    seat_of: Callable[[dict[str, Any], str], str | None] = _own_seat


@dataclass(frozen=True)
class Community:
    """What a game tells the bot's shared community features (profiles, the dead's thread) of its own, beside
    `Front.outcome` (its winners and survivors, by seat, which profiles and the dead's thread read):
    - `counted`: its headline figures on a profile, from its stored events (`Counted`), credited with the
      game's final moderators' view (`Ruleset.gm_view`), which only the bot reads;
    - `hidden`: the game keeps information private to players, so moderators may let the dead read every
      player's private results (`dead_see private`)."""

    counted: tuple[Counted, ...] = ()
    hidden: bool = False

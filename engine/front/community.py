"""What the shared community features (profiles, the dead's thread) read of a game: `Community` with its `Counted`
headline figures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

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
    `Play.outcome` (its winners and survivors, by seat, which profiles and the dead's thread read):
    - `counted`: its headline figures on a profile, from its stored events (`Counted`), credited with the
      game's final moderators' view (`Ruleset.gm_view`), which only the bot reads;
    - `hidden`: the game keeps information private to players, so moderators may let the dead read every
      player's private results (`dead_see private`);
    - `sides`: the name of each side `Play.sides` gives a seat (a team, a role), as a setup's balance shows it
      ("human win 23% ± 4"; bot/screens/setup.py); a side not named here shows as its id."""

    counted: tuple[Counted, ...] = ()
    hidden: bool = False
    sides: Mapping[str, str] = field(default_factory=dict)

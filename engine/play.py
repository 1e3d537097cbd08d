"""`Play`: the part of a ruleset that reads the whole state to play or judge a game rather than to resolve it.

Computer players (`autoplayer`, `signups`: `brbot simulate`, the benchmarks, and a seat a moderator hands to
the computer), how long a game lasts at most (`length`: progress bars), its outcome (`outcome`: winners and
survivors by seat, which `brbot simulate`, profiles, the dead's thread and the web page read) and the studies
of `brbot balance`. None of it is what a player sees, so it is not the front's: a simulation plays a game with
no front at all. A ruleset declares it as its `play` (`Ruleset.play`); a game without computer players leaves
`autoplayer` and `signups` out.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.rng import RecordingRng

Studies = dict[str, dict[str, dict[str, Any]]]


def _nobody(state: Any) -> dict[str, list[str]]:
    return {"winners": [], "survivors": []}


def _unknown_length(state: Any) -> int | None:
    return None


def _scripted(settings: Any) -> bool:
    return True


def _no_studies(trials: int, seed: int, settings: dict[str, Any] | None) -> Studies:
    return {}


class NoComputerPlayers(Exception):
    """Asked a game that has no computer players (`Play.has_computer_players` is False) to play: `brbot simulate`
    and the benchmarks check that first and refuse in one line."""

    def __init__(self) -> None:
        super().__init__("this game has no computer players")


@dataclass(frozen=True)
class Play:
    """How a game is played by the computer and judged at its end.

    - `autoplayer(state, seat, rng)`: the orders (as JSON data) a computer player gives for `seat` now;
    - `signups(players, rng, settings)`: the sign-ups (`engine.ruleset.SignUp`: name and requests, whose pairing
      keys name other sign-ups' seats) of `players` computer players, asking only for what the game's (parsed)
      house rules put in play (None: the defaults), as a person's sign-up may (`engine.front.Signup.in_play`); a
      game whose sign-ups ask for nothing a setup chooses may take only `(players, rng)`;
    - `length(state)`: how many days (or steps) the game lasts at most; None if it cannot tell;
    - `outcome(state)`: `winners` and `survivors`, as seats (a game master's creature by its name);
    - `sides(state)`: each seat's side (a team, a role, a place in the turn order) whose win rate a setup's
      balance shows (`/setup show`): a side's rate is the share of its seats among the winners, over the games
      it had seats in; the front names each side (`Community.sides`). None (the default, for a game with
      nothing to tell its seats apart): every seat is on a side of its own, and the balance shows a seat's
      chance to win. Every built-in game declares its sides;
    - `scripted(settings)`: whether the computer players play every side of a game with these (parsed) house
      rules; False for a fight whose game master's side has no script (a GM-run fight), which a setup's
      balance prediction then says it cannot play (the default: True);
    - `studies(trials, seed, settings)`: `brbot balance`: study name -> row name -> figures, each row with at
      least `measured` and `expected` (the rulebook's figure); `trials` per row, randomness from `seed` alone;
      `settings` are house rules to study instead of the defaults (already checked against the game's
      settings model), for a study that plays games; a study they do not change ignores them."""

    outcome: Callable[[Any], dict[str, list[str]]] = _nobody
    length: Callable[[Any], int | None] = _unknown_length
    autoplayer: Callable[[Any, str, RecordingRng], dict[str, Any]] | None = None
    signups: Callable[..., list[Any]] | None = None  # (players, rng, settings), or (players, rng)
    studies: Callable[[int, int, dict[str, Any] | None], Studies] = _no_studies
    sides: Callable[[Any], dict[str, str]] | None = None
    scripted: Callable[[Any], bool] = _scripted

    @property
    def has_computer_players(self) -> bool:
        """Whether the game gives computer players (`autoplayer` and `signups`): `brbot simulate`."""
        return self.autoplayer is not None and self.signups is not None

    def computer_orders(self, state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
        """`autoplayer`'s orders for `seat`; `NoComputerPlayers` if the game has none."""
        if self.autoplayer is None:
            raise NoComputerPlayers()
        return self.autoplayer(state, seat, rng)

    def computer_signups(self, players: int, rng: RecordingRng, settings: Any = None) -> list[Any]:
        """`signups` of `players` computer players under the (parsed) house rules `settings` (None: the defaults);
        `NoComputerPlayers` if the game has none."""
        if self.signups is None:
            raise NoComputerPlayers()
        if len(inspect.signature(self.signups).parameters) < 3:  # `(players, rng)`: nothing a setup chooses
            return self.signups(players, rng)
        return self.signups(players, rng, settings)

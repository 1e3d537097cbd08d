"""How StarCraft Mafia is played by the computer and judged at its end (`engine.play.Play`): the computer players
(`autoplayer.py`, through the ruleset's `computer_orders`) and their sign-ups (`signups.py`), the game's length
in days, the winning team and the living, and the studies of `brbot balance` (`studies.py`)."""

from __future__ import annotations

from typing import Any

from engine.play import Play, Studies
from engine.rng import RecordingRng


def orders_for(state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
    from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia

    return StarCraftMafia().computer_orders(state, seat, rng).model_dump(mode="json")


def signups(players: int, rng: RecordingRng, settings: Any = None) -> list[Any]:
    from engine.rulesets.starcraft_mafia.signups import roster

    return roster(players, rng, settings)


def length(state: Any) -> int | None:
    return int(state.settings.max_days)


def outcome(state: Any) -> dict[str, list[str]]:
    """The winning team's seats (with its dead), and the living at the end."""
    return {"winners": list(state.winners), "survivors": [p.id for p in state.living()]}


def sides(state: Any) -> dict[str, str]:
    """Each seat's team: a setup's balance is the humans' and the infested's win rates."""
    return {seat: player.team for seat, player in state.players.items()}


def studies(trials: int, seed: int, settings: dict[str, Any] | None = None) -> Studies:
    from engine.rulesets.starcraft_mafia.studies import studies as played

    return played(trials, seed, settings)


PLAY = Play(outcome=outcome, length=length, autoplayer=orders_for, signups=signups, studies=studies, sides=sides)

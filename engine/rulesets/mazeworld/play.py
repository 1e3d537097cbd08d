"""How a Mazeworld fight is played by the computer and judged at its end (`engine.play.Play`): the demo's scripts
(`autoplayer.py`) for the contestant and the game master's creatures, the one contestant of the demo fight,
the turn limit, who stands at the end, and the studies of `brbot balance` (`studies.py`)."""

from __future__ import annotations

from typing import Any

from engine.play import Play, Studies
from engine.rng import RecordingRng
from engine.ruleset import SignUp


def orders_for(state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
    """A contestant plays the demo's script; an NPC (awaited under `gm_then_script`) its own script."""
    from engine.rulesets.mazeworld.autoplayer import contestant_orders, npc_orders

    creature = state.get(seat)
    script = npc_orders if creature is not None and creature.controller is None else contestant_orders
    return dict(script(state, seat).model_dump(mode="json"))


def signups(players: int, rng: RecordingRng, settings: Any = None) -> list[Any]:
    """The demo fight: one contestant, whatever the number of players asked (our ruling)."""
    return [SignUp(seat="s1", name="Contestant")]


def length(state: Any) -> int | None:
    return int(state.settings.max_turns)


def outcome(state: Any) -> dict[str, list[str]]:
    """The contestants standing at the end win (their players' seats); the survivors are everyone still
    present: players' seats, the game master's creatures by name ("Wolf A")."""
    standing = [c.controller for c in state.creatures if c.controller is not None and c.status == "active"]
    return {
        "winners": standing,
        "survivors": [c.controller or c.name for c in state.creatures if c.present],
    }


def sides(state: Any) -> dict[str, str]:
    """Each seat's team, as the roster gives its creature (`contestant`, `ally` or `hostile`): which side of
    the fight the seat plays (the game master's creatures have no seat)."""
    teams: dict[str, str] = {}
    for creature in state.creatures:
        if creature.controller is not None:
            teams.setdefault(creature.controller, str(creature.team))
    return dict(sorted(teams.items()))


def scripted(settings: Any) -> bool:
    """Under `npc_orders = gm_only` the game master alone orders the creatures: the script plays no side of it."""
    return bool(settings.npc_orders != "gm_only")


def studies(trials: int, seed: int, settings: dict[str, Any] | None = None) -> Studies:
    from engine.rulesets.mazeworld.studies import studies as measured

    return measured(trials, seed)


PLAY = Play(
    outcome=outcome,
    length=length,
    autoplayer=orders_for,
    signups=signups,
    studies=studies,
    sides=sides,
    scripted=scripted,
)

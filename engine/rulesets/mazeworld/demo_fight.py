"""The demo fight played to its end by scripts (rulings "Sheet and demo roster"): the scripted contestant
against 1d3 wolves, every turn resolved by the ruleset with one seeded rng. For tests and studies."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.ruleset import Resolution, SignUp
from engine.rulesets.mazeworld.autoplayer import contestant_orders
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.settings import MazeworldSettings
from engine.rulesets.mazeworld.state import MazeState

SEAT = "s1"


def play(seed: int | str, settings: MazeworldSettings | None = None) -> list[Resolution[MazeState]]:
    """Every resolution of the demo fight, the opening first, until the fight is over."""
    rng = RecordingRng(seed)
    opening = RULESET.new_game([SignUp(seat=SEAT, name="Contestant")], settings or MazeworldSettings(), rng)
    done = [opening]
    state = opening.state
    while not RULESET.is_over(state):
        orders = {cid: contestant_orders(state, cid) for cid in RULESET.awaiting(state) if cid == SEAT}
        done.append(RULESET.resolve(state, orders, rng))
        state = done[-1].state
    return done

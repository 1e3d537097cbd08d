"""Whole games by the scripted players, for balance studies (issue 11: "both teams win a fair share").

Pure like the rest of the engine: `play(players, seed, settings)` plays one game with `autoplayer.orders_for`
for every seat and returns the final state; `outcomes(counts, games, seed, settings)` tallies the ends
(`human`, `infested`, `draw`) per player count. `brbot balance --ruleset starcraft_mafia` (front/computer.py)
plays its games through `play` too, with the front's named sign-ups and a watcher that counts the orders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.starcraft_mafia.autoplayer import orders_for
from engine.rulesets.starcraft_mafia.orders import DayOrders
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.setup import new_game
from engine.rulesets.starcraft_mafia.state import SCMState


def roster(players: int) -> list[SignUp]:
    """`players` sign-ups with no class request (classes are then spread evenly by the rulings' draw)."""
    return [SignUp(seat=f"s{i:02d}", name=f"Soldier {i + 1}", requests={}) for i in range(players)]


def play(
    players: int,
    seed: int,
    settings: SCMSettings | None = None,
    signups: Callable[[int, RecordingRng], list[SignUp]] | None = None,
    watch: Callable[[dict[str, DayOrders]], None] | None = None,
) -> SCMState:
    """One game from sign-up to its end, every seat ordered by the scripted player. `signups(players, rng)`
    makes the roster (default: `roster`, no class requests); `watch` sees each day's orders."""
    rng = RecordingRng(seed, record=False)
    state, _ = new_game(signups(players, rng) if signups else roster(players), settings or SCMSettings(), rng)
    while state.phase != "over":
        orders = {p.id: orders_for(state, p.id, rng) for p in state.living()}
        if watch is not None:
            watch(orders)
        state, _ = resolve_day(state, orders, rng)
    return state


def outcomes(
    counts: Iterable[int], games: int, seed: int = 0, settings: SCMSettings | None = None
) -> dict[int, Counter[str]]:
    """Per player count, how many of `games` games ended `human`, `infested` or `draw` (seeds from `seed`)."""
    table: dict[int, Counter[str]] = {}
    for n in counts:
        ends: Counter[str] = Counter()
        for g in range(games):
            final = play(n, seed + 1000 * n + g, settings)
            ends[final.end_reason or "draw"] += 1
        table[n] = ends
    return table

"""Whole seeded StarCraft Mafia games for the leak tests (tests/starcraft_mafia/test_leaks*.py).

Played through the ruleset's contract (`new_game`, `computer_orders`, `validate`, `resolve`), as `brbot simulate`
plays them. The scripted players never give, steal or sabotage, so in every other game each living player's
orders also get, at random (a `random.Random` of the test's own, seeded), a Give of one of his items, a Steal
and a Sabotage of a random kind from a random other player; an extra that `validate` refuses is dropped. The
lynch vote (`day_vote`) is on in every third game, and in every fourth the moderators kill a random living player
before Day 2 is resolved (a `Day` with no orders).
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from functools import lru_cache

from engine.events import Event
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.orders import DayOrders, Give, Sabotage, Steal
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import SCMState
from tests.starcraft_mafia.helpers import roster

SCM = StarCraftMafia()
SIZES = (5, 6, 8, 11, 15, 20)
GAMES = 30  # five of each size


@dataclass(frozen=True)
class Day:
    """One resolution (or moderator kill: no orders): the state before it (None for the start), the orders, the
    state after, its events."""

    before: SCMState | None
    orders: dict[str, DayOrders]
    after: SCMState
    events: list[Event]


def _with_extras(state: SCMState, seat: str, orders: DayOrders, pick: random.Random) -> DayOrders:
    me = state.players[seat]
    others = sorted(p.id for p in state.living() if p.id != seat)
    kinds = catalog().item_kinds()
    tries: list[tuple[str, object]] = []
    if others and pick.random() < 0.3:
        tries.append(("steal", Steal(target=pick.choice(others), item=pick.choice(kinds))))
    if others and pick.random() < 0.3:
        tries.append(("offensive", Sabotage(target=pick.choice(others), item=pick.choice([None, *kinds]))))
    movable = [i.uid for i in me.items if not i.mounted]
    if others and movable and pick.random() < 0.2:
        tries.append(("give", Give(item=pick.choice(movable), to=pick.choice(others))))
    for slot, extra in tries:
        tried = orders.model_copy(update={slot: extra})
        if SCM.validate(state, seat, tried) is None:
            orders = tried
    return orders


def play(players: int, seed: int, extras: bool, mod_kill: bool = False, **settings: object) -> list[Day]:
    rng, pick = RecordingRng(seed), random.Random(seed)
    start = SCM.new_game(roster(players), SCMSettings(**settings), rng)  # type: ignore[arg-type]
    days = [Day(None, {}, start.state, start.events)]
    state = start.state
    while state.phase != "over":
        if mod_kill and state.day == 2 and not any(d.orders == {} and d.before for d in days):
            seat = pick.choice(sorted(p.id for p in state.living()))
            killed = SCM.moderate(state, "kill", {"seat": seat, "cause": "inactive"})
            days.append(Day(state, {}, killed.state, killed.events))
            state = killed.state
        orders = {p.id: SCM.computer_orders(state, p.id, rng) for p in state.living()}
        if extras:
            orders = {x: _with_extras(state, x, o, pick) for x, o in orders.items()}
        done = SCM.resolve(state, orders, rng)
        days.append(Day(state, orders, done.state, done.events))
        state = done.state
    return days


def revealed(state: SCMState, seat: str) -> bool:
    """An infested whose human form fell has transformed in public (rulings: transformations are public)."""
    p = state.players[seat]
    return p.revealed_day is not None or p.body_hp <= 0


def copied(state: SCMState) -> SCMState:
    """A deep copy of `state`, unpickled: about a third of the time of `model_copy(deep=True)`, which the leak
    tests make thousands of."""
    return pickle.loads(pickle.dumps(state))


def swapped(state: SCMState, infested: str, human: str) -> SCMState:
    """A copy of `state` with the teams (and what goes with them) of `infested` and `human` exchanged."""
    other = copied(state)
    a, b = other.players[infested], other.players[human]
    for field in ("team", "form", "infested_day", "zerg_hp"):
        va, vb = getattr(a, field), getattr(b, field)
        setattr(a, field, vb)
        setattr(b, field, va)
    return other


@lru_cache(maxsize=1)
def games() -> tuple[tuple[Day, ...], ...]:
    """The 30 games, played once per test session."""
    out = []
    for n in range(GAMES):
        size = SIZES[n % len(SIZES)]
        out.append(tuple(play(size, 9000 + n, extras=n % 2 == 1, mod_kill=n % 4 == 3, day_vote=n % 3 == 2)))
    return tuple(out)

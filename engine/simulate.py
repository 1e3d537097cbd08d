"""A whole simulated game in memory, computer players on every seat: `python -m engine.simulate`.

This is the engine on its own (no database, no Discord). Each day's public results are printed; with
`--verbose`, every private message too. The same seed prints the same game.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from engine import registry
from engine.events import Event
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale import autoplayer
from engine.rulesets.battle_royale.state import BRState

NAMES = ["Mrblarney", "Precisionk", "Funkywaltdogg", "Infidel", "Darian", "Egos", "JaysonFour", "Lucedes",
         "The Anonymous", "Void Slayer", "Ringo", "Frostmist", "Daius", "Snowdown", "Gumpy", "adventfalls",
         "Mundanesoul", "durax", "smeej", "jdarksun"]


def roster(players: int, rng: RecordingRng) -> list[SignUp]:
    """Sign-ups with a few role requests: one Lovers pair, some Lone Wolf requests, some Rivals."""
    ids = [f"p{i:03d}" for i in range(players)]
    out = []
    for index, pid in enumerate(ids):
        name = NAMES[index] if index < len(NAMES) else f"Student {index + 1}"
        requests: dict = {}
        if index in (0, 1) and players >= 4:
            requests = {"role": "lovers", "lover": ids[1 - index]}
        elif rng.percent(15, f"sim lone wolf request {pid}"):
            requests = {"role": "lone_wolf"}
        candidates = [i for i in ids[2:] if i != pid]
        if candidates and rng.percent(20, f"sim rival {pid}"):
            requests["rival"] = rng.choice(candidates, f"sim rival pick {pid}")
        out.append(SignUp(player_id=pid, name=name, requests=requests))
    return out


def play(players: int, seed: int, settings: dict | None = None) -> Iterator[tuple[BRState, list[Event]]]:
    """Yield (state, events) after the opening and after each resolution, until the game is over."""
    ruleset = registry.get("battle_royale")
    rng = RecordingRng(seed, record=False)
    opening = ruleset.new_game(roster(players, rng), ruleset.parse_settings(settings), rng)
    state = opening.state
    yield state, opening.events
    while not ruleset.is_over(state):
        orders = {sid: autoplayer.orders_for(state, sid, rng) for sid in ruleset.awaiting(state)}
        result = ruleset.resolve(state, orders, rng)
        state = result.state
        yield state, result.events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20, help="number of students (2 to 1000)")
    parser.add_argument("--seed", type=int, default=42, help="the seed: the same seed plays the same game")
    parser.add_argument("--verbose", action="store_true", help="print every private message too")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 1000:
        parser.error("--players must be between 2 and 1000")
    state = None
    for index, (state, events) in enumerate(play(args.players, args.seed)):
        title = "Sign-up" if index == 0 else ("Day 0" if index == 1 else f"Night {index - 1}")
        print(f"\n== {title} ==")
        for event in events:
            if event.audience.kind == "public":
                print(f"  {event.text}")
            elif args.verbose:
                who = ", ".join(state.students[i].name for i in getattr(event.audience, "ids", []))
                print(f"    [to {who or 'moderators'}] {event.text}".replace("\n", "\n      "))
    assert state is not None
    return 0


if __name__ == "__main__":
    sys.exit(main())

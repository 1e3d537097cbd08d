"""A whole simulated game in memory, computer players on every seat: `python -m engine.simulate`.

This is the engine on its own (no database, no Discord), for any installed game whose rules have computer
players (`Ruleset.play`: `engine.play.Play`). Each resolution's public results are printed; with
`--verbose`, every private message too. The same seed prints the same game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any

from engine import registry
from engine.events import Event
from engine.rng import RecordingRng


def play(
    players: int, seed: int, settings: dict | None = None, ruleset: str = "battle_royale"
) -> Iterator[tuple[Any, list[Event]]]:
    """Yield (state, events) after the opening and after each resolution, until the game is over."""
    rules = registry.get(ruleset)
    play = rules.play
    rng = RecordingRng(seed, record=False)
    parsed = rules.parse_settings(settings)
    opening = rules.new_game(play.computer_signups(players, rng, parsed), parsed, rng)
    state = opening.state
    yield state, opening.events
    while not rules.is_over(state):
        orders = {seat: rules.parse_orders(play.computer_orders(state, seat, rng)) for seat in rules.awaiting(state)}
        result = rules.resolve(state, orders, rng)
        state = result.state
        yield state, result.events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="battle_royale", choices=registry.names(), help="the game to play")
    parser.add_argument("--players", type=int, default=20, help="number of players (2 to 1000)")
    parser.add_argument("--seed", type=int, default=42, help="the seed: the same seed plays the same game")
    parser.add_argument("--verbose", action="store_true", help="print every private message too")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 1000:
        parser.error("--players must be between 2 and 1000")
    names = {
        s.seat: s.name
        for s in registry.get(args.ruleset).play.computer_signups(args.players, RecordingRng(args.seed, record=False))
    }
    for index, (_state, events) in enumerate(play(args.players, args.seed, ruleset=args.ruleset)):
        print(f"\n== {'Sign-up' if index == 0 else f'Resolution {index}'} ==")
        for event in events:
            if event.audience.kind == "public":
                print(f"  {event.text}")
            elif args.verbose:
                who = ", ".join(names.get(i, i) for i in getattr(event.audience, "ids", []))
                print(f"    [to {who or 'moderators'}] {event.text}".replace("\n", "\n      "))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long one resolution of a game takes: `python -m engine.bench [--ruleset NAME] [--json]`.

`night_benchmark(players, nights, seed, repeats, ruleset)` plays a game with the rules' computer players
(`Ruleset.play`) up to `nights` resolutions (the orders of every night are prepared beforehand, untimed, by the
autoplayer), then times
`resolve` alone on each prepared night, `repeats` times, each with a fresh rng of the same seed, and
returns the median in milliseconds.

This module is the one place in `engine/` that reads a clock (`time.perf_counter`): it is a measuring
tool, not part of any game, and nothing in the engine imports it. The purity test exempts exactly this
file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from engine import registry
from engine.rng import RecordingRng

SIZES = (20, 100, 1000)


def prepare(players: int, nights: int = 7, seed: int = 1, ruleset: str = "battle_royale") -> list[tuple[Any, dict]]:
    """(state before a resolution, everyone's orders) for up to `nights` resolutions after the first (the
    opening step: Battle Royale's Day 0) of one game with the game's default settings (a game that ends
    sooner gives fewer)."""
    rules = registry.get(ruleset)
    play = rules.play
    rng = RecordingRng(seed, record=False)
    settings = rules.parse_settings({})
    state = rules.new_game(play.computer_signups(players, rng, settings), settings, rng).state

    def everyone() -> dict:
        return {seat: rules.parse_orders(play.computer_orders(state, seat, rng)) for seat in rules.awaiting(state)}

    state = rules.resolve(state, everyone(), rng).state
    prepared: list[tuple[Any, dict]] = []
    while len(prepared) < nights and not rules.is_over(state):
        orders = everyone()
        prepared.append((state, orders))
        state = rules.resolve(state, orders, rng).state
    return prepared


def night_benchmark(
    players: int, nights: int = 7, seed: int = 1, repeats: int = 5, ruleset: str = "battle_royale"
) -> float:
    """Median milliseconds `resolve` takes for one resolution (a night) of a `players`-player game."""
    rules = registry.get(ruleset)
    if players < rules.min_players or nights < 1 or repeats < 1:  # a game of one where the game allows it
        raise ValueError(f"need at least {rules.min_players} player(s), 1 night and 1 repeat")
    prepared = prepare(players, nights, seed, ruleset)
    samples: list[float] = []
    for _ in range(repeats):
        for index, (state, orders) in enumerate(prepared):
            rng = RecordingRng(seed * 1_000 + index)
            start = time.perf_counter()
            rules.resolve(state, orders, rng)
            samples.append((time.perf_counter() - start) * 1_000)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--ruleset", default="battle_royale", choices=registry.names(), help="the game to time")
    parser.add_argument("--players", type=int, nargs="+", default=list(SIZES), help="game sizes to time")
    parser.add_argument("--nights", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    results = {
        str(n): round(night_benchmark(n, args.nights, args.seed, args.repeats, args.ruleset), 3) for n in args.players
    }
    if args.json:
        print(
            json.dumps(
                {"median_ms_per_night": results, "nights": args.nights, "seed": args.seed, "repeats": args.repeats}
            )
        )
    else:
        for players, ms in results.items():
            print(f"{players:>5} players: {ms:9.2f} ms per night (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

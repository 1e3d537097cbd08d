"""Balance figures of StarCraft Mafia (docs/rules/starcraft-mafia.md, "Balance"): a script, not a test.

    PYTHONPATH=. python -m tests.starcraft_mafia.balance_study --games 100 --from 5 --to 20 [--set day_vote=true]

plays `--games` games of scripted players per player count and prints, per count, the share of games won by
the uninfested, the infested and drawn, and the mean length. `--set name=value` (JSON value) changes a
setting of the rulings (repeatable). An exception in a game is printed with its player count and seed, and
the study goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback

from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.study import play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--from", dest="low", type=int, default=5)
    parser.add_argument("--to", dest="high", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--set", action="append", default=[], help="a setting, name=value (value in JSON)")
    args = parser.parse_args(argv)
    values = {}
    for pair in args.set:
        name, _, value = pair.partition("=")
        values[name] = json.loads(value)
    settings = SCMSettings(**values)
    errors = 0
    print(f"settings: {values or 'defaults'}; {args.games} games per count")
    print("players  uninfested  infested  draw  mean days")
    for n in range(args.low, args.high + 1):
        ends = {"human": 0, "infested": 0, "draw": 0}
        days = 0
        for g in range(args.games):
            seed = args.seed + 1000 * n + g
            try:
                final = play(n, seed, settings)
            except Exception:  # report and go on: the study counts errors too
                errors += 1
                print(f"ERROR at {n} players, seed {seed}:", file=sys.stderr)
                traceback.print_exc()
                continue
            ends[final.end_reason or "draw"] += 1
            days += final.day
        played = max(1, sum(ends.values()))
        share = {k: 100 * v / played for k, v in ends.items()}
        print(
            f"{n:7d}  {share['human']:9.0f}%  {share['infested']:7.0f}%  {share['draw']:3.0f}%  {days / played:9.1f}",
            flush=True,
        )
    print(f"errors: {errors}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

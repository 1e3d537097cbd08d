"""`brbot balance` studies of Mazeworld over `studies.py`: each attack band's rate measured through the real
attack code against its 2d6 odds (with the sampling error one trial count allows), and the demo fight played
whole: how often the contestant stands and how long it lasts."""

from __future__ import annotations

import math
from typing import Any

from engine.rulesets.mazeworld.settings import MazeworldSettings
from engine.rulesets.mazeworld.studies import ODDS, band_rates, demo_outcomes

Rows = dict[str, dict[str, Any]]


def band_study(trials: int, seed: int) -> Rows:
    """Rulings "Attack rolls": FT 6, IR 2 on 2d6; `sigma` is one standard error of the rate at `trials`."""
    rates = band_rates(trials, seed)
    rows: Rows = {}
    for band, odds in ODDS.items():
        p = float(odds)
        rows[band.replace("_", " ")] = {
            "measured": round(rates[band], 4),
            "expected": round(p, 4),
            "sigma": round(math.sqrt(p * (1 - p) / trials), 4),
        }
    rows["inaccurate rounds landed (1d2)"] = {"measured": round(rates["inaccurate_landed"], 4), "expected": 0.5}
    return rows


def demo_study(games: int, seed: int) -> Rows:
    """The demo played `games` times: the rulebook gives no figure for who wins, so the contestant's share
    standing is against an even fight (0.5) and the turns against the `max_turns` limit."""
    found = demo_outcomes(games, seed)
    return {
        "contestant stands (vs even)": {"measured": round(found["contestant_stands"], 3), "expected": 0.5},
        "turns (vs the limit)": {"measured": round(found["mean_turns"], 2), "expected": MazeworldSettings().max_turns},
    }


def studies(trials: int, seed: int) -> dict[str, Rows]:
    return {"attack bands": band_study(trials, seed), "demo fight": demo_study(max(1, min(100, trials // 1000)), seed)}

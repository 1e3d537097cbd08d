"""Studies of the engine for `brbot balance` and the tests: the attack bands' rates measured through the
real attack code against the 2d6 odds (rulings "Attack rolls", with the sampling error one trial count
allows), and the demo fight played whole: how often the contestant stands and how long it lasts."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

from engine.rng import RecordingRng
from engine.rulesets.mazeworld.attack import attack
from engine.rulesets.mazeworld.demo_fight import play
from engine.rulesets.mazeworld.encounter import Encounter
from engine.rulesets.mazeworld.orders import Attack
from engine.rulesets.mazeworld.roster import build_state, load_sheet
from engine.rulesets.mazeworld.settings import MazeworldSettings
from engine.rulesets.mazeworld.turn import Turn

ODDS = {  # FT 6, IR 2: 2 / 3-6 / 7-8 / 9-11 / 12 on 2d6
    "critical_failure": Fraction(1, 36),
    "miss": Fraction(14, 36),
    "inaccurate": Fraction(11, 36),
    "hit": Fraction(9, 36),
    "critical": Fraction(1, 36),
}


def band_rates(trials: int, seed: int | str) -> dict[str, float]:
    """Fire `trials` Beretta rounds (FT 6, IR 2, spotless, at an unkillable wolf's torso) through the real
    attack code: each band's rate, and `inaccurate_landed`, the share of inaccurate rounds the 1d2 lands."""
    sheet = load_sheet(
        {
            "name": "Tester",
            "weapons": [{"name": "Beretta M9", "loaded": 15, "cleanliness": 100}],
            "wielded": "Beretta M9",
        }
    )
    encounter = Encounter.model_validate({"groups": [{"species": "Wolf", "count": "1", "side": 1}]})
    state = build_state({"s1": sheet}, encounter, MazeworldSettings(), RecordingRng(0))
    rng = RecordingRng(seed, record=False)
    bands: Counter[str] = Counter()
    landed = 0
    fired = 0
    while fired < trials:
        turn = Turn(state.model_copy(deep=True), rng)
        me, wolf = turn.state.creature("s1"), turn.state.creature("wolf_a")
        wolf.pbt = wolf.pdt = 10**9
        for limb in wolf.parts.values():
            limb.hp = limb.max_hp = 10**9
        carried = me.weapon("Beretta M9")
        assert carried is not None
        for _ in range(200):
            carried.loaded, carried.cleanliness, carried.destroyed = 10, 100.0, False  # spotless: no failure
            me.wielded = "Beretta M9"
            attack(turn, me, Attack(target="wolf_a", rounds=min(10, trials - fired), part="body"))
            event = next(e for e in turn.events if e.kind == "attack")
            for band, word in zip(event.data["bands"], event.data["results"], strict=True):
                bands[band] += 1
                landed += band == "inaccurate" and word == "hit"
            fired += len(event.data["bands"])
            turn.events.clear()
            wolf.pain = 0
            if fired >= trials:
                break
    rates = {name: bands[name] / fired for name in ODDS}
    rates["inaccurate_landed"] = landed / max(1, bands["inaccurate"])
    return rates


def demo_outcomes(trials: int, seed: int) -> dict[str, float]:
    """The demo fight played `trials` times: how often the contestant stands at the end, the mean turns."""
    stands, turns = 0, 0
    for index in range(trials):
        done = play(f"{seed}-{index}")
        final = done[-1].state
        stands += final.creature("s1").status == "active"
        turns += final.day - 1
    return {"contestant_stands": stands / trials, "mean_turns": turns / trials}


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

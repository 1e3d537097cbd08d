"""`brbot balance` studies of Infinity: Intervention: one d20 against a range of TNs and Focus values through
the real `rolls.outcome`, each success and critical rate against its exact odds (with one standard error at the
trial count), and the demo fight played whole by the script on both sides: how often the PCs prevail, and
how many turns it lasts."""

from __future__ import annotations

import math
from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.infinity_intervention.rolls import exact_odds, outcome
from engine.rulesets.infinity_intervention.ruleset import RULESET
from engine.rulesets.infinity_intervention.settings import IISettings
from engine.rulesets.infinity_intervention.state import CombatState

Rows = dict[str, dict[str, Any]]
CASES = ((5, 0), (10, 0), (10, 2), (14, 1), (18, 3), (20, 0), (23, 2))  # (TN, Focus)
MAX_STEPS = 5000


def _row(measured: float, p: float, trials: int) -> dict[str, Any]:
    return {"measured": round(measured, 4), "expected": round(p, 4), "sigma": round(math.sqrt(p * (1 - p) / trials), 4)}


def roll_study(trials: int, seed: int) -> Rows:
    """The rulings' "Rolls": success at or under the TN, critical in the Focus range (above 20, wider)."""
    rng = RecordingRng(seed, record=False)
    rows: Rows = {}
    for tn, focus in CASES:
        found = {"success": 0, "critical": 0}
        for _ in range(trials):
            result = outcome(rng.randint(1, 20, f"balance d20 TN {tn} Focus {focus}"), tn, focus)
            found["success"] += result != "failure"
            found["critical"] += result == "critical"
        success, critical = exact_odds(tn, focus)
        rows[f"TN {tn} Focus {focus}: success"] = _row(found["success"] / trials, success, trials)
        rows[f"TN {tn} Focus {focus}: critical"] = _row(found["critical"] / trials, critical, trials)
    return rows


def play_demo(seed: int | str, settings: IISettings | None = None) -> CombatState:
    """The demo fight to its end, every post and answer by the script (two PCs, both NPCs)."""
    rng = RecordingRng(seed, record=False)
    signups = [SignUp(seat="s1", name="Player 1"), SignUp(seat="s2", name="Player 2")]
    state = RULESET.new_game(signups, settings or IISettings(), rng).state
    for _ in range(MAX_STEPS):
        if RULESET.is_over(state):
            break
        actor = RULESET.awaiting(state)[0]
        state = RULESET.resolve(state, {actor: RULESET.npc_orders(state, actor, rng)}, rng).state
    return state


def demo_study(games: int, seed: int) -> Rows:
    """The rulings give no figure for who wins: the PCs' share against an even fight, turns against the limit."""
    wins, turns = 0, 0
    for index in range(games):
        final = play_demo(f"{seed}-{index}")
        wins += final.outcome == "pc"
        turns += final.turn
    return {
        "PCs prevail (vs even)": {"measured": round(wins / games, 3), "expected": 0.5},
        "turns (vs the limit)": {"measured": round(turns / games, 2), "expected": IISettings().max_turns},
    }


def studies(trials: int, seed: int) -> dict[str, Rows]:
    return {"d20 rolls": roll_study(trials, seed), "demo fight": demo_study(max(1, min(50, trials // 1000)), seed)}

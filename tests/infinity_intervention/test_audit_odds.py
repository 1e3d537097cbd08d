"""The rule-by-rule audit's statistical tests: every random number of the rules, drawn through the engine with
a fixed seed, against its exact odds (within 4.5 standard deviations): the post-order roll-off (rulings "Post
order"), a save (rulings "Save"), a negotiation (rulings "Actions"), and a face-off's winner (rulings "Reactions
(face-offs)", counted from the rule's text by an enumeration of every face written here, not the engine's)."""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable

from engine.rng import RecordingRng
from engine.rulesets.infinity_intervention.attack import Ctx, _strike, resolve_attack
from engine.rulesets.infinity_intervention.catalog import Sheet, items
from engine.rulesets.infinity_intervention.faceoff import Strike
from engine.rulesets.infinity_intervention.orders import Answer, Attack, Negotiate
from engine.rulesets.infinity_intervention.resolve import _other
from engine.rulesets.infinity_intervention.setup import post_order
from engine.rulesets.infinity_intervention.state import CombatState
from tests.infinity_intervention.helpers import fight


def _copies(state: CombatState) -> Callable[[], CombatState]:
    """A fresh deep copy of `state` per call, for one trial each: unpickled, about a third of the time
    `model_copy(deep=True)` takes, which was most of these tests' time."""
    blob = pickle.dumps(state)
    return lambda: pickle.loads(blob)


def _close(seen: int, trials: int, p: float) -> bool:
    return abs(seen / trials - p) <= 4.5 * math.sqrt(p * (1 - p) / trials) + 1e-12


def test_post_order_roll_off_puts_each_tied_actor_first_a_third_of_the_time() -> None:
    """Rulings "Post order": ties after Awareness and side go to a d20 roll-off, highest first, re-rolling ties:
    three identical sheets each post first with chance 1/3 (6,000 starts, fixed seed)."""
    sheets = [Sheet(id=i, name=i.title(), side="pc") for i in ("ann", "bob", "cid")]
    rng = RecordingRng("roll-off", record=False)
    trials = 6000
    firsts = {s.id: 0 for s in sheets}
    lasts = {s.id: 0 for s in sheets}
    for _ in range(trials):
        order = post_order(sheets, rng)
        firsts[order[0]] += 1
        lasts[order[-1]] += 1
    assert all(_close(n, trials, 1 / 3) for n in (*firsts.values(), *lasts.values())), (firsts, lasts)


def test_save_rate_matches_the_exact_odds_of_strictly_beating_the_number() -> None:
    """Rulings "Save": d20 + Resistance + cover must be strictly greater: the Fusilier (+1 Resistance, +2 low
    cover) against 9 saves on 7-20, 14/20 (5,000 saves, fixed seed); against 3 always; against 23 never."""
    fresh = _copies(fight(["fusilier", "zhanshi"]))
    pistol = items()["pistol"]
    rng = RecordingRng("saves", record=False)
    for number, p in ((9, 14 / 20), (3, 1.0), (23, 0.0)):
        trials, failed = 5000 if 0 < p < 1 else 200, 0
        for _ in range(trials):
            ctx = Ctx(fresh(), rng)
            _strike(ctx, "zhanshi", "fusilier", pistol, [Strike(number, False)], False, 0, 0)
            failed += ctx.state.fighters["fusilier"].wounds < 10
        assert _close(trials - failed, trials, p), (number, failed)


def test_negotiate_succeeds_at_the_exact_odds_of_personality_plus_persuade() -> None:
    """Rulings "Actions": Negotiate: d20 <= Personality + Persuade (the Fusilier: 8 + 0): 8/20 succeed, 1/20 of
    them at the TN itself a critical (4,000 negotiations, fixed seed); the result goes to the moderators."""
    fresh = _copies(fight(["fusilier", "zhanshi"]))
    rng = RecordingRng("negotiate", record=False)
    trials, successes, criticals = 4000, 0, 0
    for _ in range(trials):
        ctx = Ctx(fresh(), rng)
        _other(ctx, "fusilier", Negotiate(text="Stand down."))
        (told,) = [e for e in ctx.events if e.kind == "negotiate" and e.audience.kind == "moderators"]
        successes += told.text.endswith(("success. Text: Stand down.", "critical. Text: Stand down."))
        criticals += "critical" in told.text
    assert _close(successes, trials, 8 / 20) and _close(criticals, trials, 1 / 20), (successes, criticals)


def _face_off_odds(a_tn: int, a_dice: int, r_tn: int) -> dict[str | None, float]:
    """Every face of a face-off (no Focus, TNs under 20), judged by the rule's words: only successes count, a
    critical (the TN itself) beats any non-critical, criticals on both sides or equal best successes: nothing;
    else the higher best success wins."""
    counts: dict[str | None, int] = {"attacker": 0, "reactor": 0, None: 0}
    for code in range(20 ** (a_dice + 1)):
        faces = [code // 20**k % 20 + 1 for k in range(a_dice + 1)]
        mine, theirs = faces[:-1], faces[-1]
        a_hits = [d for d in mine if d <= a_tn]
        a_crit, r_crit = a_tn in a_hits, theirs == r_tn
        r_best = theirs if theirs <= r_tn else 0
        if a_crit and r_crit:
            winner = None
        elif a_crit or r_crit:
            winner = "attacker" if a_crit else "reactor"
        else:
            a_best = max(a_hits, default=0)
            winner = None if a_best == r_best else "attacker" if a_best > r_best else "reactor"
        counts[winner] += 1
    return {k: v / 20 ** (a_dice + 1) for k, v in counts.items()}


def test_face_off_winner_rates_match_the_rule_counted_over_every_face() -> None:
    """Rulings "Reactions (face-offs)": the attacker rolls one d20 per strike, the reactor one: Lena's
    CombiRifle (TN 13, two dice) against the Yan Huo (TN 16, one die), 4,000 face-offs through the engine (fixed
    seed): who wins, and how often nothing happens, at the rates the rule gives over all 8,000 faces."""
    base = fight(["lena", "yan_huo"])
    base.fighters["lena"].readied = "combirifle"
    fresh = _copies(base)
    expected = _face_off_odds(13, 2, 16)
    rng = RecordingRng("face-offs", record=False)
    trials = 4000
    seen: dict[str | None, int] = {"attacker": 0, "reactor": 0, None: 0}
    for _ in range(trials):
        ctx = Ctx(fresh(), rng)
        resolve_attack(ctx, "lena", Attack(target="yan_huo"), Answer(choice="react"))
        texts = [e.text for e in ctx.events]
        assert "Yan Huo reacts with the Heavy machine gun: a face-off." in texts
        won = "Lena wins the face-off." in texts, "Yan Huo wins the face-off." in texts
        seen["attacker" if won[0] else "reactor" if won[1] else None] += 1
    for winner, p in expected.items():
        assert _close(seen[winner], trials, p), (winner, seen, expected)

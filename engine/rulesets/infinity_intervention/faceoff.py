"""The rulings' face-off comparison: the attacker's dice (one per strike) against the reactor's one die.

Only successes count; a critical beats any non-critical; criticals on both sides, or equal best successes, and
nothing happens; else the higher best success wins. The winner's strikes: the attacker's successful dice above
the reactor's best success (all when the reactor failed), or the reactor's one die. Decided here: a side that
wins by a critical strikes with each of its critical dice even when one is below the other side's best success.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.rulesets.infinity_intervention.rolls import Outcome


@dataclass(frozen=True)
class Strike:
    value: int
    critical: bool


@dataclass(frozen=True)
class FaceOff:
    winner: Literal["attacker", "reactor"] | None
    strikes: tuple[Strike, ...]
    any_critical: bool


def compare(attacker: list[tuple[int, Outcome]], reactor: tuple[int, Outcome]) -> FaceOff:
    """Who wins a face-off and with which strikes, from each die and its outcome."""
    hits = [(d, o) for d, o in attacker if o != "failure"]
    any_critical = any(o == "critical" for _, o in attacker) or reactor[1] == "critical"
    a_crit = any(o == "critical" for _, o in hits)
    r_die, r_out = reactor
    r_best = r_die if r_out != "failure" else 0
    if a_crit and r_out == "critical":
        return FaceOff(None, (), any_critical)
    if r_out == "critical":
        return FaceOff("reactor", (Strike(r_die, True),), any_critical)
    if a_crit:
        strikes = [Strike(d, o == "critical") for d, o in hits if o == "critical" or d > r_best]
        return FaceOff("attacker", tuple(strikes), any_critical)
    a_best = max((d for d, _ in hits), default=0)
    if a_best == r_best:
        return FaceOff(None, (), any_critical)
    if a_best > r_best:
        return FaceOff("attacker", tuple(Strike(d, False) for d, _ in hits if d > r_best), any_critical)
    return FaceOff("reactor", (Strike(r_die, False),), any_critical)

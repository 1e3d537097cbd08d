"""The rulings' "Rolls": target numbers, critical ranges with Focus, one d20's outcome, save bonuses. Pure
functions; the d20s themselves are drawn by the callers from the rng, one labelled draw each."""

from __future__ import annotations

from typing import Literal

from engine.rulesets.infinity_intervention.catalog import SAVE_SKILL, SKILL_ATTRIBUTE
from engine.rulesets.infinity_intervention.settings import IISettings
from engine.rulesets.infinity_intervention.state import Fighter

Outcome = Literal["critical", "success", "failure"]
COVER_BONUS = {"none": 0, "low": 2, "high": 4}


def crit_range(tn: int, focus: int) -> tuple[int, int] | None:
    """From min(TN, 20) - Focus - max(0, TN - 20) up to min(TN, 20), floor 1; None when nothing succeeds."""
    top = min(tn, 20)
    if top < 1:
        return None
    return max(1, top - focus - max(0, tn - 20)), top


def outcome(die: int, tn: int, focus: int) -> Outcome:
    """A d20 against a TN: success at or below it ("below" includes equal), critical inside the range."""
    span = crit_range(tn, focus)
    if span is None or die > span[1]:
        return "failure"
    return "critical" if die >= span[0] else "success"


def expertise(fighter: Fighter, skill: str, target: str | None, settings: IISettings) -> int:
    """The skill's expertise, plus the focus bonus against a target this fighter reached focus on."""
    bonus = settings.focus_bonus if target is not None and f"{skill}:{target}" in fighter.focus_on else 0
    return fighter.sheet.skill(skill).expertise + bonus


def target_number(fighter: Fighter, skill: str, target: str | None, settings: IISettings, observe: bool) -> int:
    """TN = attribute + expertise (+ focus bonus against this target) + Heat boost (+ Observe when attacking)."""
    tn = fighter.sheet.attribute(SKILL_ATTRIBUTE[skill]) + expertise(fighter, skill, target, settings)
    tn += fighter.boosts.get(skill, 0)
    return tn + (fighter.observe if observe else 0)


def focus(fighter: Fighter, skill: str) -> int:
    """The skill's Focus; Firewalls at 0 make the character's own Hacking focus count 0."""
    if skill == "hacking" and fighter.firewalls <= 0:
        return 0
    return fighter.sheet.skill(skill).focus


def save_bonus(fighter: Fighter, health: str, settings: IISettings) -> int:
    """What a save adds to its d20: the health type's expertise, armour (Wounds), cover (Wounds, or all)."""
    bonus = fighter.sheet.skill(SAVE_SKILL[health]).expertise
    if health == "wounds":
        bonus += fighter.sheet.armour
    if health == "wounds" or settings.cover_saves == "all":
        bonus += COVER_BONUS[fighter.cover]
    return bonus


def exact_odds(tn: int, focus_value: int) -> tuple[float, float]:
    """The exact chance of success and of a critical on one d20 (for the statistical tests and studies)."""
    span = crit_range(tn, focus_value)
    if span is None:
        return 0.0, 0.0
    return span[1] / 20, (span[1] - span[0] + 1) / 20

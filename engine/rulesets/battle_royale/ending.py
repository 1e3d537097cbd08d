"""Win conditions and the end of the game (handbook II, Rivals 2; rulings "Ending and winning").

A Dedicated Student wins alive or escaped when every student still alive on the island is of their
school and no surviving schoolmate still has their Rival on the island (Rivals 2: "the team cannot
win unless the rivalry is resolved"); a Lone Wolf wins as the only one alive (escapes do not count
against them); Lovers win if both are alive or escaped. Nobody with a living Rival on the island wins.
The game ends after the last day, when at most one student is left, or when every student left would
win as things stand.
"""

from __future__ import annotations

from engine.rulesets.battle_royale.state import BRState, Student
from engine.rulesets.battle_royale.texts import say


def _survived(student: Student) -> bool:
    return student.alive or student.escaped


def wins(state: BRState, student: Student) -> bool:
    if not _survived(student):
        return False
    if _rival_on_island(state, student):
        return False
    on_island = state.active()
    if student.role == "lone_wolf":
        return student.active and [s.id for s in on_island] == [student.id]
    if student.role == "lovers":
        partner = state.students.get(student.lover or "")
        return partner is not None and _survived(partner)
    if not all(s.school == student.school for s in on_island):
        return False
    # Rivals 2: "If your Rival ends up on the same team as you, then the team cannot win unless the
    # rivalry is resolved somehow" -- a schoolmate's unresolved rivalry holds back the whole school.
    team = [s for s in state.students.values() if s.school == student.school and _survived(s)]
    return not any(_rival_on_island(state, s) for s in team)


def _rival_on_island(state: BRState, student: Student) -> bool:
    rival = state.students.get(student.rival or "")
    return rival is not None and rival.active


def winners(state: BRState) -> list[str]:
    return sorted(s.id for s in state.students.values() if wins(state, s))


def end_reason(state: BRState) -> str | None:
    """Why the game ends now, or None. Called after a night is resolved (state.day is that night)."""
    on_island = state.active()
    if state.day >= state.settings.days:
        return say("end_last_day", day=state.settings.days)
    if len(on_island) <= 1:
        return say("end_one_left")
    if all(wins(state, s) for s in on_island):
        return say("end_all_win")
    return None

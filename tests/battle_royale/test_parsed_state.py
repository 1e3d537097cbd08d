"""A parsed state indexes who is where (`BattleRoyale.parse_state`), for validation and computer players; the
index answers exactly as a scan of the students does, and a fork (what every change starts from) drops it,
so a change is never read from a stale index."""
from __future__ import annotations

from engine.bench import prepare
from engine.rulesets.battle_royale.ruleset import RULESET
from engine.rulesets.battle_royale.state import BRState


def _scan(state: BRState, zone: int) -> list[str]:
    return [s.id for s in state.students.values() if s.alive and not s.escaped and s.zone == zone]


def test_a_parsed_state_answers_as_a_scan_and_a_fork_sees_its_own_changes():
    original = prepare(12, nights=1, seed=3)[0][0]  # a night of a 12-player game, everyone placed
    parsed = RULESET.parse_state(original.model_dump(mode="json"))
    zones = sorted({s.zone for s in parsed.students.values()})
    for zone in zones:
        assert [s.id for s in parsed.in_zone(zone)] == _scan(original, zone)
    assert [s.id for s in parsed.active()] == [s.id for s in original.students.values() if s.active]
    first = next(iter(parsed.students))
    school = parsed.students[first].school
    assert [s.id for s in parsed.active_outside_school(school)] == [
        s.id for s in original.students.values() if s.active and s.school != school]

    fork = parsed.fork()
    mover = fork.students[first]
    old_zone, new_zone = mover.zone, next(z for z in zones if z != mover.zone)
    mover.zone = new_zone
    assert first in [s.id for s in fork.in_zone(new_zone)]
    assert first not in [s.id for s in fork.in_zone(old_zone)]
    assert first in [s.id for s in parsed.in_zone(old_zone)]  # the parsed state itself did not change

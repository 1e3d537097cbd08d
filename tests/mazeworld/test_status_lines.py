"""A contestant's turn DM has one status line, the turn's end state (issue 23: a hit's Pain line and the end of
turn's both went out, two Pain lines for the same turn)."""

from __future__ import annotations

from collections import Counter

from engine.rulesets.mazeworld.demo_fight import play


def test_each_turn_tells_each_contestant_one_status_line_with_its_end_state():
    hurt = 0
    for seed in range(6):
        for resolution in play(seed)[1:]:
            status = [e for e in resolution.events if e.kind == "status"]
            per_creature = Counter(e.data["id"] for e in status)
            assert all(n == 1 for n in per_creature.values()), per_creature
            for event in status:  # the line is the end state: the Pain the state holds after the turn
                creature = resolution.state.creature(event.data["id"])
                assert event.data["pain"] == creature.pain
                hurt += creature.pain > 0
    assert hurt, "no contestant was hurt in these fights: the test would prove nothing"

"""Issue 11's leak tests for what a player reads outside the reports: his view (the /status card) and his
autocomplete lists, over the states of 30 seeded whole games (tests/starcraft_mafia/leak_games.py).

Rulings, "Public and private": who is infested, fatigue and the living's items stay private. So a human's view
and every list he is offered are the same whoever the infested are (swapping an unrevealed infested with
another human changes nothing he reads), and no list offers another living player's items.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from engine.rulesets.starcraft_mafia.front.game import FRONT
from engine.rulesets.starcraft_mafia.state import SCMState
from tests.starcraft_mafia.leak_games import SCM, games, revealed, swapped

SOURCES = sorted(FRONT.orders.choosers)


def states() -> Iterator[tuple[SCMState, dict[str, dict[str, Any]]]]:
    """Every second day's state before its resolution, with each player's orders of that day (as JSON)."""
    for game in games():
        for day in game[1::2]:
            assert day.before is not None
            yield day.before, {x: o.model_dump(mode="json") for x, o in day.orders.items()}


def offered(state: SCMState, seat: str, current: dict[str, Any] | None) -> dict[tuple[str, str], list]:
    """Every list `seat` is offered: each source, with each living player as the option `target` so far."""
    view = SCM.view(state, seat)
    targets = ["", *(p.id for p in state.living())]
    return {(s, t): FRONT.orders.choices(s, view, "", {"target": t}, current) for s in SOURCES for t in targets}


def test_public_and_private_a_humans_view_and_lists_are_the_same_whoever_is_infested():
    """Rulings, "Players, teams, classes" and "Public and private": with one unrevealed infested and one other
    human swapped, every living human's view and every autocomplete list (with the day's orders as his current
    orders) stay the same."""
    compared = 0
    for g, (state, orders) in enumerate(states()):
        if g % 3:
            continue
        living = [p for p in state.living()]
        hidden = [p.id for p in living if p.infested and not revealed(state, p.id)]
        humans = [p.id for p in living if not p.infested]
        if not hidden or len(humans) < 2:
            continue
        swap_with = humans[-1]
        other = swapped(state, hidden[0], swap_with)
        for seat in humans[:-1]:
            assert SCM.view(state, seat) == SCM.view(other, seat), seat
            assert offered(state, seat, orders.get(seat)) == offered(other, seat, orders.get(seat)), seat
            compared += 1
    assert compared > 100


def test_public_and_private_no_list_offers_another_living_players_items():
    """Rulings: "the living's items stay private". No list offers the uid of another living player's item; one's
    own items (Give) are one's own; the items on bodies (Pick up) are the dead's; the kinds offered for Steal and
    Sabotage are the same whoever the target."""
    checked = 0
    for n, (state, orders) in enumerate(states()):
        if n % 3:
            continue
        dead = {i.uid for p in state.dead() for i in p.items}
        for p in state.living():
            mine = {i.uid for i in p.items}
            theirs = {i.uid for q in state.living() if q.id != p.id for i in q.items}
            lists = offered(state, p.id, orders.get(p.id))
            for (source, target), pairs in lists.items():
                values = {v for _, v in pairs}
                assert not values & theirs, (source, target, values & theirs)
                if source == "my_items":
                    assert values <= mine
                if source == "body_items":
                    assert values <= dead
                if source in ("steal_kinds", "sabotage_kinds"):
                    assert pairs == lists[(source, "")], source
            checked += 1
    assert checked > 100


def test_public_and_private_fatigue_and_others_teams_are_not_in_a_humans_view():
    """Rulings: fatigue is private (his own is his), and a human reads no one's team but the dead's."""
    for state, _ in states():
        for p in state.living():
            if p.infested:
                continue
            view = SCM.view(state, p.id)
            for other in view["players"]:
                assert "fatigue" not in json.dumps(other)
                assert other["alive"] or "team" in other
                if other["alive"]:
                    assert "team" not in other and "items" not in other and "zerg_hp" not in other, other

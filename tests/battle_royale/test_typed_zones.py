"""Issue 29, point 8: a zone typed by hand is its number in ASCII digits or its name; anything else is no
zone, refused with the game's own words. `/vote reward zone:²` raised (str.isdigit is true of '²', int('²')
fails) and `zone:٣` (Arabic-Indic three) voted for zone 3; a route of such digits was read as zones too, and a
Day 0 form submitted with a start zone that is no number raised in int()."""
from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.front import Asked, Refused
from engine.rulesets.battle_royale.front.texts import text
from tests.battle_royale.helpers import make_state

br = registry.get("battle_royale")
front = registry.front("battle_royale")


def _ask(state, command: str, current: dict[str, Any] | None = None, **values: Any) -> dict[str, Any]:
    declared = front.orders.command(command)
    filled = {o.name: values.get(o.name, o.default) for o in declared.options}
    current = current or br.default_orders(state, "a").model_dump(mode="json")
    return front.orders.apply(Asked(command=command, values=filled, view=br.view(state, "a"), current=current)).orders


@pytest.fixture
def state():
    return make_state({"a": {"name": "Ann"}, "b": {"name": "Bo", "school": 2}})


@pytest.mark.parametrize("command", ["vote reward", "vote close"])
@pytest.mark.parametrize("typed", ["²", "①", "٣", "３", "+3", "1_0"])
def test_a_zone_typed_with_digits_that_are_not_ascii_is_no_zone(state, command, typed):
    with pytest.raises(Refused) as refused:
        _ask(state, command, zone=typed)
    assert str(refused.value) == text("no_such_zone", zone=typed)


@pytest.mark.parametrize("command, kind", [("vote reward", "reward"), ("vote close", "close")])
def test_a_zone_typed_in_ascii_digits_or_by_name_is_voted_for(state, command, kind):
    assert _ask(state, command, zone=" 3 ")["votes"][kind] == 3
    assert _ask(state, command, zone="FOREST")["votes"][kind] == 3


@pytest.mark.parametrize("route", ["٣ ٤", "²", "3 ٤"])
def test_a_route_of_digits_that_are_not_ascii_is_refused(state, route):
    with pytest.raises(Refused) as refused:
        _ask(state, "move", route=route)
    assert str(refused.value) == text("bad_route", route=route)


@pytest.mark.parametrize("zone", ["²", "x", "٣", "-1"])
def test_a_day0_form_with_a_start_zone_that_is_no_number_is_refused(state, zone):
    current = {"kind": "day0", "start_zone": None, "abilities": [], "rival_reward": None}
    with pytest.raises(Refused) as refused:
        front.orders.apply(Asked(command="day0", values={"zone": [zone]}, view=br.view(state, "a"), current=current))
    assert str(refused.value) == text("no_such_zone", zone=zone)
    assert front.orders.apply(Asked(command="day0", values={"zone": ["4"]}, view=br.view(state, "a"), current=current)).orders[
        "start_zone"
    ] == 4

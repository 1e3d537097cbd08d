"""Movement: Move, Run, Hold Ground, following a target, and closed zones
(handbook III.C.2, III.D.1-3, III.E.2; rulings "Order inside the night" 6).

Island (rulings): 1-4, 1-5, 1-7, 2-3, 2-5, 2-6, 3-5, 3-7, 4-6, 5-7.
"""
from __future__ import annotations

import pytest

from engine.rulesets.battle_royale.texts import say
from engine.rulesets.battle_royale.validate import validate_orders
from tests.battle_royale.helpers import make_state, orders, run_night

CLOSE6 = {"close": 6}  # a harmless closure vote, so multi-night tests know which zone closes


def refusal(state, sid, **parts):
    return validate_orders(state, sid, orders(**parts))


def move(*route):
    return {"kind": "move", "route": list(route)}


def run(*route, drop=None):
    return {"kind": "run", "route": list(route), "drop": drop}


def follow(kind, target, drop=None):
    out = {"kind": kind, "follow": target}
    if kind == "run":
        out["drop"] = drop
    return out


def pair(**extra):
    """A (school 1) and B (school 2) in the Landing Strip, plus whoever else the test needs."""
    return make_state({"a": {"zone": 1}, "b": {"zone": 1, "school": 2}, **extra})


# --- III.D.1 Move -------------------------------------------------------------------------------

@pytest.mark.parametrize("route", [[4], [4, 6], [5, 2], [7, 1]])
def test_III_D_1_move_one_or_two_zones_along_adjacent_route(route):
    """A Move goes one or two zones along the declared route of adjacent zones."""
    state = pair()
    assert refusal(state, "a", movement=move(*route)) is None
    after, _ = run_night(state, {"a": orders(movement=move(*route))})
    assert after.students["a"].zone == route[-1]


def test_III_D_1_move_refuses_three_zones_and_non_adjacent_steps():
    """A Move of three zones is refused, and so is any step between zones that are not adjacent."""
    state = pair()
    assert refusal(state, "a", movement=move(4, 6, 2)) == say("move_length", count=3)
    assert refusal(state, "a", movement=move(2)) == say("route_not_adjacent", from_name="Landing Strip", zone_name="Crevasse")
    assert refusal(state, "a", movement=move(5, 6)) == say("route_not_adjacent", from_name="The Septagon", zone_name="Cliffs")
    assert refusal(state, "a", movement={"kind": "move"}) == say("route_needed")


FOLLOW_ACTIONS = [
    {"kind": "attack", "weapon": "unarmed", "attempts": {"b": 1}},
    {"kind": "all_out", "weapon": "unarmed", "attempts": {"b": 2}},
    {"kind": "cover", "target": "b"},
    {"kind": "analyze", "target": "b"},
]


@pytest.mark.parametrize("action", FOLLOW_ACTIONS, ids=lambda a: a["kind"])
@pytest.mark.parametrize("their_move,end", [(None, 1), (move(4), 4), (move(5, 2), 2), (run(4, 6, 2), 6),
                                             (run(7, 3, 2, 6, 4), 3)])
def test_III_D_1_move_follow_target_ends_where_they_end_or_second_zone_of_a_run(action, their_move, end):
    """Following the target of an Attack, All-Out Attack, Cover or Analyze: you end where they end; if they
    do not move you do not move; if they Run three or more zones you end in the second zone they moved to."""
    state = pair()
    b = orders(movement=their_move) if their_move else orders()
    after, _ = run_night(state, {"a": orders(action=action, movement=follow("move", "b")), "b": b})
    assert after.students["a"].zone == end


def test_III_D_1_follow_only_a_target_of_your_action():
    """You may follow only the target of your Attack, All-Out Attack, Cover or Analyze, and not give a route too."""
    state = pair(c={"zone": 1, "school": 3})
    assert refusal(state, "a", movement=follow("move", "b")) == say("follow_not_target")
    assert refusal(state, "a", action={"kind": "analyze", "target": "c"}, movement=follow("move", "b")) == say("follow_not_target")
    assert refusal(state, "a", action={"kind": "heal", "target": "b"}, movement=follow("move", "b")) == say("follow_not_target")
    both = {"kind": "move", "route": [4], "follow": "b"}
    assert refusal(state, "a", action={"kind": "cover", "target": "b"}, movement=both) == say("route_and_follow")


# --- III.D.2 Run --------------------------------------------------------------------------------

def test_III_D_2_run_up_to_five_zones():
    """A Run goes up to five zones along adjacent zones; six is refused."""
    state = pair()
    assert refusal(state, "a", movement=run(4, 6, 2, 3, 7, 1)) == say("run_length", count=6)
    assert refusal(state, "a", movement=run(4, 6, 3)) == say("route_not_adjacent", from_name="Cliffs", zone_name="Forest")
    after, _ = run_night(state, {"a": orders(movement=run(4, 6, 2, 3, 7))})
    assert after.students["a"].zone == 7


def test_III_D_2_run_with_full_inventory_must_name_a_drop():
    """Holding three items, a Run is refused unless an item to drop is named; the named item is dropped."""
    state = pair(c={"zone": 1, "school": 3, "items": ["rifle", "knife", "poison_vial"]},
                 d={"zone": 1, "school": 4, "items": ["rifle", "knife", "fire_axe"]})
    assert refusal(state, "d", movement=run(4, 6, 2)) == say("run_full")
    assert refusal(state, "d", movement=run(4)) == say("run_full")
    assert refusal(state, "d", movement=run(4, 6, 2), free={"drop": ["d.knife"]}) is None
    assert refusal(state, "c", movement=run(4, 6, 2)) is None  # the Poison Vial does not count
    after, _ = run_night(state, {"d": orders(movement=run(4, 6, 2, drop="d.fire_axe"))})
    d = after.students["d"]
    assert d.zone == 2 and d.item("d.fire_axe") is None and d.item("d.rifle") is not None
    assert [i.uid for i in after.zones[1].ground] == ["d.fire_axe"]


def test_III_D_2_run_drop_of_a_full_backpack_is_not_carried_out():
    """A Backpack is emptied before it is dropped (as for a free drop): a Run naming a Backpack that still
    holds items does not happen, and nothing is left stored outside a Backpack."""
    state = pair(d={"zone": 1, "school": 4, "items": ["backpack", "rifle", "knife", "fire_axe"], "stored": ["rifle"]})
    assert refusal(state, "d", movement=run(4, 6, 2, drop="d.backpack")) == say("backpack_not_empty")
    after, events = run_night(state, {"d": orders(movement=run(4, 6, 2, drop="d.backpack"))})
    d = after.students["d"]
    assert d.zone == 1 and d.item("d.backpack") is not None and d.item("d.rifle").stored
    assert after.zones[1].ground == []
    assert say("backpack_not_empty") in " ".join(e.text for e in events if e.kind == "order_failed")


def test_III_D_2_run_with_room_drops_nothing():
    """The drop is only needed with a full inventory: with two items nothing is dropped."""
    state = pair(d={"zone": 1, "school": 4, "items": ["rifle", "knife"]})
    after, _ = run_night(state, {"d": orders(movement=run(4, 6, 2, drop="d.knife"))})
    assert after.students["d"].zone == 2 and after.students["d"].item("d.knife") is not None
    assert after.zones[1].ground == []


@pytest.mark.parametrize("their_run,end,drops", [(None, 1, False), (run(4, 6), 6, False), (run(4, 6, 2), 2, True),
                                                 (run(7, 3, 2, 6, 4), 4, True)])
def test_III_D_2_run_follower_drops_only_if_target_moves_more_than_two_zones(their_run, end, drops):
    """A Run follower follows up to five zones; with a full inventory they drop the named item only if the
    target moves more than two zones."""
    state = make_state({"a": {"zone": 1, "items": ["rifle", "knife", "fire_axe"]}, "b": {"zone": 1, "school": 2}})
    b = orders(movement=their_run) if their_run else orders()
    after, _ = run_night(state, {"a": orders(action={"kind": "analyze", "target": "b"},
                                             movement=follow("run", "b", drop="a.knife")), "b": b})
    a = after.students["a"]
    assert a.zone == end
    assert (a.item("a.knife") is None) == drops
    assert [i.uid for i in after.zones[1].ground] == (["a.knife"] if drops else [])


def test_III_D_2_run_follower_with_full_inventory_and_no_drop_follows_as_closely_as_possible():
    """'Follow as closely as possible': a full-handed Run follower who named no drop still follows the
    two zones that need no drop, keeping all their items, when the target runs further."""
    state = make_state({"a": {"zone": 1, "items": ["rifle", "knife", "fire_axe"]}, "b": {"zone": 1, "school": 2}})
    cover = {"kind": "cover", "target": "b"}
    assert refusal(state, "a", action=cover, movement=follow("run", "b")) is None
    after, _ = run_night(state, {"a": orders(action=cover, movement=follow("run", "b")), "b": orders(movement=run(4, 6, 2))})
    assert after.students["a"].zone == 6 and len(after.students["a"].items) == 3


@pytest.mark.parametrize("action,label", [
    ({"kind": "set_trap", "item": "a.land_mine", "to_zone": 4}, "Set Trap"),
    ({"kind": "heal", "target": "a"}, "Heal"),
])
def test_III_D_2_no_run_after_set_trap_or_heal(action, label):
    """You may not Run after a Set Trap or Heal action."""
    state = make_state({"a": {"zone": 1, "items": ["land_mine"]}})
    assert refusal(state, "a", action=action, movement=run(4)) == say("no_run_after", action=label)
    assert refusal(state, "a", action=action, movement=move(4)) is None


# --- III.C.2 All-Out Attack and III.D.3 Hold Ground ---------------------------------------------

def test_III_C_2_all_out_attack_allows_only_move_or_nothing():
    """After an All-Out Attack you may only Move or take no movement action: no Run, no Hold Ground."""
    state = pair()
    all_out = {"kind": "all_out", "weapon": "unarmed", "attempts": {"b": 2}}
    assert refusal(state, "a", action=all_out, movement=run(4)) == say("follow_run_all_out")
    assert refusal(state, "a", action=all_out, movement=follow("run", "b")) == say("follow_run_all_out")
    assert refusal(state, "a", action=all_out, movement={"kind": "hold"}) == say("no_hold_after_all_out")
    assert refusal(state, "a", action=all_out, movement=move(4)) is None
    assert refusal(state, "a", action=all_out, movement=follow("move", "b")) is None
    assert refusal(state, "a", action=all_out) is None


def test_III_D_3_hold_ground_allowed_except_after_all_out_attack():
    """Hold Ground is refused only after an All-Out Attack; the holder stays put."""
    state = make_state({"a": {"zone": 1, "items": ["land_mine"]}, "b": {"zone": 1, "school": 2}})
    for action in ({"kind": "defend"}, {"kind": "attack", "weapon": "unarmed", "attempts": {"b": 1}},
                   {"kind": "set_trap", "item": "a.land_mine", "to_zone": 4}, {"kind": "heal", "target": "b"}):
        assert refusal(state, "a", action=action, movement={"kind": "hold"}) is None
    after, _ = run_night(state, {"a": orders(movement={"kind": "hold"})})
    assert after.students["a"].zone == 1


# --- III.E.2 closed zones -----------------------------------------------------------------------

def test_III_E_2_zone_voted_closed_tonight_closes_from_next_nights_movement():
    """A zone voted closed tonight is closed from the next night's movement: those inside survive tonight,
    and the next night whoever ends the movement there dies while whoever leaves lives."""
    state = make_state({"a": {"zone": 3}, "b": {"zone": 3, "school": 2}, "c": {"zone": 1, "school": 3}})
    close3 = orders(votes={"close": 3})
    after, _ = run_night(state, {"a": close3, "b": close3, "c": close3})
    assert after.zones[3].closed
    assert all(s.alive for s in after.students.values()) and after.students["a"].zone == 3
    later, events = run_night(after, {"a": orders(movement=move(5), votes=CLOSE6), "b": orders(votes=CLOSE6),
                                      "c": orders(votes=CLOSE6)})
    assert later.students["a"].alive and later.students["a"].zone == 5
    assert not later.students["b"].alive and later.students["b"].death_cause == "closed zone"
    assert [e.data["student"] for e in events if e.kind == "death"] == ["b"]


def test_III_E_2_routes_into_closed_zones_refused_at_validation():
    """Ending in a closed zone is refused; passing through one is refused unless the collar is deactivated."""
    state = make_state({"a": {"zone": 1}, "d": {"zone": 1, "collar_deactivated": True, "school": 2}})
    state.zones[5].closed = True
    for sid in "ad":
        assert refusal(state, sid, movement=move(5)) == say("zone_closed", zone_name="The Septagon")
        assert refusal(state, sid, movement=run(4, 6, 2, 5)) == say("zone_closed", zone_name="The Septagon")
    assert refusal(state, "a", movement=move(5, 2)) == say("zone_closed_pass", zone_name="The Septagon")
    assert refusal(state, "d", movement=move(5, 2)) is None
    after, _ = run_night(state, {"d": orders(movement=move(5, 2))})
    assert after.students["d"].alive and after.students["d"].zone == 2


def test_III_E_2_staying_in_closed_zone_kills_even_with_deactivated_collar():
    """A deactivated collar lets you pass through closed zones, not stay in them."""
    state = make_state({"a": {"zone": 5, "collar_deactivated": True}, "b": {"zone": 5, "school": 2},
                        "c": {"zone": 1, "school": 3}})
    state.zones[5].closed = True
    after, _ = run_night(state, {"a": orders(movement={"kind": "hold"})})
    assert not after.students["a"].alive and not after.students["b"].alive
    assert after.students["c"].alive


def test_III_E_2_a_follower_stops_short_of_a_closed_zone_it_may_not_cross():
    """III.D.1 "follow as closely as possible" with III.E.2: a follower whose collar is active stops before a
    closed zone instead of walking to their death; with a deactivated collar they follow through it.
    (Both follow a target with a deactivated collar through The Septagon.)"""
    state = make_state({"t": {"zone": 1, "collar_deactivated": True, "school": 2},
                        "a": {"zone": 1}, "d": {"zone": 1, "collar_deactivated": True, "school": 3}})
    state.zones[5].closed = True
    analyze_t = {"kind": "analyze", "target": "t"}
    after, _ = run_night(state, {"t": orders(movement=move(5, 2)),
                                 "a": orders(action=analyze_t, movement=follow("move", "t")),
                                 "d": orders(action=analyze_t, movement=follow("move", "t"))})
    assert after.students["t"].alive and after.students["t"].zone == 2
    assert after.students["d"].alive and after.students["d"].zone == 2
    assert after.students["a"].alive and after.students["a"].zone == 1

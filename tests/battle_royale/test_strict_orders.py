"""Order fields are checked strictly (issue 15): an unknown or impossible target, zone, day or item in any
order kind is refused with the reason, never ignored. One case per bad field of every kind of order: the
action (handbook III.C), the movement (III.D), the free actions (III.B) and the votes (III.E).
"""
from __future__ import annotations

import pytest

from engine import registry
from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.helpers import make_state, orders

br = registry.get("battle_royale")


def state():
    """A on The Septagon (5) with a knife, traps, a headband, a Tracking Unit and a Megaphone; B beside them with
    a rifle; D dead there; E on the Landing Strip (1). A knife lies on the ground."""
    s = make_state({"a": {"zone": 5, "items": ["knife", "land_mine", "c4", "poison_vial", "headband", "tracking_unit",
                                               "megaphone", "deactivator"]},
                    "b": {"zone": 5, "items": ["rifle"], "school": 2}, "d": {"zone": 5, "alive": False},
                    "e": {"zone": 1}}, carry_capacity=10)
    knife = s.new_item("knife")
    knife.uid = "g1"
    s.zones[5].ground.append(knife)
    return s


ATTACK = {"kind": "attack", "weapon": "a.knife"}
CASES = {
    # III.C.1-2 Attack, All-Out Attack: the weapon, each target, the attempts
    "attack: weapon not held": ({"action": {**ATTACK, "weapon": "b.rifle", "attempts": {"b": 1}}}, say("no_item")),
    "attack: unknown target": ({"action": {**ATTACK, "attempts": {"zz": 1}}}, say("unknown_student", target="zz")),
    "attack: dead target": ({"action": {**ATTACK, "attempts": {"d": 1}}}, say("target_inactive", target="D")),
    "attack: target elsewhere": ({"action": {**ATTACK, "attempts": {"e": 1}}}, say("target_not_here", target="E")),
    "attack: yourself": ({"action": {**ATTACK, "attempts": {"a": 1}}}, say("self_target", verb="attack")),
    "attack: no attempts": ({"action": {**ATTACK, "attempts": {"b": 0}}}, say("attempts_positive")),
    "all-out: too many attempts": ({"action": {**ATTACK, "kind": "all_out", "attempts": {"b": 6}}},
                                   say("too_many_attempts", weapon="Knife", allowed=5, plural="s", asked=6)),
    # III.C.3 Set Trap: the item, and the one option each trap takes
    "set trap: not a trap": ({"action": {"kind": "set_trap", "item": "a.knife"}}, say("not_a_trap", item="Knife")),
    "set trap: unknown item": ({"action": {"kind": "set_trap", "item": "zz", "day": 1}}, say("no_item")),
    "mine: unknown zone": ({"action": {"kind": "set_trap", "item": "a.land_mine", "to_zone": 99}},
                           say("unknown_zone", zone=99)),
    "mine: zone not adjacent": ({"action": {"kind": "set_trap", "item": "a.land_mine", "to_zone": 6}},
                                say("not_adjacent", zone_name="Cliffs", from_name="The Septagon")),
    "mine: given a day": ({"action": {"kind": "set_trap", "item": "a.land_mine", "to_zone": 1, "day": 2}},
                          say("trap_extra", item="Land Mine", takes=say("trap_takes_to_zone"),
                              extra=say("trap_takes_day"))),
    "c4: past day": ({"action": {"kind": "set_trap", "item": "a.c4", "day": 0}},
                     say("c4_past_day", asked=0, day=1)),
    "c4: after the end": ({"action": {"kind": "set_trap", "item": "a.c4", "day": 99}}, say("c4_after_end", last=7)),
    "c4: given a target": ({"action": {"kind": "set_trap", "item": "a.c4", "day": 2, "target": "b"}},
                           say("trap_extra", item="C-4", takes=say("trap_takes_day"), extra=say("trap_takes_target"))),
    "c4: given a zone": ({"action": {"kind": "set_trap", "item": "a.c4", "day": 2, "to_zone": 1}},
                         say("trap_extra", item="C-4", takes=say("trap_takes_day"), extra=say("trap_takes_to_zone"))),
    "poison: given a zone": ({"action": {"kind": "set_trap", "item": "a.poison_vial", "target": "b", "to_zone": 1}},
                             say("trap_extra", item="Poison Vial", takes=say("trap_takes_target"),
                                 extra=say("trap_takes_to_zone"))),
    "poison: target elsewhere": ({"action": {"kind": "set_trap", "item": "a.poison_vial", "target": "e"}},
                                 say("target_not_here", target="E")),
    # III.C.4 Use Item
    "use: wrong item": ({"action": {"kind": "use_item", "use": "megaphone", "item": "a.knife"}},
                        say("use_needs_item", item="Megaphone")),
    "use: megaphone given a target": ({"action": {"kind": "use_item", "use": "megaphone", "target": "b"}},
                                      say("use_no_target", use=say("use_megaphone"))),
    "use: escape given an item": ({"action": {"kind": "use_item", "use": "escape", "item": "a.knife"}},
                                  say("escape_no_item")),
    "use: escape given a target": ({"action": {"kind": "use_item", "use": "escape", "target": "b"}},
                                   say("use_no_target", use=say("use_escape"))),
    "use: deactivator on a stranger": ({"action": {"kind": "use_item", "use": "deactivator", "target": "zz"}},
                                       say("unknown_student", target="zz")),
    # III.C.6-9 Cover, Analyze, Heal
    "cover: yourself": ({"action": {"kind": "cover", "target": "a"}}, say("self_target", verb="cover")),
    "analyze: dead target": ({"action": {"kind": "analyze", "target": "d"}}, say("target_inactive", target="D")),
    "heal: target elsewhere": ({"action": {"kind": "heal", "target": "e"}}, say("target_not_here", target="E")),
    # III.D Movement
    "move: unknown zone": ({"movement": {"kind": "move", "route": [99]}}, say("unknown_zone", zone=99)),
    "move: zone not adjacent": ({"movement": {"kind": "move", "route": [6]}},
                                say("route_not_adjacent", from_name="The Septagon", zone_name="Cliffs")),
    "move: too long": ({"movement": {"kind": "move", "route": [1, 4, 6]}}, say("move_length", count=3)),
    "move: follow a non-target": ({"movement": {"kind": "move", "follow": "b"}}, say("follow_not_target")),
    "run: drop not held": ({"movement": {"kind": "run", "route": [1], "drop": "b.rifle"}}, say("no_item")),
    # III.B Free actions
    "pick up: not on the ground": ({"free": {"pick_up": ["b.rifle"]}}, say("pickup_missing")),
    "pick up: twice": ({"free": {"pick_up": ["g1", "g1"]}}, say("listed_twice", item="Knife")),
    "drop: not held": ({"free": {"drop": ["b.rifle"]}}, say("no_item")),
    "store: not held": ({"free": {"store": ["zz"]}}, say("no_item")),
    "wear: not wearable": ({"free": {"wear": ["a.knife"]}}, say("not_wearable", item="Knife")),
    "wear and remove at once": ({"free": {"wear": ["a.headband"], "remove": ["a.headband"]}},
                                say("listed_twice", item="Headband")),
    "remove: not worn": ({"free": {"remove": ["a.headband"]}}, say("not_worn", item="Headband")),
    "trade: unknown partner": ({"free": {"trades": [{"partner": "zz", "give": ["a.knife"]}]}},
                               say("unknown_student", target="zz")),
    "trade: item the partner lacks": ({"free": {"trades": [{"partner": "b", "receive": ["a.knife"]}]}},
                                      say("trade_their_item", partner="B")),
    "trade: the same item asked twice": ({"free": {"trades": [{"partner": "b", "receive": ["b.rifle", "b.rifle"]}]}},
                                         say("listed_twice", item="Rifle")),
    "track: unknown student": ({"free": {"track": "zz"}}, say("unknown_student", target="zz")),
    "track: yourself": ({"free": {"track": "a"}}, say("self_target", verb="track")),
    "track: dead student": ({"free": {"track": "d"}}, say("target_inactive", target="D")),
    # III.E Votes
    "vote mark: unknown": ({"votes": {"mark": "zz"}}, say("unknown_student", target="zz")),
    "vote mark: dead": ({"votes": {"mark": "d"}}, say("target_inactive", target="D")),
    "vote close: unknown zone": ({"votes": {"close": 99}}, say("unknown_zone", zone=99)),
    "vote reward: unknown zone": ({"votes": {"reward": -3}}, say("unknown_zone", zone=-3)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_issue_15_every_bad_field_is_refused_with_its_reason(case):
    parts, reason = CASES[case]
    s = state()
    before = s.model_dump()
    assert br.validate(s, "a", orders(**parts)) == reason
    assert s.model_dump() == before


def test_the_fields_each_trap_takes_are_accepted_alone():
    """III.C.3 and V.D: a Land Mine takes the zone its path leads to, a C-4 its day, a Poison Vial a target."""
    s = state()
    for action in ({"kind": "set_trap", "item": "a.land_mine", "to_zone": 1},
                   {"kind": "set_trap", "item": "a.c4", "day": 1},
                   {"kind": "set_trap", "item": "a.poison_vial", "target": "b"},
                   {"kind": "use_item", "use": "megaphone"},
                   {"kind": "use_item", "use": "deactivator", "target": "b"}):
        assert br.validate(s, "a", orders(action=action)) is None, action
    assert br.validate(s, "a", orders(free={"wear": ["a.headband"], "track": "b"})) is None


def test_a_route_may_come_back_through_a_zone_it_passed():
    """III.D: the handbook limits a route's length and wants adjacent steps, nothing more: a Run may come back
    (the docs' House decisions say so)."""
    assert br.validate(state(), "a", orders(movement={"kind": "run", "route": [1, 5, 1]})) is None

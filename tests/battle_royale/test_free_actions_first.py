"""Free actions come first (handbook III.F.1: "All Free Actions happen before any other actions are
resolved"): an item gained by a free action the same night (taken out of the Backpack, picked up, received
in a trade) serves that night's action (attack with it, set it as a trap, use it, heal with it) and can be
worn; an item the free actions take away cannot. The night re-checks once the free actions are done: an
item that did not come (the pick-up went to another student, the trade did not happen) makes the action
fail, the student is told why in their private results, and they Defend instead (III.C: "Default is Defend").
"""
from __future__ import annotations

from engine import registry
from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.helpers import make_state, orders, run_night, texts

br = registry.get("battle_royale")


def put(state, zone: int, kind: str, uid: str) -> str:
    item = state.new_item(kind)
    item.uid = uid
    state.zones[zone].ground.append(item)
    return uid


def weapons_used(events, sid: str) -> set[str]:
    return {e.data["weapon"] for e in events if e.kind in ("attack_hit", "attack_missed") and e.visible_to(sid)
            and e.data.get("weapon")}


def test_III_F_1_a_weapon_picked_up_tonight_attacks_tonight():
    state = make_state({"a": {}, "b": {"school": 2}})
    put(state, 1, "knife", "g1")
    night = orders(free={"pick_up": ["g1"]}, action={"kind": "attack", "weapon": "g1", "attempts": {"b": 3}})
    assert br.validate(state, "a", night) is None
    after, events = run_night(state, {"a": night})
    assert [i.uid for i in after.students["a"].items] == ["g1"]
    assert weapons_used(events, "a") == {"knife"}
    assert not texts(events, "order_failed", to="a")


def test_III_F_1_a_grenade_taken_out_of_the_backpack_is_thrown_tonight():
    state = make_state({"a": {"items": ["backpack", "grenade"], "stored": ["grenade"]}, "b": {"school": 2}})
    throw = {"kind": "attack", "weapon": "a.grenade", "attempts": {"b": 1}}
    assert br.validate(state, "a", orders(action=throw)) == say("item_stored", item="Grenade")
    night = orders(free={"take_out": ["a.grenade"]}, action=throw)
    assert br.validate(state, "a", night) is None
    after, events = run_night(state, {"a": night})
    assert weapons_used(events, "a") == {"grenade"} and after.students["a"].item("a.grenade") is None


def test_III_F_1_a_rifle_received_in_a_trade_fires_tonight():
    state = make_state({"a": {"items": ["knife"]}, "b": {"items": ["rifle"]}, "c": {"school": 2}})
    mine = orders(free={"trades": [{"partner": "b", "give": ["a.knife"], "receive": ["b.rifle"]}]},
                  action={"kind": "attack", "weapon": "b.rifle", "attempts": {"c": 2}})
    theirs = orders(free={"trades": [{"partner": "a", "give": ["b.rifle"], "receive": ["a.knife"]}]})
    assert br.validate(state, "a", mine) is None
    after, events = run_night(state, {"a": mine, "b": theirs})
    assert weapons_used(events, "a") == {"rifle"}
    assert after.students["a"].item("b.rifle").ammo == 6


def test_III_F_1_a_picked_up_mine_is_set_a_received_deactivator_used_a_headband_worn_a_kit_heals():
    state = make_state({"a": {"hp": 5}, "b": {"items": ["deactivator"]}, "c": {"hp": 5}})
    put(state, 1, "land_mine", "g1")
    put(state, 1, "headband", "g2")
    put(state, 1, "first_aid_kit", "g3")
    trap = orders(free={"pick_up": ["g1", "g2"], "wear": ["g2"]},
                  action={"kind": "set_trap", "item": "g1", "to_zone": 4})
    assert br.validate(state, "a", trap) is None
    gift = orders(free={"trades": [{"partner": "c", "give": ["b.deactivator"]}]})
    use = orders(free={"trades": [{"partner": "b", "receive": ["b.deactivator"]}]},
                 action={"kind": "use_item", "use": "deactivator", "item": "b.deactivator"})
    heal = orders(free={"pick_up": ["g3"]}, action={"kind": "heal", "target": "c", "first_aid_kit": True})
    assert br.validate(state, "c", use) is None and br.validate(state, "b", gift) is None
    after, events = run_night(state, {"a": trap, "b": gift, "c": use})
    assert [m.uid for m in after.zones[1].mines] == ["g1"]
    assert after.students["a"].item("g2").worn
    assert after.students["c"].collar_deactivated
    assert br.validate(state, "a", heal) is None
    after, events = run_night(state, {"a": heal})
    assert after.students["c"].hp == 7 and after.students["a"].item("g3") is None


def test_III_F_1_an_item_the_free_actions_take_away_cannot_serve_the_action():
    state = make_state({"a": {"items": ["knife"]}, "b": {"school": 2}})
    swing = {"kind": "attack", "weapon": "a.knife", "attempts": {"b": 1}}
    assert br.validate(state, "a", orders(free={"drop": ["a.knife"]}, action=swing)) == say("item_leaves", item="Knife")
    given = orders(free={"trades": [{"partner": "b", "give": ["a.knife"]}]}, action=swing)
    assert br.validate(state, "a", given) == say("item_leaves", item="Knife")


def test_III_F_1_a_pick_up_lost_to_another_student_fails_the_attack_and_says_why():
    """Two students reach for one knife and both mean to attack with it: the one who does not get it is told
    why in their private results and Defends instead (a -10% Dodge Bonus)."""
    state = make_state({"a": {}, "b": {"school": 2}, "c": {"school": 3}})
    put(state, 1, "knife", "g1")
    a = orders(free={"pick_up": ["g1"]}, action={"kind": "attack", "weapon": "g1", "attempts": {"c": 1}})
    b = orders(free={"pick_up": ["g1"]}, action={"kind": "attack", "weapon": "g1", "attempts": {"c": 1}})
    assert br.validate(state, "a", a) is None and br.validate(state, "b", b) is None
    after, events = run_night(state, {"a": a, "b": b}, seed=3)
    winner = "a" if after.students["a"].item("g1") else "b"
    loser = "b" if winner == "a" else "a"
    assert weapons_used(events, winner) >= {"knife"}
    failed = texts(events, "order_failed", to=loser)
    assert failed == [say("order_failed", what="attack",
                          reason=say("item_not_gained", item="Knife").rstrip(".") + "; you Defend instead.")]
    assert not texts(events, "order_failed", to=winner)


def test_III_F_1_a_trade_the_partner_never_confirms_fails_the_attack_with_its_rifle():
    state = make_state({"a": {"items": ["knife"]}, "b": {"items": ["rifle"]}, "c": {"school": 2}})
    mine = orders(free={"trades": [{"partner": "b", "give": ["a.knife"], "receive": ["b.rifle"]}]},
                  action={"kind": "attack", "weapon": "b.rifle", "attempts": {"c": 2}})
    after, events = run_night(state, {"a": mine})
    assert weapons_used(events, "a") == set() and after.students["b"].item("b.rifle").ammo == 8
    assert say("order_failed", what="attack", reason=say("item_not_gained", item="Rifle").rstrip(".")
               + "; you Defend instead.") in texts(events, "order_failed", to="a")


def test_III_F_1_free_actions_happen_together_so_an_item_gained_tonight_is_not_stored_or_passed_on_tonight():
    """House decision: free actions happen together, so they do not chain: an item picked up or received
    tonight serves tonight's action or is worn, and is stored, dropped or traded from the next night on."""
    state = make_state({"a": {"items": ["backpack"]}, "b": {"items": ["rifle"]}})
    put(state, 1, "knife", "g1")
    for free in ({"pick_up": ["g1"], "store": ["g1"]}, {"pick_up": ["g1"], "drop": ["g1"]},
                 {"pick_up": ["g1"], "trades": [{"partner": "b", "give": ["g1"]}]}):
        assert br.validate(state, "a", orders(free=free)) == say("item_gained_tonight", item="Knife"), free
    received = {"trades": [{"partner": "b", "receive": ["b.rifle"]}], "store": ["b.rifle"]}
    assert br.validate(state, "a", orders(free=received)) == say("item_gained_tonight", item="Rifle")


def test_III_F_1_a_first_aid_kit_lost_to_another_student_still_heals_without_it():
    """Two students reach for one First Aid Kit and both mean to heal C with it: the one who gets it heals
    +2, the other is told the kit did not reach them and heals +1, as a Heal without a kit does (V.E.4)."""
    state = make_state({"a": {}, "b": {}, "c": {"hp": 5}})
    put(state, 1, "first_aid_kit", "g1")
    heal = orders(free={"pick_up": ["g1"]}, action={"kind": "heal", "target": "c", "first_aid_kit": True})
    after, events = run_night(state, {"a": heal, "b": heal}, seed=2)
    assert after.students["c"].hp == 8
    told = texts(events, "order_failed", to="a") + texts(events, "order_failed", to="b")
    assert told == [say("heal_without_kit")]

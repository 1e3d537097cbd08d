"""Inventory and free actions: carrying capacity, picking up, dropping, the Backpack, trades.

Handbook III.A.2 (three items), III.B.1 (manage inventory; dropped items stay yours until the day
is over), III.B.3 (trades both sides confirm), III.C.7 (a searcher counts as two for dropped
items), V.D.1 / V.F.1 / V.G.3-4 (Poison Vial, Backpack contents, Headband, Pretty Ribbon don't count);
roles.yaml (Pack Mule carries four).
"""
from __future__ import annotations

from engine import registry
from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.helpers import frequency, make_state, orders, run_night, texts

br = registry.get("battle_royale")


def put(state, zone: int, kind: str, uid: str) -> str:
    """An item lying on the ground of a zone (dropped there on an earlier day)."""
    item = state.new_item(kind)
    item.uid = uid
    state.zones[zone].ground.append(item)
    return uid


def kinds_of(state, sid: str) -> list[str]:
    return sorted(i.kind for i in state.students[sid].items)


def ground(state, zone: int) -> list[str]:
    return sorted(i.uid for i in state.zones[zone].ground)


def pick(*uids: str, action: dict | None = None, **free):
    parts = {"action": action} if action else {}
    return orders(free={"pick_up": list(uids), **free}, **parts)


def test_III_A_2_capacity_is_three_and_a_full_pick_up_is_refused():
    """Students hold up to three items; picking up a fourth is refused ("inventory_full") and changes nothing."""
    state = make_state({"a": {"items": ["rifle", "knife", "pot_lid"]}, "b": {"items": ["rifle", "knife"], "school": 2}})
    put(state, 1, "sledgehammer", "g1")
    before = state.model_dump()
    assert br.validate(state, "a", pick("g1")) == say("inventory_full", count=4, cap=3)
    assert state.model_dump() == before
    after, events = run_night(state, {"a": pick("g1")})
    assert kinds_of(after, "a") == ["knife", "pot_lid", "rifle"] and ground(after, 1) == ["g1"]
    assert texts(events, "order_failed", to="a")
    # with room for it, the same pick-up works
    assert br.validate(state, "b", pick("g1")) is None
    after, events = run_night(state, {"b": pick("g1")})
    assert kinds_of(after, "b") == ["knife", "rifle", "sledgehammer"] and ground(after, 1) == []
    assert say("picked_up", item="Sledgehammer") in texts(events, "picked_up", to="b")


def test_III_B_backpack_contents_poison_vial_headband_ribbon_do_not_count():
    """Items in a Backpack, the Poison Vial, the Headband and the Pretty Ribbon don't count against capacity."""
    state = make_state({"a": {"items": ["rifle", "knife", "backpack", "first_aid_kit", "camouflage",
                                        "poison_vial", "headband", "pretty_ribbon"],
                              "stored": ["first_aid_kit", "camouflage"], "worn": ["headband"]}})
    a = state.students["a"]
    assert len(a.items) == 8 and len(a.carried()) == 3
    for kind, uid in (("poison_vial", "g1"), ("headband", "g2"), ("pretty_ribbon", "g3")):
        put(state, 1, kind, uid)
    put(state, 1, "fire_axe", "g4")
    assert br.validate(state, "a", pick("g1", "g2", "g3")) is None
    assert br.validate(state, "a", pick("g4")) == say("inventory_full", count=4, cap=3)
    # taking something out of the full Backpack would overfill the hands too
    assert br.validate(state, "a", orders(free={"take_out": ["a.camouflage"]})) == say("inventory_full", count=4, cap=3)
    after, _ = run_night(state, {"a": pick("g1", "g2", "g3")})
    assert len(after.students["a"].items) == 11 and len(after.students["a"].carried()) == 3


def test_III_B_storing_in_the_backpack_makes_room():
    """Storing a held item in the Backpack frees a slot in the same night's free actions."""
    state = make_state({"a": {"items": ["rifle", "knife", "backpack"]}})
    put(state, 1, "fire_axe", "g1")
    o = pick("g1", store=["a.knife"])
    assert br.validate(state, "a", o) is None
    after, _ = run_night(state, {"a": o})
    a = after.students["a"]
    assert a.item("g1") is not None and a.item("a.knife").stored and len(a.carried()) == 3


def test_III_A_2_pack_mule_carries_four():
    """The Lone Wolf's Pack Mule ability raises the capacity to four items, no more."""
    state = make_state({"a": {"items": ["rifle", "knife", "pot_lid"], "role": "lone_wolf", "abilities": ["pack_mule"]}})
    put(state, 1, "fire_axe", "g1")
    put(state, 1, "sledgehammer", "g2")
    assert br.validate(state, "a", pick("g1")) is None
    assert br.validate(state, "a", pick("g1", "g2")) == say("inventory_full", count=5, cap=4)
    after, _ = run_night(state, {"a": pick("g1")})
    assert len(after.students["a"].carried()) == 4


def test_III_B_a_search_find_never_overfills():
    """A Search that finds an item when the hands are full leaves it on the ground; with room it is held."""
    for items, held in ((["rifle", "knife", "pot_lid"], False), (["rifle", "knife"], True)):
        state = make_state({"a": {"items": items}}, search_chance=100)
        state.zones[1].hidden.append(state.new_item("grenade"))
        after, events = run_night(state, {"a": orders(action={"kind": "search"})})
        key = "search_found" if held else "search_found_full"
        assert texts(events, "search", to="a") == [say(key, item="Grenade")]
        assert ("grenade" in kinds_of(after, "a")) is held
        assert len(after.students["a"].carried()) <= 3
        assert [i.kind for i in after.zones[1].ground] == ([] if held else ["grenade"])


def test_III_B_a_reward_package_never_overfills():
    """The reward package recovered by a student with full hands lies on the ground of the zone instead."""
    state = make_state({"a": {"items": ["rifle", "knife", "pot_lid"]}, "b": {"zone": 4, "school": 2}})
    after, events = run_night(state, {"a": orders(votes={"reward": 1})})
    assert len(after.students["a"].items) == 3
    (package,) = after.zones[1].ground
    assert texts(events, "reward_drop") == [say("reward_drop", zone_name="Landing Strip")]
    assert texts(events, "reward_recovered", to="a") == [say("reward_recovered", item=package.name) + " "
                                                          + say("loot_left", items=package.name, zone_name="Landing Strip")]


def test_III_B_1_dropped_items_stay_yours_until_the_end_of_the_day():
    """A dropped item cannot be picked up by others the same night; from the next night anyone there can."""
    state = make_state({"a": {"items": ["knife", "rifle"]}, "b": {"school": 2}, "c": {"zone": 4, "school": 3}})
    assert br.validate(state, "b", pick("a.knife")) == say("pickup_missing")
    night1, events = run_night(state, {"a": orders(free={"drop": ["a.knife"]}), "b": pick("a.knife")})
    assert kinds_of(night1, "a") == ["rifle"] and kinds_of(night1, "b") == []
    assert ground(night1, 1) == ["a.knife"]
    assert say("dropped", item="Knife") in texts(events, "dropped", to="a")
    assert night1.phase == "night" and night1.students["a"].zone == 1  # a is still there
    assert br.validate(night1, "b", pick("a.knife")) is None
    night2, _ = run_night(night1, {"b": pick("a.knife")})
    assert kinds_of(night2, "b") == ["knife"] and ground(night2, 1) == []


def test_III_B_1_pick_up_only_what_lies_in_your_zone():
    """You can only pick up items lying in your own zone: others are refused and nothing changes."""
    state = make_state({"a": {}, "b": {"zone": 2, "school": 2}})
    put(state, 2, "rifle", "g1")
    before = state.model_dump()
    assert br.validate(state, "a", pick("g1")) == say("pickup_missing")
    assert br.validate(state, "a", pick("nothing")) == say("pickup_missing")
    assert state.model_dump() == before


def contested(searcher: bool):
    def build():
        state = make_state({"a": {}, "b": {"school": 2}})
        put(state, 1, "rifle", "g1")
        return state

    def orders_for(state):
        a_orders = pick("g1", action={"kind": "search"}) if searcher else pick("g1")
        return {"a": a_orders, "b": pick("g1")}

    def a_wins(after, events):
        a, b = after.students["a"], after.students["b"]
        assert (a.item("g1") is None) != (b.item("g1") is None)  # exactly one of them has it
        loser = "b" if a.item("g1") else "a"
        assert say("pickup_lost", item="Rifle") in texts(events, "pickup_lost", to=loser)
        return a.item("g1") is not None
    return build, orders_for, a_wins


def test_III_B_1_contested_pick_up_goes_to_one_at_random():
    """When two students reach for the same item, one of them gets it at random (about half each)."""
    share = frequency(*contested(searcher=False), trials=600)
    assert 0.43 <= share <= 0.57, share


def test_III_B_1_contested_pick_up_a_searcher_counts_as_two():
    """A student who Searches counts as two for items others left behind: about 2 chances in 3."""
    share = frequency(*contested(searcher=True), trials=600)
    assert 0.61 <= share <= 0.73, share


def trade(partner: str, give: list[str], receive: list[str]):
    return orders(free={"trades": [{"partner": partner, "give": give, "receive": receive}]})


def test_III_B_3_trade_happens_when_both_submit_the_same_deal():
    """A trade is done only when the partner confirms the mirror deal; both are told."""
    state = make_state({"a": {"items": ["knife"]}, "b": {"items": ["rifle"], "school": 2}})
    after, events = run_night(state, {"a": trade("b", ["a.knife"], ["b.rifle"]), "b": trade("a", ["b.rifle"], ["a.knife"])})
    assert kinds_of(after, "a") == ["rifle"] and kinds_of(after, "b") == ["knife"]
    assert texts(events, "trade", to="a") == [say("trade_done", partner="B", gave="Knife", got="Rifle")]
    assert texts(events, "trade", to="b") == [say("trade_done", partner="A", gave="Rifle", got="Knife")]


def test_III_B_3_two_students_may_make_several_deals_in_one_night():
    """Each confirmed deal between the same two students is carried out."""
    state = make_state({"a": {"items": ["knife", "pot_lid"]}, "b": {"items": ["rifle", "camouflage"], "school": 2}})
    deals = [{"partner": "b", "give": ["a.knife"], "receive": ["b.rifle"]}, {"partner": "b", "give": ["a.pot_lid"]}]
    mirror = [{"partner": "a", "give": ["b.rifle"], "receive": ["a.knife"]}, {"partner": "a", "receive": ["a.pot_lid"]}]
    after, events = run_night(state, {"a": orders(free={"trades": deals}), "b": orders(free={"trades": mirror})})
    assert kinds_of(after, "a") == ["rifle"] and kinds_of(after, "b") == ["camouflage", "knife", "pot_lid"]
    assert len(texts(events, "trade", to="a")) == 2 and texts(events, "trade_failed") == []


def test_III_B_3_an_unmatched_trade_does_nothing():
    """If the partner does not confirm (or confirms a different deal), nothing changes hands."""
    state = make_state({"a": {"items": ["knife", "pot_lid"]}, "b": {"items": ["rifle"], "school": 2}})
    for b_orders in ({}, trade("a", ["b.rifle"], ["a.pot_lid"]), trade("a", [], ["a.knife"])):
        after, events = run_night(state, {"a": trade("b", ["a.knife"], ["b.rifle"]), "b": b_orders})
        assert kinds_of(after, "a") == ["knife", "pot_lid"] and kinds_of(after, "b") == ["rifle"]
        assert texts(events, "trade_failed", to="a") == [say("trade_unmatched", partner="B")]
        assert texts(events, "trade") == []


def test_III_B_3_trades_need_the_same_zone():
    """With the default setting, trades are between students in the same zone; the setting lifts it."""
    spec = {"a": {"items": ["knife"]}, "b": {"items": ["rifle"], "zone": 4, "school": 2}}
    deal = {"a": trade("b", ["a.knife"], ["b.rifle"]), "b": trade("a", ["b.rifle"], ["a.knife"])}
    state = make_state(spec)
    assert br.validate(state, "a", deal["a"]) == say("target_not_here", target="B")
    after, _ = run_night(state, deal)
    assert kinds_of(after, "a") == ["knife"] and kinds_of(after, "b") == ["rifle"]
    far = make_state(spec, trade_same_zone=False)
    assert br.validate(far, "a", deal["a"]) is None
    assert br.validate(far, "a", trade("a", ["a.knife"], ["a.knife"])) == say("self_target", verb="trade with")
    after, _ = run_night(far, deal)
    assert kinds_of(after, "a") == ["rifle"] and kinds_of(after, "b") == ["knife"]


def test_III_B_3_a_trade_never_overfills():
    """A gift to full hands is refused (the giver keeps it); a one-for-one swap when full is fine."""
    state = make_state({"a": {"items": ["knife", "pot_lid", "fire_axe"]}, "b": {"items": ["rifle"], "school": 2}})
    gift = {"a": trade("b", [], ["b.rifle"]), "b": trade("a", ["b.rifle"], [])}
    assert br.validate(state, "a", gift["a"]) == say("inventory_full", count=4, cap=3)
    after, _ = run_night(state, gift)
    assert kinds_of(after, "a") == ["fire_axe", "knife", "pot_lid"] and kinds_of(after, "b") == ["rifle"]
    swap = {"a": trade("b", ["a.knife"], ["b.rifle"]), "b": trade("a", ["b.rifle"], ["a.knife"])}
    after, _ = run_night(state, swap)
    assert kinds_of(after, "a") == ["fire_axe", "pot_lid", "rifle"]


def test_III_B_a_backpack_leaves_only_empty():
    """A Backpack with something in it (or being filled tonight) cannot be dropped or given away."""
    state = make_state({"a": {"items": ["backpack", "knife", "camouflage"], "stored": ["camouflage"]},
                        "b": {"items": ["backpack", "knife"], "school": 2}})
    refusal = say("backpack_not_empty")
    assert br.validate(state, "a", orders(free={"drop": ["a.backpack"]})) == refusal
    assert br.validate(state, "b", orders(free={"drop": ["b.backpack"], "store": ["b.knife"]})) == refusal
    give_away = orders(free={"store": ["b.knife"], "trades": [{"partner": "a", "give": ["b.backpack"]}]})
    assert br.validate(state, "b", give_away) == refusal
    after, _ = run_night(state, {"b": give_away, "a": trade("b", [], ["b.backpack"])})
    assert kinds_of(after, "b") == ["backpack", "knife"] and not after.students["b"].stored()
    assert kinds_of(after, "a") == ["backpack", "camouflage", "knife"]
    two_deals = orders(free={"trades": [{"partner": "b", "give": ["a.camouflage"]}, {"partner": "b", "give": ["a.backpack"]}]})
    assert br.validate(state, "a", two_deals) == refusal  # the first deal might not happen
    run = orders(movement={"kind": "run", "route": [4], "drop": "a.backpack"})
    assert br.validate(state, "a", run) == refusal
    # a Backpack does not go inside itself
    assert br.validate(state, "b", orders(free={"store": ["b.backpack"]})) == say("backpack_in_backpack")
    # emptying it first is fine, or dropping its contents with it
    assert br.validate(state, "a", orders(free={"drop": ["a.backpack"], "take_out": ["a.camouflage"]})) is None
    both = orders(free={"drop": ["a.backpack", "a.camouflage"]})
    assert br.validate(state, "a", both) is None
    after, _ = run_night(state, {"a": both})
    assert kinds_of(after, "a") == ["knife"] and sorted(i.kind for i in after.zones[1].ground) == ["backpack", "camouflage"]
    assert not any(i.stored for i in after.zones[1].ground)  # out of the Backpack once on the ground

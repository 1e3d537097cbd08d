"""Autocomplete offers what tonight's own free actions bring (handbook III.F.1: "All Free Actions happen
before any other actions"): the choosers of the night's action and of wearing read the player's current
orders, so an item picked up, taken out of the Backpack or asked for in a trade tonight is offered, marked
as coming tonight, and the value chosen is read back as that very item. Free actions do not chain: storing,
dropping and trading offer only what the player holds now."""
from __future__ import annotations

from typing import Any

from engine import registry
from engine.front import Asked
from engine.rulesets.battle_royale.front.texts import text
from engine.rulesets.battle_royale.orders import NightOrders
from tests.battle_royale.helpers import add_item, make_state

br = registry.get("battle_royale")
front = registry.front("battle_royale")


def ask(view: dict[str, Any], current: dict[str, Any], command: str, **values: Any) -> dict[str, Any]:
    """The orders after `/command` with these options (the rest at their defaults), as the bot applies it."""
    declared = front.orders.command(command)
    filled = {o.name: values.get(o.name, o.default) for o in declared.options}
    return front.orders.apply(Asked(command=command, values=filled, view=view, current=current)).orders


def no_orders(sid: str, state) -> dict[str, Any]:
    return br.default_orders(state, sid).model_dump(mode="json")


def valid(state, orders: dict[str, Any]) -> str | None:
    return br.validate(state, "a", NightOrders.model_validate(orders))


def choices(source: str, view, current, **chosen) -> list[tuple[str, str]]:
    return front.orders.choices(source, view, "", chosen, current)


def knife_on_the_ground():
    """Ann, empty-handed, and Bo (another school) on the Landing Strip; a Knife on its ground."""
    state = make_state({"a": {"name": "Ann"}, "b": {"name": "Bo", "school": 2}})
    knife = state.new_item("knife")
    state.zones[1].ground.append(knife)
    return state, knife.uid


def test_III_F_1_a_knife_picked_up_tonight_is_offered_as_the_weapon_and_attacks_with_that_knife():
    state, uid = knife_on_the_ground()
    view = br.view(state, "a")
    before = no_orders("a", state)
    assert choices("weapons", view, before) == [("Unarmed", "unarmed")]
    picked = ask(view, before, "pickup", item="Knife")
    offered = choices("weapons", view, picked)
    assert offered == [(text("choice_coming", label="Knife"), "Knife"), ("Unarmed", "unarmed")]
    orders = ask(view, picked, "attack", weapon=offered[0][1], target="b", attempts=2)
    assert orders["action"]["weapon"] == uid
    assert valid(state, orders) is None


def test_III_F_1_a_second_knife_picked_up_tonight_keeps_the_key_reading_maps_back():
    """Keys count mine then those coming: with a Knife in hand, the one picked up is "Knife (2)"."""
    state, uid = knife_on_the_ground()
    add_item(state, state.students["a"], "knife")
    view = br.view(state, "a")
    picked = ask(view, no_orders("a", state), "pickup", item="Knife")
    offered = choices("weapons", view, picked)
    assert [value for _, value in offered] == ["Knife", "Knife (2)", "unarmed"]
    assert offered[1][0] == text("choice_coming", label="Knife (2)")
    assert ask(view, picked, "attack", weapon="Knife (2)", target="b")["action"]["weapon"] == uid


def test_III_F_1_an_item_taken_out_of_the_backpack_tonight_is_offered_for_use_and_as_a_weapon():
    state = make_state({"a": {"name": "Ann", "items": ["backpack", "grenade", "deactivator"],
                              "stored": ["grenade", "deactivator"]}, "b": {"name": "Bo", "school": 2}})
    view = br.view(state, "a")
    before = no_orders("a", state)
    assert choices("weapons", view, before) == [("Unarmed", "unarmed")]
    assert choices("use_items", view, before, use="deactivator") == []
    taken = ask(view, before, "equip", item="Grenade", how="take_out")
    taken = ask(view, taken, "equip", item="Deactivator", how="take_out")
    assert choices("weapons", view, taken) == [(text("choice_taken_out", label="Grenade"), "Grenade"),
                                               ("Unarmed", "unarmed")]
    assert choices("use_items", view, taken, use="deactivator") == [
        (text("choice_taken_out", label="Deactivator (2 uses)"), "Deactivator")]
    orders = ask(view, taken, "use", use="deactivator", item="Deactivator", target="a")
    assert orders["action"]["item"] == "a.deactivator" and valid(state, orders) is None


def test_III_F_1_an_item_asked_for_in_a_trade_is_offered_for_tonights_action():
    state = make_state({"a": {"name": "Ann", "items": ["knife"]}, "b": {"name": "Bo", "items": ["rifle"]},
                        "c": {"name": "Cy", "school": 2}})
    view = br.view(state, "a")
    rifle = choices("partner_items", view, no_orders("a", state), partner="b")
    assert [v for _, v in rifle] == ["Rifle"]
    offered = ask(view, no_orders("a", state), "trade", partner="b", give="Knife", receive=rifle[0][1])
    weapons = choices("weapons", view, offered)
    assert weapons == [(text("choice_coming", label="Rifle"), "Rifle"), ("Unarmed", "unarmed")]  # the Knife goes
    orders = ask(view, offered, "attack", weapon="Rifle", target="c")
    assert orders["action"]["weapon"] == "b.rifle" and valid(state, orders) is None


def test_III_F_1_a_headband_picked_up_tonight_can_be_chosen_to_wear():
    state = make_state({"a": {"name": "Ann"}})
    state.zones[1].ground.append(state.new_item("headband"))
    view = br.view(state, "a")
    picked = ask(view, no_orders("a", state), "pickup", item="Headband")
    assert choices("equip_items", view, picked, how="wear") == [(text("choice_coming", label="Headband"), "Headband")]


def test_III_F_1_free_actions_do_not_chain_an_item_picked_up_is_not_offered_to_store_drop_or_trade():
    state, _ = knife_on_the_ground()
    add_item(state, state.students["a"], "backpack")
    view = br.view(state, "a")
    picked = ask(view, no_orders("a", state), "pickup", item="Knife")
    assert choices("equip_items", view, picked, how="store") == []
    assert [v for _, v in choices("my_items", view, picked)] == ["Backpack"]  # /drop, /trade give, /run drop
    assert choices("equip_items", view, picked, how="take_out") == []


def test_III_F_1_nothing_changes_for_a_player_with_no_free_actions_tonight():
    state = make_state({"a": {"name": "Ann", "items": ["knife", "backpack", "land_mine", "headband", "grenade"],
                              "stored": ["grenade"]}, "b": {"name": "Bo", "school": 2}})
    state.zones[1].ground.append(state.new_item("rifle"))
    view = br.view(state, "a")
    for current in (None, no_orders("a", state)):
        assert choices("weapons", view, current) == [("Knife", "Knife"), ("Unarmed", "unarmed")]
        assert choices("trap_items", view, current) == [("Land Mine", "Land Mine")]
        assert choices("equip_items", view, current, how="wear") == [("Headband", "Headband")]
        assert choices("use_items", view, current) == [(label, key) for label, key in choices("my_items", view, None)
                                                        if key != "Grenade"]

"""`Orders.parts` (issue 33, point 3): the orders one by one for the orders card. Each part names a verb the
game declares (so its Change button opens a menu that exists) and, withdrawn, leaves the other parts as they
were; a game without `parts` has its orders as one whole, withdrawn at once."""

from __future__ import annotations

from engine import registry
from engine.front import OrderPart


def verbs(ruleset: str) -> set[str]:
    orders = registry.front(ruleset).orders
    return {c.name for c in orders.commands} | {c.name for c in orders.forms}


def test_starcraft_mafia_lists_the_main_action_and_each_extra():
    front = registry.front("starcraft_mafia")
    orders = {"main": {"kind": "attack", "target": "s002", "weapon": None, "form": None, "infest": False},
              "give": None, "pickup": None, "steal": None, "offensive": {"kind": "stim"}, "vote": "s003"}
    parts = front.orders.listed(orders, {})
    assert [p.command for p in parts] == ["attack", "stim", "vote lynch"]
    assert all(p.command in verbs("starcraft_mafia") for p in parts)
    assert parts[0].values == (("target", "s002"),)
    assert parts[0].rest is not None and parts[0].rest["main"] == {"kind": "nothing"} and parts[0].rest["vote"] == "s003"
    assert parts[2].rest is not None and parts[2].rest["vote"] is None and parts[2].rest["main"]["kind"] == "attack"
    alone = front.orders.listed(orders | {"offensive": None, "vote": None}, {})
    assert [p.rest for p in alone] == [None]  # the only order: withdrawn, the default applies


def test_battle_royale_lists_each_free_action_the_action_the_movement_and_each_vote():
    front = registry.front("battle_royale")
    orders = {"kind": "night", "free": {"pick_up": ["i1", "i2"], "drop": [], "store": [], "take_out": [], "wear": [],
                                        "remove": [], "trades": [], "track": None},
              "action": {"kind": "search"}, "movement": {"kind": "hold"},
              "votes": {"mark": None, "close": 4, "reward": None}}
    parts = front.orders.listed(orders, {})
    assert [p.command for p in parts] == ["pickup", "pickup", "search", "hold", "vote close"]
    assert all(p.command in verbs("battle_royale") for p in parts)
    first = parts[0].rest
    assert first is not None and first["free"]["pick_up"] == ["i2"] and first["action"] == {"kind": "search"}
    assert parts[4].values == (("zone", "4"),) and parts[4].rest["votes"]["close"] is None


def test_a_game_without_parts_has_its_orders_as_one_whole():
    front = registry.front("mazeworld")
    assert front.orders.parts is None
    [whole] = front.orders.listed({"something": 1}, {})
    assert whole == OrderPart(line="; ".join(front.orders.describe({"something": 1}, {})))
    assert front.orders.listed(None, {}) == []

"""Issue 15: every order command Battle Royale declares, used with a bad field (an unknown or impossible
target, zone, day or item), is refused with its reason through `commands.give_order`, and the stored orders
are exactly as they were: nothing new is stored, the current orders stay current."""
from __future__ import annotations

import pytest

from bot.services.orders import commands, day_actions, orders
from bot.services.base.errors import ServiceError
from engine import registry
from engine.rulesets.battle_royale.front.texts import text
from engine.rulesets.battle_royale.texts import say
from tests.bot.cog_helpers import equip_player, night_game
from tests.services.conftest import NOW, started_game

# command -> (what the player typed, the reason they are told). Everyone stands on The Septagon (5); Player1
# holds a Knife, a C-4 and a Tracking Unit, and has an All-Out Attack on Player2 stored.
BAD = {
    "attack": ({"weapon": "Knife", "target": "Nobody"}, say("unknown_student", target="Nobody")),
    "allout": ({"weapon": "Knife", "target": "Player2", "attempts": 9},
               say("too_many_attempts", weapon="Knife", allowed=5, plural="s", asked=9)),
    "settrap": ({"item": "C-4", "day": 3, "target": "Player2"},
                say("trap_extra", item="C-4", takes=say("trap_takes_day"), extra=say("trap_takes_target"))),
    "use": ({"use": "megaphone", "target": "Player2"}, say("use_no_target", use=say("use_megaphone"))),
    "cover": ({"target": "Player1"}, say("self_target", verb="cover")),
    "analyze": ({"target": "Nobody"}, say("unknown_student", target="Nobody")),
    "heal": ({"target": "Nobody"}, say("unknown_student", target="Nobody")),
    "move": ({"route": "Cliffs"}, say("route_not_adjacent", from_name="The Septagon", zone_name="Cliffs")),
    "run": ({"route": "Beach", "drop": "Rifle"}, text("no_such_item", item="Rifle")),
    "hold": ({}, say("no_hold_after_all_out")),
    "pickup": ({"item": "Rifle"}, text("no_such_item_ground", item="Rifle")),
    "drop": ({"item": "Rifle"}, text("no_such_item", item="Rifle")),
    "equip": ({"item": "Knife", "how": "wear"}, say("not_wearable", item="Knife")),
    "track": ({"target": "Player1"}, say("self_target", verb="track")),
    "trade": ({"partner": "Player2", "receive": "Rifle"}, text("trade_not_visible", name="Player2", item="Rifle")),
    "vote mark": ({"student": "Nobody"}, say("unknown_student", target="Nobody")),
    "vote close": ({"zone": "Atlantis"}, text("no_such_zone", zone="Atlantis")),
    "vote reward": ({"zone": "99"}, say("unknown_zone", zone=99)),
}
DAY0_ONLY = {"defend", "search"}  # no field to get wrong: refused on Day 0, before the night's orders


def test_every_declared_order_command_has_a_bad_case():
    declared = {c.name for c in registry.front("battle_royale").orders.commands}
    assert set(BAD) | DAY0_ONLY == declared


async def _stored(db, game_id: int, user: int) -> tuple[dict, list]:
    mine = await orders.my_orders(db, game_id, user)
    return await day_actions.current_payload(db, game_id, user), [(o.receipt, o.current) for o in mine]


@pytest.mark.parametrize("name", sorted(BAD))
async def test_a_refused_order_is_never_stored_and_leaves_the_orders_unchanged(db, name):
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "knife", "c4", "tracking_unit")
    await commands.give_order(db, game_id, 1, "allout", {"weapon": "Knife", "target": "Player2", "attempts": 2}, NOW)
    before = await _stored(db, game_id, 1)
    values, reason = BAD[name]
    with pytest.raises(ServiceError) as refused:
        await commands.give_order(db, game_id, 1, name, values, NOW)
    assert str(refused.value) == reason
    assert await _stored(db, game_id, 1) == before


@pytest.mark.parametrize("name", sorted(DAY0_ONLY))
async def test_a_night_action_on_day_0_is_refused_and_leaves_the_day0_choice_unchanged(db, name):
    game_id = await started_game(db)
    await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 4}, NOW)
    before = await _stored(db, game_id, 1)
    with pytest.raises(ServiceError) as refused:
        await commands.give_order(db, game_id, 1, name, {}, NOW)
    assert str(refused.value) == text("day0_orders")
    assert await _stored(db, game_id, 1) == before

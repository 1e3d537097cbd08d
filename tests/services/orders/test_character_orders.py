"""Orders of a player whose character has an id of its own (Infinity: the PC `lena` of seat s001): the bot stores
them under the character's id (`actors.acting_for`), so `/orders` (`orders.my_orders`) and `/mod orders`
(`day_actions.awaited_players`) find them there, not under the seat. Rulings
"Post order and turns" (Infinity): a post is built over several commands and sent with /send."""

from __future__ import annotations

from bot.services.orders import day_actions, orders
from bot.services.orders.commands import give_order
from tests.services.conftest import NOW, mod
from tests.services.orders.test_post_ready import game_row, infinity_game


async def test_my_orders_finds_the_post_being_built_under_the_characters_id(db):
    game_id = await infinity_game(db)
    assert (await game_row(db, game_id)).state["awaited"] == "lena"
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    await give_order(db, game_id, 1, "observe", {}, NOW)
    mine = await orders.my_orders(db, game_id, 1)
    assert [row.seat for row in mine] == ["lena", "lena"] and mine[0].current and not mine[1].current
    assert [a["kind"] for a in mine[0].payload["actions"]] == ["cover", "observe"]
    assert await orders.my_orders(db, game_id, 2) == []  # the Fusilier's player has given nothing


async def test_the_history_of_a_player_holds_the_characters_orders(db):
    game_id = await infinity_game(db)
    first = await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    history = await day_actions.order_history(db, game_id, 1)
    assert [o.receipt for o in history] == [first.submitted.receipt] and history[0].seat == "lena"


async def test_mod_orders_does_not_call_a_post_in_progress_without_orders(db):
    game_id = await infinity_game(db)
    assert await day_actions.awaited_players(db, game_id, mod()) == (["Player1"], [])
    await give_order(db, game_id, 1, "cover", {"level": "high"}, NOW)
    assert await day_actions.who_has_not_submitted(db, game_id, mod()) == []
    assert await day_actions.awaited_players(db, game_id, mod()) == ([], ["Player1"])
    await give_order(db, game_id, 1, "send", {}, NOW)
    assert await day_actions.awaited_players(db, game_id, mod()) == ([], [])  # sent: complete, resolved at the next look

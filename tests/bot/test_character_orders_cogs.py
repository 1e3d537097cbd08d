"""`/orders` and `/mod orders` through the cogs for a player whose character has an id of its own (Infinity: Player1
plays Lena, who posts first; rulings "Post order and turns": a post is built over several commands and sent with
/send): `/orders` shows the post being built, with its receipts and the Withdraw button, and `/mod orders` names
that player as having begun orders, not as "still without orders"."""

from __future__ import annotations

from bot.cogs.game_commands import build_cog
from bot.cogs.moderation import ModerationCog
from bot.cogs.my_orders import MyOrdersCog
from bot.ui.order_card import CardPress
from bot.ui.text import ui
from tests.bot.cog_helpers import run
from tests.bot.test_buttons_day0 import press
from tests.bot.test_moderation_cog import run as mod_run
from tests.services.orders.test_character_orders import game_row, infinity_game


async def test_orders_shows_the_post_being_built_with_receipts_and_withdraw(gm, db):
    game_id = await infinity_game(db)
    assert (await game_row(db, game_id)).state["awaited"] == "lena"
    await run(build_cog()(gm), "cover", 1, level="high")
    shown = await run(MyOrdersCog(gm), "orders", 1)
    assert shown.all_ephemeral and "Move to high cover" in shown.text and "(current)" in shown.text
    view = shown.sent[0]["view"]
    labels = [b.label for b in view.children]
    assert labels == ["Change", "Withdraw these orders", "Add an order"]  # the post is one whole order
    withdraw = view.children[1].custom_id
    assert withdraw.startswith(f"brbot:ord:{game_id}:0:1:del:")
    other = await run(MyOrdersCog(gm), "orders", 2)  # the Fusilier's player: nothing given, only Add
    assert "Move to high cover" not in other.text
    assert [b.label for b in other.sent[0]["view"].children] == ["Add an order"]
    button, interaction = press(gm, CardPress, withdraw, 1)
    await button.callback(interaction)
    assert "withdrawn" in interaction.text
    after = await run(MyOrdersCog(gm), "orders", 1)
    assert "Move to high cover" not in after.text
    assert [b.label for b in after.sent[0]["view"].children] == ["Add an order"]


async def test_mod_orders_names_a_post_in_progress_as_begun_not_missing(gm, db):
    game_id = await infinity_game(db)
    cog = ModerationCog(gm)
    assert (await mod_run(cog, "mod orders")).text == ui("mod_waiting", names="Player1")
    await run(build_cog()(gm), "cover", 1, level="high")
    done = await mod_run(cog, "mod orders")
    assert done.text == ui("mod_unsent", names="Player1") and done.all_ephemeral
    assert "Still without orders" not in done.text
    await run(build_cog()(gm), "act", 1, action="send")
    assert (await mod_run(cog, "mod orders")).text == ui("mod_all_in")
    assert (await game_row(db, game_id)).day == 0  # sent, not resolved yet: no step was taken meanwhile

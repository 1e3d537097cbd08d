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
    first = (await mod_run(cog, "mod orders")).text.splitlines()
    assert first == [ui("mod_waiting", names="Player1"), ui("gm_none_now")], first  # Zhanshi waits for its post
    await run(build_cog()(gm), "cover", 1, level="high")
    done = await mod_run(cog, "mod orders")
    assert done.text.splitlines()[0] == ui("mod_unsent", names="Player1") and done.all_ephemeral
    assert "Still without orders" not in done.text
    await run(build_cog()(gm), "act", 1, action="send")
    assert (await mod_run(cog, "mod orders")).text.splitlines()[0] == ui("mod_all_in")
    assert (await game_row(db, game_id)).day == 0  # sent, not resolved yet: no step was taken meanwhile


async def test_mod_orders_has_the_npcs_card_whose_add_orders_for_it_and_refuses_a_player(gm, db):
    """Issue 33, point 3, the game master's side: `/mod orders` carries the orders card of the NPC on its post,
    whose Add an order opens the select of verbs for that NPC; the same button pressed by a player who
    moderates nothing is refused."""
    from bot.services.base.snapshot_cache import SnapshotCache
    from bot.services.base.snapshots import use_cache
    from bot.ui.order_card import GameMasterPress, VerbChosen
    from bot.ui.order_menu import OrderMenu
    from tests.bot.cog_helpers import edit_state
    from tests.bot.test_moderation_cog import MOD, moderator

    game_id = await infinity_game(db)
    assert "view" not in (await mod_run(ModerationCog(gm), "mod orders")).sent[0]  # Lena's post: no NPC may act

    def zhanshi_posts(state) -> None:
        state.awaited = "zhanshi"

    await edit_state(db, game_id, zhanshi_posts)
    use_cache(db, SnapshotCache())  # the state was edited behind the services' back: no stale snapshot
    shown = await mod_run(ModerationCog(gm), "mod orders")
    view = shown.sent[0]["view"]
    assert shown.sent[0]["embeds"][0].title.startswith("Orders of Zhanshi in ")
    labels = {b.label: b.custom_id for b in view.children}
    assert list(labels) == ["Add an order"], labels
    button, _ = press(gm, GameMasterPress, labels["Add an order"], MOD)
    pressed = moderator(gm)
    pressed.message = None
    await button.callback(pressed)
    chooser = pressed.sent[-1]["view"].children[0]
    assert chooser.custom_id.endswith(":zhanshi") and "attack" in [o.value for o in chooser.options]
    select, chosen = press(gm, VerbChosen, chooser.custom_id, MOD)
    chosen = moderator(gm)
    chosen.data = {"values": ["attack"]}
    await select.callback(chosen)
    menu = chosen.sent[-1]["view"]
    assert isinstance(menu, OrderMenu) and menu.actor == "zhanshi", chosen.text
    forged, interaction = press(gm, GameMasterPress, labels["Add an order"], 1)  # a player: not a moderator
    await forged.callback(interaction)
    assert "moderat" in interaction.text.lower() and "view" not in interaction.sent[-1], interaction.text

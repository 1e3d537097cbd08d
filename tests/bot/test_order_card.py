"""Issue 33, point 3: the orders card under /orders and /status, through the cogs: a Change and a Withdraw
button per order of the step and Add an order; Withdraw takes that order alone off, Change and Add open the
verb's menu, whose Submit stores the order; another player's press, a card of an earlier step and an order
already gone are refused in words, changing nothing."""

from __future__ import annotations

from bot.cogs.game_commands import COG as OrdersCog
from bot.cogs.info import InfoCog
from bot.cogs.my_orders import MyOrdersCog
from bot.screens import orders as screen
from bot.services.orders import day_actions
from bot.ui.order_card import CardPress, VerbChosen
from bot.ui.order_menu import OrderMenu
from tests.bot.cog_helpers import night_game, run
from tests.bot.test_buttons_day0 import press


def buttons(shown) -> dict[str, str]:
    """label -> custom id of the buttons under the reply."""
    view = next(m["view"] for m in shown.sent if m.get("view") is not None)
    return {b.label: b.custom_id for b in view.children}


async def two_votes(gm, db) -> int:
    game_id = await night_game(db)
    await run(OrdersCog(gm), "vote mark", 1, student="Player3")
    await run(OrdersCog(gm), "vote close", 1, zone="4")
    return game_id


async def test_orders_lists_each_order_with_change_withdraw_and_add(gm, db):
    await two_votes(gm, db)
    shown = await run(MyOrdersCog(gm), "orders", 1)
    assert "**1.** Vote to mark Player3" in shown.text and "**2.** Vote to close Beach" in shown.text, shown.text
    assert list(buttons(shown)) == ["Change 1", "Withdraw 1", "Change 2", "Withdraw 2", "Add an order"]
    status = await run(InfoCog(gm), "status", 1)
    assert "Withdraw 2" in buttons(status) and status.all_ephemeral  # /status carries the same buttons


async def test_withdraw_one_order_keeps_the_others_and_is_gone_from_the_next_orders(gm, db):
    game_id = await two_votes(gm, db)
    ids = buttons(await run(MyOrdersCog(gm), "orders", 1))
    button, interaction = press(gm, CardPress, ids["Withdraw 2"], 1)
    await button.callback(interaction)
    assert "Withdrawn from your orders for Day 1: Vote to close Beach" in interaction.text, interaction.text
    assert interaction.sent[-1].get("edit")  # the card itself shows the orders left
    votes = (await day_actions.current_payload(db, game_id, 1))["votes"]
    assert votes["close"] is None and votes["mark"] == "s003"
    after = await run(MyOrdersCog(gm), "orders", 1)
    assert "Vote to close Beach" not in after.text and "Vote to mark Player3" in after.text
    assert list(buttons(after)) == ["Change 1", "Withdraw 1", "Add an order"]
    again, interaction = press(gm, CardPress, ids["Withdraw 2"], 1)  # the old card's button: that order is gone
    await again.callback(interaction)
    assert "no longer among your orders" in interaction.text


async def test_another_players_press_and_an_earlier_steps_are_refused(gm, db):
    game_id = await two_votes(gm, db)
    ids = buttons(await run(MyOrdersCog(gm), "orders", 1))
    button, interaction = press(gm, CardPress, ids["Withdraw 1"], 2)
    await button.callback(interaction)
    assert interaction.text == "These buttons are another player's orders: use /orders for your own."
    assert (await day_actions.current_payload(db, game_id, 1))["votes"]["mark"] == "s003"
    old = ids["Withdraw 1"].replace(f"brbot:ord:{game_id}:1:", f"brbot:ord:{game_id}:0:")
    button, interaction = press(gm, CardPress, old, 1)
    await button.callback(interaction)
    assert interaction.text == "These buttons are from an earlier step: use /orders again."
    assert (await day_actions.current_payload(db, game_id, 1))["votes"]["mark"] == "s003"


async def test_change_opens_the_orders_menu_preselected_and_submit_changes_it(gm, db):
    game_id = await two_votes(gm, db)
    ids = buttons(await run(MyOrdersCog(gm), "orders", 1))
    button, interaction = press(gm, CardPress, ids["Change 2"], 1)
    await button.callback(interaction)
    menu = interaction.sent[-1]["view"]
    assert isinstance(menu, OrderMenu) and interaction.all_ephemeral
    zone = next(c for c in menu.children if getattr(c, "custom_id", "") == "order:vote close:zone")
    assert [o.value for o in zone.options if o.default] == ["4"]
    menu.values["zone"] = ["5"]
    submit = FakeClick(gm, 1)
    await menu.submit(submit)
    assert "Vote to close" in submit.text and "Receipt" in submit.text, submit.text
    assert (await day_actions.current_payload(db, game_id, 1))["votes"]["close"] == 5


async def test_add_an_order_chooses_the_verb_then_its_menu(gm, db):
    game_id = await two_votes(gm, db)
    ids = buttons(await run(MyOrdersCog(gm), "orders", 1))
    button, interaction = press(gm, CardPress, ids["Add an order"], 1)
    await button.callback(interaction)
    chooser = interaction.sent[-1]["view"].children[0]
    verbs = [o.value for o in chooser.options]
    assert "vote reward" in verbs and "attack" in verbs and "day0" not in verbs  # the night's verbs only
    assert len(chooser.options) <= 25
    select, chosen = press(gm, VerbChosen, chooser.custom_id, 1)
    chosen.data = {"values": ["vote reward"]}
    await select.callback(chosen)
    menu = chosen.sent[-1]["view"]
    assert isinstance(menu, OrderMenu) and chosen.sent[-1].get("edit")  # the menu replaces the chooser
    menu.values["zone"] = ["4"]
    submit = FakeClick(gm, 1)
    await menu.submit(submit)
    assert (await day_actions.current_payload(db, game_id, 1))["votes"]["reward"] == 4
    shown = await run(MyOrdersCog(gm), "orders", 1)
    assert "Withdraw 3" in buttons(shown)


def test_many_orders_page_within_discords_limits():
    keys = [f"{n:08x}" for n in range(11)]
    reached = set()
    for page in range(3):
        rows = screen.card_buttons(7, 2, 99, keys, page)
        assert len(rows) <= 5 and all(len(row) <= 5 for row in rows)
        assert all(len(b.custom_id) <= 100 and len(b.label) <= 80 for row in rows for b in row)
        reached |= {b.custom_id.rsplit(":", 1)[1] for row in rows for b in row if ":del:" in b.custom_id}
        pages = [b.label for b in rows[-1] if ":page:" in b.custom_id]
        assert len(pages) == 2  # the two other pages
    assert reached == set(keys)


class FakeClick:
    """A press on a menu's button, answered by editing the menu's message."""

    def __new__(cls, gm, user: int):
        from tests.bot.fakes import FakeInteraction, FakeUser

        interaction = FakeInteraction(gm, FakeUser(user, f"Player{user}"))
        interaction.message = None
        return interaction


async def test_a_step_dm_and_a_reminder_carry_your_orders_which_shows_the_card(gm, db):
    from bot.ui.buttons import buttons_for

    game_id = await two_votes(gm, db)
    for kind in ("reminder", "step_yours"):
        [button] = buttons_for({"kind": kind, "game": game_id, "day": 1, "user": 1})
        assert button.label == "Your orders" and button.custom_id == f"brbot:ord:{game_id}:1:1:show"
    assert buttons_for({"kind": "reminder"}) == []  # a reminder written before the card: no button
    many = [{"custom_id": f"brbot:step:1:1:{n:012x}", "label": str(n), "style": "primary"} for n in range(24)]
    assert len(buttons_for({"kind": "step_buttons", "buttons": many, "game": 1, "day": 1, "user": 1})) == 25
    shown, interaction = press(gm, CardPress, f"brbot:ord:{game_id}:1:1:show", 1)
    await shown.callback(interaction)
    assert "Vote to close Beach" in interaction.text and interaction.all_ephemeral
    assert "Withdraw 2" in buttons(interaction)


async def test_change_of_an_attack_opens_its_menu_with_the_weapon_and_target_chosen(gm, db):
    game_id = await night_game(db)
    said = await run(OrdersCog(gm), "attack", 1, weapon="unarmed", target="Player2", attempts=1)
    assert "Order saved" in said.text, said.text
    ids = buttons(await run(MyOrdersCog(gm), "orders", 1))
    button, interaction = press(gm, CardPress, ids["Change 1"], 1)
    await button.callback(interaction)
    menu = interaction.sent[-1]["view"]
    assert isinstance(menu, OrderMenu)
    chosen = {c.custom_id: [o.value for o in c.options if o.default] for c in menu.children if hasattr(c, "options")}
    assert chosen["order:attack:weapon"] == ["unarmed"] and chosen["order:attack:target"] == ["s002"], chosen
    submit = FakeClick(gm, 1)
    await menu.submit(submit)  # given again as it stands: the same order, a new receipt
    assert "Order saved" in submit.text and "Player2" in submit.text, submit.text
    assert (await day_actions.current_payload(db, game_id, 1))["action"]["attempts"] == {"s002": 1}


async def test_the_card_reads_in_the_players_language(gm, db):
    from tests.bot.fakes import FakeInteraction, FakeUser

    await two_votes(gm, db)
    for locale, words in (("pt-BR", ["Alterar 1", "Retirar 1", "Adicionar ordem"]),
                          ("es-ES", ["Cambiar 1", "Retirar 1", "Añadir una orden"])):
        asked = FakeInteraction(gm, FakeUser(1, "Player1"), locale=locale)
        shown = await run(MyOrdersCog(gm), "orders", 1, interaction=asked)
        assert all(w in buttons(shown) for w in words), buttons(shown)


async def test_a_fifth_order_is_on_the_second_page_and_its_button_reaches_it(gm, db):
    game_id = await two_votes(gm, db)
    cog = OrdersCog(gm)
    await run(cog, "vote reward", 1, zone="4")
    await run(cog, "act", 1, action="search")
    await run(cog, "act", 1, action="hold")
    shown = await run(MyOrdersCog(gm), "orders", 1)
    first = buttons(shown)
    assert "**5.**" in shown.text and "Withdraw 4" in first and "Withdraw 5" not in first, list(first)
    assert len(shown.sent[0]["view"].children) <= 25
    turn, interaction = press(gm, CardPress, first["Orders 5-5"], 1)
    await turn.callback(interaction)
    second = buttons(interaction)
    assert "Withdraw 5" in second and "Orders 1-4" in second and interaction.sent[-1].get("edit"), list(second)
    gone, interaction = press(gm, CardPress, second["Withdraw 5"], 1)
    await gone.callback(interaction)
    assert "Withdrawn from your orders" in interaction.text
    assert (await day_actions.current_payload(db, game_id, 1))["votes"]["close"] == 4  # the others stand

"""Issue 33, point 1: a typed order command given without some of its verb's options (left out, or carried by
no shared option: Battle Royale's second and third targets, handbook III.C Attack) is answered with its
confirmation, or the game's refusal, and a "More options" button that opens the verb's menu prefilled with
what was typed; in the channel and by DM. A verb given with all it has gets no button."""

from __future__ import annotations

from bot.cogs.game_commands import COG as OrdersCog
from bot.ui.order_menu import LIVE, MoreOptions, OrderExpired, OrderMenu
from bot.ui.text import ui
from tests.bot.cog_helpers import night_game, run, seats, submit_menu
from tests.bot.fakes import FakeInteraction, FakeUser
from tests.bot.test_buttons_day0 import press
from tests.bot.test_scm_cogs import outpost


def more_button(shown: FakeInteraction):
    view = shown.sent[-1].get("view")
    assert isinstance(view, MoreOptions), shown.sent[-1]
    [button] = view.children
    assert button.label == "More options" and button.custom_id == f"order:{view.command.name}:more"
    return button


async def opened(gm, shown: FakeInteraction, user: int, dm: bool = False) -> FakeInteraction:
    """More options pressed: the verb's menu, a message of its own."""
    pressed = FakeInteraction(gm, FakeUser(user, f"Player{user}"), **({"guild_id": None, "channel_id": None} if dm else {}))
    await more_button(shown).callback(pressed)
    assert pressed.all_ephemeral and isinstance(pressed.sent[-1]["view"], OrderMenu), pressed.text
    return pressed


async def test_battle_royale_attack_typed_offers_its_menu_with_the_second_target_in_the_channel_and_by_dm(gm, db):
    game_id = await night_game(db)
    users = await seats(db, game_id)
    cog = OrdersCog(gm)
    saved = await run(cog, "attack", 1, weapon="unarmed", target="Player2", attempts=1)
    assert saved.text.startswith("Order saved for Day 1: Attack with bare hands: Player2"), saved.text
    menu = await opened(gm, saved, 1)
    assert "/attack in " in menu.text  # the verb's own card on top
    chosen = menu.sent[-1]["view"].values
    assert chosen["weapon"] == ["unarmed"] and chosen["target"] == ["Player2"] and chosen["attempts"] == ["1"]
    third = next(seat for seat, user in users.items() if user == 3)
    assert any(s.name == "target2" for s in menu.sent[-1]["view"].form.selects)  # what no shared option carries
    two = await submit_menu(menu, 1, target2=third)
    assert two.text == "Unarmed allows 1 hit attempt today; you asked for 2.", two.text  # validated as typed would be
    given = await submit_menu(await opened(gm, saved, 1), 1, target=third)
    assert given.text.startswith("Order saved for Day 1: Attack with bare hands: Player3"), given.text

    dm = FakeInteraction(gm, FakeUser(2, "Player2"), guild_id=None, channel_id=None)
    by_dm = await run(cog, "attack", 2, interaction=dm, weapon="unarmed", target="Player1", attempts=1)
    assert by_dm.all_ephemeral and "Order saved" in by_dm.text, by_dm.text
    from_dm = await opened(gm, by_dm, 2, dm=True)
    assert from_dm.sent[-1]["view"].values["target"] == ["Player1"]


async def test_a_refusal_of_the_order_as_typed_offers_the_menu_prefilled(gm, db):
    await night_game(db)
    refused = await run(OrdersCog(gm), "attack", 1, weapon="Rifle", target="Player2", attempts=1)
    assert refused.text == "You carry no item called Rifle." and refused.all_ephemeral  # the game's reason, whole
    menu = await opened(gm, refused, 1)
    assert menu.sent[-1]["view"].values["weapon"] == ["Rifle"]  # as typed: choose another there


async def test_a_verb_given_with_all_its_options_and_a_refusal_not_of_the_order_get_no_button(gm, db):
    await night_game(db)
    searched = await run(OrdersCog(gm), "act", 1, action="search")  # Search has no options
    assert "Order saved" in searched.text and "view" not in searched.sent[-1], searched.sent[-1]
    stranger = await run(OrdersCog(gm), "attack", 9, weapon="unarmed", target="Player2", attempts=1)
    assert "view" not in stranger.sent[-1], stranger.text  # not playing: no menu would help


async def test_starcraft_mafia_attack_typed_with_its_target_offers_its_menu(gm, db):
    _, seat_of = await outpost(db)
    saved = await run(OrdersCog(gm), "attack", 1, target=seat_of[2])
    assert saved.text.startswith("Order saved for Day 1: Attack Player2."), saved.text
    menu = await opened(gm, saved, 1)
    assert menu.sent[-1]["view"].values["target"] == [seat_of[2]]
    dm = FakeInteraction(gm, FakeUser(2, "Player2"), guild_id=None, channel_id=None)
    by_dm = await run(OrdersCog(gm), "attack", 2, interaction=dm, target=seat_of[3])
    assert "Order saved" in by_dm.text, by_dm.text
    assert (await opened(gm, by_dm, 2, dm=True)).sent[-1]["view"].values["target"] == [seat_of[3]]


async def test_more_options_after_a_restart_says_to_type_the_command_again(gm, db):
    await night_game(db)
    saved = await run(OrdersCog(gm), "attack", 1, weapon="unarmed", target="Player2", attempts=1)
    custom_id = more_button(saved).custom_id
    LIVE.clear()  # as after a restart: the button's view is gone
    item, interaction = press(gm, OrderExpired, custom_id, 1)
    await item.callback(interaction)
    assert interaction.text == ui("menu_expired", command="attack"), interaction.text

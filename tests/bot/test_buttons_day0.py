"""Buttons and select menus: Lovers and trade answers (handbook II.A.2, III.B), withdrawing orders, and
the Day 0 choices (handbook II) through /day0."""
from __future__ import annotations

from sqlalchemy import select

from bot.cogs.day0 import Day0Cog
from bot.cogs.free_actions import FreeActionsCog
from bot.cogs.my_orders import MyOrdersCog
from bot.cogs.signup import SignUpCog
from bot.db.models import Outbox, Player
from bot.services import day_actions, games
from bot.ui.buttons import LoversAnswer, TradeAnswer, WithdrawOrders
from tests.bot.cog_helpers import command, night_game, run, seats, state_of
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.services.conftest import started_game


def press(gm, cls, custom_id: str, user: int) -> tuple:
    match = __import__("re").fullmatch(cls.__discord_ui_compiled_template__, custom_id)
    item = cls(custom_id, **match.groupdict())
    interaction = FakeInteraction(gm, FakeUser(user, f"Player{user}"), guild_id=None, channel_id=None)
    interaction.message = None
    return item, interaction


async def test_lovers_accept_button_makes_both_lovers(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555)
    cog = SignUpCog(gm)
    for user in (1, 2):
        await run(cog, "join", user)
    await call(command(cog, "role lovers"), cog, FakeInteraction(gm, FakeUser(1)), partner=FakeUser(2, "Player2"), game=None)
    item, interaction = press(gm, LoversAnswer, f"brbot:lovers:{game.id}:1:yes", 2)
    await item.callback(interaction)
    assert interaction.text == "You are now Lovers."
    async with db.read() as session:
        rows = {p.user_id: p.requests for p in (await session.execute(select(Player))).scalars()}
        told = (await session.execute(select(Outbox).where(Outbox.target_id == 1))).scalars().all()
    assert rows[1] == {"role": "lovers", "lover": 2} and rows[2] == {"role": "lovers", "lover": 1}
    assert [t.payload["kind"] for t in told] == ["lovers_answer"] and "accepted" in told[0].text
    again, interaction = press(gm, LoversAnswer, f"brbot:lovers:{game.id}:1:yes", 2)
    await again.callback(interaction)
    assert interaction.text == "There is no Lovers proposal from that player to answer."


async def test_lovers_decline_button(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.propose_lovers(db, game.id, 1, 2)
    item, interaction = press(gm, LoversAnswer, f"brbot:lovers:{game.id}:1:no", 2)
    await item.callback(interaction)
    assert interaction.text == "You declined the proposal."
    async with db.read() as session:
        requests = (await session.execute(select(Player.requests).where(Player.user_id == 1))).scalar_one()
    assert requests == {"role": "dedicated_student"}


async def test_trade_accept_button_adds_the_mirror_to_the_partners_orders(gm, db):
    """III.B: the trade happens only when both submit the same deal; accepting submits the mirror."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    state = await state_of(db, game_id)
    seat1 = next(s for s, u in users.items() if u == 1)
    seat2 = next(s for s, u in users.items() if u == 2)
    item_uid = state.students[seat1].items[0].uid if state.students[seat1].items else None
    give = state.students[seat1].items[0].name if item_uid else None
    await run(FreeActionsCog(gm), "trade", 1, partner=seat2, give=give)
    button, interaction = press(gm, TradeAnswer, f"brbot:trade:{game_id}:1:yes", 2)
    await button.callback(interaction)
    assert "You accepted" in interaction.text
    mine = (await day_actions.current_payload(db, game_id, 2))["free"]["trades"]
    assert mine == [{"partner": seat1, "give": [], "receive": [item_uid] if item_uid else []}]


async def test_withdraw_button_restores_the_default_and_refuses_an_old_day(gm, db):
    game_id = await night_game(db)
    await run(FreeActionsCog(gm), "vote close", 1, zone="4")
    shown = await run(MyOrdersCog(gm), "orders", 1)
    assert "Vote to close Beach" in shown.text and "(current)" in shown.text and shown.all_ephemeral
    view = shown.sent[0]["view"]
    custom_id = view.children[0].custom_id
    assert custom_id == f"brbot:withdraw:{game_id}:1"
    button, interaction = press(gm, WithdrawOrders, custom_id, 1)
    await button.callback(interaction)
    assert "withdrawn" in interaction.text
    assert (await day_actions.current_payload(db, game_id, 1))["votes"]["close"] is None
    after = await run(MyOrdersCog(gm), "orders", 1)
    assert "if you send nothing, you Defend" in after.text
    old, interaction = press(gm, WithdrawOrders, f"brbot:withdraw:{game_id}:0", 1)
    await old.callback(interaction)
    assert interaction.text == "Those orders were for an earlier day: use /orders again."


async def test_orders_of_one_player_never_show_another_players(gm, db):
    game_id = await night_game(db)
    await run(FreeActionsCog(gm), "vote mark", 2, student="Player3")
    mine = await run(MyOrdersCog(gm), "orders", 1)
    assert "Player3" not in mine.text and "mark" not in mine.text.lower()


async def test_day0_select_menus_submit_the_choices(gm, db):
    """II: on Day 0 each student picks a starting zone and abilities of their role."""
    game_id = await started_game(db, players=3)
    shown = await run(Day0Cog(gm), "day0", 1)
    assert shown.all_ephemeral
    state = await state_of(db, game_id)
    me = next(s for s in state.students.values() if s.name == "Player1")
    role = {"dedicated_student": "Dedicated Student", "lovers": "Lover", "lone_wolf": "Lone Wolf"}[me.role]
    assert f"You are a {role} of School {me.school}." in shown.text, shown.text
    choices = shown.sent[0]["view"]
    zone_select = next(c for c in choices.children if getattr(c, "custom_id", "") == "day0:zone")
    abilities = next(c for c in choices.children if getattr(c, "custom_id", "") == "day0:abilities")
    assert [o.label for o in zone_select.options][:2] == ["A random zone", "Landing Strip"]
    zone_select._values = ["4"]
    await zone_select.callback(FakeInteraction(gm, FakeUser(1)))
    abilities._values = [abilities.options[0].value]
    await abilities.callback(FakeInteraction(gm, FakeUser(1)))
    submit = FakeInteraction(gm, FakeUser(1))
    await choices.submit(submit)
    assert "Start in Beach" in submit.text and "Receipt" in submit.text
    payload = await day_actions.current_payload(db, game_id, 1)
    assert payload == {"kind": "day0", "start_zone": 4, "abilities": [abilities.options[0].value], "rival_reward": None}


async def test_day0_after_day0_is_refused(gm, db):
    await night_game(db)
    shown = await run(Day0Cog(gm), "day0", 1)
    assert shown.text == "Day 0 is over: the choices of Day 0 can no longer be made."

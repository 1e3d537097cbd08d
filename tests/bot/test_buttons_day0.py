"""Buttons and select menus: Lovers and trade answers (handbook II.A.2, III.B), withdrawing orders, and
the Day 0 choices (handbook II) through /day0."""
from __future__ import annotations

from bot.cogs.game_commands import COG as OrdersCog
from sqlalchemy import select

from bot.cogs.forms import FormsCog as Day0Cog
from bot.cogs.my_orders import MyOrdersCog
from bot.cogs.signup import SignUpCog
from bot.db.models import Outbox, Player
from bot.services.orders import day_actions
from bot.services.signup import games
from bot.ui.buttons import LegacyPairAnswer, PairAnswer, TradeAnswer, WithdrawOrders
from tests.bot.cog_helpers import NOW, command, equip_player, night_game, run, seats, state_of
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.services.conftest import started_game


def press(gm, cls, custom_id: str, user: int) -> tuple:
    match = __import__("re").fullmatch(cls.__discord_ui_compiled_template__, custom_id)
    item = cls(custom_id, **match.groupdict())
    interaction = FakeInteraction(gm, FakeUser(user, f"Player{user}"), guild_id=None, channel_id=None)
    interaction.message = None
    return item, interaction


async def proposal_button_ids(db, game_id: int, partner: int) -> list[str]:
    """The Accept and Decline custom ids of the newest proposal DM to `partner`."""
    from bot.ui.buttons import buttons_for
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id, Outbox.target_id == partner)
                                      .order_by(Outbox.id))).scalars().all()
    return [b.custom_id for b in buttons_for(rows[-1].payload)]


async def test_lovers_accept_button_makes_both_lovers(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555)
    cog = SignUpCog(gm)
    for user in (1, 2):
        await run(cog, "join", user)
    await call(command(cog, "role lovers"), cog, FakeInteraction(gm, FakeUser(1)), partner=FakeUser(2, "Player2"), game=None)
    accept, decline = await proposal_button_ids(db, game.id, 2)
    assert (accept, decline) == (f"brbot:pair:{game.id}:lover:1:yes", f"brbot:pair:{game.id}:lover:1:no")
    item, interaction = press(gm, PairAnswer, accept, 2)
    await item.callback(interaction)
    assert interaction.text == "You are now Lovers."
    async with db.read() as session:
        rows = {p.user_id: p.requests for p in (await session.execute(select(Player).order_by(Player.id))).scalars()}
        told = (await session.execute(select(Outbox).where(Outbox.target_id == 1).order_by(Outbox.id))).scalars().all()
    assert rows[1] == {"role": "lovers", "lover": 2} and rows[2] == {"role": "lovers", "lover": 1}
    assert [t.payload["kind"] for t in told] == ["lovers_answer"] and "accepted" in told[0].text
    again, interaction = press(gm, PairAnswer, accept, 2)
    await again.callback(interaction)
    assert interaction.text == "There is no Lovers proposal from that player to answer."


async def test_a_lovers_button_sent_before_pairings_were_generic_still_answers(gm, db):
    """A proposal DM already delivered carries `brbot:lovers:<game>:<proposer>:yes`: pressing it still works."""
    game = await games.create_game(db, name="Island", channel_id=555)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.pair(db, game.id, 1, "lovers", 2)
    item, interaction = press(gm, LegacyPairAnswer, f"brbot:lovers:{game.id}:1:yes", 2)
    await item.callback(interaction)
    assert interaction.text == "You are now Lovers."
    async with db.read() as session:
        rows = {p.user_id: p.requests for p in (await session.execute(select(Player).order_by(Player.id))).scalars()}
    assert rows[1] == {"role": "lovers", "lover": 2} and rows[2] == {"role": "lovers", "lover": 1}


async def test_lovers_decline_button(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.pair(db, game.id, 1, "lovers", 2)
    item, interaction = press(gm, LegacyPairAnswer, f"brbot:lovers:{game.id}:1:no", 2)
    await item.callback(interaction)
    assert interaction.text == "You declined the proposal."
    async with db.read() as session:
        requests = (await session.execute(select(Player.requests).where(Player.user_id == 1))).scalar_one()
    assert requests == {"role": "dedicated_student"}


async def trade_button_ids(db, game_id: int, partner: int) -> list[str]:
    """The Accept and Decline custom ids of the newest trade offer DM to `partner`."""
    from bot.ui.buttons import buttons_for
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id, Outbox.target_id == partner)
                                      .order_by(Outbox.id))).scalars().all()
    offer = [r for r in rows if r.payload.get("kind") == "trade_offer"][-1]
    return [b.custom_id for b in buttons_for(offer.payload)]


async def test_trade_accept_button_adds_the_mirror_to_the_partners_orders(gm, db):
    """III.B: the trade happens only when both submit the same deal; accepting submits the mirror."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    seat1 = next(s for s, u in users.items() if u == 1)
    uids = await equip_player(db, game_id, 1, "baseball_bat")
    await run(OrdersCog(gm), "item", 1, action="trade", partner=seat2_of(users), give="Baseball Bat")
    accept, _ = await trade_button_ids(db, game_id, 2)
    button, interaction = press(gm, TradeAnswer, accept, 2)
    await button.callback(interaction)
    assert interaction.text.startswith("You accepted: the trade is in your orders for Day 1.")
    mine = (await day_actions.current_payload(db, game_id, 2))["free"]["trades"]
    assert mine == [{"partner": seat1, "give": [], "receive": [uids["baseball_bat"]]}]


def seat2_of(users: dict[str, int]) -> str:
    return next(s for s, u in users.items() if u == 2)


async def test_an_offer_reaches_the_partner_each_time_it_is_made_and_only_then(gm, db):
    """III.B: /trade asks the partner by DM, again when the same offer is made again; an order that leaves
    the offer as it was (/defend) asks nobody."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    await equip_player(db, game_id, 1, "knife")
    for _ in range(2):
        await run(OrdersCog(gm), "item", 1, action="trade", partner=seat2_of(users), give="Knife")
    await run(OrdersCog(gm), "act", 1, action="defend")
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    offers = [(r.target_id, r.text) for r in rows if r.payload.get("kind") == "trade_offer"]
    assert offers == [(2, "Player1 offers you a trade in Test: you receive Knife and give nothing. It happens "
                          "tonight if you accept and both of you still hold the items.")] * 2


async def test_an_old_trade_message_cannot_accept_a_changed_offer(gm, db):
    """The audit's case: Player1 offered their Baseball Bat, then replaced the offer by asking for Player2's
    Paintball Gun; Accept on the first DM is refused and Player2's orders stay as they were, while the
    newest DM's Accept takes the offer it showed."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    await equip_player(db, game_id, 1, "baseball_bat")
    gun = (await equip_player(db, game_id, 2, "paintball_gun"))["paintball_gun"]
    cog = OrdersCog(gm)
    await run(OrdersCog(gm), "item", 1, action="trade", partner=seat2_of(users), give="Baseball Bat")
    first_accept, first_decline = await trade_button_ids(db, game_id, 2)
    await run(OrdersCog(gm), "item", 1, action="trade", partner=seat2_of(users), receive="Paintball Gun")
    second_accept, _ = await trade_button_ids(db, game_id, 2)
    assert second_accept != first_accept
    button, old = press(gm, TradeAnswer, first_accept, 2)
    await button.callback(old)
    assert old.text == ("Player1 has changed their trade offer since that message: nothing was answered. "
                        "Use the buttons of their newest offer.")
    assert not (await day_actions.current_payload(db, game_id, 2))["free"].get("trades")
    button, declined = press(gm, TradeAnswer, first_decline, 2)
    await button.callback(declined)
    assert declined.text == old.text  # declining the old message does not decline the new offer either
    button, new = press(gm, TradeAnswer, second_accept, 2)
    await button.callback(new)
    assert new.text.startswith("You accepted")
    seat1 = next(s for s, u in users.items() if u == 1)
    assert (await day_actions.current_payload(db, game_id, 2))["free"]["trades"] == [
        {"partner": seat1, "give": [gun], "receive": []}]


async def test_trade_decline_tells_the_proposer_and_a_past_days_offer_is_refused(gm, db):
    game_id = await night_game(db)
    users = await seats(db, game_id)
    await equip_player(db, game_id, 1, "knife")
    await run(OrdersCog(gm), "item", 1, action="trade", partner=seat2_of(users), give="Knife")
    accept, decline = await trade_button_ids(db, game_id, 2)
    button, interaction = press(gm, TradeAnswer, decline, 2)
    await button.callback(interaction)
    assert interaction.text == "You declined the trade."
    async with db.read() as session:
        told = (await session.execute(select(Outbox).where(Outbox.target_id == 1).order_by(Outbox.id))).scalars().all()
    assert [t.payload["kind"] for t in told if t.payload["kind"].startswith("trade")] == ["trade_answer"]
    assert "declined your trade" in told[-1].text
    from bot.services.steps import resolution
    await resolution.resolve_day(db, game_id, NOW, trigger="moderator")  # Day 1 is over
    button, late = press(gm, TradeAnswer, accept, 2)
    await button.callback(late)
    assert late.text == "That trade offer from Player1 was for Day 1, which is over: nothing was answered."


async def test_a_trade_button_from_before_offers_had_digests_is_refused(gm, db):
    game_id = await night_game(db)
    users = await seats(db, game_id)
    await run(OrdersCog(gm), "item", 1, action="trade", partner=seat2_of(users))
    button, interaction = press(gm, TradeAnswer, f"brbot:trade:{game_id}:1:yes", 2)
    await button.callback(interaction)
    assert interaction.text.startswith("This trade message is from an older version of the bot")
    assert not (await day_actions.current_payload(db, game_id, 2))["free"].get("trades")


async def test_withdraw_button_restores_the_default_and_refuses_an_old_day(gm, db):
    game_id = await night_game(db)
    await run(OrdersCog(gm), "vote close", 1, zone="4")
    shown = await run(MyOrdersCog(gm), "orders", 1)
    assert "Vote to close Beach" in shown.text and "(current)" in shown.text and shown.all_ephemeral
    view = shown.sent[0]["view"]
    assert [b.label for b in view.children] == ["Change 1", "Withdraw 1", "Add an order"]  # the orders card
    custom_id = f"brbot:withdraw:{game_id}:1"  # the Withdraw of a card sent before it: still answered
    button, interaction = press(gm, WithdrawOrders, custom_id, 1)
    await button.callback(interaction)
    assert "withdrawn" in interaction.text
    assert (await day_actions.current_payload(db, game_id, 1))["votes"]["close"] is None
    after = await run(MyOrdersCog(gm), "orders", 1)
    assert "if you send nothing, you Defend" in after.text
    old, interaction = press(gm, WithdrawOrders, f"brbot:withdraw:{game_id}:0", 1)
    await old.callback(interaction)
    assert interaction.text == "Those orders were for an earlier deadline: use /orders again."


async def test_withdraw_with_no_orders_today_says_so(gm, db):
    """Pressing Withdraw when there is nothing to withdraw (never sent, or already withdrawn) says exactly
    that, not that the orders were for an earlier day."""
    game_id = await night_game(db)
    button, never = press(gm, WithdrawOrders, f"brbot:withdraw:{game_id}:1", 3)
    await button.callback(never)
    assert never.text == ("You have no orders for Day 1 to withdraw: if you send nothing, you Defend and stay "
                          "where you are.")
    await run(OrdersCog(gm), "vote close", 3, zone="4")
    for expected in ("withdrawn", "You have no orders for Day 1 to withdraw"):
        button, interaction = press(gm, WithdrawOrders, f"brbot:withdraw:{game_id}:1", 3)
        await button.callback(interaction)
        assert expected in interaction.text


async def test_orders_of_one_player_never_show_another_players(gm, db):
    game_id = await night_game(db)
    await run(OrdersCog(gm), "vote mark", 2, student="Player3")
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


async def test_a_dead_players_withdraw_button_and_commands_are_refused(gm, db):
    """Handbook III: the dead no longer act. Killed with orders standing, a player pressing Withdraw or
    typing any command is told they are dead, and their stored orders stay as they were."""
    from engine.rulesets.battle_royale.texts import say as br_say
    from tests.bot.cog_helpers import edit_state

    game_id = await night_game(db)
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)
    await equip_player(db, game_id, 1, "knife")
    await run(OrdersCog(gm), "vote close", 1, zone="4")
    before = await day_actions.current_payload(db, game_id, 1)

    def dies(state):
        state.students[me].alive = False
        state.students[me].hp = 0
    await edit_state(db, game_id, dies)
    button, interaction = press(gm, WithdrawOrders, f"brbot:withdraw:{game_id}:1", 1)
    await button.callback(interaction)
    assert interaction.text == br_say("dead")
    attack = await run(OrdersCog(gm), "attack", 1, weapon="Knife", target="Player2")
    assert attack.text == br_say("dead") and attack.all_ephemeral
    assert await day_actions.current_payload(db, game_id, 1) == before

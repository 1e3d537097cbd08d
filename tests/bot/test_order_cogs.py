"""Order commands through their cogs (handbook III.B-E): saved with a receipt, refused with the engine's
specific reason, always ephemeral, and never visible to anyone else."""
from __future__ import annotations

from bot.cogs.game_commands import COG as OrdersCog
from datetime import timedelta

from sqlalchemy import select

from bot.db.models import Outbox
from bot.services.moderators import moderation
from bot.services.orders import day_actions
from engine.rulesets.battle_royale.texts import say
from tests.bot.cog_helpers import NOW, edit_state, night_game, run, seats, state_of
from tests.services.conftest import mod


async def test_search_is_saved_with_a_receipt(gm, db):
    game_id = await night_game(db)
    done = await run(OrdersCog(gm), "act", 1, action="search")
    assert done.all_ephemeral
    assert "Order saved for Day 1: Search" in done.text and "Receipt: `" in done.text
    assert (await day_actions.current_payload(db, game_id, 1))["action"] == {"kind": "search"}


async def test_attack_by_typed_name_and_by_seat_id(gm, db):
    """III.C Attack: attempts spread over students in my zone; a name typed by hand is understood."""
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    state = await state_of(db, game_id)
    users = await seats(db, game_id)
    me = next(s for s in state.students.values() if users[s.id] == 1)
    other = next(s for s in state.students.values() if users[s.id] == 2)
    done = await run(cog, "attack", 1, weapon="unarmed", target=other.name, attempts=1)
    assert done.text.startswith("Order saved for Day 1: Attack with bare hands: " + other.name), done.text
    payload = await day_actions.current_payload(db, game_id, 1)
    assert payload["action"] == {"kind": "attack", "weapon": "unarmed", "attempts": {other.id: 1}}
    assert me.zone == other.zone


async def test_attack_refusals_are_the_engines_reasons(gm, db):
    game_id = await night_game(db)
    users = await seats(db, game_id)
    me = next(sid for sid, uid in users.items() if uid == 1)

    def unarmed(state):  # whatever Player1 drew at the start, they carry no Rifle now
        state.students[me].items = [i for i in state.students[me].items if i.kind != "rifle"]
    await edit_state(db, game_id, unarmed)
    cog = OrdersCog(gm)
    nobody = await run(cog, "attack", 1, weapon="unarmed", target="Nobody", attempts=1)
    assert "Nobody" in nobody.text and nobody.all_ephemeral
    too_many = await run(cog, "attack", 1, weapon="unarmed", target="Player2", attempts=9)
    assert "attempt" in too_many.text.lower() and "Order saved" not in too_many.text
    no_weapon = await run(cog, "attack", 1, weapon="Rifle", target="Player2", attempts=1)
    assert no_weapon.text == "You carry no item called Rifle."
    zero = await run(cog, "attack", 1, weapon="unarmed", target="Player2", attempts=0)
    assert zero.text == "Attempts must be at least 1."
    assert (await day_actions.current_payload(db, game_id, 1))["action"] is None  # nothing changed


async def test_target_in_another_zone_is_refused(gm, db):
    """III.C: actions target students in your zone only."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    away = next(sid for sid, uid in users.items() if uid == 2)

    def elsewhere(state):
        state.students[away].zone = 1
    await edit_state(db, game_id, elsewhere)
    done = await run(OrdersCog(gm), "skill", 1, action="analyze", target=away)
    assert done.text == say("target_not_here", target="Player2"), done.text
    assert (await day_actions.current_payload(db, game_id, 1))["action"] is None


async def test_move_route_by_names_and_the_not_adjacent_refusal(gm, db):
    """III.D Move: one or two zones along adjacent zones. From The Septagon (5): Landing Strip (1), Beach (4)."""
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    done = await run(cog, "move", 1, route="Landing Strip → Beach")
    assert "Move: Landing Strip → Beach" in done.text
    assert (await day_actions.current_payload(db, game_id, 1))["movement"]["route"] == [1, 4]
    bad = await run(cog, "move", 1, route="6")
    assert "not adjacent" in bad.text and "Order saved" not in bad.text
    unreadable = await run(cog, "move", 1, route="to the moon")
    assert "cannot read the route" in unreadable.text
    hold = await run(cog, "act", 1, action="hold")
    assert "Hold your ground" in hold.text


async def test_votes_name_students_and_zones(gm, db):
    """III.E: mark a student, close a zone, reward a zone."""
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    mark = await run(cog, "vote mark", 1, student="Player3")
    close = await run(cog, "vote close", 1, zone="4")
    reward = await run(cog, "vote reward", 1, zone="2")
    assert "Vote to mark Player3" in mark.text and "Vote to close Beach" in close.text
    assert "Vote for the reward in Crevasse" in reward.text
    votes = (await day_actions.current_payload(db, game_id, 1))["votes"]
    users = await seats(db, game_id)
    assert votes == {"mark": next(s for s, u in users.items() if u == 3), "close": 4, "reward": 2}


async def test_refusals_when_paused_after_the_deadline_and_for_strangers(gm, db):
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    stranger = await run(cog, "act", 99, action="search")
    assert stranger.text == "You are not playing in this game."
    await moderation.pause(db, game_id, mod(7))
    paused = await run(cog, "act", 1, action="search")
    assert paused.text == "The game is paused: orders are not accepted until a moderator resumes it."
    await moderation.resume(db, game_id, mod(7), NOW)
    gm.clock = lambda: NOW + timedelta(days=3)
    late = await run(cog, "act", 1, action="search")
    assert late.text == "The deadline has passed: the orders are being resolved."
    assert stranger.all_ephemeral and paused.all_ephemeral and late.all_ephemeral


async def test_orders_in_a_dm_need_the_game_only_when_in_several(gm, db):
    from tests.bot.fakes import FakeInteraction, FakeUser, call
    from tests.bot.cog_helpers import command
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    dm = FakeInteraction(gm, FakeUser(1), guild_id=None, channel_id=None)
    await call(command(cog, "act"), cog, dm, action="search", game=None)
    assert "Order saved for Day 1: Search" in dm.text
    second = await night_game(db)
    dm2 = FakeInteraction(gm, FakeUser(1), guild_id=None, channel_id=None)
    await call(command(cog, "act"), cog, dm2, action="defend", game=None)
    assert f"#{game_id}" in dm2.text and f"#{second}" in dm2.text and "game` option" in dm2.text
    dm3 = FakeInteraction(gm, FakeUser(1), guild_id=None, channel_id=None)
    await call(command(cog, "act"), cog, dm3, action="defend", game=second)
    assert "Order saved for Day 1: Defend" in dm3.text


async def test_pickup_and_undo_and_nothing_on_the_ground(gm, db):
    """III.B: pick up items lying in your zone."""
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    missing = await run(cog, "item", 1, action="pickup", item="Rifle")
    assert missing.text == "There is no Rifle on the ground here."
    state = await state_of(db, game_id)
    zone = state.students["s001"].zone
    rifle = state.new_item("rifle")
    state.zones[zone].ground.append(rifle)
    from bot.db.models import Game
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        game.state = state.model_dump(mode="json")
        game.state_rev += 1
    got = await run(cog, "item", 1, action="pickup", item="rifle")
    assert "Pick up Rifle" in got.text, got.text
    assert (await day_actions.current_payload(db, game_id, 1))["free"]["pick_up"] == [rifle.uid]
    undone = await run(cog, "item", 1, action="pickup", item="Rifle", undo=True)
    assert "Removed from your orders" in undone.text
    assert (await day_actions.current_payload(db, game_id, 1))["free"]["pick_up"] == []


async def test_trade_offer_reaches_only_the_partner_with_buttons(gm, db):
    """III.B: a trade happens only when both submit the same deal; the partner is asked by DM."""
    game_id = await night_game(db)
    state = await state_of(db, game_id)
    users = await seats(db, game_id)
    mine = state.students[next(s for s, u in users.items() if u == 1)].items
    cog = OrdersCog(gm)
    give = mine[0].name if mine else None
    done = await run(OrdersCog(gm), "item", 1, action="trade", partner="Player2", give=give)
    assert "trade offer went to Player2" in done.text, done.text
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id,
                                                           Outbox.payload["kind"].as_string() == "trade_offer").order_by(Outbox.id))).scalars().all()
    assert [(r.target, r.target_id) for r in rows] == [("dm", 2)]
    from bot.ui.buttons import buttons_for
    ids = [b.custom_id for b in buttons_for(rows[0].payload)]
    digest = rows[0].payload["offer"]
    assert ids == [f"brbot:trade:{game_id}:1:1:{digest}:yes", f"brbot:trade:{game_id}:1:1:{digest}:no"]
    assert len(digest) == 10 and all(len(i) <= 100 for i in ids)

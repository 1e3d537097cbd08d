"""Each order command's success and refusals through its cog, as the player sees them (handbook III.B-E):
/heal, /drop, /analyze, the votes, /trade, /equip, /allout, /settrap (C-4, Poison Vial), /track and /hold.
Refusals are the engine's own reasons, ephemeral, and change nothing. Everyone starts on The Septagon (5)."""
from __future__ import annotations

from bot.cogs.game_commands import COG as OrdersCog
from bot.services.orders import day_actions
from engine.rulesets.battle_royale.texts import say
from tests.bot.cog_helpers import edit_state, equip_player, night_game, run, seats


class Choice:
    """What discord.py passes for an option with fixed choices."""

    def __init__(self, value: str) -> None:
        self.value = self.name = value


async def saved(db, game_id: int, user: int = 1) -> dict:
    return await day_actions.current_payload(db, game_id, user)


async def seat_of(db, game_id: int, user: int) -> str:
    return next(s for s, u in (await seats(db, game_id)).items() if u == user)


async def test_heal_yourself_with_a_kit_and_the_refusals(gm, db):
    """III.C Heal: yourself or a student in your zone; +2 with a First Aid Kit, which you must have."""
    game_id = await night_game(db)
    me = await seat_of(db, game_id, 1)
    await equip_player(db, game_id, 1, "knife")
    cog = OrdersCog(gm)
    no_kit = await run(cog, "skill", 1, action="heal", target=me, first_aid_kit=True)
    assert no_kit.text == say("heal_no_kit") and no_kit.all_ephemeral
    assert (await saved(db, game_id))["action"] is None
    plain = await run(cog, "skill", 1, action="heal", target="Player2")
    assert plain.text.startswith("Order saved for Day 1: Heal Player2\n"), plain.text
    await equip_player(db, game_id, 1, "first_aid_kit")
    kit = await run(cog, "skill", 1, action="heal", target=me, first_aid_kit=True)
    assert kit.text.startswith("Order saved for Day 1: Heal yourself with a First Aid Kit") or \
        kit.text.startswith("Order saved for Day 1: Heal Player1 with a First Aid Kit"), kit.text
    assert (await saved(db, game_id))["action"] == {"kind": "heal", "target": me, "first_aid_kit": True}


async def test_drop_adds_up_undo_takes_it_off_and_an_unknown_item_is_refused(gm, db):
    """III.B: drop items you carry; free actions add up."""
    game_id = await night_game(db)
    uids = await equip_player(db, game_id, 1, "knife", "rifle")
    cog = OrdersCog(gm)
    knife = await run(cog, "item", 1, action="drop", item="Knife")
    rifle = await run(cog, "item", 1, action="drop", item="rifle")
    assert knife.text.startswith("Order saved for Day 1: Drop Knife") and rifle.text.startswith("Order saved for Day 1: Drop Rifle")
    assert (await saved(db, game_id))["free"]["drop"] == [uids["knife"], uids["rifle"]]
    undone = await run(cog, "item", 1, action="drop", item="Knife", undo=True)
    assert undone.text.startswith("Removed from your orders for Day 1: Drop Knife")
    assert (await saved(db, game_id))["free"]["drop"] == [uids["rifle"]]
    missing = await run(cog, "item", 1, action="drop", item="Uzi")
    assert missing.text == "You carry no item called Uzi." and missing.all_ephemeral


async def test_analyze_a_student_here(gm, db):
    """III.C Analyze: a student in your zone."""
    game_id = await night_game(db)
    done = await run(OrdersCog(gm), "skill", 1, action="analyze", target="Player2")
    assert done.text.startswith("Order saved for Day 1: Analyze Player2\nReceipt: `"), done.text
    assert (await saved(db, game_id))["action"] == {"kind": "analyze", "target": await seat_of(db, game_id, 2)}


async def test_votes_refuse_a_closed_zone_and_marking_yourself(gm, db):
    """III.E: a closed zone cannot be voted for; nobody votes to mark themselves."""
    game_id = await night_game(db)

    def close_beach(state):
        state.zones[4].closed = True
    await edit_state(db, game_id, close_beach)
    cog = OrdersCog(gm)
    closed = await run(cog, "vote close", 1, zone="Beach")
    assert closed.text == say("vote_zone_closed", zone_name="Beach") and closed.all_ephemeral
    myself = await run(cog, "vote mark", 1, student="Player1")
    assert myself.text == say("vote_self") and myself.all_ephemeral
    assert (await saved(db, game_id))["votes"] == {"mark": None, "close": None, "reward": None}


async def test_trade_refusals_partner_elsewhere_empty_and_an_item_not_seen(gm, db):
    """III.B: a trade is with a student in your zone, gives or receives something, and asks only for
    items you can see (a concealed Switchblade cannot be asked for)."""
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "knife")
    await equip_player(db, game_id, 2, "switchblade", "rifle")
    p2, p3 = await seat_of(db, game_id, 2), await seat_of(db, game_id, 3)

    def away(state):
        state.students[p3].zone = 1  # the Switchblade is concealed by nature (V)
    await edit_state(db, game_id, away)
    cog = OrdersCog(gm)
    elsewhere = await run(OrdersCog(gm), "item", 1, action="trade", partner="Player3", give="Knife")
    assert elsewhere.text == say("target_not_here", target="Player3"), elsewhere.text
    empty = await run(OrdersCog(gm), "item", 1, action="trade", partner="Player2")
    assert empty.text == say("trade_empty"), empty.text
    hidden = await run(OrdersCog(gm), "item", 1, action="trade", partner="Player2", give="Knife", receive="Switchblade")
    assert hidden.text == "Player2 carries no Switchblade that you can see.", hidden.text
    assert not (await saved(db, game_id))["free"].get("trades")
    assert elsewhere.all_ephemeral and empty.all_ephemeral and hidden.all_ephemeral


async def test_equip_and_a_stored_item(gm, db):
    """III.B / V: only a stored item can be taken out; a stored item cannot be used until taken out; a
    Backpack is needed to store anything."""
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    await equip_player(db, game_id, 1, "knife")
    no_pack = await run(cog, "item", 1, action="equip", item="Knife", how=Choice("store"))
    assert no_pack.text == say("no_backpack_space", item="Knife"), no_pack.text
    uids = await equip_player(db, game_id, 1, "backpack", "knife")
    me = await seat_of(db, game_id, 1)
    not_in = await run(cog, "item", 1, action="equip", item="Knife", how=Choice("take_out"))
    assert not_in.text == say("not_stored", item="Knife"), not_in.text
    store = await run(cog, "item", 1, action="equip", item="Knife", how=Choice("store"))
    assert store.text.startswith("Order saved for Day 1: Put Knife in the Backpack"), store.text

    def stored(state):
        state.students[me].item(uids["knife"]).stored = True
    await edit_state(db, game_id, stored)
    attack = await run(OrdersCog(gm), "attack", 1, weapon="Knife", target="Player2")
    assert attack.text == say("item_stored", item="Knife"), attack.text


async def test_allout_refuses_no_ammunition_and_too_little(gm, db):
    """III.C All-Out Attack; V: a ranged weapon fires only the shots it has left."""
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "rifle", ammo=0)
    cog = OrdersCog(gm)
    empty = await run(cog, "skill", 1, action="allout", weapon="Rifle", target="Player2", attempts=1)
    assert empty.text == say("no_ammo", weapon="Rifle"), empty.text
    await equip_player(db, game_id, 1, "rifle", ammo=1)
    low = await run(cog, "skill", 1, action="allout", weapon="Rifle", target="Player2", attempts=2)
    assert low.text == say("low_ammo", weapon="Rifle", ammo=1, plural="", asked=2), low.text
    assert (await saved(db, game_id))["action"] is None


async def test_settrap_refusals_for_c4_and_poison_vial(gm, db):
    """III.C Set Trap: a C-4 needs a day from today on; a Poison Vial needs a target in your zone."""
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "c4", "poison_vial")
    cog = OrdersCog(gm)
    no_day = await run(cog, "skill", 1, action="settrap", item="C-4")
    assert no_day.text == say("c4_needs_day", day=1), no_day.text
    past = await run(cog, "skill", 1, action="settrap", item="C-4", day=0)
    assert past.text == say("c4_past_day", asked=0, day=1), past.text
    nobody = await run(cog, "skill", 1, action="settrap", item="Poison Vial")
    assert nobody.text == say("poison_needs_target"), nobody.text
    away = await run(cog, "skill", 1, action="settrap", item="Poison Vial", target="Nobody")
    assert "Order saved" not in away.text and "Nobody" in away.text
    assert (await saved(db, game_id))["action"] is None
    ok = await run(cog, "skill", 1, action="settrap", item="C-4", day=2)
    assert ok.text.startswith("Order saved for Day 1: Set C-4"), ok.text


async def test_track_head_counts_need_a_tracking_unit(gm, db):
    """V Tracking Unit: with no target it counts heads in every zone; without a unit that is refused,
    not saved as an order that would do nothing."""
    game_id = await night_game(db)
    cog = OrdersCog(gm)
    without = await run(cog, "skill", 1, action="track")
    assert without.text == "You need a Tracking Unit out of your Backpack to count the students in each zone."
    assert "track" not in ((await saved(db, game_id))["free"] or {}) or (await saved(db, game_id))["free"]["track"] is None
    await equip_player(db, game_id, 1, "tracking_unit")
    done = await run(cog, "skill", 1, action="track")
    assert done.text.startswith("Order saved for Day 1: Tracking Unit: head count of every zone"), done.text


async def test_hold_ground_is_refused_after_an_all_out_attack_and_a_closed_zone_gets_no_reward_vote(gm, db):
    """III.D Hold Ground cannot follow an All-Out Attack; III.E the reward goes to an open zone. The refused
    part leaves the orders as they were."""
    
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "knife")
    allout = await run(OrdersCog(gm), "skill", 1, action="allout", weapon="Knife", target="Player2", attempts=1)
    assert allout.text.startswith("Order saved"), allout.text
    hold = await run(OrdersCog(gm), "act", 1, action="hold")
    assert hold.text == say("no_hold_after_all_out") and hold.all_ephemeral
    assert (await saved(db, game_id))["movement"] is None

    def close_cliffs(state):
        state.zones[6].closed = True
    await edit_state(db, game_id, close_cliffs)
    reward = await run(OrdersCog(gm), "vote reward", 1, zone="Cliffs")
    assert reward.text == say("vote_zone_closed", zone_name="Cliffs") and reward.all_ephemeral
    assert (await saved(db, game_id))["votes"]["reward"] is None

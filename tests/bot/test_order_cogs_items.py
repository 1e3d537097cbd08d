"""The order commands that need particular items (handbook III.B-D, V): /allout, /settrap, /use, /cover,
/equip, /track and /run, each saved with a receipt or refused with the engine's own reason, and the
refusals the issue names (dead, no ammunition, inventory full). Everyone starts on The Septagon (5),
next to the Landing Strip (1), the Crevasse (2), the Forest (3) and the Field (7)."""
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


async def test_allout_is_saved_and_a_weapon_without_ammunition_is_refused(gm, db):
    """III.C All-Out Attack; V: a ranged weapon with no ammunition left cannot fire."""
    game_id = await night_game(db)
    uids = await equip_player(db, game_id, 1, "rifle")
    cog = OrdersCog(gm)
    done = await run(cog, "skill", 1, action="allout", weapon="Rifle", target="Player2", attempts=2)
    assert "Order saved for Day 1" in done.text and done.all_ephemeral
    action = (await saved(db, game_id))["action"]
    assert action["kind"] == "all_out" and action["weapon"] == uids["rifle"] and list(action["attempts"].values()) == [2]
    await equip_player(db, game_id, 1, "rifle", ammo=0)
    empty = await run(cog, "attack", 1, weapon="Rifle", target="Player2", attempts=1)
    assert empty.text == say("no_ammo", weapon="Rifle") and empty.all_ephemeral


async def test_settrap_mines_an_adjacent_path_and_refuses_a_non_trap(gm, db):
    """III.C Set Trap: a Land Mine goes on the path to an adjacent zone; only traps can be set."""
    game_id = await night_game(db)
    uids = await equip_player(db, game_id, 1, "land_mine", "knife")
    cog = OrdersCog(gm)
    done = await run(cog, "skill", 1, action="settrap", item="Land Mine", to_zone="Landing Strip")
    assert "Order saved for Day 1" in done.text, done.text
    assert (await saved(db, game_id))["action"] == {"kind": "set_trap", "item": uids["land_mine"], "to_zone": 1,
                                                   "day": None, "target": None}
    knife = await run(cog, "skill", 1, action="settrap", item="Knife", to_zone="Landing Strip")
    assert "Order saved" not in knife.text and "Knife" in knife.text, knife.text
    far = await run(cog, "skill", 1, action="settrap", item="Land Mine", to_zone="Cliffs")
    assert "Order saved" not in far.text and "Cliffs" in far.text, far.text
    assert (await saved(db, game_id))["action"]["to_zone"] == 1  # the refusals changed nothing


async def test_use_a_deactivator_and_escape_needs_a_deactivated_collar(gm, db):
    """III.C Use Item: a Deactivator deactivates a collar; escaping needs a deactivated collar (rulings)."""
    game_id = await night_game(db)
    uids = await equip_player(db, game_id, 1, "deactivator")
    cog = OrdersCog(gm)
    done = await run(cog, "item", 1, action="use", use=Choice("deactivator"), item="Deactivator")
    assert "Order saved for Day 1" in done.text, done.text
    assert (await saved(db, game_id))["action"]["item"] == uids["deactivator"]
    escape = await run(cog, "item", 1, action="use", use=Choice("escape"))
    assert "Order saved" not in escape.text and "collar" in escape.text.lower(), escape.text


async def test_cover_another_student_but_not_yourself(gm, db):
    """III.C Cover: you take the attacks meant for a student in your zone."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    cog = OrdersCog(gm)
    done = await run(cog, "cover", 1, target="Player2")
    assert "Order saved for Day 1" in done.text and "Player2" in done.text, done.text
    assert (await saved(db, game_id))["action"] == {"kind": "cover", "target": next(s for s, u in users.items() if u == 2)}
    me = next(s for s, u in users.items() if u == 1)
    myself = await run(cog, "cover", 1, target=me)
    assert myself.text == say("self_target", verb="cover") and myself.all_ephemeral, myself.text


async def test_equip_wears_the_headband_and_refuses_to_wear_a_knife(gm, db):
    """III.B / V: the Headband and the Pretty Ribbon are worn; nothing else is."""
    game_id = await night_game(db)
    uids = await equip_player(db, game_id, 1, "headband", "knife")
    cog = OrdersCog(gm)
    done = await run(cog, "item", 1, action="equip", item="Headband", how=Choice("wear"))
    assert "Order saved for Day 1" in done.text, done.text
    assert (await saved(db, game_id))["free"]["wear"] == [uids["headband"]]
    knife = await run(cog, "item", 1, action="equip", item="Knife", how=Choice("wear"))
    assert "Order saved" not in knife.text and "Knife" in knife.text, knife.text
    assert (await saved(db, game_id))["free"]["wear"] == [uids["headband"]]


async def test_track_needs_a_tracking_unit(gm, db):
    """V Tracking Unit: locate one student, or count heads in each zone; without the unit, refused."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    cog = OrdersCog(gm)
    without = await run(cog, "skill", 1, action="track", target="Player3")
    assert "Order saved" not in without.text and "Tracking Unit" in without.text, without.text
    await equip_player(db, game_id, 1, "tracking_unit")
    done = await run(cog, "skill", 1, action="track", target="Player3")
    assert "Order saved for Day 1" in done.text and "Player3" in done.text, done.text
    assert (await saved(db, game_id))["free"]["track"] == next(s for s, u in users.items() if u == 3)


async def test_run_with_a_full_inventory_must_name_what_to_drop(gm, db):
    """III.D Run: up to five zones, but a full inventory must drop an item to run (rulings)."""
    game_id = await night_game(db)
    uids = await equip_player(db, game_id, 1, "knife", "rifle", "handgun")
    cog = OrdersCog(gm)
    full = await run(cog, "act", 1, action="run", route="Landing Strip")
    assert full.text == say("run_full") and full.all_ephemeral
    done = await run(cog, "act", 1, action="run", route="Landing Strip → Beach", drop="Knife")
    assert "Order saved for Day 1" in done.text, done.text
    movement = (await saved(db, game_id))["movement"]
    assert movement["route"] == [1, 4] and uids["knife"] in str(movement)


async def test_picking_up_into_a_full_inventory_and_acting_when_dead_are_refused(gm, db):
    """III.B: carry at most three items; III: the dead no longer act."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)
    await equip_player(db, game_id, 1, "knife", "rifle", "handgun")

    def crossbow_here(state):
        state.zones[state.students[me].zone].ground.append(state.new_item("crossbow"))
    await edit_state(db, game_id, crossbow_here)
    full = await run(OrdersCog(gm), "item", 1, action="pickup", item="Crossbow")
    assert full.text == say("inventory_full", count=4, cap=3), full.text

    def dies(state):
        state.students[me].alive = False
        state.students[me].hp = 0
    await edit_state(db, game_id, dies)
    dead = await run(OrdersCog(gm), "act", 1, action="search")
    assert dead.text == say("dead") and dead.all_ephemeral


async def test_a_weapon_picked_up_tonight_can_be_named_by_tonights_attack(gm, db):
    """Handbook III.F.1: free actions come first, so /pickup Crossbow then /attack weapon:Crossbow is saved;
    /drop Knife then /attack weapon:Knife is refused with the reason."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)
    await equip_player(db, game_id, 1, "knife")
    made: dict[str, str] = {}

    def crossbow_here(state):
        item = state.new_item("crossbow")
        made["uid"] = item.uid
        state.zones[state.students[me].zone].ground.append(item)
    await edit_state(db, game_id, crossbow_here)
    cog = OrdersCog(gm)
    before = await run(cog, "attack", 1, weapon="Crossbow", target="Player2")
    assert "Order saved" not in before.text
    picked = await run(cog, "item", 1, action="pickup", item="Crossbow")
    assert "Order saved for Day 1" in picked.text, picked.text
    done = await run(cog, "attack", 1, weapon="Crossbow", target="Player2", attempts=2)
    assert "Order saved for Day 1" in done.text and "Crossbow" in done.text, done.text
    assert (await saved(db, game_id))["action"]["weapon"] == made["uid"]
    dropped = await run(cog, "item", 1, action="drop", item="Knife")
    assert "Order saved for Day 1" in dropped.text, dropped.text
    knife = await run(cog, "attack", 1, weapon="Knife", target="Player2")
    assert knife.text == say("item_leaves", item="Knife") and knife.all_ephemeral
    assert (await saved(db, game_id))["action"]["weapon"] == made["uid"]


async def test_a_second_knife_picked_up_tonight_is_knife_2(gm, db):
    """Handbook III.F.1: items a player's orders pick up tonight are named after their own: holding a Knife and
    picking up another, "Knife (2)" is the one from the ground."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)
    uids = await equip_player(db, game_id, 1, "knife")
    made: dict[str, str] = {}

    def knife_here(state):
        item = state.new_item("knife")
        made["uid"] = item.uid
        state.zones[state.students[me].zone].ground.append(item)
    await edit_state(db, game_id, knife_here)
    cog = OrdersCog(gm)
    assert "Order saved" in (await run(cog, "item", 1, action="pickup", item="Knife")).text
    assert "Order saved" in (await run(cog, "attack", 1, weapon="Knife (2)", target="Player2")).text
    assert (await saved(db, game_id))["action"]["weapon"] == made["uid"]
    assert "Order saved" in (await run(cog, "attack", 1, weapon="Knife", target="Player2")).text
    assert (await saved(db, game_id))["action"]["weapon"] == uids["knife"]

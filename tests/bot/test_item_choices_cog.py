"""Item choices through the commands' own autocomplete callbacks: never an engine item id (which would
tell who started with an item or where it was hidden), only the items that fit the command, and the
choice a player picks submits the very item it names."""
from __future__ import annotations

import re

from bot.cogs.game_commands import COG as OrdersCog
from bot.services.orders import day_actions
from tests.bot.cog_helpers import command, edit_state, equip_player, night_game, run, seats, slot_of
from tests.bot.fakes import FakeInteraction, FakeUser

ENGINE_ID = re.compile(r"\bi\d+\b")


async def complete(cog, name: str, option: str, user: int = 1, current: str = "", **chosen) -> list:
    """The choices the command's autocomplete for `option` offers, with other options already `chosen`."""
    interaction = FakeInteraction(cog.bot, FakeUser(user, f"Player{user}"))
    verb = chosen.get("action")
    for key, value in chosen.items():
        setattr(interaction.namespace, slot_of(name, key, verb), value)
    shared = slot_of(name, option, verb)  # the game's option, as the shared option it is typed in
    return await command(cog, name)._params["with_" if shared == "with" else shared].autocomplete(interaction, current)


async def test_item_choices_carry_no_engine_ids_and_submit_the_item_chosen(gm, db):
    game_id = await night_game(db)
    uids = {}
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)

    def two_knives_and_ground(state):
        student = state.students[me]
        student.items = [state.new_item("knife"), state.new_item("rifle"), state.new_item("knife")]
        uids["knives"] = [student.items[0].uid, student.items[2].uid]
        state.zones[student.zone].ground.extend([state.new_item("crossbow"), state.new_item("crossbow")])
        uids["crossbows"] = [i.uid for i in state.zones[student.zone].ground[-2:]]
    await edit_state(db, game_id, two_knives_and_ground)
    free, actions = OrdersCog(gm), OrdersCog(gm)
    offered = (await complete(free, "item", "item", action="drop") + await complete(free, "item", "item", action="pickup")
               + await complete(actions, "attack", "weapon") + await complete(OrdersCog(gm), "item", "give", action="trade"))
    assert offered and not [c for c in offered if ENGINE_ID.search(f"{c.name} {c.value}")], offered
    drop = await complete(free, "item", "item", action="drop")
    assert [(c.name, c.value) for c in drop if c.value.startswith("Knife")] == [("Knife", "Knife"), ("Knife (2)", "Knife (2)")]
    await run(free, "item", 1, action="drop", item="Knife (2)")
    pickup = await complete(free, "item", "item", action="pickup")
    assert [c.value for c in pickup if "Crossbow" in c.value] == ["Crossbow", "Crossbow (2)"]
    await run(free, "item", 1, action="pickup", item="Crossbow (2)")
    payload = (await day_actions.current_payload(db, game_id, 1))["free"]
    assert payload["drop"] == [uids["knives"][1]] and payload["pick_up"] == [uids["crossbows"][1]]
    undone = await run(free, "item", 1, action="pickup", item="Crossbow (2)", undo=True)
    assert undone.text.startswith("Removed from your orders for Day 1: Pick up Crossbow"), undone.text
    assert (await day_actions.current_payload(db, game_id, 1))["free"]["pick_up"] == []


async def test_settrap_and_use_offer_only_the_items_that_fit(gm, db):
    game_id = await night_game(db)
    await equip_player(db, game_id, 1, "land_mine", "deactivator", "megaphone")
    actions = OrdersCog(gm)
    assert [c.value for c in await complete(actions, "skill", "item", action="settrap")] == ["Land Mine"]
    assert [c.value for c in await complete(actions, "item", "item", action="use", use="deactivator")] == ["Deactivator"]
    assert [c.value for c in await complete(actions, "item", "item", action="use", use="megaphone")] == ["Megaphone"]
    assert await complete(actions, "item", "item", action="use", use="escape") == []
    targets = await complete(actions, "item", "target", action="use", use="deactivator")
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)
    assert targets[0].value == me and targets[0].name == "Player1 (yourself)"
    chosen = await run(actions, "item", 1, action="use", use=type("C", (), {"value": "deactivator", "name": "Deactivator"})(),
                       item=(await complete(actions, "item", "item", action="use", use="deactivator"))[0].value, target=me)
    assert chosen.text.startswith("Order saved for Day 1: Use Deactivator on Player1\n"), chosen.text


async def test_equip_offers_what_its_how_applies_to(gm, db):
    game_id = await night_game(db)
    uids = await equip_player(db, game_id, 1, "backpack", "headband", "knife", "pretty_ribbon")
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)

    def stored_and_worn(state):
        state.students[me].item(uids["knife"]).stored = True
        state.students[me].item(uids["pretty_ribbon"]).worn = True
    await edit_state(db, game_id, stored_and_worn)
    free = OrdersCog(gm)
    names = {how: [c.value for c in await complete(free, "item", "item", action="equip", how=how)]
             for how in ("wear", "remove", "store", "take_out")}
    assert names == {"wear": ["Headband"], "remove": ["Pretty Ribbon"], "store": ["Headband", "Pretty Ribbon"],
                     "take_out": ["Knife"]}, names

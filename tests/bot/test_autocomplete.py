"""The autocomplete callbacks of the game commands: the caller's choices from the real game, the game
option in a DM, and never an error (rulings, "Targets and visibility")."""
from __future__ import annotations

from bot.cogs.game_commands import COG as OrdersCog
from bot.services.orders import day_actions
from bot.ui.autocomplete import option_choices, source_choices
from tests.bot.cog_helpers import edit_state, night_game, run, seats, state_of, verb_option_choices
from tests.bot.fakes import FakeInteraction, FakeUser

target_choices = option_choices("attack", "target")
weapon_choices = option_choices("attack", "weapon")
zone_choices = option_choices("vote close", "zone")
item_choices = verb_option_choices("item", "drop", "item")
partner_item_choices = source_choices("partner_items")


# --- the discord.py callbacks --------------------------------------------------------------------

async def test_callback_gives_the_callers_choices_from_the_real_game(gm, db):
    game_id = await night_game(db)
    state = await state_of(db, game_id)
    users = await seats(db, game_id)
    me = next(s for s in state.students.values() if users[s.id] == 1)
    interaction = FakeInteraction(gm, FakeUser(1, "Player1"))
    choices = await target_choices(interaction, "")
    assert sorted(c.value for c in choices) == sorted(s.id for s in state.students.values()
                                                     if s.zone == me.zone and s.id != me.id)
    assert [c.value for c in await weapon_choices(interaction, "")][-1] == "unarmed"


async def test_callback_in_a_dm_uses_the_game_option(gm, db):
    game_id = await night_game(db)
    interaction = FakeInteraction(gm, FakeUser(1, "Player1"), guild_id=None, channel_id=None)
    interaction.namespace.game = game_id
    assert await zone_choices(interaction, "")


async def test_callback_never_raises_it_gives_nothing_on_a_refusal(gm, db):
    game_id = await night_game(db)
    stranger = FakeInteraction(gm, FakeUser(99, "Stranger"))
    assert await target_choices(stranger, "") == []  # not playing
    nowhere = FakeInteraction(gm, FakeUser(1, "Player1"), channel_id=777)
    assert await item_choices(nowhere, "") == []  # no game in this channel
    wrong = FakeInteraction(gm, FakeUser(1, "Player1"))
    wrong.namespace.game = "not a number"
    assert await zone_choices(wrong, "") == []
    missing = FakeInteraction(gm, FakeUser(1, "Player1"))
    missing.namespace.game = game_id + 100
    assert await zone_choices(missing, "") == []


async def test_partner_items_callback_reads_the_chosen_partner(gm, db):
    game_id = await night_game(db)
    state = await state_of(db, game_id)
    users = await seats(db, game_id)
    me = next(s for s in state.students.values() if users[s.id] == 1)
    mate = next(s for s in state.students.values() if s.zone == me.zone and s.id != me.id)
    interaction = FakeInteraction(gm, FakeUser(1, "Player1"))
    interaction.namespace.partner = mate.id
    choices = await partner_item_choices(interaction, "")
    assert sorted(c.value for c in choices) == sorted(i.name for i in mate.items if not i.concealed)


async def test_handbook_III_F_1_a_knife_picked_up_tonight_is_offered_for_attack_and_submits_that_knife(gm, db):
    """Handbook III.F.1 (free actions come first): the autocomplete of /attack's weapon reads the caller's
    current orders, so after /pickup Knife it offers the Knife, marked as coming tonight, and the value
    chosen saves an attack with that very Knife; /drop does not offer it (free actions do not chain)."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    me = next(s for s, u in users.items() if u == 1)
    made: dict[str, str] = {}

    def knife_here(state):
        item = state.new_item("knife")
        made["uid"] = item.uid
        state.zones[state.students[me].zone].ground.append(item)

    await edit_state(db, game_id, knife_here)
    before = await weapon_choices(FakeInteraction(gm, FakeUser(1, "Player1")), "")
    assert "Knife" not in [c.value for c in before]
    dropping = await item_choices(FakeInteraction(gm, FakeUser(1, "Player1")), "")
    cog = OrdersCog(gm)
    assert "Order saved for Day 1" in (await run(cog, "item", 1, action="pickup", item="Knife")).text
    offered = await weapon_choices(FakeInteraction(gm, FakeUser(1, "Player1")), "")
    pairs = [(c.name, c.value) for c in before]
    assert [(c.name, c.value) for c in offered] == pairs[:-1] + [("Knife (comes tonight)", "Knife"), pairs[-1]]
    assert await item_choices(FakeInteraction(gm, FakeUser(1, "Player1")), "") == dropping
    done = await run(cog, "attack", 1, weapon=offered[-2].value, target="Player2")
    assert "Order saved for Day 1" in done.text, done.text
    assert (await day_actions.current_payload(db, game_id, 1))["action"]["weapon"] == made["uid"]
    others = await weapon_choices(FakeInteraction(gm, FakeUser(2, "Player2")), "")
    assert "Knife (comes tonight)" not in [c.name for c in others]  # another player's orders bring them nothing

"""The autocomplete callbacks of the game commands: the caller's choices from the real game, the game
option in a DM, and never an error (rulings, "Targets and visibility")."""
from __future__ import annotations

from bot.ui.autocomplete import option_choices, source_choices
from tests.bot.cog_helpers import night_game, seats, state_of
from tests.bot.fakes import FakeInteraction, FakeUser

target_choices = option_choices("attack", "target")
weapon_choices = option_choices("attack", "weapon")
zone_choices = option_choices("vote close", "zone")
item_choices = option_choices("drop", "item")
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

"""/join role: and /role choose through the cog in every game (issue 22): the role option offers the roles of
the caller's game only, a game without roles answers in one sentence (not "Something went wrong"), and
StarCraft Mafia confirms the class asked for (rulings, "Players, teams, classes")."""
from __future__ import annotations

import pytest

from bot.cogs.signup import SignUpCog
from bot.services.signup import games
from bot.ui.autocomplete import role_choices
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.bot.test_signup_cog import CHANNEL, command


async def _game(db, ruleset: str) -> int:
    return (await games.create_game(db, name="G", ruleset=ruleset, channel_id=CHANNEL, guild_id=1000)).id


@pytest.mark.parametrize("ruleset", ["battle_royale_cards", "infinity_intervention", "mazeworld"])
async def test_join_and_role_choose_with_a_role_in_a_game_without_roles_answer_clearly(gm, db, ruleset):
    await _game(db, ruleset)
    cog = SignUpCog(gm)
    join = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role="lone_wolf", game=None)
    assert "has no roles to choose" in join.text and "Something went wrong" not in join.text
    assert join.all_ephemeral
    await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role=None, game=None)
    choose = await call(command(cog, "role choose"), cog, FakeInteraction(gm, FakeUser(1)), role="marine", game=None)
    assert "has no roles to choose" in choose.text and "Something went wrong" not in choose.text
    assert await role_choices(FakeInteraction(gm, FakeUser(1)), "") == []


async def test_starcraft_mafia_join_confirms_the_class_and_role_choose_refuses_another_games_role(gm, db):
    await _game(db, "starcraft_mafia")
    cog = SignUpCog(gm)
    join = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role="marine", game=None)
    assert join.text == "You are signed up for G. You asked for the Marine class. Wait for the start: the moderators start the game."
    choose = await call(command(cog, "role choose"), cog, FakeInteraction(gm, FakeUser(1)),
                        role="Dedicated Student", game=None)
    assert choose.text.startswith("'Dedicated Student' is not a class of StarCraft Mafia: choose one of Marine")


async def test_the_role_option_offers_the_channels_games_roles_only(gm, db):
    await _game(db, "starcraft_mafia")
    offered = await role_choices(FakeInteraction(gm, FakeUser(1)), "")
    assert "marine" in [c.value for c in offered] and "dedicated_student" not in [c.value for c in offered]
    assert [c.name for c in await role_choices(FakeInteraction(gm, FakeUser(1)), "MAR")] == ["Marine"]
    island = await games.create_game(db, name="Island", channel_id=777, guild_id=1000)
    dm = FakeInteraction(gm, FakeUser(1), guild_id=None, channel_id=None)
    dm.namespace.game = island.id
    assert [c.value for c in await role_choices(dm, "")] == ["dedicated_student", "lone_wolf"]

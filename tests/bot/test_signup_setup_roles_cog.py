"""The sign-up through the cog and the lobby's buttons offers only what the game's setup puts in play (issue 32
point 1; docs/setups.md, "What the sign-up offers"): Battle Royale's `roles` (handbook II; docs/rules/battle-royale.md,
"A setup's items and roles") and StarCraft Mafia's `classes` (rulings, "Players, teams, classes"). A request out
of play is answered at once, ephemerally, in the game's words; a moderator who takes a requested role out during
sign-up is told who asked for it."""
from __future__ import annotations

import re

from sqlalchemy import select

from bot.cogs.moderation import ModerationCog
from bot.cogs.signup import SignUpCog
from bot.db.models import Outbox, Player
from bot.screens import lobby as screen
from bot.services.moderators import game_admin
from bot.services.signup import games
from bot.ui.autocomplete import role_choices
from bot.ui.buttons import LobbyPress
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.bot.test_moderation_cog import moderator, run
from tests.bot.test_signup_cog import CHANNEL, command
from tests.services.conftest import mod

WOLF = "This game's setup does not grant the Lone Wolf role: choose one of Dedicated Student."


async def _game(db, ruleset: str, settings: dict) -> int:
    game = await game_admin.create(db, guild_id=1000, channel_id=CHANNEL, actor_id=mod(7), name="G", ruleset=ruleset)
    for name, value in settings.items():
        await game_admin.change_setting(db, game.id, mod(7), name, value)
    await game_admin.open_signups(db, game.id, mod(7))
    return game.id


async def _signed_up(db, game_id: int) -> dict[int, dict]:
    async with db.read() as session:
        rows = (await session.execute(select(Player).where(Player.game_id == game_id))).scalars()
        return {p.user_id: p.requests for p in rows}


async def _lobby_buttons(db, game_id: int) -> list[str]:
    async with db.read() as session:
        row = (await session.execute(select(Outbox).where(Outbox.game_id == game_id, Outbox.target == "lobby")
                                     .order_by(Outbox.id.desc()).limit(1))).scalar_one()
    return [b.label for b in screen.buttons(row.payload)]


async def _press(gm, custom_id: str, user: int) -> FakeInteraction:
    match = re.fullmatch(LobbyPress.__discord_ui_compiled_template__, custom_id)
    item = LobbyPress(custom_id, **match.groupdict())
    interaction = FakeInteraction(gm, FakeUser(user, f"Player{user}"))
    interaction.message = None
    await item.callback(interaction)
    return interaction


async def test_a_battle_royale_setup_without_lone_wolves_offers_and_grants_none_through_the_cog(gm, db):
    game_id = await _game(db, "battle_royale", {"roles": "lovers: none"})
    cog = SignUpCog(gm)
    assert [c.value for c in await role_choices(FakeInteraction(gm, FakeUser(1)), "")] == ["dedicated_student"]
    assert await role_choices(FakeInteraction(gm, FakeUser(1)), "wolf") == []
    assert await _lobby_buttons(db, game_id) == ["Join", "Join as Dedicated Student", "Leave"]
    join = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role="lone_wolf", game=None)
    assert join.text == WOLF and join.all_ephemeral
    pressed = await _press(gm, f"brbot:lobby:{game_id}:join:lone_wolf", 2)  # an old lobby's button
    assert pressed.text == WOLF and pressed.all_ephemeral
    assert await _signed_up(db, game_id) == {}
    await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role=None, game=None)
    choose = await call(command(cog, "role choose"), cog, FakeInteraction(gm, FakeUser(1)), role="Lone Wolf", game=None)
    assert choose.text == WOLF and choose.all_ephemeral
    assert await _signed_up(db, game_id) == {1: {"role": "dedicated_student"}}


async def test_a_battle_royale_setup_without_lovers_refuses_the_proposal_through_the_cog(gm, db):
    game_id = await _game(db, "battle_royale", {"roles": "lone_wolf: 1"})
    cog = SignUpCog(gm)
    for user in (1, 2):
        await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(user)), role=None, game=None)
    proposed = await call(command(cog, "role lovers"), cog, FakeInteraction(gm, FakeUser(1)), partner=FakeUser(2),
                          game=None)
    assert proposed.text == "This game's setup does not grant the Lovers role: nobody can become Lovers in Battle Royale."
    assert await _signed_up(db, game_id) == {1: {"role": "dedicated_student"}, 2: {"role": "dedicated_student"}}
    assert await _lobby_buttons(db, game_id) == ["Join", "Join as Dedicated Student", "Join as Lone Wolf", "Leave"]


async def test_a_starcraft_mafia_setup_offers_its_classes_only_through_the_cog(gm, db):
    game_id = await _game(db, "starcraft_mafia", {"classes": "marine: 2, medic: 1"})
    cog = SignUpCog(gm)
    assert [c.name for c in await role_choices(FakeInteraction(gm, FakeUser(1)), "")] == ["Marine", "Medic"]
    assert await _lobby_buttons(db, game_id) == ["Join", "Join as Marine", "Join as Medic", "Leave"]
    join = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role="ghost", game=None)
    assert join.text == "This game's setup does not put the Ghost class in play: choose one of Marine, Medic."
    join = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role="Medic", game=None)
    assert "You asked for the Medic class." in join.text


async def test_the_moderator_who_takes_a_requested_role_out_during_sign_up_is_told_who_asked(gm, db):
    game_id = await _game(db, "battle_royale", {})
    await games.join_game(db, game_id, 1, "Ann", "lone_wolf")
    await games.join_game(db, game_id, 2, "Bob")
    changed = await run(ModerationCog(gm), "game settings", moderator(gm), name="roles", value="lovers: none")
    assert changed.all_ephemeral
    assert changed.text.splitlines()[1] == (
        "Signed up asking for what the setup no longer puts in play: <@1> (Lone Wolf). Their requests stay; at the "
        "start each is refused as any request the setup cannot grant (they are told by DM), unless they ask again "
        "before it."
    )
    assert await _signed_up(db, game_id) == {1: {"role": "lone_wolf"}, 2: {"role": "dedicated_student"}}
    assert await _lobby_buttons(db, game_id) == ["Join", "Join as Dedicated Student", "Leave"]
    plain = await run(ModerationCog(gm), "game settings", moderator(gm), name="days", value="20")
    assert "no longer puts in play" in plain.text  # said again while the request stands

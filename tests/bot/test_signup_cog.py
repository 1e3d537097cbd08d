"""/join, /leave, /role: sign-up through the cog, each refusal specific and ephemeral (handbook II)."""
from __future__ import annotations

from sqlalchemy import select

from bot.cogs.signup import SignUpCog
from bot.db.models import Game, Outbox, Player
from bot.services.signup import games
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.services.conftest import mod

CHANNEL = 555


def choice(value: str):
    from discord import app_commands
    return app_commands.Choice(name=value, value=value)


async def open_game(db, cap: int | None = None) -> int:
    game = await games.create_game(db, name="Island", channel_id=CHANNEL, guild_id=1000, signup_cap=cap)
    return game.id


def command(cog, name):
    for cmd in cog.walk_app_commands():
        if cmd.qualified_name == name:
            return cmd
    raise KeyError(name)


async def test_join_in_channel_signs_up_ephemerally(gm, db):
    game_id = await open_game(db)
    cog = SignUpCog(gm)
    alice = FakeUser(1, "alice")
    done = await call(command(cog, "join"), cog, FakeInteraction(gm, alice), role=None, game=None)
    assert "signed up for Island" in done.text and done.all_ephemeral
    async with db.read() as session:
        row = (await session.execute(select(Player).where(Player.game_id == game_id))).scalar_one()
    assert (row.user_id, row.name, row.status) == (1, "alice", "joined")


async def test_join_twice_is_refused_with_the_reason(gm, db):
    await open_game(db)
    cog = SignUpCog(gm)
    await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role=None, game=None)
    again = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role=None, game=None)
    assert again.text == "You have already signed up for this game." and again.all_ephemeral


async def test_join_where_there_is_no_game(gm, db):
    cog = SignUpCog(gm)
    done = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1), channel_id=999), role=None, game=None)
    assert "There is no game in this channel" in done.text and done.all_ephemeral


async def test_join_past_the_cap_goes_to_the_reserve_list_and_leave_promotes(gm, db):
    game_id = await open_game(db, cap=2)
    cog = SignUpCog(gm)
    for user in (1, 2):
        await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(user)), role=None, game=None)
    third = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(3)), role=None, game=None)
    assert "reserve list" in third.text
    gone = await call(command(cog, "leave"), cog, FakeInteraction(gm, FakeUser(1)), game=None)
    assert "You have left Island" in gone.text
    async with db.read() as session:
        status = (await session.execute(select(Player.status).where(Player.game_id == game_id, Player.user_id == 3))).scalar_one()
        dms = (await session.execute(select(Outbox).where(Outbox.target == "dm", Outbox.target_id == 3).order_by(Outbox.id))).scalars().all()
    assert status == "joined"
    assert [d.payload["kind"] for d in dms] == ["promoted"]


async def test_join_in_a_dm_needs_the_game_when_not_signed_up_anywhere(gm, db):
    game_id = await open_game(db)
    cog = SignUpCog(gm)
    dm = FakeInteraction(gm, FakeUser(1), guild_id=None, channel_id=None)
    done = await call(command(cog, "join"), cog, dm, role=None, game=None)
    assert "not signed up for any game" in done.text
    named = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1), guild_id=None, channel_id=None),
                       role=choice("lone_wolf"), game=game_id)
    assert "signed up" in named.text


async def test_lovers_proposal_reaches_the_partner_with_buttons_only(gm, db):
    game_id = await open_game(db)
    cog = SignUpCog(gm)
    for user in (1, 2, 3):
        await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(user)), role=None, game=None)
    done = await call(command(cog, "role lovers"), cog, FakeInteraction(gm, FakeUser(1, "alice")),
                      partner=FakeUser(2, "bob"), game=None)
    assert "proposal went to bob" in done.text and done.all_ephemeral
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    assert [(r.target, r.target_id, r.payload["kind"]) for r in rows] == [("dm", 2, "lovers_proposal")]
    from bot.ui.buttons import buttons_for
    assert [b.label for b in buttons_for(rows[0].payload)] == ["Accept", "Decline"]


async def test_role_refusals_are_specific(gm, db):
    await open_game(db)
    cog = SignUpCog(gm)
    await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(1)), role=None, game=None)
    own = await call(command(cog, "role lovers"), cog, FakeInteraction(gm, FakeUser(1)), partner=FakeUser(1), game=None)
    assert own.text == "You cannot be your own Lover."
    stranger = await call(command(cog, "role rival"), cog, FakeInteraction(gm, FakeUser(1)), rival=FakeUser(9), game=None)
    assert stranger.text == "Your Rival must be signed up for this game."
    outsider = await call(command(cog, "role choose"), cog, FakeInteraction(gm, FakeUser(7)), role=choice("lone_wolf"), game=None)
    assert outsider.text == "You are not signed up for this game."
    assert own.all_ephemeral and stranger.all_ephemeral and outsider.all_ephemeral


async def test_no_sign_up_after_the_start(gm, db):
    game_id = await open_game(db)
    cog = SignUpCog(gm)
    for user in (1, 2):
        await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(user)), role=None, game=None)
    from tests.services.conftest import NOW
    await games.start_game(db, game_id, NOW)
    late = await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(3)), role=None, game=None)
    assert late.text == "Sign-ups for this game are closed."
    leave = await call(command(cog, "leave"), cog, FakeInteraction(gm, FakeUser(1)), game=None)
    assert leave.text == "The game has started: ask a moderator to substitute you."


async def test_role_choose_and_rival_set_and_cleared(gm, db):
    """II.A: a role is asked for before the start; a Rival is declared, or withdrawn with no rival."""
    game_id = await open_game(db)
    cog = SignUpCog(gm)
    for user in (1, 2):
        await call(command(cog, "join"), cog, FakeInteraction(gm, FakeUser(user)), role=None, game=None)
    chosen = await call(command(cog, "role choose"), cog, FakeInteraction(gm, FakeUser(1)),
                        role=app_role("Lone Wolf", "lone_wolf"), game=None)
    assert chosen.text == "You asked to be a Lone Wolf." and chosen.all_ephemeral
    rival = await call(command(cog, "role rival"), cog, FakeInteraction(gm, FakeUser(1)), rival=FakeUser(2, "bob"), game=None)
    assert rival.text == "bob is your Rival."
    async with db.read() as session:
        requests = (await session.execute(select(Player.requests).where(Player.game_id == game_id, Player.user_id == 1))).scalar_one()
    assert requests.get("role") == "lone_wolf" and requests.get("rival") == 2, requests
    cleared = await call(command(cog, "role rival"), cog, FakeInteraction(gm, FakeUser(1)), rival=None, game=None)
    assert cleared.text == "You have no Rival now."
    async with db.read() as session:
        requests = (await session.execute(select(Player.requests).where(Player.game_id == game_id, Player.user_id == 1))).scalar_one()
    assert not requests.get("rival"), requests


async def test_leave_when_not_signed_up_is_refused(gm, db):
    await open_game(db)
    cog = SignUpCog(gm)
    done = await call(command(cog, "leave"), cog, FakeInteraction(gm, FakeUser(5)), game=None)
    assert done.text == "You are not signed up for this game." and done.all_ephemeral


def app_role(name: str, value: str):
    from discord import app_commands
    return app_commands.Choice(name=name, value=value)


async def test_the_lobby_buttons_join_and_leave_and_a_full_lobby_musters(gm, db):
    """Issue 24: the lobby's Join (as a role) and Leave buttons act as /join and /leave, answered to the presser
    alone; the press that fills the game begins its muster (the Ready DMs go out)."""
    import re

    from bot.services.moderators import game_admin
    from bot.ui.buttons import LobbyPress, ReadyPress

    game = await game_admin.create(db, guild_id=1000, channel_id=555, actor_id=mod(7), name="Lobby", signup_cap=2)
    await game_admin.open_signups(db, game.id, mod(7))

    async def press(cls, custom_id: str, user: int):
        match = re.fullmatch(cls.__discord_ui_compiled_template__, custom_id)
        item = cls(custom_id, **match.groupdict())
        interaction = FakeInteraction(gm, FakeUser(user, f"Player{user}"))
        interaction.message = None  # a DM's button: answered, not edited
        await item.callback(interaction)
        return interaction

    joined = await press(LobbyPress, f"brbot:lobby:{game.id}:join:lone_wolf", 1)
    assert "signed up" in joined.text.lower() and joined.all_ephemeral
    async with db.read() as session:
        requests = (await session.execute(select(Player.requests).where(Player.user_id == 1))).scalar_one()
    assert requests == {"role": "lone_wolf"}
    left = await press(LobbyPress, f"brbot:lobby:{game.id}:leave", 1)
    assert "left" in left.text.lower()
    await press(LobbyPress, f"brbot:lobby:{game.id}:join", 1)
    await press(LobbyPress, f"brbot:lobby:{game.id}:join", 2)  # full: the muster begins
    async with db.read() as session:
        game_row = await session.get(Game, game.id)
        assert game_row.muster_until is not None and game_row.status == "signup"
    ready = await press(ReadyPress, f"brbot:ready:{game.id}", 1)
    assert "You are ready" in ready.text
    await press(ReadyPress, f"brbot:ready:{game.id}", 2)
    async with db.read() as session:
        assert (await session.get(Game, game.id)).status == "running"

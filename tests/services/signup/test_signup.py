"""Creating, joining, leaving, role requests, Lovers by agreement, Rivals, starting (issue: services): the
requests are Battle Royale's sign-up options (`Front.signup`, handbook II.A), handled generically."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import DaySeed, Game, Outbox, Player
from bot.services.signup import games
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW
from tests.services.conftest import mod


async def test_create_game_refuses_bad_settings_and_timezone(db):
    with pytest.raises(ServiceError, match="max_hp"):
        await games.create_game(db, name="x", settings={"max_hp": 0})
    with pytest.raises(ServiceError, match="Unknown timezone"):
        await games.create_game(db, name="x", timezone="Mars/Olympus")
    with pytest.raises(ServiceError, match="unknown ruleset"):
        await games.create_game(db, name="x", ruleset="chess")
    async with db.transaction() as session:
        assert (await session.execute(select(Game).order_by(Game.id))).scalars().all() == []


async def test_signup_cap_puts_late_players_on_the_reserve_list_and_promotes_them(db):
    game = await games.create_game(db, name="Cap", signup_cap=2)
    first = await games.join_game(db, game.id, 1, "A")
    await games.join_game(db, game.id, 2, "B")
    late = await games.join_game(db, game.id, 3, "C")
    assert (first.status, late.status) == ("joined", "reserve")
    with pytest.raises(ServiceError, match="already signed up"):
        await games.join_game(db, game.id, 3, "C")
    promoted = await games.leave_game(db, game.id, 1, NOW)
    assert promoted is not None and promoted.user_id == 3
    with pytest.raises(ServiceError, match="not signed up"):
        await games.leave_game(db, game.id, 1, NOW)


async def test_lovers_need_both_to_agree(db):
    """Handbook II.A.2: both players must agree."""
    game = await games.create_game(db, name="Love")
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"P{user}")
    await games.pair(db, game.id, 1, "lovers", 2)
    with pytest.raises(ServiceError, match="no Lovers proposal"):
        await games.answer_pairing(db, game.id, 3, 1, "lover", accept=True)
    assert await games.answer_pairing(db, game.id, 2, 1, "lover", accept=True) == "You are now Lovers."
    await games.start_game(db, game.id, NOW)
    async with db.transaction() as session:
        state = (await session.get(Game, game.id)).state
    assert state["students"]["s001"]["role"] == "lovers" and state["students"]["s001"]["lover"] == "s002"
    assert state["students"]["s002"]["lover"] == "s001"
    assert state["students"]["s003"]["role"] != "lovers"


async def test_declined_proposal_leaves_both_unpaired(db):
    game = await games.create_game(db, name="No")
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"P{user}")
    await games.pair(db, game.id, 1, "lovers", 2)
    assert await games.answer_pairing(db, game.id, 2, 1, "lover", accept=False) == "You declined the proposal."
    async with db.transaction() as session:
        rows = (await session.execute(select(Player).order_by(Player.user_id))).scalars().all()
    assert all(p.requests.get("role") != "lovers" for p in rows)


async def test_rival_is_declared_and_cannot_be_yourself_or_your_lover(db):
    """Rivals 1: any player may declare one Rival."""
    game = await games.create_game(db, name="Riv")
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"P{user}")
    with pytest.raises(ServiceError, match="own Rival"):
        await games.pair(db, game.id, 1, "rival", 1)
    await games.pair(db, game.id, 1, "rival", 3)
    await games.start_game(db, game.id, NOW)
    async with db.transaction() as session:
        state = (await session.get(Game, game.id)).state
    assert state["students"]["s001"]["rival"] == "s003"


async def test_start_deals_roles_opens_day0_and_publishes_a_seed_commitment(db):
    game = await games.create_game(db, name="Go", channel_id=77)
    for user in range(1, 6):
        await games.join_game(db, game.id, user, f"P{user}")
    started = await games.start_game(db, game.id, NOW)
    assert started.status == "running" and started.phase == "day0" and started.deadline is not None
    async with db.transaction() as session:
        seed = await session.get(DaySeed, (game.id, 0))
        posts = (await session.execute(select(Outbox).where(Outbox.target == "channel").order_by(Outbox.id))).scalars().all()
        dms = (await session.execute(select(Outbox).where(Outbox.target == "dm").order_by(Outbox.id))).scalars().all()
    assert seed is not None and not seed.revealed
    assert any(seed.commitment in p.text for p in posts)
    assert all(seed.seed not in p.text for p in posts)
    assert {d.target_id for d in dms} == {1, 2, 3, 4, 5}
    with pytest.raises(ServiceError, match="already started"):
        await games.start_game(db, game.id, NOW)
    with pytest.raises(ServiceError, match="closed"):
        await games.join_game(db, game.id, 9, "Late")


async def test_start_needs_two_players(db):
    game = await games.create_game(db, name="Solo")
    await games.join_game(db, game.id, 1, "Alone")
    with pytest.raises(ServiceError, match="needs at least 2 players; 1 signed up"):
        await games.start_game(db, game.id, NOW)


async def test_start_needs_the_games_own_minimum_and_changes_nothing_when_refused(db):
    """A game's `Ruleset.min_players` (StarCraft Mafia: 5) is checked before its set-up runs: a moderator's
    /game start with four players gets the reason, not a crash, and the game stays in sign-up."""
    game = await games.create_game(db, name="Hive", ruleset="starcraft_mafia")
    await games.join_many(db, game.id, [(n, f"P{n}", None) for n in range(1, 5)])
    with pytest.raises(ServiceError, match="StarCraft Mafia needs at least 5 players; 4 signed up"):
        await games.start_game(db, game.id, NOW)
    async with db.transaction() as session:
        assert (await session.get(Game, game.id)).status == "signup"


async def test_a_set_up_the_game_refuses_is_a_clear_error_not_a_crash(db):
    """The game's own set-up refusal (here the card game's: more players than its rules take, when the sign-up
    rows say otherwise) reaches the moderator as its reason, and nothing is started."""
    game = await games.create_game(db, name="Cards", ruleset="battle_royale_cards", settings={"max_players": 2})
    await games.join_many(db, game.id, [(n, f"P{n}", None) for n in range(1, 4)])
    with pytest.raises(ServiceError, match="The game cannot start: .*"):
        await games.start_game(db, game.id, NOW)
    async with db.transaction() as session:
        assert (await session.get(Game, game.id)).status == "signup"


async def test_a_role_request_replaces_a_lovers_proposal_and_reaches_the_game(db):
    game = await games.create_game(db, name="Roles")
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"P{user}")
    with pytest.raises(ServiceError, match="to become Lovers, propose"):
        await games.request_role(db, game.id, 1, "lovers")
    with pytest.raises(ServiceError, match="not signed up"):
        await games.request_role(db, game.id, 9, "lone_wolf")
    await games.pair(db, game.id, 1, "lovers", 2)
    await games.request_role(db, game.id, 1, "lone_wolf")
    async with db.transaction() as session:
        me = (await session.execute(select(Player).where(Player.game_id == game.id, Player.user_id == 1))).scalar_one()
    assert me.requests == {"role": "lone_wolf"}  # the proposal is withdrawn
    with pytest.raises(ServiceError, match="no Lovers proposal"):
        await games.answer_pairing(db, game.id, 2, 1, "lover", accept=True)
    started = await games.start_game(db, game.id, NOW)
    assert started.state["students"]["s001"]["requested_role"] == "lone_wolf"
    with pytest.raises(ServiceError, match="Sign-up requests are fixed"):
        await games.request_role(db, game.id, 2, "lone_wolf")


async def test_the_sign_up_cap_is_the_bots_and_bounded_by_the_game(db):
    """The sign-up cap belongs to the bot, never to a game's house rules: a game whose settings are its
    rulings' names (StarCraft Mafia) takes one at creation (it was refused as an unknown setting), defaults to
    the most the game takes, and cannot go above it, at creation or later."""
    import pytest

    from bot.services.moderators import game_admin
    from bot.services.base.errors import ServiceError

    mafia = await games.create_game(db, name="Outpost", ruleset="starcraft_mafia", signup_cap=10)
    assert mafia.signup_cap == 10 and "signup_cap" not in mafia.settings
    assert (await games.create_game(db, name="Full", ruleset="starcraft_mafia")).signup_cap == 20  # its most
    assert (await games.create_game(db, name="Island")).signup_cap == 20  # Battle Royale: no most, the default
    with pytest.raises(ServiceError, match="from 2 to 20"):
        await games.create_game(db, name="Big", ruleset="starcraft_mafia", signup_cap=21)
    with pytest.raises(ServiceError, match="from 2 to 20"):
        await game_admin.change_setting(db, mafia.id, mod(7), "signup_cap", "25")
    changed = await game_admin.change_setting(db, mafia.id, mod(7), "signup_cap", "12")
    assert changed.value == 12

"""Issue 22: the moderator services check their caller themselves (`bot.services.base.rights`), not only the
commands: a plain user id, a player, or a member with Manage Server in another server is refused and nothing
changes; Manage Server in the game's server or the server's moderator role (as set now) is let through.
Rulings, "Moderators": Manage Server or the server's moderator role."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from bot.db.models import AuditLog, Game, GuildSettings
from bot.services.base import lookup
from bot.services.moderators import game_admin, moderation
from bot.services.orders import day_actions, dice, player_views
from bot.services.signup import games, sheets
from bot.services.base.common import load_state
from bot.services.base.errors import ServiceError
from bot.services.base.rights import Caller
from tests.services.conftest import NOW, mod

GUILD = 1000
PLAYER = Caller(user_id=1, guild_id=GUILD)  # what Discord says of a plain player in the game's server
ELSEWHERE = Caller(user_id=5, guild_id=2000, manage_guild=True)  # Manage Server, in another server
OWNER = Caller(user_id=7, guild_id=GUILD, manage_guild=True)


@pytest.fixture
async def game_id(db, templates) -> int:
    """The id of the running game of `_build`, built once per worker and database kind and copied into this test's own
    database (tests/databases.py: `prepared`): every test starts from the same untouched game."""
    return await templates.prepared(db.url, "moderator_rights.running", _build)


async def _build(db) -> int:
    """A game in GUILD with three players, started by its owner at NOW."""
    game = await game_admin.create(db, guild_id=GUILD, channel_id=555, actor_id=OWNER, name="Rights")
    await game_admin.open_signups(db, game.id, OWNER)
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"Player{user}")
    await game_admin.change_setting(db, game.id, OWNER, "muster_hours", "0")  # no muster: the start is at once
    begun = await game_admin.start(db, game.id, OWNER, NOW)
    assert begun.started
    return game.id


async def _trace(db, game_id: int) -> tuple:
    async with db.read() as session:
        game = await session.get(Game, game_id)
        audits = (await session.execute(select(func.count()).select_from(AuditLog))).scalar_one()
        return game.status, game.deadline, game.state_rev, game.name, audits


SERVICES = {
    "pause": lambda db, g, who: moderation.pause(db, g, who),
    "pause_for": lambda db, g, who: moderation.pause_for(db, g, who, NOW, 2),
    "resume": lambda db, g, who: moderation.resume(db, g, who, NOW),
    "extend": lambda db, g, who: moderation.extend(db, g, who, 6),
    "end": lambda db, g, who: moderation.end(db, g, who, "no"),
    "resolve_now": lambda db, g, who: moderation.resolve_now(db, g, who, NOW),
    "act": lambda db, g, who: moderation.act(db, g, who, 2, "kill"),
    "substitute": lambda db, g, who: moderation.substitute(db, g, who, 2, 50, "Sub"),
    "open_signups": lambda db, g, who: game_admin.open_signups(db, g, who),
    "start": lambda db, g, who: game_admin.start(db, g, who, NOW),
    "change_setting": lambda db, g, who: game_admin.change_setting(db, g, who, "deadline_time", "09:00"),
    "preview_day": lambda db, g, who: game_admin.preview_day(db, g, who),
    "create": lambda db, g, who: game_admin.create(db, guild_id=GUILD, channel_id=556, actor_id=who, name="New"),
    # what only moderators may read: every secret of the game, the audit log, secret rolls, who is late, sheets
    "gm_view": lambda db, g, who: player_views.gm_view(db, g, who),
    "audit_trail": lambda db, g, who: moderation.audit_trail(db, g, who),
    "rolls_of_game": lambda db, g, who: dice.rolls_of_game(db, g, who),
    "who_has_not_submitted": lambda db, g, who: day_actions.who_has_not_submitted(db, g, who),
    "signup_sheets": lambda db, g, who: sheets.signup_sheets(db, g, who),
}


@pytest.mark.parametrize("service", sorted(SERVICES))
@pytest.mark.parametrize("who", [1, PLAYER, ELSEWHERE, Caller(user_id=1, guild_id=None, manage_guild=True)],
                         ids=["plain id", "player", "another server", "no server"])
async def test_a_moderator_service_refuses_a_caller_who_does_not_moderate_and_changes_nothing(
    db, game_id, service, who
):
    before = await _trace(db, game_id)
    with pytest.raises(ServiceError, match="Only moderators can do this"):
        await SERVICES[service](db, game_id, who)
    assert await _trace(db, game_id) == before


@pytest.mark.parametrize("service", sorted(SERVICES))
async def test_manage_server_in_the_games_server_may(db, game_id, service):
    """Past the check: done, or refused for the game's own reason (a running game is not opened or started)."""
    try:
        await SERVICES[service](db, game_id, OWNER)
    except ServiceError as refused:
        assert service in ("open_signups", "resume", "start") and "moderators" not in refused.message


async def test_the_servers_moderator_role_moderates_as_set_now(db, game_id):
    with_role = Caller(user_id=8, guild_id=GUILD, role_ids=frozenset({4242, 1}))
    with pytest.raises(ServiceError, match="Only moderators can do this"):
        await moderation.extend(db, game_id, with_role, 6)
    await lookup.set_moderator_role(db, GUILD, 4242)  # /game settings moderator_role, in another game
    before = (await _trace(db, game_id))[1]
    assert await moderation.extend(db, game_id, with_role, 6) == before + timedelta(hours=6)
    async with db.read() as session:
        last = (await session.execute(select(AuditLog).order_by(AuditLog.id.desc()).limit(1))).scalar_one()
    assert (last.action, last.actor_id) == ("extend", 8)
    await lookup.set_moderator_role(db, GUILD, None)
    with pytest.raises(ServiceError, match="Only moderators can do this"):
        await moderation.extend(db, game_id, with_role, 6)
    async with db.read() as session:
        assert (await session.get(GuildSettings, GUILD)).moderator_role_id is None


async def test_a_player_cannot_clear_another_players_sheet(db):
    game = await games.create_game(db, name="Sheets", ruleset="mazeworld", channel_id=557, guild_id=GUILD)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"P{user}")
    with pytest.raises(ServiceError, match="Only moderators can do this"):
        await sheets.clear(db, game.id, 2, by=PLAYER)
    with pytest.raises(ServiceError, match="Only moderators can do this"):
        await sheets.clear(db, game.id, 2, by=1)  # type: ignore[arg-type]
    assert "has no" in await sheets.clear(db, game.id, 2, by=OWNER)


@pytest.mark.parametrize("reason", [5, ["x"], {"a": 1}, True, 2.5])
async def test_a_kill_reason_that_is_not_a_text_is_refused_and_the_game_still_loads(db, game_id, reason):
    """A non-string `/mod kill reason` was stored as the death cause: the game's state no longer loaded."""
    with pytest.raises(ServiceError, match="`reason` must be a text"):
        await moderation.act(db, game_id, mod(), 2, "kill", {"reason": reason})
    async with db.read() as session:
        load_state(await session.get(Game, game_id))
    done = await moderation.act(db, game_id, OWNER, 2, "kill", {"reason": "fell"})
    assert done.name == "Player2"
    async with db.read() as session:
        load_state(await session.get(Game, game_id))

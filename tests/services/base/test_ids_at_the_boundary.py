"""Issue 29, point 8: an id no Discord user, server, channel or role can have (beyond 64 bits, 0 or negative)
is refused by the services with a clear message naming what it is, before any query meets it: it reached the
database and failed there (SQLite: OverflowError; PostgreSQL: "value out of int64 range"), or, in range but
negative, made a game in channel -5. Not reachable from Discord (its ids are positive 64-bit numbers), but the
services take callers other than the cogs. On SQLite and PostgreSQL; nothing is created or changed."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.db.models import AuditLog, Game, GuildSettings
from bot.services.base import lookup
from bot.services.moderators import game_admin, moderation
from bot.services.orders import day_actions, orders, player_views, step_buttons
from bot.services.pages import player_pages, public_pages
from bot.services.people import absence, groups, profiles, records, spectators
from bot.services.signup import games, muster, sheets
from bot.services.base.errors import ServiceError
from bot.services.base.limits import ID_MAX
from bot.services.base.rights import Caller
from tests.services.conftest import NOW, mod, started_game

BEYOND = [2**64, ID_MAX + 1, 10**30]
NO_ID = [*BEYOND, 0, -5, -(2**64)]


async def _count(db, model) -> int:
    async with db.read() as session:
        return (await session.execute(select(func.count()).select_from(model))).scalar_one()


def _as(user_id: int = 99, guild_id: int | None = 1000) -> Caller:
    return Caller(user_id=user_id, guild_id=guild_id, manage_guild=True)


USER_CALLS = {
    "find_game in a DM": lambda db, g, bad: lookup.find_game(db, user_id=bad, channel_id=None, in_dm=True),
    "games_of_user": lambda db, g, bad: lookup.games_of_user(db, bad),
    "player_view": lambda db, g, bad: player_views.player_view(db, g, bad),
    "my_orders": lambda db, g, bad: orders.my_orders(db, g, bad),
    "current_payload": lambda db, g, bad: day_actions.current_payload(db, g, bad),
    "order_history": lambda db, g, bad: day_actions.order_history(db, g, bad),
    "record_of": lambda db, g, bad: records.record_of(db, bad),
    "profile": lambda db, g, bad: profiles.profile(db, bad),
    "watch": lambda db, g, bad: spectators.watch(db, g, bad),
    "team say": lambda db, g, bad: groups.relay(db, g, bad, "hello"),
    "step button": lambda db, g, bad: step_buttons.press(db, g, bad, 0, "x", NOW),
    "a moderator's caller": lambda db, g, bad: moderation.act(db, g, _as(bad), 1, "kill"),
    "the operator's caller": lambda db, g, bad: moderation.act(db, g, Caller.operator(bad), 1, "kill"),
    "leave_game": lambda db, g, bad: games.leave_game(db, g, bad, NOW),
    "request_role": lambda db, g, bad: games.request_role(db, g, bad, "x"),
    "pair": lambda db, g, bad: games.pair(db, g, bad, "x", None),
    "pair with": lambda db, g, bad: games.pair(db, g, 1, "x", bad),
    "answer_pairing": lambda db, g, bad: games.answer_pairing(db, g, bad, 1, "x", True),
    "answer_pairing's proposer": lambda db, g, bad: games.answer_pairing(db, g, 1, bad, "x", True),
    "muster confirm": lambda db, g, bad: muster.confirm(db, g, bad, NOW),
    "sheet show": lambda db, g, bad: sheets.show(db, g, bad),
    "sheet clear": lambda db, g, bad: sheets.clear(db, g, bad),
    "/sub volunteer": lambda db, g, bad: absence.volunteer(db, 1000, bad, "Sub", NOW),
    "/sub withdraw": lambda db, g, bad: absence.withdraw(db, 1000, bad),
}
SERVER_CALLS = {
    "moderator_role": lambda db, g, bad: lookup.moderator_role(db, bad),
    "set_moderator_role": lambda db, g, bad: lookup.set_moderator_role(db, bad, 5),
    "leaderboard": lambda db, g, bad: profiles.leaderboard(db, bad, "battle_royale"),
    "create_game": lambda db, g, bad: games.create_game(db, name="B", channel_id=556, guild_id=bad),
    "/game create": lambda db, g, bad: game_admin.create(db, guild_id=bad, channel_id=557, actor_id=mod(), name="B"),
    "a moderator's server": lambda db, g, bad: moderation.act(db, g, _as(99, bad), 1, "kill"),
    "/sub volunteer": lambda db, g, bad: absence.volunteer(db, bad, 5, "Sub", NOW),
    "/sub withdraw": lambda db, g, bad: absence.withdraw(db, bad, 5),
    "/sub list": lambda db, g, bad: absence.volunteers(db, bad),
}
CHANNEL_CALLS = {
    "find_game in a channel": lambda db, g, bad: lookup.find_game(db, user_id=1, channel_id=bad, in_dm=False),
    "find_game in a thread": lambda db, g, bad: lookup.find_game(db, user_id=1, channel_id=7, parent_id=bad, in_dm=False),
    "game_in_channel": lambda db, g, bad: lookup.game_in_channel(db, bad),
    "create_game": lambda db, g, bad: games.create_game(db, name="B", channel_id=bad),
    "/game create": lambda db, g, bad: game_admin.create(db, guild_id=1000, channel_id=bad, actor_id=mod(), name="B"),
}
ROLE_CALLS = {"set_moderator_role": lambda db, g, bad: lookup.set_moderator_role(db, 1000, bad)}


@pytest.mark.parametrize("what, calls", [
    ("user", USER_CALLS), ("server", SERVER_CALLS), ("channel", CHANNEL_CALLS), ("role", ROLE_CALLS),
])
async def test_an_id_no_discord_object_can_have_is_refused_naming_it_and_nothing_changes(db, what, calls):
    game_id = await started_game(db)
    before = (await _count(db, Game), await _count(db, AuditLog), await _count(db, GuildSettings))
    for name, call in calls.items():
        for bad in NO_ID:
            if bad == 0 and name in ("the operator's caller", "leaderboard"):
                continue  # the operator's user id may be 0 (no user: the command line), board 0 the games of no server
            with pytest.raises(ServiceError) as refused:
                await call(db, game_id, bad)
            assert str(refused.value) == f"{bad} is no Discord {what}'s id: nothing was changed.", name
    assert (await _count(db, Game), await _count(db, AuditLog), await _count(db, GuildSettings)) == before


@pytest.mark.parametrize("bad", NO_ID)
async def test_the_web_player_page_of_an_id_no_user_can_have_is_no_page(db, bad):
    with pytest.raises(public_pages.NoPage):
        await player_pages.player_page(db, bad)


async def test_the_largest_ids_are_taken(db):
    game = await game_admin.create(db, guild_id=ID_MAX, channel_id=ID_MAX, actor_id=_as(ID_MAX, ID_MAX), name="Edge")
    assert (await lookup.game_in_channel(db, ID_MAX)).id == game.id
    await lookup.set_moderator_role(db, ID_MAX, ID_MAX)
    assert await lookup.moderator_role(db, ID_MAX) == ID_MAX
    await game_admin.open_signups(db, game.id, _as(ID_MAX, ID_MAX))
    await games.join_game(db, game.id, ID_MAX, "Max")
    assert [g.id for g in await lookup.games_of_user(db, ID_MAX)] == [game.id]
    assert (await records.record_of(db, ID_MAX)).tier == "new"


GAME_CALLS = {
    "/game settings": lambda db, bad: game_admin.change_setting(db, bad, mod(), "timezone", "UTC"),
    "submit_orders": lambda db, bad: orders.submit_orders(db, bad, 1, {}, NOW),
    "submit_orders as the game master": lambda db, bad: orders.submit_orders(db, bad, 1, {}, NOW, moderator=mod()),
    "withdraw_orders": lambda db, bad: orders.withdraw_orders(db, bad, 1, NOW),
    "player_view": lambda db, bad: player_views.player_view(db, bad, 1),
    "/mod": lambda db, bad: moderation.act(db, bad, mod(), 1, "kill"),
    "/game open": lambda db, bad: game_admin.open_signups(db, bad, mod()),
}


@pytest.mark.parametrize("name", GAME_CALLS)
async def test_a_game_number_no_game_can_have_is_no_game_everywhere(db, name):
    await started_game(db)
    for bad in NO_ID:
        with pytest.raises(ServiceError) as refused:
            await GAME_CALLS[name](db, bad)
        assert str(refused.value).startswith(f"There is no game #{bad}"), name

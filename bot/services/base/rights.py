"""Who may moderate a game, checked by the services themselves (not only by the commands that call them).

A moderator is whoever has Manage Server (or Administrator) in the game's server, or the server's moderator
role (`/game settings moderator_role`, kept in `guild_settings`). Only Discord knows a member's permissions
and roles, so the front end that heard the command says what Discord told it in a `Caller` (`bot.ui.context`
builds it from the interaction, as `is_moderator` decides), and every moderator service checks that value
against the game: the same server, and Manage Server or the role the server set *now* (read from the
database). A plain user id is no caller: a moderator service called with one, or with a caller who does not
moderate that game's server, is refused and changes nothing. A game of no server (made by the command line)
is moderated by the moderators of the server a command about it comes from. The command line and the bot's
own work act as the operator (`Caller.operator`), who moderates every game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GuildSettings
from bot.db.session import Database
from bot.services.base import limits
from bot.services.base.errors import ServiceError
from bot.text import say


@dataclass(frozen=True)
class Caller:
    """Who asks, and what Discord said of them in the server the command came from (None: a DM)."""

    user_id: int
    guild_id: int | None = None
    manage_guild: bool = False  # Manage Server or Administrator in `guild_id`
    role_ids: frozenset[int] = field(default_factory=frozenset)
    is_operator: bool = False  # the bot's operator (command line, the bot's own work): every game

    @classmethod
    def operator(cls, user_id: int = 0) -> Caller:
        return cls(user_id=user_id, is_operator=True)


async def moderator(session: AsyncSession, game: Game, caller: Any) -> int:
    """The caller's user id (for the audit log) if they moderate `game`; refused otherwise."""
    return await moderator_of(session, game.guild_id, caller)


async def moderator_of(session: AsyncSession, guild_id: int | None, caller: Any) -> int:
    """The caller's user id if they moderate the games of server `guild_id` (None: a game of no server, made
    by the command line, which the commands find from any server: a moderator of the server asking); refused
    otherwise."""
    if not isinstance(caller, Caller) or isinstance(caller.user_id, bool) or not isinstance(caller.user_id, int):
        raise ServiceError(say("moderators_only"))
    if caller.is_operator is True:  # the operator's user id may be 0 (no user: the command line)
        return caller.user_id if caller.user_id == 0 else limits.user_id(caller.user_id)
    limits.user_id(caller.user_id)
    limits.optional_id(caller.guild_id, "server")
    if caller.guild_id is None or caller.guild_id != (guild_id if guild_id is not None else caller.guild_id):
        raise ServiceError(say("moderators_only"))
    guild_id = caller.guild_id
    if caller.manage_guild is True:
        return caller.user_id
    settings = await session.get(GuildSettings, guild_id)
    role = settings.moderator_role_id if settings is not None else None
    if role is None or role not in caller.role_ids:
        raise ServiceError(say("moderators_only"))
    return caller.user_id


async def game_master(db: Database, game_id: int, moderator: Any) -> bool:
    """Whether the caller orders as the game master (for the NPCs, with `as`): False or None, not; a `Caller`,
    checked against the game (refused when they do not moderate it); anything else (a bare True) is refused,
    as a plain user id is."""
    if moderator is None or moderator is False:
        return False
    limits.game_number(game_id)
    async with db.read() as session:
        guild = (await session.execute(select(Game.guild_id).where(Game.id == game_id))).one_or_none()
        if guild is None:
            raise ServiceError(say("no_game", game_id=game_id))
        await moderator_of(session, guild[0], moderator)
    return True

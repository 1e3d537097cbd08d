"""The game a command is about, who is asking, and whether they may moderate it.

`GameCog.run` is the one path every command takes: find the game (channel, thread or DM, `game` option),
check moderator rights when asked, defer when the work may be slow, run the work, and answer ephemerally
with its reply or its specific refusal. A `/join` by DM is let through only for a member of the game's
server, asked of Discord (`guild.fetch_member`: without the members intent the cache does not know them).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.session import Database
from bot.services.base import limits, lookup
from bot.services.base.errors import ServiceError
from bot.services.base.rights import Caller
from bot.ui.respond import defer, refusing, respond
from bot.ui.text import ui


class Host(Protocol):
    """What the commands need of the bot they run in (`bot.app.GameMasterBot` is the one; the layers beneath it
    name it by this, so none imports the bot): its database and clock, its guilds, and a nudge to the
    outbox worker once a command has written something to send."""

    db: Database
    clock: Callable[[], datetime]

    def get_guild(self, guild_id: int, /) -> discord.Guild | None: ...

    async def fetch_guild(self, guild_id: int, /, *, with_counts: bool = True) -> discord.Guild: ...

    def kick(self) -> None: ...


@dataclass
class Ctx:
    bot: Host
    interaction: discord.Interaction
    game: lookup.GameRef
    user_id: int
    now: datetime

    @property
    def db(self):
        return self.bot.db

    @property
    def game_id(self) -> int:
        return self.game.id

    @property
    def caller(self) -> Caller:
        """Who asks, as the moderator services check it (`caller_of`)."""
        return caller_of(self.interaction)

    @property
    def user_name(self) -> str:
        user = self.interaction.user
        return getattr(user, "display_name", None) or user.name


def in_dm(interaction: discord.Interaction) -> bool:
    return interaction.guild_id is None


def parent_channel(interaction: discord.Interaction) -> int | None:
    """The channel a thread belongs to (None outside a thread)."""
    return getattr(getattr(interaction, "channel", None), "parent_id", None)


def bot_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction came to (discord.py types `interaction.client` as a plain Client)."""
    return cast("Host", interaction.client)


async def is_guild_member(bot: Host, guild_id: int, user_id: int) -> bool | None:
    """Whether the user is a member of the guild; None when Discord cannot tell us (the bot left it, or an
    error)."""
    guild = bot.get_guild(guild_id)
    try:
        if guild is None:
            guild = await bot.fetch_guild(guild_id)
    except discord.HTTPException:
        return None
    if guild.get_member(user_id) is not None:
        return True
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return None
    return True


def caller_of(interaction: discord.Interaction) -> Caller:
    """What Discord says of the user in the server the interaction came from (Manage Server or Administrator,
    their roles), for the services to check against the game (`bot.services.base.rights`); in a DM, nothing."""
    if in_dm(interaction):
        return Caller(user_id=interaction.user.id)
    permissions = interaction.permissions
    roles = getattr(interaction.user, "roles", None) or []
    return Caller(
        user_id=interaction.user.id,
        guild_id=interaction.guild_id,
        manage_guild=bool(permissions is not None and (permissions.manage_guild or permissions.administrator)),
        role_ids=frozenset(r.id for r in roles),
    )


async def is_moderator(bot: Host, interaction: discord.Interaction) -> bool:
    """Manage Server, or the guild's moderator role (set with /game settings moderator_role)."""
    if in_dm(interaction):
        return False
    permissions = interaction.permissions
    if permissions is not None and (permissions.manage_guild or permissions.administrator):
        return True
    if interaction.guild_id is None:
        return False
    role_id = await lookup.moderator_role(bot.db, interaction.guild_id)
    roles = getattr(interaction.user, "roles", None) or []
    return role_id is not None and any(r.id == role_id for r in roles)


async def require_moderator(bot: Host, interaction: discord.Interaction) -> None:
    if in_dm(interaction):
        raise ServiceError(ui("moderators_in_guild"))
    if not await is_moderator(bot, interaction):
        raise ServiceError(ui("moderators_only"))


Work = Callable[[Ctx], Awaitable[Any]]

# The `game` option: a game's number, as Discord may carry it (games' ids are 64-bit; Discord's integers 53).
GameNumber = app_commands.Range[int, 1, limits.INTEGER_MAX]


class GameCog(commands.Cog):
    """A cog whose commands act on one game. Subclasses stay thin: parse options, call a service."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def db(self):
        return self.bot.db

    async def context(self, interaction: discord.Interaction, game_id: int | None, joining: bool = False) -> Ctx:
        game = await lookup.find_game(
            self.db,
            user_id=interaction.user.id,
            channel_id=interaction.channel_id,
            in_dm=in_dm(interaction),
            game_id=game_id,
            joining=joining,
            parent_id=parent_channel(interaction),
        )
        if not in_dm(interaction) and game.guild_id not in (None, interaction.guild_id):
            raise ServiceError(ui("wrong_guild"))
        if joining and in_dm(interaction) and game.guild_id is not None:
            member = await is_guild_member(self.bot, game.guild_id, interaction.user.id)
            if not member:
                raise ServiceError(ui("join_not_member" if member is False else "join_member_unknown", game=game.name))
        return Ctx(self.bot, interaction, game, interaction.user.id, self.bot.clock())

    async def run(
        self,
        interaction: discord.Interaction,
        game_id: int | None,
        work: Work,
        *,
        moderator: bool = False,
        slow: bool = False,
        joining: bool = False,
    ) -> None:
        async with refusing(interaction):
            if moderator:
                await require_moderator(self.bot, interaction)
            if slow:
                await defer(interaction)
            ctx = await self.context(interaction, game_id, joining)
            await respond(interaction, await work(ctx))
            self.bot.kick()


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The caller's own games (and, in a channel, the channel's game): never anyone else's."""
    bot = bot_of(interaction)
    games = await lookup.games_of_user(bot.db, interaction.user.id)
    if not in_dm(interaction) and interaction.channel_id is not None:
        here = await lookup.game_in_channel(bot.db, interaction.channel_id, parent_channel(interaction))
        if here is not None and here.id not in {g.id for g in games}:
            games.insert(0, here)
    choices = [
        app_commands.Choice(name=ui("game_choice", id=g.id, name=g.name, status=g.status)[:100], value=g.id)
        for g in games
    ]
    return [c for c in choices if current.lower() in c.name.lower()][:25]

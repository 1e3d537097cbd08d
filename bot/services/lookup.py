"""Which game a command is about: the game of the channel it was used in, or, in a DM, the player's game.

A guild channel holds at most one game that is not over (the newest wins). In a DM the player names the
game with the `game` option when they are in several; with one, that one is meant.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from bot.db.models import Game, GuildSettings, Player
from bot.db.session import Database
from bot.services.errors import ServiceError
from bot.text import say

LIVE = ("setup", "signup", "running", "paused")


@dataclass(frozen=True)
class GameRef:
    id: int
    name: str
    status: str
    guild_id: int | None
    channel_id: int | None
    ruleset: str


def _ref(game: Game) -> GameRef:
    return GameRef(game.id, game.name, game.status, game.guild_id, game.channel_id, game.ruleset)


async def game_in_channel(db: Database, channel_id: int) -> GameRef | None:
    """The newest game in this channel that is not over, else the newest game at all, else None."""
    async with db.read() as session:
        rows = (await session.execute(select(Game).where(Game.channel_id == channel_id)
                                      .order_by(Game.id.desc()))).scalars().all()
    live = [g for g in rows if g.status in LIVE]
    chosen = live[0] if live else (rows[0] if rows else None)
    return _ref(chosen) if chosen else None


async def games_of_user(db: Database, user_id: int, include_over: bool = False) -> list[GameRef]:
    """Games this user has signed up for (joined or on the reserve list), newest first."""
    async with db.read() as session:
        query = (select(Game).join(Player, Player.game_id == Game.id)
                 .where(Player.user_id == user_id, Player.status.in_(("joined", "reserve")))
                 .order_by(Game.id.desc()))
        games = (await session.execute(query)).scalars().unique().all()
    return [_ref(g) for g in games if include_over or g.status in LIVE]


async def game_by_id(db: Database, game_id: int) -> GameRef:
    async with db.read() as session:
        game = await session.get(Game, game_id)
    if game is None:
        raise ServiceError(say("no_game", game_id=game_id))
    return _ref(game)


async def find_game(db: Database, *, user_id: int, channel_id: int | None, in_dm: bool,
                    game_id: int | None = None) -> GameRef:
    """The game a command means. In a guild channel: the `game` option if given, else the channel's game.
    In a DM: the `game` option (which must be one of the player's games), else the player's only game."""
    if game_id is not None:
        game = await game_by_id(db, game_id)
        if in_dm and game.status != "signup" and game.id not in {g.id for g in await games_of_user(db, user_id, True)}:
            raise ServiceError(say("not_playing"))
        return game
    if not in_dm:
        found = await game_in_channel(db, channel_id) if channel_id is not None else None
        if found is None:
            raise ServiceError(say("no_game_here"))
        return found
    mine = await games_of_user(db, user_id)
    if not mine:
        raise ServiceError(say("no_games_of_yours"))
    if len(mine) > 1:
        raise ServiceError(say("which_game", games=", ".join(f"#{g.id} {g.name}" for g in mine)))
    return mine[0]


async def moderator_role(db: Database, guild_id: int) -> int | None:
    async with db.read() as session:
        row = await session.get(GuildSettings, guild_id)
    return row.moderator_role_id if row else None


async def set_moderator_role(db: Database, guild_id: int, role_id: int | None) -> None:
    async with db.transaction() as session:
        row = await session.get(GuildSettings, guild_id)
        if row is None:
            session.add(GuildSettings(guild_id=guild_id, moderator_role_id=role_id))
        else:
            row.moderator_role_id = role_id

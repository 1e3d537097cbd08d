"""Which game a command is about: the game of the channel it was used in, or, in a DM, the player's game.

A guild channel holds at most one game that is not over (the newest wins). A private thread where a
player with closed DMs gets their results belongs to that game too, and so does any thread of a game's
channel. In a DM the player names the game with the `game` option when they are in several; with one,
that one is meant. A DM reaches only the player's own games, except a `/join` of a game open for sign-ups
(whose caller must be a member of the game's server: the bot checks that, `bot.ui.context`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import defer

from bot.db.models import Game, GuildSettings, Player
from bot.db.session import Database
from bot.services.base import limits
from bot.services.base.batched import Batched
from bot.services.base.errors import ServiceError
from bot.services.base.limits import game_number
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
    day: int = 0
    deadline: datetime | None = None  # when today's orders close (None: not running, or paused)


# A `GameRef` needs none of a game's big columns: its state (a big game's JSON, parsed on every read) and its
# settings are left unread (autocomplete and every command look a game up first, at every keystroke).
BRIEF = (defer(Game.state), defer(Game.settings))


def _ref(game: Game) -> GameRef:
    return GameRef(
        game.id,
        game.name,
        game.status,
        game.guild_id,
        game.channel_id,
        game.ruleset,
        game.day,
        game.deadline if game.status == "running" else None,
    )


async def game_in_channel(db: Database, channel_id: int, parent_id: int | None = None) -> GameRef | None:
    """The newest game in this channel that is not over, else the newest game at all; for a player's
    private results thread, that player's game; for another thread, its parent channel's game; else None."""
    limits.discord_id(channel_id, "channel")
    limits.optional_id(parent_id, "channel")
    async with db.read() as session:
        rows = (
            (
                await session.execute(
                    select(Game).options(*BRIEF).where(Game.channel_id == channel_id).order_by(Game.id.desc())
                )
            )
            .scalars()
            .all()
        )
        if not rows:
            rows = (
                (
                    await session.execute(
                        select(Game)
                        .options(*BRIEF)
                        .join(Player, Player.game_id == Game.id)
                        .where(Player.thread_id == channel_id)
                        .order_by(Game.id.desc())
                    )
                )
                .scalars()
                .unique()
                .all()
            )
    if not rows and parent_id is not None and parent_id != channel_id:
        return await game_in_channel(db, parent_id)
    live = [g for g in rows if g.status in LIVE]
    chosen = live[0] if live else (rows[0] if rows else None)
    return _ref(chosen) if chosen else None


async def games_of_user(db: Database, user_id: int, include_over: bool = False) -> list[GameRef]:
    """Games this user has signed up for (joined or on the reserve list), newest first (one read for every user
    asking at the same moment: a DM's command, autocomplete at every keystroke, finds its game so)."""
    limits.user_id(user_id)
    games = await _USERS_GAMES.get(db, user_id) or []
    return [g for g in games if include_over or g.status in LIVE]


async def _users_games(db: Database, user_ids: list[int]) -> dict[int, list[GameRef]]:
    """user id -> the games they signed up for, newest first."""
    found: dict[int, list[GameRef]] = {u: [] for u in user_ids}
    async with db.read() as session:
        query = (
            select(Player.user_id, Game)
            .options(*BRIEF)
            .join(Player, Player.game_id == Game.id)
            .where(Player.user_id.in_(sorted(set(user_ids))), Player.status.in_(("joined", "reserve")))
            .order_by(Game.id.desc())
        )
        for user_id, game in (await session.execute(query)).all():
            if not any(g.id == game.id for g in found[user_id]):
                found[user_id].append(_ref(game))
    return found


_USERS_GAMES: Batched[int, list[GameRef]] = Batched(_users_games)


async def game_by_id(db: Database, game_id: int) -> GameRef:
    game_number(game_id)
    async with db.read() as session:
        game = await session.get(Game, game_id, options=BRIEF)
    if game is None:
        raise ServiceError(say("no_game", game_id=game_id))
    return _ref(game)


async def find_game(
    db: Database,
    *,
    user_id: int,
    channel_id: int | None,
    in_dm: bool,
    game_id: int | None = None,
    joining: bool = False,
    parent_id: int | None = None,
) -> GameRef:
    """The game a command means. In a guild channel (or thread, `parent_id` its channel): the `game` option
    if given, else the channel's game. In a DM: the `game` option, which must be one of the player's games
    (or, `joining`, a game open for sign-ups), else the player's only game."""
    limits.user_id(user_id)
    limits.optional_id(channel_id, "channel")
    if game_id is not None:
        game = await game_by_id(db, game_id)
        if (
            in_dm
            and not (joining and game.status == "signup")
            and game.id not in {g.id for g in await games_of_user(db, user_id, True)}
        ):
            raise ServiceError(say("not_playing"))
        return game
    if not in_dm:
        found = await game_in_channel(db, channel_id, parent_id) if channel_id is not None else None
        if found is None:
            raise ServiceError(say("no_game_here"))
        return found
    mine = await games_of_user(db, user_id)
    if not mine:
        ended = [g for g in await games_of_user(db, user_id, include_over=True) if g.status == "over"][:5]
        if ended:  # a finished game is still there to look at, by its number
            games = ", ".join(f"#{g.id} {g.name}" for g in ended)
            raise ServiceError(say("only_games_over", games=games, game_id=ended[0].id))  # newest first
        raise ServiceError(say("no_games_of_yours"))
    if len(mine) > 1:
        raise ServiceError(say("which_game", games=", ".join(f"#{g.id} {g.name}" for g in mine)))
    return mine[0]


async def moderator_role(db: Database, guild_id: int) -> int | None:
    limits.discord_id(guild_id, "server")
    async with db.read() as session:
        row = await session.get(GuildSettings, guild_id)
    return row.moderator_role_id if row else None


async def set_moderator_role(db: Database, guild_id: int, role_id: int | None) -> None:
    limits.discord_id(guild_id, "server")
    limits.optional_id(role_id, "role")
    async with db.transaction() as session:
        row = await session.get(GuildSettings, guild_id)
        if row is None:
            session.add(GuildSettings(guild_id=guild_id, moderator_role_id=role_id))
        else:
            row.moderator_role_id = role_id

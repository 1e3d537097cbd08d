"""The dead and spectators (issue 24, part 5): one private thread per game, in its channel, for its dead players
and the spectators who asked to watch (`/game watch`), where living players are never members.

It is a private group of the game (`GameGroup`, key `DEAD`) kept by the same delivery as the games' own groups
(`bot.delivery.groups`: the thread opened once, members added and removed, a deleted thread opened again). Its
members are computed here, in the transaction of every change of the game's state or seats (`groups.sync` calls
`sync`): the players whose seats are not among the survivors of the game's `Play.outcome`, and the watchers,
less every living player. So the thread opens when the first player dies, or at the start when someone watches
(a spectator who asks during play gets in at once), and a player brought back to life leaves it.

What it shows follows the community setting `dead_see`: "channel" (the default), nothing more than the game's
channel (what its members say to each other); "private", every player's private results from then on
(`copies`, called by `write_events`: each private event of a resolution or a moderator's action, headed with
the player's name), as mafia sites do after death. Nothing private is copied while the thread has no members, or
with "channel".

A dead player never posts into the living's channel through the bot (`may_post`, asked by `/roll`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, GameGroup, Player, Watcher
from bot.db.repositories import seat_map
from bot.db.session import Database
from bot.services.base import community, limits
from bot.services.base.common import load_game, load_state, outbox_row
from bot.services.base.errors import ServiceError
from bot.text import say
from engine import registry

DEAD = "_dead"  # the group key of the dead's thread (a game's own group keys never start with "_")
TARGET = "group"  # the outbox target that brings a group in line (`groups.TARGET`)
POST = "group_post"  # the outbox target of a message into a group's thread (delivery: `bot.delivery.worker`)


def _living(game: Game, state: Any, seats: dict[str, int]) -> set[str]:
    """The seats of players still alive (survivors that are seats: a game master's creature is not one)."""
    survivors = registry.get(game.ruleset).play.outcome(state)["survivors"]
    return {seat for seat in survivors if seat in seats}


async def sync(
    session: AsyncSession, game: Game, state: Any | None = None, seats: dict[str, int] | None = None
) -> None:
    """Store who is in the dead's thread now and, when that changed, ask delivery to bring it in line.
    `seats`: the game's `seat_map`, if the caller has just read it (else it is read here)."""
    if state is None and game.state is not None:
        state = load_state(game)
    if seats is None:
        seats = await seat_map(session, game.id)
    watchers = set((await session.execute(select(Watcher.user_id).where(Watcher.game_id == game.id))).scalars().all())
    dead: set[int] = set()
    living_users = set(seats.values())
    if state is not None:
        living = _living(game, state, seats)
        dead = {user for seat, user in seats.items() if seat not in living}
        living_users = {seats[seat] for seat in living}
    members = sorted((dead | watchers) - living_users)
    row = (
        await session.execute(select(GameGroup).where(GameGroup.game_id == game.id, GameGroup.key == DEAD))
    ).scalar_one_or_none()
    if row is None:
        if not members:
            return
        session.add(GameGroup(game_id=game.id, key=DEAD, members=members, joined=[], introduced=False))
    elif list(row.members or []) == members:
        return
    else:
        row.members = members
    told = {"kind": "group_sync", "group": DEAD, "title": say("dead_title"), "intro": _intro(game)}
    session.add_all([_row(game, TARGET, say("group_sync", group=DEAD), told)])


def _intro(game: Game) -> str:
    see = community.value(game, "dead_see")
    return say("dead_intro", game=game.name, sees=say(f"dead_sees_{see}"))


def _row(game: Game, target: str, text: str, payload: dict) -> Any:
    from bot.db.models import Outbox

    return Outbox(**outbox_row(game, target, None, text, payload))


async def members_of(session: AsyncSession, game_id: int) -> list[int]:
    """Who is in the game's dead's thread now (none before it opens)."""
    row = (
        await session.execute(select(GameGroup.members).where(GameGroup.game_id == game_id, GameGroup.key == DEAD))
    ).scalar_one_or_none()
    return list(row or [])


async def copies(session: AsyncSession, game: Game, events: list[Any], seats: dict[str, int]) -> list[dict]:
    """The outbox rows (as `outbox_row`s) that show the dead's thread every player's private results among these
    events, when the game's `dead_see` is "private" and the thread has members; none otherwise."""
    if community.value(game, "dead_see") != "private":
        return []
    private = [e for e in events if e.audience.kind == "players"]
    if not private or not await members_of(session, game.id):
        return []
    names = dict((await session.execute(select(Player.position, Player.name).where(Player.game_id == game.id))).all())
    rows = []
    for event in private:
        told = ", ".join(names.get(int(seat[1:]), seat) for seat in event.audience.ids if seat in seats)
        if told:
            text = say("dead_private", names=told, text=event.text)
            rows.append(outbox_row(game, POST, None, text, {"kind": "dead_private", "group": DEAD}))
    return rows


async def watch(db: Database, game_id: int, user_id: int) -> str:
    """`/game watch`: a spectator joins the game's dead's thread (at once in play; at the start otherwise).
    Refused to a living player of the game."""
    limits.user_id(user_id)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status == "over":
            raise ServiceError(say("watch_over", game=game.name))
        mine = (
            await session.execute(
                select(Player).where(Player.game_id == game_id, Player.user_id == user_id, Player.status == "joined")
            )
        ).scalar_one_or_none()
        if mine is not None and (game.state is None or mine.seat in _living(game, load_state(game), {mine.seat: 0})):
            raise ServiceError(say("watch_playing", game=game.name))
        if await session.get(Watcher, (game_id, user_id)) is None:
            session.add(Watcher(game_id=game_id, user_id=user_id))
            await session.flush()
        if game.state is not None:
            await sync(session, game)
        return say("watch_now" if game.state is not None else "watch_at_start", game=game.name)


async def may_post(db: Database, game_id: int, user_id: int) -> bool:
    """Whether the user may have the bot post in the game's channel: not while every seat they hold in the game
    in play is dead (they talk in the dead's thread)."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        if game.status not in ("running", "paused") or game.state is None:
            return True
        seats = await seat_map(session, game_id)
        mine = [seat for seat, user in seats.items() if user == user_id]
        if not mine:
            return True
        living = _living(game, load_state(game), seats)
        return any(seat in living for seat in mine)

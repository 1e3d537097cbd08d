"""The muster (issue 24, part 2) and the starts the game makes by itself (part 1), learnt from Diplicity's
muster phase (nothing copied).

Before the first step every player confirms with a Ready button sent by DM, within the game's `muster_hours`
(a community setting, 24 by default; 0: no muster). Reserves are asked too. While the muster runs the game is
still signing up (status "signup", `muster_until` set): the lobby shows who is ready, and someone who joins
meanwhile is asked as well. The game starts as soon as every player is ready. At the muster's deadline (the
deadline loop, from the stored time, so a restart changes nothing), players who did not confirm are dropped;
ready reserves take the free places in sign-up order (reserves who did not confirm stay reserves); then the game
starts if it has its minimum of players, or goes back to sign-ups (the channel and the moderators are told).
A game of one actor at a time musters the same way.

What starts a muster (`begin`): `/game start`, a full lobby (`begin_if_full`, after a join), or the start time
the moderators set (`start_at`, seen by the loop: `due`); a start time reached with too few players tells the
moderators and leaves sign-ups open.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, exists, or_, select

from bot.db.models import Game, Player
from bot.db.repositories import players_of
from bot.db.session import Database
from bot.screens import muster as screen
from bot.services.base import community, limits
from bot.services.base.common import announce, audit, load_game, outbox
from bot.services.base.errors import ServiceError
from bot.services.signup import games, lobby, muster_dm
from bot.services.signup.muster_dm import KIND, ask
from bot.text import say
from engine import registry

log = logging.getLogger(__name__)


@dataclass
class Begun:
    """What `begin` did: started the game (`started`), or opened a muster until `until`."""

    game: Game
    started: bool
    until: datetime | None = None


async def begin(db: Database, game_id: int, now: datetime, actor_id: int | None = None) -> Begun:
    """Start the game, through a muster unless its `muster_hours` is 0. Refused while it has too few players."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "signup":
            raise ServiceError(say("already_started"))
        if game.muster_until is not None:
            return Begun(game, False, game.muster_until)
        joined = await players_of(session, game_id)
        minimum = muster_dm.minimum(game)
        if len(joined) < minimum:
            title = registry.front(game.ruleset).title or game.ruleset
            raise ServiceError(say("too_few_players", game=title, minimum=minimum, count=len(joined)))
        hours = community.value(game, "muster_hours")
        if hours:
            game.muster_until = now + timedelta(hours=hours)
            game.start_at = None
            for player in joined + await players_of(session, game_id, ("reserve",)):
                player.ready_at = None
                ask(session, game, player)
            announce(session, game, screen.opened(game.name, game.muster_until), {"kind": KIND})
            audit(session, game, actor_id, "muster", until=game.muster_until.isoformat())
            await lobby.refresh(session, game)
            return Begun(game, False, game.muster_until)
    return Begun(await games.start_game(db, game_id, now, actor_id=actor_id), True)


async def begin_if_full(db: Database, game_id: int, now: datetime) -> Begun | None:
    """After a join: a game with a lobby whose places are all taken begins (a muster, or the start)."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        if not lobby.has_lobby(game) or game.status != "signup" or game.muster_until is not None:
            return None
        if len(await players_of(session, game_id)) < game.signup_cap:
            return None
    try:
        return await begin(db, game_id, now)
    except ServiceError:  # started meanwhile, or too few for the game after all
        return None


async def confirm(db: Database, game_id: int, user_id: int, now: datetime) -> str:
    """The Ready button: the player (or reserve) is ready; when every player is, the game starts."""
    limits.user_id(user_id)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "signup" or game.muster_until is None:
            raise ServiceError(screen.not_now(game.name))
        player = (
            await session.execute(
                select(Player).where(
                    Player.game_id == game_id, Player.user_id == user_id, Player.status.in_(("joined", "reserve"))
                )
            )
        ).scalar_one_or_none()
        if player is None:
            raise ServiceError(screen.not_in(game.name))
        player.ready_at = player.ready_at or now
        await lobby.refresh(session, game)
        name = game.name
    return screen.ready(name, everyone=await games.start_if_ready(db, game_id, now))


async def close(db: Database, game_id: int, now: datetime) -> bool:
    """The muster's deadline: drop who did not confirm, fill from the ready reserves, then start or go back to
    sign-ups. True if the game started."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "signup" or game.muster_until is None or game.muster_until > now:
            return False
        joined = await players_of(session, game_id)
        dropped = [p for p in joined if p.ready_at is None]
        for player in dropped:
            player.status = "dropped"
            outbox(session, game, "dm", player.user_id, screen.dropped_you(game.name), {"kind": KIND})
        ready_reserves = [p for p in await players_of(session, game_id, ("reserve",)) if p.ready_at is not None]
        places = game.signup_cap - (len(joined) - len(dropped))
        promoted = ready_reserves[: max(places, 0)]
        for player in promoted:
            player.status = "joined"
        if dropped:
            text = screen.dropped(game.name, [p.name for p in dropped], [p.name for p in promoted])
            announce(session, game, text, {"kind": KIND})
        count = len(joined) - len(dropped) + len(promoted)
        minimum = muster_dm.minimum(game)
        game.muster_until = None
        audit(session, game, None, "muster_closed", dropped=[p.user_id for p in dropped], count=count)
        if count < minimum:
            text = screen.too_few(game.name, count, minimum)
            announce(session, game, text, {"kind": KIND})
            outbox(session, game, "moderators", None, text, {"kind": KIND})
            await lobby.refresh(session, game)
            return False
    await games.start_game(db, game_id, now)
    return True


async def start_time_reached(db: Database, game_id: int, now: datetime) -> bool:
    """The start time the moderators set has come: begin, or with too few players tell them and stay open."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "signup" or game.start_at is None or game.start_at > now or game.muster_until is not None:
            return False
        count = len(await players_of(session, game_id))
        minimum = muster_dm.minimum(game)
        if count < minimum:
            game.start_at = None
            text = say("start_at_too_few", name=game.name, count=count, minimum=minimum)
            outbox(session, game, "moderators", None, text, {"kind": "start_at"})
            await lobby.refresh(session, game)
            return False
    await begin(db, game_id, now)
    return True


async def due(db: Database, now: datetime) -> int:
    """One pass of the deadline loop over games signing up: musters whose time is up, musters whose every player
    is ready however they got there (a moderator's substitute, a raised cap: the paths that do not run the start
    check themselves), start times reached. Returns how many games it acted on."""
    unready = exists().where(Player.game_id == Game.id, Player.status == "joined", Player.ready_at.is_(None))
    async with db.read() as session:
        rows = (
            await session.execute(
                select(Game.id, Game.muster_until, Game.muster_until <= now)
                .where(
                    Game.status == "signup",
                    or_(Game.muster_until <= now, Game.start_at <= now, and_(Game.muster_until.is_not(None), ~unready)),
                )
                .order_by(Game.id)
            )
        ).all()
    acted = 0
    for game_id, muster_until, over in rows:
        try:
            if muster_until is None:
                await start_time_reached(db, game_id, now)
            elif over:
                await close(db, game_id, now)
            elif not await games.start_if_ready(db, game_id, now):
                continue  # fewer ready players than the game needs: the muster runs on
        except Exception:  # one game's failure (its own set-up refusal) never stops the others
            log.exception("game %s: the muster or start time could not be processed", game_id)
            await _give_up(db, game_id)
        acted += 1
    return acted


async def _give_up(db: Database, game_id: int) -> None:
    """A start that failed: no more automatic tries (the moderators are told and start it themselves)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        game.muster_until = game.start_at = None
        outbox(session, game, "moderators", None, say("auto_start_failed", name=game.name), {"kind": "start_at"})
        await lobby.refresh(session, game)

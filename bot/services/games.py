"""Game set-up use cases: create, sign up (with reserves), leave, role requests, Lovers, Rivals, start."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import func, select

from bot.db.models import Game, Player, Resolution
from bot.db.session import Database
from bot.services import fairness, pacing
from bot.services.common import (
    audit, hour_minute, load_game, open_day, outbox, player_of, players_of, ruleset_of, seat_map, store_state,
    timezone_name, write_events,
)
from bot.services.errors import ServiceError
from bot.text import say, when
from engine import registry
from engine.ruleset import SignUp

ROLES = ("dedicated_student", "lovers", "lone_wolf")


async def create_game(db: Database, *, name: str, ruleset: str = "battle_royale", guild_id: int | None = None,
                      channel_id: int | None = None, settings: dict[str, Any] | None = None,
                      deadline_time: str = "22:00", timezone: str = "UTC", early_resolution: bool = True,
                      actor_id: int | None = None, open_signups: bool = True) -> Game:
    """A new game, open for sign-ups; with `open_signups=False` in status "setup", where moderators adjust
    its settings before opening sign-ups (`game_admin.open_signups`)."""
    try:
        rules = registry.get(ruleset)
    except KeyError as error:
        raise ServiceError(str(error.args[0])) from None
    try:
        parsed = rules.parse_settings(settings)
    except ValidationError as error:
        problem = error.errors()[0]
        setting = ".".join(map(str, problem["loc"]))
        raise ServiceError(say("bad_setting", setting=setting, problem=problem["msg"])) from None
    timezone_name(timezone)
    hour_minute(deadline_time)
    cap = getattr(parsed, "signup_cap", 20)
    async with db.transaction() as session:
        game = Game(name=name, ruleset=ruleset, ruleset_version=rules.version, guild_id=guild_id,
                    channel_id=channel_id, settings=parsed.model_dump(mode="json", exclude={"island"}) | (settings or {}),
                    deadline_time=deadline_time, step_hours=rules.step_hours, timezone=timezone,
                    early_resolution=early_resolution,
                    signup_cap=cap, status="signup" if open_signups else "setup", phase="signup")
        session.add(game)
        await session.flush()
        audit(session, game, actor_id, "create", name=name, ruleset=ruleset)
    return game


async def join_game(db: Database, game_id: int, user_id: int, name: str, role: str | None = None) -> Player:
    """Sign up; past the cap, the player goes on the reserve list."""
    if role is not None and role not in ROLES:
        raise ServiceError(say("unknown_role", role=role))
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        if game.status != "signup":
            raise ServiceError(say("signups_closed"))
        existing = (await session.execute(select(Player).where(Player.game_id == game_id, Player.user_id == user_id))).scalar_one_or_none()
        if existing is not None and existing.status in ("joined", "reserve"):
            raise ServiceError(say("already_signed_up"))
        joined = len(await players_of(session, game_id))
        position = (await session.execute(select(func.coalesce(func.max(Player.position), 0)).where(Player.game_id == game_id))).scalar_one() + 1
        status = "joined" if joined < game.signup_cap else "reserve"
        requests = {"role": role or "dedicated_student"}
        if existing is not None:
            existing.status, existing.name, existing.requests, existing.position = status, name, requests, position
            player = existing
        else:
            player = Player(game_id=game_id, user_id=user_id, name=name, status=status, requests=requests,
                            salt=fairness.new_salt(), position=position)
            session.add(player)
        await session.flush()
    return player


async def leave_game(db: Database, game_id: int, user_id: int) -> Player | None:
    """Leave before the start; the first reserve takes the place. Returns the promoted reserve, if any."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        if game.status != "signup":
            raise ServiceError(say("leave_started"))
        row = (await session.execute(select(Player).where(Player.game_id == game_id, Player.user_id == user_id,
                                                          Player.status.in_(("joined", "reserve"))))).scalar_one_or_none()
        if row is None:
            raise ServiceError(say("not_signed_up"))
        was_joined = row.status == "joined"
        row.status = "left"
        for other in await players_of(session, game_id):
            if other.requests.get("lover") == user_id or other.requests.get("lover_proposal") == user_id:
                other.requests = {k: v for k, v in other.requests.items() if k not in ("lover", "lover_proposal")} | {
                    "role": "dedicated_student" if other.requests.get("role") == "lovers" else other.requests.get("role")}
        if not was_joined:
            return None
        reserves = await players_of(session, game_id, ("reserve",))
        if reserves:
            reserves[0].status = "joined"
            outbox(session, game, "dm", reserves[0].user_id, say("promoted", game=game.name), {"kind": "promoted"})
            return reserves[0]
    return None


async def request_role(db: Database, game_id: int, user_id: int, role: str) -> None:
    if role not in ("dedicated_student", "lone_wolf"):
        raise ServiceError(say("request_role_choice"))
    async with db.transaction() as session:
        player = await _signup_player(session, game_id, user_id)
        player.requests = {k: v for k, v in player.requests.items() if k not in ("lover", "lover_proposal")} | {"role": role}


async def propose_lovers(db: Database, game_id: int, user_id: int, partner_id: int) -> None:
    """Lovers need both players' agreement (handbook II.A.2): this records the proposal."""
    if partner_id == user_id:
        raise ServiceError(say("own_lover"))
    async with db.transaction() as session:
        player = await _signup_player(session, game_id, user_id)
        await _signup_player(session, game_id, partner_id, say("partner_not_signed_up"))
        if player.requests.get("rival") == partner_id:
            raise ServiceError(say("rival_not_lover"))
        player.requests = dict(player.requests) | {"lover_proposal": partner_id}
        game = await load_game(session, game_id)
        outbox(session, game, "dm", partner_id, say("lovers_proposed", name=player.name, game=game.name),
               {"kind": "lovers_proposal", "game": game_id, "proposer": user_id})


async def answer_lovers(db: Database, game_id: int, user_id: int, proposer_id: int, accept: bool) -> bool:
    async with db.transaction() as session:
        me = await _signup_player(session, game_id, user_id)
        proposer = await _signup_player(session, game_id, proposer_id, say("proposer_gone"))
        if proposer.requests.get("lover_proposal") != user_id:
            raise ServiceError(say("no_lovers_proposal"))
        proposer.requests = {k: v for k, v in proposer.requests.items() if k != "lover_proposal"}
        game = await load_game(session, game_id)
        if not accept:
            outbox(session, game, "dm", proposer_id, say("lovers_declined", name=me.name, game=game.name),
                   {"kind": "lovers_answer"})
            return False
        for one, other in ((me, proposer), (proposer, me)):
            one.requests = {k: v for k, v in one.requests.items() if k != "lover_proposal"} | {"role": "lovers", "lover": other.user_id}
        outbox(session, game, "dm", proposer_id, say("lovers_accepted", name=me.name, game=game.name),
               {"kind": "lovers_answer"})
        return True


async def declare_rival(db: Database, game_id: int, user_id: int, rival_id: int | None) -> None:
    async with db.transaction() as session:
        me = await _signup_player(session, game_id, user_id)
        if rival_id is not None:
            if rival_id == user_id:
                raise ServiceError(say("own_rival"))
            if me.requests.get("lover") == rival_id:
                raise ServiceError(say("lover_not_rival"))
            await _signup_player(session, game_id, rival_id, say("rival_not_signed_up"))
        me.requests = dict(me.requests) | {"rival": rival_id}


async def _signup_player(session, game_id: int, user_id: int, missing: str = say("not_signed_up")) -> Player:
    game = await load_game(session, game_id)
    if game.status != "signup":
        raise ServiceError(say("roles_fixed"))
    try:
        return await player_of(session, game_id, user_id)
    except ServiceError:
        raise ServiceError(missing) from None


async def start_game(db: Database, game_id: int, now: datetime, actor_id: int | None = None,
                     seeds: fairness.SeedSource | None = None) -> Game:
    """Close sign-ups, let the engine assign roles and schools, and open Day 0 with its seed commitment."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status != "signup":
            raise ServiceError(say("already_started"))
        players = await players_of(session, game_id)
        if len(players) < 2:
            raise ServiceError(say("too_few_players"))
        by_user = {p.user_id: p.seat for p in players}
        roster = []
        for p in players:
            req = {"role": p.requests.get("role", "dedicated_student")}
            if p.requests.get("lover") in by_user:
                req["lover"] = by_user[p.requests["lover"]]
            if p.requests.get("rival") in by_user:
                req["rival"] = by_user[p.requests["rival"]]
            roster.append(SignUp(player_id=p.seat, name=p.name, requests=req))
        ruleset = ruleset_of(game)
        seed = (seeds or fairness.new_seed)()
        result = ruleset.new_game(roster, ruleset.parse_settings(game.settings), fairness.rng_for(seed))
        store_state(game, result.state)
        game.status = "running"
        session.add(Resolution(game_id=game.id, day=-1, phase="setup", state_before={},
                               orders={"roster": [r.model_dump() for r in roster], "seed": seed},
                               state_after=game.state, outcome_hash=fairness.outcome_hash(
                                   game.state, [e.model_dump(mode="json") for e in result.events]),
                               rolls=[r.as_dict() for r in result.rolls], trigger="start"))
        day = await open_day(session, game, now, seeds)
        await write_events(session, game, result.events, await seat_map(session, game_id), -1)
        outbox(session, game, "channel", game.channel_id,
               say("day_open", day=game.day, deadline=when(game.deadline), commitment=day.commitment),
               {"kind": "commitment", "day": game.day})
        await pacing.announce_step(session, game, ruleset, result.state)
        audit(session, game, actor_id, "start", players=len(players))
    return game

"""Game set-up use cases: create, sign up (with reserves), leave, the requests a game allows at sign-up, start.

What a player may ask for comes from the game's front (`Front.signup`): one of its roles, and its
pairings naming another player, mutual (proposed by DM, answered with buttons, both then paired) or
one-sided (set alone, maybe cleared). Requests are kept on the player row by the keys the ruleset's
`new_game` reads, with a proposal awaiting its answer under `<key>_proposal`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import DEFAULT_DEADLINE_TIME, DEFAULT_SIGNUP_CAP, AuditLog, Game, Player, Resolution
from bot.db.repositories import players_of, seat_map
from bot.db.session import Database
from bot.services.base import community, fairness, limits
from bot.services.base.common import (
    announce,
    announce_picture,
    audit,
    dm_seats,
    hour_minute,
    load_game,
    new_post,
    open_day,
    outbox,
    player_of,
    ruleset_of,
    store_state,
    timezone_name,
    write_events,
)
from bot.services.base.errors import ServiceError, first_problem
from bot.services.orders import pacing
from bot.services.people import groups, records
from bot.services.signup import lobby, muster_dm, offered, sheets
from bot.text import say, when
from engine import registry
from engine.front import Pairing, Signup
from engine.keyed import filled, joined
from engine.ruleset import Ruleset, SignUp


async def create_game(
    db: Database,
    *,
    name: str,
    ruleset: str = registry.DEFAULT,
    guild_id: int | None = None,
    channel_id: int | None = None,
    settings: dict[str, Any] | None = None,
    signup_cap: int | None = None,
    deadline_time: str = DEFAULT_DEADLINE_TIME,
    timezone: str = "UTC",
    early_resolution: bool = True,
    actor_id: int | None = None,
    open_signups: bool = True,
    setup_version_id: int | None = None,
    language: str | None = None,
) -> Game:
    """A new game, open for sign-ups; with `open_signups=False` in status "setup", where moderators adjust
    its settings before opening sign-ups (`game_admin.open_signups`). `settings` are the game's house rules;
    `signup_cap` (the bot's: players admitted, later ones on the reserve list) defaults to the most the game
    takes (`Ruleset.max_players`, else `DEFAULT_SIGNUP_CAP`). `setup_version_id`: the setup version the settings
    came from (`bot.services.setups.setups.settings_for_game`), so the game adds to that version's record.
    `language`: the language of its public posts and lobby (None: English)."""
    limits.required_text(name, say("what_game_name"), limits.GAME_NAME_MAX)
    limits.required_text(ruleset, say("what_ruleset"), limits.RULESET_MAX)
    limits.required_text(deadline_time, say("what_deadline_time"), limits.TIME_MAX)
    limits.required_text(timezone, say("what_timezone"), limits.TIMEZONE_MAX)
    limits.optional_id(guild_id, "server")
    limits.optional_id(channel_id, "channel")
    if not isinstance(early_resolution, bool):
        raise ServiceError(say("wrong_type", what="early_resolution", kind=say("kind_boolean")))
    if settings is not None and not isinstance(settings, dict):
        raise ServiceError(say("settings_not_mapping"))
    try:
        rules = registry.get(ruleset)
    except KeyError as error:
        raise ServiceError(str(error.args[0])) from None
    try:
        parsed = rules.parse_settings(settings)
    except ValidationError as error:
        setting, problem = first_problem(error)
        raise ServiceError(say("bad_setting", setting=setting, problem=problem)) from None
    timezone_name(timezone)
    hour_minute(deadline_time)
    cap = admitted(rules, signup_cap)
    async with db.transaction() as session:
        game = Game(
            name=name,
            ruleset=ruleset,
            ruleset_version=rules.version,
            guild_id=guild_id,
            channel_id=channel_id,
            settings=parsed.model_dump(mode="json", include=set(rules.house_rules())) | (settings or {}),
            deadline_time=deadline_time,
            step_hours=getattr(parsed, rules.step_hours_setting) if rules.step_hours_setting else rules.step_hours,
            timezone=timezone,
            early_resolution=early_resolution,
            signup_cap=cap,
            setup_version_id=setup_version_id,
            language=language,  # its public posts' and lobby's (`bot.services.people.readers`); None: English
            status="signup" if open_signups else "setup",
            phase="signup",
        )
        session.add(game)
        await session.flush()
        audit(session, game, actor_id, "create", name=name, ruleset=ruleset)
    return game


def admitted(rules: Ruleset, signup_cap: Any) -> int:
    """The sign-up cap a game gets: the one asked for, within 2 and the most the game takes; by default that
    most (`Ruleset.max_players`), or `DEFAULT_SIGNUP_CAP` for a game without one."""
    most = min(rules.max_players or limits.SIGNUP_CAP_MAX, limits.SIGNUP_CAP_MAX)
    if signup_cap is None:
        return min(most, DEFAULT_SIGNUP_CAP) if rules.max_players is None else most
    if isinstance(signup_cap, bool) or not isinstance(signup_cap, int) or not 2 <= signup_cap <= most:
        raise ServiceError(say("bad_signup_cap", value=signup_cap, most=most))
    return signup_cap


def signup_options(ruleset: str) -> Signup:
    return registry.front(ruleset).signup


def pairing_named(ruleset: str, name: str) -> Pairing:
    """The game's pairing `name` (as in `/role <name>`); refused, naming the game, if it has none."""
    front = registry.front(ruleset)
    found = next((p for p in front.signup.pairings if p.name == name), None)
    if found is None:
        raise ServiceError(say("no_such_command", command=f"role {name}", game=front.title or ruleset))
    return found


def _role_text(options: Signup, key: str, **values: object) -> str:
    """The game's sign-up text `key` (`Signup.role_texts`), or the bot's own words when the game has none."""
    template = options.role_texts.get(key)
    if not template:
        return say(f"role_{key}_template", **values)
    return filled(template, **values)  # kept by key where the game's is `unfilled`: read in its reader's language


def role_value(ruleset: str, role: str, *, joining: bool = False, settings: dict[str, Any] | None = None) -> str:
    """The game's role that `role` names: its value or its label, in any case (a player may type either);
    when `joining` (/join), also a role only its pairings give (a computer player asks for it alongside the
    pairing). Anything else is refused in one sentence: the game has no roles to choose (when joining: the
    player is not signed up, and may join without one), `role` is none of its roles (naming them), it is
    taken through a pairing only (`/role choose` cannot ask for it), or the game's house rules `settings`
    do not put it in play (`offered`: naming those they do, in the game's words)."""
    front = registry.front(ruleset)
    options = front.signup
    game = front.title or ruleset
    wanted = role.strip().casefold()
    for label, value in options.roles:
        if wanted in (value.casefold(), label.casefold()):
            return _in_play(ruleset, settings, label, value)
    for pairing in (p for p in options.pairings if p.role):
        if wanted == str(pairing.role).casefold():
            if joining:
                return _pairing_in_play(ruleset, settings, pairing)
            raise ServiceError(_role_text(options, "not_chosen"))
    if not options.roles:
        raise ServiceError(say("no_roles_join" if joining else "no_roles", game=game))
    names = joined(", ", [label for label, _ in options.roles])
    raise ServiceError(_role_text(options, "unknown", role=role, roles=names, game=game))


def _in_play(ruleset: str, settings: dict[str, Any] | None, label: str, value: str) -> str:
    """`value`, or refused when the game's house rules do not put it in play."""
    granted = offered.in_play(ruleset, settings)
    if granted is None or value in granted:
        return value
    front = registry.front(ruleset)
    names = joined(", ", [label for label, _ in offered.roles(ruleset, settings)])
    raise ServiceError(_role_text(front.signup, "out_of_play", role=label, roles=names, game=front.title or ruleset))


def _pairing_in_play(ruleset: str, settings: dict[str, Any] | None, pairing: Pairing) -> str:
    """The role a pairing gives, or refused (in the pairing's own words, when it has them) when the game's house
    rules do not put it in play."""
    role = str(pairing.role)
    granted = offered.in_play(ruleset, settings)
    if granted is not None and role not in granted and "out_of_play" in pairing.texts:
        raise ServiceError(filled(pairing.texts["out_of_play"], game=registry.front(ruleset).title or ruleset))
    return _in_play(ruleset, settings, pairing.name, role)


async def offered_roles(db: Database, game_id: int) -> tuple[tuple[str, str], ...]:
    """The (label, value) roles a sign-up to the game may ask for now: the role option's autocomplete (at every
    keystroke, so only the game's ruleset and house rules are read, never its state)."""
    limits.game_number(game_id)
    async with db.read() as session:
        row = (await session.execute(select(Game.ruleset, Game.settings).where(Game.id == game_id))).one_or_none()
    if row is None:
        raise ServiceError(say("no_game", game_id=game_id))
    return offered.roles(row.ruleset, row.settings)


def role_requested(ruleset: str, requests: dict[str, Any]) -> str | None:
    """What a player who asked for a role is told of it ("You asked for the Marine class."), or None when
    they asked for none of the game's roles (the default, or a role a pairing gives)."""
    options = signup_options(ruleset)
    label = next((label for label, value in options.roles if value == requests.get("role")), None)
    return None if label is None else _role_text(options, "requested", role=label)


async def join_game(db: Database, game_id: int, user_id: int, name: str, role: str | None = None) -> Player:
    """Sign up; past the cap, the player goes on the reserve list. `role`: one of the game's roles, or a role
    its pairings give (a computer player asking for it alongside the pairing). A name longer than the
    database keeps is shortened (it is the player's Discord name, not something they typed)."""
    return (await join_many(db, game_id, [(user_id, name, role)]))[0]


async def join_many(db: Database, game_id: int, signups: list[tuple[int, str, str | None]]) -> list[Player]:
    """Sign up several (user id, name, role) in one transaction, in order, each as `join_game` would; one
    refusal refuses them all and changes nothing. The cost does not grow with the players already signed up:
    the count and the last position are read once, and only these users' earlier rows (`brbot simulate`
    signs up 1,000 computer players this way). The game's row is claimed first (`load_game(lock=True)`), so
    sign-ups at the same moment queue: each reads the count and the last position the one before it wrote,
    and never gives a seat twice nor a place past the cap."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        options = signup_options(game.ruleset)
        for user_id, _, _ in signups:
            limits.user_id(user_id)
        signups = [
            (
                user_id,
                name,
                None if role is None else role_value(game.ruleset, role, joining=True, settings=game.settings),
            )
            for user_id, name, role in signups
        ]
        if game.status != "signup":
            raise ServiceError(say("signups_closed"))
        users = [user_id for user_id, _, _ in signups]
        minimum = community.value(game, "min_reliability")
        if minimum != "none":
            for record in (await records.records_of(session, users)).values():
                if not records.admits(record, minimum):
                    figure = say("figure", figure=record.figure) if record.figure is not None else say("figure_none")
                    tier = say(f"tier_{record.tier}")
                    raise ServiceError(say("min_reliability_refused", minimum=minimum, tier=tier, figure=figure))
        earlier = {
            p.user_id: p
            for p in (
                await session.execute(select(Player).where(Player.game_id == game_id, Player.user_id.in_(users)))
            ).scalars()
        }
        joined = (
            await session.execute(
                select(func.count()).select_from(Player).where(Player.game_id == game_id, Player.status == "joined")
            )
        ).scalar_one()
        position = (
            await session.execute(select(func.coalesce(func.max(Player.position), 0)).where(Player.game_id == game_id))
        ).scalar_one()
        players: list[Player] = []
        for user_id, name, role in signups:
            name = limits.name(name)
            existing = earlier.get(user_id)
            if existing is not None and existing.status in ("joined", "reserve"):
                raise ServiceError(say("already_signed_up"))
            position += 1
            status = "joined" if joined < game.signup_cap else "reserve"
            joined += status == "joined"
            chosen = role or options.default_role
            requests = {"role": chosen} if chosen else {}
            if existing is not None:
                existing.status, existing.name, existing.requests, existing.position = status, name, requests, position
                player = existing
            else:
                player = Player(
                    game_id=game_id,
                    user_id=user_id,
                    name=name,
                    status=status,
                    requests=requests,
                    salt=fairness.new_salt(),
                    position=position,
                )
                session.add(player)
                earlier[user_id] = player
            players.append(player)
        await session.flush()
        if game.muster_until is not None:  # mustering: a newcomer confirms too
            for player in players:
                muster_dm.ask(session, game, player)
        await lobby.refresh(session, game)
    return players


async def leave_game(db: Database, game_id: int, user_id: int, now: datetime) -> Player | None:
    """Leave before the start; the first reserve takes the place, and whoever was paired with the player by
    a mutual pairing (or had a proposal from or to them) is unpaired. Returns the promoted reserve, if any.
    During a muster, a leave that leaves only ready players (the leaver was the last unready one, or a ready
    reserve took the place) starts the game, as the last Ready would (`start_if_ready`)."""
    limits.user_id(user_id)
    promoted = await _leave(db, game_id, user_id)
    try:
        await start_if_ready(db, game_id, now)
    except ServiceError:  # the game's set-up refuses: the leave stands; the deadline loop tells the moderators
        pass
    return promoted


async def _leave(db: Database, game_id: int, user_id: int) -> Player | None:
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)  # as sign-ups do: one reserve takes one place
        if game.status != "signup":
            raise ServiceError(say("leave_started"))
        row = (
            await session.execute(
                select(Player).where(
                    Player.game_id == game_id, Player.user_id == user_id, Player.status.in_(("joined", "reserve"))
                )
            )
        ).scalar_one_or_none()
        if row is None:
            raise ServiceError(say("not_signed_up"))
        was_joined = row.status == "joined"
        row.status = "left"
        options = signup_options(game.ruleset)
        for other in await players_of(session, game_id):
            for pairing in (p for p in options.pairings if p.mutual):
                if user_id in (other.requests.get(pairing.key), other.requests.get(_proposal(pairing))):
                    other.requests = _unpaired(other.requests, pairing, options)
        promoted = None
        if was_joined:
            reserves = await players_of(session, game_id, ("reserve",))
            if reserves:
                promoted = reserves[0]
                promoted.status = "joined"
                outbox(session, game, "dm", promoted.user_id, say("promoted", game=game.name), {"kind": "promoted"})
        await lobby.refresh(session, game)
        return promoted


def _proposal(pairing: Pairing) -> str:
    """The request key of a mutual pairing's proposal awaiting an answer (`<key>_proposal`)."""
    return f"{pairing.key}_proposal"


def _unpaired(requests: dict[str, Any], pairing: Pairing, options: Signup) -> dict[str, Any]:
    """Requests without this mutual pairing nor a proposal of it; its role falls back to the default."""
    kept = {k: v for k, v in requests.items() if k not in (pairing.key, _proposal(pairing))}
    if pairing.role and requests.get("role") == pairing.role:
        kept["role"] = options.default_role
    return kept


async def request_role(db: Database, game_id: int, user_id: int, role: str) -> str:
    """Ask for one of the game's roles (a mutual pairing and its proposal are withdrawn); returns its label."""
    limits.user_id(user_id)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        options = signup_options(game.ruleset)
        role = role_value(game.ruleset, role, settings=game.settings)
        label = next(label for label, value in options.roles if value == role)
        player = await _signup_player(session, game, user_id)
        mutual = [k for p in options.pairings if p.mutual for k in (p.key, _proposal(p))]
        player.requests = {k: v for k, v in player.requests.items() if k not in mutual} | {"role": role}
    return _role_text(options, "requested", role=label)


async def pair(db: Database, game_id: int, user_id: int, name: str, other_id: int | None) -> Pairing:
    """`/role <name>`: propose a mutual pairing to `other_id` (they answer by DM with buttons), or set a
    one-sided one (None clears a clearable one). Returns the pairing, whose texts say what was done."""
    limits.user_id(user_id)
    if other_id is not None:
        limits.user_id(other_id)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        pairing = pairing_named(game.ruleset, name)
        if pairing.role:  # a role the setup leaves out is refused at once
            _pairing_in_play(game.ruleset, game.settings, pairing)
        if pairing.mutual:
            if other_id is None or other_id == user_id:
                raise ServiceError(pairing.texts["own"])
            me = await _signup_player(session, game, user_id)
            await _signup_player(session, game, other_id, pairing.texts["not_signed_up"])
            _check_excluded(me, pairing, other_id)
            me.requests = dict(me.requests) | {_proposal(pairing): other_id}
            outbox(
                session,
                game,
                "dm",
                other_id,
                filled(pairing.texts["proposed"], name=me.name, game=game.name),
                {"kind": f"{pairing.name}_proposal", "game": game_id, "proposer": user_id, "pairing": pairing.key},
            )
            return pairing
        me = await _signup_player(session, game, user_id)
        if other_id is not None:
            if other_id == user_id:
                raise ServiceError(pairing.texts["own"])
            _check_excluded(me, pairing, other_id)
            await _signup_player(session, game, other_id, pairing.texts["not_signed_up"])
        elif not pairing.clearable:
            raise ServiceError(say("option_needed", option=f"`{pairing.option}`", command=f"role {pairing.name}"))
        me.requests = dict(me.requests) | {pairing.key: other_id}
    return pairing


def _check_excluded(me: Player, pairing: Pairing, other_id: int) -> None:
    if any(me.requests.get(key) == other_id for key in pairing.excludes):
        raise ServiceError(pairing.texts["excluded"])


async def answer_pairing(db: Database, game_id: int, user_id: int, proposer_id: int, key: str, accept: bool) -> str:
    """Accept or decline the mutual pairing `key` proposed by `proposer_id`; the proposer is told by DM.
    Returns what the one who answered is told. `key` may also be the pairing's name (the buttons of a
    proposal sent before pairings were generic carry it)."""
    limits.user_id(user_id)
    limits.user_id(proposer_id)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        options = signup_options(game.ruleset)
        pairing = next((p for p in options.pairings if p.mutual and key in (p.key, p.name)), None)
        if pairing is None:
            raise ServiceError(say("no_such_command", command="role", game=registry.front(game.ruleset).title))
        me = await _signup_player(session, game, user_id)
        proposer = await _signup_player(session, game, proposer_id, pairing.texts["proposer_gone"])
        if proposer.requests.get(_proposal(pairing)) != user_id:
            raise ServiceError(pairing.texts["no_proposal"])
        proposer.requests = {k: v for k, v in proposer.requests.items() if k != _proposal(pairing)}
        told = {"kind": f"{pairing.name}_answer"}
        if not accept:
            outbox(
                session, game, "dm", proposer_id, filled(pairing.texts["declined"], name=me.name, game=game.name), told
            )
            return pairing.texts["refused"]
        for one, other in ((me, proposer), (proposer, me)):
            role = {"role": pairing.role} if pairing.role else {}
            one.requests = (
                {k: v for k, v in one.requests.items() if k != _proposal(pairing)} | role | {pairing.key: other.user_id}
            )
        outbox(session, game, "dm", proposer_id, filled(pairing.texts["accepted"], name=me.name, game=game.name), told)
        return pairing.texts["now"]


async def _signup_player(session, game: Game, user_id: int, missing: str = say("not_signed_up")) -> Player:
    """The user's row in a game still signing up (the game the caller loaded in this transaction)."""
    if game.status != "signup":
        raise ServiceError(say("roles_fixed"))
    try:
        return await player_of(session, game.id, user_id)
    except ServiceError:
        raise ServiceError(missing) from None


async def _creator(session: AsyncSession, game_id: int) -> int | None:
    """Who created the game (its `create` audit row's actor; None: made from the command line)."""
    query = select(AuditLog.actor_id).where(AuditLog.game_id == game_id, AuditLog.action == "create")
    return (await session.execute(query.order_by(AuditLog.id).limit(1))).scalar()


async def start_game(
    db: Database, game_id: int, now: datetime, actor_id: int | None = None, seeds: fairness.SeedSource | None = None
) -> Game:
    """Close sign-ups, let the engine set the game up from the sign-ups (`new_game`), and open the first day
    with its seed commitment."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        await _start(session, game, now, actor_id, seeds)
    return game


async def start_if_ready(db: Database, game_id: int, now: datetime) -> bool:
    """The muster's start check, whatever made the last seat ready (the Ready button, a leave, a ready reserve
    taking a place, a moderator's action, seen by the deadline loop): a game mustering whose every player is
    ready (`muster_dm.everyone_ready`) starts, in the same transaction as the check. True if it started. A
    start the game's set-up refuses raises, as `start_game` does, and changes nothing; the deadline loop then
    gives up and tells the moderators (`muster.due`)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if not await muster_dm.everyone_ready(session, game):
            return False
        await _start(session, game, now)
        return True


async def _start(
    session: AsyncSession,
    game: Game,
    now: datetime,
    actor_id: int | None = None,
    seeds: fairness.SeedSource | None = None,
) -> None:
    """`start_game` in the caller's transaction, on the game row it claimed."""
    game_id = game.id
    if game.status != "signup":
        raise ServiceError(say("already_started"))
    players = await players_of(session, game_id)
    ruleset = ruleset_of(game)
    if len(players) < max(1, ruleset.min_players):
        if ruleset.min_players <= 1:
            raise ServiceError(say("no_players"))
        title = registry.front(game.ruleset).title or game.ruleset
        raise ServiceError(say("too_few_players", game=title, minimum=ruleset.min_players, count=len(players)))
    roster = _roster(players, signup_options(game.ruleset), sheets.at_start(session, game, players))
    seed = (seeds or fairness.new_seed)()
    try:
        result = ruleset.new_game(roster, ruleset.parse_settings(game.settings), fairness.rng_for(seed))
    except ValueError as refusal:  # the game's own set-up refusal (a request or a sheet it cannot take)
        raise ServiceError(say("start_refused", reason=str(refusal))) from None
    store_state(game, result.state)
    game.status = "running"
    game.start_at = game.muster_until = None
    await records.started(session, [p.user_id for p in players])
    await lobby.refresh(session, game)
    session.add(
        Resolution(
            game_id=game.id,
            day=-1,
            phase="setup",
            state_before={},
            orders={"roster": [r.model_dump() for r in roster], "seed": seed},
            state_after=game.state,
            outcome_hash=fairness.outcome_hash(game.state, [e.model_dump(mode="json") for e in result.events]),
            rolls=[r.as_dict() for r in result.rolls],
            trigger="start",
        )
    )
    day = await open_day(session, game, now, seeds)
    front_of_game = registry.front(game.ruleset)
    post = new_post()  # the moderators' first message: the start, then the start's notes, then what waits for them
    if game.moderator_channel_id is not None or await _creator(session, game.id) is not None:  # a reader
        outbox(
            session,
            game,
            "moderators",
            None,
            say("moderators_started", game=game.name, players=len(players), one=front_of_game.words.one),
            {"kind": "moderators_started", "post": post},
        )
    seats = await seat_map(session, game_id)
    post = await write_events(session, game, result.events, seats, -1, post)
    announce_picture(session, game, -1, post)  # a game showing its picture after every step: the start's too
    await groups.sync(session, game, result.state)
    announce(
        session,
        game,
        say(
            "day_open",
            step=registry.front(game.ruleset).words.name(game.day),
            deadline=when(game.deadline),
            commitment=day.commitment,
        ),
        {"kind": "commitment", "day": game.day},
    )
    await pacing.announce_step(session, game, ruleset, result.state, post, seats, dm_seats(result.events, seats))
    audit(session, game, actor_id, "start", players=len(players))


def _roster(players: list[Player], options: Signup, sheet: str | None = None) -> list[SignUp]:
    """The sign-ups as the ruleset's `new_game` reads them: the role asked for (or the default), each
    pairing naming a player still signed up, by seat, and the character sheet the player attached (under the
    request `sheet`, the game's `Signup.sheet.setting`)."""
    by_user = {p.user_id: p.seat for p in players}
    roster = []
    for p in players:
        role = p.requests.get("role", options.default_role)
        req: dict[str, Any] = {"role": role} if role else {}
        req |= {
            pairing.key: by_user[p.requests[pairing.key]]
            for pairing in options.pairings
            if p.requests.get(pairing.key) in by_user
        }
        if sheet is not None and sheet in p.requests:
            req[sheet] = p.requests[sheet]
        roster.append(SignUp(seat=p.seat, name=p.name, requests=req))
    return roster

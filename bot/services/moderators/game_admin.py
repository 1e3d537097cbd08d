"""Moderators setting a game up and looking ahead: create in a channel, open sign-ups, start, show or
change settings, and preview today's resolution.

A game created here starts in status "setup": moderators adjust its settings, then open sign-ups, which posts
the announcement. Before the start every setting may change (the ruleset's house rules are validated by its
settings model, so a bad value is refused naming the setting); once the game runs only the deadline rule (a
daily time, or hours per step), the timezone, early resolution, the moderators' channel, the language of its
public posts and lobby (`language`: `bot.services.people.readers`) and the community's `absence_steps` and
`dead_see` may change, and a new deadline rule applies from the next day (step). The community's settings
(`community`: start_at, muster_hours, min_reliability, absence_steps, dead_see) are listed and changed here like
the bot's own. The preview runs the engine on the current state and orders with the day's committed seed and
stores nothing but an audit entry: it is exactly what resolving would produce if nothing changed first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bot.db.models import DEFAULT_DEADLINE_TIME, Game, GuildSettings
from bot.db.repositories import players_of
from bot.db.session import Database
from bot.services.base import community, limits, lookup, rights
from bot.services.base.common import (
    announce,
    audit,
    deadline_time,
    load_game,
    load_state,
    outbox,
    ruleset_of,
    step_hours,
    timezone_name,
)
from bot.services.base.errors import ServiceError, first_problem
from bot.services.base.replaying import day_seed
from bot.services.base.rights import Caller
from bot.services.orders import pacing
from bot.services.orders.orders import current_orders
from bot.services.pages import public_pages
from bot.services.people import readers
from bot.services.setups import setups
from bot.services.signup import games, lobby, muster, offered
from bot.services.signup.data_files import DataLoaded
from bot.services.steps.resolution import usable_orders
from bot.text import say
from engine import registry
from engine.digits import DIGITS, LONGEST, whole

GAME_SETTINGS = (
    "deadline_time",
    "timezone",
    "early_resolution",
    "signup_cap",
    "moderator_role",
    "moderator_channel",
    "step_hours",
    "web",
    "language",
)
IN_PLAY = ("deadline_time", "timezone", "early_resolution", "moderator_channel", "step_hours", "web", "language")
TRUE, FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")
PLAIN_NUMBER = re.compile(rf"-?{DIGITS}{{1,{LONGEST}}}(\.{DIGITS}{{1,{LONGEST}}})?")  # a house rule's number, as typed


async def create(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    actor_id: Caller,
    name: str,
    ruleset: str = registry.DEFAULT,
    deadline_time: str = DEFAULT_DEADLINE_TIME,
    timezone: str = "UTC",
    signup_cap: int | None = None,
    early_resolution: bool = True,
    data: DataLoaded | None = None,
    language: str | None = None,
    setup: int | None = None,
) -> Game:
    """A new game in this channel, in status "setup"; refused while the channel has a game not over. `data`: a
    data file the moderator attached (`data_files.read_data_file`), filling one of the game's settings.
    `language`: its public posts' (`readers.default_for_server`: the server's locale; None: English). `setup`:
    a setup the moderator may read here (docs/setups.md): its game and its latest version's settings, the game
    remembering the version (so a clean game adds to its record); not with a data file."""
    limits.required_text(name, say("what_game_name"), limits.GAME_NAME_MAX)
    limits.text(deadline_time, say("what_deadline_time"), limits.TIME_MAX)
    limits.text(timezone, say("what_timezone"), limits.TIMEZONE_MAX)
    limits.text(ruleset, say("what_ruleset"), limits.RULESET_MAX)
    limits.discord_id(guild_id, "server")
    limits.discord_id(channel_id, "channel")
    async with db.read() as session:
        by = await rights.moderator_of(session, guild_id, actor_id)
    here = await lookup.game_in_channel(db, channel_id)
    if here is not None and here.status in lookup.LIVE:
        raise ServiceError(say("channel_has_game", game_id=here.id, name=here.name))
    settings: dict[str, Any] = data.settings if data is not None else {}
    version_id = None
    if setup is not None:
        if data is not None:
            raise ServiceError(say("setup_or_file"))
        ruleset, version_id, settings = await setups.settings_for_game(
            db, setup, user_id=actor_id.user_id, guild_id=guild_id
        )
    return await games.create_game(
        db,
        name=name,
        ruleset=ruleset,
        guild_id=guild_id,
        channel_id=channel_id,
        settings=settings or None,
        signup_cap=signup_cap,
        deadline_time=deadline_time,
        timezone=timezone,
        early_resolution=early_resolution,
        actor_id=by,
        open_signups=False,
        language=language,
        setup_version_id=version_id,
    )


async def open_signups(db: Database, game_id: int, actor_id: Caller) -> Game:
    """setup -> signup, with the sign-up announcement posted to the game's channel."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        if game.status != "setup":
            raise ServiceError(say("open_not_setup"))
        game.status = "signup"
        audit(session, game, by, "open")
        announce(
            session,
            game,
            say(
                "signups_open" if game.step_hours is None else "signups_open_hours",
                name=game.name,
                cap=game.signup_cap,
                deadline_time=game.deadline_time,
                timezone=game.timezone,
                hours=game.step_hours,
                one=registry.front(game.ruleset).words.one,
            ),
            {"kind": "signups_open", "game": game.id},
        )
        await lobby.open_lobby(session, game)
        return game


async def start(db: Database, game_id: int, actor_id: Caller, now) -> muster.Begun:
    """`/game start`: the muster (`muster.begin`; at once `games.start_game` when `muster_hours` is 0), with a
    clear refusal for a game whose sign-ups were never opened."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        by = await rights.moderator(session, game, actor_id)
    if game.status == "setup":
        raise ServiceError(say("start_in_setup"))
    return await muster.begin(db, game_id, now, actor_id=by)


async def settings_of(db: Database, game_id: int) -> dict[str, Any]:
    """Every setting with its value: the game's own (deadline, timezone, ...) then the ruleset's house rules."""
    async with db.read() as session:
        game = await load_game(session, game_id)
    role = await lookup.moderator_role(db, game.guild_id) if game.guild_id is not None else None
    shown: dict[str, Any] = {
        "deadline_time": game.deadline_time,
        "timezone": game.timezone,
        "early_resolution": game.early_resolution,
        "signup_cap": game.signup_cap,
        "moderator_role": f"<@&{role}>" if role else None,
        "moderator_channel": f"<#{game.moderator_channel_id}>" if game.moderator_channel_id else None,
        "web": game.web,
        "language": readers.game_language(game),
    }
    rules = ruleset_of(game)
    if game.step_hours is not None and not rules.step_hours_setting:  # steps that last hours (a daily game keeps
        shown["step_hours"] = game.step_hours  # its list as it was; a game naming its own shows it by that name)
    shown |= community.shown(game)
    parsed = rules.parse_settings(game.settings).model_dump(mode="json", include=set(rules.house_rules()))
    return shown | {k: v for k, v in parsed.items() if k not in shown}


@dataclass
class Changed:
    name: str
    value: Any
    next_day: bool = False  # a new deadline time or timezone in a running game applies from the next day
    promoted: list[int] = field(default_factory=list)  # reserves who got a place when the cap went up
    # Sign-ups whose role request the changed house rules no longer put in play, as (user id, the role's label):
    # the requests stay, and the start refuses them as it refuses any it cannot grant (docs/setups.md).
    out_of_play: list[tuple[int, str]] = field(default_factory=list)


async def change_setting(db: Database, game_id: int, actor_id: Caller, name: str, value: str) -> Changed:
    limits.required_text(name, say("what_setting"), limits.SETTING_NAME_MAX)
    limits.required_text(value, say("what_value"), limits.SETTING_VALUE_MAX)
    name, value = name.strip(), value.strip()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        by = await rights.moderator(session, game, actor_id)
        rules = ruleset_of(game)
        hours = rules.step_hours_setting  # the game's own name for the step's hours, if it has one
        own = (*GAME_SETTINGS, *community.SETTINGS)
        house = [n for n in rules.house_rules() if n not in own]
        if name not in own and name not in house:
            raise ServiceError(say("unknown_setting", name=name, choices=", ".join((*own, *house))))
        if game.status == "over" and name != "web":  # a finished game's page may still be opened or closed
            raise ServiceError(say("settings_over"))
        started = game.status not in ("setup", "signup")
        in_play = (*IN_PLAY, *community.IN_PLAY)
        if started and name not in in_play and name != hours:
            raise ServiceError(say("setting_after_start", choices=", ".join(in_play)))
        changed = Changed(
            name=name, value=None, next_day=started and name in ("deadline_time", "step_hours", "timezone", hours)
        )
        if name in community.SETTINGS:
            changed.value = community.change(game, name, value)
        elif name == "moderator_role":
            changed.value = await _moderator_role(session, game, value)
        elif name == "moderator_channel":
            channel = _mention(value, "#", "bad_channel")
            if channel is not None and channel == game.channel_id:
                raise ServiceError(say("mod_channel_is_game_channel"))
            game.moderator_channel_id = channel
            changed.value = f"<#{game.moderator_channel_id}>" if game.moderator_channel_id else None
        elif name == "deadline_time":
            game.deadline_time = changed.value = deadline_time(value)
        elif hours and name in ("step_hours", hours):  # one value under two names: the rule's and the bot's
            changed.value = _house_rule(game, hours, value)
            game.step_hours = int(changed.value)
        elif name == "step_hours":
            game.step_hours = changed.value = step_hours(value)
        elif name == "timezone":
            game.timezone = changed.value = timezone_name(value)
        elif name == "web":  # who may see the game's web page: off, link, listed (services/pages/public_pages)
            changed.value = public_pages.set_mode(session, game, value)
        elif name == "language":  # the public posts' and the lobby's, from the next message written
            game.language = changed.value = readers.language_named(value)
        elif name == "early_resolution":
            game.early_resolution = changed.value = _bool(name, value)
        elif name == "signup_cap":  # the bot's cap, not a house rule of the game
            game.signup_cap = changed.value = games.admitted(rules, _cap(value))
            changed.promoted = await _new_cap(session, game, game.signup_cap)
        else:
            changed.value = _house_rule(game, name, value)
            if not started:
                changed.out_of_play = await _out_of_play(session, game)
        audit(session, game, by, "settings", name=name, value=changed.value)
        if name in ("signup_cap", "start_at", "min_reliability", "language") or name not in own and not started:
            await lobby.refresh(session, game)  # a house rule may change the roles its Join buttons offer
        return changed


async def _out_of_play(session, game: Game) -> list[tuple[int, str]]:
    """The signed-up players (and reserves) whose role request the game's house rules no longer put in play."""
    granted = offered.in_play(game.ruleset, game.settings)
    if granted is None:
        return []
    labels = {value: label for label, value in games.signup_options(game.ruleset).roles}
    return [
        (p.user_id, labels.get(p.requests["role"], p.requests["role"]))
        for p in await players_of(session, game.id, ("joined", "reserve"))
        if p.requests.get("role") and p.requests["role"] not in granted
    ]


def _cap(value: str) -> int | str:
    """A sign-up cap as typed: the number when it is ASCII digits, else the text (refused by `games.admitted`)."""
    number = whole(value)
    return value if number is None else number


def _mention(value: str, sigil: str, refusal: str) -> int | None:
    """A role (`@&`) or channel (`#`) mention, a bare id, or none (an id no Discord object can have is
    refused like any other bad value)."""
    match = re.fullmatch(rf"<{sigil}({DIGITS}+)>|({DIGITS}+)|(none)", value.lower())
    if match is None or not match.group(3) and not 0 < int(match.group(1) or match.group(2)) <= limits.ID_MAX:
        raise ServiceError(say(refusal))
    return int(match.group(1) or match.group(2)) if not match.group(3) else None


async def _moderator_role(session, game: Game, value: str) -> str | None:
    """The guild's moderator role (for every game of the server), set in this transaction."""
    role = _mention(value, "@&", "bad_role")
    if game.guild_id is None:
        raise ServiceError(say("bad_role"))
    row = await session.get(GuildSettings, game.guild_id)
    if row is None:
        session.add(GuildSettings(guild_id=game.guild_id, moderator_role_id=role))
    else:
        row.moderator_role_id = role
    return f"<@&{role}>" if role else None


def _bool(name: str, value: str) -> bool:
    if value.lower() in TRUE + FALSE:
        return value.lower() in TRUE
    raise ServiceError(say("bad_bool", setting=name, value=value))


def _house_rule(game: Game, name: str, value: str) -> Any:
    """Validate one house rule with the ruleset's settings model; store it; return the stored value."""
    rules = ruleset_of(game)
    raw: Any = None if value.lower() in ("none", "null") else value
    try:
        parsed = rules.parse_settings({**(game.settings or {}), name: raw})
    except ValidationError as error:
        where, problem = first_problem(error)
        raise ServiceError(say("bad_setting", setting=where or name, problem=problem)) from None
    stored = parsed.model_dump(mode="json", include={name})[name]
    if isinstance(raw, str) and isinstance(stored, int | float) and not isinstance(stored, bool):
        if not PLAIN_NUMBER.fullmatch(raw.strip()):  # pydantic reads "1_0" as 10 and "1e3" as 1000.0, as int() does
            raise ServiceError(say("bad_setting", setting=name, problem=say("setting_not_digits", value=raw)))
    game.settings = {**(game.settings or {}), name: stored}
    return stored


async def _new_cap(session, game: Game, cap: int) -> list[int]:
    joined = await players_of(session, game.id)
    if cap < len(joined):
        raise ServiceError(say("cap_below_joined", joined=len(joined)))
    reserves = await players_of(session, game.id, ("reserve",))
    promoted = reserves[: cap - len(joined)]
    for player in promoted:
        player.status = "joined"
        outbox(session, game, "dm", player.user_id, say("promoted", game=game.name), {"kind": "promoted"})
    return [p.user_id for p in promoted]


@dataclass
class Preview:
    """What resolving today would produce now: the public posts, each player's private messages (by
    name), and the moderators' notes."""

    day: int
    public: list[str]
    private: list[tuple[str, list[str]]]
    moderators: list[str]
    over: bool


async def preview_day(db: Database, game_id: int, actor_id: Caller) -> Preview:
    async with db.read() as session:
        game = await load_game(session, game_id)
        by = await rights.moderator(session, game, actor_id)
        if game.status not in ("running", "paused"):
            raise ServiceError(say("preview_not_running"))
        state = load_state(game)
        seed_row = await day_seed(session, game)
        payloads = await current_orders(session, game)
        payloads |= pacing.scripted_orders(ruleset_of(game), state, payloads, seed_row.seed)  # as resolve_day
        names = {p.seat: p.name for p in await players_of(session, game_id)}
        day = game.day
    ruleset = ruleset_of(game)
    result = usable_orders(ruleset, state, payloads, seed_row.seed)[0]  # what resolve_day will run
    private: dict[str, list[str]] = {}
    for event in result.events:
        if event.audience.kind == "players":
            for seat in event.audience.ids:
                private.setdefault(seat, []).append(event.text)
    async with db.transaction() as session:
        audit(session, await load_game(session, game_id), by, "preview", day=day)
    return Preview(
        day=day,
        public=[e.text for e in result.events if e.audience.kind == "public"],
        private=[(names.get(seat, seat), texts) for seat, texts in sorted(private.items())],
        moderators=[e.text for e in result.events if e.audience.kind == "moderators"],
        over=ruleset.is_over(result.state),
    )

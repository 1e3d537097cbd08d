"""Setups: a community's own version of a game, saved, versioned and shared (issue 32; docs/setups.md).

A setup is a named line of immutable versions of one game: each version holds the game's settings (its house
rules and its data, such as a map, a roster or a deck, as the game's settings model reads them), a changelog
line and the version it was made from. Every version is checked by the game's own model
(`Ruleset.parse_settings`) before it is stored, its first problems named in one message.

Who sees what: a `private` setup is its author's alone (never listed, shown or used by anyone else); a
`server` one is its server's; a `public` one everyone's, except in a server whose moderators hid it. Deleting
a setup takes it out of every list but keeps its versions, so the games played with them keep their record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from sqlalchemy import false, func, select

from bot.db.models import Game, HiddenSetup, Setup, SetupVersion
from bot.db.session import Database
from bot.services.base import limits
from bot.services.base.common import load_game
from bot.services.base.errors import ServiceError
from bot.services.setups import predict, records
from bot.text import say
from engine import registry

VISIBILITIES = ("private", "server", "public")
NAME_MAX = 100  # setups.name
CHANGELOG_MAX = 200  # setup_versions.changelog
SETTINGS_MAX_BYTES = 256 * 1024  # a version's settings as JSON: a large map or roster fits, a flood does not
PROBLEMS_SHOWN = 3  # the first problems a refusal names
LISTED_MAX = 25  # a list's rows (Discord's choices, a page's worth)


@dataclass(frozen=True)
class VersionInfo:
    id: int
    number: int
    changelog: str
    parent_id: int | None
    settings: dict[str, Any]


@dataclass(frozen=True)
class SetupInfo:
    id: int
    ruleset: str
    name: str
    author_id: int
    guild_id: int | None
    visibility: str
    versions: list[VersionInfo]
    games: int  # games created from any of its versions

    @property
    def latest(self) -> VersionInfo:
        return self.versions[-1]


def problems_of(error: ValidationError) -> str:
    """The first problems of a settings check, in one line: "deck.cards: too short; day_vote: not a boolean"."""
    parts = []
    for problem in error.errors()[:PROBLEMS_SHOWN]:
        where = ".".join(map(str, problem["loc"])) or say("setup_whole")
        parts.append(f"{where}: {problem['msg']}")
    more = len(error.errors()) - PROBLEMS_SHOWN
    return "; ".join(parts) + (say("setup_more_problems", count=more) if more > 0 else "")


def checked_settings(ruleset: str, settings: Any) -> dict[str, Any]:
    """`settings` as the game stores them, once its own model accepts them; refused naming the first problems."""
    try:
        rules = registry.get(ruleset)
    except KeyError as error:
        raise ServiceError(str(error.args[0])) from None
    if not isinstance(settings, dict):
        raise ServiceError(say("settings_not_mapping"))
    limits.storable(settings, say("setup_settings"))
    if len(json.dumps(settings)) > SETTINGS_MAX_BYTES:
        raise ServiceError(say("setup_too_big", most=SETTINGS_MAX_BYTES // 1024))
    try:
        rules.parse_settings(settings)
    except ValidationError as error:
        raise ServiceError(say("setup_refused", game=rules.title or ruleset, problems=problems_of(error))) from None
    return dict(settings)


def _name(value: Any) -> str:
    return limits.required_text(value, say("what_setup_name"), NAME_MAX).strip()


def _changelog(value: Any) -> str:
    return limits.text(value, say("what_changelog"), CHANGELOG_MAX) or say("setup_first_version")


def _visibility(value: Any) -> str:
    if value not in VISIBILITIES:
        raise ServiceError(say("setup_bad_visibility", value=value, choices=", ".join(VISIBILITIES)))
    return str(value)


def may_read(setup: Setup, user_id: int, guild_id: int | None) -> bool:
    """Whether `user_id`, asking in server `guild_id` (None: a DM), may see the setup at all."""
    if setup.deleted:
        return False
    if setup.author_id == user_id:
        return True
    if setup.visibility == "public":
        return True
    return setup.visibility == "server" and guild_id is not None and setup.guild_id == guild_id


async def _readable(session: Any, setup_id: Any, user_id: int, guild_id: int | None) -> Setup:
    limits.discord_id(setup_id, say("what_setup"))
    setup = await session.get(Setup, setup_id)
    if setup is None or not may_read(setup, user_id, guild_id):  # a private setup is not said to exist
        raise ServiceError(say("no_such_setup", id=setup_id))
    return setup


async def _own(session: Any, setup_id: Any, user_id: int) -> Setup:
    setup = await _readable(session, setup_id, user_id, None)
    if setup.author_id != user_id:
        raise ServiceError(say("setup_not_yours", name=setup.name))
    return setup


async def _versions(session: Any, setup_id: int) -> list[SetupVersion]:
    rows = await session.execute(
        select(SetupVersion).where(SetupVersion.setup_id == setup_id).order_by(SetupVersion.number)
    )
    return list(rows.scalars())


async def _infos(session: Any, setups: list[Setup]) -> list[SetupInfo]:
    """The setups with their versions and games played: three reads however many setups there are."""
    ids = [s.id for s in setups]
    if not ids:
        return []
    rows = await session.execute(
        select(SetupVersion).where(SetupVersion.setup_id.in_(ids)).order_by(SetupVersion.setup_id, SetupVersion.number)
    )
    versions: dict[int, list[SetupVersion]] = {i: [] for i in ids}
    for version in rows.scalars():
        versions[version.setup_id].append(version)
    counted = await session.execute(
        select(SetupVersion.setup_id, func.count(Game.id))
        .join(Game, Game.setup_version_id == SetupVersion.id)
        .where(SetupVersion.setup_id.in_(ids))
        .group_by(SetupVersion.setup_id)
    )
    played = {setup_id: int(count) for setup_id, count in counted}
    return [
        SetupInfo(
            id=setup.id,
            ruleset=setup.ruleset,
            name=setup.name,
            author_id=setup.author_id,
            guild_id=setup.guild_id,
            visibility=setup.visibility,
            versions=[
                VersionInfo(v.id, v.number, v.changelog, v.parent_id, dict(v.settings)) for v in versions[setup.id]
            ],
            games=played.get(setup.id, 0),
        )
        for setup in setups
    ]


async def _info(session: Any, setup: Setup) -> SetupInfo:
    return (await _infos(session, [setup]))[0]


async def save(
    db: Database,
    *,
    ruleset: str,
    name: Any,
    settings: Any,
    author_id: Any,
    guild_id: Any = None,
    changelog: Any = None,
    visibility: Any = "private",
    parent_id: int | None = None,
) -> SetupInfo:
    """A new setup with its first version (private to its author until shared)."""
    author = limits.user_id(author_id) if author_id != 0 else 0  # 0: the operator (the command line)
    guild = limits.optional_id(guild_id, "server")
    name, log, shared = _name(name), _changelog(changelog), _visibility(visibility)
    checked = checked_settings(ruleset, settings)
    async with db.transaction() as session:
        setup = Setup(ruleset=ruleset, name=name, author_id=author, guild_id=guild, visibility=shared)
        session.add(setup)
        await session.flush()
        session.add(
            SetupVersion(
                setup_id=setup.id, number=1, parent_id=parent_id, changelog=log, settings=checked, author_id=author
            )
        )
        await session.flush()
        return await _info(session, setup)


async def save_from_game(db: Database, game_id: int, *, name: Any, author_id: Any, changelog: Any = None) -> SetupInfo:
    """A new setup from a game's current settings (its house rules and data), saved in the game's server."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        ruleset, settings, guild = game.ruleset, dict(game.settings or {}), game.guild_id
    return await save(db, ruleset=ruleset, name=name, settings=settings, author_id=author_id, guild_id=guild,
                      changelog=changelog)  # fmt: skip


async def edit(db: Database, setup_id: Any, *, author_id: Any, changes: Any, changelog: Any) -> SetupInfo:
    """A new version of the author's setup: the latest version's settings with `changes` (setting -> value;
    a value of None takes the setting back to the game's default)."""
    user = limits.user_id(author_id) if author_id != 0 else 0  # 0: the operator (the command line)
    if not isinstance(changes, dict) or not changes:
        raise ServiceError(say("setup_no_changes"))
    log = limits.required_text(changelog, say("what_changelog"), CHANGELOG_MAX)
    async with db.transaction() as session:
        setup = await _own(session, setup_id, user)
        latest = (await _versions(session, setup.id))[-1]
        settings = {k: v for k, v in ({**latest.settings, **changes}).items() if v is not None}
        checked = checked_settings(setup.ruleset, settings)
        session.add(
            SetupVersion(
                setup_id=setup.id,
                number=latest.number + 1,
                parent_id=latest.id,
                changelog=log,
                settings=checked,
                author_id=user,
            )
        )
        await session.flush()
        return await _info(session, setup)


async def fork(
    db: Database, setup_id: Any, *, author_id: Any, guild_id: Any, name: Any, version: int | None = None
) -> SetupInfo:
    """A new setup of the caller's, private, starting from a version they may read (default: the latest),
    which its first version names as the one it was forked from."""
    user = limits.user_id(author_id)
    guild = limits.optional_id(guild_id, "server")
    async with db.read() as session:
        setup = await _readable(session, setup_id, user, guild)
        versions = await _versions(session, setup.id)
        chosen = versions[-1] if version is None else next((v for v in versions if v.number == version), None)
        if chosen is None:
            raise ServiceError(say("no_such_setup_version", name=setup.name, number=version))
        ruleset, settings, parent, origin = setup.ruleset, dict(chosen.settings), chosen.id, setup.name
    log = say("setup_forked", name=origin, number=chosen.number)
    return await save(db, ruleset=ruleset, name=name, settings=settings, author_id=user, guild_id=guild,
                      changelog=log, parent_id=parent)  # fmt: skip


async def share(db: Database, setup_id: Any, *, author_id: Any, visibility: Any) -> SetupInfo:
    """Who may see the author's setup: `private`, `server` (its server) or `public`."""
    user = limits.user_id(author_id)
    shared = _visibility(visibility)
    async with db.transaction() as session:
        setup = await _own(session, setup_id, user)
        if shared == "server" and setup.guild_id is None:
            raise ServiceError(say("setup_no_server", name=setup.name))
        setup.visibility = shared
        await session.flush()
        return await _info(session, setup)


async def delete(db: Database, setup_id: Any, *, author_id: Any, operator: bool = False) -> str:
    """The author's setup out of every list; its versions stay for the games played with them. Its name.
    `operator`: the bot's operator (`brbot setup delete`), who may delete anyone's setup, private ones too."""
    user = None if operator else limits.user_id(author_id)
    async with db.transaction() as session:
        if user is None:
            limits.discord_id(setup_id, say("what_setup"))
            setup = await session.get(Setup, setup_id)
            if setup is None or setup.deleted:
                raise ServiceError(say("no_such_setup", id=setup_id))
        else:
            setup = await _own(session, setup_id, user)
        setup.deleted = True
        return setup.name


async def hide(db: Database, setup_id: Any, *, guild_id: Any, hidden: bool = True) -> None:
    """A public setup kept out of (or back in) server `guild_id`'s lists; the caller's rights are the cog's
    to check (a server's moderators)."""
    guild = limits.discord_id(guild_id, "server")
    async with db.transaction() as session:
        setup = await session.get(Setup, limits.discord_id(setup_id, say("what_setup")))
        if setup is None or setup.deleted or setup.visibility != "public":
            raise ServiceError(say("no_such_setup", id=setup_id))
        found = await session.get(HiddenSetup, (guild, setup.id))
        if hidden and found is None:
            session.add(HiddenSetup(guild_id=guild, setup_id=setup.id))
        elif not hidden and found is not None:
            await session.delete(found)


async def show(db: Database, setup_id: Any, *, user_id: Any, guild_id: Any = None) -> SetupInfo:
    """A setup the caller may read, with its versions; a private one of someone else's is not said to exist."""
    user = limits.user_id(user_id) if user_id != 0 else 0
    guild = limits.optional_id(guild_id, "server")
    async with db.read() as session:
        return await _info(session, await _readable(session, setup_id, user, guild))


async def listed(
    db: Database,
    *,
    user_id: Any,
    guild_id: Any = None,
    ruleset: str | None = None,
    scope: str = "all",
    typed: str = "",
    own_hidden: bool = True,
) -> list[SetupInfo]:
    """The setups the caller may read, by `scope`: `mine`, `server` (this server's), `public`, or `all` of
    those; `played` is `all`, ordered by the games played with them (the most first). A game's only with
    `ruleset`; names containing `typed` only. Hidden public ones are left out in the server that hid them (the
    author's own too, with `own_hidden=False`: what `/game create setup:` offers)."""
    user = limits.user_id(user_id) if user_id != 0 else 0
    guild = limits.optional_id(guild_id, "server")
    query = select(Setup).where(Setup.deleted.is_(False))
    if ruleset:
        query = query.where(Setup.ruleset == ruleset)
    if typed:
        query = query.where(func.lower(Setup.name).contains(typed.lower()[:NAME_MAX]))
    mine = Setup.author_id == user
    in_server = (Setup.visibility == "server") & (Setup.guild_id == guild) if guild is not None else None
    public = Setup.visibility == "public"
    if scope == "mine":
        query = query.where(mine)
    elif scope == "server":
        query = query.where(in_server if in_server is not None else mine & (Setup.guild_id.is_(None)))
    elif scope == "public":
        query = query.where(public)
    else:
        allowed = mine | public
        query = query.where(allowed | in_server if in_server is not None else allowed)
    if guild is not None:
        hidden = select(HiddenSetup.setup_id).where(HiddenSetup.guild_id == guild)
        query = query.where((mine if own_hidden else false()) | Setup.id.not_in(hidden))
    if scope == "played":  # the most played first: counted in the query, not setup by setup
        played = (
            select(func.count(Game.id))
            .select_from(SetupVersion)
            .join(Game, Game.setup_version_id == SetupVersion.id)
            .where(SetupVersion.setup_id == Setup.id)
            .scalar_subquery()
        )
        query = query.order_by(played.desc(), Setup.name, Setup.id)
    else:
        query = query.order_by(Setup.name, Setup.id)
    async with db.read() as session:
        return await _infos(session, list((await session.execute(query.limit(LISTED_MAX))).scalars()))


async def settings_for_game(db: Database, setup_id: Any, *, user_id: Any, guild_id: Any) -> tuple[str, int, dict]:
    """What `/game create setup:` takes from a setup the caller may read and this server has not hidden: (game,
    version id, settings) of its latest version."""
    info = await show(db, setup_id, user_id=user_id, guild_id=guild_id)
    guild = limits.optional_id(guild_id, "server")
    if guild is not None:
        async with db.read() as session:
            if await session.get(HiddenSetup, (guild, info.id)) is not None:
                raise ServiceError(say("setup_hidden_here", name=info.name))
    return info.ruleset, info.latest.id, dict(info.latest.settings)


@dataclass(frozen=True)
class Balance:
    """A version's balance: predicted by the computer players (None: never asked) and measured over the finished
    clean games played with it (None: none yet); `ruleset`: its game, which names its sides."""

    predicted: predict.Prediction | None
    measured: records.Measured | None
    ruleset: str = ""


async def balance(db: Database, version_ids: list[int]) -> dict[int, Balance]:
    """Each version's balance, in three reads."""
    async with db.read() as session:
        predicted = await predict.predictions(session, version_ids)
        measured = await records.records(session, version_ids)
        games = await session.execute(
            select(SetupVersion.id, Setup.ruleset).join(Setup, Setup.id == SetupVersion.setup_id)
            .where(SetupVersion.id.in_(version_ids))
        )  # fmt: skip
        ruleset = {version: game for version, game in games.all()}
    return {v: Balance(predicted.get(v), measured.get(v), ruleset.get(v, "")) for v in version_ids}

"""A setup as a file a community passes around outside Discord (`brbot setup export` and `import`).

The file is YAML (or JSON), a mapping: `setup` (the format's version, 1), `game` (the game's name), `name`, and
`versions`, oldest first, each with its `changelog` and `settings`. Importing reads it as data only (YAML's
safe loader, no aliases, within the limits a moderator's data file has), checks every version with the game's
own model before anything is stored, and makes a new setup of them, the versions in order.

A game's plain data file (the file `/game create file:` takes, as the game declares it in `Signup.data`: a map,
a deck, a roster) is taken too: it is read and checked as that command reads it (bot/services/signup/
data_files.py: the game's size limit, its own loader, the first problems in one message) and becomes the
first version of a new setup, its settings the one setting the file fills. Such a file does not say its name
(the caller does) nor its game: the caller's, else the channel's, else the only installed game that takes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from bot.db.session import Database
from bot.services.base.errors import ServiceError
from bot.services.setups import setups
from bot.services.signup import data_files
from bot.text import say
from engine import registry

FORMAT = 1
FILE_MAX_BYTES = 512 * 1024


def exported(info: setups.SetupInfo) -> str:
    """The setup, every version, as the YAML a community shares."""
    data = {
        "setup": FORMAT,
        "game": info.ruleset,
        "name": info.name,
        "versions": [{"changelog": v.changelog, "settings": v.settings} for v in info.versions],
    }
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


class _Unreadable(ServiceError):
    """Not YAML or JSON text at all (a game's data file is then read again, to say at which line)."""


class _NoAliases(yaml.SafeLoader):
    def compose_node(self, parent: Any, index: Any) -> Any:  # noqa: ANN401 (yaml's own types)
        if self.check_event(yaml.AliasEvent):
            raise ServiceError(say("setup_file_alias"))
        return super().compose_node(parent, index)


def _loaded(raw: bytes) -> Any:
    if len(raw) > FILE_MAX_BYTES:
        raise ServiceError(say("setup_file_too_big", most=FILE_MAX_BYTES // 1024))
    try:
        return yaml.load(raw.decode("utf-8-sig"), Loader=_NoAliases)  # noqa: S506 (a safe loader, no aliases)
    except (UnicodeDecodeError, yaml.YAMLError):
        raise _Unreadable(say("setup_file_unreadable")) from None


def parsed_value(text: str) -> Any:
    """One typed value read as YAML data (`/setup edit value:`); YAML's errors are the caller's to word, an alias
    is refused as in a file."""
    return yaml.load(text, Loader=_NoAliases)  # noqa: S506 (a safe loader, no aliases)


def parsed_mapping(raw: bytes) -> dict[str, Any] | None:
    """A file of settings (`/setup edit file:`), read as a setup file is; None when it is not a mapping."""
    data = _loaded(raw)
    return data if isinstance(data, dict) and all(isinstance(k, str) for k in data) else None


@dataclass(frozen=True)
class Imported:
    """A setup made of a file: the setup; for a game's plain data file, the game's loader's words for what it
    holds (`summary`, as `/game create file:` replies them: "a deck of 25 cards") and how its game was chosen
    (`chosen`: `given`, `channel`: the channel's game, `only`: the only installed game that takes the file)."""

    info: setups.SetupInfo
    summary: str | None = None
    chosen: str | None = None


async def _loaded_data(ruleset: str, filename: str, raw: bytes) -> data_files.DataLoaded:
    async def read() -> bytes:
        return raw

    return await data_files.read_data_file(
        ruleset, filename, len(raw), read, not_taken="setup_data_file_not_taken", nothing="setup_nothing_saved"
    )


def _takes_files(ruleset: str) -> bool:
    try:
        return registry.front(ruleset).signup.data is not None
    except KeyError:
        return False


async def _only_taker(
    filename: str, raw: bytes, besides: str | None = None
) -> tuple[str, data_files.DataLoaded] | None:
    """The one installed game (other than `besides`) whose loader takes the file, or None (none, or several)."""
    taken = []
    for name in registry.names():
        if name == besides or not _takes_files(name):
            continue
        try:
            taken.append((name, await _loaded_data(name, filename, raw)))
        except ServiceError:
            continue
    return taken[0] if len(taken) == 1 else None


async def data_file_settings(
    ruleset: Any, filename: str, raw: bytes, fallback: str | None = None
) -> tuple[str, data_files.DataLoaded, str]:
    """A game's plain data file as a setup's settings: (the game, what its loader read, how the game was
    chosen), read and checked as `/game create file:` reads it; refused, saving nothing, when it is not one.
    The game is `ruleset`; else `fallback` (the channel's game), when it takes a data file, unless its loader
    refuses the file and one other game takes it; else the only installed game that takes it."""
    if isinstance(ruleset, str) and ruleset.strip():
        return ruleset.strip(), await _loaded_data(ruleset.strip(), filename, raw), "given"
    if fallback and _takes_files(fallback):
        try:
            return fallback, await _loaded_data(fallback, filename, raw), "channel"
        except ServiceError:
            other = await _only_taker(filename, raw, besides=fallback)
            if other is None:
                raise
            return other[0], other[1], "only"
    only = await _only_taker(filename, raw)
    if only is None:
        raise ServiceError(say("setup_data_file_which_game"))
    return only[0], only[1], "only"


def parsed(raw: bytes) -> dict[str, Any]:
    """A setup file's data, refused in one line when it is not one."""
    data = _loaded(raw)
    versions = data.get("versions") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("setup") != FORMAT or not isinstance(versions, list) or not versions:
        raise ServiceError(say("setup_file_not_setup", format=FORMAT))
    if not all(isinstance(v, dict) and isinstance(v.get("settings"), dict) for v in versions):
        raise ServiceError(say("setup_file_not_setup", format=FORMAT))
    return data


async def imported(db: Database, raw: bytes, **options: Any) -> setups.SetupInfo:
    """`saved_file`'s setup."""
    return (await saved_file(db, raw, **options)).info


async def saved_file(
    db: Database,
    raw: bytes,
    *,
    author_id: int = 0,
    guild_id: int | None = None,
    visibility: str = "public",
    name: str | None = None,
    filename: str = "setup.yaml",
    ruleset: str | None = None,
    changelog: str | None = None,
    fallback: str | None = None,
) -> Imported:
    """A new setup of the file's versions (each checked first; nothing is stored if one is refused), named
    `name` or else as the file names it. A game's plain data file (`filename` gives its kind, `.yaml` or
    `.json`) makes a setup named `name` of `ruleset` (else of `fallback`, the channel's game, else of the only
    game that takes it: `data_file_settings`), one version (`changelog`) holding its data. A setup file of
    another game than `ruleset` is refused."""
    try:
        data = _loaded(raw)
    except _Unreadable:
        if not ruleset and not fallback:
            raise
        data = None
    if not (isinstance(data, dict) and "setup" in data):  # a game's plain data file
        of, loaded, chosen = await data_file_settings(ruleset, filename, raw, fallback)
        info = await setups.save(db, ruleset=of, name=name, settings=loaded.settings,
                                 author_id=author_id, guild_id=guild_id, changelog=changelog,
                                 visibility=visibility)  # fmt: skip
        return Imported(info, loaded.summary, chosen)
    data = parsed(raw)
    game = data.get("game")
    if not isinstance(game, str):
        raise ServiceError(say("setup_file_not_setup", format=FORMAT))
    if ruleset is not None and ruleset.strip() and ruleset.strip() != game:
        raise ServiceError(say("setup_file_other_game", game=game, wanted=ruleset.strip()))
    for number, version in enumerate(data["versions"], start=1):
        try:
            setups.checked_settings(game, version["settings"])
        except ServiceError as refusal:
            raise ServiceError(say("setup_file_version_refused", number=number, reason=refusal.message)) from None
    first, *later = data["versions"]
    info = await setups.save(
        db,
        ruleset=game,
        name=name or data.get("name"),
        settings=first["settings"],
        author_id=author_id,
        guild_id=guild_id,
        changelog=first.get("changelog"),
        visibility=visibility,
    )
    for version in later:
        changes = {k: version["settings"].get(k) for k in set(info.latest.settings) | set(version["settings"])}
        info = await setups.edit(db, info.id, author_id=author_id, changes=changes,
                                 changelog=version.get("changelog") or say("setup_imported_version"))  # fmt: skip
    return Imported(info)

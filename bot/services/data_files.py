"""A data file a moderator attaches when creating a game: one of the game's tables replaced (`Front.data_file`;
Battle Royale: the map), read here as YAML or JSON and checked by the game (`Front.load_data`). A player's
character sheet (`Front.sheet_file`, bot/services/sheets.py) is read by the same `read_mapping`.

Every refusal says what is wrong (too big, not YAML or JSON, unreadable at a given line, not a mapping, or the
game's own reason) and comes before anything is created. The size is checked before the file is downloaded.
YAML aliases are refused: a few lines of them can stand for more data than any file of the size allowed.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

import yaml

from bot.services.errors import ServiceError
from bot.text import say
from engine import registry
from engine.front import DataFile, Refused

SUFFIXES = {".yaml": "yaml", ".yml": "yaml", ".json": "json"}


@dataclass(frozen=True)
class DataLoaded:
    setting: str  # the game's setting the file fills
    value: Any  # its value, as JSON data
    summary: str  # in words, what was loaded (for the moderator's reply)


class _NoAliases(yaml.SafeLoader):
    """PyYAML's safe loader, refusing aliases (`*name`)."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.MarkedYAMLError(problem=say("data_file_alias"), problem_mark=mark)
        return super().compose_node(parent, index)


def _refused(tail: str, key: str, **values: object) -> ServiceError:
    """A refusal: what is wrong, then what the refusal left as it was ("Nothing was created.")."""
    return ServiceError(f"{say(key, **values)} {tail}")


def _parse(text: str, kind: str, tail: str) -> Any:
    try:
        if kind == "json":
            return json.loads(text)
        return yaml.load(text, Loader=_NoAliases)  # noqa: S506 (a safe loader)
    except json.JSONDecodeError as error:
        raise _refused(tail, "data_file_syntax", line=error.lineno, problem=error.msg) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or say("data_file_bad_yaml")
        line = mark.line + 1 if mark is not None else 1
        raise _refused(tail, "data_file_syntax", line=line, problem=problem) from None


async def read_mapping(
    declared: DataFile,
    filename: str,
    size: int,
    read: Callable[[], Awaitable[bytes]],
    load: Callable[[dict[str, Any]], tuple[Any, str]],
    tail: str,
) -> tuple[Any, str]:
    """A file a game declares (`declared`: its label and largest size) read as YAML or JSON, a mapping at the
    top, and checked by the game (`load`: `Front.load_data` or `Front.load_sheet`, which raise `Refused`).
    `read` downloads it, only once the size and the name are known to be acceptable. Every refusal ends with
    `tail`, what the refusal left as it was."""
    if size > declared.max_bytes:
        raise _refused(tail, "data_file_too_big", label=declared.label, size=_kib(size), most=_kib(declared.max_bytes))
    kind = SUFFIXES.get(PurePath(filename).suffix.lower())
    if kind is None:
        raise _refused(tail, "data_file_type", label=declared.label)
    raw = await read()
    if len(raw) > declared.max_bytes:
        raise _refused(
            tail, "data_file_too_big", label=declared.label, size=_kib(len(raw)), most=_kib(declared.max_bytes)
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refused(tail, "data_file_not_text", label=declared.label) from None
    data = _parse(text, kind, tail)
    if not isinstance(data, dict):
        raise _refused(tail, "data_file_not_mapping", label=declared.label)
    try:
        return load(data)
    except Refused as refusal:
        raise ServiceError(f"{refusal.reason} {tail}") from None


async def read_data_file(ruleset: str, filename: str, size: int, read: Callable[[], Awaitable[bytes]]) -> DataLoaded:
    """The setting a moderator's file fills for a new game of `ruleset`; `read` downloads it (only once the
    size and the name are known to be acceptable)."""
    try:
        front = registry.front(ruleset)
    except KeyError as error:
        raise ServiceError(str(error.args[0])) from None
    declared = front.data_file
    if declared is None:
        raise ServiceError(say("data_file_not_taken", game=front.title or ruleset))
    value, summary = await read_mapping(declared, filename, size, read, front.load_data, say("data_file_nothing"))
    return DataLoaded(setting=declared.setting, value=value, summary=summary)


def _kib(size: int) -> str:
    return f"{size / 1024:.0f} KiB" if size >= 1024 else f"{size} bytes"

"""A data file a moderator attaches when creating a game: one of the game's tables replaced (`Signup.data`;
Battle Royale: the map), read here as YAML or JSON and checked by the game (`Signup.data`). A player's
character sheet (`Signup.sheet`, bot/services/signup/sheets.py) is read by the same `read_mapping`.

Every refusal says what is wrong (too big, not YAML or JSON, unreadable at a given line, not a mapping, or the
game's own reason) and comes before anything is created. The size is checked before the file is downloaded.
YAML aliases are refused: a few lines of them can stand for more data than any file of the size allowed.
The file is parsed within explicit limits before the game sees it (`MAX_DEPTH` levels of lists and mappings,
numbers of at most `MAX_DIGITS` characters, finite, texts without a character no database can store: U+0000
or a lone surrogate), so a hostile file is refused with its reason, never a parser's crash.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

import yaml

from bot.services.base import limits
from bot.services.base.errors import ServiceError
from bot.text import say
from engine import registry
from engine.front import DataFile, Refused, Sections
from engine.keyed import joined

SUFFIXES = {".yaml": "yaml", ".yml": "yaml", ".json": "json"}
MAX_DEPTH = 32  # levels of lists and mappings (a map or a roster needs fewer than 10)
MAX_DIGITS = 30  # characters of one number (Python refuses to read an integer of more than 4,300 digits)


class _Limit(Exception):
    """A file past one of the limits, met while parsing: the text's key and values (the label comes later)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values


@dataclass(frozen=True)
class DataLoaded:
    setting: str  # the game's setting the file fills
    value: Any  # its value, as JSON data (None: the file holds only other settings, `more`)
    summary: str  # in words, what was loaded (for the moderator's reply)
    more: dict[str, Any] = field(default_factory=dict)  # other settings the same file fills (`Sections`)

    @property
    def settings(self) -> dict[str, Any]:
        """Every setting the file fills, by name."""
        main = {} if self.value is None else {self.setting: self.value}
        return main | self.more


class _NoAliases(yaml.SafeLoader):
    """PyYAML's safe loader, refusing aliases (`*name`), nesting past `MAX_DEPTH` (before the composer's
    recursion reaches Python's limit) and numbers longer than `MAX_DIGITS`."""

    depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.MarkedYAMLError(problem=say("data_file_alias"), problem_mark=mark)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH + 1:  # the scalar at the deepest level allowed is one more node
                raise _Limit("data_file_too_deep", most=MAX_DEPTH)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _yaml_number(construct: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def checked(loader: Any, node: Any) -> Any:
        _digits(str(node.value))
        return construct(loader, node)

    return checked


_NoAliases.add_constructor("tag:yaml.org,2002:int", _yaml_number(yaml.SafeLoader.construct_yaml_int))
_NoAliases.add_constructor("tag:yaml.org,2002:float", _yaml_number(yaml.SafeLoader.construct_yaml_float))


def _digits(number: str) -> str:
    if len(number) > MAX_DIGITS:
        raise _Limit("data_file_long_number", most=MAX_DIGITS)
    return number


def _json_int(number: str) -> int:
    return int(_digits(number))


def _json_float(number: str) -> float:
    return float(_digits(number))


def _json_constant(name: str) -> Any:
    raise _Limit("data_file_not_finite")


def _json_depth(text: str) -> None:
    """Refuse JSON nesting past `MAX_DEPTH` before the parser's recursion meets it (brackets in texts skipped)."""
    depth, quoted, escaped = 0, False, False
    for character in text:
        if quoted:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                quoted = False
        elif character == '"':
            quoted = True
        elif character in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise _Limit("data_file_too_deep", most=MAX_DEPTH)
        elif character in "]}":
            depth -= 1


def _check_values(data: Any) -> None:
    """Every text (keys too) storable and every number finite, within `MAX_DEPTH` (walked without recursion)."""
    pending: list[tuple[Any, int]] = [(data, 0)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                raise _Limit("data_file_too_deep", most=MAX_DEPTH)
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            pending += [(item, depth + 1) for item in items]
        elif isinstance(value, str):
            character = limits.bad_character(value)
            if character is not None:
                raise _Limit("data_file_bad_character", character=character)
        elif isinstance(value, float) and not math.isfinite(value):
            raise _Limit("data_file_not_finite")


def _refused(tail: str, key: str, **values: object) -> ServiceError:
    """A refusal: what is wrong, then what the refusal left as it was ("Nothing was created.")."""
    return ServiceError(joined(" ", [say(key, **values), tail]))


def _parse(text: str, kind: str, tail: str, label: str) -> Any:
    """The file's data, parsed within the limits (`MAX_DEPTH`, `MAX_DIGITS`, texts and numbers storable)."""
    try:
        if kind == "json":
            _json_depth(text)
            data = json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant)
        else:
            data = yaml.load(text, Loader=_NoAliases)  # noqa: S506 (a safe loader)
        _check_values(data)
        return data
    except _Limit as limit:
        raise _refused(tail, limit.key, label=label, **limit.values) from None
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
    top, and checked by the game (`load`: `Signup.data` or `Signup.sheet`, which raise `Refused`).
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
    data = _parse(text, kind, tail, declared.label)
    if not isinstance(data, dict):
        raise _refused(tail, "data_file_not_mapping", label=declared.label)
    try:
        return load(data)
    except Refused as refusal:
        raise ServiceError(f"{refusal.reason} {tail}") from None


async def read_data_file(
    ruleset: str,
    filename: str,
    size: int,
    read: Callable[[], Awaitable[bytes]],
    not_taken: str = "data_file_not_taken",
    nothing: str = "data_file_nothing",
) -> DataLoaded:
    """The setting a moderator's file fills for a new game of `ruleset`; `read` downloads it (only once the
    size and the name are known to be acceptable). `not_taken` and `nothing`: the keys of the refusal for a game
    that takes no file and of what a refusal left as it was (a setup's save says "Nothing was saved")."""
    try:
        front = registry.front(ruleset)
    except KeyError as error:
        raise ServiceError(str(error.args[0])) from None
    upload = front.signup.data
    if upload is None:
        raise ServiceError(say(not_taken, game=front.title or ruleset))
    value, summary = await read_mapping(upload.file, filename, size, read, upload.load, say(nothing))
    if isinstance(value, Sections):
        return DataLoaded(upload.file.setting, value.main, summary, dict(value.more))
    return DataLoaded(setting=upload.file.setting, value=value, summary=summary)


def _kib(size: int) -> str:
    return f"{size / 1024:.0f} KiB" if size >= 1024 else f"{size} bytes"

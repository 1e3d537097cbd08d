"""How long a text and how big a number the bot takes from anyone, checked in the services.

Discord lets a text option hold 6,000 characters and an integer option any 53-bit number unless the
command declares less. The commands declare these limits on their options (`app_commands.Range`, the
games' options through `bot.ui.declared`), and the services check them again here, because a command can
arrive with an out-of-date shape, from another front end, or from a test: an over-long name or an
out-of-range number is refused with a message saying what is allowed, and nothing is stored.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bot.services.base.errors import ServiceError
from bot.text import say

GAME_NAME_MAX = 100  # a game's name (games.name is String(100))
PLAYER_NAME_MAX = 100  # a player's name (players.name is String(100); Discord's display names are 32)
OPTION_TEXT_MAX = 100  # a game's text option (a name typed by hand): Discord's choice values
SETTING_NAME_MAX = 50  # /game settings name
SETTING_VALUE_MAX = 200  # /game settings value
NOTE_MAX = 1000  # a moderator's reason or note (kept in the audit log, maybe posted)
TIME_MAX = 10  # a deadline time like 22:00
TIMEZONE_MAX = 64  # an IANA timezone name (games.timezone is String(64))
RULESET_MAX = 50  # a ruleset's name (games.ruleset is String(50))

ID_MAX = 2**63 - 1  # the largest number a 64-bit id column holds (games' numbers, Discord's snowflakes)
INTEGER_MIN, INTEGER_MAX = -(2**53 - 1), 2**53 - 1  # what Discord's integer options can carry at all
HOURS_MAX = 24 * 14  # hours a moderator may pause or extend by
SIGNUP_CAP_MAX = 1000  # players admitted to one game (the engine is measured up to 1,000)


# What no database column takes in a text: U+0000 (PostgreSQL refuses it) and lone surrogates (not UTF-8)
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# The same in JSON text: U+0000 written as its escape (a text that spells the escape matches too), surrogates as is
UNSTORABLE_IN_JSON = re.compile(r"\\u0000|[\ud800-\udfff]")


def bad_character(value: str) -> str | None:
    """The first character of `value` the bot cannot store ("U+0000", "U+D800"); None when there is none."""
    found = UNSTORABLE.search(value)
    return f"U+{ord(found.group()):04X}" if found else None


def text(value: str | None, what: str, most: int) -> str | None:
    """`value`, refused when it is not a text, when it is longer than `most` characters, or when it holds a
    character no database can store (U+0000, a lone surrogate) (`what` names it in the refusal)."""
    if value is None:
        return None
    if isinstance(value, str) and len(value) > most:
        raise ServiceError(say("too_long", what=what, most=most, length=len(value)))
    return characters(value, what)


def required_text(value: Any, what: str, most: int) -> str:
    """`text`, with nothing (None) refused too: a text that must be given."""
    return text(characters(value, what), what, most) or ""


def characters(value: Any, what: str) -> str:
    """`value`, refused when it is not a text or holds a character no database can store."""
    if not isinstance(value, str):
        raise ServiceError(say("not_text", what=what))
    character = bad_character(value)
    if character is not None:
        raise ServiceError(say("bad_character", what=what, character=character))
    return value


def number(value: Any, what: str, least: int | float | None = None, most: int | float | None = None) -> Any:
    """`value`, refused when it is a number outside [least, most] (None: no bound that way)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if (least is not None and value < least) or (most is not None and value > most):
        raise ServiceError(
            say(
                "out_of_range",
                what=what,
                value=value,
                least="…" if least is None else least,
                most="…" if most is None else most,
            )
        )
    return value


def game_number(value: int | None) -> int | None:
    """A game's number as a user gave it: refused (as no such game) when no game can have it."""
    if value is not None and not 1 <= value <= ID_MAX:
        raise ServiceError(say("no_game", game_id=value))
    return value


def name(value: Any) -> str:
    """A player's name as the bot keeps it (their Discord name, not something they typed, so it is cleaned, not
    refused): the characters no database can store left out, cut to `PLAYER_NAME_MAX`; refused when it is not
    a text."""
    if not isinstance(value, str):
        raise ServiceError(say("not_text", what=say("what_player_name")))
    return UNSTORABLE.sub("", value)[:PLAYER_NAME_MAX].strip() or "?"


def user_id(value: Any) -> int:
    """A Discord user's id: a whole number from 1 (0 and the negative ones are no user's; the script that
    orders the game master's NPCs is one of them, `pacing.SCRIPT`) to `ID_MAX` (a bigger one no 64-bit column
    holds: refused before any query meets it)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= ID_MAX:
        raise ServiceError(say("bad_user_id", user_id=value))
    return value


def discord_id(value: Any, what: str, least: int = 1) -> int:
    """A Discord server's, channel's or role's id (`what`: "server", "channel", "role"): a whole number from 1
    (`least`: 0 where 0 stands for none) to `ID_MAX`, what the database's 64-bit columns hold; refused, naming it,
    before any query meets it."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= ID_MAX:
        raise ServiceError(say("bad_discord_id", value=value, what=say(f"id_of_{what}")))
    return value


def optional_id(value: Any, what: str) -> int | None:
    """`discord_id`, with None passing (no server: a game made by the command line; no channel)."""
    return None if value is None else discord_id(value, what)


def storable(data: Any, what: str) -> Any:
    """`data` (JSON data: an order) refused when one of its texts (keys too) holds a character no database can
    store."""
    character = bad_character_in(data)
    if character is not None:
        raise ServiceError(say("bad_character", what=what, character=character))
    return data


def _clean_json(text: str) -> bool:
    """Whether JSON text holds nothing `UNSTORABLE_IN_JSON` finds: no U+0000 escape, and no lone surrogate (the
    only characters UTF-8 cannot encode). Two passes in C, several times quicker than the pattern's search on a
    1,000-player state."""
    if "\\u0000" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def maybe_unstorable(ascii_json: str) -> bool:
    """Whether JSON text written with `ensure_ascii` (as `fairness.canonical` writes it) may hold a character
    no database stores: U+0000 and a lone surrogate are both written as escapes there (`\\u0000`,
    `\\ud800`...). An astral character's escaped pair looks the same, so True says only "look closer"
    (`bad_character_in`); False is sure."""
    return "\\u0000" in ascii_json or ("\\ud" in ascii_json and _ESCAPED_SURROGATE.search(ascii_json) is not None)


_ESCAPED_SURROGATE = re.compile(r"\\ud[89a-f]")


def bad_character_in(data: Any) -> str | None:
    """The first character no database can store in a text (keys too) of JSON data, walked without recursion
    (as `bad_character`); None when there is none. Checked first in the data's JSON text, in one pass at C
    speed (a game's whole state after every step): only data that may hold one is walked."""
    try:
        if _clean_json(json.dumps(data, ensure_ascii=False)):
            return None
    except (TypeError, ValueError, RecursionError):  # not JSON data (or nested too deep for it): the walk says
        pass
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending += [*value.keys(), *value.values()]
        elif isinstance(value, list | tuple):
            pending += value
        elif isinstance(value, str) and (character := bad_character(value)) is not None:
            return character
    return None

"""A finished or running game's page in words (`bot.services.pages.public_pages`): its settings as a reader says them
("Max players", "on", "not set"), and a finished game's fair-play lines said in the past ("Day 2 was open until
3 January", not "is open until 3 January (332 days ago)")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.db.models import Game
from bot.services.base.common import ruleset_of
from bot.text import TEXT, say
from engine.keyed import Keyed, joined

WORDY = re.compile(r"[a-z]+(_[a-z]+)+")  # a setting's value that is a choice's key ("preference_then_random")


@dataclass(frozen=True)
class Setting:
    """A setting as a page shows it: its name and value in words, and what it does (the field's description)."""

    name: str
    value: str
    about: str = ""


_OPEN = re.compile(
    re.escape(TEXT["day_open"])
    .replace(re.escape("{step}"), "(?P<step>.+?)")
    .replace(re.escape("{deadline}"), "(?P<deadline>.+?)")
    .replace(re.escape("{commitment}"), "(?P<commitment>[0-9a-f]{64})")
)
_RELATIVE = re.compile(r"\s*\(<t:-?\d+:R>\)")


def in_the_past(text: str) -> str:
    """A fair-play line of a finished game said in the past: "Day 2 was open until 3 January" (every deadline
    of a finished game has passed: not "Day 2 is open until 3 January (332 days ago)")."""

    def was(match: re.Match[str]) -> str:
        deadline = _RELATIVE.sub("", match["deadline"])
        return say("web_day_was_open", step=match["step"], deadline=deadline, commitment=match["commitment"])

    return _OPEN.sub(was, text)


def was_open(text: Any) -> Any:
    """A kept fair-play text (`bot.languages.stored.revived`) of a finished game said in the past, by its keys, for
    a reader of another language: `in_the_past` of its English."""
    if not isinstance(text, Keyed) or text.domain != "bot":
        return text
    if text.key == "day_open":
        return _was(text.values)
    if text.key == "seed_revealed_next":
        return joined("\n", [text.values["reveal"], _was(text.values)])
    return text


def _was(values: Any) -> str:
    deadline = _RELATIVE.sub("", str(values["deadline"]))
    return say("web_day_was_open", step=values["step"], deadline=deadline, commitment=values["commitment"])


def settings_in_words(game: Game) -> list[Setting]:
    """The game's house rules with their values, and when its steps end (nothing of the moderators'), in
    words: a name a reader says ("Max players"), its value ("on", "not set"), and what it does."""
    rules = ruleset_of(game)
    shown = [
        Setting(say("web_setting_deadline_time"), game.deadline_time, say("web_setting_deadline_time_about")),
        Setting(say("web_setting_timezone"), game.timezone, say("web_setting_timezone_about")),
    ]
    if game.step_hours is not None:
        shown.append(Setting(say("web_setting_step_hours"), say("web_hours", n=game.step_hours)))
    fields = rules.settings_model.model_fields
    parsed = rules.parse_settings(game.settings).model_dump(mode="json", include=set(rules.house_rules()))
    return shown + [Setting(_words(k), _shown(v), fields[k].description or "") for k, v in parsed.items()]


def _words(name: str) -> str:
    """A setting's key in words: `max_players` -> "Max players"."""
    return name.replace("_", " ").capitalize()


def _shown(value: Any) -> str:
    if value is None:
        return say("web_setting_none")
    if isinstance(value, bool):
        return say("web_setting_on") if value else say("web_setting_off")
    if isinstance(value, list | dict):
        return say("web_setting_data")
    return value.replace("_", " ") if isinstance(value, str) and WORDY.fullmatch(value) else str(value)

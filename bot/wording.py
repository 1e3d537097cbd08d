"""How a template is filled in: `render(template, **values)` is `str.format` with one more format spec, for a
word that follows a count (`{count:player|players}`). Beneath the catalogue (`bot.texts`) and the screens
(`bot.screens`), which both render with it, so neither imports the other to say a sentence."""

from __future__ import annotations

import string
from datetime import datetime
from typing import Any


class _Words(string.Formatter):
    """`str.format` with one more format spec, for a word that follows a count: `{count:player|players}` is
    "player" when `count` is 1 and "players" for any other number (0 too), so a sentence reads right for one
    and for many ("1 ready player", "3 ready players", "Cal was dropped", "Cal and Dee were dropped"). In
    another language the forms are its CLDR plural categories in order (`bot.languages.plurals`)."""

    def __init__(self, language: str = "en-US") -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int) and not isinstance(value, bool):
            forms = format_spec.split("|")
            if self.language.startswith("en"):
                return forms[0] if value == 1 else forms[-1]
            from bot.languages.plurals import form

            return form(self.language, value, forms)
        return super().format_field(value, format_spec)


WORDS = _Words()
_BY_LANGUAGE: dict[str, _Words] = {"en-US": WORDS}


def discord_time(moment: datetime) -> str:
    """A moment (a deadline) as Discord shows it to each reader in their own time zone and language: the date
    and time, and how far off it is ("1 March 2026 22:00 (in 10 hours)"): `<t:…:f> (<t:…:R>)`. Discord's
    timestamp markup, written here rather than by importing discord.py, which a simulated game would otherwise
    load for this alone (a fifth of a second)."""
    stamp = int(moment.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


def render(template: str, **values: object) -> str:
    """A template filled in, with the plural spec of `_Words` (`bot.text.say`, `bot.ui.text.ui`, the screens)."""
    return WORDS.vformat(template, (), values)


def render_in(language: str, template: str, **values: object) -> str:
    """`render` for a reader of `language` (a Discord locale name): its plural forms. A template with no plural
    spec is `str.format`'s, done in C (a night's messages render thousands of them for each language)."""
    if "|" not in template:
        return template.format(**values)
    words = _BY_LANGUAGE.get(language)
    if words is None:
        words = _BY_LANGUAGE[language] = _Words(language)
    return words.vformat(template, (), values)

"""Who reads a text now, and the text in their language.

The bot writes every sentence in English (`bot.text.say`, `bot.ui.text.ui` and each game's texts give a
`engine.keyed.Keyed`, which remembers its key). Where an answer to someone leaves the bot, the reader's
language is known: an interaction's `locale` (Discord tells the bot each user's language). `reading(language)`
sets it for the work of one interaction (`bot.ui.respond.refusing` does, for every command, button and menu),
and `localized(text)` renders a `Keyed` again in it: its template in that language (English where it has
none) with its values, themselves localized. A reader of English gets the text exactly as it was. A text
made of texts keeps its parts with `joined`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

from bot.languages import ENGLISH
from bot.languages.catalogue import generation, language_for, translations
from bot.wording import render_in
from engine.front import Card
from engine.keyed import JOINED, TRIMMED, Keyed

READER: ContextVar[str] = ContextVar("reader", default=ENGLISH)


@contextmanager
def reading(language: str) -> Iterator[None]:
    token = READER.set(language)
    try:
        yield
    finally:
        READER.reset(token)


def language_of(interaction: Any) -> str:
    """The language the user of an interaction reads (their Discord locale, or the nearest the bot has)."""
    locale = getattr(interaction, "locale", None)
    return language_for(str(getattr(locale, "value", locale)) if locale is not None else None)


def localized(text: Any, language: str | None = None) -> Any:
    """`text` for a reader of `language` (default: the current reader): a `Keyed` rendered in it; anything
    else as it is."""
    language = language or READER.get()
    if language == ENGLISH or not isinstance(text, Keyed) or not text.key:
        return text
    shown = text.__dict__.setdefault(_SHOWN, {})  # rendered once per language and reading of the files
    when = (language, generation())
    if when not in shown:
        shown[when] = _localized(text, language)
    return shown[when]


_SHOWN = "_shown"


def _localized(text: Keyed, language: str) -> Any:
    if text.key == JOINED:
        separator = str(localized(text.values["separator"], language))  # " and " is a text too
        return separator.join(str(localized(part, language)) for part in text.values["parts"])
    if text.key == TRIMMED:
        return str(localized(text.values["text"], language)).rstrip(str(text.values["chars"]))
    template = translations(language).get(text.domain, {}).get(text.key)
    if template is None:
        return text
    values = {name: localized(value, language) for name, value in text.values.items()}
    try:
        return render_in(language, template, **values)
    except (KeyError, IndexError, ValueError):  # a translation that does not fit its values: the English
        return text


def localized_card(card: Card, language: str | None = None) -> Card:
    """A card with each of its texts for the reader."""
    language = language or READER.get()
    if language == ENGLISH:
        return card
    fields = tuple(
        replace(
            f,
            name=localized(f.name, language),
            lines=tuple(localized(line, language) for line in f.lines),
            empty=localized(f.empty, language),
        )
        for f in card.fields
    )
    return replace(
        card,
        title=localized(card.title, language),
        description=localized(card.description, language),
        footer=localized(card.footer, language),
        fields=fields,
    )

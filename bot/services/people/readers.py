"""Who reads in which language (issue 31, point 2): a game's public posts and lobby in the game's language, each
user's private messages in their own.

- A game's language is `games.language`, set by `/game settings language` (`game_language`, validated by
  `language_named`) and by default, when the game is created, the server's locale where Discord gives one
  (`default_for_server`); a game without one (created before) reads English.
- A user's language is the one they chose (`/profile language`: `choose`), else their Discord locale as last
  seen (every interaction tells it: `seen`), else the game's they are reading about (`user_languages`).
Only the languages the bot has (`bot.languages.catalogue.available`) are ever stored.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Reader
from bot.db.session import Database
from bot.languages import BUILT_IN, ENGLISH, normalized
from bot.languages.catalogue import available, language_for
from bot.services.base import limits
from bot.services.base.errors import ServiceError
from bot.text import say

AUTOMATIC = ("auto", "automatic", "none", "default")  # `/profile language`: back to the Discord locale


def language_named(value: str) -> str:
    """A language the bot has, as typed ("pt-BR", "pt_br", "es-es"); refused, listing them, when it has none."""
    limits.required_text(value, say("what_language"), limits.SETTING_VALUE_MAX)
    wanted = normalized(value.strip())
    if wanted not in available():
        raise ServiceError(say("unknown_language", typed=value.strip(), choices=", ".join(available())))
    return wanted


def name_of(language: str) -> str:
    """A language as its readers call it ("Português (Brasil)"), else its tag."""
    return BUILT_IN.get(language, language)


def default_for_server(locale: object | None) -> str:
    """A new game's language: the server's locale (Discord's `guild_locale`) where the bot has it or one of the
    same family, else English."""
    value = getattr(locale, "value", locale)
    return language_for(str(value)) if value else ENGLISH


def game_language(game: Game) -> str:
    """The language of a game's public posts and lobby (a game created before languages: English)."""
    return stored_language(game.language)


def stored_language(language: str | None) -> str:
    """A stored language the bot still has, else English (None: a game created before languages)."""
    return language if language is not None and language in available() else ENGLISH


async def known(db: Database, user_id: int) -> tuple[str | None, str | None]:
    """What the bot knows of a user's language: the one they chose (if the bot still has it) and their Discord
    locale's as last seen."""
    async with db.read() as session:
        row = await session.get(Reader, user_id)
    if row is None:
        return None, None
    return (row.chosen if row.chosen in available() else None), row.seen


async def seen(db: Database, user_id: int, language: str) -> None:
    """Remember the language of the Discord locale a user was just seen with (`known` tells whether it changed:
    the caller writes only then)."""
    async with db.transaction() as session:
        row = await session.get(Reader, user_id)
        if row is None:
            session.add(Reader(user_id=user_id, seen=language))
        else:
            row.seen = language


async def choose(db: Database, user_id: int, value: str) -> str | None:
    """`/profile language`: the user's own language from now on (`AUTOMATIC`: their Discord locale again,
    returned as None)."""
    limits.user_id(user_id)
    chosen = None if value.strip().lower() in AUTOMATIC else language_named(value)
    async with db.transaction() as session:
        row = await session.get(Reader, user_id)
        if row is None:
            session.add(Reader(user_id=user_id, chosen=chosen))
        else:
            row.chosen = chosen
    return chosen


async def own_language(db: Database, user_id: int) -> str | None:
    """The language a user reads in, if known (chosen, else as last seen)."""
    async with db.read() as session:
        return (await user_languages(session, [user_id])).get(user_id)


async def user_languages(session: AsyncSession, user_ids: Iterable[int]) -> dict[int, str]:
    """user id -> the language each reads in, for those the bot knows (chosen, else their locale as last seen);
    the others read their game's."""
    wanted = sorted({u for u in user_ids if u is not None})
    if not wanted:
        return {}
    have = set(available())
    found: dict[int, str] = {}
    for user_id, chosen, last in await session.execute(
        select(Reader.user_id, Reader.chosen, Reader.seen).where(Reader.user_id.in_(wanted))
    ):
        language = chosen if chosen in have else last if last in have else None
        if language is not None:
            found[user_id] = language
    return found

"""Each claimed outbox row's text rendered for the one who reads it, at delivery (issue 31, point 2).

The services store every row's text in English (`text`, what the web pages, `brbot verify` and `replay`
read) and, beside it, its texts by key (`keyed`: `bot.languages.stored`). Before a pass renders its rows into
messages, `localize` gives each row its reader's language and, in memory only (the stored rows stay as written,
as `written.escape_rows` leaves them), its text and its post's title and section in that language:

- the game's channel, its lobby, its groups' threads and a moderators' channel: the game's language
  (`readers.game_language`: `/game settings language`);
- a DM: the user's own (`/profile language`, else their Discord locale as last seen), else the game's;
- moderator notes: the game's (they go to a channel or thread the moderators share; when the bot can open
  neither and falls back to the creator's DMs, those too).

A row without keys (written before they were kept, or a text made by joining texts) reads as stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from bot.db.models import Game
from bot.db.session import Database
from bot.languages import ENGLISH
from bot.languages.reader import localized
from bot.languages.stored import PAYLOAD_TEXTS, revived
from bot.services.people import readers


async def localize(db: Database, rows: Sequence[Any]) -> dict[int, str]:
    """Render these (detached) rows' keyed texts for their readers, in memory; returns row id -> language."""
    if not rows:
        return {}
    languages = await _languages(db, rows)
    for row in rows:
        language = languages[row.id]
        if row.keyed and language != ENGLISH:
            row.text, row.payload = texts_for(row.text, row.payload, row.keyed, language)
    return languages


def texts_for(text: str, payload: dict[str, Any] | None, keyed: dict[str, Any] | None, language: str):
    """A row's text and payload with its keyed texts rendered in `language` (as stored where there are none)."""
    if not keyed or language == ENGLISH:
        return text, payload
    if "text" in keyed:
        text = localized(revived(keyed["text"]), language)
    shown = {name: localized(revived(keyed[name]), language) for name in PAYLOAD_TEXTS if name in keyed}
    return text, ({**(payload or {}), **shown} if shown else payload)


async def _languages(db: Database, rows: Sequence[Any]) -> dict[int, str]:
    """Row id -> the language its reader reads (see the module's docstring)."""
    game_ids = sorted({row.game_id for row in rows})
    async with db.read() as session:
        of_game = {
            game_id: readers.stored_language(language)
            for game_id, language in await session.execute(select(Game.id, Game.language).where(Game.id.in_(game_ids)))
        }
        own = await readers.user_languages(session, {row.target_id for row in rows if row.target == "dm"})
    found: dict[int, str] = {}
    for row in rows:
        language = of_game.get(row.game_id, ENGLISH)
        found[row.id] = own.get(row.target_id, language) if row.target == "dm" else language
    return found

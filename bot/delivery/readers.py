"""Each claimed outbox row's text rendered for the one who reads it, at delivery (issue 31, point 2).

The services store every row's text in English (`text`, what the web pages, `brbot verify` and `replay`
read) and, beside it, its texts by key (`keyed`: `bot.languages.stored`). Before a pass renders its rows into
messages, `localize` gives each row its reader's language and, in memory only (the stored rows stay as written,
as `written.escape_rows` leaves them), its text and its post's title and section in that language:

- the game's channel, its lobby, its groups' threads and a moderators' channel: the game's language
  (`readers.game_language`: `/game settings language`);
- a DM: the user's own (`/profile language`, else their Discord locale as last seen), else the game's;
- moderator notes: the game's, as they go to a channel or thread the moderators share; the creator's own
  (else the game's) while they go to the creator's DMs (no moderator channel, and no moderators' thread to be
  had: `Threads.notes_by_dm`).

A row without keys (written before they were kept, or a text made by joining texts) reads as stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import select

from bot.db.models import AuditLog, Game
from bot.db.session import Database
from bot.languages import ENGLISH
from bot.languages.stored import texts_for
from bot.services.people import readers

ByDM = Callable[[int, int | None, int | None], bool]  # (game, moderator channel, game channel) -> notes by DM


async def localize(db: Database, rows: Sequence[Any], notes_by_dm: ByDM | None = None) -> dict[int, str]:
    """Render these (detached) rows' keyed texts for their readers, in memory; returns row id -> language.
    `notes_by_dm(game, moderator channel, game channel)`: whether the game's moderator notes go to its creator's
    DMs now (`Threads.notes_by_dm`; without it, never)."""
    if not rows:
        return {}
    languages = await _languages(db, rows, notes_by_dm or (lambda game, channel, game_channel: False))
    for row in rows:
        language = languages[row.id]
        if row.keyed and language != ENGLISH:
            row.text, row.payload = texts_for(row.text, row.payload, row.keyed, language)
    return languages


async def _languages(db: Database, rows: Sequence[Any], notes_by_dm: ByDM) -> dict[int, str]:
    """Row id -> the language its reader reads (see the module's docstring)."""
    game_ids = sorted({row.game_id for row in rows})
    async with db.read() as session:
        games = {
            game_id: (language, moderators, channel)
            for game_id, language, moderators, channel in await session.execute(
                select(Game.id, Game.language, Game.moderator_channel_id, Game.channel_id).where(Game.id.in_(game_ids))
            )
        }
        by_dm = [g for g in game_ids if g in games and _any(rows, g, "moderators") and notes_by_dm(g, *games[g][1:])]
        creators = await _creators(session, by_dm)
        users = {row.target_id for row in rows if row.target == "dm"} | set(creators.values())
        own = await readers.user_languages(session, users)
    of_game = {game_id: readers.stored_language(language) for game_id, (language, _, _) in games.items()}
    found: dict[int, str] = {}
    for row in rows:
        language = of_game.get(row.game_id, ENGLISH)
        if row.target == "dm":
            language = own.get(row.target_id, language)
        elif row.target == "moderators" and row.game_id in creators:
            language = own.get(creators[row.game_id], language)
        found[row.id] = language
    return found


async def _creators(session: Any, game_ids: list[int]) -> dict[int, int]:
    """Each game's creator (its first `create` audit entry: `store.moderator_destination`'s)."""
    found: dict[int, int] = {}
    if game_ids:
        query = (
            select(AuditLog.game_id, AuditLog.actor_id)
            .where(AuditLog.game_id.in_(game_ids), AuditLog.action == "create")
            .order_by(AuditLog.id)
        )
        for game_id, actor in await session.execute(query):
            if actor is not None:
                found.setdefault(game_id, actor)
    return found


def _any(rows: Sequence[Any], game_id: int, target: str) -> bool:
    return any(row.game_id == game_id and row.target == target for row in rows)

"""The picture a post asks for (`Outgoing.picture`: a game and a step), drawn when the post is delivered.

A game whose front posts its picture after every step (`Pictures.after_each_step`) has its resolution write a row
asking for it (`services.common.announce_picture`); rendering keeps its place in the post's first message
(`step_post.PictureBlock`). Here, at delivery, the picture is drawn from the state after that step as the resolution
stored it (`Resolution.state_after`), through the public view alone (`Ruleset.public_view`, then `Pictures.public`):
nothing private, and no picture bytes in the database. The same stored state gives the same picture, so a retry
sends the same message (with the same nonce). The caption, the picture in words for screen readers, is a text
display under the picture (players' names escaped as in every post: `written`; cut to the room the message kept for
it, at most 2,000 characters).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from bot.db.models import Game, Resolution
from bot.db.session import Database
from bot.delivery.render import CONTENT_LIMIT, Outgoing
from bot.delivery.written import escaped, names_by_game
from bot.languages.reader import localized
from engine import registry
from engine.front import Picture

log = logging.getLogger(__name__)

FILE_LIMIT = 8 * 1024 * 1024  # Discord's limit on an attachment without a boost


async def caption_of(db: Database, game_id: int, picture: Picture, language: str | None = None) -> str:
    """The picture's caption as a message's content, in the reader's `language` (None: the one reading now,
    `bot.languages.reader`): the players' names in it escaped (as the posts' own texts are) and cut to Discord's
    limit. The channel's picture and `/map`'s both send it."""
    shown = str(localized(picture.caption, language))
    caption = escaped(shown, (await names_by_game(db, [game_id]))[game_id])
    return caption if len(caption) <= CONTENT_LIMIT else caption[: CONTENT_LIMIT - 1] + "…"


async def attach(db: Database, message: Outgoing) -> Outgoing:
    """The post's message with its picture attached and shown in its gallery, the caption under it; without the
    picture when there is none to draw (the step's resolution is gone, or the game draws none for it): the
    post's text still goes."""
    assert message.picture is not None and message.layout is not None
    game_id, day = message.picture
    layout = message.layout
    async with db.read() as session:
        game = await session.get(Game, game_id)
        stored = await session.get(Resolution, (game_id, day))
        if game is None or stored is None:
            log.warning("no resolution of step %s of game %s to draw", day, game_id)
            return replace(message, layout=layout.with_picture(None, ""), picture=None)
        ruleset, raw = game.ruleset, stored.state_after
    picture = await asyncio.to_thread(draw, ruleset, raw)
    if picture is None:
        return replace(message, layout=layout.with_picture(None, ""), picture=None)
    caption = await caption_of(db, game_id, picture, message.language)
    if len(picture.png) > FILE_LIMIT:  # too big to attach: the words alone still tell the board
        log.warning("the picture of step %s of game %s is %d bytes: sent as words", day, game_id, len(picture.png))
        return replace(message, layout=layout.with_picture(None, caption), picture=None)
    return replace(
        message,
        layout=layout.with_picture(picture.filename, caption),
        file=(picture.filename, picture.png),
        picture=None,
    )


def draw(ruleset_name: str, raw: dict) -> Picture | None:
    """The public picture of a stored state (Pillow's work: run in a thread)."""
    ruleset = registry.get(ruleset_name)
    picture = registry.front(ruleset_name).picture
    return picture.public(ruleset.public_view(ruleset.parse_state(raw))) if picture is not None else None

"""What players (and moderators) wrote themselves, escaped in every post, so it shows as written.

A Discord name can hold Markdown (`**`, `__`, `||`, `` ` ``, `>` ...) or a mention (`@everyone`, `<@&role>`).
The games' texts name players as they are called, and the moderators' notes quote what was typed, so
before rows are posted the worker escapes, in their text, every name of a player of the row's game and the
game's own name (`escape_markdown` and `escape_mentions`: they show as typed, format nothing and ping
no one; the messages' `allowed_mentions` forbid @everyone and roles besides). A name with nothing to escape
is left as it is, so ordinary posts do not change. A service quoting other free text it was given (a
moderator's reason) escapes it itself with `bot.text.escape`. The cogs' cards go through `escaped_cards`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from sqlalchemy import select

from bot.db.models import Game, Player
from bot.db.session import Database
from bot.text import escape
from engine.front import Card


def escaped(text: str, names: Iterable[str]) -> str:
    """`text` with every occurrence of these names escaped (the longest first, in one pass). A name with no
    letter or digit ("**", "_") is left alone: escaping it everywhere would undo the game's own formatting."""
    risky = sorted({n for n in names if any(c.isalnum() for c in n) and escape(n) != n}, key=len, reverse=True)
    if not risky or not text:
        return text
    pattern = re.compile("|".join(re.escape(n) for n in risky))
    return pattern.sub(lambda m: escape(m.group(0)), text)


async def names_by_game(db: Database, game_ids: Iterable[int]) -> dict[int, set[str]]:
    """The names written by people in each game: its players' (all of them, past ones too) and its own."""
    wanted = sorted(set(game_ids))
    found: dict[int, set[str]] = {g: set() for g in wanted}
    if not wanted:
        return found
    async with db.read() as session:
        players = select(Player.game_id, Player.name).where(Player.game_id.in_(wanted))
        for game_id, name in await session.execute(players):
            found[game_id].add(name)
        for game_id, name in await session.execute(select(Game.id, Game.name).where(Game.id.in_(wanted))):
            found[game_id].add(name)
    return found


async def escape_rows(db: Database, rows: Sequence) -> None:
    """Escape the written names in these (detached) outbox rows' texts, in memory: what is stored stays as
    the services wrote it."""
    names = await names_by_game(db, (row.game_id for row in rows))
    for row in rows:
        row.text = escaped(row.text, names.get(row.game_id, ()))


async def escaped_cards(db: Database, game_id: int, cards: Iterable[Card]) -> list[Card]:
    """A game's cards (`/status`, `/mod view`, `/sheet show`) with the written names in every text escaped, as
    the posts' are: a player called `**Bold**` shows as typed, not in bold."""
    names = (await names_by_game(db, [game_id]))[game_id]

    def clean(text: str) -> str:
        return escaped(text, names)

    return [
        replace(
            card,
            title=clean(card.title),
            description=clean(card.description),
            footer=clean(card.footer),
            fields=tuple(
                replace(
                    f,
                    name=clean(f.name),
                    lines=tuple(clean(line) for line in f.lines),
                    empty=None if f.empty is None else clean(f.empty),
                )
                for f in card.fields
            ),
        )
        for card in cards
    ]

"""Players' records across every game and server the bot runs, and the reliability figure and tier read from
them (issue 24, part 3). Learnt from Diplicity's reliability; nothing copied.

What is counted, per Discord user (`PlayerRecord`), as games go:
- `games_played`: games that started with the player in a seat (or that they took over as a substitute);
- `games_finished`: games played to their end in their seat;
- `games_abandoned`: games they left for absence (replaced by a reserve or a volunteer, or removed by the
  moderators after missing `absence_steps` steps in a row);
- `steps_given` / `steps_missed`: the steps that awaited the player's orders, with orders given by the
  deadline or not (each game's own "whose orders are awaited now", `Ruleset.awaiting`; a step of one actor
  at a time awaits one player). They are counted on the player's seat during the game (`count_step`) and
  added to the record when the player's game ends for them: finished or abandoned;
- `recent`: [given, awaited] for each of the player's last `RECENT` games ended (finished or abandoned).

The reliability figure is the share, in percent, of awaited steps with orders given in time over those last
`RECENT` games (None before any step was awaited). The tier: "new" for a player with fewer than `NEW_BELOW`
games ended, else "reliable" at `RELIABLE_AT` percent or more, else "unreliable".

Read functions (`record_of`, `records_of`, `Record`) take the database or a session and return plain values,
for the bot's cogs and any other front end (a web page); the write functions run inside the services' own
transactions (the start, each resolution, a replacement, the end).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Player, PlayerRecord, is_seat, position_of
from bot.db.session import Database
from bot.services.base import limits

RECENT = 10  # games the figure reads
NEW_BELOW = 3  # fewer games ended than this: tier "new"
RELIABLE_AT = 80  # percent of awaited steps with orders given in time: tier "reliable"
TIERS = ("new", "reliable", "unreliable")


@dataclass(frozen=True)
class Record:
    """A player's record as shown (`/profile`, the lobby, a web page): the counts, the figure (percent, or None
    before any awaited step) and the tier."""

    user_id: int
    games_played: int = 0
    games_finished: int = 0
    games_abandoned: int = 0
    steps_given: int = 0
    steps_missed: int = 0
    recent_games: int = 0
    figure: int | None = None
    tier: str = "new"


def figure_of(recent: Iterable[list[int]]) -> int | None:
    """The reliability figure of a record's recent games: percent of awaited steps given in time, rounded down."""
    games = list(recent)[-RECENT:]
    awaited = sum(game[1] for game in games)
    if not awaited:
        return None
    return sum(game[0] for game in games) * 100 // awaited


def tier_of(recent: Iterable[list[int]]) -> str:
    games = list(recent)[-RECENT:]
    figure = figure_of(games)
    if len(games) < NEW_BELOW or figure is None:
        return "new"
    return "reliable" if figure >= RELIABLE_AT else "unreliable"


def _record(row: PlayerRecord | None, user_id: int) -> Record:
    if row is None:
        return Record(user_id=user_id)
    recent = list(row.recent or [])[-RECENT:]
    return Record(
        user_id=user_id,
        games_played=row.games_played or 0,
        games_finished=row.games_finished or 0,
        games_abandoned=row.games_abandoned or 0,
        steps_given=row.steps_given or 0,
        steps_missed=row.steps_missed or 0,
        recent_games=len(recent),
        figure=figure_of(recent),
        tier=tier_of(recent),
    )


async def record_of(db: Database, user_id: int) -> Record:
    """One player's record (a player never seen: an empty record, tier "new")."""
    limits.user_id(user_id)
    async with db.read() as session:
        return (await records_of(session, [user_id]))[user_id]


async def records_of(session: AsyncSession, user_ids: Iterable[int]) -> dict[int, Record]:
    """The records of these players, by user id, in one query."""
    wanted = sorted(set(user_ids))
    rows = {}
    if wanted:
        found = await session.execute(select(PlayerRecord).where(PlayerRecord.user_id.in_(wanted)))
        rows = {row.user_id: row for row in found.scalars()}
    return {user_id: _record(rows.get(user_id), user_id) for user_id in wanted}


def admits(record: Record, minimum: str | int | None) -> bool:
    """Whether a player with this record may join a game asking `min_reliability` (see `community`): "none"
    admits everyone; "new" all but the unreliable; "reliable" the reliable only; a number, a figure at least
    that (a player without a figure yet, being new, is admitted)."""
    if minimum in (None, "none"):
        return True
    if minimum == "new":
        return record.tier != "unreliable"
    if minimum == "reliable":
        return record.tier == "reliable"
    return record.figure is None or record.figure >= int(minimum)


async def _rows(session: AsyncSession, user_ids: Iterable[int]) -> dict[int, PlayerRecord]:
    """The record rows of these users, created (empty) for those without one."""
    wanted = sorted(set(user_ids))
    found = {
        row.user_id: row
        for row in (await session.execute(select(PlayerRecord).where(PlayerRecord.user_id.in_(wanted)))).scalars()
    }
    for user_id in wanted:
        if user_id not in found:
            found[user_id] = PlayerRecord(
                user_id=user_id,
                games_played=0,
                games_finished=0,
                games_abandoned=0,
                steps_given=0,
                steps_missed=0,
                recent=[],
            )
            session.add(found[user_id])
    return found


async def started(session: AsyncSession, user_ids: Iterable[int]) -> None:
    """These players began a game (its start, or a seat taken over)."""
    for row in (await _rows(session, user_ids)).values():
        row.games_played = (row.games_played or 0) + 1


async def count_step(session: AsyncSession, game_id: int, awaited: set[str], given: set[str]) -> list[Player]:
    """Count a resolved step on the seats it awaited: given in time (the streak of misses ends) or missed (it
    grows), two UPDATE statements whatever the number of players. Returns the players who missed it, with their
    new counts, in seat order."""
    given_positions = sorted(position_of(seat) for seat in awaited & given if is_seat(seat))
    missed_positions = sorted(position_of(seat) for seat in awaited - given if is_seat(seat))
    joined = (Player.game_id == game_id, Player.status == "joined")
    if given_positions:
        await session.execute(
            update(Player)
            .where(*joined, Player.position.in_(given_positions))
            .values(steps_given=Player.steps_given + 1, missed_streak=0)
            .execution_options(synchronize_session=False)
        )
    if not missed_positions:
        return []
    await session.execute(
        update(Player)
        .where(*joined, Player.position.in_(missed_positions))
        .values(steps_missed=Player.steps_missed + 1, missed_streak=Player.missed_streak + 1)
        .execution_options(synchronize_session=False)
    )
    return list(
        (
            await session.execute(
                select(Player)
                .where(*joined, Player.position.in_(missed_positions))
                .order_by(Player.position)
                .execution_options(populate_existing=True)
            )
        ).scalars()
    )


async def ended(session: AsyncSession, players: list[Player], abandoned: bool = False) -> None:
    """The game ended for these players: finished it (the end of the game) or, with `abandoned`, left it for
    absence. Their steps in it join their record and its recent games."""
    rows = await _rows(session, [p.user_id for p in players])
    for player in players:
        row = rows[player.user_id]
        given, missed = player.steps_given or 0, player.steps_missed or 0
        row.steps_given = (row.steps_given or 0) + given
        row.steps_missed = (row.steps_missed or 0) + missed
        if abandoned:
            row.games_abandoned = (row.games_abandoned or 0) + 1
        else:
            row.games_finished = (row.games_finished or 0) + 1
        row.recent = (list(row.recent or []) + [[given, given + missed]])[-RECENT:]


async def reset_streak(session: AsyncSession, game_id: int, seat: str) -> None:
    """A seat's streak of misses starts again (a new player took it over)."""
    await session.execute(
        update(Player)
        .where(Player.game_id == game_id, Player.status == "joined", Player.position == int(seat[1:]))
        .values(missed_streak=0)
    )

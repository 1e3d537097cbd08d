"""A setup version's measured balance (issue 32, part 4; docs/setups.md): every finished clean game played with a
version adds to its record, in the transaction that ends the game (`bot.services.steps.resolution`).

A clean game is one played to its end (the rules say it is over: not stopped with `/game end`) that no
moderator changed the course of: its audit trail has no moderator kill or revive and no substitution
(`UNCLEAN`). The record keeps, per side (`Play.sides`, as the prediction counts them: `predict.shares`), the
sum over its games of the share of the side's seats among the winners and the number of games the side had
seats in, so a side's measured win rate is that sum over those games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import AuditLog, Game, Player, SetupRecord
from bot.services.base.common import ruleset_of
from bot.services.setups.predict import shares

UNCLEAN = ("kill", "revive", "end", "substitute")


@dataclass(frozen=True)
class Measured:
    games: int
    sides: dict[str, float] = field(default_factory=dict)  # side -> win rate
    length: float | None = None


async def clean(session: AsyncSession, game_id: int) -> bool:
    found = await session.execute(
        select(AuditLog.id).where(AuditLog.game_id == game_id, AuditLog.action.in_(UNCLEAN)).limit(1)
    )
    return found.first() is None


async def game_over(session: AsyncSession, game: Game, state: Any) -> bool:
    """Add the finished game to its setup version's record if it is clean; whether it was added."""
    if game.setup_version_id is None or state is None:
        return False
    rules = ruleset_of(game)
    if not rules.is_over(state) or not await clean(session, game.id):  # ended by a moderator, or not clean
        return False
    play = rules.play
    count = 0
    if play.sides is None:  # a seat's chance: the winners' share of the seats
        seats = await session.execute(select(Player.id).where(Player.game_id == game.id, Player.status == "joined"))
        count = len(seats.all())
    share = shares(play, state, count)
    row = await session.get(SetupRecord, game.setup_version_id)
    if row is None:
        row = SetupRecord(version_id=game.setup_version_id, games=0, sides={}, length=0.0)
        session.add(row)
    games = row.games or 0
    totals = {side: list(_counted(value, games)) for side, value in (row.sides or {}).items()}
    for side, value in share.items():
        total, seen = totals.get(side, [0.0, 0])
        totals[side] = [round(total + value, 6), seen + 1]
    row.games = games + 1
    row.sides = totals
    row.length = (row.length or 0.0) + max(0, int(game.day or 0))
    return True


def _counted(value: Any, games: int) -> tuple[float, int]:
    """A side's (sum of shares, games it had seats in) as stored: a pair, or (a record of before sides could
    be absent from a game) the sum alone, over every game."""
    if isinstance(value, list):
        return float(value[0]), int(value[1])
    return float(value), games


def _shown(row: SetupRecord) -> Measured:
    games = row.games or 0
    counted = {side: _counted(value, games) for side, value in sorted((row.sides or {}).items())}
    return Measured(
        games=games,
        sides={side: total / seen for side, (total, seen) in counted.items() if seen} if games else {},
        length=(row.length / games) if games else None,
    )


async def records(session: AsyncSession, version_ids: list[int]) -> dict[int, Measured]:
    rows = await session.execute(select(SetupRecord).where(SetupRecord.version_id.in_(version_ids)))
    return {row.version_id: _shown(row) for row in rows.scalars()}

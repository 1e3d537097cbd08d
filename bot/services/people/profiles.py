"""Profiles and leaderboards (issue 24, part 6), and what the end of a game adds to them and to the players'
records (`records`).

When a game ends (its last resolution, or `/game end` after the start) `game_over` runs in the same
transaction: every player still in a seat has finished the game (`records.ended`), and one row per server, game
type and player (`PlayerStat`) gains the game, a win and a survival (a seat among the winners and the survivors
of the game's `Play.outcome`, what `brbot simulate` reports too) and the game's headline figures,
counted from this game's stored events of the kinds it declares (`Community.counted`): one query over the
game's own events, never a replay. So `/profile` and `/leaderboard` read a few indexed rows, whatever the
number of games played, and are right after any restart.

Nothing private leaks: the figures are counts made when the game is over (never during play), from events the
game itself chose to count; no event's text is ever shown.

Read functions (`profile`, `leaderboard`) return plain values for the cogs and any other front end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import EventRow, Game, Player, PlayerStat
from bot.db.session import Database
from bot.services.base import limits
from bot.services.base.common import ruleset_of
from bot.services.people import records
from engine import registry
from engine.front import AUDIENCE

BOARD = 10  # players a leaderboard shows


@dataclass(frozen=True)
class GameTypeStats:
    """One game type on a profile (summed over the servers the player played it on)."""

    ruleset: str
    title: str
    games: int
    wins: int
    survivals: int
    figures: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Profile:
    user_id: int
    name: str | None
    record: records.Record
    games: list[GameTypeStats]


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard."""

    rank: int
    user_id: int
    name: str
    games: int
    wins: int
    survivals: int
    figures: dict[str, int]


async def game_over(session: AsyncSession, game: Game, state: Any) -> None:
    """The game is over: its players' records and statistics gain it (see the module's docstring)."""
    players = list(
        (
            await session.execute(  # fresh: the step counters were just raised by UPDATE statements (`records`)
                select(Player)
                .where(Player.game_id == game.id, Player.status == "joined")
                .order_by(Player.position)
                .execution_options(populate_existing=True)
            )
        ).scalars()
    )
    await records.ended(session, players)
    if state is None or not players:
        return
    front = registry.front(game.ruleset)
    outcome = ruleset_of(game).play.outcome(state)
    winners, living = set(outcome["winners"]), set(outcome["survivors"])
    counts = await _counted(session, game, front.community, ruleset_of(game).gm_view(state))
    guild = game.guild_id or 0
    existing = {
        row.user_id: row
        for row in (
            await session.execute(
                select(PlayerStat).where(
                    PlayerStat.guild_id == guild,
                    PlayerStat.ruleset == game.ruleset,
                    PlayerStat.user_id.in_(sorted(p.user_id for p in players)),
                )
            )
        ).scalars()
    }
    for player in players:
        row = existing.get(player.user_id)
        if row is None:
            row = PlayerStat(guild_id=guild, ruleset=game.ruleset, user_id=player.user_id, games=0, wins=0, survivals=0)
            row.figures = {}
            session.add(row)
        row.name = player.name
        row.games = (row.games or 0) + 1
        row.wins = (row.wins or 0) + (player.seat in winners)
        row.survivals = (row.survivals or 0) + (player.seat in living)
        figures = dict(row.figures or {})
        for label, by_seat in counts.items():
            figures[label] = figures.get(label, 0) + by_seat.get(player.seat, 0)
        row.figures = figures


async def _counted(session: AsyncSession, game: Game, community, view: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Each headline figure's count per seat, from this game's stored events of the kinds it declares."""
    counts: dict[str, dict[str, int]] = {c.label: {} for c in community.counted}
    kinds = sorted({kind for c in community.counted for kind in c.kinds})
    if not kinds:
        return counts
    rows = await session.execute(
        select(EventRow.kind, EventRow.audience, EventRow.data)
        .where(EventRow.game_id == game.id, EventRow.kind.in_(kinds))
        .order_by(EventRow.seq)
    )
    for kind, audience, data in rows.all():
        for counted in community.counted:
            if kind not in counted.kinds:
                continue
            if counted.key == AUDIENCE:
                named = list((audience or {}).get("ids") or [])
            else:
                value = (data or {}).get(counted.key)
                named = value if isinstance(value, list) else [value] if value is not None else []
            for actor in named:
                seat = counted.seat_of(view, str(actor))
                if seat is not None:
                    counts[counted.label][seat] = counts[counted.label].get(seat, 0) + 1
    return counts


async def profile(db: Database, user_id: int) -> Profile:
    """A player's profile: their record (reliability), and per game type their games, wins, survivals and the
    game's headline figures, over every server (one indexed read of their rows)."""
    limits.user_id(user_id)
    async with db.read() as session:
        rows = list(
            (
                await session.execute(
                    select(PlayerStat)
                    .where(PlayerStat.user_id == user_id)
                    .order_by(PlayerStat.ruleset, PlayerStat.guild_id)
                )
            ).scalars()
        )
        record = (await records.records_of(session, [user_id]))[user_id]
        name = rows[-1].name if rows else None  # their name in their latest game type's statistics
    by_ruleset: dict[str, list[PlayerStat]] = {}
    for row in rows:
        by_ruleset.setdefault(row.ruleset, []).append(row)
    stats = []
    for ruleset, of_ruleset in by_ruleset.items():
        figures: dict[str, int] = {}
        for row in of_ruleset:
            for label, count in (row.figures or {}).items():
                figures[label] = figures.get(label, 0) + int(count)
        stats.append(
            GameTypeStats(
                ruleset=ruleset,
                title=registry.title(ruleset),
                games=sum(r.games for r in of_ruleset),
                wins=sum(r.wins for r in of_ruleset),
                survivals=sum(r.survivals for r in of_ruleset),
                figures=figures,
            )
        )
    return Profile(user_id=user_id, name=name, record=record, games=stats)


async def leaderboard(db: Database, guild_id: int, ruleset: str, limit: int = BOARD) -> list[Standing]:
    """A server's best players of one game type: most wins, then most games, then the earliest user id."""
    limits.discord_id(guild_id, "server", least=0)  # 0: the games of no server (the command line's)
    async with db.read() as session:
        rows = (
            await session.execute(
                select(PlayerStat)
                .where(PlayerStat.guild_id == guild_id, PlayerStat.ruleset == ruleset)
                .order_by(PlayerStat.wins.desc(), PlayerStat.games.desc(), PlayerStat.user_id)
                .limit(limit)
            )
        ).scalars()
        return [
            Standing(
                rank=index + 1,
                user_id=row.user_id,
                name=row.name,
                games=row.games,
                wins=row.wins,
                survivals=row.survivals,
                figures=dict(row.figures or {}),
            )
            for index, row in enumerate(rows)
        ]

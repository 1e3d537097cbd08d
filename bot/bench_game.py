"""The benchmarks' games: how many players a game seats and a game started with them (`brbot bench`).

A benchmark asks for a size (20 players, 100, 1,000); the game seats the players its own computer players
take (`Front.computer_signups`, as `brbot simulate` does): a game of simultaneous orders as many as asked
within its limits, a game master's demo fight the players of its roster's player characters. A game without
computer players is refused in one line.
"""

from __future__ import annotations

from datetime import datetime

from bot.db.session import Database
from bot.services import games
from bot.services.errors import ServiceError
from bot.text import say
from engine import registry
from engine.rng import RecordingRng


def seated(ruleset: str, players: int) -> int:
    """How many players a game of `ruleset` seats when `players` are asked for (its computer players')."""
    front = registry.front(ruleset)
    if not front.has_computer_players:
        raise ServiceError(say("cli_bench_no_computer_players", game=front.title or ruleset))
    rules = registry.get(ruleset)
    asked = min(max(players, rules.min_players), rules.max_players or players)
    return len(front.computer_signups(asked, RecordingRng(0, record=False)))


def sizes(ruleset: str, wanted: tuple[int, ...]) -> list[int]:
    """The player counts a game seats for the sizes `wanted` (its smallest and largest if none fits), each
    once: a demo fight seating 2 whatever is asked, so `(20, 100, 1000)` gives `[2]`."""
    rules = registry.get(ruleset)
    most = rules.max_players or max(wanted)
    fitting = [n for n in wanted if rules.min_players <= n <= most] or sorted({rules.min_players, most})
    return sorted({seated(ruleset, n) for n in fitting})


async def started(
    db: Database, ruleset: str, players: int, name: str, now: datetime, channel_id: int | None = None
) -> int:
    """A game of `players` seated players (users 1..players, seats s1.. in that order), started; its id."""
    game = await games.create_game(db, name=name, ruleset=ruleset, channel_id=channel_id, signup_cap=max(2, players))
    await games.join_many(db, game.id, [(user, f"Player {user}", None) for user in range(1, players + 1)])
    await games.start_game(db, game.id, now)
    return game.id

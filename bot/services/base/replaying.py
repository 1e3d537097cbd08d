"""Running the engine on one day, the same way wherever it is done: `/resolve` and the deadline loop
(`resolution`), the moderators' dry run (`game_admin.preview_day`) and `brbot verify` (`verification`).

The day's orders are read in seat order and the rng is seeded from the day's seed, so the same state,
orders and seed give the same result byte for byte.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import DaySeed, Game
from bot.services.base import fairness
from bot.services.base.errors import ServiceError
from bot.text import say
from engine import registry
from engine.keyed import joined
from engine.ruleset import Resolution, Ruleset


async def day_seed(session: AsyncSession, game: Game) -> DaySeed:
    """The seed row of the game's current day (refused when the day has none)."""
    seed_row = await session.get(DaySeed, (game.id, game.day))
    if seed_row is None:
        raise ServiceError(say("no_seed", step=registry.front(game.ruleset).words.name(game.day), game_id=game.id))
    return seed_row


def resolve_with_seed(ruleset: Ruleset, state: Any, payloads: dict[str, Any], seed: str) -> Resolution:
    """The engine's resolution of `state` with these orders (JSON, by seat) and the rng of `seed`."""
    orders = {seat: ruleset.parse_orders(p) for seat, p in sorted(payloads.items())}
    return ruleset.resolve(state, orders, fairness.rng_for(seed))


async def reveal_held_seeds(session: AsyncSession, game: Game) -> str:
    """At the end of a game whose seeds are held until then (`Ruleset.seeds_revealed = "at_end"`): every seed
    not yet revealed is marked revealed, and the post that reveals them, one line per day, is returned."""
    rows = (
        await session.execute(
            select(DaySeed).where(DaySeed.game_id == game.id, DaySeed.revealed.is_(False)).order_by(DaySeed.day)
        )
    ).scalars()
    words = registry.front(game.ruleset).words
    lines = [say("seeds_revealed_at_end", one=words.one, steps=words.steps)]
    for row in rows:
        row.revealed = True
        lines.append(
            say(
                "seed_revealed",
                step=registry.front(game.ruleset).words.name(row.day),
                seed=row.seed,
                commitment=row.commitment,
            )
        )
    return joined("\n", lines)

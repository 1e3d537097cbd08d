"""Fair play with hidden teams (`Ruleset.seeds_revealed = "at_end"`; StarCraft Mafia): each day's seed is
committed as always but revealed only when the game ends, by its last resolution or by a moderator's `/game
end`: with a day's public results, its seed would let a player replay the day under guesses of who attacked
whom and keep the guesses that match (rulings, "Public and private": Zerg attackers are never named). Until
then `brbot verify` refuses the day; after, it checks it."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import DaySeed, Outbox
from bot.services.base import verification
from bot.services.moderators import moderation
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW
from tests.services.conftest import mod


async def mafia_game(db) -> int:
    game = await games.create_game(db, name="Outpost", ruleset="starcraft_mafia", channel_id=558)
    for user in range(1, 6):
        await games.join_game(db, game.id, user, f"Soldier{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def seeds(db, game_id: int) -> dict[int, bool]:
    async with db.read() as session:
        rows = (await session.execute(select(DaySeed).where(DaySeed.game_id == game_id).order_by(DaySeed.day))).scalars()
        return {row.day: row.revealed for row in rows}


async def channel_posts(db, game_id: int) -> str:
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id, Outbox.target == "channel").order_by(Outbox.id)))
        return "\n".join(row.text for row in rows.scalars())


async def test_seeds_stay_secret_while_the_game_runs_and_are_revealed_at_its_end(db):
    game_id = await mafia_game(db)
    day = (await resolution.resolve_day(db, game_id, NOW, trigger="moderator")).day
    assert (await seeds(db, game_id))[day] is False
    posted = await channel_posts(db, game_id)
    assert f"Day {day} is resolved; its seed stays secret until the game ends" in posted
    assert "seed revealed" not in posted
    with pytest.raises(ServiceError, match="has not been revealed yet"):
        await verification.verify_day(db, game_id, day)

    await moderation.end(db, game_id, mod(99), "time's up")
    assert all((await seeds(db, game_id)).values())
    posted = await channel_posts(db, game_id)
    async with db.read() as session:
        row = await session.get(DaySeed, (game_id, day))
        assert row is not None
        assert f"Day {day} seed revealed: {row.seed}" in posted
    checked = await verification.verify_day(db, game_id, day)
    assert checked.ok, checked.differences

"""Infinity: Intervention's rulings, "Deadline": `post_hours = 24` is how long an actor has to post: the bot's
deadline for a post follows that house rule (`Ruleset.step_hours_setting`), the default and a value set at
creation alike."""

from __future__ import annotations

from datetime import timedelta

from bot.db.models import Game
from bot.services.signup import games
from tests.services.conftest import NOW


async def _started(db, **settings) -> Game:
    game = await games.create_game(
        db, name="II", ruleset="infinity_intervention", channel_id=558, settings=settings or None
    )
    await games.join_game(db, game.id, 1, "Ana")
    await games.start_game(db, game.id, NOW)
    async with db.read() as session:
        row = await session.get(Game, game.id)
        assert row is not None
        return row


async def test_deadline_post_hours_is_the_deadline_of_a_post(db):
    game = await _started(db)
    assert (game.step_hours, game.deadline) == (24, NOW + timedelta(hours=24))
    game = await _started(db, post_hours=10)
    assert (game.step_hours, game.deadline) == (10, NOW + timedelta(hours=10))

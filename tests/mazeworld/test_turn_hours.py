"""Rulings "The turn": "Deadline `turn_hours = 24`": the house rule is each combat turn's length, so the bot's
deadline follows it (`Ruleset.step_hours_setting`), set when the game is created or changed with `/game
settings`. Before, Mazeworld's `turn_hours` was listed but every turn lasted 24 hours whatever it said."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.db.models import Game
from bot.services.moderators import game_admin
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, db  # noqa: F401 (the service tests' database)
from tests.services.conftest import mod

MODERATOR = 99


async def _row(db, game_id: int) -> Game:  # noqa: F811
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        return game


async def test_rulings_turn_hours_is_each_combat_turns_deadline(db):  # noqa: F811
    game = await games.create_game(db, name="Maze", ruleset="mazeworld", channel_id=771, settings={"turn_hours": 12})
    assert (await _row(db, game.id)).step_hours == 12
    changed = await game_admin.change_setting(db, game.id, mod(MODERATOR), "turn_hours", "6")
    assert changed.value == 6 and (await _row(db, game.id)).step_hours == 6
    with pytest.raises(ServiceError):
        await game_admin.change_setting(db, game.id, mod(MODERATOR), "turn_hours", "0")
    await games.join_game(db, game.id, 1, "Player1")
    await games.start_game(db, game.id, NOW)
    started = await _row(db, game.id)
    assert started.deadline == NOW + timedelta(hours=6)
    assert await resolution.resolve_day(db, game.id, NOW, expected_day=started.day) is not None
    assert (await _row(db, game.id)).deadline == NOW + timedelta(hours=6)

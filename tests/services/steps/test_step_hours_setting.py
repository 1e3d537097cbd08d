"""A game whose rules name the hours of a step (`Ruleset.step_hours_setting`; StarCraft Mafia's rulings: "One
deadline every 24 hours (`day_hours = 24`)"): the bot's deadline follows that house rule, set at creation or
changed with `/game settings` under either name, and a value the rule refuses changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.db.models import Game
from bot.services.moderators import game_admin
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from engine import registry
from tests.services.conftest import NOW
from tests.services.conftest import mod

MODERATOR = 99


async def mafia_game(db, **settings) -> int:
    game = await games.create_game(
        db, name="Outpost", ruleset="starcraft_mafia", channel_id=557, settings=settings or None
    )
    for user in range(1, 6):
        await games.join_game(db, game.id, user, f"Soldier{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def row(db, game_id: int) -> Game:
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        return game


async def test_the_rulings_day_hours_is_the_deadline(db):
    game_id = await mafia_game(db)
    game = await row(db, game_id)
    assert (game.step_hours, game.deadline) == (24, NOW + timedelta(hours=24))
    game_id = await mafia_game(db, day_hours=48)
    game = await row(db, game_id)
    assert (game.step_hours, game.deadline) == (48, NOW + timedelta(hours=48))
    shown = await game_admin.settings_of(db, game_id)
    assert shown["day_hours"] == 48 and "step_hours" not in shown  # one value, shown under the rule's name


async def test_changing_day_hours_in_play_moves_the_next_deadline(db):
    game_id = await mafia_game(db)
    changed = await game_admin.change_setting(db, game_id, mod(MODERATOR), "day_hours", "12")
    assert (changed.value, changed.next_day) == (12, True)
    assert (await row(db, game_id)).step_hours == 12
    due = await resolution.resolve_day(db, game_id, NOW, trigger="moderator")
    assert due is not None and (await row(db, game_id)).deadline == NOW + timedelta(hours=12)
    # the bot's own name changes the same value, and the rule's bounds hold under both names
    await game_admin.change_setting(db, game_id, mod(MODERATOR), "step_hours", "36")
    assert (await game_admin.settings_of(db, game_id))["day_hours"] == 36 and (await row(db, game_id)).step_hours == 36
    for name in ("day_hours", "step_hours"):
        with pytest.raises(ServiceError, match="Setting day_hours"):
            await game_admin.change_setting(db, game_id, mod(MODERATOR), name, "0")
    assert (await row(db, game_id)).step_hours == 36


@pytest.mark.parametrize("name", registry.names())
def test_a_game_with_hours_in_its_rules_names_the_one_that_sets_the_deadline(name):
    """A game whose settings hold hours (`turn_hours`, `post_hours`, `day_hours`...) must name the one that is the
    step's deadline (`Ruleset.step_hours_setting`), or that setting silently does nothing (Mazeworld's
    `turn_hours` did nothing until its audit). Other hours settings are a question's (Infinity's
    `reaction_hours`: `Ruleset.pending`'s hours)."""
    rules = registry.get(name)
    hours = [field for field in rules.settings_model.model_fields if field.endswith("_hours")]
    if hours:
        assert rules.step_hours_setting in hours, (name, hours)

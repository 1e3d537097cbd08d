"""Refusals that say what is true (issue 23, "Refusals that say the wrong thing"): naming another player with
`as` says why one may not order for them, `/move` with a direction and a square says to give one, a command
after the end says the game is over, and the infested's fallback DM says how `/team say` relays and who reads it."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from bot.db.models import Game
from bot.services.orders.actors import acting_for
from bot.services.orders.commands import give_order
from bot.services.base.errors import ServiceError
from bot.ui.text import ui
from engine import registry
from engine.front import Asked, Refused
from tests.services.conftest import NOW, db, started_game  # noqa: F401  (db: the two-database fixture)


def test_as_another_player_says_why_one_may_not_order_for_them():
    with pytest.raises(ServiceError) as refused:
        acting_for(registry.get("starcraft_mafia"), None, "p1", "Vorazun", moderator=False)
    assert "There is no" not in refused.value.message
    assert "You may not order for 'Vorazun'" in refused.value.message and "leave `as` out" in refused.value.message


def test_moving_with_a_direction_and_a_square_at_once_asks_for_one_of_them():
    """The card game's /move: a direction or a square (was: "D4 is not next to A4.")."""
    front = registry.front("battle_royale_cards")
    with pytest.raises(Refused, match="Give a direction or a square, not both"):
        front.orders.apply(Asked(command="move", values={"direction": "N", "to": "D4"}, view={}, current={}))


async def test_a_command_after_the_end_says_the_game_is_over(db):
    game_id = await started_game(db, ruleset="battle_royale_cards")
    async with db.transaction() as session:
        await session.execute(update(Game).where(Game.id == game_id).values(status="over"))
    with pytest.raises(ServiceError, match="^The game is over.$"):
        await give_order(db, game_id, 1, "move", {"direction": "N"}, NOW)


def test_the_fallback_dm_of_a_group_without_its_thread_promises_no_thread():
    intro = registry.front("starcraft_mafia").groups.intro("infested")
    said = ui("group_by_dm", group="The infested", game="Char", intro=intro)
    assert "read this thread" not in said and "Plan your Zerg attacks here" not in said
    assert "/team say" in said and "by DM to them and to nobody else" in said

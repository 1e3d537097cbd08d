"""Issue 29, point 8: a value outside an option's declared choices is refused by the services with a clear
message, whatever the caller (Discord offers only the choices; another front end, an old command shape or a
test may send anything), and so is a form's value that is not among its menu's choices, on SQLite and
PostgreSQL. Nothing is stored."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.db.models import AuditLog, Order
from bot.services.moderators import moderation
from bot.services.orders import commands, forms
from bot.services.signup import games
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, mod, started_game


async def _orders(db, game_id: int) -> int:
    async with db.read() as session:
        return (await session.execute(select(func.count()).select_from(Order).where(Order.game_id == game_id))).scalar_one()


async def _game(db, ruleset: str, players: int = 1, channel_id: int = 560) -> int:
    game = await games.create_game(db, name="Choices", ruleset=ruleset, channel_id=channel_id)
    for user in range(1, players + 1):
        await games.join_game(db, game.id, user, f"P{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


@pytest.mark.parametrize("value", ["sprint", "ATTACK", "attack ", "`@everyone`"])
async def test_a_value_outside_an_options_choices_is_refused_and_nothing_is_stored(db, value):
    game_id = await _game(db, "mazeworld")
    before = await _orders(db, game_id)
    with pytest.raises(ServiceError) as refused:
        await commands.give_order(db, game_id, 1, "cover", {"then": value}, NOW)
    shown = value.replace("`", "'")
    assert str(refused.value) == (
        "`then` must be one of `attack`, `execute`, `reload`, `swap`, `use`, `move`, `escape`, `plant`, `detonate`, "
        f"`skip`, not `{shown}`: nothing was changed."
    )
    assert await _orders(db, game_id) == before


async def test_a_moderators_option_outside_its_choices_is_refused_and_nothing_is_done(db):
    game_id = await _game(db, "infinity_intervention")
    with pytest.raises(ServiceError, match=r"^`kind` must be one of `boost`, `reorder`, `reinforce`, `complication`, "
                                           r"not `steal`: nothing was changed\.$"):
        await moderation.act(db, game_id, mod(), None, "spend_heat", {"kind": "steal", "actor": "zhanshi"})
    async with db.read() as session:
        done = await session.execute(select(AuditLog).where(AuditLog.game_id == game_id, AuditLog.action.notin_(("create", "start"))))
        assert [row.action for row in done.scalars()] == []


@pytest.mark.parametrize("values, refusal", [
    ({"zone": ["99"]}, "`99` is not one of the choices of `zone`: nothing was changed."),
    ({"zone": ["²"]}, "`²` is not one of the choices of `zone`: nothing was changed."),
    ({"zone": ["1", "2"]}, "`zone` takes at most 1 different choice(s): nothing was changed."),
    ({"zone": [1]}, "`zone` must be a list of choices: nothing was changed."),
    ({"zone": "1"}, "`zone` must be a list of choices: nothing was changed."),
    ({"weather": ["sun"]}, "`/day0` has no menu `weather`: nothing was changed."),
    (["1"], "`/day0` was given its options in a form the bot does not take: nothing was changed."),
])
async def test_a_form_value_outside_its_menus_choices_is_refused_and_nothing_is_stored(db, values, refusal):
    game_id = await started_game(db)
    before = await _orders(db, game_id)
    with pytest.raises(ServiceError) as refused:
        await forms.submit_form(db, game_id, 1, "day0", values, NOW)
    assert str(refused.value) == refusal
    assert await _orders(db, game_id) == before
    given = await forms.submit_form(db, game_id, 1, "day0", {"zone": ["2"]}, NOW)
    assert given.submitted.payload["start_zone"] == 2

"""Issue 22: hostile input never reaches the database, and no single stored order stalls a game.

A text with U+0000 (PostgreSQL refuses it) or a lone surrogate is refused at the service boundary, for every
text option (a game's order options, a moderator's reason, a team message, a /roll label); a value of the
wrong type is refused, never stored; names are cleaned (they are the player's Discord name). An order already
stored that the game cannot use is left out at the resolution: the actor plays the default orders, the
moderators are told why, and `brbot verify` still finds the day honest."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from bot.db.models import AuditLog, Game, Order, Outbox, Player
from bot.services.base import lookup, verification
from bot.services.moderators import game_admin, moderation
from bot.services.orders import commands, dice
from bot.services.people import groups
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _infinity(db) -> int:
    game = await games.create_game(db, name="II", ruleset="infinity_intervention", channel_id=558)
    await games.join_game(db, game.id, 1, "Ana")
    await games.start_game(db, game.id, NOW)
    return game.id


async def _orders(db, game_id: int) -> list[Order]:
    async with db.read() as session:
        return list((await session.execute(select(Order).where(Order.game_id == game_id).order_by(Order.id))).scalars())


@pytest.mark.parametrize("text, character", [("look\x00around", "U+0000"), ("look\ud800around", "U+D800")])
async def test_a_freeform_text_with_an_unstorable_character_is_refused_and_nothing_is_stored(db, text, character):
    game_id = await _infinity(db)
    with pytest.raises(ServiceError, match=re.escape(f"`text` holds a character the bot cannot keep ({character})")):
        await commands.give_order(db, game_id, 1, "freeform", {"text": text}, NOW)
    assert await _orders(db, game_id) == []


@pytest.mark.parametrize("values, refusal", [
    ({"text": ["look"]}, "`text` must be a text"),
    ({"text": {"a": 1}}, "`text` must be a text"),
    ({"text": 12}, "`text` must be a text"),
])
async def test_an_option_of_the_wrong_type_is_refused_and_nothing_is_stored(db, values, refusal):
    game_id = await _infinity(db)
    with pytest.raises(ServiceError, match=refusal):
        await commands.give_order(db, game_id, 1, "freeform", values, NOW)
    with pytest.raises(ServiceError, match="in a form the bot does not take"):
        await commands.give_order(db, game_id, 1, "freeform", ["look"], NOW)  # type: ignore[arg-type]
    assert await _orders(db, game_id) == []


async def test_a_stored_order_the_game_cannot_use_is_left_out_and_the_game_resolves(db):
    """An order stored before these checks (a NUL in a freeform text) made every resolution fail while
    writing its events: the game never resolved. Now the actor plays the default, the moderators are told
    why, the row stays in the history (no longer current) and the day verifies."""
    game_id = await _infinity(db)
    await commands.give_order(db, game_id, 1, "freeform", {"text": "look around"}, NOW)
    async with db.transaction() as session:
        (row,) = (await session.execute(select(Order).where(Order.game_id == game_id))).scalars()
        row.payload = {**row.payload, "actions": [{"kind": "freeform", "text": "look\x00around"}]}
        seat = row.seat
    preview = await game_admin.preview_day(db, game_id, mod())  # what the resolution will do: the same
    done = await resolution.resolve_day(db, game_id, NOW, trigger="timer")
    assert preview.public == [e.text for e in done.events if e.audience.kind == "public"]
    assert done is not None and done.day == 0
    async with db.read() as session:
        told = [o.text for o in (await session.execute(
            select(Outbox).where(Outbox.game_id == game_id, Outbox.target == "moderators").order_by(Outbox.id)
        )).scalars()]
        audited = (await session.execute(
            select(AuditLog.action).where(AuditLog.game_id == game_id).order_by(AuditLog.id)
        )).scalars().all()
    assert any("Lena's orders could not be used" in t and "U+0000" in t and "default orders" in t for t in told)
    assert "order_dropped" in audited
    (kept,) = await _orders(db, game_id)
    assert kept.seat == seat and kept.current is False  # kept in the history
    assert (await verification.verify_day(db, game_id, 0)).ok


async def test_an_order_the_engine_cannot_read_is_left_out_too(db):
    game_id = await started_game(db, players=3)
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        player = (await session.execute(select(Player).where(Player.game_id == game_id, Player.user_id == 1))).scalar_one()
        session.add(Order(game_id=game_id, day=game.day, seat=player.seat, user_id=1, payload={"what": [1, 2]},
                          receipt="x", current=True, submitted_at=NOW))
    done = await resolution.resolve_day(db, game_id, NOW, trigger="timer")
    assert done is not None
    async with db.read() as session:
        told = (await session.execute(
            select(Outbox.text).where(Outbox.game_id == game_id, Outbox.target == "moderators")
        )).scalars().all()
    assert any("Player1's orders could not be used (That order is malformed" in t for t in told)
    assert (await verification.verify_day(db, game_id, done.day)).ok


async def test_a_moderators_reason_and_a_team_message_with_nul_are_refused(db):
    game_id = await started_game(db, players=3)
    with pytest.raises(ServiceError, match="The reason holds a character the bot cannot keep \\(U\\+0000\\)"):
        await moderation.end(db, game_id, mod(99), "bye\x00")
    with pytest.raises(ServiceError, match="The reason must be a text"):
        await moderation.end(db, game_id, mod(99), 5)  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="A message to your group holds a character the bot cannot keep"):
        await groups.relay(db, game_id, 1, "meet at\x00 dawn")
    async with db.read() as session:
        assert (await session.get(Game, game_id)).status == "running"


async def test_a_roll_label_with_nul_is_refused_and_a_name_is_cleaned(db):
    game_id = await started_game(db, players=3)
    where = dice.Where(game=await lookup.game_by_id(db, game_id), guild_id=None, channel_id=555)
    with pytest.raises(ServiceError, match="The roll holds a character the bot cannot keep \\(U\\+0000\\)"):
        await dice.roll_dice(db, where, 1, "Player1", "1d6 look\x00", False, NOW)
    stored = await dice.roll_dice(db, where, 1, "Pla\x00yer\udc00", "1d6 look", False, NOW)
    assert stored.seq == 1
    assert [r.user_name for r in await dice.rolls_of_game(db, game_id, mod())] == ["Player"]


async def test_the_script_has_no_users_id_and_no_user_zero_can_substitute(db):
    """`/mod substitute new_user:0` let a user 0 take a seat: the NPCs' orders, stored as user 0, then
    took that player's salt and `brbot verify` called their receipts wrong."""
    from bot.services.orders import pacing

    assert pacing.SCRIPT < 1
    game_id = await started_game(db, players=3)
    for new in (0, -5, 2**64):
        with pytest.raises(ServiceError, match="is no Discord user's id"):
            await moderation.substitute(db, game_id, mod(99), 1, new, "Zero")
    with pytest.raises(ServiceError, match="is no Discord user's id"):
        await games.join_game(db, game_id, 0, "Zero")


@pytest.mark.parametrize("kwargs, refusal", [
    ({"early_resolution": "yes"}, "early_resolution must be true or false"),
    ({"deadline_time": 2200}, "The deadline time must be a text"),
    ({"timezone": "UTC\x00"}, "The timezone holds a character the bot cannot keep"),
    ({"settings": ["max_hp", 3]}, "The settings must be given by name"),
    ({"name": None}, "A game's name must be a text"),
])
async def test_a_new_game_with_a_value_of_the_wrong_type_is_refused_and_nothing_is_created(db, kwargs, refusal):
    with pytest.raises(ServiceError, match=re.escape(refusal)):
        await games.create_game(db, **({"name": "Typed", "channel_id": 9} | kwargs))
    async with db.read() as session:
        assert (await session.execute(select(Game))).first() is None

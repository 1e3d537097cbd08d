"""Issue 29, point 8: a number a moderator types into `/game settings` is ASCII digits or it is refused, like
any other non-number, and a start time is one the database can keep, on SQLite and PostgreSQL.

`str.isdigit()` is true of '²' and '①' and `int()` then raised (an error, not a refusal); '٣' (Arabic-Indic
three) and '３' (full width) became 3. A start time that is before year 1 or after 9999 once converted to
UTC reached the database and failed there (OverflowError)."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import AuditLog, Game
from bot.services.moderators import game_admin
from bot.services.base.errors import ServiceError
from engine.digits import whole
from tests.services.conftest import mod

NOT_ASCII = ["²", "①", "٣", "３", "1_0", "+3", "1²"]


async def _create(db, channel_id: int = 555, **kwargs) -> Game:
    return await game_admin.create(db, guild_id=1000, channel_id=channel_id, actor_id=mod(7), name="Setup", **kwargs)


async def _stored(db, game_id: int) -> Game:
    async with db.read() as session:
        return await session.get(Game, game_id)


async def _settings_audited(db, game_id: int) -> int:
    async with db.read() as session:
        rows = await session.execute(select(AuditLog).where(AuditLog.game_id == game_id, AuditLog.action == "settings"))
        return len(rows.scalars().all())


@pytest.mark.parametrize(
    "name, refusal",
    [
        ("muster_hours", "Setting muster_hours: a whole number from 0 to 168"),
        ("absence_steps", "Setting absence_steps: a whole number from 0 to 100"),
        ("min_reliability", "Setting min_reliability: none, new"),
        ("signup_cap", "Setting signup_cap: a whole number from 2 to"),
        ("step_hours", "Step hours .* must be a number of hours from 1 to 336"),
        ("deadline_time", "Deadline time .* must look like 22:00"),
    ],
)
async def test_a_setting_typed_with_digits_that_are_not_ascii_is_refused_and_nothing_changes(db, name, refusal):
    game = await _create(db)
    before = await game_admin.settings_of(db, game.id)
    for typed in NOT_ASCII:
        value = f"{typed}:00" if name == "deadline_time" else typed
        with pytest.raises(ServiceError, match=refusal):
            await game_admin.change_setting(db, game.id, mod(7), name, value)
    assert await game_admin.settings_of(db, game.id) == before
    assert await _settings_audited(db, game.id) == 0
    ascii_value = {"deadline_time": "9:05", "step_hours": "6h", "signup_cap": "6"}.get(name, "3")
    assert (await game_admin.change_setting(db, game.id, mod(7), name, ascii_value)).value is not None


@pytest.mark.parametrize(
    "timezone, typed",
    [
        ("Asia/Tokyo", "0001-01-01 00:00"),  # east of UTC: the moment in UTC is in year 0
        ("Pacific/Kiritimati", "0001-01-01 10:00"),
        ("America/Los_Angeles", "9999-12-31 23:59"),  # west of UTC: the moment in UTC is in year 10000
        ("Pacific/Pago_Pago", "9999-12-31 12:00"),
        ("UTC", "0001-01-01 00:00"),  # kept, a later timezone to the west could not show it
        ("UTC", "9999-12-31 12:00"),
    ],
)
async def test_a_start_time_the_database_cannot_keep_is_refused_clearly(db, timezone, typed):
    game = await _create(db, timezone=timezone)
    with pytest.raises(ServiceError, match=rf"start_at: {typed} in {timezone} is too far in the past or the future"):
        await game_admin.change_setting(db, game.id, mod(7), "start_at", typed)
    assert (await _stored(db, game.id)).start_at is None
    assert (await game_admin.settings_of(db, game.id))["start_at"] is None


@pytest.mark.parametrize("timezone", ["Asia/Tokyo", "America/Los_Angeles", "UTC"])
async def test_a_start_time_near_the_edges_is_kept_and_shown_in_every_timezone(db, timezone):
    game = await _create(db, timezone=timezone)
    for typed in ("0001-01-03 00:00", "9999-12-29 23:59"):
        assert (await game_admin.change_setting(db, game.id, mod(7), "start_at", typed)).value == typed
        for later in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):  # the game moves 14 hours east, then 11 west
            await game_admin.change_setting(db, game.id, mod(7), "timezone", later)
            assert (await game_admin.settings_of(db, game.id))["start_at"] is not None
        await game_admin.change_setting(db, game.id, mod(7), "timezone", timezone)
        assert (await game_admin.settings_of(db, game.id))["start_at"] == typed


def test_whole_takes_ascii_digits_only():
    assert [whole(t) for t in ("0", "12", " 7 ", "007")] == [0, 12, 7, 7]
    assert all(whole(t) is None for t in (*NOT_ASCII, "", " ", "-1", "1.0", "0" * 101, None, 5))


@pytest.mark.parametrize("typed", ["<#٣٣٣>", "٣٣٣", "<#²>", "<#+5>"])
async def test_a_channel_mention_in_digits_that_are_not_ascii_is_refused(db, typed):
    game = await _create(db)
    with pytest.raises(ServiceError, match="Setting moderator_channel: give a channel mention, a channel id, or none"):
        await game_admin.change_setting(db, game.id, mod(7), "moderator_channel", typed)
    assert (await _stored(db, game.id)).moderator_channel_id is None
    assert (await game_admin.change_setting(db, game.id, mod(7), "moderator_channel", "<#333>")).value == "<#333>"


async def test_a_house_rule_typed_in_digits_that_are_not_ascii_is_refused_naming_it(db):
    game = await _create(db)
    before = await game_admin.settings_of(db, game.id)
    for typed in ("²", "٣"):
        with pytest.raises(ServiceError, match="^Setting max_hp"):
            await game_admin.change_setting(db, game.id, mod(7), "max_hp", typed)
    assert await game_admin.settings_of(db, game.id) == before


@pytest.mark.parametrize(
    "typed, refusal",
    [
        ("1_0", "write the number in the digits 0-9"),  # pydantic, like int(), reads it as 10
        ("+10", "write the number in the digits 0-9"),
        ("٣", "Input should be a valid integer"),  # pydantic refuses these itself
        ("1e1", "Input should be a valid integer"),
        ("10.0.0", "Input should be a valid integer"),
    ],
)
async def test_a_house_rules_number_not_in_plain_digits_is_refused_and_nothing_changes(db, typed, refusal):
    """A game's own house rule (Battle Royale's `max_hp`, read by its settings model): a number is typed in the
    digits 0-9 (with a minus sign or a decimal point), or it is refused and nothing changes."""
    game = await _create(db)
    before = await game_admin.settings_of(db, game.id)
    with pytest.raises(ServiceError, match=rf"Setting max_hp: {refusal}"):
        await game_admin.change_setting(db, game.id, mod(7), "max_hp", typed)
    assert await game_admin.settings_of(db, game.id) == before
    assert await _settings_audited(db, game.id) == 0
    assert (await game_admin.change_setting(db, game.id, mod(7), "max_hp", " 12 ")).value == 12

"""Moderators setting a game up (create in a channel, open sign-ups, start, settings) and the read-only
preview of tonight's resolution (bot/services/moderators/game_admin.py), on SQLite and PostgreSQL."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.db.models import DaySeed, EventRow, Game, Order, Outbox, Player, Resolution, position_of
from bot.services.base import lookup
from bot.services.moderators import game_admin, moderation
from bot.services.orders import day_actions, orders
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from bot.text import say
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _game(db, game_id) -> Game:
    async with db.transaction() as session:
        return await session.get(Game, game_id)


async def _create(db, **kwargs) -> Game:
    return await game_admin.create(db, guild_id=1000, channel_id=kwargs.pop("channel_id", 555), actor_id=mod(7),
                                   name=kwargs.pop("name", "Setup"), **kwargs)


async def test_create_sets_up_a_closed_game_and_open_announces_sign_ups(db):
    game = await _create(db, deadline_time="20:30", timezone="Europe/Berlin", signup_cap=12, early_resolution=False)
    stored = await _game(db, game.id)
    assert (stored.status, stored.guild_id, stored.channel_id, stored.signup_cap) == ("setup", 1000, 555, 12)
    assert (stored.deadline_time, stored.timezone, stored.early_resolution) == ("20:30", "Europe/Berlin", False)
    with pytest.raises(ServiceError, match="already has a game"):
        await _create(db)
    with pytest.raises(ServiceError, match="closed"):
        await games.join_game(db, game.id, 1, "P1")
    with pytest.raises(ServiceError, match="/game open"):
        await game_admin.start(db, game.id, mod(7), NOW)
    await game_admin.open_signups(db, game.id, mod(7))
    assert (await _game(db, game.id)).status == "signup"
    async with db.transaction() as session:
        posts = (await session.execute(select(Outbox).where(Outbox.target == "channel").order_by(Outbox.id))).scalars().all()
    assert [(p.target_id, p.payload["kind"]) for p in posts] == [(555, "signups_open")]
    assert "12 places" in posts[0].text and "20:30 (Europe/Berlin)" in posts[0].text
    with pytest.raises(ServiceError, match="still being set up"):
        await game_admin.open_signups(db, game.id, mod(7))
    await games.join_game(db, game.id, 1, "P1")
    await games.join_game(db, game.id, 2, "P2")
    await game_admin.change_setting(db, game.id, mod(7), "muster_hours", "0")  # no muster: /game start starts at once
    started = await game_admin.start(db, game.id, mod(7), NOW)
    assert started.started and started.game.status == "running"
    with pytest.raises(ServiceError, match="already started"):
        await game_admin.start(db, game.id, mod(7), NOW)
    await moderation.end(db, game.id, mod(7))
    assert (await _create(db, name="Next")).status == "setup"  # the channel's game is over: a new one may begin
    trail = [(a.action, a.actor_id) for a in await moderation.audit_trail(db, game.id, mod())]
    assert trail == [("create", 7), ("open", 7), ("settings", 7), ("start", 7), ("end", 7)]


async def test_create_refuses_bad_values_naming_them(db):
    with pytest.raises(ServiceError, match="signup_cap"):
        await _create(db, signup_cap=1)
    with pytest.raises(ServiceError, match="Unknown timezone"):
        await _create(db, timezone="Mars/Olympus")
    with pytest.raises(ServiceError, match="must look like 22:00"):
        await _create(db, deadline_time="25:00")


async def test_settings_change_before_the_start_validated_by_the_ruleset(db):
    game = await _create(db)
    changed = await game_admin.change_setting(db, game.id, mod(7), "max_hp", "12")
    assert (changed.name, changed.value, changed.next_day) == ("max_hp", 12, False)
    assert (await game_admin.settings_of(db, game.id))["max_hp"] == 12
    with pytest.raises(ServiceError, match="Setting max_hp"):
        await game_admin.change_setting(db, game.id, mod(7), "max_hp", "0")
    with pytest.raises(ServiceError, match="Setting days"):
        await game_admin.change_setting(db, game.id, mod(7), "days", "many")
    with pytest.raises(ServiceError, match="no setting 'colour'"):
        await game_admin.change_setting(db, game.id, mod(7), "colour", "blue")
    assert (await game_admin.change_setting(db, game.id, mod(7), "paintball_ammo", "none")).value is None
    assert (await game_admin.change_setting(db, game.id, mod(7), "schoolmates_known", "false")).value is False
    assert (await game_admin.change_setting(db, game.id, mod(7), "deadline_time", "9:05")).value == "09:05"
    with pytest.raises(ServiceError, match="true or false"):
        await game_admin.change_setting(db, game.id, mod(7), "early_resolution", "maybe")
    assert (await game_admin.change_setting(db, game.id, mod(7), "early_resolution", "no")).value is False
    with pytest.raises(ServiceError, match="Unknown timezone"):
        await game_admin.change_setting(db, game.id, mod(7), "timezone", "Nowhere/Land")
    await game_admin.open_signups(db, game.id, mod(7))
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"P{user}")
    await games.start_game(db, game.id, NOW)
    state = (await _game(db, game.id)).state
    assert state["settings"]["max_hp"] == 12 and state["students"]["s001"]["hp"] == 12
    assert state["settings"]["schoolmates_known"] is False


async def test_signup_cap_moves_reserves_up_and_never_below_those_joined(db):
    game = await _create(db, signup_cap=3)
    await game_admin.open_signups(db, game.id, mod(7))
    for user in (1, 2, 3, 4, 5):
        await games.join_game(db, game.id, user, f"P{user}")
    with pytest.raises(ServiceError, match="3 players have already joined"):
        await game_admin.change_setting(db, game.id, mod(7), "signup_cap", "2")
    changed = await game_admin.change_setting(db, game.id, mod(7), "signup_cap", "4")
    assert changed.promoted == [4] and (await _game(db, game.id)).signup_cap == 4
    async with db.transaction() as session:
        statuses = dict((await session.execute(select(Player.user_id, Player.status)
                                               .where(Player.game_id == game.id).order_by(Player.id))).all())
        dms = (await session.execute(select(Outbox.target_id).where(Outbox.target == "dm").order_by(Outbox.id))).scalars().all()
    assert statuses == {1: "joined", 2: "joined", 3: "joined", 4: "joined", 5: "reserve"} and dms == [4]


async def test_after_the_start_only_the_deadline_timezone_and_early_resolution_change(db):
    game_id = await started_game(db)
    deadline = (await _game(db, game_id)).deadline
    with pytest.raises(ServiceError, match="only deadline_time, timezone, early_resolution"):
        await game_admin.change_setting(db, game_id, mod(7), "max_hp", "12")
    with pytest.raises(ServiceError, match="only deadline_time"):
        await game_admin.change_setting(db, game_id, mod(7), "signup_cap", "30")
    changed = await game_admin.change_setting(db, game_id, mod(7), "deadline_time", "18:00")
    assert changed.next_day and (await _game(db, game_id)).deadline == deadline  # today's deadline stays
    assert (await game_admin.change_setting(db, game_id, mod(7), "timezone", "America/Chicago")).value == "America/Chicago"
    assert (await game_admin.change_setting(db, game_id, mod(7), "early_resolution", "false")).next_day is False
    await moderation.end(db, game_id, mod(7))
    with pytest.raises(ServiceError, match="over"):
        await game_admin.change_setting(db, game_id, mod(7), "timezone", "UTC")
    settings = [a.details for a in await moderation.audit_trail(db, game_id, mod()) if a.action == "settings"]
    assert settings[0] == {"name": "deadline_time", "value": "18:00"}


async def test_moderator_role_is_set_for_the_server(db):
    game = await _create(db)
    assert (await game_admin.settings_of(db, game.id))["moderator_role"] is None
    assert (await game_admin.change_setting(db, game.id, mod(7), "moderator_role", "<@&4242>")).value == "<@&4242>"
    assert await lookup.moderator_role(db, 1000) == 4242
    assert (await game_admin.settings_of(db, game.id))["moderator_role"] == "<@&4242>"
    with pytest.raises(ServiceError, match="role mention"):
        await game_admin.change_setting(db, game.id, mod(7), "moderator_role", "@everyone")
    await game_admin.change_setting(db, game.id, mod(7), "moderator_role", "none")
    assert await lookup.moderator_role(db, 1000) is None


async def test_moderator_channel_may_change_at_any_time(db):
    game_id = await started_game(db)
    assert (await game_admin.change_setting(db, game_id, mod(7), "moderator_channel", "<#777>")).value == "<#777>"
    assert (await _game(db, game_id)).moderator_channel_id == 777
    assert (await game_admin.settings_of(db, game_id))["moderator_channel"] == "<#777>"
    with pytest.raises(ServiceError, match="channel mention"):
        await game_admin.change_setting(db, game_id, mod(7), "moderator_channel", "general")
    assert (await game_admin.change_setting(db, game_id, mod(7), "moderator_channel", "none")).value is None


async def test_the_moderator_channel_is_never_the_public_game_channel(db):
    """Moderators' notes name players whose DMs are closed and failed resolutions: never in the game channel,
    whoever sets it (a Discord moderator or the command line)."""
    game_id = await started_game(db)  # its channel is 555
    await game_admin.change_setting(db, game_id, mod(7), "moderator_channel", "<#777>")
    for value in ("<#555>", "555"):
        with pytest.raises(ServiceError) as refused:
            await game_admin.change_setting(db, game_id, mod(7), "moderator_channel", value)
        assert refused.value.message == say("mod_channel_is_game_channel")
    assert (await _game(db, game_id)).moderator_channel_id == 777


async def _counts(db, game_id) -> tuple:
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        counted = []
        for model in (Outbox, EventRow, Order, Resolution):
            counted.append((await session.execute(select(func.count()).select_from(model)
                                                  .where(model.game_id == game_id))).scalar_one())
        seeds = (await session.execute(select(DaySeed.day, DaySeed.seed, DaySeed.revealed)
                                       .where(DaySeed.game_id == game_id).order_by(DaySeed.day))).all()
        return (game.state_rev, game.day, game.status, game.state, *counted, [tuple(s) for s in seeds])


async def test_preview_changes_nothing_and_is_exactly_what_resolving_does(db):
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW)
    await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    before = await _counts(db, game_id)
    preview = await game_admin.preview_day(db, game_id, actor_id=mod(7))
    assert await _counts(db, game_id) == before
    assert preview.day == 1 and preview.public
    assert {name for name, _ in preview.private} <= {"Player1", "Player2", "Player3", "Player4"}
    assert [a.action for a in await moderation.audit_trail(db, game_id, mod())][-1] == "preview"
    done = await resolution.resolve_day(db, game_id, NOW)
    assert [e.text for e in done.events if e.audience.kind == "public"] == preview.public
    names = {p: f"Player{position_of(p)}" for p in ("s001", "s002", "s003", "s004")}
    private: dict[str, list[str]] = {}
    for event in done.events:
        for seat in getattr(event.audience, "ids", []):
            private.setdefault(names[seat], []).append(event.text)
    assert dict(preview.private) == private


async def test_preview_refuses_a_game_not_in_play(db):
    game = await _create(db)
    with pytest.raises(ServiceError, match="running or paused"):
        await game_admin.preview_day(db, game.id, mod(7))


async def test_who_has_not_submitted_names_players_never_orders(db):
    game_id = await started_game(db, 3)
    await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 2}, NOW)
    assert await day_actions.who_has_not_submitted(db, game_id, mod()) == ["Player2", "Player3"]


async def test_a_games_tables_are_neither_shown_nor_changed(db):
    """A setting that is a table of the game (Battle Royale's map) is no house rule (`Ruleset.house_rules`)."""
    game = await _create(db)
    shown = await game_admin.settings_of(db, game.id)
    assert "max_hp" in shown and "island" not in shown
    with pytest.raises(ServiceError, match="There is no setting 'island'"):
        await game_admin.change_setting(db, game.id, mod(7), "island", "{}")

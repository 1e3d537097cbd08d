"""Resolving a day exactly once, surviving crashes, finding due games, verifying and replaying days, and
idle players' default orders."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from bot.db.models import DaySeed, EventRow, Game, Order, Outbox, Resolution
from bot.db.session import Database
from bot.services.base import verification
from bot.services.moderators import moderation
from bot.services.orders import orders
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _count(db, model, **where):
    async with db.transaction() as session:
        query = select(func.count()).select_from(model)
        for key, value in where.items():
            query = query.where(getattr(model, key) == value)
        return (await session.execute(query)).scalar_one()


async def test_two_concurrent_resolvers_resolve_a_day_once(db):
    game_id = await started_game(db, players=6)
    other = Database(db.url)  # a second bot process: its own engine and connections
    try:
        results = await asyncio.gather(
            resolution.resolve_day(db, game_id, NOW, expected_day=0),
            resolution.resolve_day(other, game_id, NOW, expected_day=0),
        )
    finally:
        await other.dispose()
    assert sum(r is not None for r in results) == 1
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
    assert game.day == 1
    assert await _count(db, Resolution, game_id=game_id, day=0) == 1
    assert await _count(db, EventRow, game_id=game_id, day=0, kind="placed") == 6


async def test_resolving_a_stale_day_does_nothing(db):
    game_id = await started_game(db)
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=0) is not None
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=0) is None


@pytest.mark.parametrize("step", ["resolve", "store_state", "write_events", "open_day"])
async def test_a_crash_at_any_step_loses_nothing_and_resolves_once_after(db, monkeypatch, step):
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW)
    await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)

    class Crash(RuntimeError):
        pass

    def crash(*args, **kwargs):
        raise Crash(step)

    if step == "resolve":
        from engine.rulesets.battle_royale.ruleset import BattleRoyale

        monkeypatch.setattr(BattleRoyale, "resolve", crash)
    else:
        monkeypatch.setattr(resolution, step, crash)
    with pytest.raises(Crash):
        await resolution.resolve_day(db, game_id, NOW, expected_day=1)
    monkeypatch.undo()
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        assert game.day == 1 and game.status == "running"
        assert await orders.current_orders(session, game) == {"s001": {"kind": "night", "free": {
            "pick_up": [], "drop": [], "store": [], "take_out": [], "wear": [], "remove": [], "trades": [],
            "track": None}, "action": {"kind": "search"}, "movement": None,
            "votes": {"mark": None, "close": None, "reward": None}}}
    assert await _count(db, Resolution, game_id=game_id, day=1) == 0
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=1) is not None
    assert await _count(db, Resolution, game_id=game_id, day=1) == 1
    async with db.transaction() as session:
        assert (await session.get(Game, game_id)).day == 2


async def test_due_games_by_deadline_and_by_early_resolution(db):
    game_id = await started_game(db, players=2)
    async with db.transaction() as session:
        deadline = (await session.get(Game, game_id)).deadline
    assert await resolution.due_games(db, NOW) == []
    assert await resolution.due_games(db, deadline + timedelta(seconds=1)) == [(game_id, 0)]
    for user in (1, 2):
        await orders.submit_orders(db, game_id, user, {"kind": "day0"}, NOW)
    assert await resolution.due_games(db, NOW) == [(game_id, 0)]


async def test_paused_game_is_not_due_and_resumes_by_itself(db):
    game_id = await started_game(db, players=2)
    await moderation.pause(db, game_id, actor_id=mod(9), until=NOW + timedelta(hours=2))
    far = NOW + timedelta(days=5)
    assert await resolution.due_games(db, far - timedelta(days=4, hours=23)) == []
    await resolution.due_games(db, far)
    async with db.transaction() as session:
        assert (await session.get(Game, game_id)).status == "running"
    trail = [a.action for a in await moderation.audit_trail(db, game_id, mod())]
    assert trail == ["create", "start", "pause", "resume"]


async def test_public_results_reveal_the_committed_seed(db):
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW)
    async with db.transaction() as session:
        seed = await session.get(DaySeed, (game_id, 0))
        posts = (await session.execute(select(Outbox.text).where(Outbox.target == "channel").order_by(Outbox.id))).scalars().all()
    assert seed.revealed and any(seed.seed in text for text in posts)
    from bot.services.base.fairness import commitment

    assert commitment(seed.seed) == seed.commitment


async def test_verify_confirms_an_honest_day_and_catches_a_changed_order_or_seed(db):
    game_id = await started_game(db, players=4)
    await resolution.resolve_day(db, game_id, NOW)
    for user in (1, 2, 3, 4):
        await orders.submit_orders(db, game_id, user, {"kind": "night", "action": {"kind": "search"}}, NOW)
    await resolution.resolve_day(db, game_id, NOW)
    assert (await verification.verify_day(db, game_id, 1)).ok
    async with db.transaction() as session:
        record = await session.get(Resolution, (game_id, 1))
        record.orders = {**record.orders, "s001": {"kind": "night", "movement": {"kind": "hold"}}}
    changed = await verification.verify_day(db, game_id, 1)
    assert not changed.ok and changed.differences
    assert (await verification.verify_day(db, game_id, 0)).ok
    async with db.transaction() as session:
        seed = await session.get(DaySeed, (game_id, 0))
        seed.seed = "0" * 64
    forged = await verification.verify_day(db, game_id, 0)
    assert not forged.ok and "commitment" in forged.differences[0]


async def test_verify_refuses_an_unresolved_day(db):
    game_id = await started_game(db)
    with pytest.raises(ServiceError, match="has not been resolved"):
        await verification.verify_day(db, game_id, 3)


async def test_an_unknown_state_schema_version_is_refused_clearly(db):
    game_id = await started_game(db)
    async with db.transaction() as session:
        (await session.get(Game, game_id)).schema_version = 99
    with pytest.raises(ServiceError, match="schema version 99"):
        await resolution.resolve_day(db, game_id, NOW)


async def test_reminder_free_day_resolves_idle_players_with_defaults(db):
    """Architecture: a player who submits nothing gets the ruleset's default (Defend, no movement)."""
    game_id = await started_game(db, players=3)
    result = await resolution.resolve_day(db, game_id, NOW)
    assert result is not None and {e.kind for e in result.events} >= {"placed", "day_opens"}
    assert await _count(db, Order) == 0


async def test_every_roll_of_a_day_is_stored_with_what_it_was_for(db):
    """Engine issue: a night can be audited, and a moderator can see why something happened."""
    game_id = await started_game(db, players=4)
    await resolution.resolve_day(db, game_id, NOW)
    rolls = await verification.rolls_of_day(db, game_id, 0)
    assert rolls and all(set(r) == {"purpose", "spec", "result"} for r in rolls)
    assert any(r["purpose"].startswith("start zone") for r in rolls)  # idle players were placed at random


async def test_a_resolver_with_skip_locked_steps_aside_while_another_holds_the_game(db):
    """Architecture: PostgreSQL claims due games with FOR UPDATE SKIP LOCKED (SQLite serializes instead)."""
    if db.sqlite:
        pytest.skip("SQLite has no row locks: BEGIN IMMEDIATE serializes resolvers (tested above)")
    game_id = await started_game(db)
    other = Database(db.url)
    try:
        async with other.transaction() as holder:
            await holder.execute(select(Game).where(Game.id == game_id).with_for_update())
            result = await asyncio.wait_for(
                resolution.resolve_day(db, game_id, NOW, expected_day=0, skip_locked=True), timeout=10)
            assert result is None
        assert await resolution.resolve_day(db, game_id, NOW, expected_day=0, skip_locked=True) is not None
    finally:
        await other.dispose()


async def _night_one_resolved(db, players: int = 3) -> int:
    """A game whose players all started in zone 4 and whose Day 1 is resolved with Player1 searching."""
    game_id = await started_game(db, players=players)
    for user in range(1, players + 1):
        await orders.submit_orders(db, game_id, user, {"kind": "day0", "start_zone": 4}, NOW)
    await resolution.resolve_day(db, game_id, NOW)
    await orders.submit_orders(db, game_id, 1, {"kind": "night", "action": {"kind": "search"}}, NOW)
    await resolution.resolve_day(db, game_id, NOW)
    return game_id


async def test_verify_names_the_seat_whose_order_row_differs_from_what_the_day_used(db):
    """verify does not trust the resolution record alone: the orders players hold receipts for must be it."""
    game_id = await _night_one_resolved(db)
    assert (await verification.verify_day(db, game_id, 1)).ok
    async with db.transaction() as session:
        row = (await session.execute(select(Order).where(Order.game_id == game_id, Order.day == 1,
                                                         Order.seat == "s001"))).scalar_one()
        row.payload = {**row.payload, "action": {"kind": "defend"}}
    result = await verification.verify_day(db, game_id, 1)
    assert not result.ok and result.differences[0].startswith("Player1 (s001)'s order differs")
    assert '"search"' in result.differences[0] and '"defend"' in result.differences[0]


async def test_verify_catches_a_receipt_that_is_not_the_hash_of_its_order(db):
    game_id = await _night_one_resolved(db)
    async with db.transaction() as session:
        row = (await session.execute(select(Order).where(Order.game_id == game_id, Order.day == 1))).scalar_one()
        row.receipt = "000000000000"
    result = await verification.verify_day(db, game_id, 1)
    assert result.differences == ["Player1 (s001)'s receipt 000000000000 is not the hash of their order and salt"]


async def test_verify_names_the_first_event_that_differs(db):
    game_id = await _night_one_resolved(db)
    async with db.transaction() as session:
        rows = (await session.execute(select(EventRow).where(EventRow.game_id == game_id, EventRow.day == 1)
                                      .order_by(EventRow.seq))).scalars().all()
        original = rows[1].text
        rows[1].text = "Something else happened."
    result = await verification.verify_day(db, game_id, 1)
    [events] = [d for d in result.differences if "events" in d]
    assert "from event 2 on" in events and "'Something else happened.'" in events and repr(original) in events


async def test_verify_refuses_a_negative_day_as_invalid(db):
    game_id = await _night_one_resolved(db)
    with pytest.raises(ServiceError, match="-1 is not a number that can be verified"):
        await verification.verify_day(db, game_id, -1)


async def test_replay_gives_a_days_events_in_order_with_player_names_and_refuses_an_unresolved_day(db):
    game_id = await _night_one_resolved(db)
    replay = await verification.replay_day(db, game_id, 1)
    async with db.transaction() as session:
        stored = (await session.execute(select(EventRow.text).where(EventRow.game_id == game_id, EventRow.day == 1)
                                        .order_by(EventRow.seq))).scalars().all()
    assert [e.text for e in replay.events] == stored and stored
    assert replay.names == {"s001": "Player1", "s002": "Player2", "s003": "Player3"}
    assert any(e.audience.get("ids") == ["s001"] for e in replay.events)  # private events are there too
    with pytest.raises(ServiceError, match="Day 2 of game #.* has not been resolved"):
        await verification.replay_day(db, game_id, 2)


async def test_idle_players_defend_and_stay_where_they_are_at_night(db):
    """Architecture: a player who submits nothing gets the ruleset's default (Defend, no movement): an
    attack on an idle player faces a defender's dodge, and the idle players do not move."""
    from bot.services.base.common import ruleset_of
    from bot.services.base.fairness import rng_for

    game_id = await started_game(db, players=3)
    for user in (1, 2, 3):
        await orders.submit_orders(db, game_id, user, {"kind": "day0", "start_zone": 4}, NOW)
    await resolution.resolve_day(db, game_id, NOW)
    attack = {"kind": "night", "action": {"kind": "attack", "weapon": "unarmed", "attempts": {"s002": 1}}}
    await orders.submit_orders(db, game_id, 1, attack, NOW)
    await resolution.resolve_day(db, game_id, NOW)  # Player2 and Player3 sent nothing
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        record = await session.get(Resolution, (game_id, 1))
        seed = (await session.get(DaySeed, (game_id, 1))).seed
        events = (await session.execute(select(EventRow.text).where(EventRow.game_id == game_id, EventRow.day == 1)
                                        .order_by(EventRow.seq))).scalars().all()
    ruleset = ruleset_of(game)

    def night_with(action: dict) -> object:
        given = {"s001": ruleset.parse_orders(attack)} | {
            seat: ruleset.parse_orders({"kind": "night", "action": action, "movement": None}) for seat in ("s002", "s003")}
        return ruleset.resolve(ruleset.parse_state(record.state_before), given, rng_for(seed))

    defended = night_with({"kind": "defend"})
    assert defended.state.model_dump(mode="json") == record.state_after
    assert [e.text for e in defended.events] == events
    assert [r.as_dict() for r in defended.rolls] == record.rolls
    undefended = night_with({"kind": "search"})
    assert [r.as_dict()["spec"] for r in undefended.rolls][0] != record.rolls[0]["spec"]  # the dodge shows
    before, after = record.state_before["students"], record.state_after["students"]
    assert [after[s]["zone"] for s in ("s002", "s003")] == [before[s]["zone"] for s in ("s002", "s003")]

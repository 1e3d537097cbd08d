"""Moderator actions in play (pause, resume, extend, end, resolve now, the game's own actions through `act`:
Battle Royale's kill, revive, give and take, and substitute),
each refusal, the audit trail, and the published log. Setting games up and the preview: test_game_admin.py.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import AuditLog, Game, Outbox, Player
from bot.services.moderators import moderation
from bot.services.orders import orders
from bot.services.signup import games
from bot.services.steps import resolution
from bot.services.base.errors import ServiceError
from bot.text import say
from engine.rulesets.battle_royale import catalog
from tests.services.conftest import NOW, started_game
from tests.services.conftest import mod


async def _game(db, game_id):
    async with db.transaction() as session:
        return await session.get(Game, game_id)


async def test_extend_moves_the_deadline_and_is_announced(db):
    game_id = await started_game(db)
    before = (await _game(db, game_id)).deadline
    after = await moderation.extend(db, game_id, actor_id=mod(7), hours=6)
    assert after == before + timedelta(hours=6) == (await _game(db, game_id)).deadline
    with pytest.raises(ServiceError, match="more than 0"):
        await moderation.extend(db, game_id, actor_id=mod(7), hours=0)
    async with db.transaction() as session:
        posts = (await session.execute(select(Outbox.text).where(Outbox.target == "channel").order_by(Outbox.id))).scalars().all()
    assert any("extended" in p for p in posts)


async def test_end_stops_the_game_and_orders(db):
    game_id = await started_game(db)
    await moderation.end(db, game_id, actor_id=mod(7), reason="the server is closing")
    assert (await _game(db, game_id)).status == "over"
    with pytest.raises(ServiceError, match="over"):
        await orders.submit_orders(db, game_id, 1, {"kind": "day0"}, NOW)
    assert await resolution.resolve_day(db, game_id, NOW) is None
    with pytest.raises(ServiceError, match="already over"):
        await moderation.end(db, game_id, actor_id=mod(7))
    async with db.read() as session:
        [post] = (await session.execute(select(Outbox.text).where(Outbox.target == "channel",
                                                                  Outbox.payload["kind"].as_string() == "end").order_by(Outbox.id))).scalars().all()
    assert say("ended", reason="the server is closing") in post
    assert say("log_published", game_id=game_id) in post  # the channel learns the receipts can now be checked


async def test_kill_removes_a_player_from_play(db):
    game_id = await started_game(db)
    await resolution.resolve_day(db, game_id, NOW)
    await moderation.act(db, game_id, mod(7), 2, "kill")
    state = (await _game(db, game_id)).state
    assert state["students"]["s002"]["alive"] is False
    with pytest.raises(ServiceError, match="dead"):
        await orders.submit_orders(db, game_id, 2, {"kind": "night"}, NOW)
    with pytest.raises(ServiceError, match="not alive"):
        await moderation.act(db, game_id, mod(7), 2, "kill")


async def test_substitute_hands_the_seat_to_a_new_player(db):
    game_id = await started_game(db)
    await moderation.substitute(db, game_id, actor_id=mod(7), old_user=3, new_user=30, new_name="Stand-in")
    done = await orders.submit_orders(db, game_id, 30, {"kind": "day0", "start_zone": 1}, NOW)
    assert done.day == 0
    with pytest.raises(ServiceError, match="already playing"):
        await moderation.substitute(db, game_id, actor_id=mod(7), old_user=1, new_user=30, new_name="Twice")


async def test_every_moderator_action_is_in_the_audit_trail(db):
    game_id = await started_game(db)
    await moderation.extend(db, game_id, actor_id=mod(7), hours=1)
    await moderation.pause(db, game_id, actor_id=mod(8))
    await moderation.resume(db, game_id, actor_id=mod(8), now=NOW)
    await resolution.resolve_day(db, game_id, NOW, trigger="moderator", actor_id=9)
    trail = [(a.action, a.actor_id) for a in await moderation.audit_trail(db, game_id, mod())]
    assert trail == [("create", None), ("start", None), ("extend", 7), ("pause", 8), ("resume", 8), ("resolve", 9)]


async def test_receipts_check_out_against_the_log_published_when_the_game_is_over(db):
    game_id = await started_game(db)
    first = await orders.submit_orders(db, game_id, 1, {"kind": "day0", "start_zone": 3}, NOW)
    with pytest.raises(ServiceError, match="once the game is over"):
        await orders.published_log(db, game_id)
    await moderation.end(db, game_id, actor_id=mod(7))
    log = await orders.published_log(db, game_id)
    assert [e["receipt"] for e in log] == [first.receipt]
    assert all(orders.receipt_matches(e, game_id) for e in log)
    forged = dict(log[0], payload={"kind": "day0", "start_zone": 4})
    assert not orders.receipt_matches(forged, game_id)


async def _outbox_after(db, mark: int) -> list[Outbox]:
    async with db.transaction() as session:
        return list((await session.execute(select(Outbox).where(Outbox.id > mark).order_by(Outbox.id))).scalars())


async def _last_outbox(db) -> int:
    rows = await _outbox_after(db, 0)
    return rows[-1].id if rows else 0


async def _night_game(db, players: int = 4) -> int:
    """A started game past Day 0: everyone placed in a zone."""
    game_id = await started_game(db, players)
    await resolution.resolve_day(db, game_id, NOW)
    return game_id


async def test_pause_for_hours_resumes_by_itself_and_refuses_odd_lengths(db):
    game_id = await started_game(db)
    with pytest.raises(ServiceError, match="Pause for more than 0"):
        await moderation.pause_for(db, game_id, mod(7), NOW, 0)
    until = await moderation.pause_for(db, game_id, mod(7), NOW, 5)
    assert until == NOW + timedelta(hours=5) == (await _game(db, game_id)).paused_until
    with pytest.raises(ServiceError, match="Only a running game"):
        await moderation.pause_for(db, game_id, mod(7), NOW, None)
    await resolution.due_games(db, NOW + timedelta(hours=6))
    assert (await _game(db, game_id)).status == "running"
    with pytest.raises(ServiceError, match="not paused"):
        await moderation.resume(db, game_id, mod(7), NOW)


async def test_resolve_now_resolves_today_once_and_names_why_not(db):
    game_id = await started_game(db)
    done = await moderation.resolve_now(db, game_id, mod(7), NOW)
    assert done.day == 0 and (await _game(db, game_id)).day == 1
    trail = [(a.action, a.actor_id, a.details.get("trigger")) for a in await moderation.audit_trail(db, game_id, mod())]
    assert trail[-1] == ("resolve", 7, "moderator")
    await moderation.end(db, game_id, mod(7))
    with pytest.raises(ServiceError, match="already over"):
        await moderation.resolve_now(db, game_id, mod(7), NOW)
    signup = await games.create_game(db, name="Later", channel_id=556)
    with pytest.raises(ServiceError, match="running or paused"):
        await moderation.resolve_now(db, signup.id, mod(7), NOW)


async def test_kill_drops_the_loot_announces_the_death_and_tells_the_victim(db):
    game_id = await _night_game(db)
    before = (await _game(db, game_id)).state["students"]["s002"]
    mark = await _last_outbox(db)
    done = await moderation.act(db, game_id, mod(7), 2, "kill", {"reason": "inactive"})
    game = await _game(db, game_id)
    student = game.state["students"]["s002"]
    assert student["alive"] is False and student["items"] == [] and student["death_cause"] == "inactive"
    ground = {i["uid"] for i in game.state["zones"][str(before["zone"])]["ground"]}
    assert {i["uid"] for i in before["items"]} <= ground
    rows = await _outbox_after(db, mark)
    assert [(r.target, r.text) for r in rows if r.target == "channel"] == [("channel", "Player2 has died.")]
    assert any(r.target == "dm" and r.target_id == 2 and "inactive" in r.text for r in rows)
    assert not any(r.target == "dm" and r.target_id != 2 for r in rows)
    assert done.name == "Player2" and done.notes  # where the items fell: for the moderator only
    (entry,) = [a for a in await moderation.audit_trail(db, game_id, mod()) if a.action == "kill"]
    assert (entry.actor_id, entry.details["user_id"], entry.details["reason"]) == (7, 2, "inactive")


async def test_kill_costs_the_surviving_lover(db):
    game = await games.create_game(db, name="Love", channel_id=555)
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"P{user}")
    await games.pair(db, game.id, 1, "lovers", 2)
    await games.answer_pairing(db, game.id, 2, 1, "lover", accept=True)
    await games.start_game(db, game.id, NOW)
    mark = await _last_outbox(db)
    await moderation.act(db, game.id, mod(7), 1, "kill", {"reason": "inactive"})
    lover = (await _game(db, game.id)).state["students"]["s002"]
    assert lover["lover_lost"] is True and lover["max_hp"] == 9
    assert any(r.target == "dm" and r.target_id == 2 and "Lover has died" in r.text for r in await _outbox_after(db, mark))


async def test_kill_and_friends_refuse_outsiders_games_not_in_play_and_the_dead(db):
    signup = await games.create_game(db, name="Later", channel_id=556)
    await games.join_game(db, signup.id, 1, "P1")
    with pytest.raises(ServiceError, match="not started"):
        await moderation.act(db, signup.id, mod(7), 1, "kill")
    game_id = await _night_game(db)
    with pytest.raises(ServiceError, match="<@99> is not playing"):
        await moderation.act(db, game_id, mod(7), 99, "give", {"item": "knife"})
    await moderation.act(db, game_id, mod(7), 3, "kill")
    with pytest.raises(ServiceError, match="not alive"):
        await moderation.act(db, game_id, mod(7), 3, "give", {"item": "knife"})
    await moderation.end(db, game_id, mod(7))
    with pytest.raises(ServiceError, match="already over"):
        await moderation.act(db, game_id, mod(7), 3, "revive")


async def test_revive_restores_a_dead_player_where_they_died(db):
    game_id = await _night_game(db)
    zone = (await _game(db, game_id)).state["students"]["s002"]["zone"]
    with pytest.raises(ServiceError, match="not dead"):
        await moderation.act(db, game_id, mod(7), 2, "revive")
    await moderation.act(db, game_id, mod(7), 2, "kill")
    with pytest.raises(ServiceError, match="between 1 and 10"):
        await moderation.act(db, game_id, mod(7), 2, "revive", {"hp": 20})
    mark = await _last_outbox(db)
    await moderation.act(db, game_id, mod(8), 2, "revive", {"hp": 3})
    student = (await _game(db, game_id)).state["students"]["s002"]
    assert (student["alive"], student["hp"], student["zone"]) == (True, 3, zone)
    rows = await _outbox_after(db, mark)
    assert [r.text for r in rows if r.target == "channel"] == ["Player2 is back on the island."]
    assert any(r.target == "dm" and r.target_id == 2 and "3/10" in r.text for r in rows)
    done = await orders.submit_orders(db, game_id, 2, {"kind": "night"}, NOW)
    assert done.day == 1
    assert [a.action for a in await moderation.audit_trail(db, game_id, mod())][-1] == "revive"


async def test_give_and_take_are_told_by_dm_and_never_posted(db):
    game_id = await _night_game(db)
    with pytest.raises(ServiceError, match="no item kind"):
        await moderation.act(db, game_id, mod(7), 1, "give", {"item": "lightsaber"})
    await moderation.act(db, game_id, mod(7), 1, "take",
                           {"item": (await _game(db, game_id)).state["students"]["s001"]["items"][0]["uid"]})
    mark = await _last_outbox(db)
    await moderation.act(db, game_id, mod(7), 1, "give", {"item": "rifle"})
    rifle = next(i for i in (await _game(db, game_id)).state["students"]["s001"]["items"] if i["kind"] == "rifle")
    assert rifle["ammo"] == catalog.item("rifle").ammo
    rows = await _outbox_after(db, mark)
    assert [(r.target, r.target_id) for r in rows] == [("dm", 1)] and "Rifle" in rows[0].text
    choices = await moderation.choices(db, game_id, "take", 1)
    assert rifle["uid"] in [value for value, _ in choices]
    assert "rifle" in [value for value, _ in await moderation.choices(db, game_id, "give")]
    assert await moderation.choices(db, game_id, "take", 99) == []
    await moderation.act(db, game_id, mod(8), 1, "take", {"item": rifle["uid"]})
    assert rifle["uid"] not in [i["uid"] for i in (await _game(db, game_id)).state["students"]["s001"]["items"]]
    with pytest.raises(ServiceError, match="does not carry"):
        await moderation.act(db, game_id, mod(8), 1, "take", {"item": rifle["uid"]})
    rows = await _outbox_after(db, mark)
    assert all(r.target == "dm" and r.target_id == 1 for r in rows)
    entries = [(a.action, a.actor_id) for a in await moderation.audit_trail(db, game_id, mod())][-2:]
    assert entries == [("give", 7), ("take", 8)]
    give, take = [a.details for a in await moderation.audit_trail(db, game_id, mod())][-2:]
    assert give == {"user_id": 1, "kind": "rifle", "item": rifle["uid"]}  # the audit keeps its names
    assert take == {"user_id": 1, "uid": rifle["uid"]}


async def test_a_moderators_change_makes_waiting_orders_check_again(db):
    """Every state change bumps state_rev, so an order validated against the old state is checked again."""
    game_id = await _night_game(db)
    rev = (await _game(db, game_id)).state_rev
    await moderation.act(db, game_id, mod(7), 1, "give", {"item": "knife"})
    assert (await _game(db, game_id)).state_rev == rev + 1


async def test_substitute_from_the_reserve_list_and_its_refusals(db):
    game = await games.create_game(db, name="Cap", channel_id=555, signup_cap=2)
    for user in (1, 2, 3):
        await games.join_game(db, game.id, user, f"P{user}")
    await games.start_game(db, game.id, NOW)
    with pytest.raises(ServiceError, match="someone other"):
        await moderation.substitute(db, game.id, mod(7), 1, 1, "P1")
    with pytest.raises(ServiceError, match="<@9> is not playing"):
        await moderation.substitute(db, game.id, mod(7), 9, 4, "P4")
    mark = await _last_outbox(db)
    assert await moderation.substitute(db, game.id, mod(7), 1, 3, "P3") == "P1"
    async with db.transaction() as session:
        seats = {p.user_id: (p.status, p.position) for p in (await session.execute(
            select(Player).where(Player.game_id == game.id).order_by(Player.id))).scalars()}
    assert seats == {1: ("replaced", 1), 2: ("joined", 2), 3: ("joined", 1)}
    rows = await _outbox_after(db, mark)
    assert [(r.target, r.target_id) for r in rows] == [("channel", 555), ("dm", 3)]
    assert "P3 takes over from P1" in rows[0].text
    with pytest.raises(ServiceError, match="was replaced"):
        await moderation.substitute(db, game.id, mod(7), 2, 1, "P1 again")
    with pytest.raises(ServiceError, match="already playing"):
        await moderation.substitute(db, game.id, mod(7), 2, 3, "P3")
    async with db.transaction() as session:
        audited = (await session.execute(select(AuditLog).where(AuditLog.action == "substitute").order_by(AuditLog.id))).scalars().all()
    assert [(a.actor_id, a.details) for a in audited] == [(7, {"old_user": 1, "new_user": 3})]


async def test_the_substitute_is_told_whose_place_they_take_in_the_games_words(db):
    """The DM names the character of the seat (`Ruleset.actor_name`: a Battle Royale student), which may
    differ from the name of the player who leaves."""
    from tests.bot.cog_helpers import edit_state

    game_id = await started_game(db)

    def rename(state):
        state.students["s003"].name = "Kazuo"
    await edit_state(db, game_id, rename)
    mark = await _last_outbox(db)
    await moderation.substitute(db, game_id, mod(7), 3, 30, "Stand-in")
    (dm,) = [r for r in await _outbox_after(db, mark) if r.target == "dm"]
    assert dm.target_id == 30 and dm.text == say("substitute_dm", actor="Kazuo", game="Test")

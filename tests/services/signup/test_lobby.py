"""The lobby (issue 24, part 1: bot/services/signup/lobby.py): `/game open` posts one sign-up message kept up to date
with the roster, tiers, places left, reserves and start time; a rush of joins rewrites one waiting row; the
game starts by itself when full or at `start_at`; `min_reliability` refuses players below it. On SQLite and
PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Outbox, PlayerRecord
from bot.services.moderators import game_admin
from bot.services.signup import games, muster
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW, mod


async def _open(db, cap: int = 4, **settings: str) -> int:
    game = await game_admin.create(db, guild_id=1000, channel_id=555, actor_id=mod(7), name="Lobby", signup_cap=cap)
    for name, value in settings.items():
        await game_admin.change_setting(db, game.id, mod(7), name, value)
    await game_admin.open_signups(db, game.id, mod(7))
    return game.id


async def _lobby_rows(db, game_id: int) -> list[Outbox]:
    async with db.read() as session:
        query = select(Outbox).where(Outbox.game_id == game_id, Outbox.target == "lobby").order_by(Outbox.id)
        return list((await session.execute(query)).scalars())


async def _game(db, game_id: int) -> Game:
    async with db.read() as session:
        return await session.get(Game, game_id)


async def test_the_lobby_shows_the_roster_tiers_places_and_reserves_in_one_waiting_row(db):
    game_id = await _open(db, cap=2)
    for user in (1, 2, 3):
        await games.join_game(db, game_id, user, f"P{user}")
    rows = await _lobby_rows(db, game_id)
    assert len(rows) == 1  # three joins, one waiting lobby row rewritten: one edit to make
    text = rows[0].text
    assert "Players (2/2):" in text and "- P1 (new)" in text and "- P2 (new)" in text
    assert "Reserves, in order: P3 (new)" in text and "Places left: 0" in text
    assert rows[0].payload["open"] is True and rows[0].target_id == 555
    await games.leave_game(db, game_id, 1, NOW)
    text = (await _lobby_rows(db, game_id))[0].text
    assert "- P1" not in text and "- P3 (new)" in text and "Reserves" not in text


async def test_a_sent_lobby_row_is_followed_by_a_new_one(db):
    game_id = await _open(db)
    async with db.transaction() as session:
        for row in (await session.execute(select(Outbox).where(Outbox.target == "lobby"))).scalars():
            row.status = "sent"
    await games.join_game(db, game_id, 1, "P1")
    rows = await _lobby_rows(db, game_id)
    assert [r.status for r in rows] == ["sent", "pending"] and "- P1 (new)" in rows[1].text


async def test_the_lobby_closes_its_buttons_when_the_game_starts(db):
    game_id = await _open(db, cap=3, muster_hours="0")
    for user in (1, 2):
        await games.join_game(db, game_id, user, f"P{user}")
    begun = await game_admin.start(db, game_id, mod(7), NOW)
    assert begun.started
    row = (await _lobby_rows(db, game_id))[-1]
    assert row.payload["open"] is False and "sign-ups are closed" in row.text


async def test_a_full_lobby_starts_the_game_by_itself(db):
    game_id = await _open(db, cap=2, muster_hours="0")
    await games.join_game(db, game_id, 1, "P1")
    assert await muster.begin_if_full(db, game_id, NOW) is None  # not full yet
    await games.join_game(db, game_id, 2, "P2")
    begun = await muster.begin_if_full(db, game_id, NOW)
    assert begun is not None and begun.started and (await _game(db, game_id)).status == "running"


async def test_a_game_without_a_lobby_never_starts_when_full(db):
    game = await games.create_game(db, name="Plain", channel_id=556, signup_cap=2)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"P{user}")
    assert await muster.begin_if_full(db, game.id, NOW) is None
    assert await _lobby_rows(db, game.id) == []


async def test_start_at_starts_the_game_when_enough_have_joined(db):
    game_id = await _open(db, cap=6, muster_hours="0", start_at="2026-03-01 13:00")
    assert "Starts by itself at" in (await _lobby_rows(db, game_id))[-1].text
    for user in (1, 2):
        await games.join_game(db, game_id, user, f"P{user}")
    assert await muster.due(db, NOW) == 0  # 12:00: not yet
    assert await muster.due(db, NOW + timedelta(hours=1)) == 1
    assert (await _game(db, game_id)).status == "running"


async def test_start_at_with_too_few_players_tells_the_moderators_and_stays_open(db):
    game_id = await _open(db, cap=6, start_at="2026-03-01 13:00")
    await games.join_game(db, game_id, 1, "P1")
    assert await muster.due(db, NOW + timedelta(hours=2)) == 1
    game = await _game(db, game_id)
    assert (game.status, game.start_at) == ("signup", None)
    async with db.read() as session:
        notes = (await session.execute(select(Outbox.text).where(Outbox.target == "moderators"))).scalars().all()
    assert any("only 1 of the 2 players" in n and "sign-ups stay open" in n for n in notes)
    await games.join_game(db, game_id, 2, "P2")  # still open
    assert await muster.due(db, NOW + timedelta(hours=3)) == 0  # no second note


async def test_community_settings_are_listed_with_their_defaults_and_checked(db):
    game_id = await _open(db)
    shown = await game_admin.settings_of(db, game_id)
    assert {k: shown[k] for k in ("start_at", "muster_hours", "min_reliability", "absence_steps", "dead_see")} == {
        "start_at": None,
        "muster_hours": 24,
        "min_reliability": "none",
        "absence_steps": 2,
        "dead_see": "channel",
    }
    with pytest.raises(ServiceError, match="min_reliability"):
        await game_admin.change_setting(db, game_id, mod(7), "min_reliability", "great")
    with pytest.raises(ServiceError, match="dead_see"):
        await game_admin.change_setting(db, game_id, mod(7), "dead_see", "everything")
    with pytest.raises(ServiceError, match="start_at"):
        await game_admin.change_setting(db, game_id, mod(7), "start_at", "tomorrow")
    await game_admin.change_setting(db, game_id, mod(7), "start_at", "2026-03-02 20:00")
    assert (await game_admin.settings_of(db, game_id))["start_at"] == "2026-03-02 20:00"


async def _record(db, user_id: int, recent: list[list[int]]) -> None:
    async with db.transaction() as session:
        session.add(
            PlayerRecord(
                user_id=user_id,
                games_played=len(recent),
                games_finished=len(recent),
                games_abandoned=0,
                steps_given=sum(g[0] for g in recent),
                steps_missed=sum(g[1] - g[0] for g in recent),
                recent=recent,
            )
        )


async def test_min_reliability_refuses_players_below_it_and_the_lobby_shows_tiers(db):
    await _record(db, 1, [[10, 10]] * 3)  # reliable: 100%
    await _record(db, 2, [[2, 10]] * 3)  # unreliable: 20%
    game_id = await _open(db, min_reliability="reliable")
    await games.join_game(db, game_id, 1, "Steady")
    with pytest.raises(ServiceError, match="at least reliable; yours is unreliable \\(20% of steps in time\\)"):
        await games.join_game(db, game_id, 2, "Flaky")
    with pytest.raises(ServiceError, match="yours is new"):
        await games.join_game(db, game_id, 3, "Newcomer")
    await game_admin.change_setting(db, game_id, mod(7), "min_reliability", "new")
    await games.join_game(db, game_id, 3, "Newcomer")  # "new" admits all but the unreliable
    with pytest.raises(ServiceError, match="unreliable"):
        await games.join_game(db, game_id, 2, "Flaky")
    await game_admin.change_setting(db, game_id, mod(7), "min_reliability", "15")
    await games.join_game(db, game_id, 2, "Flaky")
    text = (await _lobby_rows(db, game_id))[-1].text
    assert "- Steady (reliable)" in text and "- Newcomer (new)" in text and "- Flaky (unreliable)" in text

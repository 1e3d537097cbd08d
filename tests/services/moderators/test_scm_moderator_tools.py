"""Issue 11, "Moderator tools as for Battle Royale: pause, extend, substitute, modkill, audit, `/resolve`, dry
run", on a StarCraft Mafia game through the services (the kill and `/resolve` are also played in
tests/e2e/test_e2e_starcraft_mafia.py). Rulings, "Idle": "A substitute takes the seat with all it holds and
knows": the new player's view is the seat's (class, team, the infested team) and he takes the seat's place in
the infested thread."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from bot.db.models import Game, GameGroup, Player
from bot.services.moderators import game_admin, moderation
from bot.services.orders import player_views
from bot.services.signup import games
from tests.services.conftest import NOW
from tests.services.conftest import mod

MODERATOR = 99


async def mafia_game(db) -> int:
    game = await games.create_game(db, name="Outpost", ruleset="starcraft_mafia", channel_id=559)
    for user in range(1, 6):
        await games.join_game(db, game.id, user, f"Soldier{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def infested_user(db, game_id: int) -> int:
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        seat = next(s for s, p in game.state["players"].items() if p["team"] == "infested")
        players = (await session.execute(select(Player).where(Player.game_id == game_id).order_by(Player.id))).scalars()
        return next(p.user_id for p in players if p.seat == seat and p.status == "joined")


async def test_dry_run_pause_extend_and_audit(db):
    game_id = await mafia_game(db)
    async with db.read() as session:
        before = (await session.get(Game, game_id)).state  # type: ignore[union-attr]
    preview = await game_admin.preview_day(db, game_id, mod(MODERATOR))
    assert preview.day == 1 and preview.public and not preview.over
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None and game.state == before and game.day == 1  # the dry run changes nothing
    deadline = game.deadline
    assert deadline is not None
    assert await moderation.extend(db, game_id, mod(MODERATOR), 6) == deadline + timedelta(hours=6)
    await moderation.pause(db, game_id, mod(MODERATOR))
    async with db.read() as session:
        assert (await session.get(Game, game_id)).status == "paused"  # type: ignore[union-attr]
    await moderation.resume(db, game_id, mod(MODERATOR), NOW + timedelta(hours=1))
    actions = [row.action for row in await moderation.audit_trail(db, game_id, mod())]
    assert {"preview", "extend", "pause", "resume"} <= set(actions)


async def test_a_substitute_takes_the_infested_seat_its_knowledge_and_its_thread(db):
    game_id = await mafia_game(db)
    old = await infested_user(db, game_id)
    seen_before = await player_views.player_view(db, game_id, old)
    await moderation.substitute(db, game_id, mod(MODERATOR), old, 77, "Newcomer")
    assert await player_views.player_view(db, game_id, 77) == seen_before
    async with db.read() as session:
        group = (await session.execute(select(GameGroup).where(GameGroup.game_id == game_id))).scalar_one()
    assert group.key == "infested" and group.members == [77]

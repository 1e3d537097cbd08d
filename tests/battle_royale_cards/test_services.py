"""The card game through the services, on SQLite and PostgreSQL: one step per order resolved at once, one
24-hour deadline per turn across its steps, the timer's default at the deadline, and whole simulated
games (`brbot simulate --ruleset battle_royale_cards`)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db.models import Game, Player
from bot.services.signup import games
from bot.services.steps import scheduler, simulation
from bot.services.orders.commands import give_order
from bot.services.base.errors import ServiceError
from tests.services.conftest import NOW
from tests.services.conftest import mod


async def _game(db, players: int = 2) -> int:
    game = await games.create_game(
        db, name="Cards", ruleset="battle_royale_cards", channel_id=557, early_resolution=False
    )
    for user in range(1, players + 1):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def _row(db, game_id) -> Game:
    async with db.read() as session:
        return await session.get(Game, game_id)


async def _user_of(db, game_id, seat) -> int:
    async with db.read() as session:
        rows = (await session.execute(select(Player).where(Player.game_id == game_id).order_by(Player.id))).scalars().all()
    game = await _row(db, game_id)
    names = {s: p["name"] for s, p in game.state["players"].items()}
    return next(p.user_id for p in rows if p.name == names[seat])


async def test_placement_and_steps_resolve_at_once_each_with_its_deadline(db, cards_installed):
    game_id = await _game(db)
    game = await _row(db, game_id)
    assert game.step_hours == 24 and game.deadline == NOW + timedelta(hours=24)
    first, second = game.state["order"]
    first_user, second_user = await _user_of(db, game_id, first), await _user_of(db, game_id, second)
    with pytest.raises(ServiceError, match="not your turn"):
        await give_order(db, game_id, second_user, "place", {"square": "A4"}, NOW)
    with pytest.raises(ServiceError, match="D4 is not on the outer edge"):
        await give_order(db, game_id, first_user, "place", {"square": "D4"}, NOW)
    given = await give_order(db, game_id, first_user, "place", {"square": "A4"}, NOW)
    assert given.summary == ["Start on A4"]
    assert (await scheduler.tick(db, NOW)).resolved == [(game_id, 0)]
    later = NOW + timedelta(hours=30)  # the second player lets the timer place him: the default square
    assert (await scheduler.tick(db, later)).resolved == [(game_id, 1)]
    game = await _row(db, game_id)
    assert game.state["players"][second]["square"] == "G4" and game.state["phase"] == "turn"
    assert game.deadline == later + timedelta(hours=24)
    await give_order(db, game_id, first_user, "move", {"direction": "S"}, later)
    await scheduler.tick(db, later)
    game = await _row(db, game_id)
    assert game.state["players"][first]["square"] == "B4" and game.state["turn"]["actions"] == 1


async def test_one_deadline_holds_across_the_steps_of_a_turn(db, cards_installed):
    """Rulings, `turn_hours = 24`: the turn timer runs for the whole turn, not for each step (`same_turn`);
    the next player's turn gets its own 24 hours, and a turn that runs out is played by the timer."""
    game_id = await _game(db)
    first, second = (await _row(db, game_id)).state["order"]
    first_user, second_user = await _user_of(db, game_id, first), await _user_of(db, game_id, second)
    await give_order(db, game_id, first_user, "place", {"square": "A4"}, NOW)
    await scheduler.tick(db, NOW)
    await give_order(db, game_id, second_user, "place", {"square": "G4"}, NOW)
    await scheduler.tick(db, NOW)
    turn_began = NOW
    assert (await _row(db, game_id)).deadline == turn_began + timedelta(hours=24)
    step = NOW + timedelta(hours=5)
    await give_order(db, game_id, first_user, "move", {"direction": "S"}, step)
    await scheduler.tick(db, step)
    game = await _row(db, game_id)
    assert game.state["turn"]["seat"] == first and game.state["turn"]["actions"] == 1
    assert game.deadline == turn_began + timedelta(hours=24)  # the same turn: not step + 24 hours
    ended = NOW + timedelta(hours=7)
    await give_order(db, game_id, first_user, "end", {}, ended)
    await scheduler.tick(db, ended)
    game = await _row(db, game_id)
    assert game.state["turn"]["seat"] == second and game.deadline == ended + timedelta(hours=24)
    timed_out = ended + timedelta(hours=24)  # the second player does nothing: the timer plays his turn
    await scheduler.tick(db, timed_out)
    game = await _row(db, game_id)
    assert game.state["turn"]["seat"] == first and game.deadline == timed_out + timedelta(hours=24)


async def test_a_simulated_game_plays_to_its_end(db, cards_installed):
    """A whole game of three computer players (seed 2: 75 steps, where seeds 1 to 7 take 75 to 102)."""
    result = await simulation.simulate(db, 3, seed=2, ruleset="battle_royale_cards")
    assert result.winners
    game = await _row(db, result.game_id)
    assert game.state["phase"] == "over"


async def test_a_moderator_removes_a_player(db, cards_installed):
    from bot.services.moderators import moderation

    game_id = await _game(db, players=3)
    game = await _row(db, game_id)
    leaving = game.state["order"][1]
    user = await _user_of(db, game_id, leaving)
    done = await moderation.act(db, game_id, mod(99), user, "remove")
    assert done.done.endswith("has been removed; their cards left the game.")
    game = await _row(db, game_id)
    assert leaving not in game.state["players"] and len(game.state["order"]) == 2


async def test_the_acting_player_gets_his_step_buttons_by_dm_and_a_click_is_the_command(db, cards_installed):
    """Issue 14, "step by step with buttons and commands": the DM of each step carries the buttons of the
    acting player's own view only; pressing one gives the order its command gives; an old one is refused."""
    from bot.db.models import Outbox
    from bot.services.orders import step_buttons

    game_id = await _game(db)
    first, second = (await _row(db, game_id)).state["order"]
    first_user, second_user = await _user_of(db, game_id, first), await _user_of(db, game_id, second)
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    offered = [r for r in rows if r.payload.get("kind") == step_buttons.KIND]
    assert [(r.target, r.target_id, r.payload["seat"]) for r in offered] == [("dm", first_user, first)]
    (place_a4,) = [b for b in offered[0].payload["buttons"] if b["label"] == "Start on A4"]
    assert len(place_a4["custom_id"]) <= 100 and place_a4["custom_id"].startswith(f"brbot:step:{game_id}:0:")
    pressed = place_a4["custom_id"].rsplit(":", 1)[1]
    with pytest.raises(ServiceError, match="not your turn|earlier step"):
        await step_buttons.press(db, game_id, second_user, 0, pressed, NOW)  # another player's button
    given = await step_buttons.press(db, game_id, first_user, 0, pressed, NOW)
    assert given.summary == ["Start on A4"]
    await scheduler.tick(db, NOW)
    with pytest.raises(ServiceError, match="earlier step"):
        await step_buttons.press(db, game_id, first_user, 0, pressed, NOW)
    assert (await _row(db, game_id)).state["players"][first]["square"] == "A4"


async def test_a_game_that_declares_no_step_buttons_sends_none(db):
    """The shared layer stays generic: Battle Royale declares no step buttons, so no such DM is written."""
    from bot.db.models import Outbox
    from bot.services.orders import step_buttons
    from tests.services.conftest import started_game

    game_id = await started_game(db)
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    assert rows and not [r for r in rows if r.payload.get("kind") == step_buttons.KIND]


async def test_the_turn_hours_house_rule_sets_the_turns_deadline(db, cards_installed):
    """Rulings, `turn_hours`: the house rule is the turn's length (`Ruleset.step_hours_setting`), given when the
    game is created or changed with /game settings before the start."""
    from bot.services.moderators import game_admin

    game = await games.create_game(
        db, name="Cards", ruleset="battle_royale_cards", channel_id=558, settings={"turn_hours": 12}
    )
    assert (await _row(db, game.id)).step_hours == 12
    changed = await game_admin.change_setting(db, game.id, mod(99), "turn_hours", "6")
    assert changed.value == 6 and (await _row(db, game.id)).step_hours == 6
    with pytest.raises(ServiceError):
        await game_admin.change_setting(db, game.id, mod(99), "turn_hours", "0")
    assert (await _row(db, game.id)).step_hours == 6
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    assert (await _row(db, game.id)).deadline == NOW + timedelta(hours=6)


async def test_removing_the_acting_player_gives_the_next_one_his_step_buttons(db, cards_installed):
    """Rulings, a removed player: "if it was his turn the next begins"; the next player is told with buttons."""
    from bot.db.models import Outbox
    from bot.services.moderators import moderation
    from bot.services.orders import step_buttons

    game_id = await _game(db, players=3)
    leaving, following, _ = (await _row(db, game_id)).state["order"]
    await moderation.act(db, game_id, mod(99), await _user_of(db, game_id, leaving), "remove")
    async with db.read() as session:
        rows = (await session.execute(select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id))).scalars().all()
    offered = [r.payload["seat"] for r in rows if r.payload.get("kind") == step_buttons.KIND]
    assert offered == [leaving, following]


async def test_the_channels_fair_play_lines_name_steps_not_days(db, cards_installed):
    """A step game's channel says "Step 1 is open until ..." and "Step 0 seed revealed" (`Front.words`);
    before, every game's lines said "Day N" whatever the game counted."""
    from bot.db.models import Outbox

    game_id = await _game(db)
    game = await _row(db, game_id)
    first = game.state["order"][0]
    await give_order(db, game_id, await _user_of(db, game_id, first), "place", {"square": "A4"}, NOW)
    assert (await scheduler.tick(db, NOW)).resolved == [(game_id, 0)]
    async with db.read() as session:
        posted = "\n".join((await session.execute(select(Outbox.text).where(Outbox.target == "channel").order_by(Outbox.id))).scalars())
    assert "Step 0 is open until" in posted and "Step 0 seed revealed" in posted and "Step 1 is open until" in posted
    assert "Day 0" not in posted and "Day 1" not in posted

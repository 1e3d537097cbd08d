"""Players' records and reliability (issue 24, part 3: bot/services/people/records.py): each resolved step counts, on
the seats it awaited, orders given in time or missed; the end of the game (finished) or a replacement
(abandoned) adds them to the player's record across games; the figure and tier read the last 10 games. On
SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import select

from bot.db.models import Game, Player
from bot.services.moderators import moderation
from bot.services.orders import orders
from bot.services.people import records
from bot.services.steps import resolution
from bot.services.base.common import load_game, load_state
from engine import registry
from engine.rng import RecordingRng
from tests.services.conftest import NOW, mod, started_game


async def _give_orders(db, game_id: int, users: list[int]) -> None:
    """These players give the orders their computer player would (every awaited seat is a player here)."""
    async with db.read() as session:
        game = await load_game(session, game_id)
        state = load_state(game)
    play, rng = registry.get(game.ruleset).play, RecordingRng(3, record=False)
    for user in users:
        await orders.submit_orders(db, game_id, user, play.computer_orders(state, f"s{user:03d}", rng), NOW)


async def _players(db, game_id: int) -> dict[int, Player]:
    async with db.read() as session:
        rows = await session.execute(select(Player).where(Player.game_id == game_id).order_by(Player.user_id))
        return {p.user_id: p for p in rows.scalars()}


async def _deadline(db, game_id: int):
    async with db.read() as session:
        return (await session.get(Game, game_id)).deadline


async def test_a_step_counts_orders_given_and_missed_and_the_end_adds_them_to_the_record(db):
    game_id = await started_game(db, players=4)
    await _give_orders(db, game_id, [1, 2])
    assert await resolution.resolve_day(db, game_id, await _deadline(db, game_id), expected_day=0)
    players = await _players(db, game_id)
    assert [(p.steps_given, p.steps_missed, p.missed_streak) for p in players.values()] == [
        (1, 0, 0), (1, 0, 0), (0, 1, 1), (0, 1, 1)
    ]
    await moderation.end(db, game_id, mod(7))
    one, three = await records.record_of(db, 1), await records.record_of(db, 3)
    assert (one.games_played, one.games_finished, one.steps_given, one.steps_missed) == (1, 1, 1, 0)
    assert (three.games_finished, three.steps_given, three.steps_missed, three.figure) == (1, 0, 1, 0)
    assert one.tier == three.tier == "new"  # one game ended: too few to judge
    stranger = await records.record_of(db, 999)
    assert (stranger.games_played, stranger.figure, stranger.tier) == (0, None, "new")


async def test_a_moderator_resolving_before_the_deadline_counts_no_miss(db):
    game_id = await started_game(db, players=4)
    await _give_orders(db, game_id, [1])
    await moderation.resolve_now(db, game_id, mod(7), NOW)
    players = await _players(db, game_id)
    assert (players[1].steps_given, players[2].steps_missed, players[2].missed_streak) == (1, 0, 0)


async def test_a_replaced_player_abandoned_the_game_and_the_substitute_played_it(db):
    game_id = await started_game(db, players=4)
    assert await resolution.resolve_day(db, game_id, await _deadline(db, game_id), expected_day=0)
    await moderation.substitute(db, game_id, mod(7), 2, 50, "Sub")
    gone, sub = await records.record_of(db, 2), await records.record_of(db, 50)
    assert (gone.games_abandoned, gone.games_finished, gone.steps_missed) == (1, 0, 1)
    assert (sub.games_played, sub.games_finished) == (1, 0)
    await moderation.end(db, game_id, mod(7))
    assert (await records.record_of(db, 50)).games_finished == 1
    assert (await records.record_of(db, 2)).games_finished == 0


def test_the_figure_reads_the_last_ten_games_and_the_tier_needs_three():
    assert records.figure_of([]) is None and records.tier_of([]) == "new"
    assert records.figure_of([[9, 10], [1, 10]]) == 50
    assert records.tier_of([[10, 10], [10, 10]]) == "new"
    assert records.tier_of([[8, 10]] * 3) == "reliable" and records.tier_of([[7, 10]] * 3) == "unreliable"
    old_misses = [[0, 10]] * 5 + [[10, 10]] * 10  # only the last ten count
    assert records.figure_of(old_misses) == 100 and records.tier_of(old_misses) == "reliable"


async def test_a_step_counts_only_the_players_seats_not_characters_whose_ids_begin_with_s(db):
    """A game's own actors (a Mazeworld "spider_a", an Infinity NPC "sniper") are no player's seat: a step
    awaiting them is counted on the seats alone (their ids were read as positions: int("niper") stopped the
    resolution)."""
    game_id = await started_game(db, players=2)
    async with db.transaction() as session:
        missed = await records.count_step(session, game_id, {"s001", "s002", "sniper", "spider_a"}, {"s001", "sniper"})
    assert [p.user_id for p in missed] == [2]
    players = await _players(db, game_id)
    assert (players[1].steps_given, players[1].steps_missed) == (1, 0)
    assert (players[2].steps_given, players[2].steps_missed) == (0, 1)


def test_a_seat_is_s_and_ascii_digits_only():
    from bot.db.models import is_seat, seat_of

    assert is_seat(seat_of(1)) and is_seat(seat_of(1000))
    assert not any(is_seat(actor) for actor in ("sniper", "spider_a", "s", "s²", "s-1", "lena", "zhanshi"))

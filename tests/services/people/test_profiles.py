"""Profiles and leaderboards (issue 24, part 6: bot/services/people/profiles.py): a whole game of each of the five games,
played by computer players through the services, adds to its players' statistics when it ends: a game, their
wins and survivals as the game's `outcome` says, its headline figures counted from its own events; their
records gain a finished game. Read back by `/profile` and `/leaderboard`'s services. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import EventRow, Game, Player
from bot.services.people import profiles, records
from bot.services.steps import simulation
from engine import registry
from engine.front import AUDIENCE
from tests.finished_games import SHARED, finished_game

GAMES = ["battle_royale", "battle_royale_cards", "infinity_intervention", "mazeworld", "starcraft_mafia"]


@pytest.mark.parametrize("ruleset", GAMES)
async def test_a_finished_game_adds_to_each_players_profile_and_record(db, templates, ruleset):
    result = await finished_game(templates, db, ruleset, *SHARED)
    async with db.read() as session:
        game = await session.get(Game, result.game_id)
        players = list(
            (await session.execute(select(Player).where(Player.game_id == game.id, Player.status == "joined")
                                   .order_by(Player.position))).scalars()
        )
        events = list((await session.execute(select(EventRow).where(EventRow.game_id == game.id)
                                             .order_by(EventRow.seq))).scalars())
    assert game.status == "over" and players
    names = {p.seat: p.name for p in players}
    total_wins = total_survivals = 0
    figures: dict[str, int] = {}
    for player in players:
        shown = await profiles.profile(db, player.user_id)
        (stats,) = shown.games
        assert (stats.ruleset, stats.games) == (ruleset, 1)
        assert stats.wins == (names[player.seat] in result.winners)
        assert stats.survivals == (names[player.seat] in result.survivors)
        total_wins += stats.wins
        total_survivals += stats.survivals
        for label, count in stats.figures.items():
            figures[label] = figures.get(label, 0) + count
        record = shown.record
        assert (record.games_played, record.games_finished, record.steps_missed) == (1, 1, 0)
        assert record.figure in (None, 100)  # computer players never miss a step
    assert total_wins == len([w for w in result.winners if w in names.values()])
    for counted in registry.front(ruleset).community.counted:  # each figure is what its events say, no more
        expected = 0
        for event in events:
            if event.kind in counted.kinds:
                named = event.audience.get("ids", []) if counted.key == AUDIENCE else event.data.get(counted.key)
                expected += len([n for n in (named if isinstance(named, list) else [named]) if n is not None])
        if counted.seat_of.__name__ == "_own_seat":  # every actor named is a seat: all of it is credited
            assert figures.get(counted.label, 0) == expected
        else:  # actors played by the game master are credited to nobody
            assert figures.get(counted.label, 0) <= expected
    board = await profiles.leaderboard(db, 0, ruleset)
    assert [s.rank for s in board] == list(range(1, len(board) + 1))
    assert [(s.wins, s.games) for s in board] == sorted(((s.wins, s.games) for s in board), reverse=True)
    assert sum(s.wins for s in board) == total_wins and len(board) == min(len(players), profiles.BOARD)


async def test_a_profile_counts_several_games_and_a_leaderboard_belongs_to_its_server(db):
    """Two games of one game (Battle Royale: 8 steps, where a card game takes a hundred; what each game adds to
    a profile is the parametrized test's) add up on the same player's profile and record."""
    first = await simulation.simulate(db, 4, seed=5, ruleset="battle_royale")
    second = await simulation.simulate(db, 4, seed=6, ruleset="battle_royale")
    user = simulation.USER_BASE  # the first computer player of both games
    shown = await profiles.profile(db, user)
    assert [(s.ruleset, s.games) for s in shown.games] == [("battle_royale", 2)]
    assert (await records.record_of(db, user)).games_finished == 2
    assert await profiles.leaderboard(db, 4242, "battle_royale") == []  # games outside any server: board 0
    assert len(await profiles.leaderboard(db, 0, "battle_royale")) == 4
    assert first.game_id != second.game_id

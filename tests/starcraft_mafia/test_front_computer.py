"""The front's computer players and studies: sign-ups with class requests (rulings, "Players, teams,
classes"), legal orders every day from the scripted players (autoplayer.py), the outcome by team (rulings,
"End": a team wins with its dead) and `brbot balance`'s studies, the same for the same seed."""

from __future__ import annotations

from engine import simulate
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.play import PLAY
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia import studies as computer
from engine.rulesets.starcraft_mafia.front.game import FRONT
from engine.rulesets.starcraft_mafia.ruleset import StarCraftMafia

scm = StarCraftMafia()


def test_computer_signups_ask_for_real_classes_as_the_bot_does():
    signups = PLAY.computer_signups(20, RecordingRng(4))
    assert [s.seat for s in signups] == [f"p{i:03d}" for i in range(20)]
    assert len({s.name for s in signups}) == 20
    asked = [s.requests["role"] for s in signups if s.requests]
    assert asked and set(asked) <= set(catalog().class_ids())
    assert PLAY.has_computer_players


def test_every_computer_order_is_legal_and_games_end(monkeypatch):
    """Whole games through `engine.simulate.play` (the registry's front): the autoplayer's orders pass
    `validate` every day, and each game ends with the winning team's seats, its dead included."""
    checked = 0
    for players, seed in ((5, 1), (12, 2), (20, 3)):
        for state, _events in simulate.play(players, seed, ruleset="starcraft_mafia"):
            if scm.is_over(state):
                break
            for seat in scm.awaiting(state):
                orders = scm.parse_orders(PLAY.computer_orders(state, seat, RecordingRng(seed)))
                assert scm.validate(state, seat, orders) is None
                checked += 1
        outcome = PLAY.outcome(state)
        if state.end_reason in ("infested", "human"):
            team = {p.id for p in state.players.values() if p.team == state.end_reason}
            assert set(outcome["winners"]) == team
        assert set(outcome["survivors"]) == {p.id for p in state.living()}
        assert PLAY.length(state) == 30 and 1 <= state.day <= 30
    assert checked > 50


def test_studies_are_the_same_for_the_same_seed_and_count_each_kind_of_order():
    first = PLAY.studies(1, 5)
    assert first == PLAY.studies(1, 5)
    assert first != PLAY.studies(1, 6)
    actions = next(rows for name, rows in first.items() if name.startswith("% of orders"))
    assert {"attack", "sleep", "infest"} <= set(actions)


def test_the_study_caps_its_games_per_player_count(monkeypatch):
    """`brbot balance`'s default 100,000 trials would take hours: a study plays at most GAMES_MAX games for
    each player count from 5 to 20."""
    played: list[int] = []
    one = computer.play_one(5, 1)

    def counted(players: int, seed: int, settings=None):
        played.append(players)
        return one

    monkeypatch.setattr(computer, "play_one", counted)
    studies = computer.studies(100_000, 1)
    assert len(played) == 16 * computer.GAMES_MAX and sorted(set(played)) == list(range(5, 21))
    assert "win % by players (games played: 100)" in studies

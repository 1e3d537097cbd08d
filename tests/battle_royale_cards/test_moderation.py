"""A moderator removes a player (rulings, "Timer, idle, visibility": "A substitute takes the seat and its cards;
a removed player's cards leave the game")."""

from __future__ import annotations

import pytest

from engine.rng import RecordingRng
from engine.ruleset import ModerationRefused
from engine.rulesets.battle_royale_cards.front.game import FRONT
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from tests.battle_royale_cards.helpers import ready, roster


def test_a_removed_players_cards_leave_the_game():
    state = ready(n=3, active={"s1": [1, 2]}, aside={"s1": [3]})
    result = RULESET.moderate(state, "remove", {"seat": "s1"})
    new = result.state
    assert "s1" not in new.players and new.order == ["s0", "s2"]
    assert all(c not in new.board.values() for c in (1, 2, 3))  # not back on the grid
    assert result.events[0].text == "P1 has left the game; 3 cards leave with them."
    assert "s1" in state.players  # the input is untouched
    assert RULESET.awaiting(new) == ["s0"]


def test_removing_the_player_whose_turn_it_is_starts_the_next_turn():
    state = ready(n=3)
    new = RULESET.moderate(state, "remove", {"seat": "s0"}).state
    assert RULESET.awaiting(new) == ["s1"] and not new.turn.preturn_done
    last = ready(n=3)
    last.turn.seat = "s2"
    new = RULESET.moderate(last, "remove", {"seat": "s2"}).state
    assert RULESET.awaiting(new) == ["s0"] and new.round == 2


def test_removing_during_placement_and_down_to_one_player():
    state = RULESET.new_game(roster(3), CardSettings(), RecordingRng(1)).state
    placer, second, third = state.order
    new = RULESET.moderate(state, "remove", {"seat": placer}).state
    assert RULESET.awaiting(new) == [second] and new.phase == "placement"
    two = ready(n=2, active={"s0": [1], "s1": [3]})
    over = RULESET.moderate(two, "remove", {"seat": "s1"}).state
    assert over.phase == "over" and over.winners == ["s0"] and over.scores == {"s0": 7}


def test_refusals_and_the_declaration():
    state = ready(n=2)
    with pytest.raises(ModerationRefused, match="not playing"):
        RULESET.moderate(state, "remove", {"seat": "s9"})
    with pytest.raises(ModerationRefused, match="no moderator action 'kill'"):
        RULESET.moderate(state, "kill", {"seat": "s0"})
    assert [m.name for m in FRONT.moderation] == ["remove"]

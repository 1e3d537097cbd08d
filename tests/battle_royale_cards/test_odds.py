"""Statistics: card-attack win rates by worth against the exact 3d6 odds (text, 3.3: 3 dice at or above the
worth, or three of a kind), battle odds against simulated battles (text, 3.4), fixed seeds, enough trials."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import pytest

from engine.rng import RecordingRng
from engine.rulesets.battle_royale_cards.combat import attack_card, battle
from engine.rulesets.battle_royale_cards.odds import battle_chance, card_chance, die, round_chances
from tests.battle_royale_cards.helpers import ready, square_of

TRIALS = 4000


def test_exact_card_odds():
    """3d6 >= worth or three of a kind: by enumeration of the 216 throws."""
    assert card_chance(10) == pytest.approx(138 / 216)  # 135 sums of 10 or more + 111, 222, 333
    assert card_chance(12) == pytest.approx(84 / 216)
    assert card_chance(18) == pytest.approx(6 / 216)  # 666, and the five other triples
    assert card_chance(18, triples=False) == pytest.approx(1 / 216)
    assert card_chance(5) == pytest.approx(1 - 3 / 216)  # all but the 3 orders of 1+1+2 (1+1+1 wins)
    throws = list(product(range(1, 7), repeat=3))
    for worth in range(3, 19):
        exact = Fraction(sum(1 for d in throws if sum(d) >= worth or len(set(d)) == 1), 216)
        assert card_chance(worth) == pytest.approx(float(exact))


@pytest.mark.parametrize("bonus_cards", [[], [9]], ids=["no bonus", "crowbar +2"])
def test_card_attack_win_rates_by_worth_match_the_exact_odds(bonus_cards):
    """Every worth of the default deck, attacked TRIALS times with a fixed seed: the win rate is within 4
    standard errors of the exact chance."""
    state = ready(active={"s0": list(bonus_cards)})
    deck = state.settings.deck
    rng = RecordingRng(2026, record=False)
    bonus = sum(deck.card(c).card_attack for c in bonus_cards)
    worths = sorted({deck.card(c).worth for c in state.board.values() if c is not None})
    assert worths == [5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
    player = state.players["s0"]
    for worth in worths:
        card = next(c for c in state.board.values() if c is not None and deck.card(c).worth == worth)
        square = square_of(card)
        player.square, wins = square, 0
        for _ in range(TRIALS):
            player.alive = True
            if attack_card(state, player, rng, []):
                wins += 1
                player.active.remove(card)
                state.board[square] = card
        expected = card_chance(worth, bonus)
        error = math.sqrt(expected * (1 - expected) / TRIALS)
        assert abs(wins / TRIALS - expected) <= 4 * error + 1e-9, (worth, wins / TRIALS, expected)


def test_battle_odds_match_simulated_battles():
    """A card-less attacker (lower of two dice) against a Katana holder with a Pot Lid, and an even battle."""
    assert battle_chance(*round_chances(die(), 0, die(), 0), 3, 3) == pytest.approx(0.5)
    low = die(lower_of_two=True)
    assert sum(low.values()) == pytest.approx(1) and low[1] == pytest.approx(11 / 36)
    cases = [([], [13, 14]), ([11], [])]
    rng = RecordingRng(7, record=False)
    for mine, theirs in cases:
        expected = battle_chance(
            *round_chances(die(lower_of_two=not mine), sum(1 for _ in mine), die(), 2 if 13 in theirs else 0),
            3 + (1 if 14 in theirs else 0),
            3,
        )
        wins = 0
        fresh = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": list(mine), "s1": list(theirs)})
        for _ in range(TRIALS):
            state = fresh.model_copy()
            state.players = {s: p.model_copy(deep=True) for s, p in fresh.players.items()}
            if battle(state, state.players["s0"], state.players["s1"], rng, []).seat == "s0":
                wins += 1
        error = math.sqrt(expected * (1 - expected) / TRIALS)
        assert abs(wins / TRIALS - expected) <= 4 * error, (mine, theirs, wins / TRIALS, expected)

"""`brbot balance` studies of the card game: card-attack win rates by worth against the exact 3d6 odds, and
whole games of computer players: their length and the first player's advantage."""

from __future__ import annotations

import math
from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale_cards.combat import attack_card
from engine.rulesets.battle_royale_cards.front.texts import text
from engine.rulesets.battle_royale_cards.odds import card_chance
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings
from engine.rulesets.battle_royale_cards.state import CardState, Turn

Rows = dict[str, dict[str, Any]]


def card_attack_study(trials: int, seed: int) -> Rows:
    """Each worth of the default deck attacked `trials` times with no bonus."""
    rng = RecordingRng(seed, record=False)
    layout = list(range(1, 26))
    state, _ = _game(2, seed, CardSettings(layout=layout, placement="spread"))
    state.turn = Turn(seat=state.order[0], preturn_done=True, actions=trials)
    player = state.players[state.order[0]]
    deck = state.settings.deck
    rows: Rows = {}
    for worth in sorted({c.worth for c in deck.cards}):
        card = next(c.id for c in deck.cards if c.worth == worth)
        square = next(s for s, c in state.board.items() if c == card)
        player.square, wins = square, 0
        for _ in range(trials):
            player.alive = True
            if attack_card(state, player, rng, []):
                wins += 1
                player.active.remove(card)
                state.board[square] = card
        rows[text("study_worth", worth=worth)] = {
            "measured": round(wins / trials, 4),
            "expected": round(card_chance(worth), 4),
        }
    return rows


def _game(players: int, seed: int, settings: CardSettings) -> tuple[CardState, list[Any]]:
    roster = [SignUp(seat=f"s{n}", name=f"Player {n + 1}") for n in range(players)]
    result = RULESET.new_game(roster, settings, RecordingRng(seed))
    return result.state, result.events


def game_study(games: int, seed: int, players: int = 4) -> Rows:
    """Whole games: rounds on average (against the round limit, the only figure the rules give), and how often
    the player in each place of the turn order wins (fair: 1 / players; a shared win counts for each winner),
    with two standard errors of that rate, so a difference larger than that is an advantage, not chance."""
    rounds = 0
    wins = [0] * players
    for g in range(games):
        state, _ = _game(players, seed + g, CardSettings())
        n = 0
        while not RULESET.is_over(state):
            (seat,) = RULESET.awaiting(state)
            rng = RecordingRng(f"{seed + g}-{n}", record=False)
            state = RULESET.resolve(state, {seat: RULESET.computer_orders(state, seat, rng)}, rng).state
            n += 1
        rounds += state.round
        for place, seat in enumerate(state.order):
            wins[place] += seat in state.winners
    fair = 1 / players
    margin = round(2 * math.sqrt(fair * (1 - fair) / games), 3)
    rows: Rows = {
        "rounds (against the limit)": {"measured": round(rounds / games, 2), "expected": CardSettings().max_rounds}
    }
    for place, won in enumerate(wins, start=1):
        name = text("study_place", place=place, games=games, margin=margin)
        rows[name] = {"measured": round(won / games, 3), "expected": round(fair, 3), "margin": margin}
    return rows

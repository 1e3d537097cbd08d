"""How the card game is played by the computer and judged at its end (`engine.play.Play`): the computer players
(`autoplayer.py`, through the ruleset's `computer_orders`), their sign-ups, the winners and survivors, and the
studies of `brbot balance` (`studies.py`)."""

from __future__ import annotations

from typing import Any

from engine.play import Play, Studies
from engine.rng import RecordingRng
from engine.ruleset import SignUp


def orders_for(state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
    from engine.rulesets.battle_royale_cards.ruleset import RULESET

    return RULESET.computer_orders(state, seat, rng).model_dump(mode="json", exclude_none=True)


def signups(players: int, rng: RecordingRng, settings: Any = None) -> list[Any]:
    return [SignUp(seat=f"s{n:03d}", name=f"Player {n}") for n in range(1, players + 1)]


def outcome(state: Any) -> dict[str, list[str]]:
    return {"winners": list(state.winners), "survivors": [s for s, p in sorted(state.players.items()) if p.alive]}


def sides(state: Any) -> dict[str, str]:
    """Each player's place in the turn order (`turn_1`: the first to play; rulings, "Before the game"). Every
    player is for themselves (the last standing, or the most cards, wins), so no team is a side; what tells
    one seat from another is when it plays, and a setup's balance is the first player's chance to win beside
    the last's."""
    return {seat: f"turn_{place}" for place, seat in enumerate(state.order, start=1)}


def studies(trials: int, seed: int, settings: dict[str, Any] | None = None) -> Studies:
    from engine.rulesets.battle_royale_cards.studies import card_attack_study, game_study

    return {
        "card attacks": card_attack_study(trials, seed),
        "games": game_study(max(1, min(400, trials // 250)), seed),
    }


PLAY = Play(outcome=outcome, autoplayer=orders_for, signups=signups, studies=studies, sides=sides)

"""The end of the game (text, 4; rulings, "End of the game"), checked after every step, and the scores.

(a) No card left on the grid: the game ends; a score is the sum of the printed worths of all a player's cards;
highest wins, then most cards, then a shared win. (b) One card left and one player holds at least 4 more
cards than every other: the game ends at once and that player wins. The round limit ends it as (a).
"""

from __future__ import annotations

from engine.events import Event
from engine.keyed import joined
from engine.rulesets.battle_royale_cards.news import public
from engine.rulesets.battle_royale_cards.state import CardState
from engine.rulesets.battle_royale_cards.texts import say

LEAD_TO_WIN = 4  # "the player with the most cards has 4 more cards than the player with the second-highest"


def check_end(state: CardState, events: list[Event]) -> bool:
    """End the game if (a) or (b) holds now; True if it is over."""
    if state.phase == "over":
        return True
    left = state.cards_left()
    if not left:
        finish(state, "a", events)
    elif len(left) == 1:
        counts = sorted(((len(p.cards()), s) for s, p in state.players.items()), reverse=True)
        if len(counts) >= 2 and counts[0][0] - counts[1][0] >= LEAD_TO_WIN:
            finish(state, "b", events, leader=counts[0][1])
    return state.phase == "over"


def scores(state: CardState) -> dict[str, int]:
    deck = state.settings.deck
    return {s: sum(deck.card(c).worth for c in p.cards()) for s, p in sorted(state.players.items())}


def finish(state: CardState, reason: str, events: list[Event], leader: str | None = None) -> None:
    """Score everyone and name the winners: the (b) leader, else the highest score, then the most cards."""
    state.phase, state.end, state.turn = "over", reason, None
    state.scores = scores(state)
    if leader is not None:
        state.winners = [leader]
    else:
        best = max((state.scores[s], len(p.cards())) for s, p in state.players.items())
        state.winners = [s for s in state.order if (state.scores[s], len(state.players[s].cards())) == best]
    lines = joined(
        ", ",
        [
            f"{state.players[s].name} {state.scores[s]} ({len(state.players[s].cards())})"
            for s in sorted(state.order, key=lambda s: (-state.scores[s], state.order.index(s)))
        ],
    )
    names = joined(say("and"), [state.players[s].name for s in state.winners])
    events.append(
        public(
            "game_over",
            f"over_{reason}",
            {"scores": state.scores, "winners": state.winners, "end": reason},
            scores=lines,
            winners=names,
        )
    )

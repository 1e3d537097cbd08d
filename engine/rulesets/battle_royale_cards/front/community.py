"""What the card game tells the bot's shared community features (`engine.front.Community`): battles won as its
headline figure, and hidden information (the cards set aside). Winners and survivors: `CardsPlay.outcome`."""

from __future__ import annotations

from engine.front import Community, Counted
from engine.rulesets.battle_royale_cards.front.texts import text

COMMUNITY = Community(
    counted=(Counted(text("profile_battles"), ("battle",), "winner"),),
    hidden=True,
    sides={f"turn_{place}": text(f"side_turn_{place}") for place in range(1, 7)},  # `CardsPlay.sides`
)

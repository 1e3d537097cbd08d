"""Every `name = value` setting of the card game's rulings, named exactly as the rulings spell them.

A moderator may override any of these when creating a game; docs/rules/battle-royale-cards.md lists each one.
`deck` is a table (a moderator loads another deck file); `layout` is "random" or a fixed layout, the 25 card
ids in reading order (`catalog.parse_layout` reads one from a file).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.rulesets.battle_royale_cards.catalog import Deck, default_deck, parse_layout


class CardSettings(BaseModel):
    """House rules of a card game. Field descriptions are the player-facing explanation."""

    model_config = ConfigDict(extra="forbid")

    min_players: int = Field(2, ge=2, le=6, description="Fewest players a game starts with.")
    max_players: int = Field(6, ge=2, le=6, description="Most players a game starts with.")
    layout: Literal["random"] | list[int] = Field(
        "random", description="How the cards are laid: shuffled, or a fixed layout (card ids in reading order)."
    )
    placement: Literal["choose", "spread"] = Field(
        "choose",
        description="Starting squares: each player picks a free outer square in turn order ('spread': the default "
        "squares, spread around the edge, with no choice).",
    )
    actions_per_turn: int = Field(2, ge=1, le=10, description="Actions each turn, before card bonuses.")
    movements_per_turn: int = Field(0, ge=0, le=10, description="Movements each turn, before card bonuses.")
    deck: Deck = Field(default_factory=default_deck, description="The 25 cards and their abilities.")
    go_die: Literal["preference_then_random", "random"] = Field(
        "preference_then_random",
        description="Where a battle's loser goes to die: the first square of their standing direction list, else "
        "a random adjacent square ('random': always a random adjacent square).",
    )
    max_rounds: int = Field(60, ge=1, le=1000, description="Rounds of turns after which the game ends and is scored.")
    turn_hours: int = Field(24, ge=1, le=168, description="Hours a turn lasts before it is played by default.")
    idle_alert_turns: int = Field(
        3, ge=1, le=50, description="Timed-out turns in a row after which the moderators are told."
    )
    show_drinking_table: bool = Field(False, description="Show the resurrection price list after each resurrection.")

    @model_validator(mode="before")
    @classmethod
    def _layout_names(cls, data: Any) -> Any:
        """A fixed layout may name cards by id or name, as a list or as text (`/game settings layout`: commas
        between cards, or spaces when there is none)."""
        if isinstance(data, dict) and data.get("layout") not in (None, "random"):
            data = dict(data)
            data["layout"] = _layout_ids(data["layout"], data.get("deck"))
        return data

    @model_validator(mode="after")
    def _consistent(self) -> CardSettings:
        if self.min_players > self.max_players:
            raise ValueError(f"min_players ({self.min_players}) is above max_players ({self.max_players})")
        if self.layout != "random":
            self.layout = parse_layout(list(self.layout), self.deck)
        return self


def _layout_ids(raw: Any, deck: Any) -> Any:
    """A fixed layout's card ids from ids or names (a list, or text), against the deck given or the default."""
    if isinstance(raw, str):
        if raw.strip().lower() == "random":
            return "random"
        raw = [p.strip() for p in (raw.split(",") if "," in raw else raw.split()) if p.strip()]
    if not isinstance(raw, list):
        return raw  # the field's own check refuses it
    if deck is None:
        chosen = default_deck()
    elif isinstance(deck, Deck):
        chosen = deck
    else:
        try:
            chosen = Deck.model_validate(deck)
        except ValueError:
            return raw  # the deck's own error is reported
    return parse_layout(raw, chosen)

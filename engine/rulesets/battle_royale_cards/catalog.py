"""The deck: cards and their abilities as data (`data/deck.yaml`, the rulings' default deck), validated on load.

A card is a worth and a set of effect fields; only active cards have effects (rulings, "Cards"). A deck that
breaks a rule (not 25 cards for the 25 squares, an id or name listed twice, a worth no roll can reach, a
curse-only effect on a card that is not a Curse) is refused with a clear error naming what is wrong. A fixed
layout (`parse_layout`) is a list of 25 card ids or names in reading order, or a mapping square -> card.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from engine.digits import whole
from engine.keyed import name_fields
from engine.rulesets.battle_royale_cards import grid

DATA = Path(__file__).parent / "data"
DOMAIN = "battle_royale_cards.data"  # the cards' names as texts of a catalogue (`names.py`, docs/languages.md)
SQUARE_COUNT = len(grid.SQUARES)


class CardDef(BaseModel):
    """One card. Effect fields are 0/False unless the card has them; same-kind bonuses add up."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: int = Field(ge=1)
    name: str = Field(min_length=1, max_length=40)
    worth: int = Field(ge=1, le=18, description="Printed worth: 3 dice plus bonuses must reach it.")
    ability: str = Field("", max_length=200, description="The ability as players read it.")
    curse: bool = False
    movements: int = Field(0, ge=0, le=5, description="Extra movements each turn.")
    actions: int = Field(0, ge=0, le=5, description="Extra actions each turn.")
    card_attack: int = Field(0, ge=-5, le=5, description="Added to card attacks.")
    battle_die: int = Field(0, ge=-5, le=5, description="Added to your battle die.")
    shield: int = Field(0, ge=0, le=5, description="Extra round wins an opponent needs.")
    grapple: bool = False  # once per turn: move to any square for free
    reroll: bool = False  # once per turn: a failed card attack is re-rolled at once
    pickpocket: bool = False  # winning a battle takes the loser's highest-worth active card
    free_resurrect: bool = False  # resurrecting costs no action
    reach: bool = False  # may attack a player on an adjacent square
    smoke: bool = False  # losing a battle, the winner takes no card
    forfeit: bool = False  # Curse: losing a battle, the winner takes this card
    orthogonal: bool = False  # Curse: no diagonal moves
    resurrect_actions: int = Field(0, ge=0, le=5, description="Curse: resurrecting costs this many actions.")
    no_triples: bool = False  # Curse: three of a kind does not win a card

    @model_validator(mode="after")
    def _curses(self) -> CardDef:
        cursed = [f for f in ("forfeit", "orthogonal", "resurrect_actions", "no_triples") if getattr(self, f)]
        if cursed and not self.curse:
            raise ValueError(f"card {self.id} ({self.name}) has the Curse effect {cursed[0]} but is not a Curse")
        return name_fields(self, DOMAIN, name="card", ability="card_text")


class Deck(BaseModel):
    """The cards laid on the grid: exactly one per square."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cards: list[CardDef]
    _by_id: dict[int, CardDef] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Deck:
        if len(self.cards) != SQUARE_COUNT:
            raise ValueError(
                f"a deck needs exactly {SQUARE_COUNT} cards, one per square; this one has {len(self.cards)}"
            )
        _unique("card id", [c.id for c in self.cards])
        _unique("card name", [c.name.lower() for c in self.cards])
        return self

    def model_post_init(self, context: Any) -> None:
        self._by_id = {c.id: c for c in self.cards}

    def card(self, card_id: int) -> CardDef:
        private = self.__pydantic_private__  # read directly: the attribute path costs ten times more, per roll
        assert private is not None
        return private["_by_id"][card_id]

    def ids(self) -> list[int]:
        return [c.id for c in self.cards]

    def find(self, wanted: int | str) -> CardDef | None:
        """A card by id, or by name in any case."""
        if isinstance(wanted, int):
            return next((c for c in self.cards if c.id == wanted), None)
        text = str(wanted).strip().lower()
        number = whole(text)  # ASCII digits only: "²" is a name (no card's), not a number
        if number is not None:
            return self.find(number)
        return next((c for c in self.cards if c.name.lower() == text), None)


def _unique(what: str, values: list[Any]) -> None:
    seen: set[Any] = set()
    for v in values:
        if v in seen:
            raise ValueError(f"{what} {v!r} is listed twice")
        seen.add(v)


def parse(raw: Any) -> Deck:
    """Validate a deck already read from YAML or JSON; raises ValueError (pydantic's) with the reason."""
    if isinstance(raw, list):
        raw = {"cards": raw}
    if not isinstance(raw, dict):
        raise ValueError("a deck must be a mapping with a list of 'cards' (id, name, worth and effects)")
    return Deck.model_validate(raw)


def load(path: Path | str | None = None) -> Deck:
    """The package's deck, or another one from a YAML or JSON file (JSON is valid YAML)."""
    with Path(path or DATA / "deck.yaml").open(encoding="utf-8") as handle:
        return parse(yaml.safe_load(handle))


@cache
def default_deck() -> Deck:
    return load()


def parse_layout(raw: Any, deck: Deck) -> list[int]:
    """A fixed layout as card ids in reading order (A4, B3, B4 ... G4); raises ValueError with the reason."""
    if isinstance(raw, dict):
        unknown = sorted(str(s) for s in raw if not grid.is_square(str(s)))
        if unknown:
            raise ValueError(f"the layout names squares that are not on the grid: {', '.join(unknown)}")
        missing = [s for s in grid.SQUARES if s not in raw]
        if missing:
            raise ValueError(f"the layout gives no card for {', '.join(missing)}")
        raw = [raw[s] for s in grid.SQUARES]
    if not isinstance(raw, list):
        raise ValueError("a layout is a list of 25 cards in reading order or a mapping of square to card")
    if len(raw) != SQUARE_COUNT:
        raise ValueError(f"a layout needs {SQUARE_COUNT} cards, one per square; this one has {len(raw)}")
    ids: list[int] = []
    for square, wanted in zip(grid.SQUARES, raw, strict=True):
        found = deck.find(wanted)
        if found is None:
            raise ValueError(f"the layout puts {wanted!r} on {square}, which is not a card of the deck")
        ids.append(found.id)
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        names = ", ".join(deck.card(i).name for i in doubled)
        raise ValueError(f"the layout lays a card twice: {names}")
    return ids

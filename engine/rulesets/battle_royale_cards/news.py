"""Events of the card game with their audiences: `public`, `private` (some players), `moderators`.

Every sentence comes from text.py; `data` carries the structured facts (card ids under "card" only when
the audience may know the card).
"""

from __future__ import annotations

from typing import Any

from engine.events import MODERATORS, PUBLIC, Event, make_event, to_players
from engine.rulesets.battle_royale_cards.texts import say


def public(kind: str, key: str, data: dict[str, Any] | None = None, **values: object) -> Event:
    return make_event(kind, PUBLIC, say(key, **values), data)


def private(seats: list[str], kind: str, key: str, data: dict[str, Any] | None = None, **values: object) -> Event:
    return make_event(kind, to_players(*seats), say(key, **values), data)


def moderators(kind: str, key: str, data: dict[str, Any] | None = None, **values: object) -> Event:
    return make_event(kind, MODERATORS, say(key, **values), data)

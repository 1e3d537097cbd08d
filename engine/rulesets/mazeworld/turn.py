"""The working context of one resolution: a private copy of the state being changed, the rng, and the events
with the audiences of the rulings' Visibility section: `public` (everyone), `private` (the controller of one
contestant: own Pain %, limbs, ammunition, cleanliness) and `moderators` (NPC orders and rolls, hidden rolls,
counts and numbers); `about` and `between` keep a creature in stealth out of public lines. Also the dice
helpers every step uses, each roll labelled."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.events import MODERATORS, PUBLIC, Event, make_event, to_players
from engine.rng import RecordingRng
from engine.rulesets.mazeworld.state import Creature, MazeState
from engine.rulesets.mazeworld.texts import text


@dataclass
class Turn:
    state: MazeState
    rng: RecordingRng
    events: list[Event] = field(default_factory=list)
    queued: list[Any] = field(default_factory=list)  # hits held back under `damage_timing = end_of_turn`
    attackers: list[str] = field(default_factory=list)  # who made an attack this turn (not an execution)

    def _add(self, kind: str, audience: Any, key: str, data: dict[str, Any] | None, values: dict[str, Any]) -> None:
        self.events.append(make_event(kind, audience, text(key, **values), data, self.state.day, self.state.phase))

    def public(self, kind: str, key: str, data: dict[str, Any] | None = None, **values: Any) -> None:
        self._add(kind, PUBLIC, key, data, values)

    def private(
        self, creature: Creature, kind: str, key: str, data: dict[str, Any] | None = None, **values: Any
    ) -> None:
        """To the player controlling `creature` (nobody else: an NPC's private facts go to moderators)."""
        audience = to_players(creature.controller) if creature.controller else MODERATORS
        self._add(kind, audience, key, data, values)

    def about(self, creature: Creature, kind: str, key: str, data: dict[str, Any] | None = None, **values: Any) -> None:
        """What a creature does: public, unless it is in stealth (then its own player, or the moderators)."""
        if not creature.stealth:
            self._add(kind, PUBLIC, key, data, values)
        else:
            self.private(creature, kind, key, data, **values)

    def between(
        self, actor: Creature, other: Creature, kind: str, key: str, data: dict[str, Any] | None = None, **values: Any
    ) -> None:
        """What `actor` does to `other` (an attack, a kill): public unless one of them is in stealth, since a
        creature in stealth is never named in public before it is seen. A hidden actor: only its own player
        or the moderators learn it (not even its target). A hidden `other`, which the actor sees since it
        chose it: the actor's and the other's players, and the moderators for an NPC among them."""
        if actor.stealth:
            self.private(actor, kind, key, data, **values)
            return
        if not other.stealth:
            self._add(kind, PUBLIC, key, data, values)
            return
        seats = sorted({c.controller for c in (actor, other) if c.controller})
        if seats:
            self._add(kind, to_players(*seats), key, data, values)
        if any(c.controller is None for c in (actor, other)):
            self._add(kind, MODERATORS, key, data, values)

    def moderators(self, kind: str, key: str, data: dict[str, Any] | None = None, **values: Any) -> None:
        self._add(kind, MODERATORS, key, data, values)

    def d(self, sides: int, purpose: str) -> int:
        return self.rng.randint(1, sides, purpose)

    def two_d6(self, purpose: str) -> int:
        return self.d(6, purpose + " 2d6 a") + self.d(6, purpose + " 2d6 b")

"""One night of Battle Royale, resolved in the handbook's order (section F, and our rulings).

1. free actions  2. Use Item and Heal  3. Smoke Grenades  4. attacks by class (Ranged, Melee,
Explosives; Melee first in the Forest)  5. Set Trap, Search, Analyze, Poison  6. movement
7. C-4  8. votes (marks, reward drop, closures); then the private night reports and the end check.

`Night` is the working context: a private copy of the state, the effective orders, the rng, the
events produced so far, and the damage bookkeeping (`harm`) that `deaths.settle` turns into deaths at
the end of a step.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.events import MODERATORS, PUBLIC, Event, make_event, to_players
from engine.rng import RecordingRng
from engine.rulesets.battle_royale.orders import NightOrders
from engine.rulesets.battle_royale.rules import NightPosture
from engine.rulesets.battle_royale.state import BRState, Student
from engine.rulesets.battle_royale.text import say


@dataclass
class Kill:
    victim: str
    killer: str | None
    zone: int
    cause: str
    by_trap: bool = False


@dataclass
class Night:
    state: BRState
    orders: dict[str, NightOrders]
    rng: RecordingRng
    events: list[Event] = field(default_factory=list)
    postures: dict[str, NightPosture] = field(default_factory=dict)
    start_zone: dict[str, int] = field(default_factory=dict)
    kills: list[Kill] = field(default_factory=list)
    lid_used: set[str] = field(default_factory=set)
    escaping: list[str] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)
    fired: set[str] = field(default_factory=set)
    melee_intent: dict[str, frozenset[str]] = field(default_factory=dict)
    cover_choice: dict[str, str | None] = field(default_factory=dict)
    began_on_island: list[str] = field(default_factory=list)
    _hits: dict[str, list[str]] = field(default_factory=dict)

    @property
    def day(self) -> int:
        return self.state.day

    def s(self, sid: str) -> Student:
        return self.state.students[sid]

    def name(self, sid: str) -> str:
        return self.state.students[sid].name

    def zone_name(self, zone_id: int) -> str:
        return self.state.island.zone(zone_id).name

    # --- events -------------------------------------------------------------------------------
    def _event(self, kind: str, audience, key: str, data: dict | None, **values: object) -> None:
        self.events.append(make_event(kind, audience, say(key, **values), data, self.day, "night"))

    def tell(self, ids: list[str] | str, kind: str, key: str, data: dict | None = None, **values: object) -> None:
        ids = [ids] if isinstance(ids, str) else ids
        self._event(kind, to_players(*ids), key, data, **values)

    def tell_text(self, sid: str, kind: str, text: str, data: dict | None = None) -> None:
        self.events.append(make_event(kind, to_players(sid), text, data, self.day, "night"))

    def announce(self, kind: str, key: str, data: dict | None = None, **values: object) -> None:
        self._event(kind, PUBLIC, key, data, **values)

    def moderators(self, kind: str, key: str, data: dict | None = None, **values: object) -> None:
        self._event(kind, MODERATORS, key, data, **values)

    # --- damage and deaths --------------------------------------------------------------------
    def took_part(self, sid: str) -> bool:
        """On the island when the night began: only such students hear about tonight's outcomes."""
        return sid in self.began_on_island

    def standing(self) -> set[str]:
        """Students who take part in the current step: alive and on the island at its start."""
        return {s.id for s in self.state.active()}

    def harm(self, victim: str, amount: int, source: str | None) -> None:
        """Deal damage now; deaths are settled at the end of the step (steps are simultaneous)."""
        if amount <= 0:
            return
        self.s(victim).hp -= amount
        if source is not None:
            self._hits.setdefault(victim, []).append(source)

    def hits_taken(self) -> dict[str, list[str]]:
        """Who hurt each student this step, by `harm`; forgotten once read (`deaths.settle` ends the step)."""
        hits, self._hits = self._hits, {}
        return hits

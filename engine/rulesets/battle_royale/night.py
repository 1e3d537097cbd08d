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
from engine.rulesets.battle_royale.texts import say


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
    _began: tuple[list[str], frozenset[str]] | None = None  # began_on_island as a set, for took_part
    _covers: dict[str, list[str]] | None = None  # target -> who set out to cover them, for combat

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
        if self._began is None or self._began[0] is not self.began_on_island:
            self._began = (self.began_on_island, frozenset(self.began_on_island))
        return sid in self._began[1]

    def covers(self) -> dict[str, list[str]]:
        """Target -> the students whose orders cover them, in id order (orders are fixed for the night)."""
        if self._covers is None:
            self._covers = {}
            for sid, posture in sorted(self.postures.items()):
                if posture.covering is not None:
                    self._covers.setdefault(posture.covering, []).append(sid)
        return self._covers

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

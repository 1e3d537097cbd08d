"""The seeded random source every ruleset draws from, recording each roll for audit and replay.

A `RecordingRng` wraps `random.Random(seed)`. Every draw names what it is for and is appended to
`rolls`, so a moderator can see why something happened, and a replay with the same seed gives the
same rolls in the same order. Nothing in `engine/` may use the module-level `random` functions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded draw: what it was for, the chance or dice, and the result.

    A plain dataclass, not a pydantic model: a night records hundreds of rolls and this is on their path.
    `as_dict()` gives its JSON form for the audit log.
    """

    purpose: str
    spec: str
    result: Any

    def as_dict(self) -> dict[str, Any]:
        return {"purpose": self.purpose, "spec": self.spec, "result": self.result}


class RecordingRng:
    """A seeded rng that records every draw. Pass it to the engine; never share it across threads."""

    def __init__(self, seed: int | str, record: bool = True) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self.record = record
        self.rolls: list[Roll] = []

    def _log(self, purpose: str, spec: str, result: Any) -> None:
        if self.record:  # built from trusted values: skip validation, it is on every roll's path
            self.rolls.append(Roll(purpose, spec, result))

    def percent(self, chance: int, purpose: str) -> bool:
        """True with `chance` percent probability (a d100 roll of at most `chance`)."""
        roll = self._random.randint(1, 100)
        hit = roll <= chance
        if self.record:
            self._log(purpose, f"d100<={chance}", {"roll": roll, "success": hit})
        return hit

    def randint(self, low: int, high: int, purpose: str) -> int:
        value = self._random.randint(low, high)
        self._log(purpose, f"{low}..{high}", value)
        return value

    def weighted(self, table: Sequence[tuple[T, int]], purpose: str) -> T:
        """Pick a value from (value, weight) pairs, e.g. a damage table [(1, 50), (2, 50)]."""
        total = sum(weight for _, weight in table)
        if total <= 0:
            raise ValueError("a weighted table needs a positive total weight")
        roll = self._random.randint(1, total)
        running = 0
        for value, weight in table:
            running += weight
            if roll <= running:
                if self.record:
                    self._log(purpose, "table " + "/".join(f"{v}:{w}" for v, w in table), value)
                return value
        raise AssertionError("unreachable")  # pragma: no cover

    def choice(self, options: Sequence[T], purpose: str) -> T:
        if not options:
            raise ValueError(f"nothing to choose from for {purpose}")
        value = options[self._random.randrange(len(options))]
        if self.record:
            self._log(purpose, f"one of {len(options)}", _plain(value))
        return value

    def sample(self, options: Sequence[T], count: int, purpose: str) -> list[T]:
        values = self._random.sample(list(options), count)
        self._log(purpose, f"{count} of {len(options)}", [_plain(v) for v in values])
        return values

    def shuffled(self, options: Sequence[T], purpose: str) -> list[T]:
        values = list(options)
        self._random.shuffle(values)
        self._log(purpose, f"shuffle {len(values)}", [_plain(v) for v in values])
        return values

    def getrandbits(self, bits: int, purpose: str) -> int:
        value = self._random.getrandbits(bits)
        self._log(purpose, f"{bits} bits", value)
        return value


def _plain(value: Any) -> Any:
    """How a drawn value is written in the log: plain values as they are, game objects by their id."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    for name in ("uid", "id"):
        ident = getattr(value, name, None)
        if isinstance(ident, (str, int)):
            return ident
    return str(value)

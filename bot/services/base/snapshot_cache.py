"""A bounded cache of game snapshots: least recently used first out, by size and by age.

A snapshot's size is taken as the length of its state's JSON (a parsed state takes about ten times that in
memory: 15 KB of JSON, 150 KB parsed, for a 20-player game). The cache keeps at most `max_bytes` of it and
`max_entries` snapshots, dropping the least recently used first, and drops a snapshot nobody used for
`max_age` seconds (checked on every use, by the clock it is given). The snapshot just stored always stays,
even one bigger than `max_bytes` alone (a huge game would otherwise be read again for every order). An
evicted game is simply read again from the database on its next use: the cache only saves work, it is never
the truth (see `snapshots`).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

MAX_BYTES = 4_000_000  # of state JSON: about 40 MB parsed, some 250 twenty-player games
MAX_ENTRIES = 1_000
MAX_AGE = 15 * 60.0  # seconds without a use


class SnapshotCache:
    def __init__(
        self,
        max_bytes: int = MAX_BYTES,
        max_entries: int = MAX_ENTRIES,
        max_age: float = MAX_AGE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self.max_age = max_age
        self.clock = clock
        self.bytes = 0
        self._entries: OrderedDict[int, tuple[Any, int, float]] = OrderedDict()  # id -> (snapshot, size, used)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, game_id: int) -> bool:
        return game_id in self._entries

    def get(self, game_id: int) -> Any | None:
        """The game's snapshot if it is cached and not too old (then it counts as just used)."""
        self._expire()
        entry = self._entries.get(game_id)
        if entry is None:
            return None
        self._entries[game_id] = (entry[0], entry[1], self.clock())
        self._entries.move_to_end(game_id)
        return entry[0]

    def peek(self, game_id: int) -> Any | None:
        """The game's cached snapshot, old or not, without counting as a use (to reuse its parsed state)."""
        entry = self._entries.get(game_id)
        return entry[0] if entry is not None else None

    def put(self, game_id: int, snap: Any, size: int) -> None:
        self.drop(game_id)
        self._entries[game_id] = (snap, size, self.clock())
        self.bytes += size
        self._expire()
        while len(self._entries) > 1 and (self.bytes > self.max_bytes or len(self._entries) > self.max_entries):
            self.drop(next(iter(self._entries)))  # the newest stays, even alone over the size

    def drop(self, game_id: int) -> None:
        entry = self._entries.pop(game_id, None)
        if entry is not None:
            self.bytes -= entry[1]

    def _expire(self) -> None:
        oldest = self.clock() - self.max_age
        while self._entries:
            game_id, (_, _, used) = next(iter(self._entries.items()))
            if used > oldest:
                return
            self.drop(game_id)

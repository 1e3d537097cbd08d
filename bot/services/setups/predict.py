"""A setup version's balance predicted (issue 32, part 3; docs/setups.md): its computer players play it, in a
worker process, never in the bot's event loop.

`start(db, version_id)` runs `predict` as a background task and returns at once (saving a setup answers at
once). Predictions queue for `WORKERS` slots (`configure`: the bot's `BRBOT_PREDICTION_WORKERS`, default 2),
each slot a worker process of its own, so up to that many predictions play at once and the others wait,
`queued`, their time limit not yet running. A worker that dies (killed, out of memory) stops the prediction it
was playing, `worker_died` with the games played so far, and no other: the slot's next prediction starts a
fresh worker. The workers run at a lower priority (`os.nice`), so on a 2-core
machine two of them use the cores the bot leaves idle and yield to the bot's event loop when it needs one.
`predict` hands batches of games to a worker process (`played`: the engine alone, no database, each
batch seeded from the version and its number, so a prediction replays), stores the figures so far after each
batch (`/setup show` shows the progress), and stops when every side's win rate is known within ±5 points at 95%
(a conservative interval: Agresti-Coull's on the side's share of wins, never narrower than a coin's), after
`MAX_GAMES`, or when `SECONDS` pass. A side is what the game declares (`Play.sides`: StarCraft Mafia's teams);
a game that declares none shows a seat's chance to win. A setup the computer players cannot play (a game with
no computer players: `NoComputerPlayers`; a GM-run fight, whose game master's side has no script:
`Play.scripted`) is stored as `unplayable`, and says so.
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.db.models import Setup, SetupPrediction, SetupVersion
from bot.db.session import Database
from engine import registry
from engine.play import NoComputerPlayers
from engine.rng import RecordingRng

log = logging.getLogger(__name__)

ANY_SEAT = "@seat"  # the side of every seat of a game that declares no sides (shown as "a seat")
WITHIN = 0.05  # the half-width a side's 95% interval must come under
Z95 = 1.96
MIN_GAMES = 40  # before this many games no interval is trusted
MAX_GAMES = 2000
BATCH = 25  # games a worker plays between two progress updates
SECONDS = 90.0  # the time limit of one prediction
PLAYERS = 12  # the players of a predicted game, within what the game takes
STALE = timedelta(minutes=10)  # a prediction `running` with no batch stored for this long was stopped
QUEUED_STALE = timedelta(hours=2)  # one `queued` this long was stopped too (a queue of 2 h: 160 saves at once)
LENGTH_MAX = 10_000  # resolutions of one simulated game before it is given up as endless


@dataclass(frozen=True)
class Prediction:
    status: str  # queued | running | done | unplayable | failed | worker_died (its worker process died)
    players: int
    games: int
    sides: dict[str, tuple[float, float]] = field(default_factory=dict)  # side -> (rate, half-width)
    length: float | None = None
    figures: dict[str, float] = field(default_factory=dict)


def players_for(ruleset: str) -> int:
    """The seats of a predicted game: `PLAYERS` within what the game takes, as many as its computer players
    sign up for (a demo fight seats its own contestants, one or two)."""
    rules = registry.get(ruleset)
    most = rules.max_players or PLAYERS
    asked = max(rules.min_players, min(PLAYERS, most))
    if not rules.play.has_computer_players:
        return asked
    return min(asked, len(rules.play.computer_signups(asked, RecordingRng(0, record=False)))) or asked


def shares(play: Any, state: Any, seats: int) -> dict[str, float]:
    """Each side's share of its seats among the winners of a finished game (`Play.sides`; a side with no seat in
    this game is left out, so it counts only the games it played); a game that declares no sides: a seat's
    chance to win, the winners' share of the game's `seats`. The measured record counts the same."""
    winners = set(play.outcome(state)["winners"])
    sides = play.sides(state) if play.sides is not None else {}
    if not sides:  # every seat its own side: a seat's chance to win
        return {ANY_SEAT: min(1.0, len(winners) / max(1, seats))}
    members: dict[str, list[str]] = {}
    for seat, side in sorted(sides.items()):
        members.setdefault(side, []).append(seat)
    return {side: sum(s in winners for s in seated) / len(seated) for side, seated in members.items()}


def scriptable(ruleset: str, settings: dict[str, Any]) -> bool:
    """Whether the game's computer players can play a setup of these settings: the game has them
    (`Play.has_computer_players`), and they play every side of it (`Play.scripted`: not a GM-run fight)."""
    rules = registry.get(ruleset)
    if not rules.play.has_computer_players:
        return False
    try:
        return bool(rules.play.scripted(rules.parse_settings(settings)))
    except ValueError:  # settings the game no longer takes: the worker's own failure says so
        return True


def played(ruleset: str, settings: dict[str, Any], players: int, seed: int, games: int) -> list[dict[str, Any]] | None:
    """`games` whole games of the setup by its computer players (the worker's side): for each, every side's share
    of its seats among the winners, the resolutions it took, and its headline figures' counts. None when the
    computer players cannot play it."""
    rules = registry.get(ruleset)
    play = rules.play
    counted = registry.front(ruleset).community.counted
    parsed = rules.parse_settings(settings)
    results = []
    if not play.scripted(parsed):
        return None
    try:
        for number in range(games):
            rng = RecordingRng(seed * 10_000 + number, record=False)
            opening = rules.new_game(play.computer_signups(players, rng, parsed), parsed, rng)
            state, events, length = opening.state, list(opening.events), 0
            while not rules.is_over(state) and length < LENGTH_MAX:
                orders = {s: rules.parse_orders(play.computer_orders(state, s, rng)) for s in rules.awaiting(state)}
                resolution = rules.resolve(state, orders, rng)
                state, length = resolution.state, length + 1
                events += resolution.events
            share = shares(play, state, players)
            figures = {str(c.label): sum(e.kind in c.kinds for e in events) for c in counted}
            results.append({"sides": share, "length": length, "figures": figures})
    except NoComputerPlayers:
        return None
    return results


def interval(total: float, games: int) -> tuple[float, float]:
    """(rate, half-width of its 95% interval) of a side that won `total` (shares summed) of `games`: Agresti-Coull's,
    which bounds the interval of any share in [0, 1] too."""
    if games <= 0:
        return 0.0, 1.0
    adjusted = (total + Z95**2 / 2) / (games + Z95**2)
    return total / games, Z95 * math.sqrt(adjusted * (1 - adjusted) / (games + Z95**2))


class _Tally:
    def __init__(self) -> None:
        self.games = 0
        self.sides: dict[str, float] = {}
        self.seen: dict[str, int] = {}  # side -> the games it had seats in (a side may sit out a game)
        self.length = 0.0
        self.figures: dict[str, float] = {}

    def add(self, results: list[dict[str, Any]]) -> None:
        for result in results:
            self.games += 1
            for side, share in result["sides"].items():
                self.sides[side] = self.sides.get(side, 0.0) + share
                self.seen[side] = self.seen.get(side, 0) + 1
            self.length += result["length"]
            for label, count in result["figures"].items():
                self.figures[label] = self.figures.get(label, 0.0) + count

    def rates(self) -> dict[str, list[float]]:
        return {
            side: [round(v, 4) for v in interval(total, self.seen[side])] for side, total in sorted(self.sides.items())
        }

    def known(self) -> bool:
        return self.games >= MIN_GAMES and all(half <= WITHIN for _, half in self.rates().values())

    def store(self, row: SetupPrediction, status: str) -> None:
        row.status, row.games, row.sides, row.updated_at = status, self.games, self.rates(), datetime.now(UTC)
        row.length = round(self.length / self.games, 2) if self.games else None
        row.figures = {k: round(v / self.games, 2) for k, v in sorted(self.figures.items())} if self.games else {}


WORKERS = 2  # predictions played at once, each in a worker process (`configure`); for a 2-core machine
NICE = 10  # how much lower the workers' priority is than the bot's

_pools: dict[int, ProcessPoolExecutor] = {}  # slot -> its worker process
_running: set[asyncio.Task] = set()
_slots: tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]] | None = None


def configure(workers: int) -> None:
    """Play up to `workers` predictions at once (the bot's setting; the workers are made anew on next use)."""
    global WORKERS, _slots
    if workers < 1:
        raise ValueError("at least one worker")
    if workers != WORKERS:
        _forget_pools()
        WORKERS, _slots = workers, None


def _lower_priority() -> None:
    """A worker's start: below the bot's priority, so a prediction never slows a command's answer."""
    if hasattr(os, "nice"):
        try:
            os.nice(NICE)
        except OSError:  # not allowed here: the worker runs at the bot's priority
            pass


def pool(slot: int = 0) -> Executor:
    """The worker process of one of the `WORKERS` slots (started on first use; `spawn`: a fresh interpreter, not
    a fork of the bot's threads). Each slot has its own, so a worker that dies (killed, out of memory) stops the
    one prediction it was playing, never the others, and the slot's next prediction starts a fresh one."""
    if slot not in _pools:
        _pools[slot] = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_lower_priority
        )
    return _pools[slot]


def _free_slots() -> asyncio.Queue[int]:
    """The queue: the slots not in use (one queue per event loop); a prediction waits for one in turn."""
    global _slots
    loop = asyncio.get_running_loop()
    if _slots is None or _slots[0] is not loop:
        free: asyncio.Queue[int] = asyncio.Queue()
        for slot in range(WORKERS):
            free.put_nowait(slot)
        _slots = (loop, free)
    return _slots[1]


@asynccontextmanager
async def _slot() -> AsyncIterator[int]:
    """One of the `WORKERS` slots, held while a prediction plays; they are handed out in the order asked."""
    free = _free_slots()
    slot = await free.get()
    try:
        yield slot
    finally:
        free.put_nowait(slot)


def _forget_pool(slot: int, broken: Executor | None = None) -> None:
    """The slot's worker stopped and forgotten (only if it is still `broken`, when given: a worker started since
    for the slot's next prediction is left alone)."""
    found = _pools.get(slot)
    if found is not None and (broken is None or found is broken):
        del _pools[slot]
        found.shutdown(wait=False, cancel_futures=True)


def _forget_pools() -> None:
    for slot in list(_pools):
        _forget_pool(slot)


def shutdown() -> None:
    """The running predictions cancelled and the workers stopped (the bot closing)."""
    for task in list(_running):
        task.cancel()
    _forget_pools()


async def _begin(db: Database, version_id: int, status: str = "running") -> tuple[str, dict[str, Any], int]:
    """The version's prediction row, `status` (`queued`, `running`) with no games yet: (game, settings, players)."""
    async with db.transaction() as session:
        version = await session.get(SetupVersion, version_id)
        assert version is not None
        setup = await session.get(Setup, version.setup_id)
        assert setup is not None
        row = await session.get(SetupPrediction, version_id)
        if row is None:
            row = SetupPrediction(version_id=version_id, sides={}, figures={})
            session.add(row)
        row.status, row.players, row.games, row.sides, row.figures, row.length = (
            status, players_for(setup.ruleset), 0, {}, {}, None
        )  # fmt: skip
        row.updated_at = datetime.now(UTC)
        return setup.ruleset, dict(version.settings), row.players


async def predict(
    db: Database,
    version_id: int,
    *,
    executor: Executor | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    on_done: Callable[[Prediction], Awaitable[None]] | None = None,
    on_batch: Callable[[int], None] | None = None,
) -> Prediction:
    """Play the version until its sides' win rates are known (see the module's docstring), once one of the
    `WORKERS` slots is free; stored as it goes. `on_done`: told the result (the cog answers the saver with it);
    `on_batch`: told the games played so far after each batch (`brbot setup import`'s progress line)."""
    async with _slot() as slot:
        done = await _predicted(db, version_id, executor or pool(slot), seconds, clock, on_batch, slot)
    if on_done is not None:
        try:
            await on_done(done)
        except Exception:  # the interaction may have expired: the result is stored all the same
            log.exception("could not tell the result of the prediction of setup version %s", version_id)
    return done


async def _predicted(
    db: Database,
    version_id: int,
    executor: Executor,
    seconds: float | None,
    clock: Callable[[], float],
    on_batch: Callable[[int], None] | None,
    slot: int,
) -> Prediction:
    ruleset, settings, players = await _begin(db, version_id)  # its time limit starts now, not when queued
    limit = SECONDS if seconds is None else seconds
    tally, status = _Tally(), "done"
    if not scriptable(ruleset, settings):
        status = "unplayable"
    else:
        loop = asyncio.get_running_loop()
        start, batch = clock(), 0
        try:
            while tally.games < MAX_GAMES and not tally.known() and clock() - start < limit:
                seed = version_id * 1000 + batch
                results = await loop.run_in_executor(executor, played, ruleset, settings, players, seed, BATCH)
                if results is None:
                    status = "unplayable"
                    break
                tally.add(results)
                batch += 1
                async with db.transaction() as session:
                    row = await session.get(SetupPrediction, version_id)
                    if row is not None:
                        tally.store(row, "running")
                if on_batch is not None:
                    on_batch(tally.games)
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:  # its worker died (killed, out of memory): the slot's next prediction starts another
            log.exception("the worker of the prediction of setup version %s died", version_id)
            _forget_pool(slot, executor)
            status = "worker_died"
        except Exception:
            log.exception("the prediction of setup version %s failed", version_id)
            status = "failed"
    async with db.transaction() as session:
        row = await session.get(SetupPrediction, version_id)
        if row is not None:
            tally.store(row, status)
    return await prediction(db, version_id) or Prediction(status, players, tally.games)


async def start(db: Database, version_id: int, **kwargs: Any) -> asyncio.Task:
    """`predict` in the background, its row already `queued` (so `/setup show` says so at once); the task is
    kept until it ends."""
    await _begin(db, version_id, "queued")
    task = asyncio.get_running_loop().create_task(predict(db, version_id, **kwargs))
    _running.add(task)
    task.add_done_callback(_running.discard)
    return task


def _shown(row: SetupPrediction) -> Prediction:
    status = row.status
    stale = {"running": STALE, "queued": QUEUED_STALE}.get(status)
    if stale is not None and row.updated_at is not None and datetime.now(UTC) - row.updated_at > stale:
        status = "failed"  # its bot stopped before it ended (a batch is stored every few seconds)
    return Prediction(
        status=status,
        players=row.players,
        games=row.games,
        sides={side: (float(v[0]), float(v[1])) for side, v in (row.sides or {}).items()},
        length=row.length,
        figures={k: float(v) for k, v in (row.figures or {}).items()},
    )


async def prediction(db: Database, version_id: int) -> Prediction | None:
    """The version's prediction as stored (None: none was made)."""
    async with db.read() as session:
        row = await session.get(SetupPrediction, version_id)
        return _shown(row) if row is not None else None


async def predictions(session: Any, version_ids: list[int]) -> dict[int, Prediction]:
    from sqlalchemy import select

    rows = await session.execute(select(SetupPrediction).where(SetupPrediction.version_id.in_(version_ids)))
    return {row.version_id: _shown(row) for row in rows.scalars()}

"""Predictions queue for `predict.WORKERS` worker processes (issue 32.3, "in a worker process, never in the
bot's event loop"; docs/setups.md): up to that many saves' predictions play at once, each within its own time
limit, and the others wait `queued` ("waiting for a free worker") until a slot is free. Every wait here is on an
event (a barrier the batches meet at, an event the test sets), never on the clock."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
from concurrent.futures import Executor, Future, ThreadPoolExecutor

from bot.screens.setup import balance_line
from bot.services.setups import predict, setups
from tests.services.setups.meeting import MEETING_S, meet

AUTHOR = 11
GUARD_S = 60  # a guard against a hang only: every wait below ends on an event


class Gate(Executor):
    """Runs each batch in a thread of its own, held until the test opens the gate: `inside` counts the batches
    being played at this moment, and `both` is set once two are at the same time."""

    def __init__(self) -> None:
        self.threads = ThreadPoolExecutor(4)
        self.open, self.both = threading.Event(), threading.Event()
        self.lock = threading.Lock()
        self.inside = self.most = 0

    def submit(self, fn, /, *args, **kwargs) -> Future:
        def held():
            with self.lock:
                self.inside += 1
                self.most = max(self.most, self.inside)
                if self.inside >= 2:
                    self.both.set()
            try:
                self.open.wait(GUARD_S)
                return fn(*args, **kwargs)
            finally:
                with self.lock:
                    self.inside -= 1

        return self.threads.submit(held)


async def test_two_saves_predictions_are_in_progress_at_once_and_a_third_waits_for_a_worker(db, monkeypatch):
    monkeypatch.setattr(predict, "BATCH", 2)
    workers = predict.WORKERS
    predict.configure(2)
    saved = [
        await setups.save(db, ruleset="mazeworld", name=f"Pit {n}", settings={}, author_id=AUTHOR) for n in (1, 2, 3)
    ]
    gate = Gate()
    ticks = {v.latest.id: iter([0.0, 0.0, 1000.0]) for v in saved}  # one batch each, then its time limit

    tasks = [
        await predict.start(db, v.latest.id, executor=gate, clock=lambda i=v.latest.id: next(ticks[i])) for v in saved
    ]
    try:
        assert await asyncio.to_thread(gate.both.wait, GUARD_S)  # two batches being played at the same moment
        shown = [await predict.prediction(db, v.latest.id) for v in saved]
        assert sorted(p.status for p in shown) == ["queued", "running", "running"]
        waiting = next(v for v, p in zip(saved, shown, strict=True) if p.status == "queued")
        line = balance_line((await setups.balance(db, [waiting.latest.id]))[waiting.latest.id])
        assert line.startswith("predicted: waiting for a free worker")
        gate.open.set()
        done = await asyncio.wait_for(asyncio.gather(*tasks), GUARD_S)
    finally:
        gate.open.set()
        gate.threads.shutdown()
        predict.configure(workers)
    assert [d.status for d in done] == ["done"] * 3 and all(d.games == 2 for d in done)
    assert gate.most == 2  # never more than the workers at once


async def test_with_one_worker_the_predictions_take_turns(db, monkeypatch):
    monkeypatch.setattr(predict, "BATCH", 2)
    workers = predict.WORKERS
    predict.configure(1)
    saved = [await setups.save(db, ruleset="mazeworld", name=f"Pit {n}", settings={}, author_id=AUTHOR) for n in (1, 2)]
    gate = Gate()
    gate.open.set()
    ticks = {v.latest.id: iter([0.0, 0.0, 1000.0]) for v in saved}
    try:
        done = await asyncio.wait_for(
            asyncio.gather(*[
                predict.predict(db, v.latest.id, executor=gate, clock=lambda i=v.latest.id: next(ticks[i]))
                for v in saved
            ]),
            GUARD_S,
        )  # fmt: skip
    finally:
        gate.threads.shutdown()
        predict.configure(workers)
    assert [d.status for d in done] == ["done", "done"] and gate.most == 1


def test_each_slot_has_a_worker_process_of_its_own():
    """Two batches handed to the two slots' workers at once run in two processes at once: they meet at a barrier
    of two (one worker alone would wait there for ever, and the guard would break the barrier)."""
    workers = predict.WORKERS
    predict.configure(2)
    try:
        with multiprocessing.get_context("spawn").Manager() as manager:
            barrier = manager.Barrier(2)
            first, second = predict.pool(0).submit(meet, barrier), predict.pool(1).submit(meet, barrier)
            pids = {first.result(MEETING_S + 5), second.result(MEETING_S + 5)}
    finally:
        predict.shutdown()
        predict.configure(workers)
    assert len(pids) == 2


async def test_a_worker_that_dies_stops_its_own_prediction_only_and_its_slot_gets_a_fresh_one(db, monkeypatch):
    """The worker process of one of two predictions is killed after its first batch (as the system kills one out
    of memory): that prediction is stopped, `worker_died` with its games so far and says why; the other, in the
    other slot's worker, plays on to its end; the next prediction in the dead worker's slot starts a new one."""
    workers = predict.WORKERS
    predict.configure(1)
    predict.configure(2)  # a fresh queue: its slots are handed out from slot 0
    saved = [
        await setups.save(db, ruleset="mazeworld", name=f"Pit {n}", settings={}, author_id=AUTHOR) for n in (1, 2, 3)
    ]
    dying, other, later = (v.latest.id for v in saved)
    killed: list[object] = []

    def kill_its_worker(games: int) -> None:
        if not killed:  # between two batches the worker is idle: it tells its pid, then dies
            worker = predict.pool(0)
            os.kill(worker.submit(os.getpid).result(GUARD_S), signal.SIGKILL)
            killed.append(worker)

    ticks = iter([0.0, 0.0, 0.0, 1000.0])  # the other: two batches, then its time limit
    try:
        first = await predict.start(db, dying, on_batch=kill_its_worker, clock=lambda: 0.0)  # slot 0, never done
        second = await predict.start(db, other, clock=lambda: next(ticks))  # slot 1
        died, done = await asyncio.wait_for(asyncio.gather(first, second), GUARD_S)
        assert (died.status, died.games) == ("worker_died", predict.BATCH)
        line = balance_line((await setups.balance(db, [dying]))[dying])
        assert line.startswith(f"predicted: stopped, its worker process died after {predict.BATCH} games")
        assert done.status == "done" and done.games == 2 * predict.BATCH
        assert predict.pool(0) is not killed[0]  # a fresh worker for the slot
        again = iter([0.0, 0.0, 1000.0])
        fresh = await asyncio.wait_for(predict.predict(db, later, clock=lambda: next(again)), GUARD_S)
        assert fresh.status == "done" and fresh.games == predict.BATCH
    finally:
        predict.shutdown()
        predict.configure(workers)

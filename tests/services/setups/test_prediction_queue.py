"""Predictions queue for `predict.WORKERS` worker processes (issue 32.3, "in a worker process, never in the
bot's event loop"; docs/setups.md): up to that many saves' predictions play at once, each within its own time
limit, and the others wait `queued` ("waiting for a free worker") until a slot is free. Every wait here is on an
event (a barrier the batches meet at, an event the test sets), never on the clock."""

from __future__ import annotations

import asyncio
import multiprocessing
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


def test_the_pool_has_a_worker_process_for_each_slot():
    """Two batches handed to the pool at once run in two processes at once: they meet at a barrier of two
    (one worker alone would wait there for ever, and the guard would break the barrier)."""
    workers = predict.WORKERS
    predict.configure(2)
    try:
        with multiprocessing.get_context("spawn").Manager() as manager:
            barrier = manager.Barrier(2)
            pool = predict.pool()
            first, second = pool.submit(meet, barrier), pool.submit(meet, barrier)
            pids = {first.result(MEETING_S + 5), second.result(MEETING_S + 5)}
    finally:
        predict.shutdown()
        predict.configure(workers)
    assert len(pids) == 2

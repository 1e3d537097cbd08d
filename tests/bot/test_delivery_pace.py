"""Delivery as fast as Discord's limits allow (issue 16): every target at once, one message at a time per
target and in order, and the requests paced within Discord's global limit (`pace.GlobalPace`)."""
from __future__ import annotations

import asyncio
import heapq
from collections.abc import Awaitable
from contextlib import asynccontextmanager

import pytest

from bot.db.session import Database
from bot.delivery.pace import GlobalPace
from bot.delivery.worker import OutboxWorker
from tests.bot.delivery_helpers import CHANNEL, Clock, FakeCourier, drain, game_with_a_night, rows
from tests.services.conftest import db  # noqa: F401, F811  (db: the two-database fixture)


class HeldCourier(FakeCourier):
    """Counts how many targets the worker works on at once, and records whether one target ever had two
    messages in flight. Until `together` targets are at work together, each is held where it stands, as by
    a long round trip: at a send, or at the database (`hold_the_database`: the moderators' notes read where
    they go before their first send). Then nothing is held any more. A worker that works on fewer targets at
    once never gets there: after `patience` seconds (far beyond the pass's own work) the holds end and
    `most_targets` shows it. One that works on more has started them all while the first are held."""

    def __init__(self, together: int, patience: float = 10.0) -> None:
        super().__init__()
        self.together = together
        self.patience = patience
        self.enough = asyncio.Event()
        self.at_work: set[asyncio.Task] = set()  # the worker's tasks (one per target) held or sending
        self.flying: dict[tuple[str, int], int] = {}
        self.most_targets = 0
        self.two_at_once_to_one_target = False

    async def hold(self) -> None:
        """Count the current task at work and wait until enough targets are (or `patience` runs out)."""
        self.at_work.add(asyncio.current_task())
        self.most_targets = max(self.most_targets, len(self.at_work))
        if len(self.at_work) >= self.together:
            self.enough.set()
        try:
            async with asyncio.timeout(self.patience):
                await self.enough.wait()
        except TimeoutError:  # never that many at once: let the pass end, `most_targets` fails the test
            self.enough.set()

    def hold_the_database(self, database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        """Hold the worker's tasks also when they open a database session (not the test's own task, which
        claims the rows)."""
        test_task = asyncio.current_task()

        def held(open_session):
            @asynccontextmanager
            async def session():
                if not self.enough.is_set() and asyncio.current_task() is not test_task:
                    await self.hold()
                    self.at_work.discard(asyncio.current_task())
                async with open_session() as opened:
                    yield opened

            return session

        monkeypatch.setattr(database, "read", held(database.read))
        monkeypatch.setattr(database, "transaction", held(database.transaction))

    async def _trip(self, kind: str, target: int, send: Awaitable[None]) -> None:
        key = (kind, target)
        self.flying[key] = self.flying.get(key, 0) + 1
        self.two_at_once_to_one_target |= self.flying[key] > 1
        try:
            await self.hold()
            await send
        finally:
            self.flying[key] -= 1
            self.at_work.discard(asyncio.current_task())

    async def post(self, channel_id, message) -> None:
        await self._trip("channel", channel_id, super().post(channel_id, message))

    async def dm(self, user_id, message) -> None:
        await self._trip("dm", user_id, super().dm(user_id, message))


async def test_every_target_is_sent_to_at_once_each_in_its_own_order(db, monkeypatch):  # noqa: F811
    await game_with_a_night(db, players=10)
    courier = HeldCourier(together=12)
    courier.hold_the_database(db, monkeypatch)
    await drain(OutboxWorker(db, courier, Clock()))
    assert courier.most_targets == 12  # ten players' DMs, the channel and the moderators (it was 4 at a time)
    assert not courier.two_at_once_to_one_target
    for user in range(1, 11):
        expected = [r.text for r in await rows(db, target="dm", target_id=user) if r.text]
        assert [m.content for m in courier.to("dm", user)] == expected
    titles = [p.layout.title for p in courier.to("channel", CHANNEL)]
    assert titles == ["The game begins", "Day 0 results: the students set out"]


async def test_a_worker_can_still_be_told_how_many_targets_at_once(db, monkeypatch):  # noqa: F811
    await game_with_a_night(db, players=10)
    courier = HeldCourier(together=3)
    courier.hold_the_database(db, monkeypatch)
    await drain(OutboxWorker(db, courier, Clock(), concurrency=3))
    assert courier.most_targets == 3


class FakeTime:
    """A clock and a sleep for it: `run` wakes the sleepers one by one in time order, moving the clock."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleepers: list[tuple[float, int, asyncio.Future]] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self.sleepers, (self.now + seconds, len(self.sleepers) + id(future), future))
        await future

    async def run(self, count: int, pace: GlobalPace, busy_until: float = 0.0) -> list[float]:
        """`count` requests asking at once; when each began. Until `busy_until` the loop is busy: a sleeper
        due before then wakes only then."""
        begun: list[float] = []

        async def one() -> None:
            await pace.wait()
            begun.append(self.now)

        tasks = [asyncio.ensure_future(one()) for _ in range(count)]
        while not all(t.done() for t in tasks):
            for _ in range(5):
                await asyncio.sleep(0)
            if self.sleepers:
                at, _, future = heapq.heappop(self.sleepers)
                self.now = max(self.now, at, busy_until)
                future.set_result(None)
        await asyncio.gather(*tasks)
        return begun


def _most_in_a_second(starts: list[float]) -> int:
    return max(sum(1 for t in starts if start <= t < start + 1.0 - 1e-9) for start in starts)


async def test_requests_are_spread_evenly_and_never_more_than_the_rate_in_a_second():
    time = FakeTime()
    begun = await time.run(25, GlobalPace(rate=10, clock=time, sleep=time.sleep))
    assert len(begun) == 25
    gaps = [b - a for a, b in zip(begun, begun[1:])]
    assert min(gaps) >= 0.1 - 1e-9  # one every tenth of a second, not ten at once
    assert _most_in_a_second(begun) <= 10
    assert begun[-1] - begun[0] < 2.5  # and no slower than that


async def test_turns_that_came_due_while_the_loop_was_busy_do_not_leave_in_a_burst():
    time = FakeTime()
    pace = GlobalPace(rate=10, clock=time, sleep=time.sleep)
    begun = await time.run(30, pace, busy_until=101.5)  # the turns of the first 1.5 s all wake at 101.5
    assert len(begun) == 30 and _most_in_a_second(begun) <= 10

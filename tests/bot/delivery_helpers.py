"""What the delivery tests share: a fake courier that behaves like Discord with `enforce_nonce`, a clock
that moves when told, and a game with its first night in the outbox."""
from __future__ import annotations

import asyncio
from datetime import timedelta
from types import SimpleNamespace

import discord
from sqlalchemy import select

from bot.db.models import Outbox
from bot.db.session import Database
from bot.delivery.courier import DMRefused
from bot.delivery.render import Outgoing
from bot.delivery.worker import OutboxWorker
from bot.services.steps import resolution
from tests.services.conftest import NOW, started_game

CHANNEL = 555
CREATOR = 900
MOD_CHANNEL = 777  # a moderator channel, for tests about players' threads (without one, the moderators get a thread)


def http_error(cls=discord.HTTPException, status: int = 500, code: int = 0, text: str = "error"):
    response = SimpleNamespace(status=status, reason=text)
    return cls(response, {"code": code, "message": text})


class FakeCourier:
    """Records what reaches Discord. Like Discord with `enforce_nonce`, a nonce already posted in a channel
    returns the earlier message instead of posting again. `fail` holds errors raised by the next calls."""

    def __init__(self, closed_dms: set[int] = frozenset()) -> None:
        self.closed_dms = set(closed_dms)
        self.fail: list[BaseException] = []
        self.fail_when = None  # (kind, id) -> error or None, checked on every call
        self.calls: list[tuple[str, int, str]] = []  # every attempt: (kind, id, nonce)
        self.delivered: list[tuple[str, int, Outgoing]] = []  # what people see
        self.threads: list[tuple[int, str]] = []  # (channel, name) of every thread opened
        self.members: dict[int, set[int]] = {}  # thread id -> users added
        self.deleted: set[int] = set()  # threads deleted (`delete_thread`)

    def _check(self, kind: str, target: int) -> None:
        if target in self.deleted and kind in ("channel", "member", "unmember", "lookup"):
            raise http_error(discord.NotFound, 404, 10003, "Unknown Channel")
        if self.fail:
            raise self.fail.pop(0)
        if self.fail_when is not None and (error := self.fail_when(kind, target)) is not None:
            raise error

    def _deliver(self, kind: str, target: int, message: Outgoing) -> None:
        check_payload(message)
        self.calls.append((kind, target, message.nonce))
        if any(k == kind and t == target and m.nonce == message.nonce for k, t, m in self.delivered):
            return
        self.delivered.append((kind, target, message))

    async def post(self, channel_id: int, message: Outgoing) -> int:
        await asyncio.sleep(0)
        self._check("channel", channel_id)
        self._deliver("channel", channel_id, message)
        return 9000 + len(self.delivered)

    async def edit(self, channel_id: int, message_id: int, message: Outgoing) -> None:
        """Replace message `message_id` (the lobby's): recorded as an ("edit", message id) delivery."""
        await asyncio.sleep(0)
        self._check("edit", message_id)
        self.calls.append(("edit", message_id, message.nonce))
        self.delivered.append(("edit", message_id, message))

    async def dm(self, user_id: int, message: Outgoing) -> None:
        await asyncio.sleep(0)
        self._check("dm", user_id)
        if user_id in self.closed_dms:
            raise DMRefused(user_id)
        self._deliver("dm", user_id, message)

    async def open_private_thread(self, channel_id: int, name: str) -> int:
        await asyncio.sleep(0)
        self._check("thread", channel_id)
        self.threads.append((channel_id, name))
        return 7000 + len(self.threads)

    async def add_to_thread(self, thread_id: int, user_id: int) -> None:
        await asyncio.sleep(0)
        self._check("member", thread_id)
        self.members.setdefault(thread_id, set()).add(user_id)

    async def remove_from_thread(self, thread_id: int, user_id: int) -> None:
        await asyncio.sleep(0)
        self._check("unmember", thread_id)
        self.members.setdefault(thread_id, set()).discard(user_id)

    async def check_thread(self, thread_id: int) -> None:
        await asyncio.sleep(0)
        self._check("lookup", thread_id)
        if thread_id in self.deleted:
            raise http_error(discord.NotFound, 404, 10003, "Unknown Channel")

    def delete_thread(self, thread_id: int) -> None:
        """A moderator deletes the thread: every later call on it is Unknown Channel."""
        self.deleted.add(thread_id)
        self.members.pop(thread_id, None)

    def to(self, kind: str, target: int) -> list[Outgoing]:
        return [m for k, t, m in self.delivered if (k, t) == (kind, target)]

    def text_to(self, kind: str, target: int) -> str:
        parts = []
        for message in self.to(kind, target):
            parts.append(message.content or "")
            if message.layout is not None:
                parts += message.layout.texts()
        return "\n".join(parts)


def v2_payload(message: Outgoing) -> dict:
    """The body Discord gets for a step post's message (what the courier sends through discord.py)."""
    assert message.layout is not None
    body: dict = {"flags": 1 << 15, "components": message.layout.to_discord().to_components(), "nonce": message.nonce}
    if message.file is not None:
        body["attachments"] = [{"id": 0, "filename": message.file[0]}]
    return body


def check_payload(message: Outgoing) -> None:
    """What Discord would refuse fails here too (`tests.e2e.fake_limits`): a step post's layout against the
    Components V2 rules, plain content against the old ones."""
    from tests.e2e.fake_limits import check_message_body

    if message.layout is not None:
        assert message.content is None, "a Components V2 message has no content"
        assert message.picture is None, "the picture is drawn before the message is sent"
        check_message_body(v2_payload(message), filenames=(message.file[0],) if message.file else ())
    else:
        check_message_body({"content": message.content, "nonce": message.nonce}, has_files=message.file is not None)


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self):
        return self.now

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


async def drain(worker: OutboxWorker, clock: Clock | None = None, passes: int = 30) -> None:
    """Run passes until nothing is due (moving the clock past any backoff when given one)."""
    for _ in range(passes):
        report = await worker.run_once()
        if report.claimed == 0:
            if clock is None or not await _pending(worker.db):
                return
            clock.advance(hours=1)
    raise AssertionError("the outbox never drained")


async def _pending(db: Database) -> int:
    async with db.read() as session:
        return len((await session.execute(select(Outbox.id).where(Outbox.status.in_(("pending", "sending"))))).all())


async def rows(db: Database, **where) -> list[Outbox]:
    async with db.read() as session:
        query = select(Outbox).order_by(Outbox.id)
        for key, value in where.items():
            query = query.where(getattr(Outbox, key) == value)
        return list((await session.execute(query)).scalars())


async def game_with_a_night(db: Database, players: int = 4, moderator_channel: int | None = None) -> int:
    """A started game whose first night is resolved (nobody gave orders). Absent players are not offered out
    (`absence_steps` 0): the delivery tests count the moderators' notes of delivery alone."""
    game_id = await started_game(db, players=players, actor_id=CREATOR)
    from bot.db.models import Game

    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        game.community = {"absence_steps": 0}
        if moderator_channel is not None:
            game.moderator_channel_id = moderator_channel
    assert await resolution.resolve_day(db, game_id, NOW, expected_day=0) is not None
    return game_id

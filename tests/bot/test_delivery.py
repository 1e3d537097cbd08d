"""The outbox worker on SQLite and PostgreSQL with a fake courier: grouping, order, DMs, retries with
backoff, permanent failures, crashes, leases and two racing workers; and `DiscordCourier` against a stubbed
discord.py HTTP layer. The private-thread fallbacks are in test_delivery_threads.py."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import aiohttp
import discord
import pytest
from sqlalchemy import select, update

from bot.db.models import Outbox
from bot.db.session import Database
from bot.delivery import store
from bot.delivery.courier import DiscordCourier, DMRefused, is_transient
from bot.delivery.render import Outgoing
from bot.delivery.worker import OutboxWorker
from bot.services.steps import resolution
from tests.bot.delivery_helpers import CHANNEL, CREATOR, Clock, FakeCourier, drain, game_with_a_night, http_error, rows
from tests.services.conftest import NOW, db, started_game  # noqa: F401  (db: the two-database fixture)
from tests.services.conftest import mod


async def test_each_night_is_one_post_in_order_and_dms_reach_only_their_player(db):
    await game_with_a_night(db)
    courier = FakeCourier()
    await drain(OutboxWorker(db, courier, Clock()))
    assert {r.status for r in await rows(db)} == {"sent"}
    posts = courier.to("channel", CHANNEL)
    assert [p.layout.title for p in posts] == ["The game begins", "Day 0 results: the students set out"]
    assert [p.layout.headings()[-1] for p in posts] == ["Fair play", "Fair play"]
    shown = courier.text_to("channel", CHANNEL)
    for row in await rows(db, target="channel", target_id=CHANNEL):
        assert row.text.split("\n")[0] in shown
    for user in range(1, 5):  # each player gets exactly the rows addressed to them (a button's row has no text)
        expected = [r.text for r in await rows(db, target="dm", target_id=user) if r.text]
        assert [m.content for m in courier.to("dm", user)] == expected
    assert {t for k, t, _ in courier.delivered if k == "dm"} == {1, 2, 3, 4}


async def test_the_dm_of_a_step_carries_your_orders_for_the_step_it_opened_in_the_same_message(db):
    """Issue 33, point 3: the DM of the start (each player's role, Day 0 open for them) carries the orders
    card's button, for Day 0 and its player, on that one message: no message of its own."""
    from bot.ui.buttons import buttons_for

    game_id = await started_game(db, actor_id=CREATOR)
    courier = FakeCourier()
    await drain(OutboxWorker(db, courier, Clock()))
    for user in range(1, 5):
        [told] = courier.to("dm", user)
        assert told.content.startswith("You are Player")
        [button] = buttons_for(told.buttons or {})
        assert (button.label, button.custom_id) == ("Your orders", f"brbot:ord:{game_id}:0:{user}:show")
        assert told.view() is not None


async def test_a_target_gets_its_rows_in_id_order(db):
    game_id = await game_with_a_night(db)
    assert await resolution.resolve_day(db, game_id, NOW + timedelta(days=1), expected_day=1) is not None
    courier = FakeCourier()
    await drain(OutboxWorker(db, courier, Clock(), concurrency=8))
    titles = [p.layout.title for p in courier.to("channel", CHANNEL)]
    assert titles == ["The game begins", "Day 0 results: the students set out", "Night 1 results"]
    for user in range(1, 5):
        expected = [r.text for r in await rows(db, target="dm", target_id=user) if r.text]
        assert [m.content for m in courier.to("dm", user)] == expected


async def test_a_limit_never_cuts_a_night_post_in_two(db):
    await game_with_a_night(db, players=8)
    courier = FakeCourier()
    worker = OutboxWorker(db, courier, Clock())
    for _ in range(100):
        if (await worker.run_once(limit=3)).claimed == 0:
            break
    assert [p.layout.title for p in courier.to("channel", CHANNEL)] == ["The game begins", "Day 0 results: the students set out"]
    assert {r.status for r in await rows(db)} == {"sent"}


@pytest.mark.parametrize("error", [
    http_error(discord.DiscordServerError, 503, 0, "Service Unavailable"),
    http_error(discord.HTTPException, 429, 0, "You are being rate limited."),
    aiohttp.ClientConnectionError("connection reset"),
])
async def test_a_transient_error_backs_off_then_delivers_once(db, error):
    game_id = await started_game(db, actor_id=CREATOR)
    courier = FakeCourier()
    courier.fail_when = lambda kind, target: error if kind == "channel" and not courier.delivered_ok else None
    courier.delivered_ok = False
    clock = Clock()
    worker = OutboxWorker(db, courier, clock)
    report = await worker.run_once()
    assert report.retried >= 1 and courier.to("channel", CHANNEL) == []
    assert len(courier.to("dm", 1)) == 1  # the other targets were not held up
    (first, *_) = await rows(db, target="channel")
    assert first.status == "pending" and first.attempts == 1 and first.next_attempt_at == NOW + timedelta(seconds=15)
    assert first.last_error
    # a later post to the same channel does not overtake the one waiting for its retry
    from bot.services.moderators import moderation
    await moderation.pause(db, game_id, mod(CREATOR))
    assert (await worker.run_once()).claimed == 0
    clock.advance(seconds=16)
    courier.delivered_ok = True
    await drain(worker)
    posts = courier.to("channel", CHANNEL)
    assert [p.layout.title if p.layout else p.content for p in posts] == ["The game begins", "The game is paused by a moderator."]
    assert len(courier.calls) == len(set(courier.calls))  # nothing was sent twice
    assert {r.status for r in await rows(db)} == {"sent"}


async def test_backoff_grows_and_the_row_fails_after_ten_attempts(db):
    await started_game(db, actor_id=CREATOR)
    courier = FakeCourier()
    courier.fail_when = lambda kind, target: http_error(discord.DiscordServerError, 502) if kind == "channel" else None
    clock = Clock()
    worker = OutboxWorker(db, courier, clock)
    delays = []
    for _ in range(10):
        await worker.run_once()
        (first, *_) = await rows(db, target="channel")
        if first.status == "failed":
            break
        delays.append(first.next_attempt_at - clock.now)
        clock.now = first.next_attempt_at
    assert delays[:4] == [timedelta(seconds=s) for s in (15, 30, 60, 120)] and max(delays) == timedelta(minutes=30)
    assert first.status == "failed" and first.attempts == 10
    notes = [n for n in await rows(db, target="moderators") if "could not be delivered" in n.text]
    assert len(notes) == 1 and "502" in notes[0].text


async def test_a_permanent_error_fails_the_row_and_tells_the_moderators(db):
    await started_game(db, actor_id=CREATOR)
    courier = FakeCourier()
    courier.fail_when = lambda kind, target: http_error(discord.Forbidden, 403, 50001, "Missing Access") \
        if kind == "channel" else None
    await drain(OutboxWorker(db, courier, Clock()))
    channel_rows = await rows(db, target="channel", target_id=CHANNEL)
    assert {r.status for r in channel_rows} == {"failed"} and all("Missing Access" in r.last_error for r in channel_rows)
    (note,) = [n for n in await rows(db, target="moderators") if "could not be delivered" in n.text]
    assert note.status == "sent" and "the game channel" in note.text and "Missing Access" in note.text
    assert "could not be delivered" in courier.text_to("dm", CREATOR)
    assert {r.status for r in await rows(db, target="dm")} == {"sent"}


async def test_a_moderator_note_nobody_can_receive_fails_quietly(db):
    game_id = await started_game(db)  # no creator known, no moderator channel
    async with db.transaction() as session:
        store.tell_moderators(session, game_id, "secret note", {"kind": "x"})
    await drain(OutboxWorker(db, FakeCourier(), Clock()))
    (note,) = [n for n in await rows(db, target="moderators") if n.text == "secret note"]
    assert note.status == "failed" and "creator" in note.last_error
    assert not [n for n in await rows(db, target="moderators") if "secret note" in n.text and n.id != note.id]
    # no start note is written where nobody could read it (no creator, no moderator channel)
    assert not [n for n in await rows(db, target="moderators") if n.payload.get("kind") == "moderators_started"]


async def test_a_crash_after_sending_resends_with_the_same_nonce(db, monkeypatch):
    await started_game(db, actor_id=CREATOR)
    async with db.transaction() as session:  # only the channel post is left to send
        await session.execute(update(Outbox).where(Outbox.target != "channel").values(status="sent"))

    class Crash(BaseException):
        pass

    async def crash(*args, **kwargs):
        raise Crash()

    courier = FakeCourier()
    clock = Clock()
    real_mark_sent = store.mark_sent
    monkeypatch.setattr(store, "mark_sent", crash)
    with pytest.raises(Crash):
        await OutboxWorker(db, courier, clock).run_once()
    monkeypatch.setattr(store, "mark_sent", real_mark_sent)
    assert {r.status for r in await rows(db, target="channel")} == {"sending"}
    restarted = OutboxWorker(db, courier, clock)
    assert (await restarted.run_once()).claimed == 0  # still leased to the crashed process
    clock.advance(minutes=3)
    await drain(restarted)
    assert len(courier.calls) == 2 and courier.calls[0] == courier.calls[1]  # resent with the same nonce
    assert len(courier.to("channel", CHANNEL)) == 1  # and Discord showed it once
    assert {r.status for r in await rows(db)} == {"sent"}


async def test_a_split_post_resumes_after_the_parts_already_sent(db):
    game_id = await started_game(db, actor_id=CREATOR)
    async with db.transaction() as session:
        await session.execute(update(Outbox).values(status="sent"))
        for n in range(400):
            session.add(Outbox(game_id=game_id, target="channel", target_id=CHANNEL, nonce=f"{n:024x}",
                               text=f"Student {n} of the class has died.", payload={"kind": "death", "day": 5, "post": "n5"}))
    courier = FakeCourier()
    calls = {"n": 0}

    def fail_second(kind, target):
        calls["n"] += 1
        return http_error(discord.DiscordServerError, 500) if calls["n"] == 2 else None

    courier.fail_when = fail_second
    clock = Clock()
    await drain(OutboxWorker(db, courier, clock), clock)
    posts = courier.to("channel", CHANNEL)
    assert len(posts) >= 3
    assert len(courier.calls) == len(posts)  # the first part was not sent again
    assert [p.layout.title for p in posts] == ["Night 5 results"] + ["Night 5 results (continued)"] * (len(posts) - 1)


@pytest.mark.parametrize("left_sending", ["all", "the first", "all but the first"])
async def test_a_post_taken_over_from_a_dead_process_is_one_message(db, left_sending):
    """A process died holding a night's post (its rows `sending`, the lease run out), some of the post's rows
    pending beside them; the process that takes over claims one row a pass (the limit cuts the post after its
    first row) and still sends the whole night, fair play included, as one message, once."""
    game_id = await started_game(db, actor_id=CREATOR)
    night = [Outbox(game_id=game_id, target="channel", target_id=CHANNEL, nonce=f"{n:024x}", text=f"Student {n} has died.",
                    payload={"kind": "death", "day": 5, "post": "n5", "title": "Night 5 results", "section": "Deaths"})
             for n in range(3)]
    night.append(Outbox(game_id=game_id, target="channel", target_id=CHANNEL, nonce="f" * 24,
                        text="Day 5 seed revealed.", payload={"kind": "seed_reveal", "day": 5}))
    async with db.transaction() as session:
        await session.execute(update(Outbox).values(status="sent"))
        session.add_all(night)
    dead = {"all": night, "the first": night[:1], "all but the first": night[1:]}[left_sending]
    async with db.transaction() as session:  # claimed by the dead process, its lease over a minute ago
        await session.execute(update(Outbox).where(Outbox.id.in_([r.id for r in dead]))
                              .values(status="sending", attempts=1, next_attempt_at=NOW - timedelta(minutes=1)))
    courier = FakeCourier()
    survivor = OutboxWorker(db, courier, Clock())
    survivor.claim_limit = 1
    await drain(survivor)
    assert {r.status for r in await rows(db, game_id=game_id)} == {"sent"}
    [post] = courier.to("channel", CHANNEL)
    assert len(courier.calls) == 1
    assert [post.layout.title, post.layout.headings()[-1]] == ["Night 5 results", "Fair play"]
    shown = courier.text_to("channel", CHANNEL)
    assert all(f"Student {n} has died." in shown for n in range(3)) and "Day 5 seed revealed." in shown


async def test_a_claim_leaves_a_post_whole_when_part_of_it_is_locked_elsewhere(db):
    """PostgreSQL: the limit cuts a post and another transaction holds a row of its rest locked; the claim
    takes none of the post (no part of it goes out alone) and takes it whole once the lock is gone."""
    if db.url.startswith("sqlite"):
        pytest.skip("one process holds a SQLite database: no other transaction locks a row")
    game_id = await only_announcements(db, 1)
    async with db.transaction() as session:
        session.add_all(Outbox(game_id=game_id, target="channel", target_id=CHANNEL, nonce=f"{n:024x}a",
                               text=f"Student {n} has died.", payload={"kind": "death", "day": 5, "post": "n5"})
                        for n in range(3))
    announcement, *post = await rows(db, status="pending")
    other = Database(db.url)
    try:
        async with other.transaction() as session:  # another process's transaction holds the post's last row
            await session.execute(select(Outbox.id).where(Outbox.id == post[-1].id).with_for_update())
            claimed = await store.claim(db, NOW, 2, timedelta(minutes=1))
    finally:
        await other.dispose()
    assert [r.id for r in claimed] == [announcement.id]
    await store.mark_sent(db, [announcement.id], NOW)
    assert [r.id for r in await store.claim(db, NOW, 2, timedelta(minutes=1))] == [r.id for r in post]


async def test_a_post_of_more_than_a_thousand_rows_is_claimed_whole(db):
    """A big night (over a thousand rows for the channel) claimed by a pass whose limit cuts it: every row
    is shown, in one post of several messages, each message once."""
    game_id = await started_game(db, actor_id=CREATOR)
    async with db.transaction() as session:
        await session.execute(update(Outbox).values(status="sent"))
        for n in range(1010):
            session.add(Outbox(game_id=game_id, target="channel", target_id=CHANNEL, nonce=f"{n:024x}",
                               text=f"Student {n} has died.", payload={"kind": "death", "day": 5, "post": "n5"}))
    courier = FakeCourier()
    worker = OutboxWorker(db, courier, Clock())
    worker.claim_limit = 5
    await drain(worker)
    posts = courier.to("channel", CHANNEL)
    assert len(courier.calls) == len(posts)
    assert [p.layout.title for p in posts] == ["Night 5 results"] + ["Night 5 results (continued)"] * (len(posts) - 1)
    shown = courier.text_to("channel", CHANNEL)
    assert all(f"Student {n} has died." in shown for n in range(1010))


async def only_announcements(db, count: int) -> int:
    """A started game whose outbox holds nothing but `count` plain channel posts, "Announcement 0." on;
    returns the game's id."""
    game_id = await started_game(db, actor_id=CREATOR)
    async with db.transaction() as session:
        await session.execute(update(Outbox).values(status="sent"))
        for n in range(count):
            session.add(Outbox(game_id=game_id, target="channel", target_id=CHANNEL, nonce=f"{n:024x}",
                               text=f"Announcement {n}.", payload={"kind": "note"}))
    return game_id


async def test_a_slow_pass_keeps_its_rows_leased(db):
    await only_announcements(db, 6)
    clock = Clock()
    courier = FakeCourier()
    stolen = []

    def slow(kind, target):
        clock.advance(seconds=50)
        return None

    async def post(channel_id, message):
        await FakeCourier.post(courier, channel_id, message)
        stolen.extend(await store.claim(db, clock.now, 100, timedelta(minutes=2)))  # another process

    courier.fail_when, courier.post = slow, post
    await OutboxWorker(db, courier, clock).run_once()
    assert stolen == [] and clock.now - NOW == timedelta(seconds=300)
    assert [m.content for m in courier.to("channel", CHANNEL)] == [f"Announcement {n}." for n in range(6)]


async def test_a_long_send_keeps_its_rows_leased_and_the_lease_is_short(db, monkeypatch):
    """One send hangs (discord.py sleeping through a long 429): the heartbeat keeps renewing the lease, so
    another process never takes the rows; a dead process's rows come back within about a minute.

    Each simulated minute waits (real time, up to a few seconds) for the heartbeat's renewal past the new
    time before another process tries to claim, so a loaded machine slows the test instead of failing it;
    without a heartbeat the wait runs out and the test fails."""
    renewed_until: list = []
    real_renew = store.renew_lease

    async def renew(db_, ids, until):
        await real_renew(db_, ids, until)
        renewed_until.append(until)

    monkeypatch.setattr(store, "renew_lease", renew)
    game_id = await only_announcements(db, 3)
    clock = Clock()
    courier = FakeCourier()
    release = asyncio.Event()
    real_post = courier.post

    async def hanging(channel_id, message):
        if not release.is_set():
            await release.wait()
        await real_post(channel_id, message)

    courier.post = hanging
    worker = OutboxWorker(db, courier, clock, heartbeat=0.01)
    assert worker.lease <= timedelta(seconds=60)
    running = asyncio.create_task(worker.run_once())
    stolen = []
    for _ in range(10):  # ten minutes pass while the first post hangs
        clock.advance(minutes=1)
        async with asyncio.timeout(5):
            while not renewed_until or renewed_until[-1] <= clock.now:
                await asyncio.sleep(0.01)
        stolen += await store.claim(db, clock.now, 100, timedelta(minutes=1))
    release.set()
    await running
    assert stolen == []
    assert [m.content for m in courier.to("channel", CHANNEL)] == [f"Announcement {n}." for n in range(3)]
    assert len(courier.calls) == 3

    # a worker that dies with rows claimed: they are due again one lease later
    async with db.transaction() as session:
        session.add(Outbox(game_id=game_id, target="channel", target_id=CHANNEL, nonce="f" * 24, text="Late.",
                           payload={"kind": "note"}))
    (claimed,) = await store.claim(db, clock.now, 100, worker.lease)
    assert await store.claim(db, clock.now + timedelta(seconds=59), 100, worker.lease) == []
    assert [r.id for r in await store.claim(db, clock.now + timedelta(seconds=61), 100, worker.lease)] == [claimed.id]


async def test_a_pass_cancelled_at_any_moment_ends_cancelled(db, monkeypatch):
    """The bot's stop cancels the delivery loop wherever it is, also while a pass stops its lease keeper: a
    swallowed cancel would keep the loop running and the bot from closing."""
    async def nothing_due(*args, **kwargs):
        return []

    monkeypatch.setattr(store, "claim", nothing_due)  # no I/O: every step of the pass is reachable below
    worker = OutboxWorker(db, FakeCourier(), Clock())
    for steps in range(12):
        task = asyncio.create_task(worker.run_once())
        for _ in range(steps):
            await asyncio.sleep(0)
        if task.cancel():
            await asyncio.wait([task])
            assert task.cancelled(), f"the cancel was swallowed after {steps} steps"


async def test_two_workers_racing_deliver_each_row_once(db):
    game_id = await game_with_a_night(db, players=10)
    assert await resolution.resolve_day(db, game_id, NOW + timedelta(days=1), expected_day=1) is not None
    other = Database(db.url)  # a second bot process: its own engine and connections
    courier = FakeCourier()
    try:
        first, second = OutboxWorker(db, courier, Clock()), OutboxWorker(other, courier, Clock())
        for _ in range(20):
            reports = await asyncio.gather(first.run_once(limit=25), second.run_once(limit=25))
            if not any(r.claimed for r in reports):
                break
    finally:
        await other.dispose()
    nonces = [nonce for _, _, nonce in courier.calls]
    assert len(nonces) == len(set(nonces))  # nothing attempted twice, not even deduplicated
    assert {r.status for r in await rows(db)} == {"sent"}
    assert [p.layout.title for p in courier.to("channel", CHANNEL)] == \
        ["The game begins", "Day 0 results: the students set out", "Night 1 results"]
    for user in range(1, 11):
        assert [m.content for m in courier.to("dm", user)] == [r.text for r in await rows(db, target="dm", target_id=user) if r.text]


def test_which_errors_are_worth_retrying():
    assert is_transient(http_error(discord.DiscordServerError, 503))
    assert is_transient(http_error(discord.HTTPException, 429))
    assert is_transient(aiohttp.ClientOSError())
    assert is_transient(asyncio.TimeoutError())
    assert not is_transient(http_error(discord.Forbidden, 403, 50001))
    assert not is_transient(http_error(discord.NotFound, 404, 10003))
    assert not is_transient(http_error(discord.HTTPException, 400, 50035))
    assert not is_transient(DMRefused(1))


class StubHTTP:
    """Stands in for `discord.http.HTTPClient.request`: records each route and JSON body."""

    def __init__(self, refuse_dm: bool = False) -> None:
        self.requests: list[tuple[str, str, dict]] = []
        self.refuse_dm = refuse_dm

    async def request(self, route, **kwargs):
        self.requests.append((route.method, route.url.removeprefix(route.BASE), kwargs.get("json")))
        if route.path == "/users/@me/channels":
            return {"id": "4000", "type": 1}
        if route.path == "/channels/{channel_id}/threads":
            return {"id": "5000", "type": 12}
        if route.path == "/channels/{channel_id}/messages" and route.channel_id == 4000 and self.refuse_dm:
            raise http_error(discord.Forbidden, 403, 50007, "Cannot send messages to this user")
        return {}


async def test_discord_courier_sends_nonces_layouts_and_buttons_through_discords_http_layer(monkeypatch):
    from bot.screens.step_post import pack_post
    from tests.e2e.fake_limits import check_message_body

    client = discord.Client(intents=discord.Intents.none())
    stub = StubHTTP()
    monkeypatch.setattr(client.http, "request", stub.request)
    courier = DiscordCourier(client)
    (layout,) = pack_post("Night 1 results", ["Day 2 begins."], [], None, str)
    await courier.post(555, Outgoing(nonce="n1", layout=layout))
    await courier.dm(42, Outgoing(nonce="n2", content="Ann proposes.",
                                  buttons={"kind": "lovers_proposal", "game": 1, "proposer": 7}))
    await courier.dm(42, Outgoing(nonce="n3", content="again"))
    method, path, body = stub.requests[0]
    assert (method, body["nonce"], body["enforce_nonce"]) == ("POST", "n1", True)
    assert body["flags"] == 1 << 15 and "content" not in body and "embeds" not in body  # Components V2
    assert body["components"][0]["components"][0]["content"] == "## Night 1 results\nDay 2 begins."
    assert body["allowed_mentions"]["parse"] == []
    check_message_body(body)  # as the fake Discord checks it
    assert [r[1] for r in stub.requests[1:]] == ["/users/@me/channels", "/channels/4000/messages",
                                                 "/channels/4000/messages"]  # the DM channel is opened once
    buttons = stub.requests[2][2]["components"][0]["components"]
    assert [b["custom_id"] for b in buttons] == ["brbot:lovers:1:7:yes", "brbot:lovers:1:7:no"]

    refusing = StubHTTP(refuse_dm=True)
    monkeypatch.setattr(client.http, "request", refusing.request)
    with pytest.raises(DMRefused):
        await DiscordCourier(client).dm(42, Outgoing(nonce="n4", content="hello"))
    monkeypatch.setattr(client.http, "request", stub.request)
    assert await courier.open_private_thread(555, "Test: private messages for Ann") == 5000
    _, path, body = stub.requests[-1]
    assert path == "/channels/555/threads" and body["type"] == 12 and body["invitable"] is False
    await courier.add_to_thread(5000, 42)
    assert stub.requests[-1][:2] == ("PUT", "/channels/5000/thread-members/42")
    await client.close()

"""The fake Discord gateway: a websocket that speaks enough of gateway v10 for discord.py 2.7.

HELLO, then IDENTIFY -> READY (the guild unavailable) + GUILD_CREATE, or RESUME -> the missed dispatches +
RESUMED (an unknown session gets INVALID_SESSION). Heartbeats are ACKed. Frames go out as plain JSON text:
discord.py asks for `compress=zlib-stream` (or zstd-stream) in the URL and `"compress": true` in IDENTIFY, but
it only decompresses binary frames, so uncompressed text frames are valid and keep the fake simple.

Every dispatch gets the session's next sequence number and is kept, so a client that reconnects with RESUME
receives what it missed (as Discord does). `drop()` closes the socket the way a network failure would.

Shards: IDENTIFY's `shard: [id, count]` (discord.py's AutoShardedBot sends it) makes the session that shard's.
A guild belongs to shard `(guild_id >> 22) % count`, as in Discord: READY lists it and GUILD_CREATE follows
only on that shard, and the guild's events (interactions, messages, threads) go to that shard's session;
events without a guild (DMs) go to shard 0. `connected` is set while the guild's shard is connected.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord

log = logging.getLogger("fake_discord.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, ACK = (
    0, 1, 2, 3, 6, 7, 8, 9, 10, 11)
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)  # every dispatch, for RESUME
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    shard: tuple[int, int] = (0, 1)  # (shard id, shard count) from IDENTIFY
    guilds: list[int] = field(default_factory=list)  # the guilds READY gave this shard


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


class Gateway:
    heartbeat_interval_ms = 41_250

    def __init__(self, fake: "FakeDiscord") -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None  # the session that identified last
        self.shards: dict[int, Session] = {}  # shard id -> its current session
        self.received: list[dict[str, Any]] = []  # every op the client sent (heartbeats left out)
        self.identifies = 0
        self.resumes = 0
        self.connected = asyncio.Event()  # set while a client is identified (or resumed) and has its guild
        self._sockets: set[web.WebSocketResponse] = set()

    # -- the websocket -------------------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        log.debug("gateway connection from %s %s", request.remote, request.query_string)
        session: Session | None = None
        try:
            await self._send_raw(ws, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    log.warning("gateway: unexpected frame %s", msg.type)
                    continue
                payload = json.loads(msg.data)
                op = payload.get("op")
                if op == HEARTBEAT:
                    await self._send_raw(ws, {"op": ACK})
                    continue
                self.received.append(payload)
                if op == IDENTIFY:
                    session = await self._identify(ws, payload["d"])
                elif op == RESUME:
                    session = await self._resume(ws, payload["d"])
                elif op in (PRESENCE, REQUEST_MEMBERS):
                    log.info("gateway: op %s ignored: %s", op, payload.get("d"))
                else:
                    log.error("gateway: unknown op %s: %s", op, payload)
                    self.fake.problems.append(f"gateway op {op} not supported")
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                if self.fake.world.guild_id in session.guilds:
                    self.connected.clear()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        self.identifies += 1
        shard_id, shard_count = (int(n) for n in data.get("shard") or (0, 1))
        world = self.fake.world
        session = Session(secrets.token_hex(16), int(data.get("intents") or 0), ws=ws, shard=(shard_id, shard_count),
                          guilds=[g for g in (world.guild_id,) if shard_of(g, shard_count) == shard_id])
        self.sessions[session.id] = session
        self.current = self.shards[shard_id] = session
        await self._dispatch(session, "READY", {
            "v": 10, "user": self.fake.bot_user_payload(),
            "guilds": [{"id": str(g), "unavailable": True} for g in session.guilds],
            "session_id": session.id, "session_type": "normal", "resume_gateway_url": self.fake.gateway_url,
            "shard": [shard_id, shard_count], "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "guild_join_requests": [],
            "geo_ordered_rtc_regions": [], "user_settings": {}, "auth": {},
        })
        if session.guilds:
            await self._dispatch(session, "GUILD_CREATE",
                                 world.guild_payload(all_members=bool(session.intents & INTENT_GUILD_MEMBERS)))
            self.connected.set()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != self.fake.token or session is not self.shards.get(session.shard[0]):
            await self._send_raw(ws, {"op": INVALID_SESSION, "d": False})
            return None
        self.resumes += 1
        async with session.lock:
            session.ws = ws
            missed = [p for p in session.sent if p["s"] > int(data.get("seq") or 0)]
            for payload in missed:
                await self._send_raw(ws, payload)
        await self._dispatch(session, "RESUMED", {})
        if session.guilds:
            self.connected.set()
        return session

    # -- sending ---------------------------------------------------------------------------------------------
    async def _send_raw(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        if not ws.closed:
            await ws.send_str(json.dumps(payload))

    async def _dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        async with session.lock:
            session.seq += 1
            payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
            session.sent.append(payload)
            if session.ws is not None:
                try:
                    await self._send_raw(session.ws, payload)
                except ConnectionError:  # the client went away: it gets this on RESUME
                    log.info("gateway: %s not sent now, kept for a resume", event)

    def session_for(self, guild_id: int | None) -> Session | None:
        """The session of the shard that receives the guild's events (None: DMs, shard 0's)."""
        if not self.shards:
            return None
        count = next(iter(self.shards.values())).shard[1]
        return self.shards.get(shard_of(guild_id, count) if guild_id is not None else 0)

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Send an event to the session of the shard it belongs to (kept for a resume if it is disconnected
        right now)."""
        guild_id = data.get("guild_id")
        session = self.session_for(int(guild_id) if guild_id is not None else None)
        if session is None:
            log.info("gateway: no session for %s", event)
            return
        if intent and not session.intents & intent:
            return
        await self._dispatch(session, event, data)

    async def drop(self, code: int = 4000) -> None:
        """Close the bot's connection as a network failure would (discord.py reconnects and RESUMEs)."""
        session = self.session_for(self.fake.world.guild_id)
        if session is not None and session.ws is not None:
            ws, session.ws = session.ws, None
            self.connected.clear()
            await ws.close(code=code)

    async def reconnect_request(self) -> None:
        """Ask the bot to reconnect (op 7), as Discord does before restarting a gateway node."""
        session = self.session_for(self.fake.world.guild_id)
        if session is not None and session.ws is not None:
            await self._send_raw(session.ws, {"op": RECONNECT, "d": None})

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)

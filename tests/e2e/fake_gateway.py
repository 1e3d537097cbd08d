"""The fake Discord gateway: a websocket that speaks enough of gateway v10 for discord.py 2.7.

HELLO, then IDENTIFY -> READY (the guild unavailable) + GUILD_CREATE, or RESUME -> the missed dispatches +
RESUMED (an unknown session gets INVALID_SESSION). Heartbeats are ACKed. Frames go out as plain JSON text:
discord.py asks for `compress=zlib-stream` (or zstd-stream) in the URL and `"compress": true` in IDENTIFY, but
it only decompresses binary frames, so uncompressed text frames are valid and keep the fake simple.

Every dispatch gets the session's next sequence number and is kept, so a client that reconnects with RESUME
receives what it missed (as Discord does). `drop()` closes the socket the way a network failure would.
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


class Gateway:
    heartbeat_interval_ms = 41_250

    def __init__(self, fake: "FakeDiscord") -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None  # the session events go to
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
                if session is self.current:
                    self.connected.clear()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        self.identifies += 1
        session = Session(secrets.token_hex(16), int(data.get("intents") or 0), ws=ws)
        self.sessions[session.id] = session
        self.current = session
        world = self.fake.world
        await self._dispatch(session, "READY", {
            "v": 10, "user": self.fake.bot_user_payload(), "guilds": [{"id": str(world.guild_id), "unavailable": True}],
            "session_id": session.id, "session_type": "normal", "resume_gateway_url": self.fake.gateway_url,
            "shard": [0, 1], "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "guild_join_requests": [],
            "geo_ordered_rtc_regions": [], "user_settings": {}, "auth": {},
        })
        await self._dispatch(session, "GUILD_CREATE",
                             world.guild_payload(all_members=bool(session.intents & INTENT_GUILD_MEMBERS)))
        self.connected.set()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != self.fake.token or session is not self.current:
            await self._send_raw(ws, {"op": INVALID_SESSION, "d": False})
            return None
        self.resumes += 1
        async with session.lock:
            session.ws = ws
            missed = [p for p in session.sent if p["s"] > int(data.get("seq") or 0)]
            for payload in missed:
                await self._send_raw(ws, payload)
        await self._dispatch(session, "RESUMED", {})
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

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Send an event to the bot's session (kept for a resume if it is disconnected right now)."""
        session = self.current
        if session is None:
            log.info("gateway: no session for %s", event)
            return
        if intent and not session.intents & intent:
            return
        await self._dispatch(session, event, data)

    async def drop(self, code: int = 4000) -> None:
        """Close the bot's connection as a network failure would (discord.py reconnects and RESUMEs)."""
        session = self.current
        if session is not None and session.ws is not None:
            ws, session.ws = session.ws, None
            self.connected.clear()
            await ws.close(code=code)

    async def reconnect_request(self) -> None:
        """Ask the bot to reconnect (op 7), as Discord does before restarting a gateway node."""
        session = self.current
        if session is not None and session.ws is not None:
            await self._send_raw(session.ws, {"op": RECONNECT, "d": None})

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)

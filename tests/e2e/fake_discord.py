"""A small fake Discord on 127.0.0.1 for end-to-end tests of the real bot (see docs/testing.md).

    fake = FakeDiscord()
    alice = fake.add_user("Alice"); carol = fake.add_user("Carol", dms_open=False)
    await fake.start()
    with fake.patched():             # discord.py now talks to the fake (REST base URL and gateway)
        ... start the bot, then:
        answer = await fake.slash(alice, "join", {"name": "Alice"})     # waits for the bot's reply
        assert answer.all_ephemeral and "signed up" in answer.text
        await fake.click(alice, fake.dms_to(alice)[-1], "brbot:lovers:1:2:yes")
    await fake.stop()

REST is `fake_rest.py`, the gateway `fake_gateway.py`, the data `fake_models.py`, interaction payloads
`fake_interactions.py`. This module holds the server, the state every part shares and the test helpers.
"""
from __future__ import annotations

import asyncio
import logging
import math
import re
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import yarl
from aiohttp import web

from tests.e2e import fake_interactions as fi
from tests.e2e.fake_gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MESSAGES, Gateway
from tests.e2e.fake_models import (
    DM, EPHEMERAL, EVERYONE_PERMISSIONS, GUILD_TEXT, MANAGE_GUILD, PRIVATE_THREAD, FakeChannel, FakeRole, FakeUser,
    InteractionRecord, Reply, Snowflakes, World, iso, message_text, public,
)
from tests.e2e.fake_limits import check_choices, check_message_body, invalid_form
from tests.e2e.fake_rest import LOADING, Rest

log = logging.getLogger("fake_discord")
# How long a helper waits for the bot (an answer, a condition) before it fails the test: a safety net only,
# never a pace (passing runs never wait for it), long enough for a machine under a load of 15.
PATIENCE = 60.0


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    body: dict[str, Any]
    headers: dict[str, str]
    times: int


class FakeDiscord:
    token = "fake"

    def __init__(self, *, game_channel: str = "battle-royale") -> None:
        ids = Snowflakes()
        bot = FakeUser(ids(), "brbot", bot=True)
        self.world = World(ids, bot, application_id=bot.id, guild_id=ids())
        world = self.world
        world.users[bot.id] = bot
        world.roles[world.guild_id] = FakeRole(world.guild_id, "@everyone", EVERYONE_PERMISSIONS)
        self.moderator_role = FakeRole(ids(), "Moderators", EVERYONE_PERMISSIONS | MANAGE_GUILD, position=1)
        world.roles[self.moderator_role.id] = self.moderator_role
        self.owner = self.add_user("Owner")
        world.owner_id = self.owner.id
        self.game_channel = self.add_channel(game_channel)
        self.general = self.add_channel("general")
        self.problems: list[str] = []  # unknown routes, refused bodies, unsupported gateway ops
        self.requests: list[dict[str, Any]] = []  # every REST request: method, path, query, body, status
        self.refused: list[dict[str, Any]] = []  # DMs refused with 50007
        self.faults: list[Fault] = []
        self.faults_served: list[dict[str, Any]] = []
        self.holds: list[tuple[str, re.Pattern[str], str, asyncio.Event]] = []
        self.nonces: dict[str, int] = {}
        self.nonce_hits = 0  # sends answered with an earlier message because of enforce_nonce
        self.message_by_id: dict[int, dict[str, Any]] = {}
        self.ephemeral: list[dict[str, Any]] = []  # ephemeral interaction messages (seen by one user)
        self.interactions: dict[int, InteractionRecord] = {}
        self.registered: dict[str | None, list[dict[str, Any]]] = {None: []}  # guild id (None: global) -> commands
        self.command_syncs: list[dict[str, Any]] = []
        self.rest = Rest(self)
        self.gateway = Gateway(self)
        self.port = 0
        self._runner: web.AppRunner | None = None

    # -- the world -----------------------------------------------------------------------------------------
    def add_user(self, name: str, *, dms_open: bool = True, moderator: bool = False, locale: str = "en-US") -> FakeUser:
        user = FakeUser(self.world.ids(), name, dms_open=dms_open,
                        roles=[self.moderator_role.id] if moderator else [], locale=locale)
        self.world.users[user.id] = user
        return user

    def add_channel(self, name: str) -> FakeChannel:
        channel = FakeChannel(self.world.ids(), GUILD_TEXT, name, guild_id=self.world.guild_id)
        self.world.channels[channel.id] = channel
        return channel

    def bot_user_payload(self) -> dict[str, Any]:
        return self.world.bot.payload() | {"verified": True, "mfa_enabled": False, "locale": "en-US"}

    # -- the server ----------------------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway-ws", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.world.cdn_base = self.api_base
        log.info("fake Discord on 127.0.0.1:%s", self.port)

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway-ws"

    @contextmanager
    def patched(self) -> Iterator[None]:
        """Point discord.py at the fake: it has no base-URL option, so patch Route.BASE and the gateway URL."""
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved

    # -- fault injection -----------------------------------------------------------------------------------
    def fail_next(self, method: str, path: str, status: int, body: dict[str, Any], *,
                  headers: dict[str, str] | None = None, times: int = 1) -> None:
        """The next `times` requests `method path` (a regex over the path after /api/v10) get this answer."""
        self.faults.append(Fault(method, re.compile(path + "$"), status, body, headers or {}, times))

    def rate_limit_next(self, method: str = "POST", path: str = r"/channels/\d+/messages", *,
                        retry_after: float = 0.05, times: int = 1, is_global: bool = False) -> None:
        """A 429 as Discord sends it (a 429 without `Via` is a Cloudflare ban to discord.py)."""
        headers = {"Via": "1.1 google", "Retry-After": str(math.ceil(retry_after)), "X-RateLimit-Limit": "5",
                   "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
                   "X-RateLimit-Reset-After": f"{retry_after:.3f}", "X-RateLimit-Bucket": "fakebucket",
                   "X-RateLimit-Scope": "global" if is_global else "user"}
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        self.fail_next(method, path, 429, {"message": "You are being rate limited.", "retry_after": retry_after,
                                           "global": is_global, "code": 0 if not is_global else 0},
                       headers=headers, times=times)

    def hold_answer_next(self, method: str, path: str, *, agent: str = "") -> asyncio.Event:
        """The next request `method path` is carried out (a message is posted) but its answer waits until the
        returned event is set: a bot stopped meanwhile has sent the message without learning that it did.
        With `agent`, only a request whose User-Agent ends with it (one bot process of several)."""
        release = asyncio.Event()
        self.holds.append((method, re.compile(path + "$"), agent, release))
        return release

    def take_hold(self, method: str, path: str, agent: str = "") -> asyncio.Event | None:
        for index, (held_method, pattern, held_agent, release) in enumerate(self.holds):
            if held_method == method and pattern.match(path) and agent.endswith(held_agent):
                del self.holds[index]
                return release
        return None

    def take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and fault.pattern.match(path):
                fault.times -= 1
                self.faults_served.append({"method": method, "path": path, "status": fault.status})
                return fault
        return None

    # -- messages (shared by REST and interactions) ----------------------------------------------------------
    async def post(self, channel: FakeChannel, author: FakeUser, body: dict[str, Any], *,
                   files: list[dict[str, Any]] = (), flags: int = 0,
                   interaction: dict[str, Any] | None = None, webhook_id: int | None = None) -> dict[str, Any]:
        attachments = self._attachments(files)
        message = self.world.message_payload(channel, author, body, flags=flags, interaction=interaction,
                                             attachments=[{k: v for k, v in a.items() if k != "data"} for a in attachments],
                                             webhook_id=webhook_id)
        message["_files"] = attachments  # the bytes, for tests (not sent to the bot: keys starting with _ are dropped)
        self.message_by_id[int(message["id"])] = message
        if message["flags"] & EPHEMERAL:
            self.ephemeral.append(message)
        else:
            channel.messages.append(message)
            intent = INTENT_DIRECT_MESSAGES if channel.type == DM else INTENT_GUILD_MESSAGES
            await self.gateway.dispatch("MESSAGE_CREATE", public(message), intent=intent)
        return message

    def _attachments(self, files) -> list[dict[str, Any]]:
        attachments = []
        for f in files:
            attachment_id = self.world.ids()
            attachments.append({"id": str(attachment_id), "filename": f["filename"], "size": len(f["data"]),
                                "url": f"{self.api_base}/attachments/{attachment_id}", "proxy_url": "",
                                "content_type": f.get("content_type"), "data": f["data"]})
        return attachments

    def edit(self, message: dict[str, Any], body: dict[str, Any], files: list[dict[str, Any]] = ()) -> None:
        for key in ("content", "embeds", "components"):
            if key in body and body[key] is not None:
                message[key] = body[key]
        if files or "attachments" in body:  # kept attachments are listed by id; new files come as multipart
            kept = {str(a.get("id")) for a in body.get("attachments") or []}
            message["_files"] = [a for a in message.get("_files", []) if a["id"] in kept] + self._attachments(files)
            message["attachments"] = [{k: v for k, v in a.items() if k != "data"} for a in message["_files"]]
        if "flags" in body and body["flags"] is not None:
            message["flags"] = (message["flags"] & (EPHEMERAL | LOADING)) | int(body["flags"])
        message["edited_timestamp"] = iso()
        message.setdefault("_history", []).append(body)

    async def new_thread(self, parent: FakeChannel, name: str, kind: int, *, invitable: bool = True) -> FakeChannel:
        world = self.world
        thread = FakeChannel(world.ids(), kind, name, guild_id=world.guild_id, parent_id=parent.id,
                             owner_id=world.bot.id, invitable=invitable, members={world.bot.id})
        world.channels[thread.id] = thread
        await self.gateway.dispatch("THREAD_CREATE", thread.payload() | {"newly_created": True})
        return thread

    # -- answers to interactions ------------------------------------------------------------------------------
    def _reply(self, record: InteractionRecord, kind: str, message: dict[str, Any], flags: int, ephemeral: bool) -> None:
        record.replies.append(Reply(kind, message, flags, ephemeral))
        record.answered.set()

    async def answer(self, record: InteractionRecord, kind: int, data: dict[str, Any],
                     files: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The interaction callback: what `kind` (4 message, 5 defer, 6 deferred update, 7 update, 8 choices,
        9 modal) shows the user. Returns the message it created or changed."""
        record.callback_type = kind
        flags = int(data.get("flags") or 0)
        meta = {"id": str(record.id), "type": record.type, "user": record.user.payload(),
                "authorizing_integration_owners": {}, "name": record.name}
        if kind == 4:
            check_message_body(data, has_files=bool(files), filenames=tuple(f["filename"] for f in files))
            message = await self.post(record.channel, self.world.bot, data, files=files, flags=flags & EPHEMERAL,
                                      interaction=meta)
            record.original_id = int(message["id"])
            self._reply(record, "response", message, flags, bool(flags & EPHEMERAL))
            return message
        if kind == 5:
            record.deferred_ephemeral = bool(flags & EPHEMERAL)
            message = await self.post(record.channel, self.world.bot, {"content": ""},
                                      flags=LOADING | (flags & EPHEMERAL), interaction=meta)
            record.original_id = int(message["id"])
            return message
        if kind == 6:
            record.answered.set()
            return record.payload.get("message")
        if kind == 7:
            message = self.message_by_id[int(record.payload["message"]["id"])]
            self.edit(message, data, files)
            self._reply(record, "update", message, flags, bool(message["flags"] & EPHEMERAL))
            return message
        if kind == 8:
            record.choices = data.get("choices") or []
            refused = check_choices(record.choices, record.focused_type)
            if refused:
                self.problems.append(f"autocomplete for {record.name}: Discord refuses {refused}")
                record.choices = []
                record.answered.set()  # the user sees "Loading options failed"; the test fails at teardown
                raise invalid_form("data.choices", refused)
            record.answered.set()
            return None
        record.modal = data
        record.answered.set()
        return None

    async def follow_up(self, record: InteractionRecord, body: dict[str, Any], files: list[dict[str, Any]]) -> dict:
        flags = int(body.get("flags") or 0)
        original = self.message_by_id.get(record.original_id or 0)
        if record.callback_type == 5 and original is not None and original["flags"] & LOADING:
            # the first follow-up after a deferral replaces the "thinking" message; its visibility is the deferral's
            self.edit(original, body, files)
            original["flags"] &= ~LOADING
            self._reply(record, "followup", original, flags, bool(record.deferred_ephemeral))
            return original
        message = await self.post(record.channel, self.world.bot, body, files=files, flags=flags & EPHEMERAL,
                                  webhook_id=self.world.application_id)
        self._reply(record, "followup", message, flags, bool(flags & EPHEMERAL))
        return message

    def edit_reply(self, record: InteractionRecord, message: dict[str, Any], body: dict[str, Any],
                   files: list[dict[str, Any]]) -> None:
        was_loading = bool(message["flags"] & LOADING)
        self.edit(message, body, files)
        message["flags"] &= ~LOADING
        self._reply(record, "edit_original" if was_loading else "edit", message, int(body.get("flags") or 0),
                    bool(message["flags"] & EPHEMERAL))

    # -- playing: what a user does in Discord ------------------------------------------------------------------
    def commands_by_name(self, guild: str | None = None) -> dict[str, dict[str, Any]]:
        return {c["name"]: c for c in self.registered.get(guild, [])}

    def command(self, name: str) -> dict[str, Any]:
        found = self.commands_by_name(str(self.world.guild_id)).get(name) or self.commands_by_name().get(name)
        if found is None:
            raise ValueError(f"the bot registered no /{name}; it has {sorted(self.commands_by_name())}")
        return found

    def _where(self, user: FakeUser, channel: FakeChannel | str | None, dm: bool) -> FakeChannel:
        return self.world.dm_channel(user) if dm else self.world.channel(channel or self.game_channel)

    async def slash(self, user: FakeUser | str, command: str, options: dict[str, Any] | None = None, *,
                    channel: FakeChannel | str | None = None, dm: bool = False,
                    timeout: float = PATIENCE) -> InteractionRecord:
        """`/command sub ... options` by `user` in a channel (the game channel by default) or their DM with the
        bot; returns the interaction once the bot has answered (after a deferral: once the follow-up came)."""
        user = self.world.user(user)
        top, *path = command.split()
        where = self._where(user, channel, dm)
        data = fi.command_data(self.world, self.command(top), path, options or {}, in_guild=where.type != DM)
        return await self._interact(user, 2, command, where, data, timeout=timeout)

    async def autocomplete(self, user: FakeUser | str, command: str, options: dict[str, Any], focused: str, *,
                           channel: FakeChannel | str | None = None, dm: bool = False,
                           timeout: float = PATIENCE) -> list[dict[str, Any]]:
        """The choices the bot offers while `user` types `options[focused]`."""
        user = self.world.user(user)
        top, *path = command.split()
        where = self._where(user, channel, dm)
        data = fi.command_data(self.world, self.command(top), path, options, in_guild=where.type != DM, focused=focused)
        record = await self._interact(user, 4, command, where, data, timeout=timeout)
        return record.choices or []

    async def click(self, user: FakeUser | str, message: dict[str, Any] | Reply, custom_id: str, *,
                    timeout: float = PATIENCE) -> InteractionRecord:
        return await self._component(user, message, custom_id, None, timeout)

    async def select(self, user: FakeUser | str, message: dict[str, Any] | Reply, custom_id: str,
                     values: list[str], *, timeout: float = PATIENCE) -> InteractionRecord:
        return await self._component(user, message, custom_id, values, timeout)

    async def _component(self, user, message, custom_id, values, timeout) -> InteractionRecord:
        user = self.world.user(user)
        message = message.message if isinstance(message, Reply) else message
        message = self.message_by_id[int(message["id"])]  # the current version
        channel = self.world.channels[int(message["channel_id"])]
        if channel.type == DM and channel.recipient is not user:
            raise ValueError(f"{user.name} cannot see a DM to {channel.recipient.name}")
        data = fi.component_data(message, custom_id, values)
        return await self._interact(user, 3, custom_id, channel, data, message=public(message), timeout=timeout)

    async def _interact(self, user: FakeUser, kind: int, name: str, channel: FakeChannel, data: dict[str, Any], *,
                        message: dict[str, Any] | None = None, timeout: float) -> InteractionRecord:
        if not self.gateway.connected.is_set():
            raise AssertionError(f"the bot is not connected to the gateway: {name!r} would fail in Discord")
        interaction_id = self.world.ids()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload = fi.interaction_payload(self.world, interaction_id=interaction_id, token=token, kind=kind, user=user,
                                         channel=channel, data=data, message=message)
        record = InteractionRecord(interaction_id, token, kind, user, channel, name, payload, answered=asyncio.Event(),
                                   focused_type=fi.focused_type(data.get("options") or []))
        self.interactions[interaction_id] = record
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(record.answered.wait(), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(
                f"the bot did not answer {name!r} by {user.name} within {timeout}s (callback type "
                f"{record.callback_type}); Discord shows 'The application did not respond'. "
                f"Problems: {self.problems[-5:]}") from None
        return record

    # -- what users see ----------------------------------------------------------------------------------------
    def messages_in(self, channel: FakeChannel | str | None = None) -> list[dict[str, Any]]:
        """Everything anyone in the channel sees (not ephemeral replies, not threads)."""
        return [m for m in self.world.channel(channel or self.game_channel).messages if not m.get("deleted")]

    def dms_to(self, user: FakeUser | str) -> list[dict[str, Any]]:
        """Messages the bot sent to the user's DMs (interaction replies in the DM included)."""
        user = self.world.user(user)
        if user.id not in self.world.dm_of:
            return []
        return [m for m in self.world.channels[self.world.dm_of[user.id]].messages
                if m["author"]["id"] == str(self.world.bot.id) and not m.get("deleted")]

    def threads(self, *, private: bool | None = None) -> list[FakeChannel]:
        return [c for c in self.world.channels.values() if c.is_thread
                and (private is None or (c.type == PRIVATE_THREAD) == private)]

    def seen_by(self, user: FakeUser | str) -> list[dict[str, Any]]:
        """Every message `user` can see: guild channels, threads they are in, their DMs, their ephemeral replies."""
        user = self.world.user(user)
        seen = []
        for channel in self.world.channels.values():
            if channel.type == DM and channel.recipient is not user:
                continue
            if channel.type == PRIVATE_THREAD and user.id not in channel.members:
                continue
            seen += [m for m in channel.messages if not m.get("deleted")]
        seen += [r.message for rec in self.interactions.values() if rec.user is user for r in rec.replies
                 if r.ephemeral]
        return seen

    @staticmethod
    def text(messages: list[dict[str, Any]]) -> str:
        return "\n".join(message_text(m) for m in messages)

    def requests_to(self, method: str, path: str) -> list[dict[str, Any]]:
        pattern = re.compile(path + "$")
        return [r for r in self.requests if r["method"] == method and pattern.match(r["path"])]

    async def wait_until(self, predicate: Callable[[], Any], *, timeout: float = PATIENCE, what: str = "a condition") -> Any:
        """Poll `predicate` until it is truthy (the bot's loops and deliveries run on their own time)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if loop.time() > deadline:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}; problems: {self.problems[-5:]}")
            await asyncio.sleep(0.02)

"""The fake Discord REST API (v10): the routes discord.py calls for this bot, answered as Discord answers.

Every JSON answer has `Content-Type: application/json` exactly (discord.py parses JSON only then) and
rate-limit headers. A route the fake does not know is answered 404 with a message naming it, and is
listed in `FakeDiscord.problems` so a test fails loudly instead of the bot silently missing a feature.
Messages and registered commands are checked against Discord's limits (`fake_limits.py`), so what
Discord would refuse is refused here too.
"""
from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e.fake_limits import DiscordError, check_commands, check_message_body, invalid_form
from tests.e2e.fake_models import DM, EPHEMERAL, PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel, public

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord

log = logging.getLogger("fake_discord.rest")
LOADING = 1 << 7

Handler = Callable[..., Awaitable[web.StreamResponse]]


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    base = {"Content-Type": "application/json", "X-RateLimit-Limit": "50", "X-RateLimit-Remaining": "49",
            "X-RateLimit-Reset-After": "1.000", "X-RateLimit-Bucket": "fakebucket"}
    return web.Response(body=json.dumps(data).encode(), status=status, headers=base | (headers or {}))


def no_content() -> web.Response:
    return web.Response(status=204)


class Rest:
    def __init__(self, fake: "FakeDiscord") -> None:
        self.fake = fake
        self.routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        add = self._add
        add("GET", r"/gateway", self.get_gateway, auth=False)
        add("GET", r"/gateway/bot", self.get_gateway_bot)
        add("GET", r"/users/@me", self.get_me)
        add("GET", r"/users/(?P<user_id>\d+)", self.get_user)
        add("POST", r"/users/@me/channels", self.create_dm)
        add("GET", r"/oauth2/applications/@me", self.get_application)
        add("GET", r"/applications/@me", self.get_application)
        add("PUT", r"/applications/(?P<app>\d+)/commands", self.put_commands)
        add("GET", r"/applications/(?P<app>\d+)/commands", self.get_commands)
        add("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self.put_commands)
        add("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self.get_commands)
        add("GET", r"/guilds/(?P<guild>\d+)", self.get_guild)
        add("GET", r"/guilds/(?P<guild>\d+)/channels", self.get_guild_channels)
        add("GET", r"/guilds/(?P<guild>\d+)/roles", self.get_roles)
        add("GET", r"/guilds/(?P<guild>\d+)/members/(?P<user_id>\d+)", self.get_member)
        add("GET", r"/channels/(?P<channel>\d+)", self.get_channel)
        add("GET", r"/attachments/(?P<attachment>\d+)", self.get_attachment, auth=False)  # the CDN: a user's file
        add("POST", r"/channels/(?P<channel>\d+)/messages", self.create_message)
        add("GET", r"/channels/(?P<channel>\d+)/messages", self.list_messages)
        add("GET", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", self.get_message)
        add("PATCH", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", self.edit_message)
        add("DELETE", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)", self.delete_message)
        add("POST", r"/channels/(?P<channel>\d+)/typing", self.typing)
        add("POST", r"/channels/(?P<channel>\d+)/threads", self.create_thread)
        add("POST", r"/channels/(?P<channel>\d+)/messages/(?P<message>\d+)/threads", self.create_thread)
        add("PUT", r"/channels/(?P<channel>\d+)/thread-members/(?P<user_id>\d+|@me)", self.add_thread_member)
        add("DELETE", r"/channels/(?P<channel>\d+)/thread-members/(?P<user_id>\d+|@me)", self.remove_thread_member)
        add("GET", r"/channels/(?P<channel>\d+)/thread-members/(?P<user_id>\d+)", self.get_thread_member)
        add("POST", r"/interactions/(?P<interaction>\d+)/(?P<token>[^/]+)/callback", self.interaction_callback, auth=False)
        add("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", self.followup, auth=False)
        add("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)", self.get_webhook_message, auth=False)
        add("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)", self.edit_webhook_message, auth=False)
        add("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message>@original|\d+)", self.delete_webhook_message, auth=False)

    def _add(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        self.routes.append((method, re.compile(pattern + "$"), handler, auth))

    # -- the entry point ---------------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        fake = self.fake
        entry = {"method": request.method, "path": path, "query": dict(request.query),
                 "agent": request.headers.get("User-Agent", ""),  # tells bot processes apart (scale-out test)
                 "via": request.headers.get("Via", "")}  # the proxies it came through (stand_in_proxy.py)
        fake.requests.append(entry)
        try:
            body, files = await self._body(request)
        except ValueError as error:
            fake.problems.append(f"{request.method} {path}: unreadable body ({error})")
            return json_response({"code": 50109, "message": "The request body contains invalid JSON."}, 400)
        entry["body"] = body
        fault = fake.take_fault(request.method, path)
        if fault is not None:
            entry["status"] = fault.status
            log.info("fault injected: %s %s -> %s", request.method, path, fault.status)
            return json_response(fault.body, fault.status, fault.headers)
        for method, pattern, handler, auth in self.routes:
            match = pattern.match(path)
            if match is None or method != request.method:
                continue
            if auth and request.headers.get("Authorization") != f"Bot {fake.token}":
                entry["status"] = 401
                return json_response({"code": 0, "message": "401: Unauthorized"}, 401)
            try:
                response = await handler(request, body, files, **match.groupdict())
            except DiscordError as error:
                log.info("%s %s -> %s %s", request.method, path, error.status, error.message)
                entry["status"] = error.status
                data: dict[str, Any] = {"code": error.code, "message": error.message}
                if error.errors:
                    data["errors"] = error.errors
                    fake.problems.append(f"{request.method} {path}: {error.message} {error.errors}")
                return json_response(data, error.status)
            entry["status"] = response.status
            release = fake.take_hold(request.method, path, entry["agent"])
            if release is not None:  # done, but the answer waits (`FakeDiscord.hold_answer_next`)
                entry["held"] = True
                await release.wait()
            return response
        message = f"fake Discord has no route for {request.method} {path}: add it to tests/e2e/fake_rest.py"
        log.error(message)
        fake.problems.append(message)
        entry["status"] = 404
        return json_response({"code": 0, "message": message}, 404)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        if request.content_type == "application/json":
            return await request.json(), []
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            body: dict[str, Any] = {}
            files: list[dict[str, Any]] = []
            for name, value in form.items():
                if name == "payload_json":
                    body = json.loads(value if isinstance(value, str) else value.file.read())
                elif hasattr(value, "file"):
                    files.append({"field": name, "filename": value.filename, "data": value.file.read(),
                                  "content_type": value.content_type})
            return body, files
        raw = await request.read()
        return (json.loads(raw) if raw else {}), []

    # -- lookups -----------------------------------------------------------------------------------------
    def channel(self, channel_id: str) -> FakeChannel:
        channel = self.fake.world.channels.get(int(channel_id))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def message(self, channel: FakeChannel, message_id: str) -> dict[str, Any]:
        message = self.fake.message_by_id.get(int(message_id))
        if message is None or message["channel_id"] != str(channel.id):
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    # -- gateway, users, application, commands -----------------------------------------------------------
    async def get_gateway(self, request, body, files) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request, body, files) -> web.Response:
        return json_response({"url": self.fake.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})

    async def get_me(self, request, body, files) -> web.Response:
        return json_response(self.fake.bot_user_payload())

    async def get_user(self, request, body, files, user_id: str) -> web.Response:
        user = self.fake.world.users.get(int(user_id))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def create_dm(self, request, body, files) -> web.Response:
        user = self.fake.world.users.get(int(body.get("recipient_id") or 0))
        if user is None:
            raise invalid_form("recipient_id", "Unknown user")
        return json_response(self.fake.world.dm_channel(user).payload())

    async def get_application(self, request, body, files) -> web.Response:
        world = self.fake.world
        owner = world.users[world.owner_id]
        return json_response({
            "id": str(world.application_id), "name": "brbot", "icon": None, "description": "fake application",
            "summary": "", "type": None, "bot_public": True, "bot_require_code_grant": False,
            "verify_key": "0" * 64, "owner": owner.payload(), "team": None, "flags": 0,
            "bot": self.fake.bot_user_payload(), "redirect_uris": [], "interactions_endpoint_url": None,
            "install_params": None, "integration_types_config": {}, "approximate_guild_count": 1,
        })

    async def put_commands(self, request, body, files, app: str, guild: str | None = None) -> web.Response:
        if int(app) != self.fake.world.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        check_commands(body)
        stored = []
        for command in body:
            known = self.fake.commands_by_name(guild).get(command["name"])
            stored.append(command | {
                "id": known["id"] if known else str(self.fake.world.ids()), "application_id": app,
                "version": str(self.fake.world.ids()), "type": command.get("type", 1),
                "default_member_permissions": command.get("default_member_permissions"),
                "dm_permission": command.get("dm_permission", True), "nsfw": command.get("nsfw", False),
                **({"guild_id": guild} if guild else {}),
            })
        self.fake.command_syncs.append({"guild": guild, "commands": stored})
        self.fake.registered[guild] = stored
        return json_response(stored)

    async def get_commands(self, request, body, files, app: str, guild: str | None = None) -> web.Response:
        return json_response(self.fake.registered.get(guild, []))

    # -- guild -------------------------------------------------------------------------------------------
    def _check_guild(self, guild: str) -> None:
        if int(guild) != self.fake.world.guild_id:
            raise DiscordError(404, 10004, "Unknown Guild")

    async def get_guild(self, request, body, files, guild: str) -> web.Response:
        self._check_guild(guild)
        data = self.fake.world.guild_payload(all_members=False)
        for key in ("channels", "threads", "members", "presences", "voice_states"):
            data.pop(key)
        return json_response(data)

    async def get_guild_channels(self, request, body, files, guild: str) -> web.Response:
        self._check_guild(guild)
        world = self.fake.world
        return json_response([c.payload() for c in world.channels.values() if c.guild_id and not c.is_thread])

    async def get_roles(self, request, body, files, guild: str) -> web.Response:
        self._check_guild(guild)
        return json_response([r.payload() for r in self.fake.world.roles.values()])

    async def get_member(self, request, body, files, guild: str, user_id: str) -> web.Response:
        self._check_guild(guild)
        user = self.fake.world.users.get(int(user_id))
        if user is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(self.fake.world.member_payload(user))

    # -- channels and messages ---------------------------------------------------------------------------
    async def get_attachment(self, request, body, files, attachment: str) -> web.Response:
        data = self.fake.world.uploads.get(int(attachment))
        if data is None:
            raise DiscordError(404, 0, "404: Not Found")
        return web.Response(body=data, content_type="application/octet-stream")

    async def get_channel(self, request, body, files, channel: str) -> web.Response:
        return json_response(self.channel(channel).payload())

    async def create_message(self, request, body, files, channel: str) -> web.Response:
        target = self.channel(channel)
        if target.type == DM and target.recipient is not None and not target.recipient.dms_open:
            self.fake.refused.append({"user": target.recipient.id, "body": body})
            raise DiscordError(403, 50007, "Cannot send messages to this user")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce") and str(nonce) in self.fake.nonces:
            self.fake.nonce_hits += 1
            return json_response(public(self.fake.message_by_id[self.fake.nonces[str(nonce)]]))
        check_message_body(body, has_files=bool(files), filenames=tuple(f["filename"] for f in files))
        message = await self.fake.post(target, self.fake.world.bot, body, files=files)
        if nonce is not None:
            self.fake.nonces[str(nonce)] = int(message["id"])
        return json_response(public(message))

    async def list_messages(self, request, body, files, channel: str) -> web.Response:
        target = self.channel(channel)
        limit = int(request.query.get("limit", 50))
        return json_response([public(m) for m in reversed(target.messages) if not m.get("deleted")][:limit])

    async def get_message(self, request, body, files, channel: str, message: str) -> web.Response:
        return json_response(public(self.message(self.channel(channel), message)))

    async def edit_message(self, request, body, files, channel: str, message: str) -> web.Response:
        stored = self.message(self.channel(channel), message)
        self.fake.edit(stored, body, files)
        return json_response(public(stored))

    async def delete_message(self, request, body, files, channel: str, message: str) -> web.Response:
        target = self.channel(channel)
        stored = self.message(target, message)
        stored["deleted"] = True
        return no_content()

    async def typing(self, request, body, files, channel: str) -> web.Response:
        self.channel(channel)
        return no_content()

    async def create_thread(self, request, body, files, channel: str, message: str | None = None) -> web.Response:
        parent = self.channel(channel)
        if parent.type != 0:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        kind = PUBLIC_THREAD if message is not None else int(body.get("type") or PRIVATE_THREAD)
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise invalid_form("name", "Must be between 1 and 100 in length.")
        thread = await self.fake.new_thread(parent, name, kind, invitable=body.get("invitable", True))
        return json_response(thread.payload() | {"member": {"id": str(thread.id), "user_id": str(self.fake.world.bot.id),
                                                              "join_timestamp": "2026-01-01T00:00:00+00:00", "flags": 0},
                                                 "newly_created": True}, 201)

    def _thread(self, channel: str) -> FakeChannel:
        thread = self.channel(channel)
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        return thread

    async def add_thread_member(self, request, body, files, channel: str, user_id: str) -> web.Response:
        thread = self._thread(channel)
        uid = self.fake.world.bot.id if user_id == "@me" else int(user_id)
        if uid not in self.fake.world.users:
            raise DiscordError(404, 10013, "Unknown User")
        thread.members.add(uid)
        return no_content()

    async def remove_thread_member(self, request, body, files, channel: str, user_id: str) -> web.Response:
        thread = self._thread(channel)
        thread.members.discard(self.fake.world.bot.id if user_id == "@me" else int(user_id))
        return no_content()

    async def get_thread_member(self, request, body, files, channel: str, user_id: str) -> web.Response:
        thread = self._thread(channel)
        if int(user_id) not in thread.members:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response({"id": str(thread.id), "user_id": user_id, "join_timestamp": "2026-01-01T00:00:00+00:00",
                              "flags": 0})

    # -- interactions --------------------------------------------------------------------------------------
    async def interaction_callback(self, request, body, files, interaction: str, token: str) -> web.Response:
        record = self.fake.interactions.get(int(interaction))
        if record is None or record.token != token:
            raise DiscordError(404, 10062, "Unknown interaction")
        if record.callback_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        kind = int(body.get("type") or 0)
        data = body.get("data") or {}
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}}[record.type]
        if kind not in allowed:
            raise DiscordError(400, 50035, f"Interaction callback type {kind} is not valid for interaction type {record.type}")
        message = await self.fake.answer(record, kind, data, files)
        wanted = request.query.get("with_response") in ("1", "true", "True")
        if not wanted:
            return no_content()
        flags = int(data.get("flags") or 0)
        result: dict[str, Any] = {"interaction": {
            "id": str(record.id), "type": record.type, "activity_instance_id": None,
            "response_message_id": message["id"] if message else None,
            "response_message_loading": kind == 5, "response_message_ephemeral": bool(flags & EPHEMERAL)}}
        result["resource"] = {"type": kind, **({"message": public(message)} if message is not None and kind in (4, 5, 7) else {})}
        return json_response(result)

    def _record_by_token(self, app: str, token: str):
        if int(app) != self.fake.world.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        for record in self.fake.interactions.values():
            if record.token == token:
                if record.callback_type is None:
                    raise DiscordError(404, 10015, "Unknown Webhook")  # not acknowledged yet
                return record
        raise DiscordError(404, 10015, "Unknown Webhook")

    async def followup(self, request, body, files, app: str, token: str) -> web.Response:
        record = self._record_by_token(app, token)
        check_message_body(body, has_files=bool(files), filenames=tuple(f["filename"] for f in files))
        message = await self.fake.follow_up(record, body, files)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(public(message))
        return no_content()

    def _webhook_message(self, record, message: str) -> dict[str, Any]:
        mid = record.original_id if message == "@original" else int(message)
        stored = self.fake.message_by_id.get(mid) if mid else None
        if stored is None:
            raise DiscordError(404, 10008, "Unknown Message")
        return stored

    async def get_webhook_message(self, request, body, files, app: str, token: str, message: str) -> web.Response:
        return json_response(public(self._webhook_message(self._record_by_token(app, token), message)))

    async def edit_webhook_message(self, request, body, files, app: str, token: str, message: str) -> web.Response:
        record = self._record_by_token(app, token)
        stored = self._webhook_message(record, message)
        self.fake.edit_reply(record, stored, body, files)
        return json_response(public(stored))

    async def delete_webhook_message(self, request, body, files, app: str, token: str, message: str) -> web.Response:
        record = self._record_by_token(app, token)
        self._webhook_message(record, message)["deleted"] = True
        return no_content()

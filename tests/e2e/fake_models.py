"""The fake Discord's world: users, a guild with channels and roles, messages, interactions, as Discord's JSON.

Everything here is plain data plus the payload builders that turn it into what Discord's API returns
(`user_payload`, `member_payload`, `channel_payload`, `message_payload`, `guild_payload`). The REST side
(`fake_rest.py`) and the gateway (`fake_gateway.py`) share one `World`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

EPHEMERAL = 1 << 6
# permission bits (https://discord.com/developers/docs/topics/permissions)
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
READ_HISTORY = 1 << 16
MANAGE_GUILD = 1 << 5
ADMINISTRATOR = 1 << 3
USE_APP_COMMANDS = 1 << 31
CREATE_PRIVATE_THREADS = 1 << 36
SEND_IN_THREADS = 1 << 38
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
EVERYONE_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | READ_HISTORY | USE_APP_COMMANDS | SEND_IN_THREADS
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | CREATE_PRIVATE_THREADS | EMBED_LINKS | ATTACH_FILES | (1 << 34)  # manage threads

# channel types
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12


def iso(moment: datetime | None = None) -> str:
    return (moment or datetime.now(timezone.utc)).isoformat()


class Snowflakes:
    """Increasing ids, large like Discord's (discord.py derives creation times from them)."""

    def __init__(self, start: int = 1_200_000_000_000_000_000) -> None:
        self._next = itertools.count(start)

    def __call__(self) -> int:
        return next(self._next)


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    roles: list[int] = field(default_factory=list)  # role ids in the guild
    locale: str = "en-US"  # the language their Discord is in (each interaction tells it)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name.lower(), "global_name": self.name, "discriminator": "0",
                "avatar": None, "bot": self.bot, "system": False, "public_flags": 0, "flags": 0}


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
                "icon": None, "unicode_emoji": None, "position": self.position, "permissions": str(self.permissions),
                "managed": False, "mentionable": True, "flags": 0}


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    recipient: FakeUser | None = None  # DMs
    owner_id: int | None = None  # threads
    invitable: bool = True
    members: set[int] = field(default_factory=set)  # thread members
    messages: list[dict[str, Any]] = field(default_factory=list)  # every message posted here, in order

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            return {"id": str(self.id), "type": DM, "last_message_id": None, "flags": 0,
                    "recipients": [self.recipient.payload()] if self.recipient else []}
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "name": self.name,
                                "guild_id": str(self.guild_id), "position": 0, "permission_overwrites": [],
                                "nsfw": False, "topic": None, "last_message_id": None, "rate_limit_per_user": 0,
                                "parent_id": str(self.parent_id) if self.parent_id else None, "flags": 0}
        if self.is_thread:
            data.update({"owner_id": str(self.owner_id), "message_count": len(self.messages),
                         "member_count": len(self.members), "total_message_sent": len(self.messages),
                         "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                             "archive_timestamp": iso(), "locked": False,
                                             "invitable": self.invitable, "create_timestamp": iso()}})
        return data


@dataclass
class World:
    """The one guild, its channels and roles, every user, the bot and its application."""

    ids: Snowflakes
    bot: FakeUser
    application_id: int
    guild_id: int
    guild_name: str = "Battle Royale Club"
    guild_locale: str = "en-US"  # the server's language (Discord's preferred_locale), told with each interaction
    owner_id: int = 0
    users: dict[int, FakeUser] = field(default_factory=dict)
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    dm_of: dict[int, int] = field(default_factory=dict)  # user id -> DM channel id
    uploads: dict[int, bytes] = field(default_factory=dict)  # files users attached to commands, by attachment id
    cdn_base: str = ""  # where attachments are downloaded from (the fake's API base, once it listens)

    def user(self, who: FakeUser | int | str) -> FakeUser:
        if isinstance(who, FakeUser):
            return who
        if isinstance(who, str):
            for user in self.users.values():
                if user.name == who:
                    return user
            raise KeyError(f"no user named {who!r}")
        return self.users[int(who)]

    def channel(self, which: FakeChannel | int | str) -> FakeChannel:
        if isinstance(which, FakeChannel):
            return which
        if isinstance(which, str):
            for channel in self.channels.values():
                if channel.name == which and channel.guild_id is not None:
                    return channel
            raise KeyError(f"no channel named {which!r}")
        return self.channels[int(which)]

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        if user.id not in self.dm_of:
            channel = FakeChannel(self.ids(), DM, recipient=user)
            self.channels[channel.id] = channel
            self.dm_of[user.id] = channel.id
        return self.channels[self.dm_of[user.id]]

    def permissions(self, user: FakeUser) -> int:
        value = self.roles[self.guild_id].permissions
        for role_id in user.roles:
            value |= self.roles[role_id].permissions
        if user.id == self.owner_id or value & ADMINISTRATOR:
            value = (1 << 50) - 1
        return value

    def member_payload(self, user: FakeUser, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {"roles": [str(r) for r in user.roles], "nick": None, "avatar": None, "banner": None,
                                "joined_at": "2026-01-01T00:00:00+00:00", "premium_since": None, "deaf": False,
                                "mute": False, "pending": False, "flags": 0, "communication_disabled_until": None,
                                "permissions": str(self.permissions(user))}
        if with_user:
            data["user"] = user.payload()
        return data

    def guild_payload(self, *, all_members: bool) -> dict[str, Any]:
        guild_channels = [c for c in self.channels.values() if c.guild_id == self.guild_id]
        members = [u for u in self.users.values() if all_members or u.id == self.bot.id]
        return {
            "id": str(self.guild_id), "name": self.guild_name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(self.owner_id), "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 1, "explicit_content_filter": 0, "features": [], "mfa_level": 0,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0, "preferred_locale": "en-US",
            "public_updates_channel_id": None, "nsfw_level": 0, "premium_progress_bar_enabled": False,
            "roles": [r.payload() for r in self.roles.values()], "emojis": [], "stickers": [],
            "joined_at": "2026-01-01T00:00:00+00:00", "large": False, "unavailable": False,
            "member_count": len([u for u in self.users.values()]), "voice_states": [],
            "members": [self.member_payload(u) for u in members], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
            "channels": [c.payload() for c in guild_channels if not c.is_thread],
            "threads": [c.payload() for c in guild_channels if c.is_thread],
        }

    def message_payload(self, channel: FakeChannel, author: FakeUser, body: dict[str, Any], *,
                        message_id: int | None = None, flags: int = 0,
                        interaction: dict[str, Any] | None = None, attachments: list[dict] | None = None,
                        webhook_id: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(message_id or self.ids()), "channel_id": str(channel.id), "type": 0 if not interaction else 20,
            "author": author.payload(), "content": body.get("content") or "", "timestamp": iso(),
            "edited_timestamp": None, "tts": bool(body.get("tts")), "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": attachments or [], "embeds": list(body.get("embeds") or []),
            "components": list(body.get("components") or []), "pinned": False,
            "flags": int(body.get("flags") or 0) | flags,
        }
        if body.get("nonce") is not None:
            data["nonce"] = body["nonce"]
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        if interaction is not None:
            data["interaction_metadata"] = interaction
            data["application_id"] = str(self.application_id)
        if webhook_id is not None:
            data["webhook_id"] = str(webhook_id)
        return data


def public(message: dict[str, Any]) -> dict[str, Any]:
    """A message as Discord sends it to the bot: without the fake's own bookkeeping keys (`_files`, `deleted`)."""
    return {k: v for k, v in message.items() if not k.startswith("_") and k != "deleted"}


def message_text(message: dict[str, Any]) -> str:
    """Everything a reader sees in a message: content, embed titles, descriptions, fields, footers, text displays,
    component labels."""
    parts: list[str] = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name', '')}: {f.get('value', '')}" for f in embed.get("fields") or []]
        parts += [(embed.get("footer") or {}).get("text") or "", (embed.get("author") or {}).get("name") or ""]
    for component in walk_components(message.get("components") or []):
        parts.append(component.get("content") or "")  # a text display (Components V2)
        parts.append(component.get("label") or component.get("placeholder") or "")
        parts += [o.get("label", "") for o in component.get("options") or []]
    return "\n".join(p for p in parts if p)


def walk_components(components: list[dict[str, Any]]):
    """Every component, nested ones included (a section's accessory too), in the order a reader meets them."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        if component.get("accessory"):
            yield from walk_components([component["accessory"]])


@dataclass
class Reply:
    """One thing the bot showed a user in answer to an interaction (a response, a follow-up, an edit)."""

    kind: str  # response | followup | edit_original | update | modal
    message: dict[str, Any]  # the message payload as stored (clickable with FakeDiscord.click)
    flags_sent: int  # the flags the bot asked for
    ephemeral: bool  # whether Discord would show it to the user alone

    @property
    def content(self) -> str:
        return self.message.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.get("embeds") or []

    @property
    def text(self) -> str:
        return message_text(self.message)

    def components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.message.get("components") or []))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components() if "custom_id" in c]


@dataclass
class InteractionRecord:
    """An interaction the fake sent and everything the bot answered to it."""

    id: int
    token: str
    type: int  # 2 command | 3 component | 4 autocomplete
    user: FakeUser
    channel: FakeChannel
    name: str  # command path ("game create") or custom id
    payload: dict[str, Any]
    callback_type: int | None = None
    deferred_ephemeral: bool | None = None
    replies: list[Reply] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    original_id: int | None = None  # the message id of the original response
    modal: dict[str, Any] | None = None
    focused_type: int | None = None  # autocomplete: the type of the option being typed
    answered: Any = None  # asyncio.Event, set when the user sees an answer

    @property
    def reply(self) -> Reply:
        if not self.replies:
            raise AssertionError(f"no reply to {self.name!r} (callback type {self.callback_type})")
        return self.replies[0]

    @property
    def text(self) -> str:
        return "\n".join(r.text for r in self.replies)

    @property
    def all_ephemeral(self) -> bool:
        return all(r.ephemeral for r in self.replies) and self.deferred_ephemeral in (None, True)

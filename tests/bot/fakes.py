"""Mock interactions for cog tests: call a command's callback and see what the user would see.

`FakeInteraction` records every response, deferral and follow-up; `sent` lists them as dicts with their
content, embeds, file, view and whether they were ephemeral. Permissions and roles are set per test.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord


@dataclass
class FakeRole:
    id: int


@dataclass
class FakeUser:
    id: int
    name: str = "user"
    display_name: str = ""
    roles: list[FakeRole] = field(default_factory=list)
    bot: bool = False

    def __post_init__(self) -> None:
        self.display_name = self.display_name or self.name
        self.mention = f"<@{self.id}>"


class FakeHTTPResponse:
    """Just enough of aiohttp's response for discord.py's HTTP errors."""

    def __init__(self, status: int, reason: str) -> None:
        self.status, self.reason = status, reason


class FakeGuild:
    """A guild as the bot sees it without the members intent: no member in the cache, `fetch_member` asks
    Discord (here: `members`, every user when None) and raises NotFound for anyone else."""

    def __init__(self, guild_id: int = 1000, members: set[int] | None = None) -> None:
        self.id = guild_id
        self.members = members
        self.fetched: list[int] = []

    def get_member(self, user_id: int) -> None:
        return None

    async def fetch_member(self, user_id: int) -> FakeUser:
        self.fetched.append(user_id)
        if self.members is not None and user_id not in self.members:
            raise discord.NotFound(FakeHTTPResponse(404, "Not Found"), {"code": 10007, "message": "Unknown Member"})
        return FakeUser(user_id)


def check_limits(content: str | None, kwargs: dict[str, Any]) -> None:
    """What Discord refuses in a message (too long a content, too many or too big embeds), raised as the
    HTTPException discord.py would raise: a reply that breaks a limit is lost, as it would be on Discord."""
    from tests.e2e.fake_limits import DiscordError, check_message_body

    embeds = kwargs.get("embeds") or ([kwargs["embed"]] if kwargs.get("embed") else [])
    body = {"content": content if content is not None else kwargs.get("content"),
            "embeds": [e.to_dict() for e in embeds if e is not None]}
    try:
        check_message_body(body, has_files=bool(kwargs.get("file")) or bool(kwargs.get("view")))
    except DiscordError as error:
        raise discord.HTTPException(FakeHTTPResponse(error.status, "Bad Request"), error.message) from None


class FakeResponse:
    def __init__(self, owner: "FakeInteraction") -> None:
        self.owner = owner
        self.done = False
        self.deferred = False

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        assert not self.done, "responded twice"
        check_limits(content, kwargs)
        self.done = True
        self.owner.record(content, kwargs)

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.done, "deferred after responding"
        self.done = True
        self.deferred = True
        self.owner.deferred_ephemeral = ephemeral

    async def edit_message(self, content: str | None = None, **kwargs: Any) -> None:
        if content is not None and len(content) > 2000:
            check_limits(content, {})
        self.done = True
        self.owner.record(content, kwargs | {"edit": True})

    async def autocomplete(self, choices) -> None:
        self.owner.choices = choices


class FakeFollowup:
    def __init__(self, owner: "FakeInteraction") -> None:
        self.owner = owner

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        check_limits(content, kwargs)
        self.owner.record(content, kwargs)


class FakeAttachment:
    """What discord.py passes for an attachment option: a name, a size, and the bytes to download."""

    def __init__(self, filename: str, data: bytes) -> None:
        self.filename, self.size, self.data, self.downloaded = filename, len(data), data, False

    async def read(self) -> bytes:
        self.downloaded = True
        return self.data


class FakeInteraction:
    def __init__(self, client, user: FakeUser, *, guild_id: int | None = 1000, channel_id: int | None = 555,
                 manage_guild: bool = False, command_name: str = "test", locale: str | None = None) -> None:
        self.client = client
        self.locale = discord.Locale(locale) if locale else None  # the user's Discord language (None: English)
        self.user = user
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.guild = None
        self.permissions = discord.Permissions(manage_guild=manage_guild) if guild_id is not None else discord.Permissions.none()
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.command = type("Cmd", (), {"qualified_name": command_name})()
        self.sent: list[dict[str, Any]] = []
        self.deferred_ephemeral: bool | None = None
        self.choices = None
        self.data: dict[str, Any] = {}
        self.namespace = discord.app_commands.Namespace.__new__(discord.app_commands.Namespace)

    def record(self, content: str | None, kwargs: dict[str, Any]) -> None:
        self.sent.append({"content": content if content is not None else kwargs.get("content"), **kwargs})

    @property
    def text(self) -> str:
        """Everything the user was shown, as one string (content and embed text)."""
        parts: list[str] = []
        for message in self.sent:
            if message.get("content"):
                parts.append(message["content"])
            for embed in message.get("embeds", []) or ([message["embed"]] if message.get("embed") else []):
                parts.extend(filter(None, [embed.title, embed.description]))
                parts.extend(f"{f.name}: {f.value}" for f in embed.fields)
        return "\n".join(parts)

    @property
    def all_ephemeral(self) -> bool:
        replies = [m for m in self.sent if not m.get("edit")]
        return all(m.get("ephemeral") for m in replies) and (self.deferred_ephemeral in (None, True))


async def call(command, cog, interaction: FakeInteraction, **options: Any) -> FakeInteraction:
    """Run a slash command's callback as Discord would, with these option values."""
    await command.callback(cog, interaction, **options)
    return interaction

"""Configuration from the environment or `.env` (pydantic-settings). Every setting is in `.env.example`.

A bad setting is refused when the settings are read, with the setting's name and what is wrong (the command
line prints it as one line, `brbot: ...`): a number that is not one or not above zero, a log level Python
does not know, shards that do not fit together (`bot.sharding`). A database URL without its async driver is
accepted and completed (`postgresql://` and `postgres://` become `postgresql+asyncpg://`, `sqlite://`
becomes `sqlite+aiosqlite://`), since that is the form most hosting providers and tutorials give. Any other
database or driver (`mysql://`, `postgresql+psycopg2://`) is refused in one line naming the URLs the bot takes
(`supported_url`; the password is not shown). Discord's API address (`BRBOT_DISCORD_API_BASE`, a REST proxy's)
must be an http(s) URL; given without a path, it gets Discord's (`/api/v10`), the paths a proxy serves.
`BRBOT_DISCORD_PACING=proxy` needs that address.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import Field, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.db.urls import supported_url
from bot.sharding import AUTO, PACINGS, ShardPlan, check_pacing, check_shards, parse_shard_ids

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
API_PATH = "/api/v10"  # the Discord API version discord.py 2 speaks, as a proxy serves it


def api_base(url: str) -> str:
    """BRBOT_DISCORD_API_BASE: "" (discord.py's own, Discord's address) or an http(s) URL without a trailing
    slash, with Discord's API path if it has none; raises ValueError with what is wrong."""
    url = url.strip().rstrip("/")
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError("must be an http:// or https:// address, like http://nirn-proxy:8080/api/v10")
    return url if parts.path else url + API_PATH


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="BRBOT_", env_file=".env", extra="ignore")

    database_url: str = Field("sqlite+aiosqlite:///brbot.sqlite3", description="SQLAlchemy async URL")
    discord_token: str = Field("", description="the bot's token from the Discord developer portal")
    poll_seconds: float = Field(15.0, gt=0, description="how often the deadline loop looks for due games")
    reminder_hours: float = Field(2.0, ge=0, description="hours before a deadline that idle players are reminded")
    log_level: str = Field("INFO", description="logging level")
    sync_commands: bool = Field(True, description="register the slash commands with Discord at start-up")
    delivery_seconds: float = Field(2.0, gt=0, description="how often the outbox worker looks for messages to deliver")
    health_file: str = Field("", description="where `brbot run` keeps its heartbeat for `brbot health` (none if empty)")
    prediction_workers: int = Field(
        2, ge=1, le=64, description="setups' balance predictions played at once, each in a worker process"
    )
    # several processes (bot.sharding, docs/scaling.md)
    shard_count: int | None = Field(None, ge=1, description="Discord shards across all processes (unset: Discord's)")
    shard_ids: str = Field("", description="this process's shards: 0,1 or 0-3, or auto (unset: all)")
    delivery_lease_seconds: float = Field(40.0, ge=1, description="how long a stopped process keeps its deliveries")
    # a shared REST proxy in front of Discord (docs/scaling.md)
    discord_api_base: str = Field("", description="Discord's REST API address, or a proxy's (unset: Discord's)")
    discord_pacing: str = Field("shares", description=f"who keeps Discord's global rate limit: {' or '.join(PACINGS)}")
    # the web site (`brbot web`, docs/web.md)
    web_url: str = Field("http://localhost:8080", description="the site's public address, as the bot posts it")
    web_host: str = Field("127.0.0.1", description="the address `brbot web` listens on")
    web_port: int = Field(8080, ge=1, le=65535, description="the port `brbot web` listens on")
    web_poll_seconds: float = Field(
        1.0, gt=0, description="how often the site looks for a step resolved in a live game"
    )
    web_cache_seconds: int = Field(30, ge=0, description="how long browsers and proxies may keep a running game's page")

    @field_validator("database_url")
    @classmethod
    def _with_async_driver(cls, value: str) -> str:
        return supported_url(value)  # its refusal is no ValueError: pydantic would print the URL's password

    @field_validator("discord_api_base")
    @classmethod
    def _api_base(cls, value: str) -> str:
        return api_base(value)

    @field_validator("discord_pacing")
    @classmethod
    def _pacing(cls, value: str, info: ValidationInfo) -> str:
        return check_pacing(value, info.data.get("discord_api_base"))  # None: the address's own error is reported

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("shard_count", mode="before")
    @classmethod
    def _unset_count(cls, value):
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value, info: ValidationInfo):
        ids = parse_shard_ids(str(value))
        if "shard_count" in info.data:  # else the count's own error is the one to report
            check_shards(info.data["shard_count"], ids)
        return ids

    def shard_plan(self, claimed: int | None = None) -> ShardPlan:
        """The shards this process connects (`claimed`: the one taken with `auto`)."""
        if self.shard_ids == AUTO:
            return ShardPlan(self.shard_count, [claimed] if claimed is not None else None)
        ids = [int(n) for n in self.shard_ids.split(",")] if self.shard_ids else None
        return ShardPlan(self.shard_count, ids)

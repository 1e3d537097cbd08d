"""Configuration from the environment or `.env` (pydantic-settings). Every setting is in `.env.example`."""
from __future__ import annotations

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.sharding import AUTO, ShardPlan, check_shards, parse_shard_ids


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="BRBOT_", env_file=".env", extra="ignore")

    database_url: str = Field("sqlite+aiosqlite:///brbot.sqlite3", description="SQLAlchemy async URL")
    discord_token: str = Field("", description="the bot's token from the Discord developer portal")
    poll_seconds: float = Field(15.0, description="how often the deadline loop looks for due games")
    reminder_hours: float = Field(2.0, description="hours before a deadline that idle players are reminded")
    log_level: str = Field("INFO", description="logging level")
    sync_commands: bool = Field(True, description="register the slash commands with Discord at start-up")
    delivery_seconds: float = Field(2.0, description="how often the outbox worker looks for messages to deliver")
    # several processes (bot.sharding, docs/scaling.md)
    shard_count: int | None = Field(None, ge=1, description="Discord shards across all processes (unset: Discord's)")
    shard_ids: str = Field("", description="this process's shards: 0,1 or 0-3, or auto (unset: all)")
    delivery_lease_seconds: float = Field(40.0, ge=1, description="how long a stopped process keeps its deliveries")

    @field_validator("shard_count", mode="before")
    @classmethod
    def _unset_count(cls, value):
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value):
        return parse_shard_ids(str(value))

    @model_validator(mode="after")
    def _shards_exist(self) -> Settings:
        check_shards(self.shard_count, self.shard_ids)
        return self

    def shard_plan(self, claimed: int | None = None) -> ShardPlan:
        """The shards this process connects (`claimed`: the one taken with `auto`)."""
        if self.shard_ids == AUTO:
            return ShardPlan(self.shard_count, [claimed] if claimed is not None else None)
        ids = [int(n) for n in self.shard_ids.split(",")] if self.shard_ids else None
        return ShardPlan(self.shard_count, ids)

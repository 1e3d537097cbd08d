"""Configuration from the environment or `.env` (pydantic-settings). Every setting is in `.env.example`."""
from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="BRBOT_", env_file=".env", extra="ignore")

    database_url: str = Field("sqlite+aiosqlite:///brbot.sqlite3", description="SQLAlchemy async URL")
    discord_token: str = Field("", description="the bot's token from the Discord developer portal")
    poll_seconds: float = Field(15.0, description="how often the deadline loop looks for due games")
    reminder_hours: float = Field(2.0, description="hours before a deadline that idle players are reminded")
    log_level: str = Field("INFO", description="logging level")
    sync_commands: bool = Field(True, description="register the slash commands with Discord at start-up")
    delivery_seconds: float = Field(2.0, description="how often the outbox worker looks for messages to deliver")

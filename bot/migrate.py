"""Apply the Alembic migrations to a database URL (at start-up and by `brbot migrate`)."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parents[1]


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["url"] = url
    return config


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


async def upgrade_async(url: str) -> None:
    """Run the migrations from async code (Alembic's env.py starts its own event loop, so use a thread)."""
    import asyncio

    await asyncio.to_thread(upgrade, url)

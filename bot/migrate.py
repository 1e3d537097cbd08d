"""Apply the Alembic migrations to a database URL (at start-up and by `brbot migrate`).

The migrations are part of the `bot` package (`bot/migrations/`), so an installed wheel has them: Alembic's
configuration is made here, pointing at them through `importlib.resources`, and needs no `alembic.ini`. The
`alembic.ini` at the top of a checkout points at the same folder, for `alembic upgrade head` and
`alembic revision` by developers.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from alembic import command
from alembic.config import Config


def migrations_folder() -> Path:
    """Where the migrations are: inside the installed (or checked-out) `bot` package."""
    folder = Path(str(files("bot") / "migrations"))
    if not (folder / "env.py").is_file():
        raise FileNotFoundError(f"the migrations are missing from the installed package: {folder}")
    return folder


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_folder()))
    config.attributes["url"] = url
    return config


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


async def upgrade_async(url: str) -> None:
    """Run the migrations from async code (Alembic's env.py starts its own event loop, so use a thread)."""
    import asyncio

    await asyncio.to_thread(upgrade, url)


def migrated_schema() -> str:
    """`bot.db.fresh_sqlite.schema_of` a new SQLite file these migrations made (as `brbot migrate` would)."""
    import sqlite3
    import tempfile

    from bot.db.fresh_sqlite import schema_of

    with tempfile.TemporaryDirectory(prefix="brbot-schema-") as folder:
        path = Path(folder) / "migrated.sqlite3"
        upgrade(f"sqlite+aiosqlite:///{path}")
        connection = sqlite3.connect(path)
        try:
            return schema_of(connection)
        finally:
            connection.close()


if __name__ == "__main__":  # python -m bot.migrate: write bot/db/sqlite_schema.sql again after a new migration
    from bot.db.fresh_sqlite import SCHEMA

    SCHEMA.write_text(migrated_schema(), encoding="utf-8")
    print(f"wrote {SCHEMA}")

"""Alembic environment: async engine, batch mode on SQLite, URL from the bot's settings or the caller. On
PostgreSQL the migrations run under an advisory lock, so bot processes started together (`docker compose up
--scale bot=3`) migrate one after the other: the first upgrades, the others then find nothing to do."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

from bot.db.models import Base
from bot.db.session import make_engine

config = context.config
target_metadata = Base.metadata
MIGRATION_LOCK_KEY = 0x62726D67  # pg_advisory_xact_lock key of migrations ("brmg"): one process migrates at a time


def _url() -> str:
    url = config.attributes.get("url") or config.get_main_option("sqlalchemy.url")
    if url:
        return url
    from bot.config import Settings

    return Settings().database_url


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":  # several bot processes starting at once migrate one by one
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
        context.run_migrations()


async def _run_async() -> None:
    engine = make_engine(_url(), foreign_keys=False)  # SQLite: copying a table must not cascade (see make_engine)
    async with engine.connect() as connection:
        await connection.run_sync(_configure)
        await connection.commit()
    await engine.dispose()


def run_migrations_offline() -> None:
    context.configure(
        url=_url(), target_metadata=target_metadata, literal_binds=True, render_as_batch=_url().startswith("sqlite")
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
    else:
        asyncio.run(_run_async())

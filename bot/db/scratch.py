"""Throwaway PostgreSQL databases for tests and benchmarks (created on the server, dropped afterwards)."""
from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"


async def postgres_reachable(admin_url: str = DEFAULT_ADMIN_URL) -> str | None:
    """None if PostgreSQL answers at admin_url, else the reason it does not."""
    try:
        import asyncpg

        connection = await asyncpg.connect(admin_url, timeout=3)
        await connection.close()
        return None
    except Exception as error:  # any failure means: skip with this reason
        return f"PostgreSQL is not reachable at {admin_url}: {error.__class__.__name__}: {error}"


@asynccontextmanager
async def scratch_database(admin_url: str = DEFAULT_ADMIN_URL) -> AsyncIterator[str]:
    """Create an empty database, yield its SQLAlchemy async URL, drop it afterwards."""
    import asyncpg

    name = f"brbot_scratch_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(admin_url, timeout=5)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    base = admin_url.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    try:
        yield f"{base}/{name}"
    finally:
        admin = await asyncpg.connect(admin_url, timeout=5)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()

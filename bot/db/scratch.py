"""Throwaway PostgreSQL databases for tests and benchmarks (created on the server, dropped afterwards).

The server is reached through an admin URL: `BRBOT_TEST_POSTGRES_URL` if set, else the development
default, postgresql://postgres@127.0.0.1:5432/test (trust auth).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

FALLBACK_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"
ADMIN_URL_VARIABLE = "BRBOT_TEST_POSTGRES_URL"


def postgres_admin_url() -> str:
    """The PostgreSQL admin URL that tests and benchmarks use (read from the environment each time)."""
    return os.environ.get(ADMIN_URL_VARIABLE) or FALLBACK_ADMIN_URL


DEFAULT_ADMIN_URL = postgres_admin_url()  # as the environment said at import (`brbot bench` reads this)


async def postgres_reachable(admin_url: str | None = None) -> str | None:
    """None if PostgreSQL answers at admin_url, else the reason it does not."""
    admin_url = admin_url or postgres_admin_url()
    try:
        import asyncpg

        connection = await asyncpg.connect(admin_url, timeout=3)
        await connection.close()
        return None
    except Exception as error:  # any failure means: skip with this reason
        return (
            f"PostgreSQL is not reachable at {admin_url} (set {ADMIN_URL_VARIABLE}): "
            f"{error.__class__.__name__}: {error}"
        )


@asynccontextmanager
async def scratch_database(admin_url: str | None = None, template: str | None = None) -> AsyncIterator[str]:
    """Create an empty database (or a copy of the database named `template`, to which nobody may be connected),
    yield its SQLAlchemy async URL, drop it afterwards."""
    import asyncpg

    admin_url = admin_url or postgres_admin_url()
    name = f"brbot_scratch_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(admin_url, timeout=5)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
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

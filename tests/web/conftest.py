"""Fixtures of the web site's tests: the service tests' databases (SQLite and PostgreSQL), and a client that
calls the site in the test's own event loop (the database's connections belong to it)."""

from __future__ import annotations

import httpx
import pytest

from bot.web.app import create_app
from tests.services.conftest import NOW, db, started_game  # noqa: F401  (fixtures shared with the service tests)


@pytest.fixture
async def site(db):  # noqa: F811
    """An HTTP client of the site over the test's database."""
    app = create_app(db, poll_seconds=0.05)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site") as client:
        client.app = app  # type: ignore[attr-defined]
        yield client
    await app.state.live.close()

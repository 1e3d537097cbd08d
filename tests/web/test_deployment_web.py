"""The web site's deployment: a `web` service in docker-compose beside the bot and PostgreSQL, with its health
check, and `brbot web`'s health route answering while the database does."""

from __future__ import annotations

from pathlib import Path

import yaml
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[2]
SILENT_LIMIT = 120  # seconds: a `brbot web` that never says it is ready fails instead of hanging the run


def test_compose_serves_the_site_beside_the_bot_with_a_health_check():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    web, db = compose["services"]["web"], compose["services"]["db"]
    assert web["command"][:2] == ["brbot", "web"]
    assert web["depends_on"]["db"]["condition"] == "service_healthy"
    assert "/healthz" in " ".join(web["healthcheck"]["test"])
    url = make_url(web["environment"]["BRBOT_DATABASE_URL"])
    assert (url.host, url.database) == ("db", db["environment"]["POSTGRES_DB"])
    assert web["environment"]["BRBOT_WEB_PORT"] == 8080 and any("8080:8080" in p for p in web["ports"])


async def test_the_health_route_answers(site):
    response = await site.get("/healthz")
    assert response.status_code == 200 and response.text.startswith("ok")
    assert response.headers["Cache-Control"] == "no-store"


def test_brbot_web_refuses_a_database_without_the_tables_in_one_line(tmp_path, capsys):
    import sqlite3

    from bot.cli import main

    path = tmp_path / "old.sqlite3"
    sqlite3.connect(path).close()  # a file, but no tables
    assert main(["web", "--database", f"sqlite+aiosqlite:///{path}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brbot: ") and "brbot migrate" in err


def test_brbot_web_says_the_address_it_serves_and_when_it_is_ready(tmp_path, templates):
    """`brbot web` prints the address it serves, then a ready line once it listens (issue 29): a person knows
    where to point the browser, a script when to."""
    import asyncio
    import os
    import queue
    import socket
    import subprocess
    import sys
    import threading

    import httpx

    url = asyncio.run(templates.sqlite(tmp_path / "site.sqlite3"))
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "bot.cli", "web", "--database", url, "--port", str(port)]
    env = os.environ | {"PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout or ()], daemon=True).start()
    try:
        # each line is waited for as the server says it; the limit only stops a server that never does
        first, second = lines.get(timeout=SILENT_LIMIT), lines.get(timeout=SILENT_LIMIT)
        assert first.strip() == f"brbot web: serving the site at http://127.0.0.1:{port}", first
        assert second.startswith("brbot web: ready")
        address = first.strip().rsplit(" ", 1)[1]
        assert httpx.get(f"{address}/healthz").text.startswith("ok")  # it serves there, now
    finally:
        process.terminate()
        process.wait(30)

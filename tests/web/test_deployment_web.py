"""The web site's deployment: a `web` service in docker-compose beside the bot and PostgreSQL, with its health
check, and `brbot web`'s health route answering while the database does."""

from __future__ import annotations

from pathlib import Path

import yaml
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[2]


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

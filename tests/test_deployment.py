"""The deployment files stay in step with the code: `.env.example` explains every setting, and the
docker-compose set-up (PostgreSQL with a health check, the bot starting once it is healthy, migrations at
start) names settings and packages that exist. Docker cannot run on the development machines, so these
checks read the files; they catch a setting renamed in code but not in the deployment, or a lost step."""
from __future__ import annotations

import re
from pathlib import Path

import yaml
from sqlalchemy.engine import make_url

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {f"BRBOT_{name.upper()}" for name in Settings.model_fields}


def env_example() -> dict[str, str]:
    pairs = re.findall(r"^(BRBOT_\w+)=(.*)$", (ROOT / ".env.example").read_text(encoding="utf-8"), re.M)
    return dict(pairs)


def test_env_example_sets_and_explains_every_setting_and_nothing_else():
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert set(env_example()) == SETTINGS
    for name in SETTINGS:  # a comment directly above each setting says what it is for
        above = text.split(f"\n{name}=")[0].rstrip().splitlines()[-1]
        assert above.startswith("# "), name


def test_env_example_values_are_valid_settings():
    values = {k[len("BRBOT_"):].lower(): v for k, v in env_example().items()}
    settings = Settings(_env_file=None, **values)
    assert settings.database_url.startswith("sqlite+aiosqlite:///")


def test_compose_starts_the_bot_after_a_healthy_postgres_with_a_valid_url():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    db, bot = compose["services"]["db"], compose["services"]["bot"]
    assert db["image"].startswith("postgres") and "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    assert bot["env_file"] == ".env" and set(bot["environment"]) <= SETTINGS
    url = make_url(bot["environment"]["BRBOT_DATABASE_URL"])
    env = db["environment"]
    assert (url.drivername, url.host, url.username, url.password, url.database) == (
        "postgresql+asyncpg", "db", env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_DB"])
    assert "unless-stopped" not in str(bot.get("restart"))  # without a token that restarts forever


def test_the_image_migrates_before_running_and_ships_what_migrate_needs():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    [cmd] = re.findall(r"^CMD (.+)$", dockerfile, re.M)
    assert cmd.index("brbot migrate") < cmd.index("brbot run") and "&&" in cmd
    for needed in ("alembic.ini", "migrations", "engine", "bot", "pyproject.toml"):
        assert re.search(rf"^COPY .*\b{re.escape(needed)}\b", dockerfile, re.M), needed
    assert "pip install" in dockerfile and "-e ." in dockerfile  # migrate finds alembic.ini beside the code

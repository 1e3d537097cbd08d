"""The deployment files stay in step with the code: `.env.example` explains every setting; the
docker-compose set-up (PostgreSQL and the bot, each with a health check, the bot starting once PostgreSQL is
healthy, one migration at start) names settings and packages that exist, and `docker compose config`
accepts it where compose is installed; the image is pinned and runs as an unprivileged user; the lock file
pins every dependency; and a wheel built with pip installs and migrates without the checkout."""
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


def test_the_image_is_pinned_installs_a_wheel_with_the_locked_versions_and_runs_as_a_user():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert re.findall(r"^FROM (\S+)", dockerfile, re.M) == ["${BASE}"]  # `make image-check` gives its own base
    [base] = re.findall(r"^ARG BASE=(\S+)", dockerfile, re.M)  # the default: what `docker compose build` uses
    assert re.fullmatch(r"python:\d+\.\d+\.\d+-slim-\w+(@sha256:[0-9a-f]{64})?", base), base  # not python:3.11
    for needed in ("engine", "bot", "pyproject.toml", "requirements.lock"):
        assert re.search(rf"^COPY .*\b{re.escape(needed)}\b", dockerfile, re.M), needed
    [install] = [run for run in re.findall(r"^RUN ((?:.*\\\n)*.*)$", dockerfile, re.M) if "pip install" in run]
    assert "--constraint requirements.lock ." in install and " -e " not in install  # the wheel has the migrations
    users = re.findall(r"^USER (\S+)", dockerfile, re.M)
    assert users and users[-1] not in ("root", "0") and dockerfile.index("USER") > dockerfile.index("pip install")
    [cmd] = re.findall(r"^CMD (.+)$", dockerfile, re.M)
    assert cmd == '["brbot", "run"]'  # which migrates once itself: no `brbot migrate &&` before it


def test_the_bot_migrates_once_at_start(monkeypatch):
    """`brbot run` (the image's command) checks its token with Discord, applies the migrations once, then
    connects."""
    import bot.app
    import bot.migrate

    calls = []
    monkeypatch.setattr(bot.migrate, "upgrade", lambda url: calls.append(url))
    async def login(token, api_base=""):  # the token's check before migrating (tests/e2e/test_e2e_run_login.py)
        calls.append(f"login {token}")

    async def connect(settings):  # `run` connects through `serve` (which takes the shards first)
        calls.append("connect")

    monkeypatch.setattr(bot.app, "check_login", login)
    monkeypatch.setattr(bot.app, "serve", connect)
    bot.app.run(Settings(_env_file=None, database_url="sqlite+aiosqlite:///x.sqlite3", discord_token="t"))
    assert calls == ["login t", "sqlite+aiosqlite:///x.sqlite3", "connect"]


def test_compose_checks_the_bots_health_with_its_heartbeat():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    bot = compose["services"]["bot"]
    assert bot["healthcheck"]["test"] == ["CMD", "brbot", "health"]
    assert re.search(r"^ENV BRBOT_HEALTH_FILE=\S+", (ROOT / "Dockerfile").read_text(encoding="utf-8"), re.M)
    assert ":" in compose["services"]["db"]["image"] and not compose["services"]["db"]["image"].endswith(":latest")


def _compose_command() -> list[str] | None:
    import shutil
    import subprocess

    if shutil.which("docker"):
        if subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


def test_docker_compose_config_accepts_the_compose_file(tmp_path):
    import shutil
    import subprocess

    import pytest

    compose = _compose_command()
    if compose is None:
        pytest.skip("neither `docker compose` (the compose plugin) nor `docker-compose` is installed here: "
                    "docker-compose.yml was only read, not validated")
    for name in ("docker-compose.yml", "Dockerfile"):
        shutil.copy(ROOT / name, tmp_path / name)
    env = (ROOT / ".env.example").read_text(encoding="utf-8").replace("BRBOT_DISCORD_TOKEN=\n",
                                                                      "BRBOT_DISCORD_TOKEN=token\n")
    (tmp_path / ".env").write_text(env, encoding="utf-8")
    result = subprocess.run([*compose, "config"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    config = yaml.safe_load(result.stdout)["services"]["bot"]
    assert config["environment"]["BRBOT_DISCORD_TOKEN"] == "token"  # .env is read
    assert config["environment"]["BRBOT_DATABASE_URL"].startswith("postgresql+asyncpg://")


def test_the_lock_file_pins_every_dependency_and_the_makefile_installs_with_it():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["dev"]
    names = {re.split(r"[\s\[<>=!~;]", spec, maxsplit=1)[0] for spec in wanted}
    pinned = dict(re.findall(r"^([A-Za-z0-9_.\-]+)==(\S+)$", (ROOT / "requirements.lock").read_text(), re.M))

    def canonical(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    assert {canonical(n) for n in names} <= {canonical(n) for n in pinned}
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-c requirements.lock -e '.[dev]'" in makefile


def _source_copy(target: Path) -> Path:
    """The files a wheel is built from, copied (building in the checkout would leave build/ behind)."""
    import shutil

    target.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, target / name)
    for package in ("bot", "engine"):
        shutil.copytree(ROOT / package, target / package, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def test_a_wheel_installed_with_pip_migrates_and_plays_without_the_checkout(tmp_path):
    """`pip install .` (not editable): the wheel carries the migrations and the games' data, and the
    installed `brbot` migrates a new SQLite file and plays a game from anywhere. The dependencies come from
    the test's own environment (a .pth line), so no network is needed."""
    import subprocess
    import sys
    import sysconfig
    import zipfile

    source = _source_copy(tmp_path / "src")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                            "--wheel-dir", str(tmp_path / "dist"), str(source)], capture_output=True, text=True)
    assert built.returncode == 0, f"(setuptools>=70.1 is a dev dependency: `make install`)\n{built.stderr[-3000:]}"
    [wheel] = (tmp_path / "dist").glob("brbot-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"bot/migrations/env.py", "bot/migrations/script.py.mako",
            "bot/migrations/versions/0001_initial_schema.py", "bot/db/sqlite_schema.sql"} <= names
    assert any(name.startswith("engine/rulesets/battle_royale/data/") and name.endswith(".yaml") for name in names)

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True)

    where = tmp_path / "elsewhere"
    where.mkdir()
    brbot = venv / "bin" / "brbot"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    run = lambda *args: subprocess.run([str(brbot), *args], cwd=where, env=env, capture_output=True, text=True)  # noqa: E731
    found = subprocess.run([python, "-c", "import bot; print(bot.__file__)"], cwd=where, capture_output=True,
                           text=True, check=True).stdout
    assert found.startswith(purelib), found  # the installed copy, not the checkout
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("brbot 0."), version.stderr
    database = f"sqlite+aiosqlite:///{where / 'installed.sqlite3'}"
    migrated = run("migrate", "--database", database)
    assert migrated.returncode == 0 and "is up to date" in migrated.stdout, migrated.stderr
    played = run("simulate", "--players", "3", "--seed", "1", "--database", database)
    assert played.returncode == 0 and "Game over after" in played.stdout, played.stderr

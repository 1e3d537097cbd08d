"""Configuration mistakes end `brbot` with one clear line naming the setting, never a traceback, and change
nothing; a database URL without its async driver (as hosting providers give it) is accepted and completed.
(`brbot run` with a token Discord refuses: tests/e2e/test_e2e_startup.py.)"""
from __future__ import annotations

import asyncio

import pytest

from bot.cli import main
from bot.config import Settings


def one_line(err: str) -> str:
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


@pytest.fixture
def clean_env(tmp_path, monkeypatch):
    """No .env and no BRBOT_ variables from the machine; the default database would land in tmp_path."""
    monkeypatch.chdir(tmp_path)
    for name in list(__import__("os").environ):
        if name.startswith("BRBOT_") and name != "BRBOT_TEST_POSTGRES_URL":
            monkeypatch.delenv(name)
    return tmp_path


@pytest.mark.parametrize("given, completed", [
    ("postgresql://brbot:secret@db:5432/brbot", "postgresql+asyncpg://brbot:secret@db:5432/brbot"),
    ("postgres://brbot@db/brbot", "postgresql+asyncpg://brbot@db/brbot"),
    ("sqlite:///brbot.sqlite3", "sqlite+aiosqlite:///brbot.sqlite3"),
    ("postgresql+asyncpg://brbot@db/brbot", "postgresql+asyncpg://brbot@db/brbot"),
])
def test_a_database_url_without_its_async_driver_is_completed(given, completed, clean_env, monkeypatch):
    monkeypatch.setenv("BRBOT_DATABASE_URL", given)
    assert Settings().database_url == completed


def test_migrate_accepts_a_plain_sqlite_url(clean_env, capsys):
    assert main(["migrate", "--database", f"sqlite:///{clean_env / 'plain.sqlite3'}"]) == 0
    assert "sqlite+aiosqlite" in capsys.readouterr().out and (clean_env / "plain.sqlite3").exists()


def test_migrate_accepts_a_plain_postgresql_url(clean_env, capsys, templates):
    """On the session's migrated PostgreSQL database (tests/databases.py): a new database's migrations are
    tests/services/test_migrations.py's; here the URL is what is tested."""
    from bot.db.scratch import postgres_reachable

    problem = asyncio.run(postgres_reachable())
    if problem:
        pytest.skip(problem)
    plain = asyncio.run(templates.postgres()).replace("postgresql+asyncpg://", "postgresql://", 1)
    assert main(["migrate", "--database", plain]) == 0
    assert "is up to date" in capsys.readouterr().out


@pytest.mark.parametrize("name, value, reason", [
    ("BRBOT_POLL_SECONDS", "often", "valid number"),
    ("BRBOT_POLL_SECONDS", "0", "greater than 0"),
    ("BRBOT_DELIVERY_SECONDS", "-1", "greater than 0"),
    ("BRBOT_REMINDER_HOURS", "two", "valid number"),
    ("BRBOT_LOG_LEVEL", "LOUD", "DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    ("BRBOT_SYNC_COMMANDS", "perhaps", "valid boolean"),
])
@pytest.mark.parametrize("command", [["migrate"], ["run"]])
def test_a_bad_setting_is_one_line_naming_it(command, name, value, reason, clean_env, monkeypatch, capsys):
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "token")
    monkeypatch.setenv(name, value)
    assert main(command) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith(f"brbot: {name}={value!r} is not a valid setting") and reason in err
    assert list(clean_env.iterdir()) == []  # nothing created


def test_a_bad_setting_in_dot_env_is_named_too(clean_env, capsys):
    (clean_env / ".env").write_text("BRBOT_POLL_SECONDS=15s\n")
    assert main(["migrate"]) == 2
    assert "BRBOT_POLL_SECONDS='15s'" in one_line(capsys.readouterr().err)


def test_the_log_level_may_be_given_in_any_case(clean_env, monkeypatch):
    monkeypatch.setenv("BRBOT_LOG_LEVEL", "debug")
    assert Settings().log_level == "DEBUG"


@pytest.mark.parametrize("command", [["migrate"], ["run"]])
def test_a_database_in_a_missing_folder_is_one_line_naming_the_folder(command, clean_env, monkeypatch, capsys):
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "token")
    monkeypatch.setenv("BRBOT_DATABASE_URL", "sqlite+aiosqlite:///no/such/folder/brbot.sqlite3")
    assert main(command) == 2
    err = one_line(capsys.readouterr().err)
    assert f"the folder {clean_env / 'no' / 'such' / 'folder'} of the SQLite database" in err
    assert list(clean_env.iterdir()) == []


UNSUPPORTED = ["mysql://brbot:secret@db/brbot", "postgresql+psycopg2://brbot:secret@db/brbot", "sqlite+pysqlite:///x.db"]


@pytest.mark.parametrize("url", UNSUPPORTED)
@pytest.mark.parametrize("command", [["migrate"], ["run"], ["simulate", "--players", "3"], ["verify", "1"]])
def test_an_unsupported_database_url_is_one_line_naming_the_supported_ones(command, url, clean_env, capsys):
    """Issue 29: `--database mysql://...` was a 30-line traceback; the password is not shown."""
    assert main([*command, "--database", url]) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith("brbot: unsupported database URL '") and "secret" not in err
    assert "use sqlite+aiosqlite:///FILE or postgresql+asyncpg://" in err
    assert list(clean_env.iterdir()) == []


@pytest.mark.parametrize("command", [["migrate"], ["run"]])
def test_an_unsupported_database_url_in_the_setting_is_one_line_too(command, clean_env, monkeypatch, capsys):
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "token")
    monkeypatch.setenv("BRBOT_DATABASE_URL", "mysql+aiomysql://brbot:secret@db/brbot")
    assert main(command) == 2
    err = one_line(capsys.readouterr().err)
    assert "unsupported database URL 'mysql+aiomysql://brbot:***@db/brbot'" in err
    assert list(clean_env.iterdir()) == []


def test_the_database_layer_refuses_an_unsupported_url_too():
    from bot.db.session import Database
    from bot.services.base.errors import ServiceError

    with pytest.raises(ServiceError, match="unsupported database URL 'mysql://brbot:\\*\\*\\*@db/brbot'"):
        Database("mysql://brbot:secret@db/brbot")


def test_brbot_run_that_cannot_reach_discord_says_so_and_creates_no_database(clean_env, monkeypatch, capsys):
    """Issue 29: "Name or service not known" did not say Discord could not be reached, and `brbot run` had
    migrated (created the SQLite file) first. Port 1 of this machine refuses: no Internet is involved."""
    from discord.http import Route

    monkeypatch.setattr(Route, "BASE", "http://127.0.0.1:1/api/v10")
    monkeypatch.setenv("BRBOT_DISCORD_TOKEN", "token")
    assert main(["run", "--database", f"sqlite+aiosqlite:///{clean_env / 'bot.sqlite3'}"]) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith("brbot: cannot reach Discord at http://127.0.0.1:1/api/v10 (") and "database" not in err
    assert list(clean_env.iterdir()) == []

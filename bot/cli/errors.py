"""What `brbot` prints when a command fails: one line, `brbot: <reason>`, never a traceback.

`explain(error, url)` turns the errors a command can meet into that reason: a service's refusal as it is; a
database server that cannot be reached; a PostgreSQL database that does not exist (no hint to migrate:
migrating would not help); missing tables (then, and only then, "run `brbot migrate` first?"); a SQLite file
that cannot be opened; a URL that is not one; a setting that is not valid (named as its environment variable).
URLs are shown without their password.
"""

from __future__ import annotations

import socket

from pydantic import ValidationError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from bot.services.base.errors import ServiceError
from bot.text import say

EXPLAINED = (ServiceError, SQLAlchemyError, OSError, ValidationError)


def explain(error: BaseException, url: str | None) -> str:
    """The reason for `brbot: <reason>`; `url` is the database the command was using, if any."""
    if isinstance(error, ServiceError):
        return error.message
    if isinstance(error, ValidationError):
        return _bad_settings(error)
    if isinstance(error, SQLAlchemyError):
        return _database_problem(error, url)
    reason = getattr(error, "strerror", None) or str(error) or error.__class__.__name__
    if isinstance(error, (ConnectionError, socket.gaierror, TimeoutError)) and url:
        return say("cli_unreachable", where=shown(url), reason=reason)
    return say("cli_os_error", reason=reason)


def _bad_settings(error: ValidationError) -> str:
    """Every invalid setting on one line: its environment variable, the value given and what is wrong."""
    problems = []
    for item in error.errors():
        name = "BRBOT_" + "_".join(str(part) for part in item["loc"]).upper()
        reason = item["msg"].removeprefix("Value error, ")
        problems.append(say("cli_bad_setting", name=name, value=item.get("input"), reason=reason))
    return "; ".join(problems)


def _database_problem(error: SQLAlchemyError, url: str | None) -> str:
    if isinstance(error, ArgumentError):
        return say("cli_bad_url", url=url, detail=str(error).splitlines()[0])
    orig = getattr(error, "orig", None) or error
    detail = str(orig).splitlines()[0]
    code = getattr(orig, "sqlstate", None)
    if code == "3D000":  # PostgreSQL: the database itself does not exist
        return say("cli_db_missing", detail=detail, url=shown(url))
    if code == "42P01" or "no such table" in detail:  # the tables are missing
        return say("cli_db_error", detail=detail, hint=say("cli_db_hint"))
    if "unable to open database file" in detail:
        return say("cli_sqlite_unopenable", url=shown(url), detail=detail)
    return say("cli_db_error", detail=detail, hint="")


def shown(url: str | None) -> str:
    """A database URL as it may be printed: without its password."""
    if url is None:
        return "?"
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url

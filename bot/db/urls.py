"""Database URLs as the bot takes them: the async driver added where a URL names none (`async_url`), and a URL
the bot has no driver for refused in one line without its password (`supported_url`), before SQLAlchemy would
answer with a traceback. Read by the settings (`BRBOT_DATABASE_URL`), `--database` and every engine made
(`bot.db.session.make_engine`). Standard library only at import (`brbot --help` stays fast)."""

from __future__ import annotations

from bot.refusal import ServiceError

SUPPORTED_DRIVERS = ("sqlite+aiosqlite", "postgresql+asyncpg")
ASYNC_DRIVERS = {"postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg", "sqlite": "sqlite+aiosqlite"}


def async_url(url: str) -> str:
    """The database URL with the async driver the bot uses, added where the URL names none."""
    scheme, sep, rest = url.partition("://")
    if sep and scheme.lower() in ASYNC_DRIVERS:
        return f"{ASYNC_DRIVERS[scheme.lower()]}://{rest}"
    return url


def supported_url(url: str) -> str:
    """`async_url(url)`, refused (`ServiceError`, one line without the password) if the bot has no driver for
    it; a text that is no URL at all is left to the database layer's own error."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from bot.text import say

    url = async_url(url)
    try:
        parsed = make_url(url)
    except ArgumentError:
        return url
    if parsed.drivername not in SUPPORTED_DRIVERS:
        raise ServiceError(say("cli_unsupported_url", url=parsed.render_as_string(hide_password=True)))
    return url

"""What the `brbot` commands share: the database a command uses (`--database`, else the setting) and the
garbage collector's tuning for the commands that resolve. Standard library only at import (`--help` stays
fast: tests/cli/test_imports.py)."""

from __future__ import annotations

import argparse
import gc
from pathlib import Path

from bot.text import say


def database(args: argparse.Namespace, existing: bool = False) -> str:
    """The command's database URL (remembered for error messages); with `existing`, a SQLite file must
    already exist (a read-only command must not leave an empty database behind)."""
    from sqlalchemy.engine import make_url

    from bot.config import Settings
    from bot.services.base.errors import ServiceError

    url = args.database or Settings().database_url
    args.url = url
    if url.startswith("sqlite"):
        path = make_url(url).database
        if existing and path and path != ":memory:" and not Path(path).exists():
            raise ServiceError(say("cli_no_sqlite_file", path=path))
        sqlite_folder_exists(url)
    return url


def sqlite_folder_exists(url: str) -> None:
    """A SQLite file can be created, but not its folder: say so rather than SQLite's 'unable to open'."""
    from sqlalchemy.engine import make_url

    from bot.cli.errors import shown
    from bot.services.base.errors import ServiceError

    path = make_url(url).database
    if path and path != ":memory:" and not path.startswith("file:"):
        folder = Path(path).resolve().parent
        if not folder.is_dir():
            raise ServiceError(say("cli_no_sqlite_folder", folder=folder, url=shown(url)))


def tune_gc() -> None:
    """A resolution allocates many short-lived objects; with the default thresholds, Python's collector
    keeps re-walking every object the imported libraries made. Freezing those and collecting the
    youngest generation less often halves a 1,000-player night (measured with `brbot bench`). The commands
    that resolve (run, simulate, bench) call it once they have imported what they use: the libraries are
    imported by the command, not by this module."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)

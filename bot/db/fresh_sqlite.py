"""A new SQLite file with the migrated schema, made without Alembic: `brbot simulate`'s own temporary file.

Importing Alembic (and the Mako, Pygments and PostgreSQL modules it brings) and running the eleven migrations
on an empty file cost a simulated game about 0.4 s of CPU time, a third of a short game's. A file that this
process has just made in a folder of its own has nothing to upgrade: `create` writes the schema the
migrations end with (`sqlite_schema.sql`: every table and index in the order the migrations leave them, and
Alembic's version row) in one transaction, with the WAL journal a migrated file has.

`brbot migrate`, the bot's start-up and any `--database` given to `brbot simulate` still go through Alembic.
`sqlite_schema.sql` is written by `python -m bot.migrate` (`bot.migrate.migrated_schema`), which migrates a
new file with Alembic and reads its schema back; `tests/services/test_migrations.py` fails when a migration
changed the schema and the file was not written again.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SCHEMA = Path(__file__).with_name("sqlite_schema.sql")


def create(path: str | Path) -> None:
    """A new SQLite file at `path` (there must be none) with the schema and version the migrations give."""
    if Path(path).exists():
        raise FileExistsError(path)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode=WAL")  # as a migrated file (make_engine's connections) has
        connection.executescript(f"BEGIN;\n{SCHEMA.read_text(encoding='utf-8')}COMMIT;\n")
    finally:
        connection.close()


def schema_of(connection: sqlite3.Connection) -> str:
    """The statements that make a database's schema again: each table's and index's CREATE as SQLite keeps it,
    in the order SQLite made them (the indexes SQLite makes itself and its own tables left out), then the
    rows of alembic_version."""
    statements = [
        sql
        for (sql,) in connection.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        )
    ]
    for (version,) in connection.execute("SELECT version_num FROM alembic_version ORDER BY version_num"):
        statements.append(f"INSERT INTO alembic_version (version_num) VALUES ('{version}')")
    return "".join(f"{statement};\n\n" for statement in statements)

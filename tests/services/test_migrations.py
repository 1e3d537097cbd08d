"""The Alembic migrations upgrade an empty database and agree with the models."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from bot.db.models import Base


async def test_migrations_agree_with_the_models(db):
    def diff(connection):
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, Base.metadata)

    async with db.engine.connect() as connection:
        differences = await connection.run_sync(diff)
    assert differences == []


async def test_a_game_in_progress_goes_on_after_the_pacing_upgrade(db):
    """Issue 10: a Battle Royale game running in a database from before 0003 goes on after the upgrade to
    the pacing schema (0004: games.step_hours), its seeds, players and daily deadline unchanged. On SQLite
    0003 copies the games table: nothing may cascade from dropping the old one."""
    import asyncio

    from alembic import command

    from bot.db.models import Game
    from bot.migrate import alembic_config, upgrade
    from bot.services.steps import resolution
    from tests.services.conftest import NOW, started_game

    game_id = await started_game(db)
    async with db.read() as session:
        deadline = (await session.get(Game, game_id)).deadline
    await db.engine.dispose()
    await asyncio.to_thread(command.downgrade, alembic_config(db.url), "0002")
    await asyncio.to_thread(upgrade, db.url)
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert (game.step_hours, game.deadline, game.deadline_time) == (None, deadline, "22:00")
    done = await resolution.resolve_day(db, game_id, NOW, expected_day=0, trigger="moderator")
    assert done is not None and done.day == 0
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game.day == 1 and game.deadline.hour == 22


async def test_0007_game_groups_downgrade_and_upgrade_again(db):
    """Migration 0007 (a game's private groups): down to 0006 drops `game_groups` and nothing else; up again
    gives the table back, empty, and a group row is stored (game, key unique) with its members as JSON."""
    import asyncio

    import pytest
    import sqlalchemy as sa
    from alembic import command
    from sqlalchemy.exc import IntegrityError

    from bot.db.models import Game, GameGroup
    from bot.migrate import alembic_config, upgrade
    from tests.services.conftest import started_game

    game_id = await started_game(db)
    await db.engine.dispose()
    await asyncio.to_thread(command.downgrade, alembic_config(db.url), "0006")
    async with db.engine.connect() as connection:
        tables = await connection.run_sync(lambda c: sa.inspect(c).get_table_names())
    assert "game_groups" not in tables and "games" in tables
    await db.engine.dispose()
    await asyncio.to_thread(upgrade, db.url)
    async with db.transaction() as session:
        assert (await session.get(Game, game_id)) is not None
        session.add(GameGroup(game_id=game_id, key="team", members=[2, 1 << 60], joined=[]))
    async with db.read() as session:
        group = (await session.execute(sa.select(GameGroup))).scalar_one()
        assert (group.members, group.thread_id, group.introduced) == ([2, 1 << 60], None, False)
    with pytest.raises(IntegrityError):
        async with db.transaction() as session:
            session.add(GameGroup(game_id=game_id, key="team", members=[], joined=[]))


def test_a_simulations_new_file_has_the_schema_the_migrations_give(tmp_path):
    """`brbot simulate` makes its own new SQLite file without Alembic (bot/db/fresh_sqlite.py): the same
    tables, indexes, columns and constraints, in the same order, the same version row and the WAL journal as
    a new file `brbot migrate` upgrades. When a migration changes the schema, write the file again with
    `python -m bot.migrate`."""
    import sqlite3

    from bot.db import fresh_sqlite
    from bot.migrate import upgrade

    migrated, made = tmp_path / "migrated.sqlite3", tmp_path / "made.sqlite3"
    upgrade(f"sqlite+aiosqlite:///{migrated}")
    fresh_sqlite.create(made)

    def described(path):
        connection = sqlite3.connect(path)
        try:
            return {
                "master": connection.execute(
                    "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").fetchall(),
                "dump": list(connection.iterdump()),
                "version": connection.execute("SELECT version_num FROM alembic_version").fetchall(),
                "pragmas": [connection.execute(f"PRAGMA {name}").fetchall()
                            for name in ("journal_mode", "user_version", "application_id", "encoding",
                                         "auto_vacuum", "page_size")],
            }
        finally:
            connection.close()

    assert described(made) == described(migrated), "a migration changed the schema: python -m bot.migrate"
    from bot.migrate import migrated_schema

    assert fresh_sqlite.SCHEMA.read_text(encoding="utf-8") == migrated_schema()


def test_a_simulations_new_file_is_never_made_over_another(tmp_path):
    import pytest

    from bot.db import fresh_sqlite

    path = tmp_path / "kept.sqlite3"
    path.write_bytes(b"")
    with pytest.raises(FileExistsError):
        fresh_sqlite.create(path)

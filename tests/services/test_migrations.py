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

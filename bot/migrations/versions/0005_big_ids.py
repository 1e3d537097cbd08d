"""big ids: games' numbers, every game_id and every row id become 64-bit on PostgreSQL

A game number of 2^31 or more (typed by a user as `game:`, or reached by a long-lived database) overflowed
PostgreSQL's 32-bit INTEGER: the query itself failed. Discord's snowflakes were BIGINT already. SQLite's
INTEGER is 64-bit (and a BIGINT primary key would not auto-increment there), so this changes nothing on
SQLite. On PostgreSQL each column becomes BIGINT and each id's sequence counts in BIGINT too (a SERIAL's
sequence stops at 2^31 - 1 otherwise).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

ROW_IDS = ("games", "players", "orders", "events", "outbox", "audit_log")
GAME_IDS = ("players", "orders", "day_seeds", "resolutions", "events", "outbox", "audit_log")


def _columns() -> list[tuple[str, str]]:
    return [(table, "id") for table in ROW_IDS] + [(table, "game_id") for table in GAME_IDS]


def _change(to: type[sa.types.TypeEngine], sequence_type: str) -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite: INTEGER is already 64-bit
    for table, column in _columns():
        op.alter_column(table, column, type_=to(), existing_nullable=False)
    for table in ROW_IDS:
        op.execute(f"ALTER SEQUENCE {table}_id_seq AS {sequence_type}")


def upgrade() -> None:
    _change(sa.BigInteger, "bigint")


def downgrade() -> None:
    _change(sa.Integer, "integer")

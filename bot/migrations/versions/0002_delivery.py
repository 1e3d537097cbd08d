"""delivery: private fallback threads, a moderator channel per game, progress of split posts

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("thread_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("moderator_channel_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("parts_sent", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("parts_sent")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("moderator_channel_id")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("thread_id")

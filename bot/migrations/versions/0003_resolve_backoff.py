"""resolve backoff: failed resolutions in a row and when to try again; drop the unused games.day_hours

A game's day always ends at its daily deadline time (`deadline_time`, `timezone`); `day_hours` was never
read or written by any code, so dropping it loses nothing.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("resolve_failures", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("retry_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.drop_column("day_hours")


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("day_hours", sa.Integer(), server_default="24", nullable=False))
        batch_op.drop_column("retry_at")
        batch_op.drop_column("resolve_failures")

"""pacing: a game's deadline rule may be hours per step (games.step_hours) instead of a daily time of day

NULL keeps a game's deadline daily at its `deadline_time`, so every game already in the database, Battle
Royale's included, goes on exactly as before. Orders need no change: their `seat` column now holds an actor
id (a player's seat as before, or an NPC's id when a moderator orders `as` it).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("step_hours", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("step_hours")

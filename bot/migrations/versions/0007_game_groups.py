"""game_groups: a game's private groups (`Ruleset.groups`) and their private threads (bot/services/people/groups.py)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

BigID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "game_groups",
        sa.Column("id", BigID, primary_key=True, autoincrement=True),
        sa.Column("game_id", BigID, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("key", sa.String(50), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("joined", sa.JSON(), nullable=False),
        sa.Column("thread_id", sa.BigInteger(), nullable=True),
        sa.Column("introduced", sa.Boolean(), nullable=False),
        sa.Column("refused_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("game_id", "key", name="uq_game_groups_game_key"),
    )
    op.create_index("ix_game_groups_game_id", "game_groups", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_game_groups_game_id", table_name="game_groups")
    op.drop_table("game_groups")

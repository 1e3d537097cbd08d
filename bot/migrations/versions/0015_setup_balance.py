"""setup balance: each setup version's balance predicted by the computer players (`setup_predictions`) and
measured over the finished clean games played with it (`setup_records`); the indexes `/setup list` reads by
(a setup's games, an author's setups)

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "setup_predictions",
        sa.Column("version_id", BIG_ID, primary_key=True),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("length", sa.Float(), nullable=True),
        sa.Column("figures", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.ForeignKeyConstraint(["version_id"], ["setup_versions.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "setup_records",
        sa.Column("version_id", BIG_ID, primary_key=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("length", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["version_id"], ["setup_versions.id"], ondelete="CASCADE"),
    )

    op.create_index("ix_games_setup_version_id", "games", ["setup_version_id"])
    op.create_index("ix_setups_author_id", "setups", ["author_id"])


def downgrade() -> None:
    op.drop_index("ix_setups_author_id", table_name="setups")
    op.drop_index("ix_games_setup_version_id", table_name="games")
    op.drop_table("setup_records")
    op.drop_table("setup_predictions")

"""setups: a community's own versions of a game (`setups`, `setup_versions`), the public ones a server hides
(`hidden_setups`), and the setup version a game was created from (`games.setup_version_id`)

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "setups",
        sa.Column("id", BIG_ID, primary_key=True, autoincrement=True),
        sa.Column("ruleset", sa.String(length=50), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("author_id", sa.BigInteger(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("visibility", sa.String(length=10), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_index("ix_setups_ruleset_visibility", "setups", ["ruleset", "visibility"])
    op.create_table(
        "setup_versions",
        sa.Column("id", BIG_ID, primary_key=True, autoincrement=True),
        sa.Column("setup_id", BIG_ID, nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("parent_id", BIG_ID, nullable=True),
        sa.Column("changelog", sa.String(length=200), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("author_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.ForeignKeyConstraint(["setup_id"], ["setups.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["parent_id"], ["setup_versions.id"], ondelete="SET NULL"),
        sa.UniqueConstraint("setup_id", "number", name="uq_setup_versions_number"),
    )
    op.create_index("ix_setup_versions_setup_id", "setup_versions", ["setup_id"])
    op.create_table(
        "hidden_setups",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("setup_id", BIG_ID, nullable=False),
        sa.ForeignKeyConstraint(["setup_id"], ["setups.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("guild_id", "setup_id"),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("setup_version_id", BIG_ID, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("setup_version_id")
    op.drop_table("hidden_setups")
    op.drop_index("ix_setup_versions_setup_id", table_name="setup_versions")
    op.drop_table("setup_versions")
    op.drop_index("ix_setups_ruleset_visibility", table_name="setups")
    op.drop_table("setups")

"""web pages: a game's page setting (`games.web`: off, link, listed) with its unguessable key, the pictures
the site shows drawn once and stored (`web_pictures`), each step's verification computed once (`web_checks`),
and an index of the outbox by game and target (a page reads only the channel's rows)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("web", sa.String(length=10), nullable=False, server_default="off"))
        batch.add_column(sa.Column("web_key", sa.String(length=64), nullable=True))
        batch.create_index("ix_games_web_key", ["web_key"], unique=True)
    op.create_index("ix_outbox_game_target", "outbox", ["game_id", "target"])  # a page reads the channel's rows
    op.create_table(
        "web_pictures",
        sa.Column("game_id", BIG_ID, nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("filename", sa.String(length=100), nullable=False),
        sa.Column("png", sa.LargeBinary(), nullable=False),
        sa.Column("caption", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "day"),
    )
    op.create_table(
        "web_checks",
        sa.Column("game_id", BIG_ID, nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("differences", sa.JSON(), nullable=False),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "day"),
    )


def downgrade() -> None:
    op.drop_table("web_checks")
    op.drop_table("web_pictures")
    op.drop_index("ix_outbox_game_target", table_name="outbox")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_web_key")
        batch.drop_column("web_key")
        batch.drop_column("web")

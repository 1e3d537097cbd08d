"""dice_rolls and dice_seeds: every /roll stored (who, when, where, the game, expression, result, secret) and
each game's secret seed for its rolls (bot/services/orders/dice.py)

Revision ID: 0008
Revises: 0006 (the lead re-chains it)
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "dice_seeds",
        sa.Column("game_id", BIG_ID, nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_table(
        "dice_rolls",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("game_id", BIG_ID, nullable=True),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("user_name", sa.String(length=100), nullable=False),
        sa.Column("expression", sa.String(length=250), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("secret", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=True),
        sa.Column("rolled_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq", name="uq_dice_rolls_game_seq"),
    )


def downgrade() -> None:
    op.drop_table("dice_rolls")
    op.drop_table("dice_seeds")

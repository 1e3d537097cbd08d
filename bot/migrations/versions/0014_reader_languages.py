"""reader languages: what each outbox row and event said by key (`outbox.keyed`, `events.keyed`: the catalogue,
key and values of its texts, rendered again for each reader at delivery), a game's language (`games.language`)
and each user's (`readers`: the one they chose, and their Discord locale as last seen)

Rows written before have no keys (NULL) and are delivered as they were stored, in English.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("keyed", sa.JSON(), nullable=True))
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("keyed", sa.JSON(), nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("language", sa.String(length=20), nullable=True))
    op.create_table(
        "readers",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("chosen", sa.String(length=20), nullable=True),
        sa.Column("seen", sa.String(length=20), nullable=True),
        sa.PrimaryKeyConstraint("user_id"),
    )


def downgrade() -> None:
    op.drop_table("readers")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("language")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("keyed")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("keyed")

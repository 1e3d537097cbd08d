"""orders.receipt_version: receipts now bind the game, the day (step) and the seat as well as the order and the
salt (bot/services/base/fairness.py, version 2); the rows stored before keep version 1 and still verify.

Revision ID: 0009
Revises: 0008 (the lead re-chains it)
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("receipt_version", sa.Integer(), server_default="1", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("receipt_version")

"""due_at: when the deadline loop must next look at a game (games.due_at, indexed; see bot/services/base/due.py)

Existing games are filled so that nothing is missed: every running game is looked at on the first pass
after the upgrade (due_at in the past: the loop then checks it and sets its deadline), a paused game when
its timed pause ends; other games never.

Revision ID: 0006
Revises: 0004 (re-chained after 0005 by the lead)
Create Date: 2026-11-25
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

AT_ONCE = datetime(2000, 1, 1, tzinfo=UTC)  # bot.services.base.due.AT_ONCE: earlier than any clock


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_games_due_at", ["due_at"], unique=False)
    games = sa.table(
        "games",
        sa.column("status", sa.String),
        sa.column("due_at", sa.DateTime(timezone=True)),
        sa.column("paused_until", sa.DateTime(timezone=True)),
    )
    op.execute(games.update().where(games.c.status == "running").values(due_at=AT_ONCE))
    op.execute(games.update().where(games.c.status == "paused").values(due_at=games.c.paused_until))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_due_at")
        batch_op.drop_column("due_at")

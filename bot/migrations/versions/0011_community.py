"""community: lobby, muster, player records, per-server statistics, substitutes, seat offers and watchers

- games: `community` (the shared community settings: muster_hours, min_reliability, absence_steps, dead_see),
  `lobby_message_id` (the sign-up message kept up to date), `start_at` (a start time the moderators set) and
  `muster_until` (the muster's deadline; set while the players confirm);
- players: `ready_at` (confirmed at the muster), `steps_given`, `steps_missed` and `missed_streak` (the
  player's steps in this game: given in time, missed, missed in a row);
- player_records: one row per Discord user across every game and server (bot/services/people/records.py);
- player_stats: one row per server, game type and user: games, wins, survivals and the game's own figures;
- substitutes: a server's volunteers to take an absent player's seat (`/sub volunteer`);
- seat_offers: an absent player's seat offered to a reserve or a volunteer (Accept/Decline by DM);
- watchers: spectators of a game (`/game watch`), who read the dead's thread.

Revision ID: 0011
Revises: 0009
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0009"
branch_labels = None
depends_on = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("community", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("lobby_message_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("start_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("muster_until", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ready_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("steps_given", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("steps_missed", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("missed_streak", sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "player_records",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("games_played", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("games_finished", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("games_abandoned", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("steps_given", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("steps_missed", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("recent", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "player_stats",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("ruleset", sa.String(length=50), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("survivals", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("figures", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "ruleset", "user_id"),
    )
    op.create_index("ix_player_stats_board", "player_stats", ["guild_id", "ruleset", "wins", "games"])
    op.create_index("ix_player_stats_user", "player_stats", ["user_id"])
    op.create_table(
        "substitutes",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id"),
    )
    op.create_table(
        "seat_offers",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("game_id", BIG_ID, nullable=False),
        sa.Column("seat", sa.String(length=20), nullable=False),
        sa.Column("absent_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("asked", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_seat_offers_game", "seat_offers", ["game_id", "status"])
    op.create_table(
        "watchers",
        sa.Column("game_id", BIG_ID, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "user_id"),
    )


def downgrade() -> None:
    op.drop_table("watchers")
    op.drop_index("ix_seat_offers_game", table_name="seat_offers")
    op.drop_table("seat_offers")
    op.drop_table("substitutes")
    op.drop_index("ix_player_stats_user", table_name="player_stats")
    op.drop_index("ix_player_stats_board", table_name="player_stats")
    op.drop_table("player_stats")
    op.drop_table("player_records")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("missed_streak")
        batch_op.drop_column("steps_missed")
        batch_op.drop_column("steps_given")
        batch_op.drop_column("ready_at")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("muster_until")
        batch_op.drop_column("start_at")
        batch_op.drop_column("lobby_message_id")
        batch_op.drop_column("community")

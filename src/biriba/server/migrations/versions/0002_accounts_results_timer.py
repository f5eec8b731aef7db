"""Registered users, match results for the history, and the optional turn timer.

* ``accounts``: a registered user's login name and argon2 password hash, for a player row (a guest
  who registers keeps their player, so their seats and history stay theirs).
* ``table_results``: a table's hands played, totals and winner, written when a hand ends, so that a
  player's match history is one query instead of a replay of every table.
* ``tables.turn_seconds``: the table's turn timer (null: none).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("login", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "table_results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("totals", sa.JSON, nullable=False),
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("seats_player", "seats", ["player_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("turn_seconds", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("turn_seconds")
    op.drop_index("seats_player", "seats")
    op.drop_table("table_results")
    op.drop_table("accounts")

"""Sessions behind the players' tokens (they expire and can be revoked), and who created each table.

* ``sessions``: one row per token handed out (a guest made, a login, a registration): the player, when
  it expires, whether it was revoked (logged out, or a guest who registered). A token names its
  session, so a token is good only while its row says so, on every server process.
* Tokens handed out before this revision named the player alone (one token per player). Each existing
  player gets a session ``legacy:PLAYER`` that such a token stands for: it keeps working for 30 days
  from the upgrade, and logging out revokes it like any other.
* ``tables.created_by``: the player who created the table (null for older tables), so that the lobby
  can cap the tables one player keeps open.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

LEGACY_DAYS = 30


def upgrade() -> None:
    sessions = op.create_table(
        "sessions",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False),
    )
    op.create_index("sessions_player", "sessions", ["player_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("created_by", sa.String(32), nullable=True))
    op.create_index("tables_created_by", "tables", ["created_by", "over"])
    now = time.time()
    players = sa.table("players", sa.column("id", sa.String))
    rows = [
        {
            "id": f"legacy:{player_id}",
            "player_id": player_id,
            "created_at": now,
            "expires_at": now + LEGACY_DAYS * 86_400,
            "revoked": False,
        }
        for (player_id,) in op.get_bind().execute(sa.select(players.c.id))
    ]
    if rows:
        op.bulk_insert(sessions, rows)


def downgrade() -> None:
    op.drop_index("tables_created_by", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("created_by")
    op.drop_index("sessions_player", "sessions")
    op.drop_table("sessions")

"""Stand-ins: a bot that plays an absent person's seat until the person comes back.

A person who leaves a table stalls it (their turn never comes to an end). After a grace period the
others may hand the seat to a bot; the seat stays the person's (``player_id``), and ``stand_in`` names
the bot level that plays it meanwhile. The person's return clears it. A column of the seat, like the
seat's bot: who plays a seat is the seats' business, the log holds what was played.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("stand_in", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("stand_in")

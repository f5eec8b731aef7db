"""A table that cannot be loaded is set aside, with the reason.

* ``tables.error``: why the table could not be rebuilt from its row and log (rules out of bounds, a
  bot the server does not know, an event the engine refuses); null for every table that loads. A table
  set aside is neither resumed at start-up nor listed, and a connection to it is told why.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("error", sa.String(500), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("error")

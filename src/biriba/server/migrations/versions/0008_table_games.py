"""Tables of every game: the game a table plays (``biriba``, ``bura``).

The rules, the deals and the actions of a table are in its game's own JSON forms; the column says which
game reads them. Every table made before is a table of Biriba.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("game", sa.String(16), nullable=False, server_default="biriba"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("game")

"""Deals from the operating system's random source: the deck is stored, no seed.

* ``tables.first_deal``: the first hand's deal as a record's deal object (``{"deck": [codes],
  "cut": n?}``); a ``deal`` event stores the next hand's deck the same way in its data.
* ``tables.seed`` may be null: new tables have no seed. Tables made before this revision keep theirs,
  and their ``deal`` events without a deck (``{}``) still replay from it, so an old table goes on
  exactly where it stood; its next hands are dealt from decks like any other.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("first_deal", sa.JSON, nullable=True))
        batch.alter_column("seed", existing_type=sa.BigInteger, nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("seed", existing_type=sa.BigInteger, nullable=False)
        batch.drop_column("first_deal")

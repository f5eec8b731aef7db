"""One seat per player at a table, kept by the database.

Two joins of the same player at once could both pass the server's check and take two seats (the
table then stalled: a connection plays its player's first seat only). A unique constraint on
``seats (table_id, player_id)`` makes the second one fail whatever the timing; empty seats (null
player) do not count. A player who already holds several seats of a table keeps the first, and the
others are opened for someone else to take.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

seats = sa.table(
    "seats",
    sa.column("table_id", sa.String),
    sa.column("seat", sa.Integer),
    sa.column("player_id", sa.String),
    sa.column("name", sa.String),
)


def upgrade() -> None:
    connection = op.get_bind()
    held: set[tuple[str, str]] = set()
    rows = connection.execute(
        sa.select(seats.c.table_id, seats.c.seat, seats.c.player_id)
        .where(seats.c.player_id.is_not(None))
        .order_by(seats.c.table_id, seats.c.seat)
    ).all()
    for table_id, seat, player_id in rows:
        if (table_id, player_id) in held:
            connection.execute(
                sa.update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(player_id=None, name=None)
            )
        held.add((table_id, player_id))
    with op.batch_alter_table("seats") as batch:
        batch.create_unique_constraint("seats_one_per_player", ["table_id", "player_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("seats_one_per_player", type_="unique")

"""The help a table's seats may ask for — hints, the card tracker, the review after the game —
each switched on or off when the table is made (on for the tables made before).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

SWITCHES = ("assist_hints", "assist_tracker", "assist_review")


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for name in SWITCHES:
            batch.add_column(sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for name in reversed(SWITCHES):
            batch.drop_column(name)

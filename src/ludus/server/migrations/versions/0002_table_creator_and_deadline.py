"""Who made each table (for the per-address limit, shared by every server process), when its
running clock runs out (for tables nobody is at), and whether strangers may join it from the
lobby.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.create_index("ix_tables_creator", ["creator"])
        batch.create_index("ix_tables_deadline", ["deadline"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_deadline")
        batch.drop_index("ix_tables_creator")
        batch.drop_column("public")
        batch.drop_column("deadline")
        batch.drop_column("creator")

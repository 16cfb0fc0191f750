"""SMS text kept back behind "Reply MORE", one row per phone number.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 23:10:00.000000
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
        "sms_more_remainders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phone", sa.String(length=32), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sms_more_remainders")),
        sa.UniqueConstraint("phone", name=op.f("uq_sms_more_remainders_phone")),
    )


def downgrade() -> None:
    op.drop_table("sms_more_remainders")

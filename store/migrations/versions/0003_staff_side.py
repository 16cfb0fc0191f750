"""staff side: outbox, notifications, console users, audit, unanswered questions, Open311 keys

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 17:06:06.032960
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open311_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("city", sa.String(length=16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_open311_keys")),
        sa.UniqueConstraint("key_hash", name=op.f("uq_open311_keys_key_hash")),
    )
    op.create_table(
        "outbox_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("city", sa.String(length=16), nullable=True),
        sa.Column("reference", sa.String(length=16), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("dispatched_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "kind IN ('spill_started', 'spill_submitted', 'permit_submitted', 'waiver_submitted', "
            "'status_changed', 'document_link', 'delivery_failed')",
            name=op.f("ck_outbox_events_kind"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox_events")),
    )
    with op.batch_alter_table("outbox_events", schema=None) as batch_op:
        batch_op.create_index("ix_outbox_events_dispatched_at", ["dispatched_at"], unique=False)

    op.create_table(
        "staff_users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("display_name", sa.String(length=200), nullable=True),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("cities", sa.JSON(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("failed_logins", sa.Integer(), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_login_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("role IN ('viewer', 'staff', 'admin')", name=op.f("ck_staff_users_role")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_users")),
        sa.UniqueConstraint("username", name=op.f("uq_staff_users_username")),
    )
    op.create_table(
        "unanswered_questions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("city", sa.String(length=16), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("reason", sa.String(length=16), nullable=False),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("topic", sa.String(length=64), nullable=True),
        sa.CheckConstraint(
            "reason IN ('not_covered', 'low_confidence')", name=op.f("ck_unanswered_questions_reason")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_unanswered_questions")),
    )
    with op.batch_alter_table("unanswered_questions", schema=None) as batch_op:
        batch_op.create_index("ix_unanswered_questions_asked_at", ["asked_at"], unique=False)

    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("record_kind", sa.String(length=32), nullable=True),
        sa.Column("reference", sa.String(length=16), nullable=True),
        sa.Column("city", sa.String(length=16), nullable=True),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["staff_users.id"],
            name=op.f("fk_audit_log_user_id_staff_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_log_reference"), ["reference"], unique=False)
        batch_op.create_index(batch_op.f("ix_audit_log_user_id"), ["user_id"], unique=False)

    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=8), nullable=False),
        sa.Column("recipient", sa.String(length=255), nullable=False),
        sa.Column("subject", sa.String(length=300), nullable=True),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("provider_id", sa.String(length=128), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("channel IN ('sms', 'email')", name=op.f("ck_notifications_channel")),
        sa.CheckConstraint(
            "status IN ('pending', 'sending', 'sent', 'failed', 'skipped')",
            name=op.f("ck_notifications_status"),
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["outbox_events.id"],
            name=op.f("fk_notifications_event_id_outbox_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notifications")),
        sa.UniqueConstraint(
            "event_id", "channel", "recipient", name="uq_notifications_event_channel_recipient"
        ),
    )
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notifications_event_id"), ["event_id"], unique=False)
        batch_op.create_index(
            "ix_notifications_status_next_attempt_at", ["status", "next_attempt_at"], unique=False
        )

    op.create_table(
        "staff_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("csrf_token", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["staff_users.id"],
            name=op.f("fk_staff_sessions_user_id_staff_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_staff_sessions_token_hash")),
    )
    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_sessions_user_id"), ["user_id"], unique=False)

    with op.batch_alter_table("permit_applications", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("work_status", sa.String(length=16), server_default="new", nullable=False)
        )
        batch_op.add_column(sa.Column("work_note", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("work_updated_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_check_constraint(
            op.f("ck_permit_applications_work_status"),
            "work_status IN ('new', 'acknowledged', 'in_progress', 'closed')",
        )

    with op.batch_alter_table("spill_reports", schema=None) as batch_op:
        batch_op.add_column(sa.Column("latitude", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("longitude", sa.Float(), nullable=True))
        batch_op.add_column(
            sa.Column("work_status", sa.String(length=16), server_default="new", nullable=False)
        )
        batch_op.add_column(sa.Column("work_note", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("work_updated_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_check_constraint(
            op.f("ck_spill_reports_work_status"),
            "work_status IN ('new', 'acknowledged', 'in_progress', 'closed')",
        )

    with op.batch_alter_table("waiver_requests", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("work_status", sa.String(length=16), server_default="new", nullable=False)
        )
        batch_op.add_column(sa.Column("work_note", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("work_updated_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_check_constraint(
            op.f("ck_waiver_requests_work_status"),
            "work_status IN ('new', 'acknowledged', 'in_progress', 'closed')",
        )


def downgrade() -> None:
    with op.batch_alter_table("waiver_requests", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_waiver_requests_work_status"), type_="check")
        batch_op.drop_column("work_updated_at")
        batch_op.drop_column("work_note")
        batch_op.drop_column("work_status")

    with op.batch_alter_table("spill_reports", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_spill_reports_work_status"), type_="check")
        batch_op.drop_column("work_updated_at")
        batch_op.drop_column("work_note")
        batch_op.drop_column("work_status")
        batch_op.drop_column("longitude")
        batch_op.drop_column("latitude")

    with op.batch_alter_table("permit_applications", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_permit_applications_work_status"), type_="check")
        batch_op.drop_column("work_updated_at")
        batch_op.drop_column("work_note")
        batch_op.drop_column("work_status")

    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_sessions_user_id"))

    op.drop_table("staff_sessions")
    with op.batch_alter_table("notifications", schema=None) as batch_op:
        batch_op.drop_index("ix_notifications_status_next_attempt_at")
        batch_op.drop_index(batch_op.f("ix_notifications_event_id"))

    op.drop_table("notifications")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_user_id"))
        batch_op.drop_index(batch_op.f("ix_audit_log_reference"))

    op.drop_table("audit_log")
    with op.batch_alter_table("unanswered_questions", schema=None) as batch_op:
        batch_op.drop_index("ix_unanswered_questions_asked_at")

    op.drop_table("unanswered_questions")
    op.drop_table("staff_users")
    with op.batch_alter_table("outbox_events", schema=None) as batch_op:
        batch_op.drop_index("ix_outbox_events_dispatched_at")

    op.drop_table("outbox_events")
    op.drop_table("open311_keys")

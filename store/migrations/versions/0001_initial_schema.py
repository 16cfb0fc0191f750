"""Initial schema: records (facilities, service records, permit applications, waiver requests, spill
reports) and channel state (SMS deliveries, opt-outs, rate-limit events, reminders, voice calls).

Revision ID: 0001
Revises:
Create Date: 2026-11-29 21:59:57.658107
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "facilities",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reference", sa.String(length=16), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("city", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("address", sa.String(length=300), nullable=True),
        sa.Column("phone", sa.String(length=32), nullable=True),
        sa.Column("device_type", sa.String(length=64), nullable=True),
        sa.Column("permit_frequency_days", sa.Integer(), nullable=True),
        sa.Column("seats", sa.Integer(), nullable=True),
        sa.Column("drive_thru", sa.Boolean(), nullable=True),
        sa.Column("generator_type", sa.String(length=64), nullable=True),
        sa.CheckConstraint("city IN ('victorville', 'inglewood')", name=op.f("ck_facilities_city")),
        sa.CheckConstraint("status IN ('active', 'closed')", name=op.f("ck_facilities_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_facilities")),
        sa.UniqueConstraint("reference", name=op.f("uq_facilities_reference")),
    )
    op.create_index(op.f("ix_facilities_conversation_id"), "facilities", ["conversation_id"])

    op.create_table(
        "rate_limit_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phone", sa.String(length=32), nullable=False),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("allowed", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rate_limit_events")),
    )
    op.create_index("ix_rate_limit_events_phone_occurred_at", "rate_limit_events", ["phone", "occurred_at"])

    op.create_table(
        "sms_deliveries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_sid", sa.String(length=64), nullable=False),
        sa.Column("phone", sa.String(length=32), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("reply_twiml", sa.Text(), nullable=True),
        sa.Column("replied_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('processing', 'replied')", name=op.f("ck_sms_deliveries_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sms_deliveries")),
        sa.UniqueConstraint("message_sid", name=op.f("uq_sms_deliveries_message_sid")),
    )
    op.create_index(op.f("ix_sms_deliveries_phone"), "sms_deliveries", ["phone"])

    op.create_table(
        "sms_opt_outs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phone", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("keyword", sa.String(length=32), nullable=True),
        sa.Column("opted_out_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("opted_in_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("status IN ('opted_out', 'opted_in')", name=op.f("ck_sms_opt_outs_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sms_opt_outs")),
        sa.UniqueConstraint("phone", name=op.f("uq_sms_opt_outs_phone")),
    )
    op.create_table(
        "spill_reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reference", sa.String(length=16), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("city", sa.String(length=16), nullable=True),
        sa.Column("location_text", sa.Text(), nullable=True),
        sa.Column("what_spilling", sa.Text(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("still_flowing", sa.Boolean(), nullable=True),
        sa.Column("reaches", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("volume_estimate", sa.String(length=200), nullable=True),
        sa.Column("volume_gallons", sa.Float(), nullable=True),
        sa.Column("restaurant_involved", sa.Boolean(), nullable=True),
        sa.Column("restaurant_name", sa.String(length=200), nullable=True),
        sa.Column("reporter_name", sa.String(length=200), nullable=True),
        sa.Column("callback_number", sa.String(length=32), nullable=True),
        sa.Column("incident_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("flagged", sa.Boolean(), nullable=False),
        sa.Column("flag_reason", sa.Text(), nullable=True),
        sa.Column("media_urls", sa.JSON(), nullable=False),
        sa.Column("transcript", sa.JSON(), nullable=False),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("abandoned_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("city IN ('victorville', 'inglewood')", name=op.f("ck_spill_reports_city")),
        sa.CheckConstraint(
            "status IN ('partial', 'submitted', 'abandoned')", name=op.f("ck_spill_reports_status")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_spill_reports")),
        sa.UniqueConstraint("reference", name=op.f("uq_spill_reports_reference")),
    )
    op.create_index(op.f("ix_spill_reports_conversation_id"), "spill_reports", ["conversation_id"])
    op.create_index("ix_spill_reports_status_updated_at", "spill_reports", ["status", "updated_at"])

    op.create_table(
        "facility_owners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("facility_id", sa.Integer(), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("phone", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "conversation_id IS NOT NULL OR phone IS NOT NULL",
            name=op.f("ck_facility_owners_identifies_owner"),
        ),
        sa.ForeignKeyConstraint(
            ["facility_id"],
            ["facilities.id"],
            name=op.f("fk_facility_owners_facility_id_facilities"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_facility_owners")),
    )
    op.create_index(op.f("ix_facility_owners_conversation_id"), "facility_owners", ["conversation_id"])
    op.create_index(op.f("ix_facility_owners_facility_id"), "facility_owners", ["facility_id"])
    op.create_index(op.f("ix_facility_owners_phone"), "facility_owners", ["phone"])

    op.create_table(
        "permit_applications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reference", sa.String(length=16), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("facility_id", sa.Integer(), nullable=True),
        sa.Column("city", sa.String(length=16), nullable=False),
        sa.Column("business_name", sa.String(length=200), nullable=True),
        sa.Column("applicant_name", sa.String(length=200), nullable=True),
        sa.Column("applicant_phone", sa.String(length=32), nullable=True),
        sa.Column("facility_address", sa.String(length=300), nullable=True),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("city IN ('victorville', 'inglewood')", name=op.f("ck_permit_applications_city")),
        sa.CheckConstraint(
            "status IN ('draft', 'submitted', 'cancelled')", name=op.f("ck_permit_applications_status")
        ),
        sa.ForeignKeyConstraint(
            ["facility_id"],
            ["facilities.id"],
            name=op.f("fk_permit_applications_facility_id_facilities"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_permit_applications")),
        sa.UniqueConstraint("reference", name=op.f("uq_permit_applications_reference")),
    )
    op.create_index(
        op.f("ix_permit_applications_conversation_id"), "permit_applications", ["conversation_id"]
    )
    op.create_index(op.f("ix_permit_applications_facility_id"), "permit_applications", ["facility_id"])

    op.create_table(
        "reminders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dedupe_key", sa.String(length=255), nullable=False),
        sa.Column("phone", sa.String(length=32), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("facility_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("due_date", sa.Date(), nullable=False),
        sa.Column("send_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("message", sa.Text(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("provider_sid", sa.String(length=64), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('pump_out_due', 'manifest_due')", name=op.f("ck_reminders_kind")),
        sa.CheckConstraint(
            "status IN ('scheduled', 'sending', 'sent', 'failed', 'skipped', 'cancelled')",
            name=op.f("ck_reminders_status"),
        ),
        sa.ForeignKeyConstraint(
            ["facility_id"],
            ["facilities.id"],
            name=op.f("fk_reminders_facility_id_facilities"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reminders")),
        sa.UniqueConstraint("dedupe_key", name=op.f("uq_reminders_dedupe_key")),
    )
    op.create_index(op.f("ix_reminders_facility_id"), "reminders", ["facility_id"])
    op.create_index(op.f("ix_reminders_phone"), "reminders", ["phone"])
    op.create_index("ix_reminders_status_send_at", "reminders", ["status", "send_at"])

    op.create_table(
        "service_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reference", sa.String(length=16), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("facility_id", sa.Integer(), nullable=True),
        sa.Column("city", sa.String(length=16), nullable=True),
        sa.Column("service_date", sa.Date(), nullable=False),
        sa.Column("gallons", sa.Float(), nullable=True),
        sa.Column("hauler", sa.String(length=200), nullable=True),
        sa.Column("manifest_number", sa.String(length=64), nullable=True),
        sa.Column("photo_urls", sa.JSON(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("next_due_date", sa.Date(), nullable=True),
        sa.CheckConstraint("city IN ('victorville', 'inglewood')", name=op.f("ck_service_records_city")),
        sa.CheckConstraint("status IN ('recorded', 'void')", name=op.f("ck_service_records_status")),
        sa.ForeignKeyConstraint(
            ["facility_id"],
            ["facilities.id"],
            name=op.f("fk_service_records_facility_id_facilities"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_service_records")),
        sa.UniqueConstraint("reference", name=op.f("uq_service_records_reference")),
    )
    op.create_index(op.f("ix_service_records_conversation_id"), "service_records", ["conversation_id"])
    op.create_index(op.f("ix_service_records_facility_id"), "service_records", ["facility_id"])

    op.create_table(
        "voice_calls",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("call_sid", sa.String(length=64), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("from_number", sa.String(length=32), nullable=True),
        sa.Column("to_number", sa.String(length=32), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("silence_count", sa.Integer(), nullable=False),
        sa.Column("spill_report_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('in_progress', 'completed', 'abandoned')", name=op.f("ck_voice_calls_status")
        ),
        sa.ForeignKeyConstraint(
            ["spill_report_id"],
            ["spill_reports.id"],
            name=op.f("fk_voice_calls_spill_report_id_spill_reports"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_voice_calls")),
        sa.UniqueConstraint("call_sid", name=op.f("uq_voice_calls_call_sid")),
    )
    op.create_index(op.f("ix_voice_calls_spill_report_id"), "voice_calls", ["spill_report_id"])

    op.create_table(
        "waiver_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reference", sa.String(length=16), nullable=False),
        sa.Column("conversation_id", sa.String(length=255), nullable=True),
        sa.Column("channel", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("facility_id", sa.Integer(), nullable=True),
        sa.Column("city", sa.String(length=16), nullable=False),
        sa.Column("kind", sa.String(length=48), nullable=False),
        sa.Column("eligible", sa.Boolean(), nullable=True),
        sa.Column("screening", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("city IN ('victorville', 'inglewood')", name=op.f("ck_waiver_requests_city")),
        sa.CheckConstraint(
            "kind IN ('deminimis', 'physical_space', 'inglewood_variance', "
            "'inglewood_conditional_waiver', 'inglewood_cleanup_charge_waiver')",
            name=op.f("ck_waiver_requests_kind"),
        ),
        sa.CheckConstraint(
            "status IN ('draft', 'submitted', 'cancelled')", name=op.f("ck_waiver_requests_status")
        ),
        sa.ForeignKeyConstraint(
            ["facility_id"],
            ["facilities.id"],
            name=op.f("fk_waiver_requests_facility_id_facilities"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_waiver_requests")),
        sa.UniqueConstraint("reference", name=op.f("uq_waiver_requests_reference")),
    )
    op.create_index(op.f("ix_waiver_requests_conversation_id"), "waiver_requests", ["conversation_id"])
    op.create_index(op.f("ix_waiver_requests_facility_id"), "waiver_requests", ["facility_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_waiver_requests_facility_id"), table_name="waiver_requests")
    op.drop_index(op.f("ix_waiver_requests_conversation_id"), table_name="waiver_requests")

    op.drop_table("waiver_requests")
    op.drop_index(op.f("ix_voice_calls_spill_report_id"), table_name="voice_calls")

    op.drop_table("voice_calls")
    op.drop_index(op.f("ix_service_records_facility_id"), table_name="service_records")
    op.drop_index(op.f("ix_service_records_conversation_id"), table_name="service_records")

    op.drop_table("service_records")
    op.drop_index("ix_reminders_status_send_at", table_name="reminders")
    op.drop_index(op.f("ix_reminders_phone"), table_name="reminders")
    op.drop_index(op.f("ix_reminders_facility_id"), table_name="reminders")

    op.drop_table("reminders")
    op.drop_index(op.f("ix_permit_applications_facility_id"), table_name="permit_applications")
    op.drop_index(op.f("ix_permit_applications_conversation_id"), table_name="permit_applications")

    op.drop_table("permit_applications")
    op.drop_index(op.f("ix_facility_owners_phone"), table_name="facility_owners")
    op.drop_index(op.f("ix_facility_owners_facility_id"), table_name="facility_owners")
    op.drop_index(op.f("ix_facility_owners_conversation_id"), table_name="facility_owners")

    op.drop_table("facility_owners")
    op.drop_index("ix_spill_reports_status_updated_at", table_name="spill_reports")
    op.drop_index(op.f("ix_spill_reports_conversation_id"), table_name="spill_reports")

    op.drop_table("spill_reports")
    op.drop_table("sms_opt_outs")
    op.drop_index(op.f("ix_sms_deliveries_phone"), table_name="sms_deliveries")

    op.drop_table("sms_deliveries")
    op.drop_index("ix_rate_limit_events_phone_occurred_at", table_name="rate_limit_events")

    op.drop_table("rate_limit_events")
    op.drop_index(op.f("ix_facilities_conversation_id"), table_name="facilities")

    op.drop_table("facilities")

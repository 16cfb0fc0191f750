"""Tables of the application database (SQLAlchemy Core, valid under SQLAlchemy 1.4 and 2.x).

Records people create in a conversation (facilities, service records, permit applications, waiver
requests, spill reports) share the same first columns: ``id``, a spoken-friendly ``reference`` number
(see :mod:`store.references`), the Rasa ``conversation_id`` (sender id) and ``channel`` they came from,
``created_at``/``updated_at`` (timezone-aware UTC), a ``status`` and a JSON ``details`` object for the
fields that vary by city. The channel tables (SMS deliveries, opt-outs, rate-limit events, text kept
back for MORE, reminders, voice calls) back the Twilio connectors.

Changing anything here needs a migration in ``store/migrations/versions`` (``python -m store.migrate
revision "message"`` autogenerates one); a test fails when the two disagree.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa

from cities import CITIES

FACILITY_STATUSES = ("active", "closed")
SERVICE_RECORD_STATUSES = ("recorded", "void")
APPLICATION_STATUSES = ("draft", "submitted", "cancelled")
SPILL_STATUSES = ("partial", "submitted", "abandoned")
SPILL_REACHES = ("street", "gutter", "storm_drain")
SMS_DELIVERY_STATUSES = ("processing", "replied")
OPT_OUT_STATUSES = ("opted_out", "opted_in")
REMINDER_KINDS = ("pump_out_due", "manifest_due")
REMINDER_STATUSES = ("scheduled", "sending", "sent", "failed", "skipped", "cancelled")
VOICE_CALL_STATUSES = ("in_progress", "completed", "abandoned")
WORK_STATUSES = ("new", "acknowledged", "in_progress", "closed")
"""Where city staff have got with a submitted record (the console's status workflow; Open311 maps
``closed`` to ``closed`` and the rest to ``open``). Separate from ``status``, which is the conversation's."""
OUTBOX_EVENT_KINDS = (
    "spill_started",  # the urgent first answer was given: notify on-call with what is known so far
    "spill_submitted",
    "permit_submitted",
    "waiver_submitted",
    "status_changed",  # staff changed a record's work status and chose to text the reporter
    "document_link",  # text a caller the signed link to their drafted notice or summary
    "delivery_failed",  # a notification failed after its last retry: alert the operators
)
NOTIFICATION_CHANNELS = ("sms", "email")
NOTIFICATION_STATUSES = ("pending", "sending", "sent", "failed", "skipped")
STAFF_ROLES = ("viewer", "staff", "admin")
UNANSWERED_REASONS = ("not_covered", "low_confidence")

WAIVER_KIND_CITIES = {
    "deminimis": "victorville",  # Victorville Municipal Code § 6.37.050(a)
    "physical_space": "victorville",  # Victorville Municipal Code § 6.37.050(b)
    "inglewood_variance": "inglewood",  # Inglewood FOG Ordinance, Discharge Requirements (6)
    "inglewood_conditional_waiver": "inglewood",
    "inglewood_cleanup_charge_waiver": "inglewood",
}
"""Each waiver kind belongs to one city, so a request's city is derived from its kind."""
WAIVER_KINDS = tuple(WAIVER_KIND_CITIES)

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)


class UTCDateTime(sa.types.TypeDecorator):
    """A timezone-aware UTC datetime on every backend.

    SQLite has no time zones: values are stored as naive UTC text (which also sorts correctly) and
    come back with ``tzinfo=UTC``. Naive datetimes are refused rather than guessed.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        if not isinstance(value, dt.datetime) or value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"Expected a timezone-aware datetime, got {value!r}.")
        value = value.astimezone(dt.timezone.utc)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=dt.timezone.utc)
        return value.astimezone(dt.timezone.utc)


def _one_of(column: str, values: tuple[str, ...], name: str | None = None) -> sa.CheckConstraint:
    allowed = ", ".join(f"'{value}'" for value in values)
    return sa.CheckConstraint(f"{column} IN ({allowed})", name=name or column)


def _record_columns() -> list[sa.Column]:
    return [
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("reference", sa.String(16), nullable=False, unique=True),
        sa.Column("conversation_id", sa.String(255), index=True),
        sa.Column("channel", sa.String(32)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
    ]


def _work_columns() -> list[sa.Column]:
    """The city's handling of a submitted record: status, the last note, and when it changed."""
    return [
        sa.Column("work_status", sa.String(16), nullable=False, server_default="new"),
        sa.Column("work_note", sa.Text),
        sa.Column("work_updated_at", UTCDateTime()),
    ]


def _facility_id() -> sa.Column:
    return sa.Column(
        "facility_id", sa.Integer, sa.ForeignKey("facilities.id", ondelete="SET NULL"), index=True
    )


facilities = sa.Table(
    "facilities",
    metadata,
    *_record_columns(),
    sa.Column("city", sa.String(16), nullable=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("address", sa.String(300)),
    sa.Column("phone", sa.String(32)),
    sa.Column("device_type", sa.String(64)),
    sa.Column("permit_frequency_days", sa.Integer),
    sa.Column("seats", sa.Integer),
    sa.Column("drive_thru", sa.Boolean),
    sa.Column("generator_type", sa.String(64)),
    _one_of("status", FACILITY_STATUSES),
    _one_of("city", CITIES),
)

facility_owners = sa.Table(
    "facility_owners",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column(
        "facility_id",
        sa.Integer,
        sa.ForeignKey("facilities.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("conversation_id", sa.String(255), index=True),
    sa.Column("phone", sa.String(32), index=True),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.CheckConstraint("conversation_id IS NOT NULL OR phone IS NOT NULL", name="identifies_owner"),
)

service_records = sa.Table(
    "service_records",
    metadata,
    *_record_columns(),
    _facility_id(),
    sa.Column("city", sa.String(16)),
    sa.Column("service_date", sa.Date, nullable=False),
    sa.Column("gallons", sa.Float),
    sa.Column("hauler", sa.String(200)),
    sa.Column("manifest_number", sa.String(64)),
    sa.Column("photo_urls", sa.JSON(), nullable=False),
    sa.Column("notes", sa.Text),
    sa.Column("next_due_date", sa.Date),
    _one_of("status", SERVICE_RECORD_STATUSES),
    _one_of("city", CITIES),
)

permit_applications = sa.Table(
    "permit_applications",
    metadata,
    *_record_columns(),
    _facility_id(),
    sa.Column("city", sa.String(16), nullable=False),
    sa.Column("business_name", sa.String(200)),
    sa.Column("applicant_name", sa.String(200)),
    sa.Column("applicant_phone", sa.String(32)),
    sa.Column("facility_address", sa.String(300)),
    sa.Column("submitted_at", UTCDateTime()),
    *_work_columns(),
    _one_of("status", APPLICATION_STATUSES),
    _one_of("work_status", WORK_STATUSES),
    _one_of("city", CITIES),
)

waiver_requests = sa.Table(
    "waiver_requests",
    metadata,
    *_record_columns(),
    _facility_id(),
    sa.Column("city", sa.String(16), nullable=False),
    sa.Column("kind", sa.String(48), nullable=False),
    sa.Column("eligible", sa.Boolean),
    sa.Column("screening", sa.JSON(none_as_null=True)),
    sa.Column("submitted_at", UTCDateTime()),
    *_work_columns(),
    _one_of("status", APPLICATION_STATUSES),
    _one_of("work_status", WORK_STATUSES),
    _one_of("city", CITIES),
    _one_of("kind", WAIVER_KINDS),
)

spill_reports = sa.Table(
    "spill_reports",
    metadata,
    *_record_columns(),
    sa.Column("city", sa.String(16)),
    sa.Column("location_text", sa.Text),
    sa.Column("what_spilling", sa.Text),
    sa.Column("started_at", UTCDateTime()),
    sa.Column("still_flowing", sa.Boolean),
    sa.Column("reaches", sa.JSON(none_as_null=True)),
    sa.Column("volume_estimate", sa.String(200)),
    sa.Column("volume_gallons", sa.Float),
    sa.Column("restaurant_involved", sa.Boolean),
    sa.Column("restaurant_name", sa.String(200)),
    sa.Column("reporter_name", sa.String(200)),
    sa.Column("callback_number", sa.String(32)),
    sa.Column("incident_at", UTCDateTime()),
    sa.Column("flagged", sa.Boolean, nullable=False),
    sa.Column("flag_reason", sa.Text),
    sa.Column("media_urls", sa.JSON(), nullable=False),
    sa.Column("transcript", sa.JSON(), nullable=False),
    sa.Column("submitted_at", UTCDateTime()),
    sa.Column("abandoned_at", UTCDateTime()),
    sa.Column("latitude", sa.Float),  # WGS84, when the report came with a position (Open311)
    sa.Column("longitude", sa.Float),
    *_work_columns(),
    sa.Index("ix_spill_reports_status_updated_at", "status", "updated_at"),
    _one_of("status", SPILL_STATUSES),
    _one_of("work_status", WORK_STATUSES),
    _one_of("city", CITIES),
)

sms_deliveries = sa.Table(
    "sms_deliveries",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("message_sid", sa.String(64), nullable=False, unique=True),
    sa.Column("phone", sa.String(32), index=True),
    sa.Column("received_at", UTCDateTime(), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("reply_twiml", sa.Text),
    sa.Column("replied_at", UTCDateTime()),
    _one_of("status", SMS_DELIVERY_STATUSES),
)

sms_opt_outs = sa.Table(
    "sms_opt_outs",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("phone", sa.String(32), nullable=False, unique=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("keyword", sa.String(32)),
    sa.Column("opted_out_at", UTCDateTime(), nullable=False),
    sa.Column("opted_in_at", UTCDateTime()),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    _one_of("status", OPT_OUT_STATUSES),
)

sms_more_remainders = sa.Table(
    "sms_more_remainders",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("phone", sa.String(32), nullable=False, unique=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
)
"""The part of a long SMS answer kept back behind "Reply MORE", one row per number (latest answer only)."""

rate_limit_events = sa.Table(
    "rate_limit_events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("phone", sa.String(32), nullable=False),
    sa.Column("occurred_at", UTCDateTime(), nullable=False),
    sa.Column("allowed", sa.Boolean, nullable=False),
    sa.Index("ix_rate_limit_events_phone_occurred_at", "phone", "occurred_at"),
)

reminders = sa.Table(
    "reminders",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("dedupe_key", sa.String(255), nullable=False, unique=True),
    sa.Column("phone", sa.String(32), nullable=False, index=True),
    sa.Column("conversation_id", sa.String(255)),
    _facility_id(),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("due_date", sa.Date, nullable=False),
    sa.Column("send_at", UTCDateTime(), nullable=False),
    sa.Column("message", sa.Text),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("sent_at", UTCDateTime()),
    sa.Column("provider_sid", sa.String(64)),
    sa.Column("last_error", sa.Text),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    sa.Index("ix_reminders_status_send_at", "status", "send_at"),
    _one_of("kind", REMINDER_KINDS),
    _one_of("status", REMINDER_STATUSES),
)

voice_calls = sa.Table(
    "voice_calls",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("call_sid", sa.String(64), nullable=False, unique=True),
    sa.Column("conversation_id", sa.String(255)),
    sa.Column("from_number", sa.String(32)),
    sa.Column("to_number", sa.String(32)),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("state", sa.JSON(), nullable=False),
    sa.Column("silence_count", sa.Integer, nullable=False),
    sa.Column(
        "spill_report_id", sa.Integer, sa.ForeignKey("spill_reports.id", ondelete="SET NULL"), index=True
    ),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    sa.Column("ended_at", UTCDateTime()),
    _one_of("status", VOICE_CALL_STATUSES),
)

outbox_events = sa.Table(
    "outbox_events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("city", sa.String(16)),
    sa.Column("reference", sa.String(16)),
    sa.Column("payload", sa.JSON(), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("dispatched_at", UTCDateTime()),
    sa.Index("ix_outbox_events_dispatched_at", "dispatched_at"),
    _one_of("kind", OUTBOX_EVENT_KINDS),
)
"""The transactional outbox: an event is inserted in the same transaction as the record it is about (a
submitted spill report, a status change), so a crash can never lose it. The worker fans each event out into
``notifications`` (one per recipient and channel) and marks it dispatched."""

notifications = sa.Table(
    "notifications",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column(
        "event_id",
        sa.Integer,
        sa.ForeignKey("outbox_events.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("channel", sa.String(8), nullable=False),
    sa.Column("recipient", sa.String(255), nullable=False),
    sa.Column("subject", sa.String(300)),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("next_attempt_at", UTCDateTime(), nullable=False),
    sa.Column("last_error", sa.Text),
    sa.Column("provider_id", sa.String(128)),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    sa.Column("sent_at", UTCDateTime()),
    sa.UniqueConstraint("event_id", "channel", "recipient", name="uq_notifications_event_channel_recipient"),
    sa.Index("ix_notifications_status_next_attempt_at", "status", "next_attempt_at"),
    _one_of("channel", NOTIFICATION_CHANNELS),
    _one_of("status", NOTIFICATION_STATUSES),
)
"""One message to one recipient (an on-call phone, an office mailbox, the reporter), sent by the worker with
retries and backoff; ``failed`` after the last attempt (shown in the console, and alerted again)."""

staff_users = sa.Table(
    "staff_users",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("username", sa.String(64), nullable=False, unique=True),
    sa.Column("display_name", sa.String(200)),
    sa.Column("password_hash", sa.String(255), nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("cities", sa.JSON(), nullable=False),  # the cities whose records this user may see
    sa.Column("active", sa.Boolean, nullable=False),
    sa.Column("failed_logins", sa.Integer, nullable=False),
    sa.Column("locked_until", UTCDateTime()),
    sa.Column("last_login_at", UTCDateTime()),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
    _one_of("role", STAFF_ROLES),
)

staff_sessions = sa.Table(
    "staff_sessions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),  # SHA-256 of the cookie's token
    sa.Column(
        "user_id", sa.Integer, sa.ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False, index=True
    ),
    sa.Column("csrf_token", sa.String(64), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("expires_at", UTCDateTime(), nullable=False),
    sa.Column("last_seen_at", UTCDateTime(), nullable=False),
)

audit_log = sa.Table(
    "audit_log",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("occurred_at", UTCDateTime(), nullable=False),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("staff_users.id", ondelete="SET NULL"), index=True),
    sa.Column(
        "actor", sa.String(64), nullable=False
    ),  # the username (kept if the user is deleted), or a system
    sa.Column("action", sa.String(32), nullable=False),
    sa.Column("record_kind", sa.String(32)),
    sa.Column("reference", sa.String(16), index=True),
    sa.Column("city", sa.String(16)),
    sa.Column("changes", sa.JSON(), nullable=False),
    sa.Column("note", sa.Text),
)
"""Who did what, when: status changes, texts sent to reporters, sign-ins, users created, exports."""

unanswered_questions = sa.Table(
    "unanswered_questions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("asked_at", UTCDateTime(), nullable=False),
    sa.Column("conversation_id", sa.String(255)),
    sa.Column("channel", sa.String(32)),
    sa.Column("city", sa.String(16)),
    sa.Column("language", sa.String(8)),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("reason", sa.String(16), nullable=False),
    sa.Column("score", sa.Float),
    sa.Column("topic", sa.String(64)),
    sa.Index("ix_unanswered_questions_asked_at", "asked_at"),
    _one_of("reason", UNANSWERED_REASONS),
)
"""Questions the assistant declined or answered with low confidence, for the console's "unanswered" page."""

open311_keys = sa.Table(
    "open311_keys",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column(
        "key_hash", sa.String(64), nullable=False, unique=True
    ),  # SHA-256 of the key; the key is shown once
    sa.Column("city", sa.String(16)),  # None: both cities
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("last_used_at", UTCDateTime()),
    sa.Column("revoked_at", UTCDateTime()),
)

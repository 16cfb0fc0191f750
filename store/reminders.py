"""Opt-in reminders ("text me before my next pump-out is due") and their delivery bookkeeping.

The scheduler calls :func:`claim_due`, which hands each due reminder to exactly one caller (status
``sending``) and never hands out one for an opted-out number: those are marked ``skipped`` instead, so
the data layer itself guarantees opted-out numbers are not messaged. After the send the scheduler
calls :func:`mark_sent` or :func:`mark_failed`; a reminder that falls in quiet hours goes back with
:func:`postpone`.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from store import records
from store.db import Bind, aware_utc, read_transaction, resolve_now, write_transaction
from store.errors import RecordNotFound, StoreError
from store.phones import normalize_phone
from store.records import Record
from store.schema import REMINDER_KINDS, facilities, reminders, sms_opt_outs


def schedule(
    bind: Bind,
    *,
    phone: str,
    kind: str,
    due_date: dt.date,
    send_at: dt.datetime,
    facility_reference: str | None = None,
    conversation_id: str | None = None,
    message: str | None = None,
    now: dt.datetime | None = None,
) -> Record:
    """Schedule one reminder; asking again for the same number, facility, kind and due date returns
    the existing reminder (its send time and message are updated while it is still scheduled)."""
    if kind not in REMINDER_KINDS:
        raise StoreError(f"Unknown reminder kind {kind!r}; use one of {REMINDER_KINDS}.")
    key = normalize_phone(phone)
    send_at = aware_utc(send_at, "send_at")
    moment = resolve_now(now)
    dedupe_key = f"{key}|{facility_reference or '-'}|{kind}|{due_date.isoformat()}"
    with write_transaction(bind) as connection:
        facility_id = records.facility_id_for(connection, facility_reference)
        existing = connection.execute(
            sa.select(reminders).where(reminders.c.dedupe_key == dedupe_key)
        ).first()
        if existing is None:
            result = connection.execute(
                sa.insert(reminders).values(
                    dedupe_key=dedupe_key,
                    phone=key,
                    conversation_id=conversation_id,
                    facility_id=facility_id,
                    kind=kind,
                    due_date=due_date,
                    send_at=send_at,
                    message=message,
                    status="scheduled",
                    created_at=moment,
                    updated_at=moment,
                )
            )
            return records.fetch_one(connection, reminders, reminders.c.id == result.inserted_primary_key[0])
        if existing.status == "scheduled":
            connection.execute(
                sa.update(reminders)
                .where(reminders.c.id == existing.id)
                .values(send_at=send_at, message=message, updated_at=moment)
            )
        return records.fetch_one(connection, reminders, reminders.c.id == existing.id)


def claim_due(bind: Bind, *, now: dt.datetime | None = None, limit: int = 50) -> list[Record]:
    """Reminders whose send time has come, each handed to exactly one caller; opted-out ones skipped."""
    moment = resolve_now(now)
    opted_out = sa.select(sms_opt_outs.c.phone).where(sms_opt_outs.c.status == "opted_out")
    due = (reminders.c.status == "scheduled", reminders.c.send_at <= moment)
    with write_transaction(bind) as connection:
        connection.execute(
            sa.update(reminders)
            .where(*due, reminders.c.phone.in_(opted_out))
            .values(status="skipped", last_error="The number has opted out of messages.", updated_at=moment)
        )
        candidates = connection.execute(
            sa.select(reminders.c.id).where(*due).order_by(reminders.c.send_at, reminders.c.id).limit(limit)
        ).scalars()
        claimed = []
        for reminder_id in list(candidates):
            result = connection.execute(
                sa.update(reminders)
                .where(reminders.c.id == reminder_id, reminders.c.status == "scheduled")
                .values(status="sending", updated_at=moment)
            )
            if result.rowcount == 1:
                claimed.append(records.fetch_one(connection, reminders, reminders.c.id == reminder_id))
        return claimed


def _finish_sending(bind: Bind, reminder_id: int, values: dict, now: dt.datetime | None) -> Record:
    with write_transaction(bind) as connection:
        result = connection.execute(
            sa.update(reminders)
            .where(reminders.c.id == reminder_id, reminders.c.status == "sending")
            .values(updated_at=resolve_now(now), **values)
        )
        if result.rowcount != 1:
            raise RecordNotFound(
                f"Reminder {reminder_id!r} is not being sent; claim it with claim_due first."
            )
        return records.fetch_one(connection, reminders, reminders.c.id == reminder_id)


def mark_sent(
    bind: Bind, reminder_id: int, *, provider_sid: str | None = None, now: dt.datetime | None = None
) -> Record:
    moment = resolve_now(now)
    return _finish_sending(
        bind, reminder_id, {"status": "sent", "sent_at": moment, "provider_sid": provider_sid}, moment
    )


def mark_failed(bind: Bind, reminder_id: int, *, error: str, now: dt.datetime | None = None) -> Record:
    return _finish_sending(bind, reminder_id, {"status": "failed", "last_error": error}, now)


def mark_skipped(bind: Bind, reminder_id: int, *, reason: str, now: dt.datetime | None = None) -> Record:
    """Give up on a claimed reminder without sending it (e.g. the number opted out after it was claimed)."""
    return _finish_sending(bind, reminder_id, {"status": "skipped", "last_error": reason}, now)


def postpone(bind: Bind, reminder_id: int, *, send_at: dt.datetime, now: dt.datetime | None = None) -> Record:
    """Give a claimed reminder back for later (e.g. it came due during quiet hours)."""
    return _finish_sending(
        bind, reminder_id, {"status": "scheduled", "send_at": aware_utc(send_at, "send_at")}, now
    )


def cancel(bind: Bind, reminder_id: int, *, now: dt.datetime | None = None) -> Record:
    """Cancel a scheduled reminder (the operator no longer wants it)."""
    with write_transaction(bind) as connection:
        connection.execute(
            sa.update(reminders)
            .where(reminders.c.id == reminder_id, reminders.c.status == "scheduled")
            .values(status="cancelled", updated_at=resolve_now(now))
        )
        return records.fetch_one(connection, reminders, reminders.c.id == reminder_id)


def upcoming_for_phone(bind: Bind, phone: str) -> list[Record]:
    """Scheduled reminders for a number, soonest first, each with its ``facility_reference``."""
    query = (
        sa.select(reminders, facilities.c.reference.label("facility_reference"))
        .select_from(reminders.outerjoin(facilities, reminders.c.facility_id == facilities.c.id))
        .where(reminders.c.phone == normalize_phone(phone), reminders.c.status == "scheduled")
        .order_by(reminders.c.send_at, reminders.c.id)
    )
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]

"""Grease interceptor service (pump-out) records: "Pumped on Aug 14, 1,000 gallons, ABC Hauling".

A record normally belongs to a facility (its city and permit frequency give the next due date, which
the compliance core computes and the caller may store in ``next_due_date``); it can also be kept
without one so nothing the user said is lost before the facility is known.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa

from store import records
from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import StoreError
from store.records import Record
from store.references import SERVICE_RECORD, RandomSource
from store.schema import facilities, service_records

FIELDS = ("gallons", "hauler", "manifest_number", "notes", "next_due_date")


def _check_date(value: Any, name: str) -> None:
    if value is not None and (not isinstance(value, dt.date) or isinstance(value, dt.datetime)):
        raise StoreError(f"{name} must be a date (datetime.date), got {value!r}.")


def add_record(
    bind: Bind,
    *,
    service_date: dt.date,
    conversation_id: str | None,
    channel: str | None,
    facility_reference: str | None = None,
    city: str | None = None,
    photo_urls: Iterable[str] = (),
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    rng: RandomSource | None = None,
    **fields: Any,
) -> Record:
    """Store a service; the city defaults to the facility's, and must match it when both are given."""
    records.check_fields(fields, FIELDS, "service record")
    _check_date(service_date, "service_date")
    _check_date(fields.get("next_due_date"), "next_due_date")
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        facility = None
        if facility_reference is not None:
            facility = records.require(connection, facilities, facility_reference)
        record_city = None if city is None else records.normalize_city(city)
        if facility is not None:
            if record_city is not None and record_city != facility["city"]:
                raise StoreError(
                    f"Service record city {record_city!r} differs from {facility['reference']}'s "
                    f"city {facility['city']!r}."
                )
            record_city = facility["city"]
        values = {
            **records.base_values(
                conversation_id=conversation_id,
                channel=channel,
                now=moment,
                status="recorded",
                details=details,
            ),
            "facility_id": None if facility is None else facility["id"],
            "city": record_city,
            "service_date": service_date,
            "photo_urls": list(photo_urls),
            **fields,
        }
        return records.insert_with_reference(connection, service_records, SERVICE_RECORD, values, rng)


def update(
    bind: Bind,
    reference: str,
    *,
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    **fields: Any,
) -> Record:
    """Correct a recorded service (any of :data:`FIELDS` or ``service_date``)."""
    records.check_fields(fields, (*FIELDS, "service_date"), "service record")
    _check_date(fields.get("service_date"), "service_date")
    _check_date(fields.get("next_due_date"), "next_due_date")
    return records.edit_open_record(
        bind,
        service_records,
        reference,
        fields,
        resolve_now(now),
        editable_statuses=("recorded",),
        details=details,
    )


def void(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    """Withdraw a record entered by mistake; it stays stored but no longer counts."""
    return records.change_status(
        bind, service_records, reference, "void", resolve_now(now), from_statuses=("recorded",)
    )


def add_photos(bind: Bind, reference: str, urls: Iterable[str], *, now: dt.datetime | None = None) -> Record:
    """Attach photo URLs (e.g. an MMS of the manifest); duplicates are ignored."""
    return records.append_items(bind, service_records, reference, "photo_urls", urls, now, unique=True)


def get_by_reference(bind: Bind, reference: str) -> Record | None:
    return records.get_by_reference(bind, service_records, reference)


def list_for_facility(bind: Bind, facility_reference: str, *, limit: int | None = None) -> list[Record]:
    """Recorded (not void) services, latest service date first."""
    with read_transaction(bind) as connection:
        facility_id = records.facility_id_for(connection, facility_reference)
        query = (
            sa.select(service_records)
            .where(service_records.c.facility_id == facility_id, service_records.c.status == "recorded")
            .order_by(
                service_records.c.service_date.desc(),
                service_records.c.created_at.desc(),
                service_records.c.id.desc(),
            )
        )
        if limit is not None:
            query = query.limit(limit)
        return [records.as_dict(row) for row in connection.execute(query)]


def latest_for_facility(bind: Bind, facility_reference: str) -> Record | None:
    """The most recent service by service date (what the next due date is counted from)."""
    found = list_for_facility(bind, facility_reference, limit=1)
    return found[0] if found else None


def latest_for_conversation(bind: Bind, conversation_id: str) -> Record | None:
    """The conversation's most recently entered record (where an incoming photo belongs)."""
    return records.latest(
        bind,
        service_records,
        service_records.c.conversation_id == conversation_id,
        service_records.c.status == "recorded",
    )

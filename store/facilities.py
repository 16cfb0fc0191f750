"""Food service establishments (and other generators) the assistant keeps track of.

A facility can be reached from several conversations (the owner's SMS number, a manager on the web
chat), so owners live in ``facility_owners``: one row per conversation id and/or phone number.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from store import records
from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import StoreError
from store.phones import normalize_phone
from store.records import Record
from store.references import FACILITY, RandomSource
from store.schema import facilities, facility_owners

FIELDS = (
    "address",
    "phone",
    "device_type",
    "permit_frequency_days",
    "seats",
    "drive_thru",
    "generator_type",
)
"""Optional columns; the name and city are required; anything city-specific goes in ``details``."""


def _clean(fields: Mapping[str, Any]) -> dict[str, Any]:
    records.check_fields(fields, (*FIELDS, "name", "city", "status"), "facility")
    values = dict(fields)
    if "city" in values:
        values["city"] = records.normalize_city(values["city"])
    days = values.get("permit_frequency_days")
    if days is not None and (not isinstance(days, int) or isinstance(days, bool) or days <= 0):
        raise StoreError(f"permit_frequency_days must be a positive whole number of days, got {days!r}.")
    return values


def create(
    bind: Bind,
    *,
    city: str,
    name: str,
    conversation_id: str | None,
    channel: str | None,
    owner_phone: str | None = None,
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    rng: RandomSource | None = None,
    **fields: Any,
) -> Record:
    """A new facility owned by ``conversation_id`` (and ``owner_phone``, when known)."""
    moment = resolve_now(now)
    values = {
        **records.base_values(
            conversation_id=conversation_id, channel=channel, now=moment, status="active", details=details
        ),
        **_clean({"city": city, "name": name, **fields}),
    }
    with write_transaction(bind) as connection:
        record = records.insert_with_reference(connection, facilities, FACILITY, values, rng)
        if conversation_id is not None or owner_phone is not None:
            _add_owner(connection, record["id"], conversation_id, owner_phone, moment)
        return record


def update(
    bind: Bind,
    reference: str,
    *,
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    **fields: Any,
) -> Record:
    """Change columns (any of :data:`FIELDS`, ``name``, ``city``, ``status``); ``details`` is merged."""
    return records.edit_open_record(
        bind,
        facilities,
        reference,
        _clean(fields),
        resolve_now(now),
        editable_statuses=("active", "closed"),
        details=details,
    )


def add_owner(
    bind: Bind,
    reference: str,
    *,
    conversation_id: str | None = None,
    phone: str | None = None,
    now: dt.datetime | None = None,
) -> Record:
    """Let another conversation or phone number reach this facility (adding the same one twice is fine)."""
    if conversation_id is None and phone is None:
        raise StoreError(f"add_owner({reference!r}) needs a conversation_id or a phone number.")
    with write_transaction(bind) as connection:
        record = records.require(connection, facilities, reference)
        _add_owner(connection, record["id"], conversation_id, phone, resolve_now(now))
        return record


def _add_owner(
    connection: Connection, facility_id: int, conversation_id: str | None, phone: str | None, now: dt.datetime
) -> None:
    key = None if phone is None else normalize_phone(phone)
    exists = connection.execute(
        sa.select(facility_owners.c.id).where(
            facility_owners.c.facility_id == facility_id,
            _equals_or_null(facility_owners.c.conversation_id, conversation_id),
            _equals_or_null(facility_owners.c.phone, key),
        )
    ).first()
    if exists is None:
        connection.execute(
            sa.insert(facility_owners).values(
                facility_id=facility_id, conversation_id=conversation_id, phone=key, created_at=now
            )
        )


def _equals_or_null(column: sa.Column, value: Any) -> Any:
    return column.is_(None) if value is None else column == value


def owners(bind: Bind, reference: str) -> list[Record]:
    """``[{"conversation_id": ..., "phone": ...}, ...]`` in the order they were added."""
    with read_transaction(bind) as connection:
        record = records.require(connection, facilities, reference)
        query = (
            sa.select(facility_owners.c.conversation_id, facility_owners.c.phone)
            .where(facility_owners.c.facility_id == record["id"])
            .order_by(facility_owners.c.id)
        )
        return [records.as_dict(row) for row in connection.execute(query)]


def get_by_reference(bind: Bind, reference: str) -> Record | None:
    return records.get_by_reference(bind, facilities, reference)


def get_by_id(bind: Bind, facility_id: int) -> Record | None:
    with read_transaction(bind) as connection:
        return records.as_dict(
            connection.execute(sa.select(facilities).where(facilities.c.id == facility_id)).first()
        )


def for_conversation(bind: Bind, conversation_id: str) -> list[Record]:
    """Active facilities this conversation owns, oldest first."""
    return _owned_by(bind, facility_owners.c.conversation_id == conversation_id)


def for_phone(bind: Bind, phone: str) -> list[Record]:
    """Active facilities owned by this phone number (however it is formatted), oldest first."""
    return _owned_by(bind, facility_owners.c.phone == normalize_phone(phone))


def _owned_by(bind: Bind, owner_condition: Any) -> list[Record]:
    owned_ids = sa.select(facility_owners.c.facility_id).where(owner_condition)
    query = (
        sa.select(facilities)
        .where(facilities.c.id.in_(owned_ids), facilities.c.status == "active")
        .order_by(facilities.c.created_at, facilities.c.id)
    )
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]

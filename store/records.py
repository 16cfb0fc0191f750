"""Machinery shared by the repositories of referenced records (facilities, service records, permit
applications, waiver requests, spill reports): insert with a fresh reference number, fetch by
reference, update named fields, merge ``details``, append to JSON lists, and move between statuses.

Rows come back as plain dicts (column name → value) so callers can pass them to templates or JSON.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import RecordClosed, RecordNotFound, StoreError
from store.references import RandomSource, new_reference, normalize_reference
from store.schema import CITIES, facilities

MAX_REFERENCE_ATTEMPTS = 20
Record = dict[str, Any]


def as_dict(row: Any) -> Record | None:
    return None if row is None else dict(row._mapping)


def normalize_city(value: Any) -> str:
    """``"victorville"`` from ``"Victorville"``, ``City.VICTORVILLE`` (compliance's enum) and the like."""
    text = str(getattr(value, "value", value)).strip().lower()
    if text not in CITIES:
        raise StoreError(f"Unknown city {value!r}: use one of {', '.join(CITIES)}.")
    return text


def check_fields(values: Mapping[str, Any], allowed: Iterable[str], what: str) -> None:
    unknown = sorted(set(values) - set(allowed))
    if unknown:
        raise StoreError(f"Unknown {what} field(s) {unknown}; known fields: {sorted(allowed)}.")


def base_values(
    *,
    conversation_id: str | None,
    channel: str | None,
    now: dt.datetime,
    status: str,
    details: Mapping[str, Any] | None,
) -> Record:
    """The columns every referenced record starts with (see ``store.schema``); ``details`` is copied."""
    return {
        "conversation_id": conversation_id,
        "channel": channel,
        "created_at": now,
        "updated_at": now,
        "status": status,
        "details": dict(details or {}),
    }


def insert_with_reference(
    connection: Connection, table: sa.Table, prefix: str, values: Mapping[str, Any], rng: RandomSource | None
) -> Record:
    """Insert ``values`` under a new random reference; on a collision try another number.

    The insert runs in a SAVEPOINT so a collision does not abort the caller's transaction; any other
    integrity error (a bad foreign key, a check constraint) is re-raised as is.
    """
    for _ in range(MAX_REFERENCE_ATTEMPTS):
        reference = new_reference(prefix, rng)
        try:
            with connection.begin_nested():
                result = connection.execute(sa.insert(table).values(reference=reference, **values))
        except sa.exc.IntegrityError:
            if _reference_taken(connection, table, reference):
                continue
            raise
        return fetch_one(connection, table, table.c.id == result.inserted_primary_key[0])
    raise StoreError(
        f"No free {prefix} reference number after {MAX_REFERENCE_ATTEMPTS} attempts in {table.name}; "
        "the six-digit space may be nearly full."
    )


def _reference_taken(connection: Connection, table: sa.Table, reference: str) -> bool:
    query = sa.select(table.c.id).where(table.c.reference == reference)
    return connection.execute(query).first() is not None


def fetch_one(connection: Connection, table: sa.Table, condition: Any) -> Record:
    row = connection.execute(sa.select(table).where(condition)).first()
    if row is None:
        raise RecordNotFound(f"No row in {table.name} matches {condition}.")
    return as_dict(row)


def canonical_reference(reference: str) -> str:
    canonical = normalize_reference(reference)
    if canonical is None:
        raise RecordNotFound(f"{reference!r} is not a reference number (expected e.g. 'SP-482137').")
    return canonical


def get_by_reference(bind: Bind, table: sa.Table, reference: str) -> Record | None:
    """The record, or None; the reference may be typed loosely (``sp 482137``)."""
    canonical = normalize_reference(reference)
    if canonical is None:
        return None
    with read_transaction(bind) as connection:
        row = connection.execute(sa.select(table).where(table.c.reference == canonical)).first()
    return as_dict(row)


def require(connection: Connection, table: sa.Table, reference: str) -> Record:
    canonical = canonical_reference(reference)
    row = connection.execute(sa.select(table).where(table.c.reference == canonical)).first()
    if row is None:
        raise RecordNotFound(f"No {table.name} record has reference {reference!r}.")
    return as_dict(row)


def facility_id_for(connection: Connection, facility_reference: str | None) -> int | None:
    """The id of the facility with this reference (None stays None); unknown references raise."""
    if facility_reference is None:
        return None
    return require(connection, facilities, facility_reference)["id"]


def update_record(
    connection: Connection,
    table: sa.Table,
    record: Record,
    values: Mapping[str, Any],
    now: dt.datetime,
    details: Mapping[str, Any] | None = None,
) -> Record:
    """Set ``values`` (and merge ``details`` into the stored details) on ``record``; return the new row."""
    changes = dict(values)
    if details:
        changes["details"] = {**record["details"], **details}
    changes["updated_at"] = now
    connection.execute(sa.update(table).where(table.c.id == record["id"]).values(**changes))
    return fetch_one(connection, table, table.c.id == record["id"])


def append_items(
    bind: Bind,
    table: sa.Table,
    reference: str,
    column: str,
    items: Iterable[Any],
    now: dt.datetime | None,
    *,
    unique: bool = False,
) -> Record:
    """Add ``items`` to the end of the JSON list in ``column`` (with ``unique``, skip ones already there)."""
    with write_transaction(bind) as connection:
        record = require(connection, table, reference)
        current = list(record[column])
        added = [item for item in items if not (unique and item in current)]
        return update_record(connection, table, record, {column: current + added}, resolve_now(now))


def edit_open_record(
    bind: Bind,
    table: sa.Table,
    reference: str,
    values: Mapping[str, Any],
    now: dt.datetime,
    *,
    editable_statuses: tuple[str, ...],
    details: Mapping[str, Any] | None = None,
    status: str | None = None,
) -> Record:
    """Update a record that is still open for changes; a closed one raises :class:`RecordClosed`."""
    with write_transaction(bind) as connection:
        record = require(connection, table, reference)
        if record["status"] not in editable_statuses:
            raise RecordClosed(
                f"{record['reference']} is {record['status']} and can no longer be changed; "
                "start a new one instead."
            )
        changes = dict(values)
        if status is not None:
            changes["status"] = status
        return update_record(connection, table, record, changes, now, details)


def change_status(
    bind: Bind,
    table: sa.Table,
    reference: str,
    new_status: str,
    now: dt.datetime,
    *,
    from_statuses: tuple[str, ...],
    extra: Mapping[str, Any] | None = None,
) -> Record:
    """Move to ``new_status``; already there is a no-op (so retries are safe), other statuses raise."""
    with write_transaction(bind) as connection:
        record = require(connection, table, reference)
        if record["status"] == new_status:
            return record
        if record["status"] not in from_statuses:
            raise RecordClosed(
                f"{record['reference']} is {record['status']}; it cannot become {new_status} "
                f"(only from {', '.join(from_statuses)})."
            )
        return update_record(connection, table, record, {"status": new_status, **(extra or {})}, now)


def latest(bind: Bind, table: sa.Table, *conditions: Any) -> Record | None:
    """The most recently created record matching ``conditions``."""
    query = sa.select(table).where(*conditions).order_by(table.c.created_at.desc(), table.c.id.desc())
    with read_transaction(bind) as connection:
        return as_dict(connection.execute(query.limit(1)).first())

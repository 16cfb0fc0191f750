"""The transactional outbox: events the city must hear about, committed with the record they are about.

    with store.db.write_transaction(engine) as connection:
        report = store.spills.submit(connection, reference)
        store.outbox.enqueue(connection, "spill_submitted", city=report["city"], reference=reference)

Pass the connection of the transaction that changes the record, so the event and the change commit (or
roll back) together; a crash after the commit loses nothing, because the worker finds the undispatched
event when it starts again. The worker turns each event into ``notifications`` (see ``store.schema``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from store.db import Bind, resolve_now, write_transaction
from store.errors import StoreError
from store.schema import OUTBOX_EVENT_KINDS, outbox_events


def enqueue(
    bind: Bind,
    kind: str,
    *,
    city: str | None = None,
    reference: str | None = None,
    payload: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Record an event for the worker to deliver; returns its id. Joins the caller's transaction."""
    if kind not in OUTBOX_EVENT_KINDS:
        raise StoreError(f"Unknown outbox event {kind!r}; known: {', '.join(OUTBOX_EVENT_KINDS)}.")
    values = {
        "kind": kind,
        "city": city,
        "reference": reference,
        "payload": dict(payload or {}),
        "created_at": resolve_now(now),
        "dispatched_at": None,
    }
    with write_transaction(bind) as connection:
        return int(connection.execute(sa.insert(outbox_events).values(**values)).inserted_primary_key[0])

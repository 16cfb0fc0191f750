"""FOG permit applications: a ``draft`` while the form is being filled, ``submitted`` once confirmed.

Every answer is kept in ``details`` (the fields differ by city: Victorville Municipal Code
§ 10.03.060(a)(1)–(6) or the building-division alternative in (b); Inglewood FOG Ordinance,
Permits (1)(a)–(d)); a few key ones also get columns so staff can search them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from store import records
from store.db import Bind, resolve_now, write_transaction
from store.records import Record
from store.references import PERMIT_APPLICATION, RandomSource
from store.schema import permit_applications

KEY_FIELDS = ("business_name", "applicant_name", "applicant_phone", "facility_address")


def create_draft(
    bind: Bind,
    *,
    city: str,
    conversation_id: str | None,
    channel: str | None,
    details: Mapping[str, Any] | None = None,
    facility_reference: str | None = None,
    now: dt.datetime | None = None,
    rng: RandomSource | None = None,
    **key_fields: Any,
) -> Record:
    """A new draft; ``key_fields`` are any of :data:`KEY_FIELDS`."""
    records.check_fields(key_fields, KEY_FIELDS, "permit application")
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        values = {
            "conversation_id": conversation_id,
            "channel": channel,
            "created_at": moment,
            "updated_at": moment,
            "status": "draft",
            "details": dict(details or {}),
            "city": records.normalize_city(city),
            "facility_id": records.facility_id_for(connection, facility_reference),
            **key_fields,
        }
        return records.insert_with_reference(connection, permit_applications, PERMIT_APPLICATION, values, rng)


def update_draft(
    bind: Bind,
    reference: str,
    *,
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    **key_fields: Any,
) -> Record:
    """Change answers on a draft; ``details`` is merged into the stored details."""
    records.check_fields(key_fields, KEY_FIELDS, "permit application")
    return records.edit_open_record(
        bind,
        permit_applications,
        reference,
        key_fields,
        resolve_now(now),
        editable_statuses=("draft",),
        details=details,
    )


def submit(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    """Confirmed by the applicant: committed before this returns; submitting twice is harmless."""
    moment = resolve_now(now)
    return records.change_status(
        bind,
        permit_applications,
        reference,
        "submitted",
        moment,
        from_statuses=("draft",),
        extra={"submitted_at": moment},
    )


def cancel(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    """The applicant gave up on a draft."""
    return records.change_status(
        bind, permit_applications, reference, "cancelled", resolve_now(now), from_statuses=("draft",)
    )


def get_by_reference(bind: Bind, reference: str) -> Record | None:
    return records.get_by_reference(bind, permit_applications, reference)


def latest_draft_for_conversation(bind: Bind, conversation_id: str) -> Record | None:
    return records.latest(
        bind,
        permit_applications,
        permit_applications.c.conversation_id == conversation_id,
        permit_applications.c.status == "draft",
    )

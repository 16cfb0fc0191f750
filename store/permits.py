"""FOG permit applications: a ``draft`` while the form is being filled, ``submitted`` once confirmed.

Every answer is kept in ``details`` (the fields differ by city: Victorville Municipal Code
§ 10.03.060(a)(1)–(6) or the building-division alternative in (b); Inglewood FOG Ordinance,
Permits (1)(a)–(d)); a few key ones also get columns so staff can search them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from store import outbox, records
from store.db import Bind, resolve_now, write_transaction
from store.drafts import DraftTable
from store.records import Record
from store.references import PERMIT_APPLICATION, RandomSource
from store.schema import permit_applications

KEY_FIELDS = ("business_name", "applicant_name", "applicant_phone", "facility_address")

_DRAFTS = DraftTable(permit_applications, PERMIT_APPLICATION)


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
    return _DRAFTS.create(
        bind,
        conversation_id=conversation_id,
        channel=channel,
        details=details,
        facility_reference=facility_reference,
        now=now,
        rng=rng,
        columns=lambda: {"city": records.normalize_city(city), **key_fields},
    )


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
    return _DRAFTS.update(bind, reference, key_fields, details=details, now=now)


def submit(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    """Confirmed by the applicant: committed before this returns, with the ``permit_submitted`` event that
    e-mails the office (enqueued once; submitting twice is harmless)."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        record = _DRAFTS.submit(connection, reference, now=moment)
        payload = {name: record[name] for name in KEY_FIELDS} | {"channel": record["channel"]}
        outbox.announce(connection, "permit_submitted", record, payload, moment)
        return record


def cancel(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    """The applicant gave up on a draft."""
    return _DRAFTS.cancel(bind, reference, now=now)


def get_by_reference(bind: Bind, reference: str) -> Record | None:
    return _DRAFTS.get_by_reference(bind, reference)


def latest_draft_for_conversation(bind: Bind, conversation_id: str) -> Record | None:
    return _DRAFTS.latest_draft_for_conversation(bind, conversation_id)

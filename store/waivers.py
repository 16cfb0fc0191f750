"""Waiver and variance requests, with the screening result the assistant gave.

Kinds: ``deminimis`` and ``physical_space`` (Victorville Municipal Code § 6.37.050(a) and (b)),
``inglewood_variance``, ``inglewood_conditional_waiver`` and ``inglewood_cleanup_charge_waiver``
(Inglewood FOG Ordinance, Discharge Requirements (6)). The city follows from the kind.
``screening`` holds the compliance core's result as JSON (eligibility, reason, thresholds, citations);
``details`` holds the applicant's answers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from store import outbox
from store.db import Bind, resolve_now, write_transaction
from store.drafts import DraftTable
from store.errors import StoreError
from store.records import Record
from store.references import WAIVER, RandomSource
from store.schema import WAIVER_KIND_CITIES, waiver_requests

_DRAFTS = DraftTable(waiver_requests, WAIVER)


def city_for_kind(kind: str) -> str:
    try:
        return WAIVER_KIND_CITIES[kind]
    except KeyError:
        raise StoreError(f"Unknown waiver kind {kind!r}; use one of {sorted(WAIVER_KIND_CITIES)}.") from None


def create_draft(
    bind: Bind,
    *,
    kind: str,
    conversation_id: str | None,
    channel: str | None,
    screening: Mapping[str, Any] | None = None,
    eligible: bool | None = None,
    details: Mapping[str, Any] | None = None,
    facility_reference: str | None = None,
    now: dt.datetime | None = None,
    rng: RandomSource | None = None,
) -> Record:
    return _DRAFTS.create(
        bind,
        conversation_id=conversation_id,
        channel=channel,
        details=details,
        facility_reference=facility_reference,
        now=now,
        rng=rng,
        columns=lambda: {
            "city": city_for_kind(kind),
            "kind": kind,
            "eligible": eligible,
            "screening": None if screening is None else dict(screening),
        },
    )


def update_draft(
    bind: Bind,
    reference: str,
    *,
    details: Mapping[str, Any] | None = None,
    screening: Mapping[str, Any] | None = None,
    eligible: bool | None = None,
    now: dt.datetime | None = None,
) -> Record:
    """Merge new answers into ``details``; a new ``screening`` replaces the old one."""
    values: dict[str, Any] = {}
    if screening is not None:
        values["screening"] = dict(screening)
    if eligible is not None:
        values["eligible"] = eligible
    return _DRAFTS.update(bind, reference, values, details=details, now=now)


def submit(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    """Confirmed by the applicant: committed before this returns, with the ``waiver_submitted`` event that
    e-mails the office (enqueued once; submitting twice is harmless)."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        record = _DRAFTS.submit(connection, reference, now=moment)
        payload = {"kind": record["kind"], "eligible": record["eligible"], "channel": record["channel"]}
        outbox.announce(connection, "waiver_submitted", record, payload, moment)
        return record


def cancel(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    return _DRAFTS.cancel(bind, reference, now=now)


def get_by_reference(bind: Bind, reference: str) -> Record | None:
    return _DRAFTS.get_by_reference(bind, reference)


def latest_draft_for_conversation(bind: Bind, conversation_id: str) -> Record | None:
    return _DRAFTS.latest_draft_for_conversation(bind, conversation_id)

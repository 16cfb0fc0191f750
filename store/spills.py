"""Spill reports: kept from the first answer (``partial``), ``submitted`` once the caller confirms, and
``abandoned`` (and flagged for staff) when the caller disappears before confirming.

Durable before acknowledged: every function given an engine commits before it returns, so the
assistant may tell the caller "your report SP-482137 was received" only after :func:`submit` returned.
A report that was abandoned and is then resumed (an update) becomes ``partial`` again and keeps its
flag; a submitted report is final, apart from photos (:func:`add_media`) and transcript lines.

The city hears of a report through the outbox (:mod:`store.outbox`), in the transaction that changes it:
``spill_started`` once, as soon as the report has a city (what is known so far, for on-call staff), and
``spill_submitted`` once, when it is confirmed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from store import outbox, records
from store.db import Bind, aware_utc, read_transaction, resolve_now, write_transaction
from store.errors import StoreError
from store.records import Record
from store.references import SPILL, RandomSource
from store.schema import SPILL_REACHES, spill_reports

FIELDS = (
    "city",
    "location_text",
    "what_spilling",
    "started_at",
    "still_flowing",
    "reaches",
    "volume_estimate",
    "volume_gallons",
    "restaurant_involved",
    "restaurant_name",
    "reporter_name",
    "callback_number",
    "incident_at",
)
"""What a caller is asked for; anything else the flow collects goes in ``details``."""

EDITABLE = ("partial", "abandoned")


def _clean(fields: Mapping[str, Any]) -> dict[str, Any]:
    records.check_fields(fields, FIELDS, "spill report")
    values = dict(fields)
    if values.get("city") is not None:
        values["city"] = records.normalize_city(values["city"])
    for name in ("started_at", "incident_at"):
        if values.get(name) is not None:
            values[name] = aware_utc(values[name], name)
    if values.get("reaches") is not None:
        reaches = list(values["reaches"])
        unknown = [place for place in reaches if place not in SPILL_REACHES]
        if unknown:
            raise StoreError(f"Unknown place(s) the spill reaches {unknown}; use any of {SPILL_REACHES}.")
        values["reaches"] = [place for place in SPILL_REACHES if place in reaches]
    return values


def create_partial(
    bind: Bind,
    *,
    conversation_id: str | None,
    channel: str | None,
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    rng: RandomSource | None = None,
    **fields: Any,
) -> Record:
    """Start a report as soon as the caller gives the first fact, so nothing said is ever lost.

    ``fields`` are any of :data:`FIELDS`; ``reaches`` is a list drawn from ``street``, ``gutter``,
    ``storm_drain`` (empty: reaches none of them; None: not asked yet).
    """
    moment = resolve_now(now)
    values = {
        **records.base_values(
            conversation_id=conversation_id, channel=channel, now=moment, status="partial", details=details
        ),
        "flagged": False,
        "media_urls": [],
        "transcript": [],
        **_clean(fields),
    }
    with write_transaction(bind) as connection:
        record = records.insert_with_reference(connection, spill_reports, SPILL, values, rng)
        _announce_start(connection, record, moment)
        return record


def update(
    bind: Bind,
    reference: str,
    *,
    details: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    **fields: Any,
) -> Record:
    """Change answers ("change the address"); ``details`` is merged into the stored details."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        record = records.edit_open_record(
            connection,
            spill_reports,
            reference,
            _clean(fields),
            moment,
            editable_statuses=EDITABLE,
            details=details,
            status="partial",
        )
        _announce_start(connection, record, moment)
        return record


def submit(bind: Bind, reference: str, *, now: dt.datetime | None = None) -> Record:
    """Mark the report confirmed and commit it with its ``spill_submitted`` event (enqueued once: submitting
    twice returns the same record and tells the city nothing new)."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        record = records.change_status(
            connection,
            spill_reports,
            reference,
            "submitted",
            moment,
            from_statuses=EDITABLE,
            extra={"submitted_at": moment},
        )
        outbox.announce(connection, "spill_submitted", record, known_so_far(record), moment)
        return record


def known_so_far(record: Record) -> dict[str, Any]:
    """The facts an outbox event carries about a report (JSON-ready; the worker reads the rest)."""
    return {
        "location": record["location_text"],
        "what": record["what_spilling"],
        "still_flowing": record["still_flowing"],
        "reaches": record["reaches"],
        "callback": record["callback_number"],
        "channel": record["channel"],
    }


def _announce_start(connection: Connection, record: Record, now: dt.datetime) -> None:
    """Enqueue ``spill_started`` once per report, as soon as its city is known (on-call staff are per city),
    with what is known so far; the same transaction commits the report's change."""
    if record["city"] is not None:
        outbox.announce(connection, "spill_started", record, known_so_far(record), now)


def mark_abandoned(bind: Bind, reference: str, *, reason: str, now: dt.datetime | None = None) -> Record:
    """Keep what a vanished caller gave, flagged for staff; a submitted report is left as it is."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        record = records.require(connection, spill_reports, reference)
        if record["status"] != "partial":
            return record
        changes = {"status": "abandoned", "abandoned_at": moment, "flagged": True, "flag_reason": reason}
        return records.update_record(connection, spill_reports, record, changes, moment)


def abandon_stale(
    bind: Bind, *, idle_for: dt.timedelta, reason: str | None = None, now: dt.datetime | None = None
) -> list[str]:
    """Abandon every partial report untouched for at least ``idle_for``; returns their references."""
    moment = resolve_now(now)
    cutoff = moment - idle_for
    why = reason or f"No answer for {idle_for} before the report was confirmed."
    stale = (spill_reports.c.status == "partial", spill_reports.c.updated_at <= cutoff)
    with write_transaction(bind) as connection:
        query = sa.select(spill_reports.c.reference).where(*stale).order_by(spill_reports.c.id)
        references = list(connection.execute(query).scalars())
        if references:
            connection.execute(
                sa.update(spill_reports)
                .where(spill_reports.c.reference.in_(references))
                .values(
                    status="abandoned", abandoned_at=moment, flagged=True, flag_reason=why, updated_at=moment
                )
            )
    return references


def flag(bind: Bind, reference: str, *, reason: str, now: dt.datetime | None = None) -> Record:
    """Ask staff to look at a report (any status), e.g. sewage reaching a storm drain."""
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        record = records.require(connection, spill_reports, reference)
        return records.update_record(
            connection, spill_reports, record, {"flagged": True, "flag_reason": reason}, moment
        )


def add_media(bind: Bind, reference: str, urls: Iterable[str], *, now: dt.datetime | None = None) -> Record:
    """Attach photo URLs (e.g. an MMS sent mid-report or after it); duplicates are ignored."""
    return records.append_items(
        bind, spill_reports, reference, "media_urls", list(urls), resolve_now(now), unique=True
    )


def append_transcript(
    bind: Bind, reference: str, entries: Iterable[Mapping[str, Any]], *, now: dt.datetime | None = None
) -> Record:
    """Add turns (e.g. ``{"speaker": "caller", "text": "...", "at": "2024-08-14T17:30:00+00:00"}``)."""
    return records.append_items(
        bind, spill_reports, reference, "transcript", [dict(entry) for entry in entries], resolve_now(now)
    )


def get_by_reference(bind: Bind, reference: str) -> Record | None:
    return records.get_by_reference(bind, spill_reports, reference)


def open_for_conversation(bind: Bind, conversation_id: str) -> Record | None:
    """The conversation's latest report not yet submitted (where an incoming photo belongs)."""
    return records.latest(
        bind,
        spill_reports,
        spill_reports.c.conversation_id == conversation_id,
        spill_reports.c.status.in_(EDITABLE),
    )


def list_recent(
    bind: Bind,
    *,
    status: str | None = None,
    city: str | None = None,
    flagged: bool | None = None,
    limit: int = 50,
) -> list[Record]:
    """Newest first, for staff views."""
    conditions = []
    if status is not None:
        conditions.append(spill_reports.c.status == status)
    if city is not None:
        conditions.append(spill_reports.c.city == records.normalize_city(city))
    if flagged is not None:
        conditions.append(spill_reports.c.flagged == flagged)
    query = (
        sa.select(spill_reports)
        .where(*conditions)
        .order_by(spill_reports.c.created_at.desc(), spill_reports.c.id.desc())
        .limit(limit)
    )
    with read_transaction(bind) as connection:
        return [records.as_dict(row) for row in connection.execute(query)]

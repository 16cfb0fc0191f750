"""The city's work on what residents submitted: finding records, the status workflow, and what staff see.

Five kinds of record are listed in the console (:data:`RECORD_KINDS`): spill reports, permit applications
and waiver requests, which also carry a work status (``new → acknowledged → in_progress → closed``, a closed
one may be reopened to ``in_progress`` with a note), and pump-out (service) records and facilities.

Every query is scoped to the cities a staff user may see (``cities``); a record without a city (a spill
report whose caller never said where) is visible only to a user who may see every city.

:func:`change_work_status` updates the record, writes the audit entry and, when staff chose to text the
reporter, enqueues a ``status_changed`` outbox event, all in one transaction. A reporter who has opted out
(STOP) gets no event. The reporter's number is the spill's callback number or the permit's applicant phone,
else the conversation id when it is an SMS or voice sender's E.164 number.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

import sqlalchemy as sa

from cities import CITY_TIME_ZONE
from store import outbox, staff
from store.db import Bind, read_transaction, resolve_now, write_transaction
from store.errors import RecordNotFound, StoreError
from store.phones import normalize_phone
from store.records import Record, as_dict, require
from store.schema import (
    CITIES,
    WORK_STATUSES,
    facilities,
    permit_applications,
    service_records,
    spill_reports,
    waiver_requests,
)
from store.sms import is_opted_out

PAGE_SIZE = 25
OVERDUE_AFTER = dt.timedelta(hours=1)  # an open spill report older than this is highlighted
TRACKER_EXCERPT_EVENTS = 60
_CITY_ZONE = ZoneInfo(CITY_TIME_ZONE)
_NEXT_STATUSES = {
    "new": ("acknowledged", "in_progress", "closed"),
    "acknowledged": ("in_progress", "closed"),
    "in_progress": ("closed",),
    "closed": ("in_progress",),  # reopening: a note is required
}


@dataclass(frozen=True)
class RecordKind:
    """One list of the console: its table, the columns text search looks in, and what it may filter by."""

    name: str
    table: sa.Table
    search_columns: tuple[str, ...]
    has_work_status: bool = False
    kind_column: str | None = None  # a "kind" filter (waiver kinds)

    def column(self, name: str) -> sa.Column:
        return self.table.c[name]


RECORD_KINDS: dict[str, RecordKind] = {
    kind.name: kind
    for kind in (
        RecordKind(
            "spill_reports",
            spill_reports,
            ("location_text", "reporter_name", "restaurant_name", "callback_number", "what_spilling"),
            has_work_status=True,
        ),
        RecordKind(
            "permit_applications",
            permit_applications,
            ("business_name", "applicant_name", "applicant_phone", "facility_address"),
            has_work_status=True,
        ),
        RecordKind("waiver_requests", waiver_requests, ("kind",), has_work_status=True, kind_column="kind"),
        RecordKind("service_records", service_records, ("hauler", "manifest_number", "notes")),
        RecordKind("facilities", facilities, ("name", "address", "phone")),
    )
}
WORKFLOW_KINDS = tuple(name for name, kind in RECORD_KINDS.items() if kind.has_work_status)


def record_kind(name: str) -> RecordKind:
    try:
        return RECORD_KINDS[name]
    except KeyError:
        raise StoreError(f"Unknown record kind {name!r}; use one of {', '.join(RECORD_KINDS)}.") from None


@dataclass(frozen=True)
class Filters:
    """What a list is narrowed to. ``cities`` is the user's scope and always applies; the rest are optional.

    ``date_from``/``date_to`` are days in the cities' time zone, both included; ``text`` is a
    case-insensitive substring of the reference, the kind's names, addresses and locations, or the details.
    """

    cities: tuple[str, ...]
    city: str | None = None
    kind: str | None = None
    status: str | None = None
    work_status: str | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    text: str | None = None


def scope_condition(table: sa.Table, cities: tuple[str, ...] | list[str]) -> Any:
    """Rows whose city is one of ``cities``; city-less rows only for a user who may see every city."""
    allowed = [city for city in cities if city in CITIES]
    condition = table.c.city.in_(allowed)
    if set(allowed) >= set(CITIES):
        condition = sa.or_(condition, table.c.city.is_(None))
    return condition


def may_see(record: Mapping[str, Any], cities: tuple[str, ...] | list[str]) -> bool:
    """The same rule as :func:`scope_condition`, for one record already read."""
    if record.get("city") is None:
        return set(cities) >= set(CITIES)
    return record["city"] in cities


def _local_midnight(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(0), tzinfo=_CITY_ZONE).astimezone(dt.timezone.utc)


def _conditions(kind: RecordKind, filters: Filters) -> list[Any]:
    table = kind.table
    conditions = [scope_condition(table, filters.cities)]
    if filters.city:
        conditions.append(table.c.city == filters.city)
    if filters.kind and kind.kind_column:
        conditions.append(kind.column(kind.kind_column) == filters.kind)
    if filters.status:
        conditions.append(table.c.status == filters.status)
    if filters.work_status and kind.has_work_status:
        conditions.append(table.c.work_status == filters.work_status)
    if filters.date_from:
        conditions.append(table.c.created_at >= _local_midnight(filters.date_from))
    if filters.date_to:
        conditions.append(table.c.created_at < _local_midnight(filters.date_to + dt.timedelta(days=1)))
    text = (filters.text or "").strip()
    if text:
        pattern = "%" + _escape_like(text) + "%"
        columns = [table.c.reference, table.c.conversation_id, *map(kind.column, kind.search_columns)]
        matches = [sa.cast(column, sa.Text).ilike(pattern, escape="\\") for column in columns]
        matches.append(sa.cast(table.c.details, sa.Text).ilike(pattern, escape="\\"))
        conditions.append(sa.or_(*matches))
    return conditions


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _newest_first(kind: RecordKind) -> tuple[Any, ...]:
    return (kind.table.c.created_at.desc(), kind.table.c.id.desc())


@dataclass(frozen=True)
class Page:
    rows: list[Record]
    total: int
    page: int
    pages: int
    page_size: int


def search(
    bind: Bind, kind_name: str, filters: Filters, *, page: int = 1, page_size: int = PAGE_SIZE
) -> Page:
    """One page of the matching records, newest first, and how many match in all."""
    kind = record_kind(kind_name)
    conditions = _conditions(kind, filters)
    with read_transaction(bind) as connection:
        total = connection.execute(
            sa.select(sa.func.count()).select_from(kind.table).where(*conditions)
        ).scalar()
        pages = max(1, -(-total // page_size))
        page = min(max(1, page), pages)
        query = (
            sa.select(kind.table)
            .where(*conditions)
            .order_by(*_newest_first(kind))
            .limit(page_size)
            .offset((page - 1) * page_size)
        )
        rows = [as_dict(row) for row in connection.execute(query)]
    return Page(rows=rows, total=int(total), page=page, pages=pages, page_size=page_size)


def all_matching(bind: Bind, kind_name: str, filters: Filters) -> list[Record]:
    """Every matching record, newest first (an export: not one page)."""
    kind = record_kind(kind_name)
    query = sa.select(kind.table).where(*_conditions(kind, filters)).order_by(*_newest_first(kind))
    with read_transaction(bind) as connection:
        return [as_dict(row) for row in connection.execute(query)]


def get_record(bind: Bind, kind_name: str, reference: str) -> Record | None:
    """The record with ``reference`` (scope is the caller's to check, with :func:`may_see`)."""
    kind = record_kind(kind_name)
    with read_transaction(bind) as connection:
        try:
            return require(connection, kind.table, reference)
        except RecordNotFound:
            return None


def is_overdue(kind_name: str, record: Mapping[str, Any], now: dt.datetime) -> bool:
    """An open spill report (not closed by staff) older than :data:`OVERDUE_AFTER`."""
    return (
        kind_name == "spill_reports"
        and record.get("work_status") != "closed"
        and record["created_at"] <= now - OVERDUE_AFTER
    )


def next_statuses(current: str) -> tuple[str, ...]:
    """Where a record in work status ``current`` may go next."""
    return _NEXT_STATUSES.get(current, ())


def reporter_phone(kind_name: str, record: Mapping[str, Any]) -> str | None:
    """The number to text the reporter at, in E.164; None when the record holds none."""
    candidates = []
    if kind_name == "spill_reports":
        candidates.append(record.get("callback_number"))
    elif kind_name == "permit_applications":
        candidates.append(record.get("applicant_phone"))
    conversation = record.get("conversation_id") or ""
    if record.get("channel") in ("sms", "voice") and conversation.startswith("+"):
        candidates.append(conversation)
    for candidate in candidates:
        if not candidate:
            continue
        try:
            return normalize_phone(candidate)
        except StoreError:
            continue
    return None


@dataclass(frozen=True)
class StatusChange:
    record: Record
    previous: str
    texted_to: str | None  # the number a status_changed event was enqueued for
    opted_out: bool  # a text was asked for but the reporter has opted out


def change_work_status(
    bind: Bind,
    kind_name: str,
    reference: str,
    *,
    to: str,
    note: str | None,
    actor: Mapping[str, Any],
    text: str | None = None,
    now: dt.datetime | None = None,
) -> StatusChange:
    """Move a record along the workflow, audited; with ``text``, also text the reporter (unless opted out).

    ``actor`` is the staff user (``id``, ``username``). Everything commits together or not at all.
    """
    kind = record_kind(kind_name)
    if not kind.has_work_status:
        raise StoreError(f"{kind_name} records have no work status.")
    if to not in WORK_STATUSES:
        raise StoreError(f"Unknown work status {to!r}; use one of {', '.join(WORK_STATUSES)}.")
    note = (note or "").strip() or None
    moment = resolve_now(now)
    with write_transaction(bind) as connection:
        record = require(connection, kind.table, reference)
        previous = record["work_status"]
        if to not in next_statuses(previous):
            raise StoreError(f"{record['reference']} is {previous}; it cannot become {to}.")
        if previous == "closed" and note is None:
            raise StoreError("Say why the record is reopened: a note is required.")
        connection.execute(
            sa.update(kind.table)
            .where(kind.table.c.id == record["id"])
            .values(work_status=to, work_note=note, work_updated_at=moment)
        )
        phone = reporter_phone(kind_name, record) if text else None
        opted_out = phone is not None and is_opted_out(connection, phone)
        texted_to = phone if phone is not None and not opted_out else None
        changes: dict[str, Any] = {"work_status": [previous, to]}
        if text:
            changes["text"] = {"to": phone, "sent": texted_to is not None, "opted_out": opted_out}
        staff.audit(
            connection,
            actor=actor["username"],
            user_id=actor.get("id"),
            action="status_change",
            record_kind=kind_name,
            reference=record["reference"],
            city=record.get("city"),
            changes=changes,
            note=note,
            now=moment,
        )
        if texted_to is not None:
            outbox.enqueue(
                connection,
                "status_changed",
                city=record.get("city"),
                reference=record["reference"],
                # The reporter is texted in the language they wrote in (the record's details keep it).
                payload={
                    "to": texted_to,
                    "text": text.strip(),
                    "language": (record.get("details") or {}).get("language") or "en",
                },
                now=moment,
            )
        updated = require(connection, kind.table, record["reference"])
    return StatusChange(record=updated, previous=previous, texted_to=texted_to, opted_out=opted_out)


def notifications_for(bind: Bind, reference: str) -> list[Record]:
    """The outbox events about ``reference``, newest first, each with its ``notifications`` (oldest first;
    none yet: the worker has not fanned it out, or no recipient is configured)."""
    sent: dict[int, list[Record]] = {}
    for notification in outbox.for_reference(bind, reference):
        sent.setdefault(notification["event_id"], []).append(notification)
    events = outbox.events_for_reference(bind, reference)
    return [{**event, "notifications": sent.get(event["id"], [])} for event in reversed(events)]


def _outbox_scope(cities: tuple[str, ...] | list[str]) -> list[str] | None:
    """The ``cities`` argument of :mod:`store.outbox`'s readers for a user's scope (None: every event)."""
    return None if set(cities) >= set(CITIES) else list(cities)


def failed_notifications(bind: Bind, cities: tuple[str, ...] | list[str], *, limit: int = 20) -> list[Record]:
    """Notifications that failed after their last retry, for events the user's cities may see."""
    return outbox.failed(bind, cities=_outbox_scope(cities), limit=limit)


def dashboard(bind: Bind, cities: tuple[str, ...] | list[str], *, now: dt.datetime | None = None) -> dict:
    """Counts for the console's first page.

    ``by_status``: per workflow kind, the count in each work status; ``by_age``: per workflow kind, open
    (not closed) records created today, earlier this week (the last 7 days) and before, in city time;
    ``totals``: every kind's count; ``overdue_spills``: open spill reports older than an hour, oldest first;
    ``open_spills``: the other open spill reports, newest first; ``failed_notifications`` (how many) and
    ``failed`` (the latest of them).
    """
    moment = resolve_now(now)
    today = _local_midnight(moment.astimezone(_CITY_ZONE).date())
    week = today - dt.timedelta(days=6)
    result: dict[str, Any] = {"by_status": {}, "by_age": {}, "totals": {}}
    with read_transaction(bind) as connection:
        for name, kind in RECORD_KINDS.items():
            table = kind.table
            scope = scope_condition(table, cities)
            result["totals"][name] = int(
                connection.execute(sa.select(sa.func.count()).select_from(table).where(scope)).scalar()
            )
            if not kind.has_work_status:
                continue
            counts = dict(
                connection.execute(
                    sa.select(table.c.work_status, sa.func.count()).where(scope).group_by(table.c.work_status)
                ).all()
            )
            result["by_status"][name] = {status: int(counts.get(status, 0)) for status in WORK_STATUSES}
            open_scope = sa.and_(scope, table.c.work_status != "closed")
            age = sa.case(
                (table.c.created_at >= today, "today"),
                (table.c.created_at >= week, "this_week"),
                else_="older",
            )
            ages = dict(
                connection.execute(sa.select(age, sa.func.count()).where(open_scope).group_by(age)).all()
            )
            result["by_age"][name] = {
                bucket: int(ages.get(bucket, 0)) for bucket in ("today", "this_week", "older")
            }
        open_spills = sa.and_(scope_condition(spill_reports, cities), spill_reports.c.work_status != "closed")
        overdue = spill_reports.c.created_at <= moment - OVERDUE_AFTER
        result["overdue_spills"] = [
            as_dict(row)
            for row in connection.execute(
                sa.select(spill_reports)
                .where(open_spills, overdue)
                .order_by(spill_reports.c.created_at)
                .limit(50)
            )
        ]
        result["open_spills"] = [
            as_dict(row)
            for row in connection.execute(
                sa.select(spill_reports)
                .where(open_spills, sa.not_(overdue))
                .order_by(spill_reports.c.created_at.desc())
                .limit(50)
            )
        ]
    result["failed_notifications"] = outbox.counts_by_status(bind, cities=_outbox_scope(cities))["failed"]
    result["failed"] = failed_notifications(bind, cities)
    return result


def conversation_excerpt(
    tracker_url: str, conversation_id: str | None, *, limit: int = TRACKER_EXCERPT_EVENTS
) -> list[Record]:
    """What was said in a conversation, from Rasa's SQL tracker store (table ``events``), oldest first:
    ``{"speaker": "user"|"bot", "text": ..., "at": aware datetime}``. Reads only; any problem (no tracker
    database, another schema) gives an empty list, since the excerpt is a convenience."""
    if not conversation_id:
        return []
    try:
        engine = sa.create_engine(tracker_url, future=True)
        try:
            events = sa.table(
                "events",
                sa.column("sender_id"),
                sa.column("type_name"),
                sa.column("timestamp"),
                sa.column("data"),
            )
            query = (
                sa.select(events.c.type_name, events.c.timestamp, events.c.data)
                .where(events.c.sender_id == conversation_id, events.c.type_name.in_(("user", "bot")))
                .order_by(events.c.timestamp.desc())
                .limit(limit)
            )
            with engine.connect() as connection:
                rows = connection.execute(query).all()
        finally:
            engine.dispose()
    except sa.exc.SQLAlchemyError:
        return []
    excerpt = []
    for type_name, timestamp, data in reversed(rows):
        try:
            text = json.loads(data).get("text")
            at = dt.datetime.fromtimestamp(float(timestamp), dt.timezone.utc)
        except (TypeError, ValueError, AttributeError):
            continue
        if text:
            excerpt.append({"speaker": type_name, "text": text, "at": at})
    return excerpt

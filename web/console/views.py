"""How the console presents records: URL names, list columns, labels, filters read from a query string,
the text offered to a reporter on each status change, and CSV cells safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from cities import CITIES, CITY_NAMES, CITY_TIME_ZONE
from store import references
from store.schema import (
    APPLICATION_STATUSES,
    FACILITY_STATUSES,
    SERVICE_RECORD_STATUSES,
    SPILL_STATUSES,
    WAIVER_KINDS,
    WORK_STATUSES,
)
from store.work import RECORD_KINDS, Filters

CITY_ZONE = ZoneInfo(CITY_TIME_ZONE)
NOTE_PLACEHOLDER = "[note]"


@dataclass(frozen=True)
class ListView:
    """One record kind as the console shows it."""

    kind: str  # store.work.RECORD_KINDS key
    slug: str  # in URLs: /console/<slug>
    title: str
    singular: str
    statuses: tuple[str, ...]
    columns: tuple[tuple[str, str], ...]  # (column, heading) of the list table
    kinds: tuple[str, ...] = ()  # values of the "kind" filter, when the kind has one

    @property
    def has_work_status(self) -> bool:
        return RECORD_KINDS[self.kind].has_work_status


VIEWS: dict[str, ListView] = {
    view.slug: view
    for view in (
        ListView(
            "spill_reports",
            "spills",
            "Spill reports",
            "spill report",
            SPILL_STATUSES,
            (
                ("reference", "Reference"),
                ("created_at", "Received"),
                ("city", "City"),
                ("location_text", "Location"),
                ("what_spilling", "What"),
                ("still_flowing", "Still flowing"),
                ("callback_number", "Callback"),
                ("status", "Report"),
                ("work_status", "Work status"),
            ),
        ),
        ListView(
            "permit_applications",
            "permits",
            "Permit applications",
            "permit application",
            APPLICATION_STATUSES,
            (
                ("reference", "Reference"),
                ("created_at", "Started"),
                ("city", "City"),
                ("business_name", "Business"),
                ("applicant_name", "Applicant"),
                ("facility_address", "Address"),
                ("status", "Application"),
                ("work_status", "Work status"),
            ),
        ),
        ListView(
            "waiver_requests",
            "waivers",
            "Waiver requests",
            "waiver request",
            APPLICATION_STATUSES,
            (
                ("reference", "Reference"),
                ("created_at", "Started"),
                ("city", "City"),
                ("kind", "Kind"),
                ("eligible", "Eligible"),
                ("status", "Request"),
                ("work_status", "Work status"),
            ),
            kinds=WAIVER_KINDS,
        ),
        ListView(
            "service_records",
            "pump-outs",
            "Pump-out records",
            "pump-out record",
            SERVICE_RECORD_STATUSES,
            (
                ("reference", "Reference"),
                ("service_date", "Service date"),
                ("city", "City"),
                ("hauler", "Hauler"),
                ("gallons", "Gallons"),
                ("manifest_number", "Manifest"),
                ("next_due_date", "Next due"),
                ("status", "Status"),
            ),
        ),
        ListView(
            "facilities",
            "facilities",
            "Facilities",
            "facility",
            FACILITY_STATUSES,
            (
                ("reference", "Reference"),
                ("created_at", "Added"),
                ("city", "City"),
                ("name", "Name"),
                ("address", "Address"),
                ("device_type", "Device"),
                ("status", "Status"),
            ),
        ),
    )
}
VIEW_BY_KIND = {view.kind: view for view in VIEWS.values()}
_SLUG_BY_PREFIX = {
    references.SPILL: "spills",
    references.PERMIT_APPLICATION: "permits",
    references.WAIVER: "waivers",
    references.SERVICE_RECORD: "pump-outs",
    references.FACILITY: "facilities",
}


def record_path(reference: str | None) -> str | None:
    """The console page of a record, from its reference's prefix (``SP-…`` → ``/console/spills/SP-…``)."""
    slug = _SLUG_BY_PREFIX.get((reference or "").split("-")[0])
    return f"/console/{slug}/{reference}" if slug else None


STATUS_LABELS = {
    "new": "New",
    "acknowledged": "Acknowledged",
    "in_progress": "In progress",
    "closed": "Closed",
}
ACTION_LABELS = {
    "acknowledged": "Acknowledge",
    "in_progress": "Start work",
    "closed": "Close",
}
SPILL_CREW_LABEL = "Crew on the way"
MAX_TEXT_CHARS = 320  # two SMS segments of plain text
REPORTER_TEXTS = {
    "acknowledged": "{sender}: we received your {what} {reference}. Staff are looking at it now.",
    "in_progress": "{sender}: staff are working on your {what} {reference}.",
    "closed": "{sender}: your {what} {reference} is closed: " + NOTE_PLACEHOLDER,
}
SPILL_CREW_TEXT = "{sender}: a crew is on the way for your {what} {reference}."
REPORTER_TEXTS_REOPEN = "{sender}: we reopened your {what} {reference} and are working on it again."


def label(value: Any) -> str:
    """A value as a person reads it: Yes/No, local times, lists joined, nothing as an empty cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, dt.datetime):
        return local_time(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return ", ".join(label(item) for item in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, default=str)
    text = str(value)
    if text in CITY_NAMES:
        return CITY_NAMES[text]
    return STATUS_LABELS.get(text, text)


DIFF_KEYS = ("work_status", "role", "active")  # audit changes stored as [before, after]


def describe_changes(changes: Mapping[str, Any]) -> str:
    """An audit entry's changes in words: ``New → Acknowledged; texted +17605550123``."""
    parts = []
    for key, value in changes.items():
        if key == "text" and isinstance(value, dict):
            if value.get("sent"):
                parts.append(f"texted {value.get('to')}")
            else:
                parts.append("no text: opted out (STOP)" if value.get("opted_out") else "no text: no number")
        elif (
            isinstance(value, list)
            and len(value) == 2
            and (key in DIFF_KEYS or all(isinstance(v, list) for v in value))
        ):
            parts.append(f"{key.replace('_', ' ')}: {label(value[0])} → {label(value[1])}")
        elif isinstance(value, dict):
            inner = ", ".join(f"{name}={label(item)}" for name, item in value.items())
            parts.append(f"{key}: {inner or 'none'}")
        else:
            parts.append(f"{key.replace('_', ' ')}: {label(value)}")
    return "; ".join(parts)


def local_time(value: dt.datetime) -> str:
    return value.astimezone(CITY_ZONE).strftime("%Y-%m-%d %H:%M %Z")


def action_label(kind: str, to_status: str, *, reopening: bool = False) -> str:
    """The button that moves a record to ``to_status``."""
    if reopening:
        return "Reopen"
    if kind == "spill_reports" and to_status == "in_progress":
        return SPILL_CREW_LABEL
    return ACTION_LABELS[to_status]


def reporter_text(kind: str, record: Mapping[str, Any], to_status: str, *, reopening: bool = False) -> str:
    """The text offered (editable) to send the reporter when a record moves to ``to_status``."""
    if reopening:
        template = REPORTER_TEXTS_REOPEN
    elif kind == "spill_reports" and to_status == "in_progress":
        template = SPILL_CREW_TEXT
    else:
        template = REPORTER_TEXTS[to_status]
    return template.format(
        sender=f"City of {CITY_NAMES[record['city']]}" if record.get("city") in CITY_NAMES else "City staff",
        what=VIEW_BY_KIND[kind].singular,
        reference=record["reference"],
    )


def final_text(text: str, note: str | None) -> str:
    """The text as sent: the note in place of ``[note]`` (or the placeholder dropped with no note)."""
    return text.replace(NOTE_PLACEHOLDER, (note or "").strip()).strip().rstrip(":").strip()


def parse_date(raw: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(raw) if raw else None
    except ValueError:
        return None


def filters_from_query(view: ListView, query: Mapping[str, str], cities: tuple[str, ...]) -> Filters:
    """The list filters in a query string; values that are not allowed are ignored, never trusted."""
    city = query.get("city") or None
    kind = query.get("kind") or None
    status = query.get("status") or None
    work_status = query.get("work_status") or None
    return Filters(
        cities=cities,
        city=city if city in cities else None,
        kind=kind if kind in view.kinds else None,
        status=status if status in view.statuses else None,
        work_status=work_status if view.has_work_status and work_status in WORK_STATUSES else None,
        date_from=parse_date(query.get("from")),
        date_to=parse_date(query.get("to")),
        text=(query.get("q") or "").strip()[:200] or None,
    )


def filters_as_query(filters: Filters) -> dict[str, str]:
    """The filters back as query parameters (for page links, the CSV link and the audit log)."""
    values = {
        "city": filters.city,
        "kind": filters.kind,
        "status": filters.status,
        "work_status": filters.work_status,
        "from": filters.date_from.isoformat() if filters.date_from else None,
        "to": filters.date_to.isoformat() if filters.date_to else None,
        "q": filters.text,
    }
    return {key: value for key, value in values.items() if value}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> str:
    """A CSV cell a spreadsheet will not run as a formula: a leading ``= + - @`` (or tab, CR) gets a ``'``."""
    if value is None:
        text = ""
    elif isinstance(value, dt.datetime):
        text = value.astimezone(dt.timezone.utc).isoformat()
    elif isinstance(value, dict | list):
        text = json.dumps(value, ensure_ascii=False, default=str, sort_keys=True)
    else:
        text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(columns: Iterable[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """The rows as CSV (every column, times in UTC ISO 8601, JSON for lists and objects)."""
    columns = list(columns)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([safe_cell(row.get(column)) for column in columns])
    return out.getvalue()


def city_options(cities: Iterable[str]) -> list[tuple[str, str]]:
    return [(city, CITY_NAMES[city]) for city in CITIES if city in set(cities)]

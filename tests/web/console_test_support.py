"""Shared by the console tests: accounts, a seeded database, signing in through the real form, reading tokens.

A plain module (not a conftest) so both the TestClient tests and the browser tests import it.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from store import facilities, permits, service, spills, staff, waivers
from store.schema import outbox_events

PASSWORD = "a long enough passphrase"
NOW = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc)
"""Tuesday 1 December 2026, 10:00 in Victorville and Inglewood (PST)."""
HOUR = dt.timedelta(hours=1)
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def make_user(engine: Engine, username: str, role: str, cities: tuple[str, ...]) -> dict:
    return staff.create_user(engine, username=username, password=PASSWORD, role=role, cities=cities, now=NOW)


@dataclass
class Seeded:
    """References of the seeded records, by what the tests need them for."""

    victorville_spills: list[str]
    inglewood_spill: str
    texting_spill: str  # Victorville, callback +17605550123, received 3 hours ago (overdue)
    permit: str
    waiver: str
    facility: str
    service_record: str


def seed(engine: Engine, *, victorville_spills: int = 3) -> Seeded:
    """Records in both cities; Victorville spills are 10 minutes apart, the newest 10 minutes old."""
    made = []
    for n in range(victorville_spills):
        made.append(
            _spill(
                engine,
                "victorville",
                NOW - (n + 1) * dt.timedelta(minutes=10),
                location_text=f"Bear Valley Road {100 + n}",
                reporter_name='=HYPERLINK("http://evil")' if n == 0 else f"Reporter {n}",
            )
        )
    inglewood = _spill(engine, "inglewood", NOW - 2 * HOUR, location_text="Market Street and Queen")
    texting = _spill(
        engine,
        "victorville",
        NOW - 3 * HOUR,
        location_text="7th Street and Forrest Avenue",
        callback_number="+17605550123",
        what_spilling="grease",
    )
    permit = permits.create_draft(
        engine,
        city="victorville",
        conversation_id="+17605550150",
        channel="sms",
        business_name="Desert Deli",
        now=NOW,
    )
    permits.submit(engine, permit["reference"], now=NOW)
    waiver = waivers.create_draft(
        engine, kind="inglewood_variance", conversation_id="w-1", channel="web", now=NOW
    )
    facility = facilities.create(
        engine,
        city="victorville",
        name="Taco Palace",
        conversation_id="c-1",
        channel="sms",
        address="1 Main St",
        now=NOW,
    )
    record = service.add_record(
        engine,
        service_date=dt.date(2026, 11, 20),
        conversation_id="c-1",
        channel="sms",
        facility_reference=facility["reference"],
        hauler="Acme Pumping",
        now=NOW,
    )
    return Seeded(
        victorville_spills=[spill["reference"] for spill in made],
        inglewood_spill=inglewood["reference"],
        texting_spill=texting["reference"],
        permit=permit["reference"],
        waiver=waiver["reference"],
        facility=facility["reference"],
        service_record=record["reference"],
    )


def _spill(engine: Engine, city: str, at: dt.datetime, **fields) -> dict:
    report = spills.create_partial(
        engine, conversation_id=f"web-{at.timestamp()}", channel="web", city=city, now=at
    )
    spills.update(engine, report["reference"], now=at, **fields)
    return spills.submit(engine, report["reference"], now=at)


def csrf_token(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1)


def status_events(engine: Engine) -> list[dict]:
    query = (
        sa.select(outbox_events).where(outbox_events.c.kind == "status_changed").order_by(outbox_events.c.id)
    )
    with engine.connect() as connection:
        return [dict(row._mapping) for row in connection.execute(query)]


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))

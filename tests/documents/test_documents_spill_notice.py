"""Drafted written spill confirmations: deadline and required contents from the compliance core."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from pdf_text_support import extract_text

import compliance
from documents import spill_notice_document, spill_notice_pdf, spill_notice_text
from documents.spill_notice import TO_COMPLETE, incident_date

LA = ZoneInfo("America/Los_Angeles")
NOW = dt.datetime(2026, 8, 18, 10, 0, tzinfo=LA)
REPORT = {
    "city": "victorville",
    "location": {"text": "5th and Main", "kind": "cross_streets", "streets": ["5th", "Main"]},
    "what_spilling": "sewage",
    "started_at": "2026-08-14T19:00-07:00",
    "still_flowing": "yes",
    "reaches": ["gutter"],
    "volume": {"amount": 50, "unit": "gal", "approximate": True},
    "restaurant_involved": "yes",
    "restaurant_name": "Taquería Zoë",
    "reporter_name": "Zoë Nguyễn",
    "callback_number": "+17605550100",
}


def test_victorville_notice_deadline_recipient_and_required_items() -> None:
    text = spill_notice_text("victorville", "SP-048213", REPORT, prepared_at=NOW)
    assert "Reference: SP-048213" in text
    assert "Recipient: the FOG manager (at the address specified in the FOG permit)" in text
    assert "Due no later than: August 21, 2026\n  (Victorville Municipal Code § 10.03.280(b))" in text
    assert "as required by Victorville Municipal Code § 10.03.280(a)" in text
    assert "The date of the incident: August 14, 2026" in text
    assert f"The reasons for the discharge or spill: {TO_COMPLETE}" in text
    assert (
        f"What steps were taken by the FSE and the city to immediately correct the problem: {TO_COMPLETE}"
        in text
    )
    assert "What steps are being taken by the FSE and the city to prevent the problem from recurring" in text
    assert "Location: 5th and Main\nWhat is spilling: sewage\nStart time: Aug 14, 2026 at 7:00 PM" in text
    assert "Callback number: (760) 555-0100" in text
    assert "(Victorville Municipal Code § 10.03.280(c))" in text


def test_deadline_matches_the_compliance_core_and_skips_holidays() -> None:
    labor_day_week = dict(REPORT, started_at="2026-09-04T08:00-07:00")  # Friday before Labor Day
    document = spill_notice_document("victorville", "SP-1", labor_day_week, prepared_at=NOW)
    due = next(e for s in document.sections for e in s.entries if e.label == "Due no later than")
    assert due.value == "September 14, 2026"
    assert compliance.spill_deadline("victorville", dt.date(2026, 9, 4)).deadline == dt.date(2026, 9, 14)


def test_inglewood_notice_goes_to_the_director() -> None:
    thanksgiving = dict(REPORT, city="inglewood", started_at="2026-11-25T13:00-08:00")
    text = spill_notice_text("inglewood", "SP-2", thanksgiving, prepared_at=NOW)
    assert "Recipient: the Director (the City of Inglewood Director of Public Works)" in text
    assert (
        "Due no later than: December 4, 2026\n  (Inglewood FOG Ordinance, Monitoring and Notification (3)(a))"
        in text
    )
    assert "skipping Thanksgiving Day and Day After Thanksgiving" in text
    assert "What steps were taken to immediately correct the problem" in text  # Inglewood's own wording
    assert "as required by Inglewood FOG Ordinance, Monitoring and Notification (3)" in text
    assert "(Inglewood FOG Ordinance, Monitoring and Notification (3)(b))" in text


def test_details_the_flow_collected_fill_the_required_items() -> None:
    values = dict(
        REPORT, spill_reason="grease blockage in the lateral", correction_steps="line jetted by hauler"
    )
    text = spill_notice_text("victorville", "SP-3", values, prepared_at=NOW)
    assert "The reasons for the discharge or spill: grease blockage in the lateral" in text
    assert "immediately correct the problem: line jetted by hauler" in text
    assert f"prevent the problem from recurring: {TO_COMPLETE}" in text


def test_incident_date_without_a_start_is_the_local_day_it_was_prepared() -> None:
    late_evening_utc = dt.datetime(2026, 8, 15, 5, 30, tzinfo=dt.timezone.utc)  # Aug 14, 10:30 PM PDT
    assert incident_date({}, late_evening_utc) == dt.date(2026, 8, 14)
    assert incident_date({"started_at": "2026-08-13"}, late_evening_utc) == dt.date(2026, 8, 13)
    assert incident_date({"started_at": "2026-08-14T06:30:00+00:00"}, late_evening_utc) == dt.date(
        2026, 8, 13
    )


def test_spill_notice_pdf_contains_reference_and_deadline() -> None:
    pdf = spill_notice_pdf("victorville", "SP-048213", REPORT, prepared_at=NOW)
    text = extract_text(pdf)
    assert "Reference: SP-048213" in text
    assert "August 21, 2026" in text
    assert "Reporter's name" in text and "Zoë Nguyễn" in text

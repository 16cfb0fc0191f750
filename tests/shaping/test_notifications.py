"""The words of the city's notifications: every template for both cities, with every fact and with none;
staff texts within two segments; overrides by file."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from shaping.notifications import (
    EMAIL_KINDS,
    SMS_KINDS,
    local_time,
    notification_context,
    render_email,
    render_sms,
    sms_segments,
)

UTC = dt.timezone.utc
NOW = dt.datetime(2024, 8, 14, 17, 30, tzinfo=UTC)  # 10:30 PDT
PROGRAM = "FOG & Organics Assistant"
CITIES = ("victorville", "inglewood")
CITY_NAMES = {"victorville": "Victorville", "inglewood": "Inglewood"}
REFERENCES = {
    "spill_started": "SP-482137",
    "spill_submitted": "SP-482137",
    "permit_submitted": "PA-300001",
    "waiver_submitted": "WV-400001",
    "delivery_failed": "SP-482137",
    "status_changed": "SP-482137",
    "document_link": "SP-482137",
}


def full_record(kind: str, city: str) -> dict:
    common = {
        "city": city,
        "channel": "sms",
        "created_at": NOW,
        "submitted_at": NOW + dt.timedelta(minutes=3),
    }
    if kind.startswith("spill"):
        return {
            **common,
            "status": "submitted",
            "location_text": "14343 Civic Drive at the corner of 7th",
            "what_spilling": "sewage from a manhole",
            "started_at": NOW - dt.timedelta(minutes=20),
            "still_flowing": True,
            "reaches": ["gutter", "storm_drain"],
            "volume_estimate": "about 50 gallons",
            "restaurant_involved": True,
            "restaurant_name": "Taco Town",
            "reporter_name": "Ana Ruiz",
            "callback_number": "+17605550122",
            "flagged": True,
            "flag_reason": "Sewage reaching a storm drain",
            "media_urls": ["https://api.twilio.com/Media/ME1"],
            "latitude": 34.5362,
            "longitude": -117.2928,
        }
    return {
        **common,
        "reference": REFERENCES[kind],
        "business_name": "Taco Town",
        "applicant_name": "Ana Ruiz",
        "applicant_phone": "+17605550122",
        "facility_address": "100 Main St",
        "kind": "deminimis" if city == "victorville" else "inglewood_variance",
        "eligible": True,
        "screening": {"reason": "Under 20 gallons of organic waste a week."},
        "details": {"answers": {"weekly_gallons": 12, "cuisine": None}},
    }


def event(kind: str, city: str | None, payload: dict | None = None) -> dict:
    return {
        "kind": kind,
        "city": city,
        "reference": REFERENCES[kind],
        "payload": payload or {},
        "created_at": NOW,
    }


FAILED_PAYLOAD = {
    "notification_id": 7,
    "event_kind": "spill_submitted",
    "channel": "sms",
    "recipient": "+17605550111",
    "attempts": 6,
    "error": "Twilio 20500: Internal Server Error",
}
REPORTER_PAYLOAD = {"to": "+17605550122", "text": "Victorville: a crew is on the way to SP-482137."}


def context(kind: str, city: str | None, *, complete: bool) -> dict:
    if not complete:
        return notification_context(event(kind, city), None, program_name=PROGRAM)
    payload = {"delivery_failed": FAILED_PAYLOAD}.get(kind) or (
        REPORTER_PAYLOAD if kind in ("status_changed", "document_link") else {}
    )
    record = full_record(kind, city) if kind != "delivery_failed" else None
    summary = "APPLICATION\nName: Taco Town" if kind == "permit_submitted" else None
    return notification_context(event(kind, city, payload), record, program_name=PROGRAM, summary=summary)


@pytest.mark.parametrize("complete", [True, False], ids=["every fact", "no facts"])
@pytest.mark.parametrize("city", CITIES)
@pytest.mark.parametrize("kind", EMAIL_KINDS)
def test_every_email_template_renders_for_both_cities(kind, city, complete):
    email = render_email(kind, context(kind, city, complete=complete), strict=True)

    assert email.subject and "\n" not in email.subject
    assert email.body.endswith("\n") and email.body.strip()
    assert "None" not in email.subject + email.body
    assert REFERENCES[kind] in email.subject + email.body
    if kind != "delivery_failed":
        assert CITY_NAMES[city] in email.subject + email.body


@pytest.mark.parametrize("complete", [True, False], ids=["every fact", "no facts"])
@pytest.mark.parametrize("city", CITIES)
@pytest.mark.parametrize("kind", SMS_KINDS)
def test_every_sms_template_renders_within_two_segments(kind, city, complete):
    text = render_sms(kind, context(kind, city, complete=complete), strict=True)

    assert text and "\n" not in text and "None" not in text
    assert sms_segments(text) <= 2


def test_the_staff_spill_text_has_what_a_dispatcher_needs():
    text = render_sms("spill_submitted", context("spill_submitted", "victorville", complete=True))
    assert text == (
        "Victorville SPILL REPORT SP-482137: 14343 Civic Drive at the corner of 7th. What: sewage from a "
        "manhole. Still flowing: yes. Storm drain: yes. Callback: (760) 555-0122. Full report by e-mail. "
        "Replies to this number are not monitored."
    )


def test_the_first_alert_says_the_report_is_not_confirmed_yet():
    text = render_sms("spill_started", context("spill_started", "inglewood", complete=True))
    assert text.startswith("Inglewood SPILL being reported now, SP-482137 (not yet confirmed): 14343 Civic")


def test_a_missing_fact_is_said_missing_and_no_number_is_invented():
    text = render_sms("spill_started", context("spill_started", "victorville", complete=False))
    assert "Callback: not given" in text and "Still flowing: not known" in text
    assert not re.search(r"\d{3}\D{0,2}\d{3}-\d{4}", text)


def test_the_spill_email_has_every_field_in_city_time():
    email = render_email("spill_submitted", context("spill_submitted", "victorville", complete=True))

    assert email.subject == "Spill report SP-482137, Victorville: 14343 Civic Drive at the corner of 7th"
    for line in (
        "Reference: SP-482137",
        "City: Victorville",
        "Status: submitted",
        "Location: 14343 Civic Drive at the corner of 7th",
        "Coordinates: 34.536200, -117.292800",
        "What is spilling: sewage from a manhole",
        "Started: Aug 14, 2024, 10:10 AM PDT",
        "Still flowing: yes",
        "Reaches: the gutter, a storm drain",
        "Reaches a storm drain: yes",
        "Volume: about 50 gallons",
        "Restaurant involved: yes",
        "Restaurant: Taco Town",
        "Reporter: Ana Ruiz",
        "Callback number: (760) 555-0122",
        "Reported by: text message",
        "Received: Aug 14, 2024, 10:30 AM PDT",
        "Submitted: Aug 14, 2024, 10:33 AM PDT",
        "Flagged for staff: Sewage reaching a storm drain",
        "  https://api.twilio.com/Media/ME1",
    ):
        assert line in email.body.splitlines(), line


def test_the_permit_email_is_for_the_citys_office_and_carries_the_summary():
    email = render_email("permit_submitted", context("permit_submitted", "inglewood", complete=True))
    assert email.subject == "Permit application PA-300001, Inglewood: Taco Town"
    assert email.body.startswith("For the City of Inglewood Department of Public Works: a FOG permit")
    assert "APPLICATION\nName: Taco Town" in email.body


def test_the_waiver_email_names_the_request_and_lists_the_answers():
    email = render_email("waiver_submitted", context("waiver_submitted", "victorville", complete=True))
    assert email.subject == "De minimis waiver request WV-400001, Victorville"
    assert "For the City of Victorville FOG manager:" in email.body
    assert "Weekly gallons: 12" in email.body and "Cuisine" not in email.body
    assert "Assistant's screening: eligible yes; Under 20 gallons of organic waste a week." in email.body


def test_a_long_location_is_shortened_until_the_text_fits():
    ctx = context("spill_submitted", "victorville", complete=True)
    ctx["location"] = "Behind the shopping center " * 20 + "near the loading dock"
    ctx["what"] = "a mix of grease, food waste and what looks like sewage " * 5

    text = render_sms("spill_submitted", ctx)

    assert sms_segments(text) == 2
    assert "Callback: (760) 555-0122" in text and text.endswith("not monitored.")
    assert "Behind the shopping center Behind" in text and "..." in text


def test_a_location_outside_the_gsm_alphabet_still_fits_two_ucs2_segments():
    ctx = context("spill_submitted", "victorville", complete=True)
    ctx["location"] = "Calle Peña y Nuñez, frente a la panadería “La Única” " * 4

    text = render_sms("spill_submitted", ctx)

    assert sms_segments(text) == 2


@pytest.mark.parametrize(
    ("text", "segments"),
    [
        ("a" * 160, 1),
        ("a" * 161, 2),
        ("a" * 306, 2),
        ("a" * 307, 3),
        ("[" * 80, 1),  # extension characters count twice
        ("[" * 81, 2),
        ("é" * 160, 1),  # é is in the GSM alphabet
        ("ó" * 70, 1),  # ó is not: UCS-2
        ("ó" * 71, 2),
        ("ó" * 134, 2),
        ("ó" * 135, 3),
        ("🚽" * 35, 1),  # two UTF-16 units each
        ("🚽" * 36, 2),
    ],
)
def test_sms_segments_count_as_carriers_bill(text, segments):
    assert sms_segments(text) == segments


def test_a_template_in_the_override_folder_replaces_only_that_template(tmp_path):
    (tmp_path / "spill_submitted.sms.txt").write_text(
        "{{ city }} spill {{ reference }}: call {{ callback }}\n"
    )
    ctx = context("spill_submitted", "victorville", complete=True)

    assert render_sms("spill_submitted", ctx, templates_dir=str(tmp_path)) == (
        "Victorville spill SP-482137: call (760) 555-0122"
    )
    assert render_sms("spill_started", ctx, templates_dir=str(tmp_path)).startswith("Victorville SPILL being")


def test_local_time_is_the_cities_time_zone_in_winter_too():
    assert local_time(dt.datetime(2024, 12, 2, 1, 5, tzinfo=UTC)) == "Dec 1, 2024, 5:05 PM PST"
    assert local_time(None) == "not given"


@pytest.mark.parametrize("kind", ["permit_submitted", "waiver_submitted", "spill_submitted"])
def test_a_record_sent_before_every_question_was_answered_is_marked_incomplete_for_the_office(kind):
    record = full_record(kind, "inglewood")
    record["details"] = {**(record.get("details") or {}), "missing": ["Contact person", "Dining capacity"]}
    email = render_email(
        kind, notification_context(event(kind, "inglewood"), record, program_name=PROGRAM), strict=True
    )
    assert email.subject.endswith("(incomplete)")
    assert "INCOMPLETE: sent at the" in email.body and "Contact person, Dining capacity" in email.body
    complete = render_email(kind, context(kind, "inglewood", complete=True), strict=True)
    assert "INCOMPLETE" not in complete.body and "(incomplete)" not in complete.subject

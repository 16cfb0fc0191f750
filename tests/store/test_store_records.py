"""Facilities, service records, permit applications and waiver requests: round trips and rules."""

from __future__ import annotations

import datetime as dt

import pytest
from store_test_support import NOW

from store import facilities, permits, service, waivers
from store.errors import RecordClosed, RecordNotFound, StoreError

MINUTE = dt.timedelta(minutes=1)


def _facility(engine, **overrides):
    values = {
        "city": "victorville",
        "name": "Taco Palace",
        "conversation_id": "+17605550100",
        "channel": "sms",
        "owner_phone": "(760) 555-0100",
        "address": "14000 Palmdale Rd, Victorville",
        "phone": "+17605550123",
        "device_type": "grease_interceptor",
        "permit_frequency_days": 90,
        "seats": 40,
        "drive_thru": True,
        "generator_type": "commercial",
        "details": {"interceptor_gallons": 1000},
        "now": NOW,
    }
    return facilities.create(engine, **{**values, **overrides})


def test_facility_round_trip(engine):
    facility = _facility(engine)
    stored = facilities.get_by_reference(engine, facility["reference"])
    assert stored == facility
    assert {key: stored[key] for key in ("city", "name", "permit_frequency_days", "seats", "drive_thru")} == {
        "city": "victorville",
        "name": "Taco Palace",
        "permit_frequency_days": 90,
        "seats": 40,
        "drive_thru": True,
    }
    assert stored["status"] == "active"
    assert stored["details"] == {"interceptor_gallons": 1000}
    assert facilities.get_by_id(engine, facility["id"]) == stored


def test_facility_owners_find_it_by_conversation_or_any_phone_format(engine):
    facility = _facility(engine)
    facilities.add_owner(engine, facility["reference"], conversation_id="web-123")
    facilities.add_owner(engine, facility["reference"], conversation_id="web-123")  # twice: one row
    assert facilities.owners(engine, facility["reference"]) == [
        {"conversation_id": "+17605550100", "phone": "+17605550100"},
        {"conversation_id": "web-123", "phone": None},
    ]
    assert [f["reference"] for f in facilities.for_conversation(engine, "web-123")] == [facility["reference"]]
    assert [f["reference"] for f in facilities.for_phone(engine, "760-555-0100")] == [facility["reference"]]
    assert facilities.for_conversation(engine, "stranger") == []


def test_closed_facilities_are_not_offered_to_owners(engine):
    facility = _facility(engine)
    facilities.update(engine, facility["reference"], status="closed")
    assert facilities.for_conversation(engine, "+17605550100") == []


def test_facility_update_merges_details_and_validates(engine):
    facility = _facility(engine)
    updated = facilities.update(
        engine, facility["reference"], permit_frequency_days=60, details={"hauler": "ABC"}, now=NOW + MINUTE
    )
    assert updated["permit_frequency_days"] == 60
    assert updated["details"] == {"interceptor_gallons": 1000, "hauler": "ABC"}
    assert updated["updated_at"] == NOW + MINUTE
    with pytest.raises(StoreError, match="-30"):
        facilities.update(engine, facility["reference"], permit_frequency_days=-30)
    with pytest.raises(StoreError, match="'colour'"):
        facilities.update(engine, facility["reference"], colour="red")
    with pytest.raises(StoreError, match="needs a conversation_id or a phone"):
        facilities.add_owner(engine, facility["reference"])


def test_service_record_round_trip_takes_the_facility_city(engine):
    facility = _facility(engine)
    record = service.add_record(
        engine,
        facility_reference=facility["reference"],
        service_date=dt.date(2024, 8, 14),
        gallons=1000,
        hauler="ABC Hauling",
        manifest_number="M-7781",
        photo_urls=["https://api.twilio.com/m/1.jpg"],
        notes="Pumped fully.",
        next_due_date=dt.date(2024, 11, 12),
        conversation_id="+17605550100",
        channel="sms",
        now=NOW,
    )
    stored = service.get_by_reference(engine, record["reference"])
    assert stored == record
    assert (stored["facility_id"], stored["city"], stored["status"]) == (
        facility["id"],
        "victorville",
        "recorded",
    )
    assert (stored["service_date"], stored["next_due_date"]) == (dt.date(2024, 8, 14), dt.date(2024, 11, 12))
    assert (stored["gallons"], stored["hauler"], stored["manifest_number"]) == (
        1000.0,
        "ABC Hauling",
        "M-7781",
    )
    assert stored["photo_urls"] == ["https://api.twilio.com/m/1.jpg"]


def test_latest_for_facility_goes_by_service_date_not_entry_order(engine):
    facility = _facility(engine)
    ref = facility["reference"]
    august = service.add_record(
        engine, facility_reference=ref, service_date=dt.date(2024, 8, 14), conversation_id="c", channel="sms"
    )
    may = service.add_record(
        engine, facility_reference=ref, service_date=dt.date(2024, 5, 16), conversation_id="c", channel="sms"
    )
    assert service.latest_for_facility(engine, ref)["reference"] == august["reference"]
    assert [r["reference"] for r in service.list_for_facility(engine, ref)] == [
        august["reference"],
        may["reference"],
    ]
    service.void(engine, august["reference"])
    assert service.latest_for_facility(engine, ref)["reference"] == may["reference"]
    assert service.latest_for_conversation(engine, "c")["reference"] == may["reference"]


def test_latest_for_a_facility_with_no_records_is_none(engine):
    assert service.latest_for_facility(engine, _facility(engine)["reference"]) is None


def test_service_record_without_a_facility_keeps_what_was_said(engine):
    record = service.add_record(
        engine,
        service_date=dt.date(2024, 8, 14),
        hauler="ABC",
        conversation_id="c",
        channel="web",
        city="Inglewood",
    )
    assert (record["facility_id"], record["city"], record["hauler"]) == (None, "inglewood", "ABC")


def test_service_record_rules(engine):
    facility = _facility(engine)
    with pytest.raises(StoreError, match="'inglewood' differs"):
        service.add_record(
            engine,
            facility_reference=facility["reference"],
            city="inglewood",
            service_date=dt.date(2024, 8, 14),
            conversation_id="c",
            channel="sms",
        )
    with pytest.raises(StoreError, match="'2024-08-14'"):
        service.add_record(engine, service_date="2024-08-14", conversation_id="c", channel="sms")
    with pytest.raises(RecordNotFound, match="FC-000000"):
        service.add_record(
            engine,
            facility_reference="FC-000000",
            service_date=dt.date(2024, 8, 14),
            conversation_id="c",
            channel="sms",
        )


def test_service_photos_and_corrections(engine):
    record = service.add_record(engine, service_date=dt.date(2024, 8, 14), conversation_id="c", channel="sms")
    service.add_photos(engine, record["reference"], ["https://m/1.jpg"])
    service.add_photos(engine, record["reference"], ["https://m/1.jpg", "https://m/2.jpg"])
    corrected = service.update(engine, record["reference"], gallons=750, service_date=dt.date(2024, 8, 13))
    assert corrected["photo_urls"] == ["https://m/1.jpg", "https://m/2.jpg"]
    assert (corrected["gallons"], corrected["service_date"]) == (750.0, dt.date(2024, 8, 13))
    service.void(engine, record["reference"])
    with pytest.raises(RecordClosed):
        service.update(engine, record["reference"], gallons=1)


def test_permit_application_draft_update_submit(engine):
    facility = _facility(engine)
    draft = permits.create_draft(
        engine,
        city="Victorville",
        conversation_id="+17605550100",
        channel="sms",
        facility_reference=facility["reference"],
        business_name="Taco Palace",
        details={"business_address": "14000 Palmdale Rd"},
        now=NOW,
    )
    assert (draft["status"], draft["city"], draft["facility_id"]) == ("draft", "victorville", facility["id"])
    assert permits.latest_draft_for_conversation(engine, "+17605550100")["reference"] == draft["reference"]

    updated = permits.update_draft(
        engine,
        draft["reference"],
        applicant_name="Dana Ruiz",
        applicant_phone="+17605550100",
        details={"hours": "7am-10pm", "business_address": "14001 Palmdale Rd"},
        now=NOW + MINUTE,
    )
    assert updated["details"] == {"business_address": "14001 Palmdale Rd", "hours": "7am-10pm"}
    assert (updated["business_name"], updated["applicant_name"]) == ("Taco Palace", "Dana Ruiz")

    submitted = permits.submit(engine, draft["reference"], now=NOW + 2 * MINUTE)
    assert (submitted["status"], submitted["submitted_at"]) == ("submitted", NOW + 2 * MINUTE)
    assert permits.get_by_reference(engine, draft["reference"]) == submitted
    assert permits.latest_draft_for_conversation(engine, "+17605550100") is None
    with pytest.raises(RecordClosed, match="submitted"):
        permits.update_draft(engine, draft["reference"], applicant_name="Someone else")
    with pytest.raises(RecordClosed, match="cannot become cancelled"):
        permits.cancel(engine, draft["reference"])


def test_permit_application_cancel_and_bad_fields(engine):
    draft = permits.create_draft(engine, city="inglewood", conversation_id="c", channel="web")
    assert permits.cancel(engine, draft["reference"])["status"] == "cancelled"
    with pytest.raises(StoreError, match="'favourite_color'"):
        permits.create_draft(
            engine, city="inglewood", conversation_id="c", channel="web", favourite_color="blue"
        )


@pytest.mark.parametrize(
    ("kind", "city"),
    [
        ("deminimis", "victorville"),
        ("physical_space", "victorville"),
        ("inglewood_variance", "inglewood"),
        ("inglewood_conditional_waiver", "inglewood"),
        ("inglewood_cleanup_charge_waiver", "inglewood"),
    ],
)
def test_waiver_city_follows_from_its_kind(engine, kind, city):
    request = waivers.create_draft(engine, kind=kind, conversation_id="c", channel="web")
    assert (request["kind"], request["city"]) == (kind, city)


def test_waiver_request_round_trip_with_screening(engine):
    screening = {
        "eligible": True,
        "reason": "Under two cubic yards a week with less than ten gallons of organic waste per container.",
        "citation": "Victorville Municipal Code § 6.37.050(a)(2)(b)",
    }
    request = waivers.create_draft(
        engine,
        kind="deminimis",
        conversation_id="c",
        channel="web",
        screening=screening,
        eligible=True,
        details={"weekly_cubic_yards": 1.5, "organic_gallons_per_container": 8},
        now=NOW,
    )
    assert (request["screening"], request["eligible"]) == (screening, True)
    updated = waivers.update_draft(engine, request["reference"], details={"contact": "Dana"}, eligible=False)
    assert updated["details"] == {
        "weekly_cubic_yards": 1.5,
        "organic_gallons_per_container": 8,
        "contact": "Dana",
    }
    assert updated["eligible"] is False
    assert updated["screening"] == screening
    submitted = waivers.submit(engine, request["reference"], now=NOW + MINUTE)
    assert (submitted["status"], submitted["submitted_at"]) == ("submitted", NOW + MINUTE)
    assert waivers.get_by_reference(engine, request["reference"]) == submitted


def test_waiver_without_screening_stores_null_and_unknown_kinds_are_refused(engine):
    request = waivers.create_draft(engine, kind="physical_space", conversation_id="c", channel="web")
    assert (request["screening"], request["eligible"]) == (None, None)
    assert waivers.latest_draft_for_conversation(engine, "c")["reference"] == request["reference"]
    assert waivers.cancel(engine, request["reference"])["status"] == "cancelled"
    with pytest.raises(StoreError, match="'amnesty'"):
        waivers.create_draft(engine, kind="amnesty", conversation_id="c", channel="web")

"""Spill reports: partial from the first answer, durable on submit, abandoned and flagged if left."""

from __future__ import annotations

import datetime as dt

import pytest
from store_test_support import NOW, SequenceRandom, fresh_engine

from store import spills
from store.errors import RecordClosed, RecordNotFound, StoreError

MINUTE = dt.timedelta(minutes=1)


def _full_report(engine):
    report = spills.create_partial(
        engine, conversation_id="+17605550100", channel="voice", city="Victorville", now=NOW
    )
    return spills.update(
        engine,
        report["reference"],
        location_text="Manhole at 7th Street and Forrest Avenue",
        what_spilling="sewage with grease",
        started_at=NOW - 20 * MINUTE,
        still_flowing=True,
        reaches=["storm_drain", "gutter"],
        volume_estimate="about fifty gallons",
        volume_gallons=50,
        restaurant_involved=True,
        restaurant_name="Taco Palace",
        reporter_name="Dana Ruiz",
        callback_number="+17605550100",
        incident_at=NOW - 20 * MINUTE,
        details={"manhole_id": "MH-12"},
        now=NOW + MINUTE,
    )


def test_round_trip_keeps_every_answer(engine):
    report = _full_report(engine)
    stored = spills.get_by_reference(engine, report["reference"])
    assert stored == report
    assert stored["status"] == "partial"
    assert stored["city"] == "victorville"
    assert stored["location_text"] == "Manhole at 7th Street and Forrest Avenue"
    assert stored["reaches"] == ["gutter", "storm_drain"]  # canonical order
    assert stored["still_flowing"] is True
    assert stored["restaurant_involved"] is True
    assert stored["volume_gallons"] == 50.0
    assert stored["started_at"] == dt.datetime(2024, 8, 14, 17, 10, tzinfo=dt.timezone.utc)
    assert stored["details"] == {"manhole_id": "MH-12"}
    assert (stored["created_at"], stored["updated_at"]) == (NOW, NOW + MINUTE)
    assert stored["flagged"] is False
    assert stored["submitted_at"] is None


def test_reaches_distinguishes_unknown_from_none_of_them(engine):
    unknown = spills.create_partial(engine, conversation_id="c", channel="sms")
    nowhere = spills.create_partial(engine, conversation_id="c", channel="sms", reaches=[])
    assert spills.get_by_reference(engine, unknown["reference"])["reaches"] is None
    assert spills.get_by_reference(engine, nowhere["reference"])["reaches"] == []


def test_bad_values_are_refused_with_the_value(engine):
    with pytest.raises(StoreError, match="'river'"):
        spills.create_partial(engine, conversation_id="c", channel="sms", reaches=["river"])
    with pytest.raises(StoreError, match="'colour'"):
        spills.create_partial(engine, conversation_id="c", channel="sms", colour="brown")
    with pytest.raises(StoreError, match="'Fontana'"):
        spills.create_partial(engine, conversation_id="c", channel="sms", city="Fontana")


def test_changing_an_answer_merges_details_and_keeps_the_rest(engine):
    report = _full_report(engine)
    changed = spills.update(
        engine, report["reference"], location_text="Behind 15000 Palmdale Rd", details={"landmark": "Target"}
    )
    assert changed["location_text"] == "Behind 15000 Palmdale Rd"
    assert changed["details"] == {"manhole_id": "MH-12", "landmark": "Target"}
    assert changed["reporter_name"] == "Dana Ruiz"


def test_submit_commits_and_survives_a_fresh_engine(engine, db_url):
    report = _full_report(engine)
    submitted = spills.submit(engine, report["reference"], now=NOW + 2 * MINUTE)
    assert (submitted["status"], submitted["submitted_at"]) == ("submitted", NOW + 2 * MINUTE)
    engine.dispose()  # the process that took the report is gone

    other = fresh_engine(db_url)
    try:
        stored = spills.get_by_reference(other, report["reference"])
    finally:
        other.dispose()
    assert stored["status"] == "submitted"
    assert stored["submitted_at"] == NOW + 2 * MINUTE
    assert stored["location_text"] == "Manhole at 7th Street and Forrest Avenue"


def test_submitting_twice_is_harmless_and_a_submitted_report_is_final(engine):
    report = _full_report(engine)
    first = spills.submit(engine, report["reference"], now=NOW + MINUTE)
    again = spills.submit(engine, report["reference"], now=NOW + 5 * MINUTE)
    assert again == first
    with pytest.raises(RecordClosed, match=report["reference"]):
        spills.update(engine, report["reference"], location_text="elsewhere")


def test_partial_becomes_abandoned_and_flagged_keeping_what_was_said(engine):
    report = spills.create_partial(
        engine, conversation_id="CA1", channel="voice", location_text="Main and 5th", now=NOW
    )
    abandoned = spills.mark_abandoned(engine, report["reference"], reason="Caller hung up.", now=NOW + MINUTE)
    assert abandoned["status"] == "abandoned"
    assert abandoned["flagged"] is True
    assert abandoned["flag_reason"] == "Caller hung up."
    assert abandoned["abandoned_at"] == NOW + MINUTE
    assert abandoned["location_text"] == "Main and 5th"
    assert spills.list_recent(engine, flagged=True) == [abandoned]


def test_a_submitted_report_is_never_marked_abandoned(engine):
    report = _full_report(engine)
    spills.submit(engine, report["reference"], now=NOW)
    unchanged = spills.mark_abandoned(engine, report["reference"], reason="late status callback", now=NOW)
    assert (unchanged["status"], unchanged["flagged"]) == ("submitted", False)


def test_resuming_an_abandoned_report_makes_it_partial_again_and_keeps_the_flag(engine):
    report = spills.create_partial(engine, conversation_id="c", channel="sms", now=NOW)
    spills.mark_abandoned(engine, report["reference"], reason="No answer.", now=NOW)
    resumed = spills.update(engine, report["reference"], reporter_name="Lee", now=NOW + MINUTE)
    assert (resumed["status"], resumed["flagged"], resumed["reporter_name"]) == ("partial", True, "Lee")
    assert spills.submit(engine, report["reference"])["status"] == "submitted"


def test_abandon_stale_takes_partials_idle_at_least_the_given_time(engine):
    idle = dt.timedelta(minutes=30)
    old = spills.create_partial(engine, conversation_id="a", channel="sms", now=NOW - idle)
    just_recent = spills.create_partial(engine, conversation_id="b", channel="sms", now=NOW - idle + MINUTE)
    done = spills.create_partial(engine, conversation_id="c", channel="sms", now=NOW - 2 * idle)
    spills.submit(engine, done["reference"], now=NOW - 2 * idle)

    assert spills.abandon_stale(engine, idle_for=idle, now=NOW) == [old["reference"]]

    stale = spills.get_by_reference(engine, old["reference"])
    assert (stale["status"], stale["flagged"], stale["abandoned_at"]) == ("abandoned", True, NOW)
    assert stale["flag_reason"] == "No answer for 0:30:00 before the report was confirmed."
    assert spills.get_by_reference(engine, just_recent["reference"])["status"] == "partial"
    assert spills.get_by_reference(engine, done["reference"])["status"] == "submitted"
    assert spills.abandon_stale(engine, idle_for=idle, now=NOW) == []


def test_media_and_transcript_are_appended_even_after_submission(engine):
    report = _full_report(engine)
    spills.submit(engine, report["reference"])
    spills.add_media(engine, report["reference"], ["https://api.twilio.com/m/1.jpg"])
    spills.add_media(
        engine, report["reference"], ["https://api.twilio.com/m/1.jpg", "https://api.twilio.com/m/2.jpg"]
    )
    spills.append_transcript(engine, report["reference"], [{"speaker": "caller", "text": "It's bad."}])
    spills.append_transcript(engine, report["reference"], [{"speaker": "bot", "text": "Thank you."}])
    stored = spills.get_by_reference(engine, report["reference"])
    assert stored["media_urls"] == ["https://api.twilio.com/m/1.jpg", "https://api.twilio.com/m/2.jpg"]
    assert [entry["speaker"] for entry in stored["transcript"]] == ["caller", "bot"]


def test_open_for_conversation_is_the_latest_unsubmitted_report(engine):
    older = spills.create_partial(engine, conversation_id="c", channel="sms", now=NOW)
    newer = spills.create_partial(engine, conversation_id="c", channel="sms", now=NOW + MINUTE)
    spills.create_partial(engine, conversation_id="someone-else", channel="sms", now=NOW + 2 * MINUTE)
    assert spills.open_for_conversation(engine, "c")["reference"] == newer["reference"]
    spills.submit(engine, newer["reference"])
    assert spills.open_for_conversation(engine, "c")["reference"] == older["reference"]
    spills.submit(engine, older["reference"])
    assert spills.open_for_conversation(engine, "c") is None


def test_lookup_accepts_loosely_typed_references_and_unknown_ones_are_clear(engine):
    report = spills.create_partial(engine, conversation_id="c", channel="sms", rng=SequenceRandom(482137))
    assert spills.get_by_reference(engine, "sp 482 137")["id"] == report["id"]
    assert spills.get_by_reference(engine, "SP-482138") is None
    with pytest.raises(RecordNotFound, match="'hello'"):
        spills.submit(engine, "hello")


def test_flag_marks_any_report_for_staff(engine):
    report = _full_report(engine)
    flagged = spills.flag(engine, report["reference"], reason="Reaches a storm drain.")
    assert (flagged["flagged"], flagged["flag_reason"], flagged["status"]) == (
        True,
        "Reaches a storm drain.",
        "partial",
    )


def test_list_recent_filters_by_status_and_city(engine):
    victorville = spills.create_partial(
        engine, conversation_id="a", channel="sms", city="victorville", now=NOW
    )
    inglewood = spills.create_partial(
        engine, conversation_id="b", channel="sms", city="inglewood", now=NOW + MINUTE
    )
    spills.submit(engine, inglewood["reference"])
    assert [r["reference"] for r in spills.list_recent(engine)] == [
        inglewood["reference"],
        victorville["reference"],
    ]
    assert [r["reference"] for r in spills.list_recent(engine, status="partial")] == [
        victorville["reference"]
    ]
    assert [r["reference"] for r in spills.list_recent(engine, city="Inglewood")] == [inglewood["reference"]]

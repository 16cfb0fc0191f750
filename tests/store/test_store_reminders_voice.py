"""Reminders (exactly-once hand-out, never to opted-out numbers) and voice call state."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa
from store_test_support import NOW, fresh_engine

from store import facilities, reminders, sms, spills, voice
from store.errors import RecordNotFound, StoreError

HOUR = dt.timedelta(hours=1)
PHONE = "+17605550100"


def _schedule(engine, send_at=NOW, **overrides):
    values = {
        "phone": PHONE,
        "kind": "pump_out_due",
        "due_date": dt.date(2024, 8, 21),
        "send_at": send_at,
        "message": "Your grease interceptor pump-out is due on August 21.",
        "now": NOW - 24 * HOUR,
    }
    return reminders.schedule(engine, **{**values, **overrides})


def test_schedule_round_trip_and_asking_twice_updates_the_same_reminder(engine):
    facility = facilities.create(
        engine, city="victorville", name="Taco Palace", conversation_id="c", channel="sms"
    )
    first = _schedule(engine, facility_reference=facility["reference"], phone="(760) 555-0100")
    again = _schedule(
        engine, facility_reference=facility["reference"], send_at=NOW + HOUR, message="Due soon."
    )
    assert again["id"] == first["id"]
    assert (again["phone"], again["facility_id"], again["status"]) == (PHONE, facility["id"], "scheduled")
    assert (again["send_at"], again["message"]) == (NOW + HOUR, "Due soon.")
    upcoming = reminders.upcoming_for_phone(engine, "760-555-0100")
    assert [(r["id"], r["facility_reference"], r["due_date"]) for r in upcoming] == [
        (first["id"], facility["reference"], dt.date(2024, 8, 21))
    ]


def test_claim_due_hands_out_only_due_reminders_once(engine, db_url):
    due = _schedule(engine, send_at=NOW)
    later = _schedule(engine, send_at=NOW + HOUR, due_date=dt.date(2024, 9, 1))
    other = fresh_engine(db_url)
    try:
        claimed = reminders.claim_due(engine, now=NOW)
        assert [r["id"] for r in claimed] == [due["id"]]
        assert claimed[0]["status"] == "sending"
        assert reminders.claim_due(other, now=NOW) == []
    finally:
        other.dispose()
    sent = reminders.mark_sent(engine, due["id"], provider_sid="SM123", now=NOW + dt.timedelta(seconds=2))
    assert (sent["status"], sent["provider_sid"], sent["sent_at"]) == (
        "sent",
        "SM123",
        NOW + dt.timedelta(seconds=2),
    )
    assert [r["id"] for r in reminders.claim_due(engine, now=NOW + HOUR)] == [later["id"]]


def test_stop_then_a_reminder_attempt_sends_nothing(engine):
    reminder = _schedule(engine)
    sms.opt_out(engine, "760 555 0100", keyword="STOP", now=NOW - HOUR)
    assert reminders.claim_due(engine, now=NOW) == []
    skipped = reminders.upcoming_for_phone(engine, PHONE)
    assert skipped == []
    sms.opt_in(engine, PHONE, keyword="START", now=NOW + HOUR)
    assert reminders.claim_due(engine, now=NOW + HOUR) == []  # a skipped reminder stays skipped
    with engine.connect() as connection:
        row = connection.execute(
            sa.text("SELECT status, last_error FROM reminders WHERE id = :id"), {"id": reminder["id"]}
        )
        assert row.one() == ("skipped", "The number has opted out of messages.")


def test_postpone_failure_and_cancel(engine):
    reminder = _schedule(engine)
    reminders.claim_due(engine, now=NOW)
    postponed = reminders.postpone(engine, reminder["id"], send_at=NOW + 12 * HOUR, now=NOW)
    assert (postponed["status"], postponed["send_at"]) == ("scheduled", NOW + 12 * HOUR)
    assert reminders.claim_due(engine, now=NOW + HOUR) == []
    reminders.claim_due(engine, now=NOW + 12 * HOUR)
    failed = reminders.mark_failed(engine, reminder["id"], error="Twilio 21610: unsubscribed recipient")
    assert (failed["status"], failed["last_error"]) == ("failed", "Twilio 21610: unsubscribed recipient")
    with pytest.raises(RecordNotFound, match="not being sent"):
        reminders.mark_sent(engine, reminder["id"])

    other = _schedule(engine, due_date=dt.date(2024, 12, 1))
    assert reminders.cancel(engine, other["id"])["status"] == "cancelled"
    assert reminders.claim_due(engine, now=NOW + 48 * HOUR) == []


def test_reminder_values_are_checked(engine):
    with pytest.raises(StoreError, match="'birthday'"):
        _schedule(engine, kind="birthday")
    with pytest.raises(StoreError, match="send_at"):
        _schedule(engine, send_at=dt.datetime(2024, 8, 21, 9, 0))


def test_call_state_and_silence_count(engine):
    call = voice.start_call(engine, "CA100", from_number=PHONE, to_number="+13105550000", now=NOW)
    assert (call["status"], call["silence_count"], call["state"]) == ("in_progress", 0, {})
    assert voice.start_call(engine, "CA100", from_number=PHONE, to_number="+13105550000")["id"] == call["id"]

    assert [voice.record_silence(engine, "CA100") for _ in range(3)] == [1, 2, 3]
    assert voice.reset_silence(engine, "CA100")["silence_count"] == 0
    saved = voice.save_state(engine, "CA100", {"step": "location", "answers": {"emergency": True}})
    assert voice.get_call(engine, "CA100")["state"] == {"step": "location", "answers": {"emergency": True}}
    assert saved["state"]["step"] == "location"
    assert voice.get_call(engine, "CA404") is None
    with pytest.raises(RecordNotFound, match="'CA404'"):
        voice.record_silence(engine, "CA404")


def test_abandoned_call_keeps_and_flags_its_partial_spill_report(engine):
    voice.start_call(engine, "CA1", from_number=PHONE, to_number=None, now=NOW)
    report = spills.create_partial(
        engine, conversation_id="CA1", channel="voice", location_text="Main and 5th"
    )
    voice.link_spill(engine, "CA1", report["reference"])

    ended = voice.finish(engine, "CA1", status="abandoned", now=NOW + HOUR)
    assert (ended["status"], ended["ended_at"]) == ("abandoned", NOW + HOUR)
    stored = spills.get_by_reference(engine, report["reference"])
    assert (stored["status"], stored["flagged"], stored["location_text"]) == (
        "abandoned",
        True,
        "Main and 5th",
    )
    assert stored["flag_reason"] == "Call CA1 ended before the report was confirmed."
    assert voice.finish(engine, "CA1", status="completed")["status"] == "abandoned"  # repeated callback


def test_completed_call_leaves_a_submitted_report_alone(engine):
    voice.start_call(engine, "CA2", from_number=PHONE, to_number=None)
    report = spills.create_partial(engine, conversation_id="CA2", channel="voice")
    voice.link_spill(engine, "CA2", report["reference"])
    spills.submit(engine, report["reference"])
    assert voice.finish(engine, "CA2", status="completed")["status"] == "completed"
    assert spills.get_by_reference(engine, report["reference"])["status"] == "submitted"
    with pytest.raises(StoreError, match="'busy'"):
        voice.finish(engine, "CA2", status="busy")

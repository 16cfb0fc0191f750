"""The transactional outbox: events committed with their record (or not at all), fanned out once into
notifications, claimed by one sender each, retried with backoff, failed and alerted, released after a
crash."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st
from store_test_support import NOW, fresh_engine

import store
from store import outbox
from store.db import write_transaction
from store.outbox import Message
from store.schema import notifications, outbox_events

MINUTE = dt.timedelta(minutes=1)


def events(engine, reference=None) -> list[dict]:
    query = sa.select(outbox_events).order_by(outbox_events.c.id)
    if reference is not None:
        query = query.where(outbox_events.c.reference == reference)
    with engine.connect() as connection:
        return [dict(row._mapping) for row in connection.execute(query)]


def kinds(engine, reference=None) -> list[str]:
    return [event["kind"] for event in events(engine, reference)]


def an_event(engine, kind="spill_submitted", reference="SP-100001", city="victorville") -> int:
    return outbox.enqueue(engine, kind, city=city, reference=reference, payload={"location": "Main"}, now=NOW)


def pending(engine, event_id=None, count=2) -> list[dict]:
    if event_id is None:
        event_id = an_event(engine)
    messages = [Message("sms", f"+1760555010{n}", f"text {n}") for n in range(count)]
    return outbox.dispatch(engine, event_id, messages, now=NOW)


# Events committed with the record ------------------------------------------------------------------


def test_a_spill_report_with_a_city_announces_itself_once_with_what_is_known(engine):
    report = store.spills.create_partial(
        engine, conversation_id="c1", channel="sms", city="victorville", location_text="5th and Main", now=NOW
    )
    store.spills.update(engine, report["reference"], what_spilling="grease", now=NOW + MINUTE)

    [started] = events(engine, report["reference"])
    assert (started["kind"], started["city"], started["created_at"]) == ("spill_started", "victorville", NOW)
    assert started["payload"] == {
        "location": "5th and Main",
        "what": None,
        "still_flowing": None,
        "reaches": None,
        "callback": None,
        "channel": "sms",
    }
    assert started["dispatched_at"] is None


def test_a_report_started_without_a_city_announces_itself_when_the_city_is_given(engine):
    report = store.spills.create_partial(
        engine, conversation_id="c1", channel="voice", location_text="5th and Main", now=NOW
    )
    assert kinds(engine) == []

    store.spills.update(
        engine, report["reference"], city="Inglewood", what_spilling="sewage", now=NOW + MINUTE
    )

    [started] = events(engine, report["reference"])
    assert (started["kind"], started["city"]) == ("spill_started", "inglewood")
    assert started["payload"]["what"] == "sewage"


def test_submitting_twice_enqueues_one_submission(engine):
    report = store.spills.create_partial(
        engine, conversation_id="c1", channel="sms", city="victorville", now=NOW
    )
    store.spills.submit(engine, report["reference"], now=NOW + MINUTE)
    store.spills.submit(engine, report["reference"], now=NOW + 2 * MINUTE)

    assert kinds(engine, report["reference"]) == ["spill_started", "spill_submitted"]


def test_the_event_and_the_record_roll_back_together(engine):
    report = store.spills.create_partial(
        engine, conversation_id="c1", channel="sms", city="victorville", now=NOW
    )
    with pytest.raises(RuntimeError), write_transaction(engine) as connection:
        store.spills.submit(connection, report["reference"], now=NOW + MINUTE)
        raise RuntimeError("the process died before the commit")

    assert store.spills.get_by_reference(engine, report["reference"])["status"] == "partial"
    assert kinds(engine, report["reference"]) == ["spill_started"]


def test_a_report_whose_event_cannot_be_recorded_is_not_saved_either(engine, monkeypatch):
    def broken_enqueue(*args, **kwargs):
        raise store.StoreError("the outbox table is unwritable")

    monkeypatch.setattr(outbox, "enqueue", broken_enqueue)
    with pytest.raises(store.StoreError, match="unwritable"):
        store.spills.create_partial(engine, conversation_id="c1", channel="sms", city="victorville", now=NOW)

    assert store.spills.list_recent(engine) == []


def test_permit_and_waiver_submissions_enqueue_one_event_each(engine):
    permit = store.permits.create_draft(
        engine, city="inglewood", conversation_id="c2", channel="web", business_name="Taco Town", now=NOW
    )
    waiver = store.waivers.create_draft(
        engine, kind="deminimis", conversation_id="c3", channel="sms", now=NOW
    )
    for _ in range(2):
        store.permits.submit(engine, permit["reference"], now=NOW + MINUTE)
        store.waivers.submit(engine, waiver["reference"], now=NOW + MINUTE)

    [permit_event] = events(engine, permit["reference"])
    assert (permit_event["kind"], permit_event["city"]) == ("permit_submitted", "inglewood")
    assert permit_event["payload"]["business_name"] == "Taco Town"
    [waiver_event] = events(engine, waiver["reference"])
    assert (waiver_event["kind"], waiver_event["city"]) == ("waiver_submitted", "victorville")
    assert waiver_event["payload"] == {"kind": "deminimis", "eligible": None, "channel": "sms"}


def test_an_unknown_event_kind_is_refused(engine):
    with pytest.raises(store.StoreError, match="Unknown outbox event 'spill_exploded'"):
        outbox.enqueue(engine, "spill_exploded")


# Dispatch -----------------------------------------------------------------------------------------------


def test_dispatch_records_the_messages_and_marks_the_event_together(engine):
    event_id = an_event(engine)
    created = outbox.dispatch(
        engine,
        event_id,
        [
            Message("sms", "+17605550111", "Spill at Main"),
            Message("email", "oncall@city.example", "Body", subject="Spill"),
            Message("sms", "+17605550199", "Spill at Main", status="skipped", reason="opted out"),
        ],
        now=NOW,
    )

    assert [(n["channel"], n["status"], n["attempts"]) for n in created] == [
        ("sms", "pending", 0),
        ("email", "pending", 0),
        ("sms", "skipped", 0),
    ]
    assert created[2]["last_error"] == "opted out"
    assert all(n["next_attempt_at"] == NOW and n["reference"] == "SP-100001" for n in created)
    assert outbox.get_event(engine, event_id)["dispatched_at"] == NOW
    assert outbox.undispatched(engine) == []


def test_a_second_dispatch_of_the_same_event_adds_nothing(engine):
    event_id = an_event(engine)
    assert len(outbox.dispatch(engine, event_id, [Message("sms", "+17605550111", "a")], now=NOW)) == 1

    again = outbox.dispatch(engine, event_id, [Message("sms", "+17605550111", "a")], now=NOW + MINUTE)

    assert again is None
    assert len(outbox.for_reference(engine, "SP-100001")) == 1


def test_the_same_recipient_twice_in_one_dispatch_is_recorded_once(engine):
    event_id = an_event(engine)
    created = outbox.dispatch(
        engine, event_id, [Message("sms", "+17605550111", "a"), Message("sms", "+17605550111", "a")], now=NOW
    )
    assert len(created) == 1


def test_an_event_with_nobody_to_tell_is_dispatched_with_no_notifications(engine):
    event_id = an_event(engine)
    assert outbox.dispatch(engine, event_id, [], now=NOW) == []
    assert outbox.undispatched(engine) == []
    assert [e["id"] for e in outbox.events_for_reference(engine, "SP-100001")] == [event_id]


def test_dispatching_an_unknown_event_raises(engine):
    with pytest.raises(store.RecordNotFound):
        outbox.dispatch(engine, 999, [], now=NOW)


def test_undispatched_events_come_oldest_first(engine):
    first, second = an_event(engine, reference="SP-100001"), an_event(engine, reference="SP-100002")
    assert [e["id"] for e in outbox.undispatched(engine)] == [first, second]


# Claims and outcomes ------------------------------------------------------------------------------------


def test_a_due_notification_is_claimed_once_with_its_attempt_counted(db_url, engine):
    created = pending(engine)
    other_worker = fresh_engine(db_url)

    claimed = outbox.claim_due(engine, now=NOW)

    assert [(n["id"], n["status"], n["attempts"]) for n in claimed] == [
        (created[0]["id"], "sending", 1),
        (created[1]["id"], "sending", 1),
    ]
    assert outbox.claim_due(other_worker, now=NOW) == []
    other_worker.dispose()


def test_nothing_is_claimed_before_it_is_due_or_on_another_channel(engine):
    pending(engine)
    assert outbox.claim_due(engine, now=NOW - dt.timedelta(seconds=1)) == []
    assert outbox.claim_due(engine, channels=("email",), now=NOW) == []
    assert len(outbox.claim_due(engine, channels=("sms",), now=NOW)) == 2


def test_a_sent_notification_keeps_the_provider_id(engine):
    [notification] = pending(engine, count=1)
    outbox.claim_due(engine, now=NOW)

    sent = outbox.mark_sent(engine, notification["id"], provider_id="SM123", now=NOW + MINUTE)

    assert (sent["status"], sent["provider_id"], sent["sent_at"]) == ("sent", "SM123", NOW + MINUTE)
    with pytest.raises(store.RecordNotFound, match="not being sent"):
        outbox.mark_sent(engine, notification["id"], provider_id="SM124", now=NOW + MINUTE)


def test_failures_back_off_then_fail_and_alert_once(engine):
    [notification] = pending(engine, count=1)
    moment = NOW
    delays = []
    for _ in range(2):
        [claimed] = outbox.claim_due(engine, now=moment)
        retry = outbox.record_failure(engine, claimed["id"], error="Twilio 20500", max_attempts=3, now=moment)
        assert retry["status"] == "pending" and retry["last_error"] == "Twilio 20500"
        delays.append(retry["next_attempt_at"] - moment)
        assert outbox.claim_due(engine, now=retry["next_attempt_at"] - dt.timedelta(seconds=1)) == []
        moment = retry["next_attempt_at"]
    [claimed] = outbox.claim_due(engine, now=moment)
    assert claimed["attempts"] == 3

    failed = outbox.record_failure(engine, claimed["id"], error="Twilio 20500", max_attempts=3, now=moment)

    assert delays == [MINUTE, 2 * MINUTE]
    assert failed["status"] == "failed"
    [alert] = [e for e in events(engine) if e["kind"] == "delivery_failed"]
    assert (alert["city"], alert["reference"], alert["dispatched_at"]) == ("victorville", "SP-100001", None)
    assert alert["payload"] == {
        "notification_id": notification["id"],
        "event_kind": "spill_submitted",
        "channel": "sms",
        "recipient": "+17605550100",
        "attempts": 3,
        "error": "Twilio 20500",
    }
    assert [n["id"] for n in outbox.failed(engine)] == [notification["id"]]
    assert outbox.failed(engine, cities=["inglewood"]) == []


def test_a_permanent_failure_fails_at_once(engine):
    pending(engine, count=1)
    [claimed] = outbox.claim_due(engine, now=NOW)
    failed = outbox.record_failure(
        engine, claimed["id"], error="Twilio 21211", max_attempts=6, permanent=True, now=NOW
    )
    assert failed["status"] == "failed"
    assert kinds(engine).count("delivery_failed") == 1


def test_a_failed_alert_is_not_alerted_again(engine):
    alert_event = an_event(engine, kind="delivery_failed")
    [alert] = outbox.dispatch(engine, alert_event, [Message("email", "ops@x.example", "b", "s")], now=NOW)
    outbox.claim_due(engine, now=NOW)

    outbox.record_failure(engine, alert["id"], error="SMTP down", max_attempts=1, now=NOW)

    assert kinds(engine) == ["delivery_failed"]
    assert outbox.get_notification(engine, alert["id"])["status"] == "failed"


def test_a_notification_skipped_at_send_time_keeps_the_reason(engine):
    [notification] = pending(engine, count=1)
    outbox.claim_due(engine, now=NOW)
    skipped = outbox.mark_skipped(engine, notification["id"], reason="opted out", now=NOW)
    assert (skipped["status"], skipped["last_error"]) == ("skipped", "opted out")


def test_a_notification_left_sending_by_a_dead_worker_is_given_back_after_a_while(engine):
    [notification] = pending(engine, count=1)
    outbox.claim_due(engine, now=NOW)

    assert outbox.release_stuck(engine, max_attempts=3, now=NOW + 4 * MINUTE) == []
    assert outbox.release_stuck(engine, max_attempts=3, now=NOW + 5 * MINUTE) == [notification["id"]]

    [again] = outbox.claim_due(engine, now=NOW + 5 * MINUTE)
    assert (again["id"], again["attempts"]) == (notification["id"], 2)


def test_a_stuck_notification_on_its_last_attempt_fails_and_alerts(engine):
    [notification] = pending(engine, count=1)
    outbox.claim_due(engine, now=NOW)

    assert outbox.release_stuck(engine, max_attempts=1, now=NOW + 10 * MINUTE) == [notification["id"]]

    assert outbox.get_notification(engine, notification["id"])["status"] == "failed"
    assert kinds(engine).count("delivery_failed") == 1


def test_the_console_lists_by_reference_with_the_event_kind_and_counts_by_status(engine):
    created = pending(engine)
    pending(engine, an_event(engine, kind="spill_started", reference="SP-100002", city="inglewood"), count=1)

    listed = outbox.for_reference(engine, "SP-100001")

    assert [n["id"] for n in listed] == [n["id"] for n in created]
    assert {n["event_kind"] for n in listed} == {"spill_submitted"}
    assert outbox.counts_by_status(engine) == {
        "pending": 3,
        "sending": 0,
        "sent": 0,
        "failed": 0,
        "skipped": 0,
    }
    assert outbox.counts_by_status(engine, cities=["inglewood"])["pending"] == 1


@given(st.integers(min_value=1, max_value=200))
def test_retry_delays_double_up_to_the_cap(attempts):
    delay = outbox.retry_delay(attempts)
    assert outbox.FIRST_RETRY_DELAY <= delay <= outbox.MAX_RETRY_DELAY
    assert outbox.retry_delay(attempts + 1) in (2 * delay, outbox.MAX_RETRY_DELAY)


def test_notifications_of_an_event_are_unique_per_channel_and_recipient_in_the_schema(engine):
    event_id = an_event(engine)
    pending(engine, event_id, count=1)
    row = {
        "event_id": event_id,
        "channel": "sms",
        "recipient": "+17605550100",
        "body": "again",
        "status": "pending",
        "attempts": 0,
        "next_attempt_at": NOW,
        "created_at": NOW,
        "updated_at": NOW,
    }
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as connection:
        connection.execute(sa.insert(notifications).values(**row))

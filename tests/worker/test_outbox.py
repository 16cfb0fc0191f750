"""Outbox delivery through a real SMTP server on loopback (aiosmtpd) and twilio's real REST client talking to
the local fake Twilio: staff hear of spills once, offices of applications, reporters of status changes
(unless they opted out); failures are retried, failed, alerted; two workers never send one thing twice."""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Iterator

import pytest
from fake_twilio import FakeTwilioApi, TwilioError
from net import free_port
from outbox_support import (
    ALERT_EMAIL,
    FROM_NUMBER,
    INGLEWOOD_OFFICE_EMAIL,
    NOW,
    OFFICE_EMAIL,
    ON_CALL_EMAIL,
    ON_CALL_PHONE,
    REPORTER,
    settings_for,
    smtp_server,
    submitted_spill,
    texts_to,
)

import store
from config import Settings, SettingsError
from store import outbox
from worker.abandoned import flag_abandoned
from worker.outbox import OutboxRun, SmtpMailer, run_once, sms_client_for, twilio_client

MINUTE = dt.timedelta(minutes=1)
SERVER_ERROR = TwilioError(500, 20500, "Internal Server Error")


@pytest.fixture
def twilio() -> Iterator[FakeTwilioApi]:
    with FakeTwilioApi() as api:
        yield api


@pytest.fixture
def smtp_port() -> int:
    return free_port()


@pytest.fixture
def inbox(smtp_port):
    with smtp_server(smtp_port) as received:
        yield received


def deliver(engine, twilio, smtp_port, now=NOW, *, sms=True, **overrides) -> OutboxRun:
    settings = settings_for(smtp_port, **overrides)
    client = twilio_client(settings, http_client=twilio.http_client()) if sms else None
    return run_once(engine, settings, sms_client=client, mailer=SmtpMailer(settings), now=now)


def subject(message) -> str:
    """The Subject as a reader shows it (Python's parser keeps the space of a header folded at its start)."""
    return str(message["Subject"]).strip()


def statuses(engine, reference) -> list[tuple[str, str, str]]:
    return [(n["event_kind"], n["channel"], n["status"]) for n in outbox.for_reference(engine, reference)]


def test_a_submitted_spill_report_texts_and_emails_on_call_staff_exactly_once(
    engine, twilio, inbox, smtp_port
):
    report = submitted_spill(engine)
    reference = report["reference"]

    first = deliver(engine, twilio, smtp_port)
    again = deliver(engine, twilio, smtp_port, NOW + dt.timedelta(hours=1))

    assert (first.dispatched, first.created, first.sent) == (2, 2, 2)  # the start folded into the submission
    assert again == OutboxRun()
    [text] = texts_to(twilio, ON_CALL_PHONE)
    assert twilio.requests[0].form["From"] == [FROM_NUMBER]
    for fact in (reference, "Victorville", "14343 Civic Drive, by the storm drain", "(760) 555-0122"):
        assert fact in text
    [email] = inbox.to(ON_CALL_EMAIL)
    assert len(inbox.messages) == 1
    assert subject(email) == f"Spill report {reference}, Victorville: 14343 Civic Drive, by the storm drain"
    assert email["From"] == "Victorville FOG <assistant@fog.example>"
    body = email.get_content()
    for line in (f"Reference: {reference}", "City: Victorville", "Callback number: (760) 555-0122"):
        assert line in body
    [sms_row, email_row] = outbox.for_reference(engine, reference)
    assert (sms_row["status"], sms_row["provider_id"]) == ("sent", "SM" + "0" * 31 + "1")
    assert email["X-Notification-Id"] == str(email_row["id"])
    assert email["Message-ID"] == f"<notification-{email_row['id']}@fog.example>" == email_row["provider_id"]


def test_the_urgent_first_alert_goes_out_before_the_report_is_confirmed(engine, twilio, inbox, smtp_port):
    report = store.spills.create_partial(
        engine,
        conversation_id=REPORTER,
        channel="voice",
        city="victorville",
        location_text="5th and Main",
        now=NOW,
    )
    deliver(engine, twilio, smtp_port)
    store.spills.submit(engine, report["reference"], now=NOW + 5 * MINUTE)
    deliver(engine, twilio, smtp_port, NOW + 5 * MINUTE)

    first, second = texts_to(twilio, ON_CALL_PHONE)
    assert "being reported now" in first and "5th and Main" in first and "Callback: not given" in first
    assert "SPILL REPORT" in second
    assert [subject(m).split(" ")[0] for m in inbox.to(ON_CALL_EMAIL)] == ["Spill", "Spill"]
    assert statuses(engine, report["reference"]) == [
        ("spill_started", "sms", "sent"),
        ("spill_started", "email", "sent"),
        ("spill_submitted", "sms", "sent"),
        ("spill_submitted", "email", "sent"),
    ]


def test_sms_failures_back_off_then_fail_and_alert_the_operators_once(engine, twilio, inbox, smtp_port):
    reference = submitted_spill(engine)["reference"]
    twilio.error = SERVER_ERROR

    runs = [deliver(engine, twilio, smtp_port, NOW + offset * MINUTE) for offset in (0, 0.5, 1, 2, 3)]
    twilio.error = None
    later = [deliver(engine, twilio, smtp_port, NOW + offset * MINUTE) for offset in (4, 60, 600)]

    assert [(run.retried, run.failed) for run in runs] == [(1, 0), (0, 0), (1, 0), (0, 0), (0, 1)]
    assert len(texts_to(twilio, ON_CALL_PHONE)) == 3  # the attempts: 1 min, then 2 min apart
    assert statuses(engine, reference) == [
        ("spill_submitted", "sms", "failed"),
        ("spill_submitted", "email", "sent"),
        ("delivery_failed", "email", "sent"),
    ]
    assert sum(run.sent for run in later) == 1  # the alert, on the pass after the failure
    [alert] = inbox.to(ALERT_EMAIL)
    assert (
        subject(alert) == f"Notification not delivered: spill_submitted {reference} (SMS to {ON_CALL_PHONE})"
    )
    assert "Twilio 20500" in alert.get_content()
    assert [n["recipient"] for n in outbox.failed(engine, cities=["victorville"])] == [ON_CALL_PHONE]


def test_email_waits_while_the_smtp_server_is_down_and_goes_when_it_is_back(engine, twilio, smtp_port):
    reference = submitted_spill(engine)["reference"]

    down = deliver(engine, twilio, smtp_port)
    [_, email_row] = outbox.for_reference(engine, reference)
    assert (down.sent, down.retried) == (1, 1)
    assert "ConnectionRefusedError" in email_row["last_error"]

    with smtp_server(smtp_port) as inbox:
        too_soon = deliver(engine, twilio, smtp_port, NOW + 30 * dt.timedelta(seconds=1))
        back = deliver(engine, twilio, smtp_port, email_row["next_attempt_at"])
        assert (too_soon.sent, back.sent) == (0, 1)
        [email] = inbox.to(ON_CALL_EMAIL)
        assert reference in subject(email)
    assert statuses(engine, reference)[1] == ("spill_submitted", "email", "sent")


def test_two_workers_over_one_database_never_send_a_notification_twice(db_url, twilio, inbox, smtp_port):
    engines = [store.connect(db_url), store.connect(db_url)]
    references = [submitted_spill(engines[0], NOW + n * MINUTE)["reference"] for n in range(8)]
    start = threading.Barrier(2)
    errors: list[BaseException] = []

    def work(engine) -> None:
        try:
            start.wait()
            for _ in range(4):
                deliver(engine, twilio, smtp_port, NOW + dt.timedelta(hours=1))
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    workers = [threading.Thread(target=work, args=(engine,)) for engine in engines]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)

    assert errors == []
    texts = texts_to(twilio, ON_CALL_PHONE)
    assert len(texts) == 8 and all(sum(ref in text for text in texts) == 1 for ref in references)
    ids = [message["X-Notification-Id"] for message in inbox.messages]
    assert len(ids) == 8 == len(set(ids))
    for engine in engines:
        engine.dispose()


def test_permit_and_waiver_submissions_email_their_office(engine, twilio, inbox, smtp_port):
    permit = store.permits.create_draft(
        engine,
        city="inglewood",
        conversation_id=REPORTER,
        channel="web",
        business_name="Taco Town",
        details={"answers": {"business_name": "Taco Town"}},
        now=NOW,
    )
    waiver = store.waivers.create_draft(
        engine, kind="deminimis", conversation_id=REPORTER, channel="sms", eligible=True, now=NOW
    )
    store.permits.submit(engine, permit["reference"], now=NOW)
    store.waivers.submit(engine, waiver["reference"], now=NOW)

    run = deliver(engine, twilio, smtp_port)

    assert run.sent == 2 and twilio.requests == []
    [permit_email] = inbox.to(INGLEWOOD_OFFICE_EMAIL)
    assert subject(permit_email) == f"Permit application {permit['reference']}, Inglewood: Taco Town"
    assert "Name: Taco Town" in permit_email.get_content()  # the application summary, labelled and cited
    [waiver_email] = inbox.to(OFFICE_EMAIL)
    assert subject(waiver_email) == f"De minimis waiver request {waiver['reference']}, Victorville"


def reporter_event(engine, kind="status_changed", reference="SP-482137", to=REPORTER) -> int:
    payload = {"to": to, "text": f"Victorville: a crew is on the way to {reference}."}
    return outbox.enqueue(engine, kind, city="victorville", reference=reference, payload=payload, now=NOW)


def test_a_status_text_reaches_the_reporter(engine, twilio, inbox, smtp_port):
    reporter_event(engine, to="(760) 555-0122")
    reporter_event(engine, kind="document_link")

    run = deliver(engine, twilio, smtp_port)

    assert run.sent == 2
    assert texts_to(twilio, REPORTER) == ["Victorville: a crew is on the way to SP-482137."] * 2


def test_an_opted_out_reporter_gets_no_text(engine, twilio, inbox, smtp_port):
    store.sms.opt_out(engine, REPORTER, keyword="stop", now=NOW - MINUTE)
    reporter_event(engine)

    run = deliver(engine, twilio, smtp_port)

    assert (run.sent, run.skipped) == (0, 1)
    assert twilio.requests == []
    [row] = outbox.for_reference(engine, "SP-482137")
    assert (row["status"], row["last_error"]) == ("skipped", "The number has opted out of messages.")


def test_a_stop_between_dispatch_and_send_is_honoured(engine, twilio, inbox, smtp_port):
    reporter_event(engine)
    deliver(engine, twilio, smtp_port, sms=False)  # dispatched; SMS waits without Twilio
    store.sms.opt_out(engine, REPORTER, keyword="parar", now=NOW)

    run = deliver(engine, twilio, smtp_port)

    assert (run.sent, run.skipped) == (0, 1) and twilio.requests == []


def test_twilio_reporting_an_unsubscribed_number_records_the_opt_out(engine, twilio, inbox, smtp_port):
    reporter_event(engine)
    twilio.error = TwilioError(400, 21610, "Attempt to send to unsubscribed recipient")

    run = deliver(engine, twilio, smtp_port)

    assert (run.skipped, run.retried, run.failed) == (1, 0, 0)
    assert store.sms.is_opted_out(engine, REPORTER)


def test_a_status_text_about_an_application_waits_for_the_end_of_quiet_hours(
    engine, twilio, inbox, smtp_port
):
    night = dt.datetime(2024, 8, 15, 6, 0, tzinfo=dt.timezone.utc)  # 23:00 PDT
    reporter_event(engine, reference="PA-300001")
    reporter_event(engine, reference="SP-482137")

    run = deliver(engine, twilio, smtp_port, night)

    assert run.sent == 1 and texts_to(twilio, REPORTER) == ["Victorville: a crew is on the way to SP-482137."]
    [waiting] = outbox.for_reference(engine, "PA-300001")
    assert waiting["next_attempt_at"] == dt.datetime(2024, 8, 15, 15, 0, tzinfo=dt.timezone.utc)  # 08:00 PDT
    assert deliver(engine, twilio, smtp_port, waiting["next_attempt_at"]).sent == 1


def test_without_twilio_email_goes_and_sms_waits(engine, twilio, inbox, smtp_port):
    reference = submitted_spill(engine)["reference"]

    run = deliver(engine, twilio, smtp_port, sms=False)

    assert run.sent == 1 and len(inbox.messages) == 1
    assert statuses(engine, reference) == [
        ("spill_submitted", "sms", "pending"),
        ("spill_submitted", "email", "sent"),
    ]
    assert deliver(engine, twilio, smtp_port, NOW + MINUTE).sent == 1
    assert len(texts_to(twilio, ON_CALL_PHONE)) == 1


def test_a_city_with_no_recipients_is_warned_about_once_and_nothing_is_sent(
    engine, twilio, inbox, smtp_port, caplog
):
    reference = submitted_spill(engine, city="inglewood")["reference"]

    with caplog.at_level(logging.WARNING, logger="worker.outbox"):
        first = deliver(engine, twilio, smtp_port)
        deliver(engine, twilio, smtp_port, NOW + MINUTE)

    assert (first.dispatched, first.created) == (2, 0)
    warnings = [record.getMessage() for record in caplog.records]
    assert warnings == [
        f"outbox: nobody to tell of spill_submitted {reference} (event 2): "
        "set INGLEWOOD_SPILL_SMS or INGLEWOOD_SPILL_EMAIL"
    ]
    assert outbox.for_reference(engine, reference) == []
    assert [e["kind"] for e in outbox.events_for_reference(engine, reference)] == [
        "spill_started",
        "spill_submitted",
    ]
    assert twilio.requests == [] and inbox.messages == []


def test_a_misconfigured_on_call_number_is_recorded_skipped_not_sent(engine, twilio, inbox, smtp_port):
    reference = submitted_spill(engine)["reference"]

    deliver(engine, twilio, smtp_port, victorville_spill_sms=f"{ON_CALL_PHONE}, call Bob")

    rows = outbox.for_reference(engine, reference)
    assert [(n["recipient"], n["status"]) for n in rows if n["channel"] == "sms"] == [
        (ON_CALL_PHONE, "sent"),
        ("call Bob", "skipped"),
    ]


def test_twilio_api_base_url_sends_the_workers_texts_to_the_local_fake(engine, twilio, inbox, smtp_port):
    submitted_spill(engine)
    settings = settings_for(smtp_port, twilio_api_base_url=twilio.url)

    run_once(engine, settings, sms_client=sms_client_for(settings), mailer=SmtpMailer(settings), now=NOW)

    assert len(texts_to(twilio, ON_CALL_PHONE)) == 1
    assert sms_client_for(settings_for(smtp_port, twilio_sms_number="")) is None


def test_twilio_api_base_url_is_refused_in_production():
    with pytest.raises(SettingsError, match="TWILIO_API_BASE_URL"):
        Settings(
            mode="production",
            public_base_url="https://fog.example.gov",
            twilio_account_sid="AC" + "1" * 32,
            twilio_auth_token="a" * 32,
            twilio_sms_number="+17605550100",
            secret_key="k" * 48,
            twilio_api_base_url="http://127.0.0.1:9999",
        ).check()


def test_reports_idle_past_abandon_after_minutes_are_flagged(engine, smtp_port):
    idle = store.spills.create_partial(engine, conversation_id="a", channel="voice", now=NOW)
    recent = store.spills.create_partial(engine, conversation_id="b", channel="voice", now=NOW + 20 * MINUTE)
    settings = settings_for(smtp_port, abandon_after_minutes=30)

    assert flag_abandoned(engine, settings, NOW + 29 * MINUTE) == []
    assert flag_abandoned(engine, settings, NOW + 30 * MINUTE) == [idle["reference"]]
    assert store.spills.get_by_reference(engine, idle["reference"])["flagged"]
    assert store.spills.get_by_reference(engine, recent["reference"])["status"] == "partial"

"""Reminders go out through twilio's real REST client and HTTP client, to a local fake Twilio API."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import threading
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fake_twilio import FakeTwilioApi, LocalTwilioHttpClient, TwilioError
from sqlalchemy.engine import Engine

from config import Settings, SettingsError
from store import reminders, sms
from store.schema import reminders as reminders_table
from worker.reminders import (
    ReminderRun,
    quiet_hours_end,
    reminder_text,
    run_forever,
    send_due_reminders,
    twilio_client,
)

ACCOUNT_SID = "AC" + "5" * 32
AUTH_TOKEN = "f" * 32
FROM_NUMBER = "+17605550100"
OPERATOR = "+17605550199"
UTC = dt.timezone.utc
# Wednesday 14 August 2024: 10:30 in Victorville (PDT, UTC-7).
MORNING = dt.datetime(2024, 8, 14, 17, 30, tzinfo=UTC)
SETTINGS = Settings(
    twilio_account_sid=ACCOUNT_SID,
    twilio_auth_token=AUTH_TOKEN,
    twilio_sms_number=FROM_NUMBER,
    sms_program_name="Victorville FOG",
)


@pytest.fixture
def twilio() -> Iterator[FakeTwilioApi]:
    with FakeTwilioApi() as api:
        yield api


def client_for(api: FakeTwilioApi):
    return twilio_client(SETTINGS, http_client=api.http_client())


def schedule(engine: Engine, *, send_at: dt.datetime = MORNING, phone: str = OPERATOR, message=None):
    return reminders.schedule(
        engine,
        phone=phone,
        kind="pump_out_due",
        due_date=dt.date(2024, 8, 21),
        send_at=send_at,
        message=message,
        now=send_at - dt.timedelta(days=7),
    )


def status_of(engine: Engine, reminder_id: int) -> dict:
    """The stored reminder row (store.reminders has no getter by id: the scheduler never needs one)."""
    with engine.connect() as connection:
        query = sa.select(reminders_table).where(reminders_table.c.id == reminder_id)
        row = connection.execute(query).first()
    return dict(row._mapping)


def test_a_due_reminder_is_sent_through_the_twilio_client_to_the_fake_api(engine, twilio):
    reminder = schedule(engine)

    run = send_due_reminders(engine, SETTINGS, client_for(twilio), MORNING)

    assert run == ReminderRun(sent=[reminder["id"]])
    [request] = twilio.requests
    assert (request.method, request.path) == ("POST", f"/2010-04-01/Accounts/{ACCOUNT_SID}/Messages.json")
    assert request.form == {
        "To": [OPERATOR],
        "From": [FROM_NUMBER],
        "Body": [
            "Victorville FOG: Reminder: your grease interceptor pump-out is due by "
            "Wednesday, August 21, 2024. Reply STOP to opt out."
        ],
    }
    expected_auth = base64.b64encode(f"{ACCOUNT_SID}:{AUTH_TOKEN}".encode()).decode()
    assert request.authorization == f"Basic {expected_auth}"
    stored = status_of(engine, reminder["id"])
    assert (stored["status"], stored["provider_sid"]) == ("sent", "SM" + "0" * 31 + "1")
    assert stored["sent_at"] == MORNING


def test_nothing_is_sent_before_the_send_time_or_twice(engine, twilio):
    reminder = schedule(engine)
    client = client_for(twilio)

    assert send_due_reminders(engine, SETTINGS, client, MORNING - dt.timedelta(seconds=1)) == ReminderRun()
    assert send_due_reminders(engine, SETTINGS, client, MORNING).sent == [reminder["id"]]
    assert send_due_reminders(engine, SETTINGS, client, MORNING + dt.timedelta(hours=1)) == ReminderRun()
    assert len(twilio.requests) == 1


def test_an_opted_out_number_gets_no_reminder(engine, twilio):
    reminder = schedule(engine)
    sms.opt_out(engine, "(760) 555-0199", keyword="parar", now=MORNING - dt.timedelta(days=1))

    run = send_due_reminders(engine, SETTINGS, client_for(twilio), MORNING)

    assert run == ReminderRun()  # claim_due itself skipped it
    assert twilio.requests == []
    assert status_of(engine, reminder["id"])["status"] == "skipped"


def test_an_opt_out_after_opting_back_in_is_honoured_only_while_it_lasts(engine, twilio):
    first = schedule(engine)
    sms.opt_out(engine, OPERATOR, keyword="stop", now=MORNING - dt.timedelta(days=2))
    sms.opt_in(engine, OPERATOR, keyword="start", now=MORNING - dt.timedelta(days=1))

    assert send_due_reminders(engine, SETTINGS, client_for(twilio), MORNING).sent == [first["id"]]


@pytest.mark.parametrize(
    ("local_time", "postponed_to_local"),
    [
        (dt.datetime(2024, 8, 14, 21, 0), dt.datetime(2024, 8, 15, 8, 0)),  # quiet hours begin
        (dt.datetime(2024, 8, 14, 23, 59), dt.datetime(2024, 8, 15, 8, 0)),
        (dt.datetime(2024, 8, 15, 0, 0), dt.datetime(2024, 8, 15, 8, 0)),
        (dt.datetime(2024, 8, 15, 7, 59), dt.datetime(2024, 8, 15, 8, 0)),
    ],
)
def test_reminders_due_in_quiet_hours_wait_for_the_morning(engine, twilio, local_time, postponed_to_local):
    zone = dt.timezone(dt.timedelta(hours=-7))  # PDT
    due = local_time.replace(tzinfo=zone)
    reminder = schedule(engine, send_at=due)

    run = send_due_reminders(engine, SETTINGS, client_for(twilio), due)

    assert run == ReminderRun(postponed=[reminder["id"]])
    assert twilio.requests == []
    stored = status_of(engine, reminder["id"])
    assert stored["status"] == "scheduled"
    assert stored["send_at"] == postponed_to_local.replace(tzinfo=zone).astimezone(UTC)
    # ... and goes out when that moment comes.
    later = send_due_reminders(engine, SETTINGS, client_for(twilio), stored["send_at"])
    assert later.sent == [reminder["id"]]


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        (dt.datetime(2024, 8, 14, 20, 59, 59, tzinfo=dt.timezone(dt.timedelta(hours=-7))), None),
        (dt.datetime(2024, 8, 15, 8, 0, tzinfo=dt.timezone(dt.timedelta(hours=-7))), None),
        (dt.datetime(2024, 8, 14, 12, 0, tzinfo=dt.timezone(dt.timedelta(hours=-7))), None),
        # The night clocks fall back (3 November 2024, 02:00 PDT -> 01:00 PST): 08:00 PST is 16:00 UTC.
        (dt.datetime(2024, 11, 3, 8, 30, tzinfo=UTC), dt.datetime(2024, 11, 3, 16, 0, tzinfo=UTC)),
        # The night clocks spring forward (10 March 2024): 08:00 PDT is 15:00 UTC.
        (dt.datetime(2024, 3, 10, 9, 0, tzinfo=UTC), dt.datetime(2024, 3, 10, 15, 0, tzinfo=UTC)),
    ],
)
def test_quiet_hours_end(moment, expected):
    assert quiet_hours_end(moment, dt.time(21, 0), dt.time(8, 0)) == expected


def test_quiet_hours_within_one_day_and_none_at_all():
    afternoon = dt.datetime(2024, 8, 14, 20, 0, tzinfo=UTC)  # 13:00 PDT
    assert quiet_hours_end(afternoon, dt.time(12, 0), dt.time(14, 0)) == dt.datetime(
        2024, 8, 14, 21, 0, tzinfo=UTC
    )
    assert quiet_hours_end(afternoon, dt.time(14, 0), dt.time(16, 0)) is None
    assert quiet_hours_end(afternoon, dt.time(9, 0), dt.time(9, 0)) is None


def test_twilio_unsubscribed_error_records_the_opt_out_and_skips(engine, twilio):
    reminder = schedule(engine)
    twilio.error = TwilioError(400, 21610, "Attempt to send to unsubscribed recipient")

    run = send_due_reminders(engine, SETTINGS, client_for(twilio), MORNING)

    assert run == ReminderRun(skipped=[reminder["id"]])
    assert len(twilio.requests) == 1
    assert sms.is_opted_out(engine, OPERATOR)
    assert status_of(engine, reminder["id"])["last_error"] == (
        "Twilio 21610: Unable to create record: Attempt to send to unsubscribed recipient"
    )


def test_other_twilio_errors_mark_the_reminder_failed(engine, twilio):
    reminder = schedule(engine)
    twilio.error = TwilioError(500, 20500, "Internal Server Error")

    run = send_due_reminders(engine, SETTINGS, client_for(twilio), MORNING)

    assert run == ReminderRun(failed=[reminder["id"]])
    stored = status_of(engine, reminder["id"])
    assert stored["status"] == "failed"
    assert stored["last_error"].startswith("Twilio 20500:")
    assert not sms.is_opted_out(engine, OPERATOR)


def test_an_unreachable_twilio_marks_the_reminder_failed_without_crashing(engine):
    reminder = schedule(engine)
    with FakeTwilioApi() as api:
        closed_url = api.url
    client = twilio_client(SETTINGS, http_client=LocalTwilioHttpClient(closed_url, timeout=2))

    run = send_due_reminders(engine, SETTINGS, client, MORNING)

    assert run == ReminderRun(failed=[reminder["id"]])
    assert status_of(engine, reminder["id"])["last_error"].startswith("ConnectionError")


def test_the_local_http_client_never_leaves_the_machine():
    with pytest.raises(ValueError, match=r"only carries https://api\.twilio\.com requests"):
        LocalTwilioHttpClient("http://127.0.0.1:9").request("GET", "https://example.org/")


def test_reminder_text_keeps_a_given_message_and_adds_program_and_opt_out():
    reminder = {"kind": "pump_out_due", "due_date": dt.date(2024, 8, 21), "message": "Pump-out due soon."}
    expected = "Inglewood FOG: Pump-out due soon. Reply STOP to opt out."
    assert reminder_text(reminder, "Inglewood FOG") == expected
    already = {**reminder, "message": "Inglewood FOG: Pump-out due. Reply STOP to end."}
    assert reminder_text(already, "Inglewood FOG") == "Inglewood FOG: Pump-out due. Reply STOP to end."
    manifest = {"kind": "manifest_due", "due_date": dt.date(2024, 8, 17), "message": None}
    assert reminder_text(manifest, "Victorville FOG") == (
        "Victorville FOG: Reminder: the manifest for your grease interceptor service is due by "
        "Saturday, August 17, 2024. Reply STOP to opt out."
    )


def test_sending_needs_a_from_number_and_credentials(engine, twilio):
    schedule(engine)
    with pytest.raises(SettingsError, match="TWILIO_SMS_NUMBER"):
        send_due_reminders(engine, dataclasses.replace(SETTINGS, twilio_sms_number=""), None)
    with pytest.raises(SettingsError, match="TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN"):
        twilio_client(Settings())
    assert reminders.upcoming_for_phone(engine, OPERATOR)[0]["status"] == "scheduled"  # not claimed


def test_run_forever_sends_then_stops_when_told(engine, twilio):
    reminder = schedule(engine)
    stop = threading.Event()
    clock_calls = []

    def clock() -> dt.datetime:
        clock_calls.append(1)
        if len(clock_calls) == 2:
            stop.set()
        return MORNING

    passes = run_forever(engine, SETTINGS, client_for(twilio), stop, clock=clock, interval_seconds=0.01)

    assert passes == 2
    assert status_of(engine, reminder["id"])["status"] == "sent"
    assert len(twilio.requests) == 1


def test_run_forever_survives_a_failing_pass(engine):
    stop = threading.Event()
    calls = []

    def clock() -> dt.datetime:
        calls.append(1)
        if len(calls) == 3:
            stop.set()
        return MORNING

    # No from number: every pass raises SettingsError, which is logged, and the loop goes on.
    passes = run_forever(engine, Settings(), None, stop, clock=clock, interval_seconds=0.01)

    assert passes == 3

"""Shared by the outbox tests (a plain module, not a conftest): a real SMTP server on loopback (aiosmtpd)
that keeps what it receives, free ports, settings pointing at it and at the fake Twilio, and spill reports."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any

from fake_twilio import FakeTwilioApi
from smtp_sink import Inbox, smtp_server  # noqa: F401  (re-exported for the outbox tests)
from sqlalchemy.engine import Engine

import store
from config import Settings

ACCOUNT_SID = "AC" + "7" * 32
AUTH_TOKEN = "e" * 32
FROM_NUMBER = "+17605550100"
ON_CALL_PHONE = "+17605550111"
ON_CALL_EMAIL = "oncall@victorville.example"
OFFICE_EMAIL = "fog@victorville.example"
INGLEWOOD_OFFICE_EMAIL = "fog@inglewood.example"
ALERT_EMAIL = "ops@assistant.example"
REPORTER = "+17605550122"
UTC = dt.timezone.utc
NOW = dt.datetime(2024, 8, 14, 17, 30, tzinfo=UTC)
"""Wednesday 14 August 2024, 10:30 in both cities (PDT)."""


def settings_for(smtp_port: int, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "twilio_account_sid": ACCOUNT_SID,
        "twilio_auth_token": AUTH_TOKEN,
        "twilio_sms_number": FROM_NUMBER,
        "smtp_host": "127.0.0.1",
        "smtp_port": smtp_port,
        "smtp_from": "Victorville FOG <assistant@fog.example>",
        "victorville_spill_sms": ON_CALL_PHONE,
        "victorville_spill_email": ON_CALL_EMAIL,
        "victorville_applications_email": OFFICE_EMAIL,
        "inglewood_applications_email": INGLEWOOD_OFFICE_EMAIL,
        "alert_email": ALERT_EMAIL,
        "notification_max_attempts": 3,
    }
    values.update(overrides)
    return Settings(**values)


def texts_to(twilio: FakeTwilioApi, number: str) -> list[str]:
    """Bodies of every request the fake Twilio received for ``number`` (those it was told to fail too)."""
    return [request.form["Body"][0] for request in twilio.requests if request.form.get("To") == [number]]


def submitted_spill(engine: Engine, now: dt.datetime = NOW, **fields: Any) -> dict[str, Any]:
    """A spill report texted in and confirmed, as actions/spill.py stores it (partial first, then submit)."""
    values = {
        "city": "victorville",
        "location_text": "14343 Civic Drive, by the storm drain",
        "what_spilling": "sewage from a manhole",
        "still_flowing": True,
        "reaches": ["gutter", "storm_drain"],
        "callback_number": REPORTER,
        **fields,
    }
    report = store.spills.create_partial(engine, conversation_id=REPORTER, channel="sms", now=now, **values)
    return store.spills.submit(engine, report["reference"], now=now + dt.timedelta(minutes=2))


def wait_for(condition: Callable[[], Any], *, timeout: float, what: str, every: float = 0.1) -> Any:
    """Poll ``condition`` until it is truthy (returned) or ``timeout`` seconds pass (AssertionError)."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"Timed out after {timeout} s waiting for {what}.")
        time.sleep(every)

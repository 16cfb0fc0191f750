"""Fuzzing the public webhooks of the running assistant: hypothesis-made Twilio bodies (random and missing
fields, unicode, huge values), unsigned, tampered, or validly signed garbage. Never a 500, never a hang past
the request timeout, and nothing stored from a request Twilio did not sign."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
import sqlalchemy as sa
from e2e_settings import TWILIO_TEST_ENV, TWILIO_TEST_TOKEN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twilio.request_validator import RequestValidator

import store
from store.schema import sms_deliveries, voice_calls

pytestmark = pytest.mark.e2e

PATHS = ("/webhooks/twilio_sms/webhook", "/webhooks/twilio_voice/webhook", "/webhooks/twilio_voice/status")
TWILIO_FIELDS = [
    "Body", "From", "To", "MessageSid", "SmsMessageSid", "AccountSid", "NumMedia", "MediaUrl0", "CallSid",
    "CallStatus", "SpeechResult", "Digits", "Confidence", "DialCallStatus", "ApiVersion",
]  # fmt: skip
REQUEST_TIMEOUT = 30
CUT_OFF = -1
UNSIGNED_SIDS: list[str] = []

values = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(min_codepoint=0x80, max_codepoint=0x10FFFF), max_size=200),
    st.integers(min_value=0, max_value=5000).map(lambda n: "9" * n),
    st.sampled_from(["", "+17605550100", "whatsapp:+17605550100", "/restart", "STOP", "MORE", "1", "\x00"]),
)
forms = st.dictionaries(st.one_of(st.sampled_from(TWILIO_FIELDS), st.text(max_size=12)), values, max_size=25)


def post(stack, path: str, body: bytes, signature: str | None) -> int:
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if signature is not None:
        headers["X-Twilio-Signature"] = signature
    request = urllib.request.Request(f"http://127.0.0.1:{stack.ports.rasa}{path}", data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except (ConnectionResetError, BrokenPipeError, urllib.error.URLError) as error:
        if isinstance(error, urllib.error.URLError) and not isinstance(error.reason, ConnectionError):
            raise
        return CUT_OFF  # the server closed the connection on an oversized body before reading it all


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), form=forms, how=st.sampled_from(["unsigned", "tampered", "signed"]))
def test_no_body_gets_a_500_or_hangs(running_stack, path, form, how):
    sid = "SM" + uuid.uuid4().hex
    form = {**form, "MessageSid": form.get("MessageSid", sid)}
    body = urllib.parse.urlencode(form).encode()
    url = f"{TWILIO_TEST_ENV['PUBLIC_BASE_URL']}{path}"
    signature = RequestValidator(TWILIO_TEST_TOKEN).compute_signature(url, form)
    if how == "unsigned":
        UNSIGNED_SIDS.append(form["MessageSid"])
        status = post(running_stack, path, body, None)
        assert status in (403, 413, CUT_OFF)
    elif how == "tampered":
        status = post(running_stack, path, body + b"&Body=changed", signature)
        assert status in (400, 403, 413, CUT_OFF)
    else:
        status = post(running_stack, path, body, signature)
        assert status in (200, 204, 400, 403, 413, CUT_OFF), status


def test_nothing_was_stored_from_an_unsigned_request(running_stack):
    assert UNSIGNED_SIDS, "run after the fuzz test"
    engine = store.connect(running_stack.env["DATABASE_URL"])
    try:
        with engine.connect() as connection:
            stored = connection.execute(
                sa.select(sms_deliveries.c.message_sid).where(sms_deliveries.c.message_sid.in_(UNSIGNED_SIDS))
            ).all()
            calls = connection.execute(
                sa.select(voice_calls.c.call_sid).where(voice_calls.c.call_sid.in_(UNSIGNED_SIDS))
            ).all()
    finally:
        engine.dispose()
    assert stored == [] and calls == []


def test_a_ten_megabyte_body_is_refused_quickly(running_stack):
    import time

    started = time.monotonic()
    status = post(running_stack, PATHS[0], b"Body=" + b"x" * (10 * 1024 * 1024), None)
    assert status in (403, 413, CUT_OFF) and time.monotonic() - started < 5

"""End to end through the real channels, against the running Rasa, action server and web app: Twilio-shaped
SMS webhooks signed with Twilio's own validator, and the residents' chat page in headless Chromium."""

import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
from e2e_settings import TWILIO_TEST_ENV, TWILIO_TEST_TOKEN
from twilio.request_validator import RequestValidator

pytestmark = pytest.mark.e2e

SMS_PATH = "/webhooks/twilio_sms/webhook"


def sms_form(body: str, sender: str, sid: str | None = None) -> dict[str, str]:
    """The fields Twilio posts for an inbound SMS."""
    return {
        "ToCountry": "US",
        "ToState": "CA",
        "SmsMessageSid": sid or f"SM{uuid.uuid4().hex}",
        "NumMedia": "0",
        "ToCity": "VICTORVILLE",
        "FromZip": "92392",
        "SmsSid": sid or f"SM{uuid.uuid4().hex}",
        "FromState": "CA",
        "SmsStatus": "received",
        "FromCity": "VICTORVILLE",
        "Body": body,
        "FromCountry": "US",
        "To": "+17605550199",
        "MessagingServiceSid": "",
        "ToZip": "92392",
        "NumSegments": "1",
        "MessageSid": sid or f"SM{uuid.uuid4().hex}",
        "AccountSid": TWILIO_TEST_ENV["TWILIO_ACCOUNT_SID"],
        "From": sender,
        "ApiVersion": "2010-04-01",
    }


def post_sms(stack, form: dict[str, str], *, sign: bool = True, tamper: bool = False) -> tuple[int, str]:
    url = f"{TWILIO_TEST_ENV['PUBLIC_BASE_URL']}{SMS_PATH}"
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if sign:
        headers["X-Twilio-Signature"] = RequestValidator(TWILIO_TEST_TOKEN).compute_signature(url, form)
    sent = dict(form, Body=form["Body"] + " (changed)") if tamper else form
    request = urllib.request.Request(
        f"http://127.0.0.1:{stack.ports.rasa}{SMS_PATH}",
        data=urllib.parse.urlencode(sent).encode(),
        headers=headers,
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_an_sms_question_gets_a_cited_answer_in_twiml(running_stack):
    sender = "+17605550111"
    status, _ = post_sms(running_stack, sms_form("victorville", sender))
    assert status == 200
    status, twiml = post_sms(running_stack, sms_form("how long do i keep my grease manifests", sender))
    assert status == 200
    assert twiml.startswith('<?xml version="1.0" encoding="UTF-8"?><Response><Message>')
    assert "10.03.170" in twiml and "Inglewood" not in twiml, twiml
    assert "Victorville Municipal Code §" in twiml or "VMC §" in twiml, (
        twiml
    )  # abbreviated when room is short


@pytest.mark.parametrize(("sign", "tamper"), [(False, False), (True, True)])
def test_unsigned_or_tampered_sms_is_refused(running_stack, sign, tamper):
    status, body = post_sms(
        running_stack, sms_form("how often do i pump", "+17605550112"), sign=sign, tamper=tamper
    )
    assert status == 403
    assert "<Message>" not in body


def test_a_duplicate_delivery_is_answered_once_with_the_same_reply(running_stack):
    form = sms_form(
        "what is the fine for a second nov in inglewood", "+13105550113", sid=f"SM{uuid.uuid4().hex}"
    )
    first = post_sms(running_stack, form)
    second = post_sms(running_stack, form)
    assert first[0] == second[0] == 200
    assert "$250" in first[1]
    assert second[1] == first[1]


def test_stop_opts_out_and_nothing_more_is_sent(running_stack):
    sender = "+17605550114"
    status, twiml = post_sms(running_stack, sms_form("STOP", sender))
    assert status == 200 and "unsubscribed" in twiml.lower()
    status, twiml = post_sms(running_stack, sms_form("how often do i pump", sender))
    assert status == 200 and "<Message>" not in twiml
    status, twiml = post_sms(running_stack, sms_form("START", sender))
    assert status == 200 and "<Message>" in twiml


@pytest.mark.browser
def test_a_resident_asks_in_the_chat_page_and_sees_a_cited_answer(running_stack):
    from playwright.sync_api import expect, sync_playwright

    from tests.web.web_chat_test_support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(f"http://127.0.0.1:{running_stack.ports.web}/")
            page.get_by_label("Your city").select_option("victorville")
            page.fill("#message", "how often do i have to pump my grease interceptor?")
            page.click("#send")
            answer = page.locator("#log .msg.bot .msg-text").filter(has_text="10.03.160")
            expect(answer.first).to_be_visible(timeout=60_000)
            page.fill("#message", "<script>alert(1)</script> what about the manifest?")
            page.click("#send")
            expect(page.locator("#log .msg.user .msg-text").last).to_have_text(
                "<script>alert(1)</script> what about the manifest?"
            )
            assert page.locator("#log script").count() == 0
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "web-chat-real-stack.png"), full_page=True)
        finally:
            browser.close()

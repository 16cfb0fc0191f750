"""The Twilio SMS connector over HTTP, with requests shaped and signed exactly as Twilio sends them.

Run in the Rasa environment:
    .venv/rasa/bin/python -m pytest -p no:cacheprovider tests/rasa_env/rasa_test_*.py
"""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
import requests
import sqlalchemy as sa
from fake_twilio import FakeTwilioApi
from rasa_env_support import (
    ACCOUNT_SID,
    AUTH_TOKEN,
    OPERATOR,
    PUBLIC_BASE_URL,
    SMS_PATH,
    XML,
    ChannelServer,
    FakeRasa,
    Respond,
    make_settings,
    media_url,
    migrated_database,
    says,
    sms_form,
    twilio_sid,
    twilio_signature,
)

import store
from channels.security import public_url
from channels.twilio_sms import (
    EMPTY_MESSAGE_REPLY,
    FAILURE_REPLY,
    NOTHING_TO_ATTACH_REPLY,
    RATE_LIMITED_REPLY,
    TwilioSmsInput,
)
from store import reminders, service, sms, spills
from store.schema import sms_deliveries
from worker.reminders import send_due_reminders, twilio_client

# Runs inside the Rasa environment (Python 3.10): `make test` runs these with -m connector.
pytestmark = pytest.mark.connector

EMPTY = f"{XML}<Response />"
HELP_REPLY = (
    "FOG Assistant: For help, contact the City of Victorville FOG manager or the City of Inglewood "
    "Department of Public Works. Msg&amp;data rates may apply. Reply STOP to opt out."
)
STOP_REPLY = (
    "FOG Assistant: You are unsubscribed and will get no more messages from this number. "
    "Reply START to resubscribe."
)
START_REPLY = (
    "FOG Assistant: You are subscribed again. Msg frequency varies. Msg&amp;data rates may apply. "
    "Reply HELP for help. Reply STOP to opt out."
)


def messages(*texts: str) -> str:
    """The exact TwiML of an SMS reply with these ``<Message>`` texts (already XML-escaped)."""
    return f"{XML}<Response>{''.join(f'<Message>{text}</Message>' for text in texts)}</Response>"


@pytest.fixture
def database_url(tmp_path) -> str:
    return migrated_database(tmp_path)


@pytest.fixture
def engine(database_url) -> Iterator[sa.engine.Engine]:
    engine = store.connect(database_url)
    yield engine
    engine.dispose()


@contextmanager
def sms_server(
    database_url: str, respond: Respond, **settings: object
) -> Iterator[tuple[ChannelServer, FakeRasa]]:
    agent = FakeRasa(respond)
    channel = TwilioSmsInput(make_settings(database_url, **settings))
    with ChannelServer([channel], agent) as server:
        yield server, agent


def deliveries(engine) -> int:
    with engine.connect() as connection:
        return connection.execute(sa.select(sa.func.count()).select_from(sms_deliveries)).scalar()


# --- signatures ---------------------------------------------------------------------------------------------


def test_a_signed_message_reaches_rasa_and_the_reply_comes_back_as_twiml(database_url):
    with sms_server(database_url, says("Pump at least every 90 days.", "Anything else?")) as (server, agent):
        answer = server.post(SMS_PATH, sms_form("How often must I pump?", sid="SM" + "1" * 32))

    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "text/xml; charset=utf-8"
    assert answer.text == messages("Pump at least every 90 days.", "Anything else?")
    [message] = agent.messages
    assert (message.text, message.sender_id, message.input_channel) == (
        "How often must I pump?",
        OPERATOR,
        "twilio_sms",
    )
    assert message.message_id == "SM" + "1" * 32
    assert message.metadata == {
        "channel": "sms",
        "from": OPERATOR,
        "message_sid": "SM" + "1" * 32,
        "media": [],
    }


def test_the_signature_covers_the_query_string_twilio_was_configured_with(database_url):
    with sms_server(database_url, says("Hi.")) as (server, agent):
        answer = server.post(SMS_PATH, sms_form("Hello", sid="SM1"), query="city=victorville&x=%2F")

    assert answer.status_code == 200
    assert agent.texts == ["Hello"]


def _bad_requests() -> dict[str, tuple[dict, dict]]:
    """Case name -> (form sent, how it is signed)."""
    form = sms_form("What are the fees?", sid="SM2")
    signed_url = public_url(PUBLIC_BASE_URL, SMS_PATH)
    good = twilio_signature(signed_url, form)
    return {
        "missing": (form, {"signed": False}),
        "garbage": (form, {"signature": "bm90IGEgc2lnbmF0dXJl"}),
        "tampered body": ({**form, "Body": "STOP sending to everyone"}, {"signature": good}),
        "another account's token": (form, {"signature": twilio_signature(signed_url, form, "f" * 32)}),
        "signed for the local address": (
            form,
            {"signature": twilio_signature(f"http://127.0.0.1:5005{SMS_PATH}", form)},
        ),
        "query string added after signing": (form, {"signature": good, "query": "city=victorville"}),
    }


BAD_REQUESTS = _bad_requests()


@pytest.mark.parametrize("case", list(BAD_REQUESTS))
def test_unsigned_or_tampered_requests_get_403_and_never_reach_rasa(database_url, engine, case):
    form, signing = BAD_REQUESTS[case]
    with sms_server(database_url, says("Should not be sent.")) as (server, agent):
        answer = server.post(SMS_PATH, form, **signing)

    assert answer.status_code == 403
    assert answer.text == "Forbidden: this endpoint only accepts requests signed by Twilio."
    assert agent.messages == []
    assert deliveries(engine) == 0  # not even claimed


def test_without_an_auth_token_every_request_is_refused(database_url):
    # Only possible on a local public URL: with a public one, settings refuse to start without a real token.
    local = {"twilio_auth_token": "", "public_base_url": "http://127.0.0.1:5005"}
    with sms_server(database_url, says("No."), **local) as (server, agent):
        assert server.post(SMS_PATH, sms_form("Hi", sid="SM3")).status_code == 403
    assert agent.messages == []


def test_a_signed_request_without_message_sid_or_sender_is_a_400_naming_the_field(database_url):
    no_sid = {
        key: value
        for key, value in sms_form("Hi", sid="SM4").items()
        if "Sid" not in key or key == "AccountSid"
    }
    with sms_server(database_url, says("No.")) as (server, agent):
        missing_sid = server.post(SMS_PATH, no_sid)
        bad_sender = server.post(SMS_PATH, sms_form("Hi", sid="SM5", sender="whatsapp:+17605550199"))

    assert (missing_sid.status_code, missing_sid.text) == (
        400,
        "Twilio SMS webhook without MessageSid: cannot process it exactly once.",
    )
    assert bad_sender.status_code == 400
    assert "'whatsapp:+17605550199' is not a phone number" in bad_sender.text
    assert agent.messages == []


# --- exactly once -------------------------------------------------------------------------------------------


def test_a_repeated_message_sid_is_processed_once_and_answered_the_same(database_url):
    with sms_server(database_url, says("Your trap is due Monday.")) as (server, agent):
        first = server.post(SMS_PATH, sms_form("When is my trap due?", sid="SM10"))
        again = server.post(SMS_PATH, sms_form("When is my trap due?", sid="SM10"))
        other = server.post(SMS_PATH, sms_form("When is my trap due?", sid="SM11"))

    assert first.text == again.text == other.text == messages("Your trap is due Monday.")
    assert agent.texts == ["When is my trap due?", "When is my trap due?"]
    assert [message.message_id for message in agent.messages] == [
        twilio_sid("SM", "SM10"),
        twilio_sid("SM", "SM11"),
    ]


def test_a_duplicate_arriving_while_the_first_is_in_flight_gets_empty_twiml(database_url):
    gate = threading.Event()

    async def slow(message):
        await asyncio.get_running_loop().run_in_executor(None, gate.wait, 15)
        return [{"text": "Done."}]

    with sms_server(database_url, slow) as (server, agent), ThreadPoolExecutor(1) as pool:
        first = pool.submit(server.post, SMS_PATH, sms_form("Question", sid="SM12"))
        deadline = time.monotonic() + 10
        while not agent.messages and time.monotonic() < deadline:
            time.sleep(0.02)
        duplicate = server.post(SMS_PATH, sms_form("Question", sid="SM12"))
        gate.set()
        answered = first.result(timeout=15)
        later = server.post(SMS_PATH, sms_form("Question", sid="SM12"))

    assert duplicate.text == EMPTY
    assert answered.text == later.text == messages("Done.")
    assert len(agent.messages) == 1


def test_when_rasa_fails_the_sender_is_told_to_try_again_and_a_retry_is_not_reprocessed(database_url):
    def broken(message):
        raise RuntimeError("action server down")

    with sms_server(database_url, broken) as (server, agent):
        first = server.post(SMS_PATH, sms_form("Question", sid="SM13"))
        retry = server.post(SMS_PATH, sms_form("Question", sid="SM13"))

    assert first.text == retry.text == messages(FAILURE_REPLY)
    assert len(agent.messages) == 1


# --- carrier keywords and reminders -------------------------------------------------------------------------


def test_help_and_ayuda_are_answered_without_rasa(database_url):
    with sms_server(database_url, says("No.")) as (server, agent):
        help_reply = server.post(SMS_PATH, sms_form(" Help ", sid="SM20"))
        ayuda = server.post(SMS_PATH, sms_form("¡Ayuda!", sid="SM21"))

    assert help_reply.text == messages(HELP_REPLY)
    assert ayuda.text == messages(
        "FOG Assistant: Para ayuda, comuníquese con the City of Victorville FOG manager or the City of "
        "Inglewood Department of Public Works. Pueden aplicarse tarifas de mensajes y datos. "
        "Responda PARAR para cancelar."
    )
    assert agent.messages == []


def test_help_names_the_configured_contact(database_url):
    contact = "the FOG desk at (760) 555-0142"
    with sms_server(database_url, says("No."), sms_help_contact=contact) as (server, _):
        answer = server.post(SMS_PATH, sms_form("HELP", sid="SM22"))
    assert answer.text == messages(
        "FOG Assistant: For help, contact the FOG desk at (760) 555-0142. Msg&amp;data rates may apply. "
        "Reply STOP to opt out."
    )


def test_stop_then_a_reminder_attempt_sends_nothing_and_start_re_enables(database_url, engine):
    settings = make_settings(database_url)
    now = dt.datetime.now(dt.timezone.utc)

    def due_reminder(days: int) -> int:
        return reminders.schedule(
            engine,
            phone=OPERATOR,
            kind="pump_out_due",
            due_date=dt.date(2030, 1, days),
            send_at=now - dt.timedelta(minutes=1),
            message="Your pump-out is due soon.",
            now=now - dt.timedelta(days=1),
        )["id"]

    with sms_server(database_url, says("Hi.")) as (server, agent):
        stop = server.post(SMS_PATH, sms_form("STOP", sid="SM30"))
        question = server.post(SMS_PATH, sms_form("When is my pump-out due?", sid="SM31"))
        blocked = due_reminder(1)
        with FakeTwilioApi() as twilio:
            # Noon in the city, outside quiet hours, so only the opt-out can stop the send.
            noon = dt.datetime(2030, 1, 2, 20, 0, tzinfo=dt.timezone.utc)
            first_run = send_due_reminders(
                engine, settings, twilio_client(settings, twilio.http_client()), noon
            )
            assert twilio.requests == []

            start = server.post(SMS_PATH, sms_form("START", sid="SM32"))
            allowed = due_reminder(2)
            second_run = send_due_reminders(
                engine, settings, twilio_client(settings, twilio.http_client()), noon
            )
            [sent] = twilio.requests

    assert stop.text == messages(STOP_REPLY)
    assert question.text == EMPTY  # an opted-out number is not messaged, not even in reply
    assert agent.messages == []
    assert first_run.sent == [] and blocked not in second_run.sent
    assert reminders.upcoming_for_phone(engine, OPERATOR) == []  # the blocked one was skipped, not kept
    assert start.text == messages(START_REPLY)
    assert second_run.sent == [allowed]
    assert sent.form["To"] == [OPERATOR]
    assert sent.form["Body"] == ["FOG Assistant: Your pump-out is due soon. Reply STOP to opt out."]
    assert sent.path == f"/2010-04-01/Accounts/{ACCOUNT_SID}/Messages.json"


def test_spanish_stop_is_stored_and_answered_in_spanish(database_url, engine):
    with sms_server(database_url, says("No.")) as (server, agent):
        parar = server.post(SMS_PATH, sms_form("Parar", sid="SM33"))
        comenzar = server.post(SMS_PATH, sms_form("COMENZAR", sid="SM34"))

    assert parar.text == messages(
        "FOG Assistant: Se canceló su suscripción y no recibirá más mensajes de este número. "
        "Responda COMENZAR para volver a suscribirse."
    )
    assert comenzar.text == messages(
        "FOG Assistant: Su suscripción está activa de nuevo. La frecuencia de mensajes varía. "
        "Pueden aplicarse tarifas de mensajes y datos. Responda AYUDA para ayuda. "
        "Responda PARAR para cancelar."
    )
    assert not sms.is_opted_out(engine, OPERATOR)
    assert agent.messages == []


def test_yes_is_an_answer_for_rasa_unless_the_number_is_opted_out(database_url, engine):
    with sms_server(database_url, says("Noted.")) as (server, agent):
        answer = server.post(SMS_PATH, sms_form("Yes", sid="SM35"))
        server.post(SMS_PATH, sms_form("stop", sid="SM36"))
        rejoin = server.post(SMS_PATH, sms_form("yes", sid="SM37"))

    assert answer.text == messages("Noted.")
    assert agent.texts == ["Yes"]
    assert rejoin.text == messages(START_REPLY)
    assert not sms.is_opted_out(engine, OPERATOR)


def test_when_twilio_answers_english_keywords_itself_we_only_record_them(database_url, engine):
    with sms_server(database_url, says("No."), sms_keywords_answered_by_twilio=True) as (server, _):
        stop = server.post(SMS_PATH, sms_form("STOP", sid="SM38"))
        ayuda = server.post(SMS_PATH, sms_form("ayuda", sid="SM39"))

    assert stop.text == EMPTY
    assert sms.is_opted_out(engine, OPERATOR)
    assert "Para ayuda" in ayuda.text  # Twilio does not answer Spanish keywords


# --- message shapes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("body", [None, "", "   \n "])
def test_an_empty_or_missing_body_gets_a_prompt_not_a_crash(database_url, body):
    with sms_server(database_url, says("No.")) as (server, agent):
        answer = server.post(SMS_PATH, sms_form(body, sid="SM40"))

    assert answer.status_code == 200
    assert answer.text == messages(EMPTY_MESSAGE_REPLY)
    assert agent.messages == []


def test_a_body_over_1600_characters_is_refused_politely_and_one_of_1600_is_answered(database_url, caplog):
    too_long = "a" * 1601
    with sms_server(database_url, says("Got it.")) as (server, agent):
        refused = server.post(SMS_PATH, sms_form(too_long, sid="SM41"))
        accepted = server.post(SMS_PATH, sms_form("b" * 1600, sid="SM42"))

    assert refused.text == messages(
        "Your message has 1,601 characters, more than the 1,600 I can read at once. "
        "Please send it again in shorter messages, or just your question."
    )
    assert accepted.text == messages("Got it.")
    assert agent.texts == ["b" * 1600]
    assert too_long in caplog.text  # nothing lost: the full text is in the log


def test_a_media_only_mms_is_added_to_the_open_spill_report(database_url, engine):
    report = spills.create_partial(
        engine, conversation_id=OPERATOR, channel="sms", location_text="5th and Main"
    )
    media = [(media_url(1), "image/jpeg"), (media_url(2), "image/png")]
    with sms_server(database_url, says("No.")) as (server, agent):
        answer = server.post(SMS_PATH, sms_form("", sid="SM43", media=media))

    assert answer.text == messages(f"Thanks. I added your 2 photos to spill report {report['reference']}.")
    assert spills.get_by_reference(engine, report["reference"])["media_urls"] == [media_url(1), media_url(2)]
    assert agent.messages == []


def test_a_media_only_mms_without_a_report_goes_to_the_latest_pump_out_record(database_url, engine):
    record = service.add_record(
        engine, service_date=dt.date(2024, 8, 14), conversation_id=OPERATOR, channel="sms", gallons=1000.0
    )
    with sms_server(database_url, says("No.")) as (server, _):
        answer = server.post(SMS_PATH, sms_form(None, sid="SM44", media=[(media_url(3), "image/jpeg")]))

    assert answer.text == messages(f"Thanks. I added your photo to pump-out record {record['reference']}.")
    assert service.get_by_reference(engine, record["reference"])["photo_urls"] == [media_url(3)]


def test_a_media_only_mms_with_nothing_to_attach_to_says_so(database_url, caplog):
    with sms_server(database_url, says("No.")) as (server, agent):
        answer = server.post(SMS_PATH, sms_form("", sid="SM45", media=[(media_url(4), "image/jpeg")]))

    assert answer.text == messages(NOTHING_TO_ATTACH_REPLY)
    assert media_url(4) in caplog.text
    assert agent.messages == []


def test_text_with_a_photo_is_attached_and_the_text_goes_to_rasa(database_url, engine):
    report = spills.create_partial(engine, conversation_id=OPERATOR, channel="sms")
    with sms_server(database_url, says("Is it still flowing?")) as (server, agent):
        answer = server.post(
            SMS_PATH, sms_form("It reached the storm drain", sid="SM46", media=[(media_url(5), "image/jpeg")])
        )

    assert answer.text == messages(
        f"Thanks. I added your photo to spill report {report['reference']}.", "Is it still flowing?"
    )
    [message] = agent.messages
    assert message.text == "It reached the storm drain"
    assert message.metadata["media"] == [media_url(5)]


def test_a_photo_sent_with_the_first_spill_message_lands_on_the_report_rasa_opens(database_url, engine):
    def opens_report(message):
        spills.create_partial(
            engine, conversation_id=message.sender_id, channel="sms", location_text=message.text
        )
        return [{"text": "Where exactly is it?"}]

    with sms_server(database_url, opens_report) as (server, _):
        answer = server.post(
            SMS_PATH, sms_form("Sewage on 5th St", sid="SM47", media=[(media_url(6), "image/jpeg")])
        )

    report = spills.open_for_conversation(engine, OPERATOR)
    assert report["media_urls"] == [media_url(6)]
    assert answer.text == messages(
        f"Thanks. I added your photo to spill report {report['reference']}.", "Where exactly is it?"
    )


def test_voice_only_payloads_are_dropped_and_buttons_and_custom_text_rendered(database_url):
    def bot(_message):
        return [
            {"text": "Call the city spill line now."},
            {"custom": {"dial": "+13104125333", "say": "Connecting you to the city."}},
            {"custom": {"text": "Or tell me where it is."}},
            {
                "text": "Which city?",
                "buttons": [{"title": "Victorville", "payload": "/inform_city"}, {"title": "Inglewood"}],
            },
        ]

    with sms_server(database_url, bot) as (server, _):
        answer = server.post(SMS_PATH, sms_form("sewage spill", sid="SM48"))

    # Four texts do not fit in three messages one by one, so they run on together (and fit in one).
    assert answer.text == messages(
        "Call the city spill line now. Or tell me where it is. Which city? "
        "Reply with: Victorville or Inglewood."
    )


# --- long answers and MORE ----------------------------------------------------------------------------------


def sentence(number: int) -> str:
    """97 characters: three fit in a 320-character SMS (293), four do not."""
    return f"Point {number:02d} is" + " long" * 17 + "."


def test_long_answers_are_split_into_three_messages_and_more_sends_the_rest(database_url):
    answer_text = " ".join(sentence(number) for number in range(1, 11))
    with sms_server(database_url, says(answer_text)) as (server, agent):
        first = server.post(SMS_PATH, sms_form("Tell me everything", sid="SM50"))
        more = server.post(SMS_PATH, sms_form("MORE", sid="SM51"))
        nothing_kept = server.post(SMS_PATH, sms_form("more", sid="SM52"))

    assert first.text == messages(
        " ".join(sentence(n) for n in (1, 2, 3)),
        " ".join(sentence(n) for n in (4, 5, 6)),
        " ".join(sentence(n) for n in (7, 8, 9)) + " Reply MORE for the rest.",
    )
    assert more.text == messages(sentence(10))
    # Nothing kept by the connector: MORE goes to Rasa, whose own "more" intent answers it.
    assert agent.texts == ["Tell me everything", "more"]
    assert nothing_kept.text == first.text


def test_mas_continues_with_the_spanish_marker_and_a_new_question_drops_the_rest(database_url):
    long_answer = " ".join(sentence(number) for number in range(1, 20))

    def bot(message):
        return [{"text": long_answer if message.text == "Everything please" else "Short answer."}]

    with sms_server(database_url, bot) as (server, agent):
        server.post(SMS_PATH, sms_form("Everything please", sid="SM53"))
        mas = server.post(SMS_PATH, sms_form("Más", sid="SM54"))
        mas_again = server.post(SMS_PATH, sms_form("MAS", sid="SM55"))
        server.post(SMS_PATH, sms_form("Everything please", sid="SM56"))
        server.post(SMS_PATH, sms_form("Something else", sid="SM57"))
        more = server.post(SMS_PATH, sms_form("more", sid="SM58"))

    assert mas.text == messages(
        " ".join(sentence(n) for n in (10, 11, 12)),
        " ".join(sentence(n) for n in (13, 14, 15)),
        " ".join(sentence(n) for n in (16, 17)) + " Responda MAS para el resto.",
    )
    assert mas_again.text == messages(" ".join(sentence(n) for n in (18, 19)))
    # The new question replaced the kept text, so this MORE is Rasa's to answer.
    assert more.text == messages("Short answer.")
    assert agent.texts == ["Everything please", "Everything please", "Something else", "more"]


# --- rate limit ---------------------------------------------------------------------------------------------


def test_the_rate_limit_explains_once_then_stays_quiet_but_stop_still_works(database_url, engine):
    with sms_server(database_url, says("Answer."), sms_rate_limit=2) as (server, agent):
        replies = [server.post(SMS_PATH, sms_form(f"Question {n}", sid=f"SM6{n}")).text for n in range(4)]
        stop = server.post(SMS_PATH, sms_form("STOP", sid="SM69"))

    assert replies == [messages("Answer."), messages("Answer."), messages(RATE_LIMITED_REPLY), EMPTY]
    assert agent.texts == ["Question 0", "Question 1"]
    assert stop.text == messages(STOP_REPLY)
    assert sms.is_opted_out(engine, OPERATOR)


# --- a whole conversation -----------------------------------------------------------------------------------


def test_a_spill_reported_by_sms_from_the_first_webhook_to_the_stored_report(database_url, engine):
    """A fake Rasa playing the spill flow against the real store: the report is committed before the
    assistant says it was received, and the photo texted mid-report is on it."""

    def spill_flow(message):
        report = spills.open_for_conversation(engine, message.sender_id)
        text = message.text.lower()
        if report is None:
            report = spills.create_partial(
                engine,
                conversation_id=message.sender_id,
                channel=message.metadata["channel"],
                location_text=message.text,
            )
            reference = report["reference"]
            return [
                {"text": f"I started spill report {reference}. Is sewage still flowing? Reply yes or no."}
            ]
        if report["still_flowing"] is None:
            spills.update(engine, report["reference"], still_flowing=text.startswith("y"))
            return [{"text": "Which city is it in, Victorville or Inglewood?"}]
        spills.update(engine, report["reference"], city=text.strip())
        submitted = spills.submit(engine, report["reference"])
        return [{"text": f"Thank you. Spill report {submitted['reference']} was received."}]

    with sms_server(database_url, spill_flow) as (server, agent):
        opened = server.post(
            SMS_PATH, sms_form("Sewage is coming out of a manhole at 5th and Main", sid="SM70")
        )
        photo = server.post(SMS_PATH, sms_form("", sid="SM71", media=[(media_url(7), "image/jpeg")]))
        flowing = server.post(SMS_PATH, sms_form("yes", sid="SM72"))
        city = server.post(SMS_PATH, sms_form("Victorville", sid="SM73"))

    [report] = spills.list_recent(engine)
    reference = report["reference"]
    assert opened.text == messages(
        f"I started spill report {reference}. Is sewage still flowing? Reply yes or no."
    )
    assert photo.text == messages(f"Thanks. I added your photo to spill report {reference}.")
    assert flowing.text == messages("Which city is it in, Victorville or Inglewood?")
    assert city.text == messages(f"Thank you. Spill report {reference} was received.")
    assert agent.texts == ["Sewage is coming out of a manhole at 5th and Main", "yes", "Victorville"]
    kept = ("status", "city", "still_flowing", "location_text", "channel", "conversation_id", "media_urls")
    assert {key: report[key] for key in kept} == {
        "status": "submitted",
        "city": "victorville",
        "still_flowing": True,
        "location_text": "Sewage is coming out of a manhole at 5th and Main",
        "channel": "sms",
        "conversation_id": OPERATOR,
        "media_urls": [media_url(7)],
    }
    assert report["submitted_at"] is not None


def test_health_route(database_url):
    with sms_server(database_url, says("Hi.")) as (server, _):
        assert requests.get(f"http://127.0.0.1:{server.port}/webhooks/twilio_sms/", timeout=5).json() == {
            "status": "ok"
        }


def _post_raw(server: ChannelServer, body: str, signature: str | None) -> requests.Response:
    headers = {"Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"}
    if signature is not None:
        headers["X-Twilio-Signature"] = signature
    return requests.post(f"http://127.0.0.1:{server.port}{SMS_PATH}", data=body, headers=headers, timeout=20)


def test_an_unsigned_request_is_refused_before_its_body_is_parsed(database_url):
    with sms_server(database_url, says("No.")) as (server, agent):
        refused = _post_raw(server, "Body=" + "x" * 20_000, signature=None)
    assert refused.status_code == 403 and agent.messages == []


def test_oversized_bodies_are_refused_signed_or_not(database_url):
    big = sms_form("x" * 40_000, sid="SM" + "1" * 32)
    with sms_server(database_url, says("No.")) as (server, agent):
        over_webhook_limit = server.post(SMS_PATH, big)
        over_server_limit = _post_raw(server, "Body=" + "y" * 200_000, signature="c2lnbmF0dXJl")
    assert over_webhook_limit.status_code == 413
    assert over_server_limit.status_code == 413
    assert agent.messages == []


def test_too_many_or_repeated_parameters_are_refused(database_url):
    from urllib.parse import urlencode

    from twilio.request_validator import RequestValidator

    from channels.security import _MultiValueParams

    form = sms_form("Hi", sid="SM" + "2" * 32)
    many = {**form, **{f"Extra{i}": "1" for i in range(120)}}
    repeated = [*form.items(), ("Body", "STOP")]
    params: dict[str, list[str]] = {}
    for name, value in repeated:
        params.setdefault(name, []).append(value)
    url = f"{PUBLIC_BASE_URL}{SMS_PATH}"
    repeated_signature = RequestValidator(AUTH_TOKEN).compute_signature(url, _MultiValueParams(params))
    with sms_server(database_url, says("No.")) as (server, agent):
        too_many = server.post(SMS_PATH, many)
        twice = _post_raw(server, urlencode(repeated), repeated_signature)
    assert too_many.status_code == 400 and "parameters" in too_many.text
    assert twice.status_code == 400 and "Repeated" in twice.text
    assert agent.messages == []


def test_when_rasa_answers_nothing_the_texter_is_asked_to_try_again(database_url):
    with sms_server(database_url, says()) as (server, agent):
        response = server.post(SMS_PATH, sms_form("when is my next pump out", sid="SM" + "3" * 32))
    assert response.status_code == 200 and len(agent.messages) == 1
    assert "could not answer" in response.text and "<Message>" in response.text


@pytest.mark.parametrize(
    ("field", "value"),
    [("MessageSid", "SM3"), ("MessageSid", "XX" + "0" * 32), ("AccountSid", "AC" + "g" * 32)],
)
def test_identifiers_not_shaped_like_twilios_are_refused(database_url, field, value):
    form = {**sms_form("Hi", sid="SM" + "4" * 32), field: value}
    with sms_server(database_url, says("No.")) as (server, agent):
        response = server.post(SMS_PATH, form)
    assert response.status_code == 400 and field in response.text
    assert agent.messages == []


def test_a_request_for_another_twilio_account_is_refused(database_url):
    form = {**sms_form("Hi", sid="SM" + "5" * 32), "AccountSid": "AC" + "f" * 32}
    with sms_server(database_url, says("No.")) as (server, agent):
        response = server.post(SMS_PATH, form)
    assert response.status_code == 403 and agent.messages == []


def test_a_database_that_cannot_be_reached_still_gets_the_texter_an_answer(tmp_path):
    unreachable = f"sqlite:///{tmp_path / 'missing' / 'dir' / 'assistant.db'}"
    with sms_server(unreachable, says("Hello.")) as (server, agent):
        response = server.post(SMS_PATH, sms_form("hi", sid="SM" + "6" * 32))
    assert response.status_code == 200
    assert "could not answer" in response.text and agent.messages == []

"""Spanish end to end: a spill reported by text in Spanish, from the first signed webhook to the stored report
and a drafted notice in Spanish; a Spanish call (keypad and speech) to the dial-through; Spanish questions
answered in Spanish with the English citation. Requests shaped and signed as Twilio sends them, through our
connectors, the real Rasa and the action server."""

import re
import urllib.request
import uuid

import pytest
from test_twilio_spill_e2e import SMS_PATH, VOICE_PATH, call_form, reports, signed_post, sms_form

from languages import ENGLISH
from languages.detect import detect

pytestmark = pytest.mark.e2e


def language_of(text: str) -> str | None:
    """The language of a reply's own words: citations, English official names in brackets left out."""
    return detect(re.sub(r"\((?:[^()]|\([^()]*\))*\)", " ", text))


def messages_of(twiml: str) -> list[str]:
    return re.findall(r"<Message>(.*?)</Message>", twiml, flags=re.S)


def says(twiml: str) -> list[tuple[str, str]]:
    """(language, text) of every <Say>."""
    return re.findall(r'<Say language="([^"]+)">(.*?)</Say>', twiml, flags=re.S)


def test_a_spill_reported_by_text_in_spanish_is_stored_and_its_notice_drafted_in_spanish(running_stack):
    sender = "+17605550177"
    turns = [
        "se esta saliendo agua negra de una alcantarilla",
        "no",
        "Victorville",
        "15000 Seneca Rd por la biblioteca",
        "grasa y aguas negras",
        "hoy en la mañana como a las 7",
        "no",
        "la calle",
        "como 10 galones",
        "no",
        "Sara Ortiz",
        "760-555-0177",
        "si",
    ]
    transcript = []
    for body in turns:
        twiml = signed_post(running_stack, SMS_PATH, sms_form(body, sender))
        messages = messages_of(twiml)
        transcript.append((body, messages))
        assert messages and all(len(message) <= 320 for message in messages), transcript
        assert language_of(" ".join(messages)) != ENGLISH, transcript  # never an English reply
    [report] = reports(running_stack, sender)
    assert report["status"] == "submitted" and report["channel"] == "sms", transcript
    assert (report["city"], report["reporter_name"], report["volume_gallons"]) == (
        "victorville",
        "Sara Ortiz",
        10.0,
    )
    assert report["details"]["language"] == "es"
    reference = report["reference"]
    assert reference in " ".join(messages_of(twiml))

    notice = " ".join(messages_of(signed_post(running_stack, SMS_PATH, sms_form("si", sender))))
    assert reference in notice and "aviso" in notice.lower(), notice
    assert language_of(notice) != ENGLISH, notice

    url = re.search(r"https?://\S+", notice).group(0).rstrip(".")  # on SMS the link is in the reply
    path = url.split("/documents/", 1)[1]
    with urllib.request.urlopen(
        f"http://127.0.0.1:{running_stack.ports.web}/documents/{path}", timeout=30
    ) as response:
        pdf = response.read()
    assert pdf.startswith(b"%PDF") and b"/Lang (es)" in pdf


def test_a_spanish_call_by_keypad_and_speech_reaches_the_dial_through(running_stack):
    call_sid = "CA" + uuid.uuid4().hex
    greeting = signed_post(running_stack, VOICE_PATH, call_form(call_sid))
    assert ("es-MX", "Para español, oprima 9 o diga español.") in says(greeting)
    spanish = signed_post(running_stack, VOICE_PATH, call_form(call_sid, Digits="9"))
    assert 'language="es-MX"' in spanish and "<Gather" in spanish, spanish
    assert all(language == "es-MX" for language, _ in says(spanish))
    assert language_of(" ".join(text for _, text in says(spanish))) != ENGLISH, spanish
    overflowing = signed_post(running_stack, VOICE_PATH, call_form(call_sid, Digits="1"))
    assert all(language == "es-MX" for language, _ in says(overflowing)), overflowing
    dial = signed_post(
        running_stack, VOICE_PATH, call_form(call_sid, SpeechResult="en Inglewood", Confidence="0.9")
    )
    assert "<Dial" in dial and "+13104125333" in dial, dial
    assert all(language == "es-MX" for language, _ in says(dial)), dial
    [partial] = reports(running_stack, call_sid)
    assert (partial["status"], partial["city"], partial["channel"]) == ("partial", "inglewood", "voice")


@pytest.mark.parametrize(
    ("question", "section"),
    [
        ("cada cuanto tengo que limpiar la trampa de grasa? estoy en inglewood", "Inglewood FOG Ordinance"),
        ("q pasa si no mando los manifiestos a tiempo en victorville", "Victorville Municipal Code"),
        ("mi restaurante necesita contenedor para restos de comida en victorville?", "§ 6.37"),
    ],
)
def test_a_spanish_question_by_text_is_answered_in_spanish_with_the_english_citation(
    running_stack, question, section
):
    sender = "+1760555" + str(uuid.uuid4().int)[:4]
    reply = " ".join(messages_of(signed_post(running_stack, SMS_PATH, sms_form(question, sender))))
    assert section in reply, reply
    assert language_of(reply) != ENGLISH, reply

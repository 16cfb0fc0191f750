"""The Twilio voice connector (the spill line) over HTTP, requests shaped and signed as Twilio sends them.

Run in the Rasa environment:
    .venv/rasa/bin/python -m pytest -p no:cacheprovider tests/rasa_env/rasa_test_*.py
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from xml.sax.saxutils import escape

import pytest
import sqlalchemy as sa
from rasa_env_support import (
    OPERATOR,
    PUBLIC_BASE_URL,
    VOICE_DIAL_RESULT_PATH,
    VOICE_PATH,
    VOICE_STATUS_PATH,
    XML,
    ChannelServer,
    FakeRasa,
    Respond,
    make_settings,
    migrated_database,
    says,
    status_form,
    twilio_signature,
    voice_form,
)

import store
from channels.twilio_voice import (
    CALL_STARTED,
    DIAL_FAILED_INTRO,
    GOODBYE,
    NOT_UNDERSTOOD_PROMPT,
    RESTART,
    SILENCE_GOODBYE,
    SILENCE_TIMEOUT,
    SPANISH_MENU,
    SPEECH_HINTS,
    TROUBLE_PROMPT,
    TwilioVoiceInput,
    caller_text,
    speak,
)
from store import spills
from store import voice as voice_store

# Runs inside the Rasa environment (Python 3.10): `make test` runs these with -m connector.
pytestmark = pytest.mark.connector

GREETING = "If sewage is overflowing right now, press 1 or say yes."
ACTION = f"{PUBLIC_BASE_URL}/webhooks/twilio_voice/webhook"
DIAL_RESULT = f"{PUBLIC_BASE_URL}/webhooks/twilio_voice/dial_result"
CALL = "CA" + "a" * 32
SAY = '<Say language="en-US">'


def gather(prompt: str, *, opening: bool = False, language: str = "en") -> str:
    """The TwiML of a question; ``opening``: the call's first, with the Spanish menu said in Spanish."""
    spoken = {"en": "en-US", "es": "es-MX"}[language]
    hints = escape(", ".join(SPEECH_HINTS[language]))
    menu = f'<Say language="es-MX">{SPANISH_MENU}</Say>' if opening else ""
    return (
        f'{XML}<Response><Gather action="{ACTION}" hints="{hints}" input="speech dtmf" language="{spoken}" '
        f'method="POST" numDigits="1" speechTimeout="auto" timeout="5">'
        f'<Say language="{spoken}">{prompt}</Say>'
        f'{menu}</Gather><Redirect method="POST">{ACTION}</Redirect></Response>'
    )


def say_and_hang_up(text: str) -> str:
    return f"{XML}<Response>{SAY}{text}</Say><Hangup /></Response>"


def read_twice(intro: str) -> str:
    """The Inglewood spill number, (310) 412-5333, read slowly twice after ``intro``."""
    once = f'<Pause length="1" />{SAY}3 1 0</Say><Pause length="1" />{SAY}4 1 2</Say>'
    once += f'<Pause length="1" />{SAY}5 3 3 3</Say><Pause length="2" />'
    return f"{XML}<Response>{SAY}{intro}</Say>{once}{SAY}Once more.</Say>{once}<Hangup /></Response>"


@pytest.fixture
def database_url(tmp_path) -> str:
    return migrated_database(tmp_path)


@pytest.fixture
def engine(database_url) -> Iterator[sa.engine.Engine]:
    engine = store.connect(database_url)
    yield engine
    engine.dispose()


@contextmanager
def voice_server(
    database_url: str, respond: Respond, **settings: object
) -> Iterator[tuple[ChannelServer, FakeRasa]]:
    agent = FakeRasa(respond)
    with ChannelServer([TwilioVoiceInput(make_settings(database_url, **settings))], agent) as server:
        yield server, agent


def greeting_flow(then: Respond | None = None) -> Respond:
    """The spill flow's opening (owned by Rasa): greet on /voice_call_started, else ``then``."""

    def respond(message):
        if message.text == CALL_STARTED:
            return [{"text": GREETING}]
        return then(message) if then else [{"text": "Where is the sewage coming out?"}]

    return respond


# --- opening and answers ------------------------------------------------------------------------------------


def test_the_call_opens_with_the_flows_greeting_inside_a_gather(database_url, engine):
    with voice_server(database_url, greeting_flow()) as (server, agent):
        answer = server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))

    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "text/xml; charset=utf-8"
    assert answer.text == gather(GREETING, opening=True)
    [message] = agent.messages
    assert (message.text, message.sender_id, message.input_channel) == (CALL_STARTED, CALL, "twilio_voice")
    assert message.metadata == {
        "channel": "voice",
        "call_sid": CALL,
        "from": OPERATOR,
        "to": "+17605550100",
        "digits": None,
        "confidence": None,
        "language": "en",
    }
    call = voice_store.get_call(engine, CALL)
    assert (call["status"], call["from_number"], call["conversation_id"]) == ("in_progress", OPERATOR, CALL)
    assert call["state"]["last_prompt"] == GREETING


def test_speech_goes_to_rasa_with_its_confidence(database_url):
    with voice_server(database_url, greeting_flow()) as (server, agent):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, speech="Yes it is overflowing", confidence="0.87"))

    assert answer.text == gather("Where is the sewage coming out?")
    message = agent.messages[1]
    assert message.text == "Yes it is overflowing"
    assert (message.metadata["confidence"], message.metadata["digits"]) == (0.87, None)


@pytest.mark.parametrize(("digits", "text"), [("1", "yes"), ("2", "no"), ("7", "7"), ("#", "#")])
def test_keys_are_answers_one_is_yes_and_two_is_no(database_url, digits, text):
    with voice_server(database_url, greeting_flow()) as (server, agent):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        server.post(VOICE_PATH, voice_form(CALL, digits=digits))

    assert agent.texts == [CALL_STARTED, text]
    assert agent.messages[1].metadata["digits"] == digits


@pytest.mark.parametrize(
    ("speech", "digits", "expected"),
    [("", "1", "yes"), ("  ", "", None), ("no", "1", "no"), ("", " 2 ", "no"), ("", "", None)],
)
def test_caller_text(speech, digits, expected):
    assert caller_text(speech, digits) == expected


def test_bot_text_is_reworded_for_the_ear(database_url):
    bot = greeting_flow(says("Call (310) 412-5333 about the FOG spill. Your report is SP-482137."))
    with voice_server(database_url, bot) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, digits="1"))

    assert answer.text == gather(
        "Call 3 1 0, 4 1 2, 5 3 3 3 about the fats, oils and grease spill. Your report is S P, 4 8 2 1 3 7."
    )
    assert speak("Report FC-000123, not XY-123456.") == "Report F C, 0 0 0 1 2 3, not XY-123456."


def test_when_rasa_fails_the_caller_is_asked_again_not_dropped(database_url):
    def broken(message):
        if message.text == CALL_STARTED:
            return [{"text": GREETING}]
        raise RuntimeError("action server down")

    with voice_server(database_url, broken) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, speech="yes"))
        silent_bot = server.post(VOICE_PATH, voice_form("CA" + "b" * 32, call_status="ringing"))

    assert answer.text == gather(TROUBLE_PROMPT)
    assert silent_bot.text == gather(GREETING, opening=True)  # a fresh call still gets the greeting


def test_a_bot_that_says_nothing_gets_a_prompt_to_repeat(database_url):
    with voice_server(database_url, greeting_flow(lambda _message: [])) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, speech="hmm"))
    assert answer.text == gather(NOT_UNDERSTOOD_PROMPT)


# --- signatures ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "form"),
    [
        (VOICE_PATH, voice_form(CALL, call_status="ringing")),
        (VOICE_STATUS_PATH, status_form(CALL, "completed")),
        (VOICE_DIAL_RESULT_PATH, {**voice_form(CALL), "DialCallStatus": "busy"}),
    ],
)
@pytest.mark.parametrize("signature", [None, "bm90IGEgc2lnbmF0dXJl"])
def test_every_voice_route_refuses_unsigned_requests(database_url, engine, path, form, signature):
    with voice_server(database_url, greeting_flow()) as (server, agent):
        answer = server.post(path, form, signature=signature, signed=False)

    assert answer.status_code == 403
    assert agent.messages == []
    assert voice_store.get_call(engine, CALL) is None


def test_blank_fields_twilio_sends_are_part_of_the_signature(database_url):
    form = voice_form(CALL, call_status="ringing")
    assert form["FromZip"] == "" and form["CallerCity"] == ""
    with voice_server(database_url, greeting_flow()) as (server, _):
        assert server.post(VOICE_PATH, form).status_code == 200
        dropped = {key: value for key, value in form.items() if value}
        assert server.post(VOICE_PATH, dropped, signature=None, signed=True).status_code == 200
        # signed with the blank fields, sent without them: the signature no longer matches
        signature = twilio_signature(ACTION, form)
        assert server.post(VOICE_PATH, dropped, signature=signature).status_code == 403


# --- emergency routing --------------------------------------------------------------------------------------

DIAL_REPLY = [
    {"text": "This is an emergency."},
    {"custom": {"dial": "(310) 412-5333", "say": "I am connecting you to the Inglewood spill line."}},
]


def test_a_dial_payload_connects_the_caller(database_url, engine):
    with voice_server(database_url, greeting_flow(lambda _m: DIAL_REPLY)) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, digits="1"))

    assert answer.text == (
        f"{XML}<Response>{SAY}This is an emergency. I am connecting you to the Inglewood spill line.</Say>"
        f'<Dial action="{DIAL_RESULT}" method="POST" timeout="20">+13104125333</Dial></Response>'
    )
    assert voice_store.get_call(engine, CALL)["state"]["dial_number"] == "(310) 412-5333"


def test_with_dialing_disabled_the_number_is_read_slowly_twice(database_url):
    bot = greeting_flow(lambda _m: DIAL_REPLY)
    with voice_server(database_url, bot, voice_dial_enabled=False) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, digits="1"))

    assert answer.text == read_twice("This is an emergency. I am connecting you to the Inglewood spill line.")


@pytest.mark.parametrize(
    ("dial_status", "expected"),
    [
        ("busy", read_twice(DIAL_FAILED_INTRO)),
        ("no-answer", read_twice(DIAL_FAILED_INTRO)),
        ("failed", read_twice(DIAL_FAILED_INTRO)),
        ("completed", say_and_hang_up(GOODBYE)),
        ("answered", say_and_hang_up(GOODBYE)),
    ],
)
def test_when_the_dialled_line_does_not_answer_the_number_is_read_out(database_url, dial_status, expected):
    with voice_server(database_url, greeting_flow(lambda _m: DIAL_REPLY)) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        server.post(VOICE_PATH, voice_form(CALL, digits="1"))
        answer = server.post(VOICE_DIAL_RESULT_PATH, {**voice_form(CALL), "DialCallStatus": dial_status})

    assert answer.text == expected


def test_a_number_that_cannot_be_dialled_does_not_drop_the_caller(database_url, caplog):
    reply = [{"text": "Please hold on."}, {"custom": {"dial": "call the city", "say": "Connecting you."}}]
    with voice_server(database_url, greeting_flow(lambda _m: reply)) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, digits="1"))

    assert answer.status_code == 200
    assert answer.text == gather("Please hold on.")
    assert "not a dialable phone number" in caplog.text


def test_a_hangup_payload_ends_the_call_politely(database_url):
    bot = greeting_flow(lambda _m: [{"text": "Thank you, that is all I need."}, {"custom": {"hangup": True}}])
    with voice_server(database_url, bot) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(VOICE_PATH, voice_form(CALL, speech="no"))
        bare = server.post(VOICE_PATH, voice_form("CA" + "c" * 32, speech="no"))

    assert answer.text == say_and_hang_up("Thank you, that is all I need.")
    assert bare.text == say_and_hang_up("Thank you, that is all I need.")  # even without stored state


# --- silence ------------------------------------------------------------------------------------------------


def test_silence_is_re_prompted_twice_and_the_third_ends_the_call(database_url, engine):
    def flow(message):
        if message.text == SILENCE_TIMEOUT:
            return [
                {"text": "I did not hear you, so I am ending the call. I kept what you told me. Goodbye."}
            ]
        return greeting_flow()(message)

    reprompt = gather(f"Sorry, I did not hear an answer. {GREETING}")
    with voice_server(database_url, flow) as (server, agent):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        first = server.post(VOICE_PATH, voice_form(CALL))
        second = server.post(VOICE_PATH, voice_form(CALL))
        third = server.post(VOICE_PATH, voice_form(CALL))

    assert (first.text, second.text) == (reprompt, reprompt)
    assert third.text == say_and_hang_up(
        "I did not hear you, so I am ending the call. I kept what you told me. Goodbye."
    )
    assert agent.texts == [CALL_STARTED, SILENCE_TIMEOUT]
    assert agent.messages[1].metadata["call_sid"] == CALL
    assert voice_store.get_call(engine, CALL)["silence_count"] == 3


def test_an_answer_resets_the_silence_count(database_url):
    def flow(message):
        return [] if message.text == SILENCE_TIMEOUT else greeting_flow()(message)

    with voice_server(database_url, flow) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        server.post(VOICE_PATH, voice_form(CALL))
        server.post(VOICE_PATH, voice_form(CALL))
        server.post(VOICE_PATH, voice_form(CALL, digits="1"))
        after_answer = [server.post(VOICE_PATH, voice_form(CALL)).text for _ in range(3)]

    reprompt = gather("Sorry, I did not hear an answer. Where is the sewage coming out?")
    assert after_answer[:2] == [reprompt, reprompt]
    assert after_answer[2] == say_and_hang_up(SILENCE_GOODBYE)  # the flow said nothing: fixed goodbye


def test_the_fixed_goodbye_is_used_when_rasa_fails_on_the_timeout(database_url):
    def flow(message):
        if message.text == SILENCE_TIMEOUT:
            raise RuntimeError("action server down")
        return greeting_flow()(message)

    with voice_server(database_url, flow) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answers = [server.post(VOICE_PATH, voice_form(CALL)).text for _ in range(3)]

    assert answers[2] == say_and_hang_up(SILENCE_GOODBYE)


# --- status callback ----------------------------------------------------------------------------------------


def test_a_call_that_ends_mid_report_keeps_the_report_flagged_abandoned(database_url, engine):
    def flow(message):
        if message.text == "yes":
            spills.create_partial(engine, conversation_id=message.sender_id, channel="voice")
            return [{"text": "Where is the sewage coming out?"}]
        if message.text != CALL_STARTED:
            report = spills.open_for_conversation(engine, message.sender_id)
            spills.update(engine, report["reference"], location_text=message.text)
            return [{"text": "Is it reaching a storm drain?"}]
        return [{"text": GREETING}]

    with voice_server(database_url, flow) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        server.post(VOICE_PATH, voice_form(CALL, digits="1"))
        server.post(VOICE_PATH, voice_form(CALL, speech="Fifth and Main by the school"))
        ended = server.post(VOICE_STATUS_PATH, status_form(CALL, "completed"))
        repeated = server.post(VOICE_STATUS_PATH, status_form(CALL, "completed"))

    assert (ended.status_code, repeated.status_code) == (204, 204)
    [report] = spills.list_recent(engine)
    assert report["status"] == "abandoned"
    assert report["flagged"] is True
    assert report["flag_reason"] == f"Call {CALL} ended before the report was confirmed."
    assert report["location_text"] == "Fifth and Main by the school"  # kept
    call = voice_store.get_call(engine, CALL)
    assert call["status"] == "abandoned"
    assert call["spill_report_id"] == report["id"]
    assert call["ended_at"] is not None


@pytest.mark.parametrize("call_status", ["busy", "no-answer", "failed", "canceled"])
def test_every_ended_status_marks_the_call_and_abandons_a_partial_report(database_url, engine, call_status):
    with voice_server(database_url, greeting_flow()) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        report = spills.create_partial(engine, conversation_id=CALL, channel="voice")
        server.post(VOICE_STATUS_PATH, status_form(CALL, call_status))

    assert spills.get_by_reference(engine, report["reference"])["status"] == "abandoned"
    assert voice_store.get_call(engine, CALL)["status"] == "abandoned"


def test_a_call_without_an_unconfirmed_report_completes(database_url, engine):
    with voice_server(database_url, greeting_flow()) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        in_progress = server.post(VOICE_STATUS_PATH, status_form(CALL, "in-progress"))
        assert voice_store.get_call(engine, CALL)["status"] == "in_progress"
        submitted = spills.create_partial(engine, conversation_id=CALL, channel="voice")
        spills.submit(engine, submitted["reference"])
        server.post(VOICE_STATUS_PATH, status_form(CALL, "completed"))
        unknown = server.post(VOICE_STATUS_PATH, status_form("CA" + "d" * 32, "completed"))

    assert in_progress.status_code == 204
    assert voice_store.get_call(engine, CALL)["status"] == "completed"
    assert spills.get_by_reference(engine, submitted["reference"])["status"] == "submitted"
    assert unknown.status_code == 204


# --- a whole call -------------------------------------------------------------------------------------------


def test_a_spill_reported_by_phone_from_the_first_webhook_to_the_stored_report(database_url, engine):
    """A fake Rasa playing the spill flow against the real store, through greeting, keypad, speech,
    confirmation and the status callback."""

    def spill_flow(message):
        report = spills.open_for_conversation(engine, message.sender_id)
        if message.text == CALL_STARTED:
            return [{"text": GREETING}]
        if report is None:
            created = spills.create_partial(
                engine,
                conversation_id=message.sender_id,
                channel=message.metadata["channel"],
                callback_number=message.metadata["from"],
                still_flowing=message.text == "yes",
            )
            voice_store.link_spill(engine, message.metadata["call_sid"], created["reference"])
            return [{"text": "Where is the sewage coming out?"}]
        spills.update(engine, report["reference"], location_text=message.text, city="inglewood")
        submitted = spills.submit(engine, report["reference"])
        return [
            {"text": f"Thank you. Your report {submitted['reference']} was received."},
            {"custom": {"hangup": True}},
        ]

    with voice_server(database_url, spill_flow) as (server, agent):
        greeting = server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        question = server.post(VOICE_PATH, voice_form(CALL, digits="1"))
        silence = server.post(VOICE_PATH, voice_form(CALL))
        confirmation = server.post(
            VOICE_PATH, voice_form(CALL, speech="Manchester and Prairie", confidence="0.91")
        )
        server.post(VOICE_STATUS_PATH, status_form(CALL, "completed"))

    [report] = spills.list_recent(engine)
    spoken_reference = speak(report["reference"])
    assert greeting.text == gather(GREETING, opening=True)
    assert question.text == gather("Where is the sewage coming out?")
    assert silence.text == gather("Sorry, I did not hear an answer. Where is the sewage coming out?")
    assert confirmation.text == say_and_hang_up(f"Thank you. Your report {spoken_reference} was received.")
    assert agent.texts == [CALL_STARTED, "yes", "Manchester and Prairie"]
    kept = (
        "status",
        "city",
        "still_flowing",
        "location_text",
        "callback_number",
        "channel",
        "conversation_id",
    )
    assert {key: report[key] for key in kept} == {
        "status": "submitted",
        "city": "inglewood",
        "still_flowing": True,
        "location_text": "Manchester and Prairie",
        "callback_number": OPERATOR,
        "channel": "voice",
        "conversation_id": CALL,
    }
    assert voice_store.get_call(engine, CALL)["status"] == "completed"


def test_a_database_that_cannot_be_reached_still_gets_the_caller_an_answer(tmp_path):
    unreachable = f"sqlite:///{tmp_path / 'missing' / 'dir' / 'assistant.db'}"
    with voice_server(unreachable, says("Hello.")) as (server, _agent):
        response = server.post(VOICE_PATH, voice_form("call-db-down", call_status="ringing"))
    assert response.status_code == 200
    assert response.text == gather(TROUBLE_PROMPT)


# --- Spanish ------------------------------------------------------------------------------------------------

SALUDO = "Si hay aguas negras desbordándose ahora mismo, oprima 1 o diga sí."


def bilingual_flow(message):
    """The spill flow's opening in the language the metadata says (as the assistant's ``language`` slot does),
    then one question in that language."""
    spanish = message.metadata.get("language") == "es"
    if message.text == RESTART:
        return []
    if message.text.startswith(CALL_STARTED):
        return [{"text": SALUDO if spanish else GREETING}]
    return [{"text": "¿Dónde está saliendo?" if spanish else "Where is the sewage coming out?"}]


@pytest.mark.parametrize(("digits", "speech"), [("9", ""), ("", "español"), ("", "Spanish")])
def test_the_caller_picks_spanish_with_9_or_by_saying_it_and_is_greeted_again_in_spanish(
    database_url, engine, digits, speech
):
    with voice_server(database_url, bilingual_flow) as (server, agent):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        chosen = server.post(VOICE_PATH, voice_form(CALL, digits=digits, speech=speech))
        answer = server.post(VOICE_PATH, voice_form(CALL, digits="1"))

    assert chosen.text == gather(SALUDO, language="es")
    assert answer.text == gather("¿Dónde está saliendo?", language="es")
    # Nothing was answered yet: the conversation starts again, in Spanish (the intent carries the language).
    assert agent.texts == [CALL_STARTED, RESTART, f'{CALL_STARTED}{{"language": "es"}}', "yes"]
    assert [m.metadata["language"] for m in agent.messages] == ["en", "es", "es", "es"]
    assert voice_store.get_call(engine, CALL)["state"]["language"] == "es"


def test_after_an_answer_the_9_key_is_an_answer_not_a_language_choice(database_url):
    with voice_server(database_url, bilingual_flow) as (server, agent):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        server.post(VOICE_PATH, voice_form(CALL, digits="2"))
        answer = server.post(VOICE_PATH, voice_form(CALL, digits="9"))
    assert agent.texts == [CALL_STARTED, "no", "9"]
    assert answer.text == gather("Where is the sewage coming out?")


def test_spanish_spoken_on_the_english_line_is_answered_in_spanish(database_url):
    with voice_server(database_url, bilingual_flow) as (server, agent):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        answer = server.post(
            VOICE_PATH, voice_form(CALL, speech="se está saliendo la grasa del registro en la calle")
        )
    assert answer.text == gather("¿Dónde está saliendo?", language="es")
    assert agent.messages[1].metadata["language"] == "es"


def test_silence_and_goodbye_on_a_spanish_call_are_in_spanish(database_url):
    def flow(message):
        if message.text == SILENCE_TIMEOUT:
            return []
        return bilingual_flow(message)

    with voice_server(database_url, flow) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        server.post(VOICE_PATH, voice_form(CALL, digits="9"))
        first = server.post(VOICE_PATH, voice_form(CALL))
        server.post(VOICE_PATH, voice_form(CALL))
        last = server.post(VOICE_PATH, voice_form(CALL))

    assert first.text == gather(f"Perdón, no escuché una respuesta. {SALUDO}", language="es")
    assert '<Say language="es-MX">No escuché una respuesta, así que voy a terminar la llamada.' in last.text
    assert last.text.endswith("<Hangup /></Response>")


def test_a_spanish_call_is_dialled_through_in_spanish_and_the_number_read_in_spanish_if_it_fails(
    database_url,
):
    def flow(message):
        if message.text.startswith(CALL_STARTED) or message.text == RESTART:
            return bilingual_flow(message)
        return [{"custom": {"dial": "+13104125333", "say": "Le comunico ahora con la línea de derrames."}}]

    with voice_server(database_url, flow) as (server, _):
        server.post(VOICE_PATH, voice_form(CALL, call_status="ringing"))
        server.post(VOICE_PATH, voice_form(CALL, digits="9"))
        dial = server.post(VOICE_PATH, voice_form(CALL, digits="1"))
        failed = server.post(VOICE_DIAL_RESULT_PATH, {**voice_form(CALL), "DialCallStatus": "no-answer"})

    assert dial.text == (
        f'{XML}<Response><Say language="es-MX">Le comunico ahora con la línea de derrames.</Say>'
        f'<Dial action="{DIAL_RESULT}" method="POST" timeout="20">+13104125333</Dial></Response>'
    )
    assert (
        '<Say language="es-MX">La línea no contestó. Por favor llame usted a este número.</Say>'
        in failed.text
    )
    assert '<Say language="es-MX">Una vez más.</Say>' in failed.text

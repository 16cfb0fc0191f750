import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaping.twiml import (
    dialable_number,
    empty_sms,
    sms_reply,
    voice_dial,
    voice_gather,
    voice_read_number_twice,
    voice_redirect,
    voice_say_and_hangup,
)

XML = '<?xml version="1.0" encoding="UTF-8"?>'
GATHER_URL = "https://fog.example.org/webhooks/voice/gather?step=emergency&attempt=1"


def test_sms_reply_one_message_per_part():
    assert sms_reply(["Your trap is due Monday.", "Reply MORE & we'll send <the rest>."]) == (
        f"{XML}<Response><Message>Your trap is due Monday.</Message>"
        "<Message>Reply MORE &amp; we'll send &lt;the rest&gt;.</Message></Response>"
    )


def test_sms_reply_with_media_uses_body_and_media_on_the_first_message():
    assert sms_reply(
        ["Photo received for report SP-482137.", "Anything else?"],
        media_urls=["https://fog.example.org/media/a.jpg?sig=1&exp=2"],
    ) == (
        f"{XML}<Response><Message><Body>Photo received for report SP-482137.</Body>"
        "<Media>https://fog.example.org/media/a.jpg?sig=1&amp;exp=2</Media></Message>"
        "<Message>Anything else?</Message></Response>"
    )


def test_sms_reply_media_only():
    assert sms_reply([], media_urls=["https://fog.example.org/m.png"]) == (
        f"{XML}<Response><Message><Media>https://fog.example.org/m.png</Media></Message></Response>"
    )


def test_sms_reply_keeps_accents_emoji_and_line_breaks_and_drops_control_characters():
    assert sms_reply(["Señora Muñoz 👍🏽\nGracias\x00\x1b."]) == (
        f"{XML}<Response><Message>Señora Muñoz 👍🏽\nGracias.</Message></Response>"
    )


def test_nothing_to_send_is_the_empty_response():
    assert empty_sms() == f"{XML}<Response />"
    assert sms_reply([]) == empty_sms()


@pytest.mark.parametrize(
    ("messages", "media_urls", "error"),
    [
        (["ok", "  "], None, "message 1 is blank: '  '"),
        (
            ["x" * 1601],
            None,
            "message 0 has 1601 characters, Twilio allows 1600: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'…",
        ),
        (
            ["ok"],
            ["/media/a.jpg"],
            "media url must be absolute http(s) so Twilio can fetch it, got '/media/a.jpg'",
        ),
        (
            ["ok"],
            [f"https://x.org/{i}.jpg" for i in range(11)],
            "Twilio sends at most 10 media per message, got 11",
        ),
    ],
)
def test_sms_reply_refuses_what_twilio_would_reject(messages, media_urls, error):
    with pytest.raises(ValueError) as raised:
        sms_reply(messages, media_urls=media_urls)
    assert str(raised.value) == error


def test_voice_gather_opening_question():
    assert voice_gather(
        "If sewage is overflowing right now, press 1 or say yes.",
        GATHER_URL,
        num_digits=1,
        hints=["yes", "no", "overflowing"],
    ) == (
        f"{XML}<Response>"
        '<Gather action="https://fog.example.org/webhooks/voice/gather?step=emergency&amp;attempt=1" '
        'hints="yes, no, overflowing" input="speech dtmf" language="en-US" method="POST" numDigits="1" '
        'speechTimeout="auto" timeout="5">'
        '<Say language="en-US">If sewage is overflowing right now, press 1 or say yes.</Say>'
        "</Gather>"
        '<Redirect method="POST">https://fog.example.org/webhooks/voice/gather?step=emergency&amp;attempt=1</Redirect>'
        "</Response>"
    )


def test_voice_gather_defaults_and_options():
    assert voice_gather(
        'Say the street "and" the nearest cross street.',
        "/webhooks/voice/gather",
        input="speech",
        timeout=8,
        speech_timeout=2,
        language="es-US",
        redirect_on_silence=False,
    ) == (
        f"{XML}<Response>"
        '<Gather action="/webhooks/voice/gather" input="speech" language="es-US" method="POST" '
        'speechTimeout="2" timeout="8">'
        '<Say language="es-US">Say the street "and" the nearest cross street.</Say>'
        "</Gather></Response>"
    )


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        (
            {"input": "voice"},
            "input must be one of ['dtmf', 'dtmf speech', 'speech', 'speech dtmf'], got 'voice'",
        ),
        ({"timeout": 0}, "timeout must be a positive whole number of seconds or digits, got 0"),
        ({"num_digits": True}, "num_digits must be a positive whole number of seconds or digits, got True"),
    ],
)
def test_voice_gather_refuses_bad_settings(kwargs, error):
    with pytest.raises(ValueError) as raised:
        voice_gather("Press 1.", GATHER_URL, **kwargs)
    assert str(raised.value) == error


@pytest.mark.parametrize(
    ("prompt", "action_url", "error"),
    [
        (" \x00 ", GATHER_URL, "prompt must contain something to say, got ' \\x00 '"),
        ("Press 1.", "https://x.org/a b", "action_url must be a URL without spaces, got 'https://x.org/a b'"),
    ],
)
def test_voice_gather_refuses_an_empty_prompt_and_a_url_with_spaces(prompt, action_url, error):
    with pytest.raises(ValueError) as raised:
        voice_gather(prompt, action_url)
    assert str(raised.value) == error


def test_voice_say_and_hangup():
    assert voice_say_and_hangup("We recorded your report.\nGoodbye & thank you.") == (
        f'{XML}<Response><Say language="en-US">We recorded your report. Goodbye &amp; thank you.</Say>'
        "<Hangup /></Response>"
    )


def test_voice_dial_with_intro_caller_id_and_fallback():
    assert voice_dial(
        "(310) 412-5333",
        caller_id="+1 760 555 0100",
        intro="Connecting you to the city now.",
        fallback_action="https://fog.example.org/webhooks/voice/dial-status",
    ) == (
        f'{XML}<Response><Say language="en-US">Connecting you to the city now.</Say>'
        '<Dial action="https://fog.example.org/webhooks/voice/dial-status" callerId="+17605550100" '
        'method="POST" timeout="20">+13104125333</Dial></Response>'
    )


def test_voice_dial_plain():
    assert voice_dial("+13104125333", timeout=30) == (
        f'{XML}<Response><Dial timeout="30">+13104125333</Dial></Response>'
    )


@pytest.mark.parametrize(
    ("number", "e164"),
    [
        ("(310) 412-5333", "+13104125333"),
        ("310.412.5333", "+13104125333"),
        ("1-310-412-5333", "+13104125333"),
        ("+1 (310) 412-5333", "+13104125333"),
        ("+44 20 7946 0000", "+442079460000"),
    ],
)
def test_dialable_number(number, e164):
    assert dialable_number(number) == e164


@pytest.mark.parametrize("number", ["412-5333", "911", "call the city", "+0123456789", "(110) 412-5333"])
def test_undialable_numbers_are_refused_with_the_value(number):
    with pytest.raises(ValueError) as raised:
        dialable_number(number)
    assert str(raised.value) == f"not a dialable phone number (use E.164, e.g. +13104125333): {number!r}"


def test_voice_read_number_twice_slowly_then_hang_up():
    say = '<Say language="en-US">'
    groups = f'<Pause length="1" />{say}3 1 0</Say><Pause length="1" />{say}4 1 2</Say>'
    groups += f'<Pause length="1" />{say}5 3 3 3</Say><Pause length="2" />'
    assert voice_read_number_twice("To report the spill, call the city at", "(310) 412-5333") == (
        f"{XML}<Response>{say}To report the spill, call the city at</Say>{groups}"
        f"{say}Once more.</Say>{groups}<Hangup /></Response>"
    )


def test_voice_read_number_twice_can_continue_the_call():
    assert voice_read_number_twice(
        "Llame a la ciudad al",
        "+13104125333",
        repeat_cue="Otra vez.",
        language="es-US",
        next_url="/voice/next",
    ) == (
        f"{XML}<Response>"
        '<Say language="es-US">Llame a la ciudad al</Say>'
        '<Pause length="1" /><Say language="es-US">3 1 0</Say>'
        '<Pause length="1" /><Say language="es-US">4 1 2</Say>'
        '<Pause length="1" /><Say language="es-US">5 3 3 3</Say><Pause length="2" />'
        '<Say language="es-US">Otra vez.</Say>'
        '<Pause length="1" /><Say language="es-US">3 1 0</Say>'
        '<Pause length="1" /><Say language="es-US">4 1 2</Say>'
        '<Pause length="1" /><Say language="es-US">5 3 3 3</Say><Pause length="2" />'
        '<Redirect method="POST">/voice/next</Redirect></Response>'
    )


def test_voice_redirect():
    assert voice_redirect("https://fog.example.org/webhooks/voice?retry=1&from=gather") == (
        f'{XML}<Response><Redirect method="POST">https://fog.example.org/webhooks/voice?retry=1&amp;from=gather'
        "</Redirect></Response>"
    )


def test_voice_text_cannot_inject_elements():
    assert voice_say_and_hangup('</Say><Dial>+19005550000</Dial><Say a="') == (
        f'{XML}<Response><Say language="en-US">'
        '&lt;/Say&gt;&lt;Dial&gt;+19005550000&lt;/Dial&gt;&lt;Say a="</Say><Hangup /></Response>'
    )


_XML_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(blacklist_categories=("Cc", "Cs", "Cn")),
        st.sampled_from(" \n\t<>&\"'"),
    ),
    min_size=1,
).filter(str.strip)


@settings(max_examples=300, deadline=None)
@given(text=_XML_TEXT)
def test_any_text_makes_a_well_formed_document_that_carries_exactly_that_text(text):
    say = ET.fromstring(voice_say_and_hangup(text).encode()).find("Say")
    message = ET.fromstring(sms_reply([text[:1600]]).encode()).find("Message")
    assert say.text == " ".join(text.split())
    assert message.text == text[:1600].strip()

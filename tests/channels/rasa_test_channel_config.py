"""How Rasa builds our channels from credentials.yml, bad configuration, and the pure SMS layout helpers.

Run in the Rasa environment:
    .venv/rasa/bin/python -m pytest -p no:cacheprovider tests/rasa_env/rasa_test_*.py
"""

from __future__ import annotations

import pytest
from rasa.core.channels.rest import RestInput
from rasa.core.run import create_http_input_channels
from rasa_env_support import REPO, XML, make_settings

from channels.twilio_sms import (
    InboundSms,
    TwilioSmsInput,
    bot_content,
    compose_sms_turn,
    default_help_contact,
    media_urls,
)
from channels.twilio_voice import TwilioVoiceInput
from channels.twilio_webhook import TwilioForm, parse_form
from shaping.sms_text import MORE_MARKER
from shaping.twiml import sms_reply

# Runs inside the Rasa environment (Python 3.10): `make test` runs these with -m connector.
pytestmark = pytest.mark.connector

DATABASE = "sqlite:////nonexistent/never-opened.db"  # channels connect lazily: construction opens nothing


def test_credentials_yml_registers_rest_and_both_twilio_channels(monkeypatch):
    monkeypatch.setenv("TWILIO_AUTH_TOKEN", "0123456789abcdef0123456789abcdef")
    monkeypatch.setenv("DATABASE_URL", DATABASE)

    channels = create_http_input_channels(None, str(REPO / "credentials.yml"))

    assert [type(channel) for channel in channels] == [RestInput, TwilioSmsInput, TwilioVoiceInput]
    assert [channel.url_prefix() for channel in channels] == ["rest", "twilio_sms", "twilio_voice"]
    assert channels[1].settings.database_url == DATABASE


@pytest.mark.parametrize("channel", [TwilioSmsInput, TwilioVoiceInput])
def test_keys_in_credentials_yml_are_refused_by_name(channel):
    with pytest.raises(ValueError, match=r"remove \['auth_token'\] from its entry in credentials.yml"):
        channel.from_credentials({"auth_token": "secret"})


@pytest.mark.parametrize("channel", [TwilioSmsInput, TwilioVoiceInput])
@pytest.mark.parametrize("base_url", ["https://fog.example.org/?x=1", "https://fog.example.org/#top"])
def test_a_public_base_url_twilio_cannot_have_signed_is_refused_at_start(channel, base_url):
    with pytest.raises(ValueError, match="base URL must be http"):
        channel(make_settings(DATABASE, public_base_url=base_url))


def test_help_contact_uses_the_configured_city_phones():
    settings = make_settings(DATABASE, victorville_contact_phone="(760) 555-0142")
    assert default_help_contact(settings) == (
        "the City of Victorville FOG manager at (760) 555-0142 "
        "or the City of Inglewood Department of Public Works"
    )


# --- reading Twilio's form ----------------------------------------------------------------------------------


def test_the_form_keeps_blank_and_repeated_fields_and_rejects_non_utf8():
    form = parse_form(b"Body=&From=%2B17605550199&Tag=a&Tag=b&Emoji=%F0%9F%91%8D")
    assert form.params == {"Body": [""], "From": ["+17605550199"], "Tag": ["a", "b"], "Emoji": ["👍"]}
    assert form.get("Body") == "" and form.get("Missing") == "" and "Body" in form
    assert parse_form(b"Body=%FF\xff").params == {}


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"NumMedia": "2", "MediaUrl0": "https://a/0", "MediaUrl1": "https://a/1"},
            ("https://a/0", "https://a/1"),
        ),
        ({"NumMedia": "1", "MediaUrl0": "https://a/0", "MediaUrl1": "https://a/1"}, ("https://a/0",)),
        ({"NumMedia": "nope", "MediaUrl0": "https://a/0"}, ()),
        ({"NumMedia": "-3", "MediaUrl0": "https://a/0"}, ()),
        ({"NumMedia": "1", "MediaUrl0": "file:///etc/passwd"}, ()),
        (
            {"NumMedia": "12", **{f"MediaUrl{i}": f"https://a/{i}" for i in range(12)}},
            tuple(f"https://a/{i}" for i in range(10)),
        ),
    ],
)
def test_media_urls(fields, expected):
    assert media_urls(TwilioForm({name: [value] for name, value in fields.items()})) == expected


def test_inbound_sms_falls_back_to_sms_message_sid_and_tolerates_a_missing_body():
    form = TwilioForm({"SmsMessageSid": ["SM9"], "From": ["+17605550199"]})
    assert InboundSms.from_form(form) == InboundSms("SM9", "+17605550199", "", ())


# --- laying out a turn --------------------------------------------------------------------------------------


def test_up_to_three_texts_go_out_as_separate_messages():
    turn = compose_sms_turn(["Got it.", "Which city?", "Victorville or Inglewood?"])
    assert (turn.parts, turn.remainder) == (["Got it.", "Which city?", "Victorville or Inglewood?"], "")


def test_more_texts_than_messages_run_on_together():
    turn = compose_sms_turn(["One.", "Two.", "Three.", "Four."])
    assert (turn.parts, turn.remainder) == (["One. Two. Three. Four."], "")


def test_a_long_text_keeps_its_rest_behind_the_marker():
    sentence = "Grease interceptors must be pumped on schedule and the manifest kept on site for inspection."
    turn = compose_sms_turn([" ".join([sentence] * 12)])
    assert len(turn.parts) == 3
    assert all(len(part) <= 320 for part in turn.parts)
    assert turn.parts[2].endswith(MORE_MARKER)
    assert turn.remainder == " ".join([sentence] * 3)


def test_bot_images_become_mms_media_on_the_first_message():
    texts, images = bot_content(
        [
            {"text": "Here is the bin chart."},
            {"image": "https://fog.example.org/bins.png"},
            {"image": "ftp://x"},
        ]
    )
    turn = compose_sms_turn(texts, images)
    assert sms_reply(turn.parts, turn.media) == (
        f"{XML}<Response><Message><Body>Here is the bin chart.</Body>"
        "<Media>https://fog.example.org/bins.png</Media></Message></Response>"
    )

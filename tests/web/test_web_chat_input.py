"""The pure pieces of the web chat: input checks, the city intent, and the settings it reads."""

from __future__ import annotations

import pytest

from config import Settings, SettingsError
from web.chat_input import ChatInputError, checked_city, checked_message, city_choice_message
from web.sessions import is_token, new_token, rasa_sender


def test_city_choice_is_rasas_intent_shortcut_with_the_city_entity():
    assert city_choice_message("Victorville") == '/inform_city{"city": "victorville"}'
    assert city_choice_message(" inglewood ") == '/inform_city{"city": "inglewood"}'


def test_city_choice_refuses_other_cities_instead_of_building_an_intent():
    with pytest.raises(ChatInputError) as raised:
        city_choice_message('x"}, "other": "y')
    assert raised.value.status == 422


def test_web_senders_are_kept_apart_from_other_channels():
    assert rasa_sender("0123456789abcdef").startswith("web-")


@pytest.mark.parametrize(
    ("typed", "sent"),
    [
        ("  Pizza box?  ", "Pizza box?"),
        ("/restart", "restart"),
        ('/inform_city{"city": "inglewood"}', 'inform_city{"city": "inglewood"}'),
        (" / / greet", "greet"),
        ("grease 1/2 full", "grease 1/2 full"),
        ("line one\nline two", "line one\nline two"),
    ],
)
def test_messages_are_trimmed_and_lose_leading_slashes_only(typed, sent):
    assert checked_message(typed) == sent


def test_the_length_limit_applies_after_trimming():
    assert checked_message("   " + "a" * 2000 + "   ") == "a" * 2000
    with pytest.raises(ChatInputError) as raised:
        checked_message("a" * 2001)
    assert (raised.value.status, raised.value.sentence.split(".")[0]) == (
        413,
        "Your message is 2,001 characters long",
    )


def test_conversation_tokens_are_fresh_checked_and_never_given_to_rasa():
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(is_token(token) for token in tokens)
    assert not any(is_token(bad) for bad in ("", "a" * 42, "a" * 44, "a" * 42 + "/", None))
    token = tokens.pop()
    sender = rasa_sender(token)
    assert sender.startswith("web-") and len(sender) == 44 and token not in sender


def test_checked_city_normalises_case():
    assert checked_city("INGLEWOOD") == "inglewood"


def test_rasa_timeout_is_read_from_the_environment():
    assert Settings.from_env({"RASA_TIMEOUT_SECONDS": "12"}).rasa_timeout_seconds == 12
    assert Settings.from_env({}).rasa_timeout_seconds == 30


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({"RASA_TIMEOUT_SECONDS": "0"}, "RASA_TIMEOUT_SECONDS=0"),
        ({"RASA_TIMEOUT_SECONDS": "soon"}, "RASA_TIMEOUT_SECONDS='soon'"),
        ({"RASA_URL": "localhost:5005"}, "RASA_URL='localhost:5005'"),
    ],
)
def test_bad_web_settings_are_refused_naming_the_variable(environ, named):
    with pytest.raises(SettingsError, match=named.replace("(", r"\(")):
        Settings.from_env(environ)

"""TwiML documents for the SMS and voice webhooks, as exact strings.

Built with twilio's own ``MessagingResponse`` / ``VoiceResponse``, whose output is byte-identical in
twilio 8.2.2 (Rasa's environment) and 9.x: attributes sorted by name, empty elements written
``<Pause length="1" />``, text and attributes XML-escaped by ``xml.etree``. Characters that XML 1.0
cannot carry at all (control characters) are removed first, so no bot text can make a document invalid.

The builders only lay out verbs; wording for the ear (:func:`shaping.speech.to_speech`) is the caller's job,
except where a builder reads a phone number itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from twilio.twiml.messaging_response import MessagingResponse
from twilio.twiml.voice_response import VoiceResponse

from languages import N_, t
from shaping.speech import say_phone_number

#: Twilio refuses longer message bodies and more media per message.
MAX_MESSAGE_CHARACTERS = 1600
MAX_MEDIA_PER_MESSAGE = 10
DEFAULT_LANGUAGE = "en-US"
SPEECH_LANGUAGES = {"en": DEFAULT_LANGUAGE, "es": "es-MX"}
"""Twilio's ``language`` for ``<Say>`` and ``<Gather>`` speech recognition, by the conversation's language."""
GATHER_INPUTS = frozenset({"dtmf", "speech", "dtmf speech", "speech dtmf"})

_NOT_XML_CHARACTERS = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def sms_reply(messages: Sequence[str], media_urls: Sequence[str] | None = None) -> str:
    """One ``<Message>`` per text, in order; media (MMS) go with the first message.

    With media the text is written as ``<Body>`` next to the ``<Media>`` elements, as Twilio documents it.
    No messages and no media give the empty response.
    """
    media = [_checked_media_url(url) for url in media_urls or ()]
    if len(media) > MAX_MEDIA_PER_MESSAGE:
        raise ValueError(f"Twilio sends at most {MAX_MEDIA_PER_MESSAGE} media per message, got {len(media)}")
    texts = [_checked_message(index, text) for index, text in enumerate(messages)]
    if not texts and not media:
        return empty_sms()
    response = MessagingResponse()
    for index, text in enumerate(texts or [""]):
        if index == 0 and media:
            message = response.message()
            if text:
                message.body(text)
            for url in media:
                message.media(url)
        else:
            response.message(text)
    return response.to_xml()


def empty_sms() -> str:
    """Acknowledge a webhook without sending any SMS."""
    return MessagingResponse().to_xml()


def voice_gather(
    prompt: str,
    action_url: str,
    *,
    input: str = "speech dtmf",
    timeout: int = 5,
    num_digits: int | None = None,
    speech_timeout: str | int = "auto",
    language: str = DEFAULT_LANGUAGE,
    hints: Sequence[str] | None = None,
    redirect_on_silence: bool = True,
    also_say: Sequence[tuple[str, str]] = (),
) -> str:
    """Ask ``prompt`` (``<Say>`` inside ``<Gather>``) and post the answer to ``action_url``.

    When the caller says and presses nothing, Twilio moves past ``<Gather>``; the ``<Redirect>`` that
    follows (unless ``redirect_on_silence`` is False) then posts to ``action_url`` without
    ``SpeechResult`` or ``Digits``, which is how the connector counts silences and stops re-prompting
    after two. ``also_say``: (text, language) said after the prompt, inside the same ``<Gather>`` (the
    Spanish menu, in a Spanish voice).
    """
    if input not in GATHER_INPUTS:
        raise ValueError(f"input must be one of {sorted(GATHER_INPUTS)}, got {input!r}")
    _require_positive("timeout", timeout)
    if num_digits is not None:
        _require_positive("num_digits", num_digits)
    url = _checked_url("action_url", action_url)
    response = VoiceResponse()
    gather = response.gather(
        input=input,
        action=url,
        method="POST",
        timeout=timeout,
        num_digits=num_digits,
        speech_timeout=speech_timeout,
        language=language,
        hints=_hint_list(hints),
    )
    gather.say(_checked_text("prompt", prompt), language=language)
    for text, spoken in also_say:
        gather.say(_checked_text("also_say", text), language=spoken)
    if redirect_on_silence:
        response.redirect(url, method="POST")
    return response.to_xml()


def voice_say_and_hangup(text: str, *, language: str = DEFAULT_LANGUAGE) -> str:
    """Say ``text`` and end the call."""
    response = VoiceResponse()
    response.say(_checked_text("text", text), language=language)
    response.hangup()
    return response.to_xml()


def voice_dial(
    number: str,
    *,
    caller_id: str | None = None,
    timeout: int = 20,
    intro: str | None = None,
    fallback_action: str | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """Optionally say ``intro``, then connect the caller to ``number`` (written in E.164 in the document).

    With ``fallback_action``, Twilio posts the outcome (``DialCallStatus``: completed, busy, no-answer,
    failed) there when the dialled call ends, so the connector can read the number out instead.
    """
    _require_positive("timeout", timeout)
    response = VoiceResponse()
    if intro is not None:
        response.say(_checked_text("intro", intro), language=language)
    response.dial(
        dialable_number(number),
        caller_id=dialable_number(caller_id) if caller_id is not None else None,
        timeout=timeout,
        action=_checked_url("fallback_action", fallback_action) if fallback_action is not None else None,
        method="POST" if fallback_action is not None else None,
    )
    return response.to_xml()


def voice_read_number_twice(
    intro: str,
    number: str,
    *,
    repeat_cue: str = N_("Once more."),
    language: str = DEFAULT_LANGUAGE,
    next_url: str | None = None,
) -> str:
    """Say ``intro``, then read ``number`` slowly, digit by digit with a pause between groups, twice.

    Afterwards the call goes on at ``next_url`` (``<Redirect>``) when given, otherwise it ends (``<Hangup>``).
    """
    groups = say_phone_number(number).split(", ")
    response = VoiceResponse()
    response.say(_checked_text("intro", intro), language=language)
    for cue in (None, _checked_text("repeat_cue", t(repeat_cue))):
        if cue is not None:
            response.say(cue, language=language)
        for group in groups:
            response.pause(length=1)
            response.say(group, language=language)
        response.pause(length=2)
    if next_url is not None:
        response.redirect(_checked_url("next_url", next_url), method="POST")
    else:
        response.hangup()
    return response.to_xml()


def voice_redirect(url: str) -> str:
    """Continue the call with the TwiML at ``url``."""
    response = VoiceResponse()
    response.redirect(_checked_url("url", url), method="POST")
    return response.to_xml()


def dialable_number(number: str) -> str:
    """E.164 for ``<Dial>``: "(310) 412-5333" and "1-310-412-5333" -> "+13104125333"; "+44 20 7946 0000" kept.

    Ten-digit numbers are taken as North American (the two cities are in California).
    """
    compact = re.sub(r"[\s().-]", "", number)
    if re.fullmatch(r"\+[1-9]\d{7,14}", compact):
        return compact
    if re.fullmatch(r"1?[2-9]\d{9}", compact):
        return "+1" + compact[-10:]
    raise ValueError(f"not a dialable phone number (use E.164, e.g. +13104125333): {number!r}")


def _hint_list(hints: Sequence[str] | None) -> str | None:
    """Twilio's ``hints`` attribute: expected words and phrases, comma-separated."""
    phrases = [hints] if isinstance(hints, str) else list(hints or ())
    joined = ", ".join(" ".join(_xml_safe(phrase).split()) for phrase in phrases if phrase.strip())
    return joined or None


def _xml_safe(text: str) -> str:
    return _NOT_XML_CHARACTERS.sub("", text)


def _checked_text(name: str, text: str) -> str:
    """Text for ``<Say>``: XML-safe, whitespace collapsed (line breaks mean nothing to a voice)."""
    safe = " ".join(_xml_safe(text).split())
    if not safe:
        raise ValueError(f"{name} must contain something to say, got {text!r}")
    return safe


def _checked_message(index: int, text: str) -> str:
    safe = _xml_safe(text).strip()
    if not safe:
        raise ValueError(f"message {index} is blank: {text!r}")
    if len(safe) > MAX_MESSAGE_CHARACTERS:
        raise ValueError(
            f"message {index} has {len(safe)} characters, "
            f"Twilio allows {MAX_MESSAGE_CHARACTERS}: {safe[:40]!r}…"
        )
    return safe


def _checked_url(name: str, url: str) -> str:
    safe = _xml_safe(url).strip()
    if not safe or any(character.isspace() for character in safe):
        raise ValueError(f"{name} must be a URL without spaces, got {url!r}")
    return safe


def _checked_media_url(url: str) -> str:
    safe = _checked_url("media url", url)
    if not safe.startswith(("https://", "http://")):
        raise ValueError(f"media url must be absolute http(s) so Twilio can fetch it, got {url!r}")
    return safe


def _require_positive(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive whole number of seconds or digits, got {value!r}")

"""Twilio voice connector for Rasa: the spill line (``POST /webhooks/twilio_voice/webhook``, ``/status``,
``/dial_result``).

Registered in ``credentials.yml`` as ``channels.twilio_voice.TwilioVoiceInput``; configured through
:class:`config.settings.Settings`. Every request must carry Twilio's signature of our public URL (403
otherwise, Rasa never sees it). Rasa 3.6's own ``twilio_voice`` connector checks no signature and re-prompts a
silent caller forever; this one:

- opens the call by sending ``/voice_call_started`` to Rasa, whose spill flow owns the greeting ("If sewage is
  overflowing right now, press 1 or say yes."), and listens inside ``<Gather input="speech dtmf">``;
- sends what the caller said (``SpeechResult``) or pressed (``Digits``: 1 is "yes", 2 is "no") to Rasa;
- speaks bot text through :func:`shaping.speech.to_speech`, reference numbers character by character;
- turns the custom payload ``{"dial": "+1…", "say": "…"}`` into ``<Dial>`` (or, with dialing disabled or
  when the dialled line does not answer, reads the number slowly twice) and ``{"hangup": true}`` into a
  polite end;
- speaks English (en-US) until the caller picks Spanish from the opening's menu ("Para español, oprima 9 o
  diga español", said in a Spanish voice) or speaks Spanish; the call's language is kept in its state,
  passed to Rasa as metadata (the conversation's ``language`` slot) and used for ``<Say>``, ``<Gather>``
  and its speech hints;
- re-prompts silence at most twice; the third silence asks Rasa for ``/voice_silence_timeout`` (which says
  what was recorded) and ends the call;
- on the status callback for an ended call, keeps a spill report the caller did not confirm, flagged as
  abandoned for staff.

The Rasa conversation id is the ``CallSid``: each call is its own conversation (callers with blocked numbers
all arrive as the same ``From``); ``From`` and ``To`` travel in the metadata.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rasa.core.channels.channel import CollectingOutputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

import languages
from channels.security import public_url
from channels.twilio_webhook import (
    TwilioForm,
    TwilioInput,
    in_thread,
    twiml,
)
from intake.text import user_text
from languages import ENGLISH, N_, SPANISH, t
from languages.detect import detect, explicit_choice
from shaping.speech import say_reference, to_speech
from shaping.twiml import (
    SPEECH_LANGUAGES,
    voice_dial,
    voice_gather,
    voice_read_number_twice,
    voice_say_and_hangup,
)
from store import calls
from store import voice as voice_store
from store.references import PREFIXES

logger = logging.getLogger(__name__)

CHANNEL_NAME = "twilio_voice"
CALL_STARTED = "/voice_call_started"
RESTART = "/restart"
"""Rasa's own restart: the conversation starts again (the caller chose Spanish before answering)."""
SILENCE_TIMEOUT = "/voice_silence_timeout"
MAX_REPROMPTS = 2
"""Silences answered with the question again; the next one ends the call, so no caller is held forever."""

ENDED_CALL_STATUSES = frozenset({"completed", "busy", "no-answer", "failed", "canceled"})
CONNECTED_DIAL_STATUSES = frozenset({"completed", "answered"})
DIGIT_ANSWERS = {"1": "yes", "2": "no"}
KEYS_PER_ANSWER = 1
"""One key press answers at once ("press 1"), without waiting for # or the timeout; longer answers are
spoken."""

SPANISH_KEY = "9"
"""The key that switches the call to Spanish (1 and 2 answer yes and no)."""
SPANISH_MENU = "Para español, oprima 9 o diga español."
"""Said in Spanish after the English opening, in a Spanish voice."""
SPEECH_HINTS = {
    ENGLISH: ("yes", "no", "not sure", "sewage", "grease", "manhole", "storm drain", "español", "Spanish"),
    SPANISH: (
        "sí", "no", "no sé", "aguas negras", "grasa", "drenaje", "alcantarilla", "registro", "coladera",
        "trampa de grasa", "derrame", "calle", "avenida", "galones", "English",
    ),
}  # fmt: skip

REPROMPT_OPENER = N_("Sorry, I did not hear an answer.")
NOT_UNDERSTOOD_PROMPT = N_("Sorry, I did not catch that. Please say it again.")
TROUBLE_PROMPT = N_("Sorry, I had a problem on my side. Please say that again.")
GOODBYE = N_("Thank you for calling. Goodbye.")
SILENCE_GOODBYE = N_(
    "I did not hear an answer, so I will end the call now. "
    "Anything you already told me has been saved. Goodbye."
)
READ_NUMBER_INTRO = N_("Please call this number now.")
DIAL_FAILED_INTRO = N_("The line did not answer. Please call this number yourself.")

_REFERENCE = re.compile(rf"\b(?:{'|'.join(PREFIXES)})-\d{{6}}\b")


# --- pure parts ---------------------------------------------------------------------------------------------


def speak(text: str) -> str:
    """Bot text as it should be heard: :func:`to_speech`, then "SP-482137" as "S P, 4 8 2 1 3 7"."""
    return _REFERENCE.sub(lambda match: say_reference(match.group()), to_speech(text))


def caller_text(speech: str, digits: str) -> str | None:
    """What to tell Rasa the caller answered: their words, else the keys (1 yes, 2 no); None for silence."""
    if user_text(speech):
        return user_text(speech)
    pressed = digits.strip()
    if pressed:
        return DIGIT_ANSWERS.get(pressed, pressed)
    return None


@dataclass(frozen=True)
class CallRequest:
    """The fields of a Twilio voice webhook that the connector uses."""

    call_sid: str
    caller: str
    called: str
    speech: str
    digits: str
    confidence: float | None

    @classmethod
    def from_form(cls, form: TwilioForm) -> CallRequest:
        call_sid = form.get("CallSid").strip()
        if not call_sid:
            raise ValueError("Twilio voice webhook without CallSid: cannot tell which call it belongs to.")
        try:
            confidence: float | None = float(form.get("Confidence"))
        except ValueError:
            confidence = None
        return cls(
            call_sid=call_sid,
            caller=form.get("From").strip(),
            called=form.get("To").strip(),
            speech=form.get("SpeechResult"),
            digits=form.get("Digits"),
            confidence=confidence,
        )

    @property
    def answer(self) -> str | None:
        return caller_text(self.speech, self.digits)

    @property
    def language_choice(self) -> str | None:
        """The language the caller picked: 9 or "español" for Spanish, "English" for English; else None."""
        if self.digits.strip() == SPANISH_KEY:
            return SPANISH
        return explicit_choice(self.speech) if len(self.speech.split()) <= 4 else None

    def metadata(self, language: str = ENGLISH) -> dict[str, Any]:
        return {
            "channel": "voice",
            "call_sid": self.call_sid,
            "from": self.caller,
            "to": self.called,
            "digits": self.digits.strip() or None,
            "confidence": self.confidence,
            "language": language,
        }


def listen(prompt: str, action_url: str, *, offer_spanish: bool = False) -> str:
    """Ask ``prompt`` in the current language and listen for speech or one key (its speech hints); silence
    comes back to ``action_url`` as a silence. ``offer_spanish`` adds the Spanish menu, in Spanish."""
    language = languages.current()
    return voice_gather(
        prompt,
        action_url,
        input="speech dtmf",
        num_digits=KEYS_PER_ANSWER,
        language=SPEECH_LANGUAGES[language],
        hints=SPEECH_HINTS[language],
        also_say=[(SPANISH_MENU, SPEECH_LANGUAGES[SPANISH])] if offer_spanish else (),
    )


@dataclass(frozen=True)
class VoiceTurn:
    """The TwiML for one turn, the question asked (re-said on silence) and the number to read on failure."""

    twiml: str
    prompt: str | None
    dial_number: str | None = None

    @property
    def ends_call(self) -> bool:
        return self.prompt is None


def spoken_text(messages: Iterable[Mapping[str, Any]]) -> str:
    """The bot's texts (and a custom payload's ``text`` or ``say``, unless it dials), for the ear."""
    texts = []
    for message in messages:
        texts.append(message.get("text"))
        custom = message.get("custom")
        if isinstance(custom, Mapping) and not custom.get("dial"):
            texts.append(custom.get("text") or custom.get("say"))
    return speak(" ".join(text.strip() for text in texts if isinstance(text, str) and text.strip()))


def render_voice_turn(
    messages: list[Mapping[str, Any]],
    *,
    action_url: str,
    dial_result_url: str,
    dial_enabled: bool,
    fallback_prompt: str = NOT_UNDERSTOOD_PROMPT,
    offer_spanish: bool = False,
) -> VoiceTurn:
    """TwiML for Rasa's reply: ``<Dial>`` (or the number read twice) for a ``dial`` payload, a polite end
    for ``hangup``, otherwise the spoken texts inside ``<Gather>`` (``fallback_prompt`` if the bot said
    nothing), in the current language (:func:`languages.using`)."""
    spoken = SPEECH_LANGUAGES[languages.current()]
    customs = [message["custom"] for message in messages if isinstance(message.get("custom"), Mapping)]
    dial = next((custom for custom in customs if custom.get("dial")), None)
    said = spoken_text(messages)
    if dial is not None:
        number = str(dial["dial"])
        intro = " ".join(part for part in (said, speak(str(dial.get("say") or ""))) if part)
        if dial_enabled:
            document = voice_dial(
                number, intro=intro or None, fallback_action=dial_result_url, language=spoken
            )
        else:
            document = voice_read_number_twice(intro or t(READ_NUMBER_INTRO), number, language=spoken)
        return VoiceTurn(twiml=document, prompt=None, dial_number=number)
    if any(custom.get("hangup") for custom in customs):
        return VoiceTurn(twiml=voice_say_and_hangup(said or t(GOODBYE), language=spoken), prompt=None)
    prompt = said or t(fallback_prompt)
    return VoiceTurn(twiml=listen(prompt, action_url, offer_spanish=offer_spanish), prompt=prompt)


# --- the connector ------------------------------------------------------------------------------------------

OnNewMessage = Callable[[UserMessage], Awaitable[Any]]


class TwilioVoiceInput(TwilioInput):
    """Rasa input channel for Twilio Programmable Voice (the spill line)."""

    @classmethod
    def name(cls) -> str:
        return CHANNEL_NAME

    def blueprint(self, on_new_message: OnNewMessage) -> Blueprint:
        webhook = self.new_blueprint("fog_twilio_voice")

        async def receive(request: Request, call: CallRequest) -> HTTPResponse:
            return twiml(await self.answer(call, self._sibling_url(request), on_new_message))

        async def status(_request: Request, form: TwilioForm) -> HTTPResponse:
            call_sid, call_status = form.get("CallSid").strip(), form.get("CallStatus").strip()
            if call_sid and call_status in ENDED_CALL_STATUSES:
                await in_thread(self.end_call, call_sid, call_status)
            return response.empty()

        async def dial_result(_request: Request, form: TwilioForm) -> HTTPResponse:
            call_sid, dial_status = form.get("CallSid").strip(), form.get("DialCallStatus").strip()
            return twiml(await self.after_dial(call_sid, dial_status))

        self.add_signed_post(webhook, "/webhook", CallRequest.from_form, receive)
        self.add_signed_post(webhook, "/status", lambda form: form, status)
        self.add_signed_post(webhook, "/dial_result", lambda form: form, dial_result)
        return webhook

    def _sibling_url(self, request: Request) -> Callable[[str], str]:
        """Public URL of another route of this blueprint, e.g. "webhook" -> https://…/twilio_voice/webhook."""
        prefix = request.path.rsplit("/", 1)[0]
        return lambda route: public_url(self.settings.public_base_url, f"{prefix}/{route}")

    async def answer(
        self, call: CallRequest, url_for: Callable[[str], str], on_new_message: OnNewMessage
    ) -> str:
        """TwiML for one voice webhook: the call's opening, an answer passed to Rasa, or a silence. If the
        call's state cannot be read or written, the caller is asked to say it again rather than cut off."""
        try:
            return await self._answer(call, url_for, on_new_message)
        except Exception:
            logger.exception(
                "Call %s: could not keep the call's state; asking the caller to repeat.", call.call_sid
            )
            return render_voice_turn(
                [],
                action_url=url_for("webhook"),
                dial_result_url=url_for("dial_result"),
                dial_enabled=False,
                fallback_prompt=TROUBLE_PROMPT,
            ).twiml

    async def _answer(
        self, call: CallRequest, url_for: Callable[[str], str], on_new_message: OnNewMessage
    ) -> str:
        stored = await in_thread(voice_store.get_call, self.engine, call.call_sid)
        state = (stored or {}).get("state", {})
        language = state.get("language") or ENGLISH
        chosen = call.language_choice if call.speech.strip() or not state.get("answered") else None
        if chosen is None and call.speech.strip() and detect(call.speech) == SPANISH:
            chosen = SPANISH  # Spanish spoken on the English line: answer in Spanish from now on
        with languages.using(chosen or language):
            return await self._answer_in(call, stored, url_for, on_new_message)

    async def _answer_in(
        self,
        call: CallRequest,
        stored: Mapping[str, Any] | None,
        url_for: Callable[[str], str],
        on_new_message: OnNewMessage,
    ) -> str:
        """One turn in the current language. A new call opens with the greeting (unless its first webhook
        already carries an answer). Choosing Spanish at the opening's menu (9, "español"), before any answer,
        starts the conversation again in Spanish: nothing was collected yet, and the greeting is said again
        in it. Later, Spanish words still switch the replies (the assistant detects them); the 9 key is then
        an answer like any other."""
        language = languages.current()
        text = call.answer
        answered = bool((stored or {}).get("state", {}).get("answered"))
        if stored is not None and call.language_choice and not answered:  # the opening's menu
            await self._ask_rasa(call, RESTART, on_new_message)
            text = f'{CALL_STARTED}{{"language": "{language}"}}'
        if stored is None:
            stored = await in_thread(
                voice_store.start_call,
                self.engine,
                call.call_sid,
                from_number=call.caller or None,
                to_number=call.called or None,
                conversation_id=call.call_sid,
                now=self.clock(),
            )
            text = text or CALL_STARTED
        elif text is None:
            return await self._silence(call, stored, url_for, on_new_message)
        elif stored["silence_count"]:
            await in_thread(voice_store.reset_silence, self.engine, call.call_sid, now=self.clock())

        try:
            messages = await self._ask_rasa(call, text, on_new_message)
            fallback = NOT_UNDERSTOOD_PROMPT
        except Exception:
            logger.exception("Rasa failed on call %s; asking the caller to repeat.", call.call_sid)
            messages, fallback = [], TROUBLE_PROMPT
        options = {
            "action_url": url_for("webhook"),
            "dial_result_url": url_for("dial_result"),
            "dial_enabled": self.settings.voice_dial_enabled,
            "fallback_prompt": fallback,
            "offer_spanish": text.startswith(CALL_STARTED) and language == ENGLISH,
        }
        try:
            turn = render_voice_turn(messages, **options)
        except ValueError:  # e.g. a dial payload with a number Twilio cannot dial: keep the caller talking
            logger.exception(
                "Call %s: could not render the bot's reply %r; speaking its text only.",
                call.call_sid,
                messages,
            )
            turn = render_voice_turn([message for message in messages if "custom" not in message], **options)
        state = {
            **stored["state"],
            "last_prompt": turn.prompt,
            "ended": turn.ends_call,
            "language": language,
            "answered": bool(stored["state"].get("answered")) or not text.startswith(CALL_STARTED),
        }
        if turn.dial_number is not None:
            state["dial_number"] = turn.dial_number
        await in_thread(voice_store.save_state, self.engine, call.call_sid, state, now=self.clock())
        return turn.twiml

    async def _silence(
        self,
        call: CallRequest,
        stored: Mapping[str, Any],
        url_for: Callable[[str], str],
        on_new_message: OnNewMessage,
    ) -> str:
        silences = await in_thread(voice_store.record_silence, self.engine, call.call_sid, now=self.clock())
        if silences <= MAX_REPROMPTS:
            last_prompt = stored["state"].get("last_prompt") or t(NOT_UNDERSTOOD_PROMPT)
            return listen(f"{t(REPROMPT_OPENER)} {last_prompt}", url_for("webhook"))
        logger.info("Call %s: silence %d, ending the call.", call.call_sid, silences)
        try:
            goodbye = spoken_text(await self._ask_rasa(call, SILENCE_TIMEOUT, on_new_message))
        except Exception:
            logger.exception(
                "Rasa failed on the silence timeout of call %s; using the fixed goodbye.", call.call_sid
            )
            goodbye = ""
        state = {**stored["state"], "last_prompt": None, "ended": True}
        await in_thread(voice_store.save_state, self.engine, call.call_sid, state, now=self.clock())
        return voice_say_and_hangup(
            goodbye or t(SILENCE_GOODBYE), language=SPEECH_LANGUAGES[languages.current()]
        )

    async def _ask_rasa(
        self, call: CallRequest, text: str, on_new_message: OnNewMessage
    ) -> list[dict[str, Any]]:
        collector = CollectingOutputChannel()
        await on_new_message(
            UserMessage(
                text,
                collector,
                sender_id=call.call_sid,
                input_channel=self.name(),
                metadata=call.metadata(languages.current()),
            )
        )
        return collector.messages

    async def after_dial(self, call_sid: str, dial_status: str) -> str:
        """Where Twilio goes when a ``<Dial>`` ends: goodbye if it connected, else read the number twice."""
        stored = await in_thread(voice_store.get_call, self.engine, call_sid) if call_sid else None
        state = (stored or {}).get("state", {})
        number = state.get("dial_number")
        with languages.using(state.get("language")) as language:
            spoken = SPEECH_LANGUAGES[language]
            if dial_status in CONNECTED_DIAL_STATUSES or not number:
                return voice_say_and_hangup(t(GOODBYE), language=spoken)
            logger.warning(
                "Call %s: dialling %s ended %r; reading the number out.", call_sid, number, dial_status
            )
            return voice_read_number_twice(t(DIAL_FAILED_INTRO), number, language=spoken)

    def end_call(self, call_sid: str, call_status: str) -> None:
        """Mark the call ended (status callback); a partial spill report is kept, flagged abandoned."""
        ended = calls.end_call(self.engine, call_sid, now=self.clock())
        if ended is None:
            return
        kept = f"; spill report {ended.kept_report} kept, flagged abandoned" if ended.kept_report else ""
        logger.info("Call %s ended (%s)%s.", call_sid, call_status, kept)

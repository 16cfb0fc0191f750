"""Twilio SMS connector for Rasa (``POST /webhooks/twilio_sms/webhook``), answering with TwiML.

Registered in ``credentials.yml`` as ``channels.twilio_sms.TwilioSmsInput``; configured through
:class:`config.settings.Settings` (environment variables). Rasa 3.6's own ``twilio`` connector checks no
signature, crashes on a POST without ``Body`` and answers through a blocking REST call inside async code.
This one answers synchronously in the webhook response, deciding in this order:

1. ``X-Twilio-Signature`` must sign our public URL and the form, else 403 and Rasa never sees the request.
2. A ``MessageSid`` is processed once: a repeated delivery gets the reply stored for the first one (empty
   TwiML while the first is still being answered).
3. Carrier keywords (STOP, START, HELP and Spanish forms) are answered here and the opt-out is stored.
   YES / SÍ opt a number back in only when it is opted out; otherwise they are answers for Rasa.
4. An opted-out number gets no message at all (Twilio itself blocks replies to it after English STOP).
5. The per-number rate limit: the first refused message gets a short explanation, the rest nothing.
6. Empty, too long (over 1,600 characters) and media-only messages get a clear reply without Rasa. Photos
   (MMS) go to the sender's open spill report, else their latest pump-out (service) record.
7. MORE / MAS sends the next part of an answer kept back; with nothing kept, it goes to Rasa.
8. Everything else goes to Rasa; its reply is split into at most three ``<Message>``s of at most 320
   characters, and the rest is kept for MORE.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rasa.core.channels.channel import CollectingOutputChannel, UserMessage
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse
from sqlalchemy.engine import Engine

import store
from channels.twilio_webhook import (
    TwilioForm,
    TwilioInput,
    in_thread,
    twiml,
)
from cities import CityContacts
from config import Settings
from intake.text import user_text
from languages import SPANISH
from languages.detect import detect
from shaping.keywords import (
    KeywordKind,
    KeywordMatch,
    Language,
    classify_keyword,
    keyword_reply,
    more_marker,
)
from shaping.sms_text import DEFAULT_MAX_PARTS, MORE_MARKER, gsm7_fold, part_limit, split_sms
from shaping.twiml import MAX_MEDIA_PER_MESSAGE, MAX_MESSAGE_CHARACTERS, empty_sms, sms_reply
from store import photos
from store import sms as sms_store
from store.sms import RateLimit

logger = logging.getLogger(__name__)

CHANNEL_NAME = "twilio_sms"

EMPTY_MESSAGE_REPLY = (
    "Your message was empty. Please text your question, for example: "
    "When is my grease interceptor due for pumping?"
)
TOO_LONG_REPLY = (
    "Your message has {length:,} characters, more than the {limit:,} I can read at once. "
    "Please send it again in shorter messages, or just your question."
)
RATE_LIMITED_REPLY = (
    "You have sent many messages in a short time. Please wait a few minutes before sending more; "
    "I will answer again then."
)
FAILURE_REPLY = (
    "Sorry, something went wrong on my side and I could not answer. "
    "Please send your message again in a few minutes."
)
NOTHING_TO_ATTACH_REPLY = (
    "I could not add your photo: there is no open spill report or pump-out record from this number. "
    "Tell me about the spill or the pump-out first, then send the photo again."
)


# --- pure parts ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InboundSms:
    """The fields of Twilio's incoming-message webhook that the connector uses."""

    message_sid: str
    sender: str
    body: str
    media_urls: tuple[str, ...]

    @classmethod
    def from_form(cls, form: TwilioForm) -> InboundSms:
        """Read a signed form; ``Body`` may be missing (media-only MMS). Raises ValueError without a
        MessageSid or a From number, naming the field."""
        message_sid = form.get("MessageSid").strip() or form.get("SmsMessageSid").strip()
        sender = form.get("From").strip()
        if not message_sid:
            raise ValueError("Twilio SMS webhook without MessageSid: cannot process it exactly once.")
        if not sender:
            raise ValueError(f"Twilio SMS webhook {message_sid} has no From number to answer.")
        store.normalize_phone(sender)  # raises StoreError (a ValueError) naming a From that is no number
        return cls(message_sid=message_sid, sender=sender, body=form.get("Body"), media_urls=media_urls(form))


def media_urls(form: TwilioForm) -> tuple[str, ...]:
    """``MediaUrl0`` … ``MediaUrl{NumMedia-1}`` (at most ten, Twilio's own limit), absolute http(s) only."""
    try:
        count = int(form.get("NumMedia") or 0)
    except ValueError:
        count = 0
    urls = (
        form.get(f"MediaUrl{index}").strip() for index in range(min(max(count, 0), MAX_MEDIA_PER_MESSAGE))
    )
    return tuple(url for url in urls if url.startswith(("https://", "http://")))


@dataclass(frozen=True)
class SmsTurn:
    """The ``<Message>`` texts to answer with, media for the first one, and the text kept for MORE."""

    parts: list[str]
    media: list[str]
    remainder: str


def bot_content(messages: Iterable[Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """Texts and image URLs of Rasa's collected messages, as SMS can carry them.

    Buttons become "Reply with: A, B or C."; custom payloads count only for their ``text`` (``dial``,
    ``say`` and ``hangup`` are for the voice line).
    """
    texts: list[str] = []
    images: list[str] = []
    for message in messages:
        text = message.get("text")
        custom = message.get("custom")
        if not text and isinstance(custom, Mapping) and isinstance(custom.get("text"), str):
            text = custom["text"]
        if isinstance(text, str) and text.strip():
            texts.append(text.strip())
        titles = [str(button.get("title", "")).strip() for button in message.get("buttons") or []]
        titles = [title for title in titles if title]
        if titles:
            texts.append(f"Reply with: {_or_list(titles)}.")
        image = message.get("image")
        if isinstance(image, str) and image.startswith(("https://", "http://")):
            images.append(image)
    return texts, images[:MAX_MEDIA_PER_MESSAGE]


def _or_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def compose_sms_turn(
    texts: Sequence[str], media: Sequence[str] = (), *, marker: str = MORE_MARKER
) -> SmsTurn:
    """Lay out one turn: each text on its own message when all fit in three; otherwise the texts run on
    together, three messages are sent and the rest is kept behind ``marker`` ("Reply MORE for the rest.").
    Spanish letters GSM-7 lacks are written without the accent (:func:`shaping.sms_text.gsm7_fold`), and
    any text still outside GSM-7 (emoji) goes in shorter parts, so every message stays within three carrier
    segments (:func:`shaping.sms_text.part_limit`)."""
    texts = [gsm7_fold(text) for text in texts]
    limit = part_limit(" ".join(texts) + marker)
    separate = [split_sms(text, limit, more_marker=marker) for text in texts]
    parts = [part for split in separate for part in split.parts]
    if len(parts) <= DEFAULT_MAX_PARTS and not any(split.remainder for split in separate):
        return SmsTurn(parts=parts, media=list(media), remainder="")
    together = split_sms(" ".join(texts), limit, more_marker=marker)
    return SmsTurn(parts=together.parts, media=list(media), remainder=together.remainder)


def photo_added_reply(count: int, record_kind: str, reference: str) -> str:
    photos = "your photo" if count == 1 else f"your {count} photos"
    return f"Thanks. I added {photos} to {record_kind} {reference}."


def default_help_contact(settings: Settings) -> str:
    """The city offices the ordinances name, with the configured contact phone numbers when set."""
    contacts = CityContacts.from_settings(settings)
    return f"{contacts.describe('victorville')} or {contacts.describe('inglewood')}"


# --- the connector ------------------------------------------------------------------------------------------

OnNewMessage = Callable[[UserMessage], Awaitable[Any]]


class TwilioSmsInput(TwilioInput):
    """Rasa input channel for Twilio Programmable Messaging (SMS and MMS)."""

    @classmethod
    def name(cls) -> str:
        return CHANNEL_NAME

    def __init__(
        self,
        settings: Settings,
        *,
        engine: Engine | None = None,
        clock: Callable[[], dt.datetime] | None = None,
    ) -> None:
        super().__init__(settings, engine=engine, clock=clock)
        self.rate_limit = RateLimit(
            max_messages=settings.sms_rate_limit,
            window=dt.timedelta(seconds=settings.sms_rate_window_seconds),
        )
        self.help_contact = settings.sms_help_contact.strip() or default_help_contact(settings)

    def blueprint(self, on_new_message: OnNewMessage) -> Blueprint:
        webhook = self.new_blueprint("fog_twilio_sms")

        async def receive(_request: Request, inbound: InboundSms) -> HTTPResponse:
            return twiml(await self.answer(inbound, on_new_message))

        self.add_signed_post(webhook, "/webhook", InboundSms.from_form, receive)
        return webhook

    async def answer(self, inbound: InboundSms, on_new_message: OnNewMessage) -> str:
        """The TwiML for ``inbound``, computed once per MessageSid and stored for repeated deliveries.

        If the database cannot be reached, the texter is asked to send the message again (nothing was
        recorded, so the new message is processed as a first delivery)."""
        try:
            first_delivery = await in_thread(
                sms_store.claim_message_sid,
                self.engine,
                inbound.message_sid,
                phone=inbound.sender,
                now=self.clock(),
            )
        except Exception:
            logger.exception(
                "Could not record SMS %s; asked the texter to send it again.", inbound.message_sid
            )
            return sms_reply([FAILURE_REPLY])
        if not first_delivery:
            stored = await in_thread(sms_store.get_reply, self.engine, inbound.message_sid)
            logger.info("Repeated delivery of %s answered with the stored reply.", inbound.message_sid)
            return stored or empty_sms()
        try:
            document = await self._reply(inbound, on_new_message)
        except Exception:
            logger.exception("Could not answer SMS %s from %s.", inbound.message_sid, inbound.sender)
            document = sms_reply([FAILURE_REPLY])
        try:
            await in_thread(
                sms_store.save_reply, self.engine, inbound.message_sid, document, now=self.clock()
            )
        except Exception:  # the answer still goes out; a repeated delivery would then get an empty reply
            logger.exception("Could not store the reply to SMS %s.", inbound.message_sid)
        return document

    async def _reply(self, inbound: InboundSms, on_new_message: OnNewMessage) -> str:
        keyword = classify_keyword(inbound.body)
        if keyword is not None and keyword.kind is not KeywordKind.MORE:
            keyword_answer = await self._carrier_keyword(inbound, keyword)
            if keyword_answer is not None:
                return keyword_answer
        if await in_thread(sms_store.is_opted_out, self.engine, inbound.sender):
            logger.info("Not answering %s from %s (opted out).", inbound.message_sid, inbound.sender)
            return empty_sms()
        if not await self._within_rate_limit(inbound.sender):
            return await self._rate_limited(inbound)

        body = user_text(inbound.body)
        notices = await self._attach_media(inbound) if inbound.media_urls else []
        if len(body) > MAX_MESSAGE_CHARACTERS:
            logger.warning(
                "SMS %s from %s has %d characters, over %d; asked to shorten it. Full text: %r",
                inbound.message_sid,
                inbound.sender,
                len(body),
                MAX_MESSAGE_CHARACTERS,
                body,
            )
            return sms_reply(
                [*notices, TOO_LONG_REPLY.format(length=len(body), limit=MAX_MESSAGE_CHARACTERS)]
            )
        if not body:
            if inbound.media_urls:
                return sms_reply(notices or [NOTHING_TO_ATTACH_REPLY])
            return sms_reply([EMPTY_MESSAGE_REPLY])
        if keyword is not None and keyword.kind is KeywordKind.MORE:
            kept = await in_thread(sms_store.take_remainder, self.engine, inbound.sender)
            if kept:
                return await self._send_turn(inbound.sender, [kept], [], marker=more_marker(keyword.language))

        texts, images = bot_content(await self._ask_rasa(inbound, body, on_new_message))
        if inbound.media_urls and not notices:
            # Rasa may have opened the report this very turn (e.g. "Sewage on 5th St" with a photo).
            notices = await self._attach_media(inbound) or [NOTHING_TO_ATTACH_REPLY]
        if not (notices or texts or images):
            # Rasa answered nothing (an action failed or timed out): never leave a texter waiting in silence.
            logger.warning(
                "SMS %s from %s: Rasa sent no reply; asked to try again.", inbound.message_sid, inbound.sender
            )
            texts = [FAILURE_REPLY]
            # the resend it asks for must not be refused by the rate limit for the assistant's own fault
            await in_thread(sms_store.forgive, self.engine, inbound.sender, self.clock())
        return await self._send_turn(inbound.sender, [*notices, *texts], images)

    async def _carrier_keyword(self, inbound: InboundSms, keyword: KeywordMatch) -> str | None:
        """Store and answer STOP / START / HELP; None for YES / SÍ from a number that is not opted out."""
        now = self.clock()
        if keyword.kind is KeywordKind.OPT_OUT:
            await in_thread(sms_store.opt_out, self.engine, inbound.sender, keyword=keyword.keyword, now=now)
        elif keyword.kind is KeywordKind.OPT_IN:
            opted_out = await in_thread(sms_store.is_opted_out, self.engine, inbound.sender)
            if keyword.is_also_an_answer and not opted_out:
                return None
            await in_thread(sms_store.opt_in, self.engine, inbound.sender, keyword=keyword.keyword, now=now)
        logger.info(
            "SMS %s from %s: carrier keyword %r.", inbound.message_sid, inbound.sender, keyword.keyword
        )
        if self.settings.sms_keywords_answered_by_twilio and keyword.language is Language.ENGLISH:
            return empty_sms()
        reply = keyword_reply(
            keyword.kind,
            keyword.language,
            program_name=self.settings.sms_program_name,
            help_contact=self.help_contact,
        )
        return sms_reply([reply])

    async def _within_rate_limit(self, sender: str) -> bool:
        return await in_thread(sms_store.allow, self.engine, sender, self.clock(), limit=self.rate_limit)

    async def _rate_limited(self, inbound: InboundSms) -> str:
        refusals = await in_thread(
            sms_store.refusals_in_window, self.engine, inbound.sender, self.clock(), limit=self.rate_limit
        )
        logger.warning(
            "SMS %s from %s refused by the rate limit (%d refused in the window).",
            inbound.message_sid,
            inbound.sender,
            refusals,
        )
        return sms_reply([RATE_LIMITED_REPLY]) if refusals == 1 else empty_sms()

    async def _attach_media(self, inbound: InboundSms) -> list[str]:
        """Attach the photos to the sender's open spill report, else latest service record; the notice to
        send, or [] when there is nothing to attach them to (the URLs are logged, so none is lost)."""
        attached = await in_thread(
            photos.attach_photos, self.engine, inbound.sender, inbound.media_urls, now=self.clock()
        )
        if attached is not None:
            return [photo_added_reply(len(inbound.media_urls), attached.record_kind, attached.reference)]
        logger.warning(
            "SMS %s from %s: no open spill report or service record to attach media to: %s",
            inbound.message_sid,
            inbound.sender,
            list(inbound.media_urls),
        )
        return []

    async def _ask_rasa(
        self, inbound: InboundSms, text: str, on_new_message: OnNewMessage
    ) -> list[dict[str, Any]]:
        collector = CollectingOutputChannel()
        await on_new_message(
            UserMessage(
                text,
                collector,
                sender_id=inbound.sender,
                input_channel=self.name(),
                message_id=inbound.message_sid,
                metadata={
                    "channel": "sms",
                    "from": inbound.sender,
                    "message_sid": inbound.message_sid,
                    "media": list(inbound.media_urls),
                },
            )
        )
        return collector.messages

    async def _send_turn(
        self, sender: str, texts: Sequence[str], media: Sequence[str], *, marker: str | None = None
    ) -> str:
        """Send one turn; the MORE marker in the replies' language unless given."""
        if marker is None:
            spanish = detect(" ".join(texts)) == SPANISH
            marker = more_marker(Language.SPANISH if spanish else Language.ENGLISH)
        turn = compose_sms_turn(texts, media, marker=marker)
        await in_thread(sms_store.keep_remainder, self.engine, sender, turn.remainder, now=self.clock())
        return sms_reply(turn.parts, turn.media)

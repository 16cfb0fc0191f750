"""Outbox delivery: the city's notifications leave here, by SMS (Twilio REST) and e-mail (SMTP).

Each pass (:func:`run_once`):

1. gives back notifications a dead worker left ``sending`` (:func:`store.outbox.release_stuck`);
2. fans every undispatched event out into notifications (:func:`messages_for`): a spill report to the
   city's on-call phones and mailboxes (``<CITY>_SPILL_SMS``, ``<CITY>_SPILL_EMAIL``), a permit application
   or waiver request to the FOG office (``<CITY>_APPLICATIONS_EMAIL``), a text to a reporter
   (``status_changed``, ``document_link``: payload ``{"to": "+1...", "text": "...", "language": "es"}``, in
   the language the reporter wrote in), a failed delivery
   to ``ALERT_EMAIL``.
   A city with no recipients configured gets a warning in the log, once per event, and nothing to send
   (the console still shows the event). A ``spill_started`` event whose report was submitted before it
   went out is folded into the submission's notification (one alert, with every fact);
3. sends the due notifications, each claimed by exactly one worker. Quiet hours do not apply to spill
   alerts; a status text about a permit or waiver waits for the end of quiet hours. A text to a number that
   opted out (``store.sms``) is recorded ``skipped``. A failure is retried with backoff and, after
   ``NOTIFICATION_MAX_ATTEMPTS``, marked failed and alerted (see :mod:`store.outbox`).

Without Twilio configured, SMS notifications wait (``pending``) and e-mail still goes. E-mails carry a
``Message-ID`` made from the notification id (the same on every attempt) and an ``X-Notification-Id``
header, so a receiver can drop the duplicate a crash between the SMTP answer and the commit can cause.
"""

from __future__ import annotations

import datetime as dt
import logging
import smtplib
import ssl
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr
from typing import Any, Protocol

from sqlalchemy.engine import Engine
from twilio.base.exceptions import TwilioRestException
from twilio.rest import Client

import documents
import store
from config import Settings
from config.clock import Clock, utc_now
from shaping import notifications as wording
from store import outbox
from store.outbox import Message
from store.references import SPILL
from worker.reminders import UNSUBSCRIBED_RECIPIENT, quiet_hours_end, twilio_client

log = logging.getLogger(__name__)

SMTP_TIMEOUT_SECONDS = 30
PERMANENT_TWILIO_ERRORS = frozenset({21211, 21614})  # not a valid phone number; not a mobile number
STAFF_RECIPIENTS = {
    "spill_started": (("sms", "spill_sms"), ("email", "spill_email")),
    "spill_submitted": (("sms", "spill_sms"), ("email", "spill_email")),
    "permit_submitted": (("email", "applications_email"),),
    "waiver_submitted": (("email", "applications_email"),),
}
"""Which configured recipients (``Settings.recipients(city, kind)``) hear of each event, by channel."""
REPORTER_TEXTS = ("status_changed", "document_link")
RECORD_READERS = {
    "spill_started": store.spills.get_by_reference,
    "spill_submitted": store.spills.get_by_reference,
    "permit_submitted": store.permits.get_by_reference,
    "waiver_submitted": store.waivers.get_by_reference,
}


class Mailer(Protocol):
    def send(self, message: EmailMessage) -> None: ...


class SmtpMailer:
    """Sends through ``SMTP_HOST:SMTP_PORT``, with STARTTLS and login when configured; one connection a
    message (notifications are few)."""

    def __init__(self, settings: Settings, timeout: float = SMTP_TIMEOUT_SECONDS) -> None:
        self.settings = settings
        self.timeout = timeout

    def send(self, message: EmailMessage) -> None:
        settings = self.settings
        with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=self.timeout) as smtp:
            if settings.smtp_starttls:
                smtp.starttls(context=ssl.create_default_context())  # the server's certificate is checked
            if settings.smtp_username:
                smtp.login(settings.smtp_username, settings.smtp_password)
            smtp.send_message(message)


@dataclass
class OutboxRun:
    """What one pass did, in numbers."""

    released: int = 0
    dispatched: int = 0
    created: int = 0
    sent: int = 0
    retried: int = 0
    failed: int = 0
    skipped: int = 0


def sms_client_for(settings: Settings) -> Client | None:
    """Twilio's client, or None when Twilio is not configured (SMS notifications then wait)."""
    if not (settings.twilio_account_sid and settings.twilio_auth_token and settings.twilio_sms_number):
        return None
    return twilio_client(settings)


def messages_for(
    engine: Engine, settings: Settings, event: Mapping[str, Any], now: dt.datetime
) -> list[Message]:
    """The notifications an event becomes (see the module docstring); empty when nobody is to hear of it."""
    kind = event["kind"]
    if kind == "spill_started" and outbox.has_event(engine, "spill_submitted", event["reference"]):
        log.info("outbox: event %s folded into the submission of %s", event["id"], event["reference"])
        return []
    if kind in REPORTER_TEXTS:
        return _reporter_text(engine, settings, event, now)
    record = RECORD_READERS[kind](engine, event["reference"]) if kind in RECORD_READERS else None
    context = wording.notification_context(
        event, record, program_name=settings.sms_program_name, summary=_summary(event, record, now)
    )
    templates = settings.notification_templates_dir
    if kind == "delivery_failed":
        targets = [("email", address) for address in _split(settings.alert_email)]
        setting = "ALERT_EMAIL"
    else:
        city = event["city"]
        channels = STAFF_RECIPIENTS[kind]
        targets = [(channel, to) for channel, name in channels for to in _recipients(settings, city, name)]
        setting = " or ".join(f"{(city or '<CITY>').upper()}_{name.upper()}" for _, name in channels)
    if not targets:
        log.warning(
            "outbox: nobody to tell of %s %s (event %s): set %s",
            kind,
            event["reference"],
            event["id"],
            setting,
        )
        return []
    messages = []
    for channel, recipient in targets:
        if channel == "sms":
            body = wording.render_sms(kind, context, templates_dir=templates)
            messages.append(_sms(engine, recipient, body))
        else:
            email = wording.render_email(kind, context, templates_dir=templates)
            messages.append(Message("email", recipient, email.body, subject=email.subject))
    return messages


def _split(raw: str) -> list[str]:
    return [part.strip() for part in raw.split(",") if part.strip()]


def _recipients(settings: Settings, city: str | None, name: str) -> tuple[str, ...]:
    return settings.recipients(city, name) if city else ()


def _summary(event: Mapping[str, Any], record: Mapping[str, Any] | None, now: dt.datetime) -> str | None:
    """The application summary document for a permit application (every answer, labelled and cited)."""
    if event["kind"] != "permit_submitted" or record is None:
        return None
    answers = (record.get("details") or {}).get("answers") or {}
    try:
        return documents.application_text(
            record["city"], record["reference"], answers, prepared_at=record.get("submitted_at") or now
        )
    except Exception:  # the e-mail still goes, with the raw answers
        log.exception("outbox: no application summary for %s", record["reference"])
        return None


def _sms(engine: Engine, recipient: str, body: str, send_at: dt.datetime | None = None) -> Message:
    try:
        phone = store.normalize_phone(recipient)
    except store.StoreError:
        return Message(
            "sms", recipient, body, status="skipped", reason=f"{recipient!r} is not a phone number."
        )
    if store.sms.is_opted_out(engine, phone):
        return Message("sms", phone, body, status="skipped", reason="The number has opted out of messages.")
    return Message("sms", phone, body, send_at=send_at)


def _reporter_text(
    engine: Engine, settings: Settings, event: Mapping[str, Any], now: dt.datetime
) -> list[Message]:
    payload = event["payload"] or {}
    if not payload.get("to") or not payload.get("text"):
        log.warning("outbox: %s event %s has no 'to' or 'text'; nothing sent", event["kind"], event["id"])
        return []
    language = payload.get("language") or "en"  # the reporter's conversation's language
    context = wording.notification_context(
        event, None, program_name=settings.sms_program_name, language=language
    )
    body = wording.render_sms(
        event["kind"], context, templates_dir=settings.notification_templates_dir, language=language
    )
    send_at = None
    if event["kind"] == "status_changed" and not str(event["reference"] or "").startswith(SPILL):
        send_at = quiet_hours_end(now, settings.quiet_hours_start, settings.quiet_hours_end)
    return [_sms(engine, str(payload["to"]), body, send_at)]


def dispatch_events(engine: Engine, settings: Settings, now: dt.datetime, run: OutboxRun) -> None:
    for event in outbox.undispatched(engine):
        try:
            messages = messages_for(engine, settings, event, now)
        except Exception:  # a template or record problem: keep the event for the next pass, tell the log
            log.exception("outbox: could not prepare event %s (%s)", event["id"], event["kind"])
            continue
        created = outbox.dispatch(engine, event["id"], messages, now=now)
        if created is not None:
            run.dispatched += 1
            run.created += len(created)
            run.skipped += sum(1 for row in created if row["status"] == "skipped")


def email_message(notification: Mapping[str, Any], settings: Settings, now: dt.datetime) -> EmailMessage:
    """The e-mail for a notification row: ``From: SMTP_FROM``, a Message-ID the same on every attempt."""
    _, sender = parseaddr(settings.smtp_from)
    domain = sender.rpartition("@")[2] or "localhost"
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = notification["recipient"]
    message["Subject"] = notification["subject"] or ""
    message["Date"] = format_datetime(now)
    message["Message-ID"] = f"<notification-{notification['id']}@{domain}>"
    message["X-Notification-Id"] = str(notification["id"])
    if notification["reference"]:
        message["X-Reference"] = notification["reference"]
    message.set_content(notification["body"])
    return message


def send_due(
    engine: Engine,
    settings: Settings,
    *,
    sms_client: Client | None,
    mailer: Mailer,
    now: dt.datetime,
    run: OutboxRun,
) -> None:
    channels: Sequence[str] = ("sms", "email") if sms_client is not None else ("email",)
    for notification in outbox.claim_due(engine, channels=channels, now=now):
        if notification["channel"] == "sms":
            _send_sms(engine, settings, sms_client, notification, now, run)
        else:
            _send_email(engine, settings, mailer, notification, now, run)


def _failure(
    engine: Engine,
    settings: Settings,
    notification: Mapping[str, Any],
    error: str,
    now: dt.datetime,
    run: OutboxRun,
    *,
    permanent: bool = False,
) -> None:
    row = outbox.record_failure(
        engine,
        notification["id"],
        error=error,
        max_attempts=settings.notification_max_attempts,
        permanent=permanent,
        now=now,
    )
    if row["status"] == "failed":
        log.error("outbox: notification %s failed for good: %s", notification["id"], error)
        run.failed += 1
    else:
        log.warning(
            "outbox: notification %s will be retried at %s: %s", row["id"], row["next_attempt_at"], error
        )
        run.retried += 1


def _send_sms(
    engine: Engine,
    settings: Settings,
    client: Client,
    notification: Mapping[str, Any],
    now: dt.datetime,
    run: OutboxRun,
) -> None:
    phone = notification["recipient"]
    if store.sms.is_opted_out(engine, phone):  # a STOP may have come in since the event was dispatched
        outbox.mark_skipped(
            engine, notification["id"], reason="The number has opted out of messages.", now=now
        )
        run.skipped += 1
        return
    try:
        message = client.messages.create(
            to=phone, from_=settings.twilio_sms_number, body=notification["body"]
        )
    except TwilioRestException as error:
        reason = f"Twilio {error.code}: {error.msg}"
        if error.code == UNSUBSCRIBED_RECIPIENT:
            store.sms.opt_out(engine, phone, keyword="twilio:21610", now=now)
            outbox.mark_skipped(engine, notification["id"], reason=reason, now=now)
            run.skipped += 1
            return
        _failure(
            engine, settings, notification, reason, now, run, permanent=error.code in PERMANENT_TWILIO_ERRORS
        )
        return
    except Exception as error:  # the network: try again later
        _failure(engine, settings, notification, f"{type(error).__name__}: {error}", now, run)
        return
    outbox.mark_sent(engine, notification["id"], provider_id=message.sid, now=now)
    run.sent += 1


def _send_email(
    engine: Engine,
    settings: Settings,
    mailer: Mailer,
    notification: Mapping[str, Any],
    now: dt.datetime,
    run: OutboxRun,
) -> None:
    message = email_message(notification, settings, now)
    try:
        mailer.send(message)
    except smtplib.SMTPRecipientsRefused as error:
        codes = [code for code, _ in error.recipients.values()]
        reason = f"SMTP refused the recipient: {error.recipients}"
        _failure(
            engine, settings, notification, reason, now, run, permanent=all(code >= 500 for code in codes)
        )
        return
    except Exception as error:  # server down, timeout, 4xx: try again later
        _failure(engine, settings, notification, f"{type(error).__name__}: {error}", now, run)
        return
    outbox.mark_sent(engine, notification["id"], provider_id=message["Message-ID"], now=now)
    run.sent += 1


def run_once(
    engine: Engine,
    settings: Settings,
    *,
    sms_client: Client | None,
    mailer: Mailer,
    now: dt.datetime | None = None,
) -> OutboxRun:
    """One pass: release stuck notifications, dispatch events, send what is due (module docstring)."""
    moment = now or utc_now()
    run = OutboxRun()
    run.released = len(
        outbox.release_stuck(engine, max_attempts=settings.notification_max_attempts, now=moment)
    )
    dispatch_events(engine, settings, moment, run)
    send_due(engine, settings, sms_client=sms_client, mailer=mailer, now=moment, run=run)
    if run != OutboxRun():
        log.info("outbox: %s", run)
    return run


def run_forever(
    engine: Engine,
    settings: Settings,
    stop: threading.Event,
    *,
    sms_client: Client | None,
    mailer: Mailer,
    clock: Clock = utc_now,
    interval_seconds: float | None = None,
) -> int:
    """:func:`run_once` every ``OUTBOX_POLL_SECONDS`` until ``stop``; a failing pass is logged and the next
    one tried. Returns the number of passes made."""
    interval = settings.outbox_poll_seconds if interval_seconds is None else interval_seconds
    passes = 0
    while not stop.is_set():
        try:
            run_once(engine, settings, sms_client=sms_client, mailer=mailer, now=clock())
        except Exception:
            log.exception("An outbox pass failed; trying again in %s s.", interval)
        passes += 1
        stop.wait(interval)
    return passes

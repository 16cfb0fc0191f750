"""Opt-in reminders ("text me before my pump-out is due"), sent by SMS through Twilio's REST client.

Each pass of :func:`send_due_reminders`:

1. claims the due reminders (:func:`store.reminders.claim_due` hands each to exactly one sender and already
   marks those of opted-out numbers ``skipped``);
2. checks the opt-out again, because a STOP may arrive between the claim and the send;
3. inside quiet hours (city time, America/Los_Angeles for both cities; ``QUIET_HOURS_START`` to
   ``QUIET_HOURS_END``) gives the reminder back for the moment quiet hours end;
4. sends it with ``client.messages.create``. Twilio error 21610 means the number texted STOP to Twilio
   itself: the opt-out is recorded and the reminder skipped. Any other failure marks it ``failed`` with the
   error, for staff to see.

Sending is blocking HTTP, so it runs in the worker process (``python -m worker``, started by the supervisor
beside the servers), never on an event loop. The Twilio client is injected: tests pass one whose
``http_client`` talks to :class:`tests.support.fake_twilio.FakeTwilioApi`.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.engine import Engine
from twilio.base.exceptions import TwilioRestException
from twilio.http.http_client import TwilioHttpClient
from twilio.http.response import Response
from twilio.rest import Client

from cities import CITY_TIME_ZONE
from config import Settings, SettingsError
from shaping.speech import say_date
from store import reminders, sms
from store.db import utc_now

logger = logging.getLogger(__name__)

CITY_ZONE = ZoneInfo(CITY_TIME_ZONE)
UNSUBSCRIBED_RECIPIENT = 21610
"""Twilio's error for a number that texted STOP to our Twilio number."""
TWILIO_API_ORIGIN = "https://api.twilio.com"
TWILIO_TIMEOUT_SECONDS = 30

DEFAULT_TEXTS = {
    "pump_out_due": "Reminder: your grease interceptor pump-out is due by {date}.",
    "manifest_due": "Reminder: the manifest for your grease interceptor service is due by {date}.",
}
OPT_OUT_HINT = "Reply STOP to opt out."


def quiet_hours_end(
    moment: dt.datetime, start: dt.time, end: dt.time, zone: dt.tzinfo = CITY_ZONE
) -> dt.datetime | None:
    """When the quiet hours containing ``moment`` end (in UTC), or None when ``moment`` is outside them.

    Quiet hours run from ``start`` (included) to ``end`` (excluded) in ``zone`` and may span midnight
    (21:00 to 08:00). Equal start and end mean no quiet hours.
    """
    local = moment.astimezone(zone)
    now = local.time().replace(tzinfo=None)
    if start == end:
        return None
    if start < end:
        quiet, end_day = start <= now < end, local.date()
    else:
        quiet = now >= start or now < end
        end_day = local.date() + dt.timedelta(days=1) if now >= start else local.date()
    if not quiet:
        return None
    return dt.datetime.combine(end_day, end, tzinfo=zone).astimezone(dt.timezone.utc)


def reminder_text(reminder: Mapping[str, Any], program_name: str) -> str:
    """The SMS for a reminder: its own message, else the default for its kind with the due date; always
    naming the program first and ending with how to opt out, as carriers expect of recurring messages."""
    text = (reminder.get("message") or "").strip()
    if not text:
        text = DEFAULT_TEXTS[reminder["kind"]].format(date=say_date(reminder["due_date"]))
    if not text.startswith(program_name):
        text = f"{program_name}: {text}"
    if not re.search(r"\bSTOP\b", text):
        text = f"{text} {OPT_OUT_HINT}"
    return text


@dataclass
class ReminderRun:
    """The reminder ids each pass handled, by outcome."""

    sent: list[int] = field(default_factory=list)
    postponed: list[int] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)


class RedirectedTwilioHttpClient(TwilioHttpClient):
    """Sends Twilio API requests to ``TWILIO_API_BASE_URL`` instead (tests run a local fake Twilio there;
    the setting is refused in production); any other address is refused, so nothing leaves for real."""

    def __init__(self, base_url: str, timeout: float = TWILIO_TIMEOUT_SECONDS) -> None:
        super().__init__(timeout=timeout)
        self.base_url = base_url.rstrip("/")

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> Response:
        if not url.startswith(TWILIO_API_ORIGIN + "/"):
            raise ValueError(f"Only {TWILIO_API_ORIGIN} requests are redirected, got {url!r}")
        return super().request(method, self.base_url + url[len(TWILIO_API_ORIGIN) :], *args, **kwargs)


def twilio_client(settings: Settings, http_client: TwilioHttpClient | None = None) -> Client:
    """Twilio's REST client for the configured account (requests time out); ``http_client`` replaces its
    HTTP transport, else ``TWILIO_API_BASE_URL`` (tests) redirects it."""
    if not settings.twilio_account_sid or not settings.twilio_auth_token:
        raise SettingsError("Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN to send text messages.")
    if http_client is None:
        http_client = (
            RedirectedTwilioHttpClient(settings.twilio_api_base_url)
            if settings.twilio_api_base_url
            else TwilioHttpClient(timeout=TWILIO_TIMEOUT_SECONDS)
        )
    return Client(settings.twilio_account_sid, settings.twilio_auth_token, http_client=http_client)


def send_due_reminders(
    engine: Engine, settings: Settings, client: Client, now: dt.datetime | None = None, *, limit: int = 50
) -> ReminderRun:
    """Send (or postpone, or skip) every reminder due at ``now``; see the module docstring."""
    if not settings.twilio_sms_number:
        raise SettingsError("Set TWILIO_SMS_NUMBER (the number reminders come from) to send reminders.")
    moment = now or utc_now()
    run = ReminderRun()
    quiet_until = quiet_hours_end(moment, settings.quiet_hours_start, settings.quiet_hours_end)
    for reminder in reminders.claim_due(engine, now=moment, limit=limit):
        reminder_id = reminder["id"]
        if sms.is_opted_out(engine, reminder["phone"]):
            reminders.mark_skipped(
                engine, reminder_id, reason="The number has opted out of messages.", now=moment
            )
            run.skipped.append(reminder_id)
        elif quiet_until is not None:
            reminders.postpone(engine, reminder_id, send_at=quiet_until, now=moment)
            run.postponed.append(reminder_id)
        else:
            _send(engine, settings, client, reminder, moment, run)
    if any((run.sent, run.postponed, run.skipped, run.failed)):
        logger.info(
            "Reminders: %d sent, %d postponed, %d skipped, %d failed.",
            len(run.sent),
            len(run.postponed),
            len(run.skipped),
            len(run.failed),
        )
    return run


def _send(
    engine: Engine,
    settings: Settings,
    client: Client,
    reminder: Mapping[str, Any],
    moment: dt.datetime,
    run: ReminderRun,
) -> None:
    reminder_id, phone = reminder["id"], reminder["phone"]
    try:
        message = client.messages.create(
            to=phone,
            from_=settings.twilio_sms_number,
            body=reminder_text(reminder, settings.sms_program_name),
        )
    except TwilioRestException as error:
        if error.code == UNSUBSCRIBED_RECIPIENT:
            sms.opt_out(engine, phone, keyword="twilio:21610", now=moment)
            reminders.mark_skipped(
                engine, reminder_id, reason=f"Twilio {error.code}: {error.msg}", now=moment
            )
            run.skipped.append(reminder_id)
            return
        logger.error("Reminder %s to %s failed: Twilio %s: %s", reminder_id, phone, error.code, error.msg)
        reminders.mark_failed(engine, reminder_id, error=f"Twilio {error.code}: {error.msg}", now=moment)
        run.failed.append(reminder_id)
        return
    except Exception as error:  # network and other transport errors: keep the reason, do not crash the loop
        logger.exception("Reminder %s to %s failed.", reminder_id, phone)
        reminders.mark_failed(engine, reminder_id, error=f"{type(error).__name__}: {error}", now=moment)
        run.failed.append(reminder_id)
        return
    reminders.mark_sent(engine, reminder_id, provider_sid=message.sid, now=moment)
    run.sent.append(reminder_id)


def run_forever(
    engine: Engine,
    settings: Settings,
    client: Client,
    stop: threading.Event,
    *,
    clock: Callable[[], dt.datetime] = utc_now,
    interval_seconds: float | None = None,
) -> int:
    """Send due reminders every ``interval_seconds`` (default ``REMINDER_POLL_SECONDS``) until ``stop`` is
    set; a failing pass is logged and the next one tried. Returns the number of passes made."""
    interval = settings.reminder_poll_seconds if interval_seconds is None else interval_seconds
    passes = 0
    while not stop.is_set():
        try:
            send_due_reminders(engine, settings, client, clock())
        except Exception:
            logger.exception("A reminder pass failed; trying again in %s s.", interval)
        passes += 1
        stop.wait(interval)
    return passes

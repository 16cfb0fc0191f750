"""Helpers for the connector tests, which run in the Rasa environment (Python 3.10, rasa 3.6, sanic 21.12).

A plain module rather than a conftest.py, so no fixture name can clash with other test folders. It gives:
a migrated database (the migrations run with the app environment's alembic, as ``make db`` does), form
bodies shaped field for field like Twilio's webhooks and signed with twilio's own ``RequestValidator``, a
fake Rasa agent, and our connectors served the way ``rasa run`` serves them (``register(..., route=
"/webhooks/")`` on a Sanic app) by a real server on 127.0.0.1, called over HTTP with ``requests``.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import os
import re
import shutil
import socket
import subprocess
import threading
import uuid
from collections.abc import Awaitable, Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import requests
from rasa.core.channels.channel import InputChannel, UserMessage, register
from sanic import Sanic
from twilio.request_validator import RequestValidator

from channels.security import SIGNATURE_HEADER, public_url
from config import Settings

REPO = Path(__file__).resolve().parents[2]
APP_PYTHON = Path(os.environ.get("APP_PYTHON", REPO / ".venv" / "app" / "bin" / "python"))

AUTH_TOKEN = "0123456789abcdef0123456789abcdef"
ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef"
PUBLIC_BASE_URL = "https://fog.example.org"  # what Twilio calls; the server itself listens on 127.0.0.1
SMS_NUMBER = "+17605550100"
OPERATOR = "+17605550199"
SMS_PATH = "/webhooks/twilio_sms/webhook"
VOICE_PATH = "/webhooks/twilio_voice/webhook"
VOICE_STATUS_PATH = "/webhooks/twilio_voice/status"
VOICE_DIAL_RESULT_PATH = "/webhooks/twilio_voice/dial_result"
XML = '<?xml version="1.0" encoding="UTF-8"?>'


def make_settings(database_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "mode": "test",
        "public_base_url": PUBLIC_BASE_URL,
        "database_url": database_url,
        "twilio_account_sid": ACCOUNT_SID,
        "twilio_auth_token": AUTH_TOKEN,
        "twilio_sms_number": SMS_NUMBER,
        "sms_program_name": "FOG Assistant",
        "secret_key": "test-secret-key-" + "0" * 32,
        **overrides,
    }
    settings = Settings(**values)
    settings.check()
    return settings


# --- database -----------------------------------------------------------------------------------------------

_template_lock = threading.Lock()
_template: dict[str, Path] = {}


def migrated_database(directory: Path) -> str:
    """A fresh, fully migrated SQLite file in ``directory``, copied from one migrated once per session."""
    with _template_lock:
        if "path" not in _template:
            template = directory.parent / "migrated-template.db"
            template.unlink(missing_ok=True)
            result = subprocess.run(
                [str(APP_PYTHON), "-m", "store.migrate", "upgrade"],
                cwd=REPO,
                env={**os.environ, "PYTHONPATH": str(REPO), "DATABASE_URL": f"sqlite:///{template}"},
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert result.returncode == 0, f"migrating with {APP_PYTHON} failed: {result.stderr}"
            _template["path"] = template
    path = directory / "assistant.db"
    shutil.copyfile(_template["path"], path)
    return f"sqlite:///{path}"


# --- Twilio-shaped requests ---------------------------------------------------------------------------------


def twilio_signature(url: str, form: Mapping[str, str], token: str = AUTH_TOKEN) -> str:
    """What Twilio puts in ``X-Twilio-Signature`` for a POST of ``form`` to ``url``."""
    return RequestValidator(token).compute_signature(url, dict(form))


def twilio_sid(prefix: str, label: str) -> str:
    """A SID of Twilio's shape (two letters, 32 hex digits) for a test's short label ("SM3", "call-1"); the
    same label always gives the same SID, and a real-looking SID is kept as it is."""
    if re.fullmatch(r"[A-Z]{2}[0-9a-f]{32}", label):
        return label
    return prefix + hashlib.sha1(label.encode()).hexdigest()[:32]


def sms_form(
    body: str | None,
    *,
    sid: str,
    sender: str = OPERATOR,
    media: Iterable[tuple[str, str]] = (),
) -> dict[str, str]:
    """An incoming-message webhook as Twilio posts it; ``body=None`` leaves the Body field out entirely and
    ``media`` is ``(url, content type)`` pairs (MMS)."""
    media = list(media)
    sid = twilio_sid("SM", sid)
    form = {
        "ToCountry": "US",
        "ToState": "CA",
        "SmsMessageSid": sid,
        "NumMedia": str(len(media)),
        "ToCity": "VICTORVILLE",
        "FromZip": "92392",
        "SmsSid": sid,
        "FromState": "CA",
        "SmsStatus": "received",
        "FromCity": "VICTORVILLE",
        "FromCountry": "US",
        "To": SMS_NUMBER,
        "ToZip": "92392",
        "NumSegments": "1",
        "ReferralNumMedia": "0",
        "MessageSid": sid,
        "AccountSid": ACCOUNT_SID,
        "From": sender,
        "ApiVersion": "2010-04-01",
    }
    if body is not None:
        form["Body"] = body
    for index, (url, content_type) in enumerate(media):
        form[f"MediaContentType{index}"] = content_type
        form[f"MediaUrl{index}"] = url
    return form


def media_url(number: int) -> str:
    return (
        f"https://api.twilio.com/2010-04-01/Accounts/{ACCOUNT_SID}/Messages/"
        f"MM{number:032x}/Media/ME{number:032x}"
    )


def voice_form(
    call_sid: str,
    *,
    speech: str | None = None,
    confidence: str | None = None,
    digits: str | None = None,
    call_status: str = "in-progress",
    caller: str = OPERATOR,
) -> dict[str, str]:
    """A voice webhook as Twilio posts it (the call's first request is ``call_status="ringing"``); a Gather
    result adds SpeechResult and Confidence, or Digits. Blank fields (FromZip, CallerZip…) are sent blank, as
    Twilio does for numbers it cannot place, and are signed like any other."""
    form = {
        "AccountSid": ACCOUNT_SID,
        "ApiVersion": "2010-04-01",
        "CallSid": twilio_sid("CA", call_sid),
        "CallStatus": call_status,
        "CallToken": "%7B%22parentCallInfoToken%22%3A%22eyJhbGciOiJFUzI1NiJ9%22%7D",
        "Called": SMS_NUMBER,
        "CalledCity": "VICTORVILLE",
        "CalledCountry": "US",
        "CalledState": "CA",
        "CalledZip": "92392",
        "Caller": caller,
        "CallerCity": "",
        "CallerCountry": "US",
        "CallerState": "CA",
        "CallerZip": "",
        "Direction": "inbound",
        "From": caller,
        "FromCity": "",
        "FromCountry": "US",
        "FromState": "CA",
        "FromZip": "",
        "StirVerstat": "TN-Validation-Passed-A",
        "To": SMS_NUMBER,
        "ToCity": "VICTORVILLE",
        "ToCountry": "US",
        "ToState": "CA",
        "ToZip": "92392",
    }
    if speech is not None:
        form.update({"SpeechResult": speech, "Confidence": confidence or "0.9", "Language": "en-US"})
    if digits is not None:
        form.update({"Digits": digits, "FinishedOnKey": "", "msg": "Gather End"})
    return form


def status_form(call_sid: str, call_status: str, duration: str = "42") -> dict[str, str]:
    """The status callback Twilio posts when a call ends."""
    return {
        **voice_form(call_sid, call_status=call_status),
        "CallDuration": duration,
        "Duration": "1",
        "CallbackSource": "call-progress-events",
        "SequenceNumber": "0",
        "Timestamp": "Wed, 14 Aug 2024 17:31:00 +0000",
    }


# --- a fake Rasa --------------------------------------------------------------------------------------------

Reply = Mapping[str, Any]
Respond = Callable[[UserMessage], "Iterable[Reply] | Awaitable[Iterable[Reply]]"]


class FakeRasa:
    """Stands in for Rasa's ``Agent``: ``handle_message`` records the message, asks ``respond`` for the bot's
    messages and sends them through the message's output channel with ``send_response``, as Rasa does."""

    def __init__(self, respond: Respond) -> None:
        self.respond = respond
        self.messages: list[UserMessage] = []

    async def handle_message(self, message: UserMessage) -> None:
        self.messages.append(message)
        replies = self.respond(message)
        if inspect.isawaitable(replies):
            replies = await replies
        for reply in replies:
            await message.output_channel.send_response(message.sender_id, dict(reply))

    @property
    def texts(self) -> list[str]:
        return [message.text for message in self.messages]


def says(*texts: str) -> Respond:
    """A bot that answers every message with ``texts``."""
    return lambda _message: [{"text": text} for text in texts]


# --- the server ---------------------------------------------------------------------------------------------


class ChannelServer:
    """Our input channel(s) on a Sanic app, registered as ``rasa run`` registers them, served on 127.0.0.1."""

    def __init__(self, channels: list[InputChannel], agent: FakeRasa) -> None:
        # What sanic-testing sets: several apps may start in one process (Sanic rewrites methods at start-up
        # and, outside test mode, cannot do it twice).
        Sanic.test_mode = True
        self.app = Sanic(f"fog_test_{uuid.uuid4().hex[:12]}", configure_logging=False)
        register(channels, self.app, route="/webhooks/")
        self.app.ctx.agent = agent
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", 0))
        self.port = self._socket.getsockname()[1]
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._server: Any = None

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._server = self._loop.run_until_complete(self._start())
        except BaseException as error:  # reported to the test thread by __enter__
            self._failure = error
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()

    async def _start(self) -> Any:
        server = await self.app.create_server(sock=self._socket, return_asyncio_server=True, access_log=False)
        await server.startup()
        await server.before_start()
        await server.after_start()
        return server

    def __enter__(self) -> ChannelServer:
        self._thread.start()
        assert self._ready.wait(timeout=30), "the Sanic test server did not start within 30 s"
        if self._failure is not None:
            raise self._failure
        return self

    def __exit__(self, *exc_info: object) -> None:
        async def stop() -> None:
            await self._server.before_stop()
            for connection in list(self._server.connections):
                connection.close_if_idle()
            await self._server.close()
            await self._server.after_stop()

        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        pending = asyncio.all_tasks(self._loop)
        for task in pending:
            task.cancel()
        if pending:
            self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self._loop.close()
        self._socket.close()

    def post(
        self,
        path: str,
        form: Mapping[str, str],
        *,
        query: str = "",
        signature: str | None = None,
        signed: bool = True,
    ) -> requests.Response:
        """POST ``form`` as Twilio would: signed for the public URL (not the local one) unless told not to."""
        headers = {
            "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8",
            "User-Agent": "TwilioProxy/1.1",
            "I-Twilio-Idempotency-Token": uuid.uuid4().hex,
            "Connection": "close",
        }
        if signature is None and signed:
            signature = twilio_signature(public_url(PUBLIC_BASE_URL, path, query), form)
        if signature is not None:
            headers[SIGNATURE_HEADER] = signature
        local = f"http://127.0.0.1:{self.port}{path}" + (f"?{query}" if query else "")
        return requests.post(local, data=dict(form), headers=headers, timeout=20)

"""What the Twilio SMS and voice connectors share: the form exactly as Twilio signed it, the signature check,
TwiML and 403 responses, and database calls kept off Rasa's event loop.

Sanic's ``request.form`` drops blank fields (``Body=``, ``CallerName=``, ``ForwardedFrom=``), but Twilio signs
every field it sends, blank or not, so the body is parsed here with blank values kept; a body that is not
UTF-8 form data parses to nothing and so fails the signature check.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import parse_qsl

from rasa.core.channels.channel import InputChannel
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse
from sqlalchemy.engine import Engine

import store
from channels.security import SIGNATURE_HEADER, is_valid_twilio_request, public_url
from config import Settings
from config.logs import install_log_privacy

logger = logging.getLogger(__name__)

T = TypeVar("T")


class TwilioForm:
    """The POST parameters of a Twilio webhook, every value kept (blank ones too) for the signature."""

    def __init__(self, params: Mapping[str, list[str]]) -> None:
        self.params = {name: list(values) for name, values in params.items()}

    def get(self, name: str) -> str:
        """The first value of ``name``, or "" when Twilio did not send it."""
        values = self.params.get(name)
        return values[0] if values else ""

    def __contains__(self, name: object) -> bool:
        return name in self.params


def parse_form(body: bytes) -> TwilioForm:
    """A form-encoded ``body`` with blank values kept; a body that is not UTF-8 gives an empty form."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return TwilioForm({})
    params: dict[str, list[str]] = {}
    for name, value in parse_qsl(text, keep_blank_values=True):
        params.setdefault(name, []).append(value)
    return TwilioForm(params)


MAX_WEBHOOK_BYTES = 32 * 1024
"""A Twilio webhook body is a few KB (an SMS with ten media URLs stays far below this)."""
MAX_WEBHOOK_PARAMS = 100
"""Twilio sends a few dozen fields at most; more is not Twilio."""
MAX_REQUEST_BYTES = 64 * 1024
"""Rasa's server refuses any body over this as it streams in (Sanic's REQUEST_MAX_SIZE; default 100 MB)."""


SID_FORMATS = {
    "AccountSid": re.compile(r"AC[0-9a-f]{32}"),
    "MessageSid": re.compile(r"(?:SM|MM)[0-9a-f]{32}"),
    "SmsMessageSid": re.compile(r"(?:SM|MM)[0-9a-f]{32}"),
    "SmsSid": re.compile(r"(?:SM|MM)[0-9a-f]{32}"),
    "CallSid": re.compile(r"CA[0-9a-f]{32}"),
}
"""What Twilio's identifiers look like: two letters and 32 hexadecimal digits."""


class Refused(Exception):
    """A webhook request refused before it reaches Rasa; ``response`` is what the sender gets."""

    def __init__(self, response: HTTPResponse) -> None:
        super().__init__(response.status)
        self.response = response


async def signed_form(request: Request, settings: Settings) -> TwilioForm:
    """The request's form if Twilio signed it for our public URL; else :class:`Refused` with the answer.

    Cheap checks come first, on the event loop: no signature header is a 403 at once, an oversized body a 413,
    too many or repeated fields a 400, all before any parsing. The form is then parsed and the HMAC checked in
    a worker thread, so a flood of bad requests never stalls the other conversations.
    """
    signature = request.headers.get(SIGNATURE_HEADER)
    if not signature:
        logger.warning("Refused a request to %s: no X-Twilio-Signature.", request.path)
        raise Refused(forbidden())
    body = request.body or b""
    if len(body) > MAX_WEBHOOK_BYTES:
        logger.warning(
            "Refused a %d-byte request to %s: over %d bytes.", len(body), request.path, MAX_WEBHOOK_BYTES
        )
        raise Refused(response.text("Request body too large.", status=413))
    if body.count(b"&") >= MAX_WEBHOOK_PARAMS:
        raise Refused(bad_request(f"More than {MAX_WEBHOOK_PARAMS} parameters: not a Twilio webhook."))
    url = public_url(settings.public_base_url, request.path, request.query_string or "")
    form = await in_thread(_verified_form, body, url, signature, settings.twilio_auth_token)
    if form is None:
        logger.warning(
            "Refused a request to %s: invalid X-Twilio-Signature for %s. If Twilio is configured with "
            "another address, set PUBLIC_BASE_URL to its origin; check TWILIO_AUTH_TOKEN too.",
            request.path,
            url,
        )
        raise Refused(forbidden())
    repeated = sorted(name for name, values in form.params.items() if len(values) > 1)
    if repeated:
        raise Refused(bad_request(f"Repeated parameters {repeated}: Twilio sends each field once."))
    for name, pattern in SID_FORMATS.items():
        value = form.get(name)
        if value and not pattern.fullmatch(value):
            raise Refused(bad_request(f"{name} {value[:40]!r} is not a Twilio {name}."))
    account = form.get("AccountSid")
    if account and settings.twilio_account_sid and account != settings.twilio_account_sid:
        logger.warning("Refused a request to %s for another Twilio account.", request.path)
        raise Refused(forbidden())
    return form


def _verified_form(body: bytes, url: str, signature: str, auth_token: str) -> TwilioForm | None:
    form = parse_form(body)
    return form if is_valid_twilio_request(auth_token, url, form.params, signature) else None


def limit_request_size(app: Any, _loop: Any = None) -> None:
    """A ``before_server_start`` listener: cap every request body of Rasa's server at MAX_REQUEST_BYTES, so a
    huge upload is refused (413) while it streams in rather than read and parsed first."""
    app.config.REQUEST_MAX_SIZE = min(int(app.config.REQUEST_MAX_SIZE), MAX_REQUEST_BYTES)


def forbidden() -> HTTPResponse:
    return response.text("Forbidden: this endpoint only accepts requests signed by Twilio.", status=403)


def bad_request(message: str) -> HTTPResponse:
    return response.text(message, status=400)


def twiml(document: str) -> HTTPResponse:
    return response.text(document, content_type="text/xml; charset=utf-8")


async def in_thread(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a short blocking store call in a worker thread, so a busy database never stalls the event loop."""
    return await asyncio.get_running_loop().run_in_executor(
        None, functools.partial(function, *args, **kwargs)
    )


def require_no_credentials(channel: str, credentials: Mapping[str, Any] | None) -> None:
    """Our connectors read their configuration from environment variables (one settings object), not from
    ``credentials.yml``; keys left there would silently do nothing, so they are refused."""
    if credentials:
        raise ValueError(
            f"The {channel} channel takes its configuration from environment variables (see .env.example); "
            f"remove {sorted(credentials)} from its entry in credentials.yml."
        )


def warn_if_unsigned_requests_all_fail(channel: str, settings: Settings) -> None:
    if not settings.twilio_auth_token:
        logger.warning(
            "TWILIO_AUTH_TOKEN is not set: every request to the %s webhook will be refused with 403.", channel
        )


class TwilioInput(InputChannel):
    """What both Twilio connectors share: settings from the environment (no credentials in
    credentials.yml), a checked public URL, an injectable clock, and the database on first use."""

    @classmethod
    def from_credentials(cls, credentials: Mapping[str, Any] | None) -> TwilioInput:
        require_no_credentials(cls.name(), credentials)
        return cls(Settings.from_env())

    def __init__(
        self,
        settings: Settings,
        *,
        engine: Engine | None = None,
        clock: Callable[[], dt.datetime] | None = None,
    ) -> None:
        public_url(settings.public_base_url, "/")  # raises, naming the value, if it is not a usable origin
        install_log_privacy()  # Rasa has configured logging by now: mask phone numbers on its handlers
        self.settings = settings
        self.clock = clock or settings.clock()  # CLOCK_START shifts it (tests); else the real time
        self._engine = engine
        warn_if_unsigned_requests_all_fail(self.name(), settings)

    def new_blueprint(self, name: str) -> Blueprint:
        """The connector's routes: every body capped before it is read, and ``GET /`` for health."""
        webhook = Blueprint(name, __name__)
        webhook.listener("before_server_start")(limit_request_size)
        webhook.add_route(health, "/", methods=["GET"])
        return webhook

    def add_signed_post(
        self,
        webhook: Blueprint,
        path: str,
        parse: Callable[[TwilioForm], T],
        handle: Callable[[Request, T], Awaitable[HTTPResponse]],
    ) -> None:
        """``POST path``: refused unless Twilio signed it (:func:`signed_form`); the form read by ``parse``
        (a ValueError naming a missing or bad field is a 400); then ``handle``."""

        async def route(request: Request) -> HTTPResponse:
            try:
                form = await signed_form(request, self.settings)
            except Refused as refused:
                return refused.response
            try:
                parsed = parse(form)
            except ValueError as error:
                logger.warning("%s", error)
                return bad_request(str(error))
            return await handle(request, parsed)

        webhook.add_route(route, path, methods=["POST"], name=path.strip("/") or "root")

    @property
    def engine(self) -> Engine:
        """The application database, connected on first use (not at import or construction)."""
        if self._engine is None:
            self._engine = store.connect(self.settings.database_url)
        return self._engine


async def health(_: Request) -> HTTPResponse:
    """``GET /webhooks/<channel>/``: the connector is mounted."""
    return response.json({"status": "ok"})

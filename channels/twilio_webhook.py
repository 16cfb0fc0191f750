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
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import parse_qsl

from rasa.core.channels.channel import InputChannel
from sanic import response
from sanic.request import Request
from sanic.response import HTTPResponse
from sqlalchemy.engine import Engine

import store
from channels.security import SIGNATURE_HEADER, is_valid_twilio_request, public_url
from ops.settings import Settings
from store.db import utc_now

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


def signed_form(request: Request, settings: Settings) -> TwilioForm | None:
    """The request's form if Twilio signed it for our public URL, else None (the log names the URL)."""
    form = parse_form(request.body or b"")
    url = public_url(settings.public_base_url, request.path, request.query_string or "")
    signature = request.headers.get(SIGNATURE_HEADER)
    if is_valid_twilio_request(settings.twilio_auth_token, url, form.params, signature):
        return form
    logger.warning(
        "Refused a request to %s: %s X-Twilio-Signature for %s. If Twilio is configured with another "
        "address, set PUBLIC_BASE_URL to its origin; check TWILIO_AUTH_TOKEN too.",
        request.path,
        "invalid" if signature else "no",
        url,
    )
    return None


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
        clock: Callable[[], dt.datetime] = utc_now,
    ) -> None:
        public_url(settings.public_base_url, "/")  # raises, naming the value, if it is not a usable origin
        self.settings = settings
        self.clock = clock
        self._engine = engine
        warn_if_unsigned_requests_all_fail(self.name(), settings)

    @property
    def engine(self) -> Engine:
        """The application database, connected on first use (not at import or construction)."""
        if self._engine is None:
            self._engine = store.connect(self.settings.database_url)
        return self._engine


async def health(_: Request) -> HTTPResponse:
    """``GET /webhooks/<channel>/``: the connector is mounted."""
    return response.json({"status": "ok"})

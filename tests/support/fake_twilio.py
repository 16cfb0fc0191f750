"""A stand-in for Twilio's Messages REST API on 127.0.0.1, for tests and for running reminders offline.

:class:`FakeTwilioApi` is a real HTTP server (a thread, loopback only, bounded request size and socket
timeouts) that records every request and answers the way Twilio does: ``201`` with a message resource for
``POST /2010-04-01/Accounts/{AccountSid}/Messages.json``, Twilio's JSON error body otherwise or when told to
fail. :class:`LocalTwilioHttpClient` is the ``TwilioHttpClient`` to inject into ``twilio.rest.Client`` so that
requests for ``https://api.twilio.com`` go to the fake instead; it refuses any other address, so nothing it
carries can leave the machine.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import itertools
import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from twilio.http.http_client import TwilioHttpClient
from twilio.http.response import Response

TWILIO_API_ORIGIN = "https://api.twilio.com"
MAX_REQUEST_BYTES = 64 * 1024
SOCKET_TIMEOUT_SECONDS = 5


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    form: dict[str, list[str]]
    authorization: str | None


@dataclass(frozen=True)
class TwilioError:
    """What the fake answers instead of a message, e.g. ``TwilioError(400, 21610, "…unsubscribed…")``."""

    status: int
    code: int
    message: str

    def body(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "more_info": f"https://www.twilio.com/docs/errors/{self.code}",
            "status": self.status,
        }


class FakeTwilioApi:
    """``with FakeTwilioApi() as twilio: Client(sid, token, http_client=twilio.http_client())``."""

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self.error: TwilioError | None = None
        self._lock = threading.Lock()
        self._sids = (f"SM{number:032x}" for number in itertools.count(1))
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05})

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def http_client(self) -> LocalTwilioHttpClient:
        return LocalTwilioHttpClient(self.url)

    def __enter__(self) -> FakeTwilioApi:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=SOCKET_TIMEOUT_SECONDS)

    def _record(self, request: RecordedRequest) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.requests.append(request)
            if self.error is not None:
                return self.error.status, self.error.body()
            account = _messages_account(request)
            if request.method != "POST" or account is None:
                missing = TwilioError(404, 20404, f"The requested resource {request.path} was not found")
                return 404, missing.body()
            return 201, self._message_resource(account, request.form)

    def _message_resource(self, account_sid: str, form: dict[str, list[str]]) -> dict[str, Any]:
        sid = next(self._sids)
        now = email.utils.format_datetime(dt.datetime.now(dt.timezone.utc))  # as Twilio writes dates
        first = {name: values[0] for name, values in form.items()}
        return {
            "account_sid": account_sid,
            "api_version": "2010-04-01",
            "body": first.get("Body", ""),
            "date_created": now,
            "date_sent": None,
            "date_updated": now,
            "direction": "outbound-api",
            "error_code": None,
            "error_message": None,
            "from": first.get("From"),
            "messaging_service_sid": first.get("MessagingServiceSid"),
            "num_media": "0",
            "num_segments": "1",
            "price": None,
            "price_unit": "USD",
            "sid": sid,
            "status": "queued",
            "subresource_uris": {"media": f"/2010-04-01/Accounts/{account_sid}/Messages/{sid}/Media.json"},
            "to": first.get("To"),
            "uri": f"/2010-04-01/Accounts/{account_sid}/Messages/{sid}.json",
        }


def _messages_account(request: RecordedRequest) -> str | None:
    parts = request.path.split("?", 1)[0].strip("/").split("/")
    if len(parts) == 4 and parts[:2] == ["2010-04-01", "Accounts"] and parts[3] == "Messages.json":
        return parts[2]
    return None


def _handler_for(api: FakeTwilioApi) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        timeout = SOCKET_TIMEOUT_SECONDS

        def do_GET(self) -> None:
            self._answer()

        def do_POST(self) -> None:
            self._answer()

        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_REQUEST_BYTES:
                self._send(413, TwilioError(413, 20001, "Request too large").body())
                return
            raw = self.rfile.read(length).decode("utf-8", errors="replace") if length else ""
            recorded = RecordedRequest(
                method=self.command,
                path=self.path,
                form=parse_qs(raw, keep_blank_values=True),
                authorization=self.headers.get("Authorization"),
            )
            self._send(*api._record(recorded))

        def _send(self, status: int, body: dict[str, Any]) -> None:
            payload = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read api.requests
            pass

    return Handler


class LocalTwilioHttpClient(TwilioHttpClient):
    """A ``TwilioHttpClient`` that sends Twilio API requests to ``base_url`` (a :class:`FakeTwilioApi`)."""

    def __init__(self, base_url: str, timeout: float = SOCKET_TIMEOUT_SECONDS) -> None:
        super().__init__(timeout=timeout)
        self.base_url = base_url.rstrip("/")

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> Response:
        if not url.startswith(TWILIO_API_ORIGIN + "/"):
            raise ValueError(f"LocalTwilioHttpClient only carries {TWILIO_API_ORIGIN} requests, got {url!r}")
        return super().request(method, self.base_url + url[len(TWILIO_API_ORIGIN) :], *args, **kwargs)

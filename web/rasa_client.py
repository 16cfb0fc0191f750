"""Talking to Rasa's REST channel over an injected ``httpx.AsyncClient`` with bounded waits.

Failures are sorted by what the page should do about them: ``RasaUnavailable`` (nothing answers, or Rasa says
503 while it loads) is worth retrying soon; ``RasaTimeout`` and ``RasaFailed`` are not retried automatically,
because Rasa may already have processed the message.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import httpx

log = logging.getLogger(__name__)

REST_WEBHOOK = "/webhooks/rest/webhook"
CONNECT_TIMEOUT_SECONDS = 3.0
HEALTH_TIMEOUT_SECONDS = 2.0


class RasaError(Exception):
    """Rasa did not give a usable answer."""


class RasaUnavailable(RasaError):
    """Nothing answered at the Rasa URL, or Rasa said it cannot serve yet."""


class RasaTimeout(RasaError):
    """Rasa accepted the message but did not answer in time."""


class RasaFailed(RasaError):
    """Rasa answered with an error or with something that is not a REST-channel reply."""


@dataclass(frozen=True)
class RasaClient:
    http: httpx.AsyncClient
    base_url: str
    timeout_seconds: float = 30.0

    @property
    def webhook_url(self) -> str:
        return self.base_url.rstrip("/") + REST_WEBHOOK

    async def send(self, sender: str, message: str, metadata: dict[str, str]) -> list[Any]:
        """Post one user message; Rasa's list of bot messages for it."""
        payload = {"sender": sender, "message": message, "metadata": metadata}
        connect = min(CONNECT_TIMEOUT_SECONDS, self.timeout_seconds)
        timeout = httpx.Timeout(self.timeout_seconds, connect=connect)
        try:
            response = await self.http.post(self.webhook_url, json=payload, timeout=timeout)
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.RemoteProtocolError) as error:
            log.warning("Rasa unreachable at %s: %r", self.webhook_url, error)
            raise RasaUnavailable(f"Rasa unreachable at {self.webhook_url}: {error!r}") from error
        except httpx.TimeoutException as error:
            log.warning("No answer in %s s from %s: %r", self.timeout_seconds, self.webhook_url, error)
            raise RasaTimeout(f"no answer from {self.webhook_url} within {self.timeout_seconds} s") from error
        except httpx.HTTPError as error:
            log.warning("Rasa request to %s failed: %r", self.webhook_url, error)
            raise RasaFailed(f"request to {self.webhook_url} failed: {error!r}") from error
        if response.status_code == 503:
            raise RasaUnavailable(f"{self.webhook_url} answered 503: {response.text[:200]!r}")
        if response.status_code != 200:
            log.warning("Rasa answered %s: %r", response.status_code, response.text[:500])
            raise RasaFailed(f"{self.webhook_url} answered {response.status_code}: {response.text[:200]!r}")
        try:
            reply = response.json()
        except ValueError as error:
            raise RasaFailed(f"{self.webhook_url} answered non-JSON: {response.text[:200]!r}") from error
        if not isinstance(reply, list):
            shape = type(reply).__name__
            raise RasaFailed(f"{self.webhook_url} answered a {shape}, not a list: {str(reply)[:200]!r}")
        return reply

    async def is_up(self) -> bool:
        """Whether Rasa's server answers its root URL ("Hello from Rasa: …") right now."""
        try:
            response = await self.http.get(self.base_url.rstrip("/") + "/", timeout=HEALTH_TIMEOUT_SECONDS)
        except httpx.HTTPError:
            return False
        return response.status_code == 200

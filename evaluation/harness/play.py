"""Talk to a running assistant over Rasa's REST channel and record what happened on each turn.

A turn is one ``POST /webhooks/rest/webhook`` (``{"sender", "message", "metadata": {"channel"}}``); the
reply is the texts of the returned messages joined by newlines (no text at all is an empty reply). After the
turn the harness reads ``GET /conversations/<sender>/tracker`` (Rasa's HTTP API, ``rasa run --enable-api``)
for the active loop and the turn's events, from which :func:`grading.flows_started` tells which flows the
turn started. If the tracker cannot be read (a stack started without the API), flows are recorded as unknown
(None), never as "none".
"""

from __future__ import annotations

import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import httpx

from evaluation.harness import grading
from evaluation.harness import phrases as P

MORE_LIMIT = 3  # at most this many "MORE" requests after an SMS answer


@dataclass
class Turn:
    user: str
    reply: str = ""
    texts: list[str] = field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None
    active_before: str | None = None
    active_after: str | None = None
    forms_activated: list[str] | None = None  # every active_loop name set on the turn (None: unknown)
    flows_started: list[str] | None = None  # None: the tracker could not be read

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Assistant:
    """A running Rasa server, shared by the harness threads (httpx.Client is thread-safe)."""

    def __init__(self, base_url: str, timeout: float = 120.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.client = httpx.Client(timeout=timeout, limits=httpx.Limits(max_connections=16))
        self._tracker_ok: bool | None = None
        self._lock = threading.Lock()

    def close(self) -> None:
        self.client.close()

    # --- raw calls -----------------------------------------------------------------------------------------

    def post(self, sender: str, message: str, channel: str) -> tuple[list[str], str | None]:
        """The texts of the reply, and an error description if the request failed."""
        body = {"sender": sender, "message": message, "metadata": {"channel": channel}}
        try:
            response = self.client.post(f"{self.base_url}/webhooks/rest/webhook", json=body)
            response.raise_for_status()
            messages = response.json()
        except (httpx.HTTPError, ValueError) as error:
            return [], f"{type(error).__name__}: {error}"
        if not isinstance(messages, list):
            return [], f"unexpected reply body: {str(messages)[:200]}"
        texts = [str(m["text"]) for m in messages if isinstance(m, dict) and m.get("text")]
        return texts, None

    def tracker(self, sender: str) -> dict[str, Any] | None:
        """The conversation's tracker, or None if the HTTP API does not answer."""
        if self._tracker_ok is False:
            return None
        try:
            response = self.client.get(f"{self.base_url}/conversations/{sender}/tracker")
        except httpx.HTTPError:
            return None
        if response.status_code in (401, 403, 404, 405):
            with self._lock:
                self._tracker_ok = False
            return None
        if response.status_code >= 400:
            return None
        with self._lock:
            self._tracker_ok = True
        return response.json()

    def tracker_available(self, probe_sender: str) -> bool:
        return self.tracker(probe_sender) is not None

    # --- turns ---------------------------------------------------------------------------------------------

    def turn(self, sender: str, message: str, channel: str, active_before: str | None) -> Turn:
        """Send one message and record the reply, the active loop after it and the flows it started."""
        started = time.monotonic()
        texts, error = self.post(sender, message, channel)
        turn = Turn(
            user=message,
            reply="\n".join(texts),
            texts=texts,
            seconds=round(time.monotonic() - started, 3),
            error=error,
            active_before=active_before,
        )
        tracker = self.tracker(sender)
        if tracker is not None:
            turn.active_after = (tracker.get("active_loop") or {}).get("name")
            events = turn_events(tracker.get("events") or [])
            turn.forms_activated = [
                e.get("name") for e in events if e.get("event") == "active_loop" and e.get("name")
            ]
            turn.flows_started = grading.flows_started(active_before, events)
        return turn

    def read_more(self, sender: str, channel: str, first: Turn) -> list[Turn]:
        """After an SMS answer that ends "Reply MORE for the rest", ask for the rest (at most MORE_LIMIT)."""
        more: list[Turn] = []
        last = first
        while grading.offers_more(last.reply) and len(more) < MORE_LIMIT:
            last = self.turn(sender, "MORE", channel, last.active_after)
            more.append(last)
        return more


def turn_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of the latest turn: from the last user message on."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].get("event") == "user":
            return events[index:]
    return []


def flow_of_form(name: str | None) -> str | None:
    return P.FORM_TO_FLOW.get(name or "")

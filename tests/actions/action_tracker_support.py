"""Tracker factories for the action tests."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Mapping
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

# Sunday 2026-11-29, 12:00 PM in Los Angeles (City Hall closed).
MESSAGE_TIME = dt.datetime(2026, 11, 29, 20, 0, tzinfo=dt.timezone.utc)


TWILIO_INPUT = {"sms": "twilio_sms", "voice": "twilio_voice"}


def make_tracker(
    *,
    slots: Mapping[str, Any] | None = None,
    text: str = "",
    intent: str = "inform",
    channel: str = "web",
    entities: list[dict[str, Any]] | None = None,
    active_loop: str | None = None,
    previous_action: str = "action_listen",
    sender: str = "test-user",
    at: dt.datetime = MESSAGE_TIME,
    input_channel: str | None = None,
) -> Tracker:
    """A tracker as a form's validation action sees it: the user's message, then the form's own run.

    ``previous_action`` is what ran before the form: ``action_listen`` (the user just answered) or, when
    the form resumes after an interruption, the action that handled it.
    """
    message = {
        "text": text,
        "intent": {"name": intent, "confidence": 0.95},
        "entities": entities or [],
        "metadata": {"channel": channel},
    }
    events: list[dict[str, Any]] = [
        {"event": "action", "name": "action_listen", "timestamp": at.timestamp() - 1},
        {
            "event": "user",
            "text": text,
            "parse_data": message,
            "timestamp": at.timestamp(),
            # Rasa records the connector a message came through; SMS and voice come only through Twilio's.
            "input_channel": input_channel
            or {"sms": "twilio_sms", "voice": "twilio_voice"}.get(channel, "rest"),
        },
    ]
    if previous_action != "action_listen":
        events.append({"event": "action", "name": previous_action, "timestamp": at.timestamp()})
    if active_loop:
        events.append({"event": "action", "name": active_loop, "timestamp": at.timestamp()})
    return Tracker.from_dict(
        {
            "sender_id": sender,
            "slots": dict(slots or {}),
            "latest_message": message,
            "events": events,
            "paused": False,
            "followup_action": None,
            "active_loop": {"name": active_loop} if active_loop else {},
            "latest_action_name": active_loop or previous_action,
        }
    )


def run_raw(action, tracker: Tracker) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Run a Rasa SDK action as the action server would: the events it returns and the messages it sent."""
    dispatcher = CollectingDispatcher()
    events = asyncio.run(action.run(dispatcher, tracker, {}))
    return events, dispatcher.messages


def run(action, tracker: Tracker) -> tuple[dict[str, Any], str]:
    """The slots an action sets and the text it says."""
    events, messages = run_raw(action, tracker)
    slots = {e["name"]: e["value"] for e in events if e.get("event") == "slot"}
    return slots, " ".join(m["text"] for m in messages if m.get("text"))

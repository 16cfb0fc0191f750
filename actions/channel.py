"""Which channel a message came in on, so answers can be shaped: "sms", "web" (default) or "voice"; and the
language the conversation is in.

The Twilio connectors are the only way in for SMS and voice, and Rasa records which connector a message came
through: that, not anything the client wrote in the message's metadata, says a message is SMS or voice.
Rasa's REST channel listens on loopback only (the web app, the tests and the evaluation use it); there the
metadata may say which channel a turn stands for.
"""

from __future__ import annotations

from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import ActionExecutor

import languages
from intake.forms import CHANNELS

__all__ = [
    "CHANNELS",
    "DEFAULT_CHANNEL",
    "TWILIO_CHANNELS",
    "LanguageExecutor",
    "channel_of",
    "language_of",
    "verified_phone",
]

DEFAULT_CHANNEL = "web"
TWILIO_CHANNELS = {"twilio_sms": "sms", "twilio_voice": "voice"}
"""Rasa input channel names of our connectors, and the channel each one is."""


def channel_of(tracker: Tracker) -> str:
    connector = TWILIO_CHANNELS.get(tracker.get_latest_input_channel() or "")
    if connector:
        return connector
    metadata = tracker.latest_message.get("metadata") or {}
    channel = str(metadata.get("channel", "")).lower() if isinstance(metadata, dict) else ""
    return channel if channel in CHANNELS else DEFAULT_CHANNEL


def verified_phone(tracker: Tracker) -> str | None:
    """The texter's number when the message came through the signed SMS webhook (the sender id is Twilio's
    ``From``); None on every other channel, whatever the message's metadata says."""
    if tracker.get_latest_input_channel() != "twilio_sms":
        return None
    return tracker.sender_id


def language_of(tracker: Tracker) -> str:
    """The language replies are written in: the ``language`` slot (set by nlp/language.py), else English."""
    return languages.normalised(tracker.get_slot("language"))


class LanguageExecutor(ActionExecutor):
    """The action executor that runs every action inside :func:`languages.using` the conversation's
    language, so whatever an action writes (``languages.t``) is in the user's language."""

    async def run(self, action_call: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        slots = (action_call.get("tracker") or {}).get("slots") or {}
        with languages.using(slots.get("language")):
            return await super().run(action_call, *args, **kwargs)

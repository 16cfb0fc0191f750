"""Which channel a message came in on, so answers can be shaped: "sms", "web" (default) or "voice"."""

from __future__ import annotations

from rasa_sdk import Tracker

from intake.forms import CHANNELS

__all__ = ["CHANNELS", "DEFAULT_CHANNEL", "channel_of"]

DEFAULT_CHANNEL = "web"


def channel_of(tracker: Tracker) -> str:
    metadata = tracker.latest_message.get("metadata") or {}
    channel = str(metadata.get("channel", "")).lower() if isinstance(metadata, dict) else ""
    return channel if channel in CHANNELS else DEFAULT_CHANNEL

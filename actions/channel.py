"""Which channel a message came in on, so answers can be shaped: "sms", "web" (default) or "voice"; and the
language the conversation is in.

The Twilio connectors are the only way in for SMS and voice, and Rasa records which connector a message came
through: that, not anything the client wrote in the message's metadata, says a message is SMS or voice.
Rasa's REST channel listens on loopback only (the web app, the tests and the evaluation use it); there the
metadata may say which channel a turn stands for.
"""

from __future__ import annotations

import logging
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import ActionExecutor, CollectingDispatcher
from rasa_sdk.interfaces import ActionExecutionRejection, ActionNotFoundException

import languages
from intake.forms import CHANNELS

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = languages.N_(
    "Sorry, something went wrong on my side with that message. Please send it again, or ask it another way."
)

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
        """The action's result; when the action fails, an apology in the user's language instead of no
        reply at all (on SMS an empty reply is a user left waiting), the error logged for the team."""
        slots = (action_call.get("tracker") or {}).get("slots") or {}
        with languages.using(slots.get("language")):
            try:
                return await super().run(action_call, *args, **kwargs)
            except (ActionExecutionRejection, ActionNotFoundException):
                raise  # Rasa's own signals: a form rejecting its turn, an unknown action
            except Exception:
                log.exception("action %s failed; the user is told so", action_call.get("next_action"))
                dispatcher = CollectingDispatcher()
                dispatcher.utter_message(text=languages.t(SOMETHING_WENT_WRONG))
                return self._create_api_response([], dispatcher.messages)

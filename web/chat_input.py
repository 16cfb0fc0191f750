"""What the chat API accepts from the page, as pure checks that raise a sentence the page can show.

The conversation id is not the page's to choose: it is issued by the server in a cookie (``web.sessions``). A
message that starts with "/" would be read by Rasa as an intent shortcut (``/restart``,
``/inform_city{...}``), so leading slashes are removed from what residents type: only this app sends those.
"""

from __future__ import annotations

import json

from cities import CITIES
from intake.text import user_text

MAX_MESSAGE_CHARS = 2000


class ChatInputError(ValueError):
    """A request the API refuses; ``status`` is the HTTP status, ``sentence`` what the page shows."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status = status
        self.sentence = sentence


def checked_message(message: str) -> str:
    """The message as Rasa gets it: trimmed, without leading slashes; refused if empty or too long."""
    text = user_text(message)
    if not text:
        raise ChatInputError(
            422, "Your message is empty. Type a question, for example: Which bin do banana peels go in?"
        )
    if len(text) > MAX_MESSAGE_CHARS:
        raise ChatInputError(
            413,
            f"Your message is {len(text):,} characters long. Please shorten it to {MAX_MESSAGE_CHARS:,} "
            "characters or fewer and send it again.",
        )
    return text


def checked_city(city: str) -> str:
    normalized = city.strip().lower()
    if normalized not in CITIES:
        raise ChatInputError(
            422, f"The city must be Victorville or Inglewood (got {_shown(city)}). Choose one from the list."
        )
    return normalized


def city_choice_message(city: str) -> str:
    """The intent shortcut that tells Rasa the resident's city: ``/inform_city{"city": "victorville"}``.

    Rasa fills the ``city`` slot from the entity and runs ``action_set_city``, which confirms the choice or
    answers a question that was waiting for the city. That is the same path as typing "I'm in Victorville",
    so the conversation needs no web-only logic.
    """
    return "/inform_city" + json.dumps({"city": checked_city(city)})


def _shown(value: str) -> str:
    return repr(value if len(value) <= 80 else value[:80] + "…")

"""What the chat API accepts from the page, as pure checks that raise a sentence the page can show, written
in the current language (the route checks inside ``languages.using(<the page's language>)``).

The conversation id is not the page's to choose: it is issued by the server in a cookie (``web.sessions``). A
message that starts with "/" would be read by Rasa as an intent shortcut (``/restart``,
``/inform_city{...}``), so leading slashes are removed from what residents type: only this app sends those.
"""

from __future__ import annotations

import json

from cities import CITIES
from intake.text import user_text
from languages import ENGLISH, SPANISH, t

MAX_MESSAGE_CHARS = 2000
PAGE_LANGUAGES = (ENGLISH, SPANISH)  # what the page's language switch sends


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
            422, t("Your message is empty. Type a question, for example: Which bin do banana peels go in?")
        )
    if len(text) > MAX_MESSAGE_CHARS:
        raise ChatInputError(
            413,
            t(
                "Your message is {count} characters long. Please shorten it to {limit} "
                "characters or fewer and send it again.",
                count=f"{len(text):,}",
                limit=f"{MAX_MESSAGE_CHARS:,}",
            ),
        )
    return text


def checked_city(city: str) -> str:
    normalized = city.strip().lower()
    if normalized not in CITIES:
        raise ChatInputError(
            422,
            t(
                "The city must be Victorville or Inglewood (got {city}). Choose one from the list.",
                city=_shown(city),
            ),
        )
    return normalized


def checked_language(language: str) -> str:
    """The page's language, exactly ``"en"`` or ``"es"``; anything else is refused. The route checks it
    before it knows the reply language, so this sentence is in English."""
    if language not in PAGE_LANGUAGES:
        raise ChatInputError(
            422,
            t(
                'The language must be "en" (English) or "es" (Spanish), got {language}. '
                "Reload the page and choose one from the list.",
                language=_shown(language),
            ),
        )
    return language


def city_choice_message(city: str) -> str:
    """The intent shortcut that tells Rasa the resident's city: ``/inform_city{"city": "victorville"}``.

    Rasa fills the ``city`` slot from the entity and runs ``action_set_city``, which confirms the choice or
    answers a question that was waiting for the city. That is the same path as typing "I'm in Victorville",
    so the conversation needs no web-only logic.
    """
    return "/inform_city" + json.dumps({"city": checked_city(city)})


def _shown(value: str) -> str:
    return repr(value if len(value) <= 80 else value[:80] + "…")

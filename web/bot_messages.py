"""Rasa's REST replies reduced to what the chat page renders: text, quick replies and citations.

Rasa answers with a list of ``{"recipient_id", "text"}``, ``{"recipient_id", "buttons": [...]}`` or
``{"recipient_id", "custom": {...}}`` items. Anything else (images, attachments, unknown custom keys) is
dropped here, so the page only ever sees the three shapes it knows how to show safely.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

MAX_QUICK_REPLIES = 8
MAX_QUICK_REPLY_CHARS = 80


class Citation(BaseModel):
    source: str
    quote: str | None = None


class BotMessage(BaseModel):
    text: str | None = None
    quick_replies: list[str] = []
    citation: Citation | None = None


def bot_messages(rasa_reply: list[Any]) -> list[BotMessage]:
    messages = []
    for item in rasa_reply:
        if not isinstance(item, dict):
            continue
        custom = item.get("custom") if isinstance(item.get("custom"), dict) else {}
        text = item.get("text") if isinstance(item.get("text"), str) and item["text"].strip() else None
        quick_replies = _quick_replies(item.get("buttons")) + _quick_replies(custom.get("quick_replies"))
        citation = _citation(custom.get("citation"))
        if text or quick_replies or citation:
            messages.append(
                BotMessage(text=text, quick_replies=quick_replies[:MAX_QUICK_REPLIES], citation=citation)
            )
    return messages


def _quick_replies(raw: Any) -> list[str]:
    """Button titles, from strings or ``{"title": ...}`` objects. A pressed button sends its title."""
    if not isinstance(raw, list):
        return []
    titles = []
    for button in raw:
        title = button.get("title") if isinstance(button, dict) else button
        if isinstance(title, str) and title.strip():
            titles.append(title.strip()[:MAX_QUICK_REPLY_CHARS])
    return titles


def _citation(raw: Any) -> Citation | None:
    if isinstance(raw, str) and raw.strip():
        return Citation(source=raw.strip())
    if isinstance(raw, dict) and isinstance(raw.get("source"), str) and raw["source"].strip():
        quote = raw.get("quote") if isinstance(raw.get("quote"), str) and raw["quote"].strip() else None
        return Citation(source=raw["source"].strip(), quote=quote)
    return None

"""An answer from ``knowledge`` shaped for its channel: the first SMS and the rest behind MORE, or speech.

The citation always lands in the first SMS: the splitter cuts the words in the room the citation leaves, and
the citation goes before "Reply MORE".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from cities import INGLEWOOD_CODE_NAME, VICTORVILLE_CODE_NAME
from knowledge.answer import Answer
from shaping.sms_text import DEFAULT_LIMIT as SMS_LIMIT
from shaping.sms_text import MORE_MARKER, split_sms
from shaping.speech import to_speech

_TRAILING_CITATION = re.compile(
    rf" \(((?:{VICTORVILLE_CODE_NAME}|{INGLEWOOD_CODE_NAME})[^()]*(?:\([^()]*\)[^()]*)*)\)$"
)

__all__ = ["MORE_MARKER", "SMS_LIMIT", "ShapedReply", "fit_sms", "shape_answer"]


@dataclass(frozen=True)
class ShapedReply:
    text: str
    more: str = ""  # SMS text held back behind "Reply MORE"


def shape_answer(answer: Answer, channel: str, speak: Callable[[str], str] = to_speech) -> ShapedReply:
    whole = f"{answer.text} {answer.more}".strip()
    if channel == "sms":
        if not answer.more or len(whole) <= SMS_LIMIT:
            return ShapedReply(*fit_sms(whole if len(whole) <= SMS_LIMIT else answer.text))
        first, rest = fit_sms(answer.text, SMS_LIMIT - len(MORE_MARKER))
        first = first if first.endswith(MORE_MARKER) else first + MORE_MARKER
        return ShapedReply(first, f"{rest} {answer.more}".strip())
    if channel == "voice":
        return ShapedReply(speak(whole))
    return ShapedReply(whole)


def fit_sms(text: str, limit: int = SMS_LIMIT) -> tuple[str, str]:
    """The first SMS (at most ``limit`` characters, ending in the citation) and the rest, for "MORE"."""
    if len(text) <= limit:
        return text, ""
    citation = ""
    body = text
    match = _TRAILING_CITATION.search(text)
    if match:
        citation, body = match.group(0), text[: match.start()]
    split = split_sms(body, limit - len(citation), max_parts=1, more_marker=MORE_MARKER)
    if not split.remainder:  # only whitespace made it too long
        return split.parts[0] + citation, ""
    return split.parts[0].removesuffix(MORE_MARKER) + citation + MORE_MARKER, split.remainder

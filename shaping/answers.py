"""An answer from ``knowledge`` shaped for its channel: the first SMS and the rest behind MORE, or speech.

The citation always lands in the first SMS: the splitter cuts the words in the room the citation leaves, and
the citation goes before "Reply MORE".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from cities import INGLEWOOD_CODE_NAME, VICTORVILLE_CODE_NAME, short_citation
from knowledge.answer import Answer
from knowledge.cards import join_citations
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


# The guided flow an answer card offers (``Card.offer``): what it does, and the words that start it (each
# classified as that flow's request by the NLU and routed to it by intake/routing.py).
OFFERS = {
    "permit_application": ("start a FOG permit application", "apply for a FOG permit"),
    "deminimis_waiver": ("apply for the de minimis waiver", "apply for a de minimis waiver"),
    "physical_space_waiver": ("apply for the physical space waiver", "apply for a physical space waiver"),
    "inglewood_variance": ("apply for a variance or waiver", "apply for a variance"),
    "spill_report": ("report a spill", "report a spill"),
    "service_log": ("log a pump-out and get your next due date", "log a pump-out"),
}
_OFFER_VERB = {"sms": "reply", "voice": "say", "web": "type"}


def offer_sentence(answer: Answer, channel: str) -> str:
    """'To start a FOG permit application here, reply "apply for a FOG permit".', or '' with no offer."""
    offer = answer.card.offer if answer.card is not None else None
    if offer is None:
        return ""
    what, words = OFFERS[offer]
    return f'To {what} here, {_OFFER_VERB.get(channel, "type")} "{words}".'


def shape_answer(answer: Answer, channel: str, speak: Callable[[str], str] = to_speech) -> ShapedReply:
    """The answer for ``channel``; an answer card's offer of the matching flow comes last."""
    rest_of_answer = f"{answer.more} {offer_sentence(answer, channel)}".strip()
    whole = f"{answer.text} {rest_of_answer}".strip()
    if channel == "sms":
        if len(whole) <= SMS_LIMIT:
            return ShapedReply(whole)
        brief = _with_first_citation_only(answer)
        if brief is not None:  # the whole core, citing its first section; every citation comes after MORE
            return ShapedReply(brief + MORE_MARKER, f"{rest_of_answer} ({answer_citation(answer)})".strip())
        if not rest_of_answer:
            return ShapedReply(*fit_sms(answer.text))
        first, rest = fit_sms(answer.text, SMS_LIMIT - len(MORE_MARKER))
        first = first if first.endswith(MORE_MARKER) else first + MORE_MARKER
        return ShapedReply(first, f"{rest} {rest_of_answer}".strip())
    if channel == "voice":
        return ShapedReply(speak(whole))
    return ShapedReply(whole)


def answer_citation(answer: Answer) -> str:
    """The citation written after an answer's words (its text's trailing parentheses), or ''."""
    match = _TRAILING_CITATION.search(answer.text)
    return match.group(1) if match else ""


def _with_first_citation_only(answer: Answer) -> str | None:
    """An answer card's whole core with only its first cited section (the code's name abbreviated if need
    be), when the core does not fit in the first SMS beside every citation but does beside one; None
    otherwise (the usual split applies). The full citation follows the rest, after MORE."""
    match = _TRAILING_CITATION.search(answer.text)
    if answer.card is None or match is None:
        return None
    if len(answer.text) + len(MORE_MARKER) <= SMS_LIMIT:
        return None  # it fits with every citation
    core = answer.text[: match.start()]
    first = join_citations(answer.card.city, answer.citations[:1])
    for citation in (first, short_citation(first)):
        brief = f"{core} ({citation})"
        if len(brief) + len(MORE_MARKER) <= SMS_LIMIT:
            return brief
    return None


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

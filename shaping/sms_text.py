"""Split a bot answer into SMS-sized parts.

Replies go back as at most ``max_parts`` TwiML ``<Message>``s of at most ``limit`` characters each
(320 characters, three per turn, the rest behind "Reply MORE").

Counting: ``limit`` counts Unicode code points (Python ``len``), which is what a reader perceives as
characters for ordinary text, accents and most emoji. Carriers bill by segment: a message whose every
character is in the GSM-7 alphabet goes 160 characters to a segment (153 when concatenated; the extension
characters such as ``€ [ ] { } ~ ^ |`` and backslash count twice); any other character (Spanish á, í, ó,
ú, emoji) makes the whole message UCS-2, 70 UTF-16 units to a segment (67 concatenated).
:func:`sms_segments` counts them; :func:`part_limit` is the part size that keeps every message within
``MAX_SEGMENTS`` (3): 320 characters for GSM-7 text, 201 for UCS-2 text. Spanish SMS drop the accents
GSM-7 lacks (:func:`gsm7_fold`: á í ó ú; é, ñ, ü, ¿ and ¡ are GSM-7), so they go at GSM-7 rates; web and
voice keep every accent.

Where parts break, in order of preference:

1. after a sentence (see :mod:`knowledge.sentences`), keeping as many whole sentences as fit;
2. for a sentence longer than the room left in a part, between words, never right after a number (its unit
   stays with it); a URL is one word, so it is never cut;
3. only a single word longer than a whole part (a very long URL, a run of emoji) is cut inside, never
   between a character and the combining mark, joiner or variation selector that belongs to it.

A sentence that does not fit in the current part starts the next one rather than filling the current part's
tail, so that parts read as whole sentences whenever possible.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass

from knowledge.sentences import sentence_spans
from languages import N_, t

DEFAULT_LIMIT = 320
DEFAULT_MAX_PARTS = 3
MAX_SEGMENTS = 3
# GSM 03.38: the basic alphabet (one septet each) and the extension table (escape + septet: two each).
GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿"
    "abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM7_EXTENSION = frozenset("^{}\\[~]|€\f")
_UCS2_SEGMENT, _UCS2_CONCATENATED = 70, 67
_GSM7_SEGMENT, _GSM7_CONCATENATED = 160, 153


# Spanish letters GSM-7 lacks (it has é, ñ, ü, ¿ and ¡): an SMS writes them without the accent, as people
# here text, so a Spanish SMS goes 153 characters a segment instead of 67.
_GSM7_FOLD = str.maketrans("áíóúÁÍÓÚ", "aiouAIOU")


def gsm7_fold(text: str) -> str:
    """``text`` with á í ó ú written a i o u (the only Spanish letters the GSM-7 alphabet lacks)."""
    return text.translate(_GSM7_FOLD)


def is_gsm7(text: str) -> bool:
    """Whether ``text`` can go as GSM-7 (else the whole message is sent as UCS-2)."""
    return all(c in GSM7_BASIC or c in GSM7_EXTENSION for c in text)


def sms_segments(text: str) -> int:
    """How many segments a carrier bills for one message of ``text``."""
    if is_gsm7(text):
        units = sum(2 if c in GSM7_EXTENSION else 1 for c in text)
        single, concatenated = _GSM7_SEGMENT, _GSM7_CONCATENATED
    else:
        units = len(text.encode("utf-16-le")) // 2
        single, concatenated = _UCS2_SEGMENT, _UCS2_CONCATENATED
    if units <= single:
        return 1
    return -(-units // concatenated)


def part_limit(text: str, limit: int = DEFAULT_LIMIT) -> int:
    """The part size for ``text``: ``limit``, or less when ``text`` is UCS-2 and ``limit`` characters would
    take more than ``MAX_SEGMENTS`` segments (201)."""
    return limit if is_gsm7(text) else min(limit, MAX_SEGMENTS * _UCS2_CONCATENATED)


MORE_MARKER = N_(" Reply MORE for the rest.")


def more_marker() -> str:
    """The continuation marker in the reply's language (" Responda MAS para el resto.")."""
    return t(MORE_MARKER)


_ZERO_WIDTH_JOINER = "\u200d"
_EMOJI_MODIFIERS = frozenset({"\ufe0e", "\ufe0f", *map(chr, range(0x1F3FB, 0x1F400))})


@dataclass(frozen=True)
class SmsSplit:
    """The parts to send now and the text kept back for a later "MORE"."""

    parts: list[str]
    remainder: str


def collapse_whitespace(text: str) -> str:
    """Each run of whitespace (newlines, no-break spaces too) becomes one space; ends are stripped."""
    return " ".join(text.split())


def split_sms(
    text: str,
    limit: int = DEFAULT_LIMIT,
    max_parts: int = DEFAULT_MAX_PARTS,
    *,
    more_marker: str = MORE_MARKER,
) -> SmsSplit:
    """Split ``text`` into at most ``max_parts`` parts of at most ``limit`` characters each.

    When text is left over, the last part ends with ``more_marker`` (counted in ``limit``) and the rest is
    returned as ``remainder``, whitespace-collapsed, ready to be split again when the user replies MORE.
    Empty or blank text gives no parts.
    """
    if max_parts < 1:
        raise ValueError(f"max_parts must be at least 1, got {max_parts}")
    if limit <= len(more_marker):
        raise ValueError(
            f"limit must be longer than the MORE marker ({len(more_marker)} characters), got {limit}"
        )

    normalized = collapse_whitespace(text)
    sentence_ends = [end for _, end in sentence_spans(normalized)]
    parts: list[str] = []
    start = 0
    while start < len(normalized):
        is_last_allowed = len(parts) == max_parts - 1
        if is_last_allowed and len(normalized) - start > limit:
            end = _part_end(normalized, start, limit - len(more_marker), sentence_ends)
            parts.append(normalized[start:end] + more_marker)
            start = _next_start(normalized, end)
            break
        end = _part_end(normalized, start, limit, sentence_ends)
        parts.append(normalized[start:end])
        start = _next_start(normalized, end)
    return SmsSplit(parts=parts, remainder=normalized[start:])


def _part_end(text: str, start: int, capacity: int, sentence_ends: list[int]) -> int:
    """End offset of the part of at most ``capacity`` characters that begins at ``start``."""
    furthest = start + capacity
    if len(text) <= furthest:
        return len(text)
    last_sentence = bisect.bisect_right(sentence_ends, furthest) - 1
    sentence_end = sentence_ends[last_sentence] if last_sentence >= 0 else start
    half = start + capacity // 2
    if sentence_end >= half:
        return sentence_end
    # A part that would end early ("Yes." before a 300-character sentence) or mid-phrase ends at the last
    # clause in its second half instead; failing that at its last sentence, failing that between words.
    clauses = [match.start() for match in _CLAUSE_END.finditer(text, half, furthest)]
    if clauses:
        return clauses[-1] + 1
    quarter = start + capacity // 4
    if sentence_end >= quarter:
        return sentence_end
    # a verdict alone ("Puede ser." before the 270-character condition it depends on) says nothing: the part
    # goes on, and ends between words
    last_space = text.rfind(" ", start + 1, furthest + 1)
    # Never end a part on a number ("at least 2" | "years"): its unit or what it counts is in the next part;
    # nor on a word that leads into the next ("the risk of" | "sewer overflows", "el riesgo de" | ...).
    while last_space > start and _ends_badly(text[start:last_space]):
        earlier = text.rfind(" ", start + 1, last_space)
        if earlier <= start:
            break
        last_space = earlier
    if last_space > start:
        return last_space
    return _safe_cut(text, start, furthest)


# Where a clause ends: "; ", or ", " unless it sits in a date or a number ("December 25, 2026"). Not ": ",
# which opens what it introduces ("..., not the business rules: food scraps go in the green container").
_CLAUSE_END = re.compile(r";(?= )|(?<!\d),(?= (?!\d))")


def _ends_badly(text: str) -> bool:
    last = text.rsplit(" ", 1)[-1]
    return any(character.isdigit() for character in last) or last.lower() in _LEADS_ON


# Words a part does not end on: what follows them belongs with them
_LEADS_ON = frozenset(
    {"a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "from", "with", "and", "or", "but", "that"}
    | {"which", "your", "its", "de", "del", "la", "el", "los", "las", "un", "una", "y", "o", "que", "en"}
    | {"con", "por", "para", "al", "su", "sus"}
)


def _safe_cut(text: str, start: int, cut: int) -> int:
    """Move ``cut`` back so that no combining mark, joiner or emoji modifier is separated from its base."""
    candidate = cut
    while candidate > start + 1 and _is_glued(text, candidate):
        candidate -= 1
    return candidate if not _is_glued(text, candidate) else cut


def _is_glued(text: str, position: int) -> bool:
    following = text[position]
    return (
        unicodedata.combining(following) != 0
        or unicodedata.category(following) == "Me"
        or following in _EMOJI_MODIFIERS
        or following == _ZERO_WIDTH_JOINER
        or text[position - 1] == _ZERO_WIDTH_JOINER
    )


def _next_start(text: str, end: int) -> int:
    """Where the next part begins: after the separating space, or at ``end`` after a cut inside a word."""
    return end + 1 if end < len(text) and text[end] == " " else end

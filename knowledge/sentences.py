"""Sentence boundaries: one home for the answer composer, SMS splitting and voice wording.

Deliberately small: a sentence ends after a word whose last character (ignoring closing quotes and
brackets) is ``.``, ``!``, ``?`` or ``…`` and that is followed by whitespace. A period inside a word is
not a boundary, so section numbers (``10.03.160``), decimals and URLs never split. Abbreviations that
end in a period and usually continue the sentence (``e.g.``, ``No.``, ``Ord.``) are not boundaries
either.
"""

from __future__ import annotations

import re

_TERMINAL = re.compile(r"[.!?…]+[\"'”’)\]]*$")

#: Lower-cased words ending in "." that do not end a sentence in this project's texts
#: ("Ord. No. 2363", "e.g. a bakery", "Dr. Smith", "10 a.m. to 4 p.m." is handled by _SHORT_DOTTED).
NON_TERMINAL_ABBREVIATIONS = frozenset(
    {
        "e.g.",
        "i.e.",
        "no.",
        "nos.",
        "ord.",
        "sec.",
        "mr.",
        "mrs.",
        "ms.",
        "dr.",
        "st.",
        "ave.",
        "blvd.",
        "approx.",
        "vs.",
        "cu.",
        "gal.",
        "yd.",
    }
)

# Single letters with dots ("U.S.", "a.m.", "J.") are initials or abbreviations, not sentence ends.
_SHORT_DOTTED = re.compile(r"^(?:[^\W\d_]\.)+$")


def ends_sentence(word: str) -> bool:
    """Whether ``word`` (a whitespace-free token) closes a sentence when whitespace follows it."""
    if not _TERMINAL.search(word):
        return False
    lowered = word.lower()
    return lowered not in NON_TERMINAL_ABBREVIATIONS and not _SHORT_DOTTED.match(lowered)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of each sentence in ``text``, without surrounding whitespace.

    Every non-whitespace character of ``text`` lies in exactly one span, in order.
    """
    spans: list[tuple[int, int]] = []
    sentence_start: int | None = None
    last_end = 0
    for word in re.finditer(r"\S+", text):
        if sentence_start is None:
            sentence_start = word.start()
        last_end = word.end()
        if ends_sentence(word.group()):
            spans.append((sentence_start, last_end))
            sentence_start = None
    if sentence_start is not None:
        spans.append((sentence_start, last_end))
    return spans


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, each stripped, internal whitespace unchanged."""
    return [text[start:end] for start, end in sentence_spans(text)]


_CLAUSE_END = re.compile(r"(?<=[.;:!?])\s+(?=[A-Z(\"“])")
_CLAUSE_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "No.", "Sec.", "U.S.C.", "Ord.")


def split_clauses(text: str) -> list[str]:
    """Ordinance text cut where a sentence or a semicolon/colon clause ends and a capitalised one begins.

    Answers quote whole clauses of the ordinance: "...shall: (1) Keep records; (2) ..." keeps its lead-in
    apart from the items, and abbreviations such as "Ord. No." or "U.S.C." never cut.
    """
    protected = text
    for i, abbreviation in enumerate(_CLAUSE_ABBREVIATIONS):
        protected = protected.replace(abbreviation, f"\x00{i}\x00")
    restored = []
    for part in _CLAUSE_END.split(protected):
        for i, abbreviation in enumerate(_CLAUSE_ABBREVIATIONS):
            part = part.replace(f"\x00{i}\x00", abbreviation)
        if part.strip():
            restored.append(part.strip())
    return restored

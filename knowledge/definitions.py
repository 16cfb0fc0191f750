"""Questions about what a word means, and the definitions that answer them.

"What is a grease interceptor?", "what does FOG stand for?", "what counts as a large event?" ask for a
definition; "are enzyme treatments allowed in the grease trap?" does not, although it names a defined term.
A definition names the words of its chapter, so it shares words with nearly every question about that
chapter; it is the answer only when the question asks what a term means, or when its body (an item list such
as the food scraps that go in the brown container) matches. So a question that asks what a term means adds
a ranked list of the definitions whose term it names; a sorting question ("which bin does X go in?") is
answered by the definitions that list each container's materials; any other question takes definitions at
a discount (in :mod:`knowledge.index`).

A term is named when the question holds at least 80% of the term's words (stemmed, any order, digits read as
the ordinances spell them: "tier 2" names "tier two"), under any of the names the definition gives it
(``"Grease control device" or "GCD"``, ``"Sanitary sewer overflow (SSO)"``), and when those words are at least
a third of the question's own words, so a passing "city" does not name the definition of "City".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from knowledge.lexicon import number_words, stems
from knowledge.units import Unit

DEFINITION_QUESTION = re.compile(
    r"^\s*(what('?s| is| are)|define|definition|meaning of|who is|who are)\b|\bmean(s|ing)?\b|\bstands? for\b"
    r"|\b(counts?|qualif(y|ies)|considered|classified) as\b",
    re.IGNORECASE,
)
_QUESTION_WORDS = frozenset(
    stems("a an the of or and to in for on by is are what whats does do mean means stand count counts as")
    + stems("define definition meaning considered qualify qualifies classified who")
)
_DEFINING_VERB = re.compile(
    r"\b(shall mean|means|mean|refers? to|is the|is a|has the same meaning|includes?|is compostable)\b"
)
_ACRONYM = re.compile(r"\(([A-Z&]{2,})\)")
TERM_COVERAGE = 0.8  # share of a term's words the question must hold
QUESTION_COVERAGE = 1 / 3  # share of the question's own words the term must account for

SORTING_QUESTION = re.compile(
    r"\bwhat goes in\b|\bwhich (bin|cart|can|container)\b|\bwhat (bin|cart|can|container)\b"
    r"|\b(go|goes|put|place|toss|throw)\b.*\b(in|into)\b.*\b(bin|cart|can|container)s?\b"
    r"|\b(ok|okay|allowed)\b.*\b(in|into)\b.*\b(bin|cart|can|container)s?\b",
    re.IGNORECASE,
)


def is_definition_question(question: str) -> bool:
    return bool(DEFINITION_QUESTION.search(question))


def is_sorting_question(question: str) -> bool:
    return bool(SORTING_QUESTION.search(question))


def term_names(unit: Unit) -> set[str]:
    """The names a definition gives its term: the quoted ones before "means", and any acronym in them."""
    names = {unit.term or ""}
    prefix = _DEFINING_VERB.split(unit.text[:160], maxsplit=1)[0].replace("“", '"').replace("”", '"')
    quoted = (name.strip(' "') for name in re.split(r'"\s*or\s*"', prefix))
    names |= {name for name in quoted if 0 < len(name) <= 60}
    for name in list(names):
        names |= set(_ACRONYM.findall(name))
        names.add(re.sub(r"\s*\([^)]*\)", "", name))
    return {name for name in names if name}


def _content(words: Sequence[str]) -> frozenset[str]:
    return frozenset(word for word in words if word not in _QUESTION_WORDS)


class DefinedTerms:
    """The defined terms of the indexed units, each under all its names, pointing at its definition."""

    def __init__(self, units: Sequence[Unit]) -> None:
        self._names: list[tuple[frozenset[str], int]] = []
        for doc, unit in enumerate(units):
            if unit.term and len(unit.path) <= (1 if unit.section == "10.03.020" else 0):
                for name in term_names(unit):
                    words = _content(stems(name))
                    if words:
                        self._names.append((words, doc))

    def asked(self, question: str) -> list[int]:
        """Definitions whose term a definition question names, best covered and longest first."""
        if not is_definition_question(question):
            return []
        digits = re.findall(r"\b\d{1,3}\b", question)
        asked = _content(stems(question) + [s for d in digits for s in stems(number_words(int(d)))])
        if not asked:
            return []
        best: dict[int, float] = {}
        for words, doc in self._names:
            shared = len(words & asked)
            if shared / len(words) >= TERM_COVERAGE and shared / len(asked) >= QUESTION_COVERAGE:
                best[doc] = max(best.get(doc, 0.0), shared + shared / len(words))
        return sorted(best, key=lambda doc: (-best[doc], doc))

"""The automatic check on every card: it rests on real units and states no number they do not print.

- every citation names a unit of the card's city (as :class:`knowledge.units.Unit` cites it);
- every number in ``answer`` and ``more`` (amounts, percentages, days, dates, counts; number words
  included) appears in the text of a cited unit or of the paragraphs it continues (its lead-in);
- every section of every ordinance is cited by some card (:func:`uncovered_sections`);
- every card has a text in each translated language, and that text states exactly the numbers its English
  text states, amounts, percentages, days, dates and phone numbers alike (:func:`check_translations`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from text_to_num import alpha2digit

from knowledge.cards.model import Card
from knowledge.units import Unit

_SECTION_NUMBER = re.compile(r"§+\s*[\d.()a-zA-Z, ]+|\b\d+\.\d+\.\d+(?:\([a-z0-9]+\))*")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_AND_A_HALF = re.compile(r"\b(\d+) and (?:one[- ])?(?:a[- ])?half\b")
# Words that are (not) numbers: "twice" is 2 times ("2 veces"); a "third party" is no 3.
_TWICE = re.compile(r"\btwice\b", re.IGNORECASE)
_THIRD_PARTY = re.compile(r"\bthird[- ]part(?:y|ies)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Problem:
    card: str
    source: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}: {self.card}: {self.message}"


def numbers_in(text: str, *, every_word: bool = False, language: str = "en") -> set[Decimal]:
    """The numbers a text states, digits or words, leaving out section numbers like 10.03.160(f).

    Number words from three up are read (``every_word``: all of them, "one", "two" and "first" included;
    for the ordinance side, so that a card's "2 cubic yards" finds the ordinance's "two cubic yards").
    """
    text = _SECTION_NUMBER.sub(" ", text)
    text = _THIRD_PARTY.sub("outside party", _TWICE.sub("2 times", text))
    text = alpha2digit(text, language, threshold=0 if every_word else 3)
    text = _AND_A_HALF.sub(r"\1.5", text)  # "one and one-half percent" → "1.5 percent"
    found: set[Decimal] = set()
    for match in _NUMBER.finditer(text):
        raw = match.group(0).rstrip(",").replace(",", "")
        try:
            found.add(Decimal(raw).normalize())
        except InvalidOperation:
            continue
    return found


def units_by_citation(units: Iterable[Unit]) -> dict[str, list[Unit]]:
    """Units by their citation; a few paragraphs share one (a closing sentence printed after a list)."""
    found: dict[str, list[Unit]] = {}
    for unit in units:
        found.setdefault(unit.citation, []).append(unit)
    return found


def check_cards(cards: Sequence[Card], units: Sequence[Unit]) -> list[Problem]:
    """Every problem with ``cards`` against the ordinance ``units`` (empty when all is well)."""
    by_citation = units_by_citation(units)
    problems: list[Problem] = []
    for card in cards:
        cited: list[Unit] = []
        for cite in card.cites:
            units_cited = by_citation.get(cite)
            if not units_cited:
                problems.append(Problem(card.id, card.source, f"cites {cite!r}, which is no unit's citation"))
            elif units_cited[0].jurisdiction != card.city:
                problems.append(Problem(card.id, card.source, f"cites {cite!r} of another city"))
            else:
                cited.extend(units_cited)
        if not cited:
            continue
        allowed: set[Decimal] = set()
        for unit in cited:
            allowed |= numbers_in(" ".join((*unit.context, unit.text)), every_word=True)
        for field_name in ("answer", "more"):
            stray = numbers_in(getattr(card, field_name)) - allowed
            if stray:
                shown = ", ".join(f"{n:f}" for n in sorted(stray))
                problems.append(
                    Problem(card.id, card.source, f"{field_name} states {shown}, not in the cited units")
                )
    return problems


def uncovered_sections(cards: Sequence[Card], units: Sequence[Unit]) -> list[tuple[str, str]]:
    """(city, section) pairs no card cites, in text order."""
    by_citation = units_by_citation(units)
    covered = {
        (unit.jurisdiction, unit.section)
        for card in cards
        for c in card.cites
        for unit in by_citation.get(c, ())
    }
    sections = dict.fromkeys((unit.jurisdiction, unit.section) for unit in units)
    return [key for key in sections if key not in covered]


# English words the number reader takes for the number one that are not numbers ("large enough ones",
# "another one", "one of"); left out of the translation comparison, which compares real quantities.
_ONE = Decimal(1)


def check_translations(cards: Sequence[Card], languages: Sequence[str]) -> list[Problem]:
    """Each card's text in each of ``languages`` exists and states the numbers of its English text."""
    problems: list[Problem] = []
    for card in cards:
        for language in languages:
            translated = card.translations.get(language)
            if translated is None:
                problems.append(Problem(card.id, card.source, f"has no {language} text"))
                continue
            english = numbers_in(f"{card.answer} {card.more}", every_word=True) - {_ONE}
            written = f"{translated.answer} {translated.more}"
            other = numbers_in(written, every_word=True, language=language) - {_ONE}
            if english != other:
                missing = ", ".join(f"{n:f}" for n in sorted(english - other)) or "none"
                extra = ", ".join(f"{n:f}" for n in sorted(other - english)) or "none"
                problems.append(
                    Problem(card.id, card.source, f"{language}: misses {missing}; not in English: {extra}")
                )
    return problems

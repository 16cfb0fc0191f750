"""Answer cards: the curated answers over the ordinances, loaded from the YAML files beside this module.

A card answers one question users ask, in their words (``questions``), with a complete answer composed from
the ordinance units it cites: ``answer`` (the core, first: on SMS it is the first message, with the
citation) and ``more`` (the rest a complete answer needs). ``topic`` groups cards about one matter so that a
follow-up stays in it; ``offer`` names the guided flow worth offering after the answer; ``clocks`` names
the compliance core's deadline clocks the rule runs, computed when the message gives the day one started;
``refer`` names the city office (``fog`` or ``solid_waste``) that has what the ordinance leaves out, for a
card that says the ordinance does not give it (a fee's amount, an approved list, pickup days); ``setting``
(``household``) marks a card whose rule is a single-family household's only, never given to a business, and
(``business``) one whose rule is a business's or a 5-plus-unit building's only, never given to a household.
The files are written from the ordinances and the development questions only (``evaluation/BRIEF.md``), and
checked by :mod:`knowledge.cards.fidelity`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from cities import CITIES, FOG, INGLEWOOD_CODE_NAME, INGLEWOOD_SECTIONS, SOLID_WASTE, VICTORVILLE_CODE_NAME

CARDS_DIR = Path(__file__).resolve().parent
# The reviewed Spanish texts of the cards, one folder per language, one file per English file, by card id.
TRANSLATIONS = ("es",)
# The guided flows a card may offer, each with the topic of the cards its questions are about (a card that
# offers the permit application is on the permit application's subject, whatever its own topic)
OFFER_SUBJECTS = {
    "permit_application": "permit-application",
    "deminimis_waiver": "deminimis-waiver",
    "physical_space_waiver": "physical-space-waiver",
    "inglewood_variance": "variance-waiver",
    "spill_report": "spill-notification",
    "service_log": "interceptor-maintenance",
}
OFFERS = tuple(OFFER_SUBJECTS)
OFFICES = (FOG, SOLID_WASTE)
SETTINGS = ("household", "business")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CODE_PREFIX = {
    "victorville": f"{VICTORVILLE_CODE_NAME} § ",
    "inglewood": f"{INGLEWOOD_CODE_NAME}, ",
}


class CardError(ValueError):
    """A card file is malformed; the message names the file, the card and the field."""


@dataclass(frozen=True)
class CardText:
    """A card in another language: an unofficial translation of its answer, and users' questions in it."""

    answer: str
    more: str = ""
    questions: tuple[str, ...] = ()


DEFINITIONS_TOPIC = "definitions"  # the topic of the cards that say what a term means
# The sections that define the chapters' terms
_A_DEFINITIONS_SECTION = re.compile(r"§ (?:10\.03|6\.37)\.020\b|, Definitions\b")


@dataclass(frozen=True)
class Card:
    id: str
    city: str
    topic: str
    questions: tuple[str, ...]
    answer: str
    cites: tuple[str, ...]
    more: str = ""
    offer: str | None = None
    source: str = ""  # the file it came from, for messages
    # The compliance core's clocks this card's rule runs (``compliance.clocks``, by key): when the message
    # gives the day it started ("mailed nov 18"), the due date is computed and said first.
    clocks: tuple[str, ...] = ()
    refer: str | None = None  # the office that has what the answer says the ordinance leaves out
    setting: str | None = None  # "household" / "business": the rule is only a household's / a business's
    translations: Mapping[str, CardText] = field(default_factory=dict, compare=False)

    def text_in(self, language: str) -> CardText:
        """The card's answer in ``language`` (English, the official text, when it has no translation)."""
        found = self.translations.get(language)
        return found or CardText(self.answer, self.more, self.questions)

    @property
    def defines(self) -> bool:
        """Whether the card says what a term means, whatever subject it is kept under: its topic is the
        definitions', or it is named for a term (``ing-def-manifest``) and rests first on a definitions
        section (Victorville §§ 10.03.020 and 6.37.020, Inglewood's Definitions)."""
        if self.topic == DEFINITIONS_TOPIC:
            return True
        return "-def-" in self.id and bool(self.cites) and bool(_A_DEFINITIONS_SECTION.search(self.cites[0]))

    @property
    def citation(self) -> str:
        """The cited units as one: ``Victorville Municipal Code §§ 10.03.160(f)(2), 10.03.170(a)``."""
        return join_citations(self.city, self.cites)


def join_citations(city: str, cites: Iterable[str]) -> str:
    """Several citations written as one, compactly: the code's name once, each section once with its
    subsections, and a subsection left out when its parent is cited too (a defined term is always named).

    ``Victorville Municipal Code §§ 10.03.160(g)(1), (g)(3); 10.03.150(c)``;
    ``Inglewood FOG Ordinance, Grease Interceptors and BMPs (4); Fees (2), (3)``.
    """
    prefix = _CODE_PREFIX[city]
    cites = list(dict.fromkeys(cites))
    parsed = [_split_citation(city, cite.removeprefix(prefix)) for cite in cites]
    if any(part is None or not cite.startswith(prefix) for part, cite in zip(parsed, cites, strict=True)):
        return "; ".join(cites)
    kept = [
        (section, path)
        for section, path in parsed
        if path.startswith('("')
        or not any(s == section and p != path and path.startswith(p) for s, p in parsed)
    ]
    grouped: dict[str, list[str]] = {}
    for section, path in kept:
        grouped.setdefault(section, []).append(path)
    if city == "victorville":
        # a defined term keeps its space only after the section: 6.37.020 ("Food scraps"), ("Designated ...")
        parts = [
            section + ", ".join([paths[0], *(p.strip() for p in paths[1:])])
            for section, paths in grouped.items()
        ]
        signs = "§§" if len(parts) > 1 or any(len(paths) > 1 for paths in grouped.values()) else "§"
        return f"{VICTORVILLE_CODE_NAME} {signs} " + "; ".join(parts)
    parts = [f"{section} {', '.join(paths)}".rstrip() for section, paths in grouped.items()]
    return f"{INGLEWOOD_CODE_NAME}, " + "; ".join(parts)


_VICTORVILLE_SECTION = re.compile(r"^(\d+\.\d+\.\d+)(.*)$")


def _split_citation(city: str, rest: str) -> tuple[str, str] | None:
    """(section, subsection path) of a citation without the code's name, or None if it does not parse."""
    if city == "victorville":
        match = _VICTORVILLE_SECTION.match(rest)
        return (match.group(1), match.group(2)) if match else None
    for section in sorted(INGLEWOOD_SECTIONS, key=len, reverse=True):
        if rest == section or rest.startswith(section + " "):
            return section, rest[len(section) :].strip()
    return None


def load_cards(folder: Path = CARDS_DIR) -> tuple[Card, ...]:
    """Every card of every ``*.yml`` file in ``folder``, in file order; a malformed card raises CardError."""
    cards: list[Card] = []
    for path in sorted(Path(folder).glob("*.yml")):
        cards.extend(load_file(path))
    seen: dict[str, str] = {}
    for card in cards:
        if card.id in seen:
            raise CardError(f"{card.source}: card id {card.id!r} is also used in {seen[card.id]}.")
        seen[card.id] = card.source
    texts = {language: load_translations(Path(folder) / language) for language in TRANSLATIONS}
    for language, found in texts.items():
        stray = sorted(set(found) - set(seen))
        if stray:
            raise CardError(f"{language}/: text(s) for no card: {', '.join(stray)}.")
    return tuple(
        replace(card, translations={lang: text[card.id] for lang, text in texts.items() if card.id in text})
        for card in cards
    )


def load_translations(folder: Path) -> dict[str, CardText]:
    """Card id → its text, from every ``*.yml`` in ``folder`` (``cards:`` entries: id, answer, more,
    questions); an empty dict when the folder does not exist."""
    found: dict[str, CardText] = {}
    for path in sorted(Path(folder).glob("*.yml")):
        try:
            document = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            raise CardError(f"{folder.name}/{path.name}: not valid YAML: {error}") from error
        for entry in (document or {}).get("cards") or []:
            where = f"{folder.name}/{path.name}: card {entry.get('id')!r}"
            if not isinstance(entry, dict) or not _text(entry.get("answer")):
                raise CardError(f"{where}: needs an 'id' and an 'answer'.")
            unknown = set(entry) - {"id", "questions", "answer", "more"}
            if unknown:
                raise CardError(f"{where}: unknown field(s) {sorted(unknown)}.")
            if entry["id"] in found:
                raise CardError(f"{where}: given twice.")
            if not all(_text(q) for q in entry.get("questions") or ()):
                # an unquoted "q ...: ..." is read as a mapping, not the question it was meant to be
                raise CardError(f"{where}: every question must be text (quote one that holds ': ').")
            found[entry["id"]] = CardText(
                answer=" ".join(entry["answer"].split()),
                more=" ".join((entry.get("more") or "").split()),
                questions=tuple(" ".join(str(q).split()) for q in entry.get("questions") or ()),
            )
    return found


def load_file(path: Path) -> list[Card]:
    try:
        document = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise CardError(f"{path.name}: not valid YAML: {error}") from error
    if not isinstance(document, dict) or document.get("city") not in CITIES:
        raise CardError(f"{path.name}: needs 'city: victorville' or 'city: inglewood' at the top.")
    if not isinstance(document.get("cards"), list):
        raise CardError(f"{path.name}: needs a 'cards:' list.")
    return [_card(path.name, document["city"], entry, n) for n, entry in enumerate(document["cards"], 1)]


def _card(source: str, city: str, entry: object, number: int) -> Card:
    where = f"{source}: card {number}"
    if not isinstance(entry, dict):
        raise CardError(f"{where} is not a mapping.")
    where = f"{source}: card {entry.get('id', number)!r}"
    unknown = set(entry) - {
        "id",
        "topic",
        "questions",
        "answer",
        "more",
        "cites",
        "offer",
        "clocks",
        "refer",
        "setting",
    }
    if unknown:
        raise CardError(f"{where}: unknown field(s) {sorted(unknown)}.")
    card_id = entry.get("id")
    if not isinstance(card_id, str) or not _ID.match(card_id):
        raise CardError(f"{where}: 'id' must be kebab-case letters and digits.")
    questions = entry.get("questions")
    if not isinstance(questions, list) or not questions or not all(_text(q) for q in questions):
        raise CardError(f"{where}: 'questions' must be a non-empty list of sentences.")
    cites = entry.get("cites")
    if not isinstance(cites, list) or not cites or not all(_text(c) for c in cites):
        raise CardError(f"{where}: 'cites' must list the citations the answer rests on.")
    if not _text(entry.get("answer")):
        raise CardError(f"{where}: 'answer' is missing.")
    if entry.get("more") is not None and not isinstance(entry.get("more"), str):
        raise CardError(f"{where}: 'more' must be text.")
    offer = entry.get("offer")
    if offer is not None and offer not in OFFERS:
        raise CardError(f"{where}: 'offer' must be one of {', '.join(OFFERS)} or null.")
    clocks = entry.get("clocks") or []
    if not isinstance(clocks, list) or not all(
        isinstance(c, str) and _ID.match(c.replace("_", "-")) for c in clocks
    ):
        raise CardError(f"{where}: 'clocks' must list clock keys of the compliance core.")
    refer = entry.get("refer")
    if refer is not None and refer not in OFFICES:
        raise CardError(f"{where}: 'refer' must be one of {', '.join(OFFICES)} or null.")
    setting = entry.get("setting")
    if setting is not None and setting not in SETTINGS:
        raise CardError(f"{where}: 'setting' must be one of {', '.join(SETTINGS)} or null.")
    return Card(
        id=card_id,
        city=city,
        topic=str(entry.get("topic") or card_id),
        questions=tuple(" ".join(q.split()) for q in questions),
        answer=" ".join(entry["answer"].split()),
        cites=tuple(c.strip() for c in cites),
        more=" ".join((entry.get("more") or "").split()),
        offer=offer,
        source=source,
        clocks=tuple(clocks),
        refer=refer,
        setting=setting,
    )


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())

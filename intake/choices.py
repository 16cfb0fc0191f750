"""Answers picked from a fixed set: yes/no/not sure, the city, and the forms' multiple-choice questions.

Holds :class:`YesNo` and :func:`parse_yes_no`; :class:`Choice` and the choice sets with their parsers
(:func:`parse_city`, :func:`parse_device`, :func:`parse_establishment_kind`, :func:`parse_application_path`,
:func:`parse_containers`, :func:`parse_evidence_source`); and where a spill goes (:data:`SPILL_REACHES`,
:class:`Reaches`, :func:`parse_reaches`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from cities import detect_city
from intake.core import ParseResult, _fail, _ok, _strip_accents, normalize


class YesNo(str, Enum):
    YES = "yes"
    NO = "no"
    UNSURE = "unsure"

    @property
    def as_bool(self) -> bool | None:
        return {YesNo.YES: True, YesNo.NO: False, YesNo.UNSURE: None}[self]


_RE_UNSURE = re.compile(
    r"\b(?:not\s+(?:sure|certain)|unsure|(?:don'?t|do\s+not|dont)\s+know|dunno|idk|no\s+idea|maybe|perhaps|"
    r"can'?t\s+(?:tell|see)|cannot\s+(?:tell|see)|hard\s+to\s+(?:say|tell)|no\s+se|no\s+lo\s+se|quien\s+sabe|"
    r"tal\s+vez|quizas?|possibly|might\s+be)\b"
)
_RE_NO = re.compile(
    r"^(?:no|nope|nah|naw|negative|not\s+really|no\s+way|never|not\s+at\s+all|not\s+anymore|no\s+longer|"
    r"n|nay|i\s+don'?t\s+think\s+so|i\s+do\s+not\s+think\s+so|it\s+(?:is\s+not|isn'?t|doesn'?t|does\s+not|"
    r"has\s+not|hasn'?t|did\s+not|didn'?t|stopped)|not\s+(?:that\s+i\s+(?:know|can\s+see))|👎)(?:\b|$|\W)"
)
_RE_YES = re.compile(
    r"^(?:yes|yeah|yea|yep|yup|ya|yah|ye|y|sure|correct|right|affirmative|absolutely|definitely|of\s+course|"
    r"ok|okay|k|uh\s*huh|mhm|mm\s*hmm|si|claro|i\s+think\s+so|i\s+believe\s+so|it\s+is|it\s+does|it\s+has|"
    r"indeed|true|yes+|👍)(?:\b|$|\W)"
)


def parse_yes_no(text: str) -> ParseResult[YesNo]:
    """Yes, no or not sure, in the many ways people say them (English and a little Spanish)."""
    normalized = _strip_accents(normalize(text)).strip(" .!?,")
    if not normalized:
        return _fail("Please answer yes, no or not sure.")
    if _RE_UNSURE.search(normalized):
        return _ok(YesNo.UNSURE)
    said_no, said_yes = bool(_RE_NO.match(normalized)), bool(_RE_YES.match(normalized))
    if said_yes and re.search(r"\b(?:and|or|but)\s+no\b", normalized):
        said_no = True  # "yes and no": ask again
    if said_no and not said_yes:
        return _ok(YesNo.NO)
    if said_yes and not said_no:
        return _ok(YesNo.YES)
    return _fail("Please answer yes, no or not sure.")


@dataclass(frozen=True)
class Choice:
    """One answer a choice question accepts: its stored ``key``, how to say it, and the words that mean it."""

    key: str
    label: str
    pattern: str


def _choose(text: str, choices: tuple[Choice, ...], question: str) -> ParseResult[str]:
    normalized = _strip_accents(normalize(text))
    hits = [c.key for c in choices if re.search(rf"\b(?:{c.pattern})\b", normalized)]
    if len(hits) == 1:
        return _ok(hits[0])
    labels = [c.label for c in choices]
    options = ", ".join(labels[:-1]) + f" or {labels[-1]}" if len(labels) > 1 else labels[0]
    return _fail(f"{question} Please answer {options}.")


def _choose_many(text: str, choices: tuple[Choice, ...], question: str) -> ParseResult[tuple[str, ...]]:
    normalized = _strip_accents(normalize(text))
    if re.search(
        r"\b(?:all|every|each)\b(?:\s+(?:of\s+them|three|three\s+of\s+them))?", normalized
    ) and not re.search(r"\bnot\s+all\b", normalized):
        return _ok(tuple(c.key for c in choices))
    hits = tuple(c.key for c in choices if re.search(rf"\b(?:{c.pattern})\b", normalized))
    if hits:
        return _ok(hits)
    labels = [c.label for c in choices]
    return _fail(f"{question} Please name one or more of: {', '.join(labels)}.")


CITY_CHOICES = (
    Choice("victorville", "Victorville", r"v[iy]ct[eo]r\s?v[iy]ll?e?|victorvile|vville"),
    Choice("inglewood", "Inglewood", r"ing[el]l?e?wood|inglwood|engl[ae]wood"),
)


def parse_city(text: str) -> ParseResult[str]:
    """Victorville or Inglewood, by name (common misspellings too) or ZIP code."""
    city = detect_city(text)
    if city:
        return _ok(city)
    return _choose(text, CITY_CHOICES, "Which city is it in?")


DEVICE_CHOICES = (
    Choice(
        "interceptor",
        "grease interceptor",
        r"interceptors?|gi|gravity\s+interceptor|in\s*-?\s*ground|underground|vault",
    ),
    Choice("trap", "grease trap", r"traps?|under\s+the\s+sink|hydro\s*-?\s*mechanical|hgi"),
)


def parse_device(text: str) -> ParseResult[str]:
    """``interceptor`` or ``trap`` (the compliance core's :class:`compliance.Device` values)."""
    if _RE_UNSURE.search(_strip_accents(normalize(text))):
        return _fail(
            "Your FOG permit or the hauler's invoice says which. An interceptor is usually underground "
            "outside; a grease trap serves individual sinks. Is it a grease interceptor or a grease trap?"
        )
    return _choose(text, DEVICE_CHOICES, "Is it a grease interceptor or a grease trap?")


ESTABLISHMENT_CHOICES = (
    Choice(
        "restaurant",
        "restaurant",
        r"restaurants?|diner|eatery|cafe|bistro|grill|taqueria|pizzeria|fast\s*-?\s*food",
    ),
    Choice("school", "school", r"schools?|college|university|campus"),
    Choice("hospital", "hospital", r"hospitals?|medical\s+center"),
    Choice(
        "other",
        "something else",
        r"other|something\s+else|none\s+of\s+(?:those|these|them)|bar|church|club",
    ),
)


def parse_establishment_kind(text: str) -> ParseResult[str]:
    """Restaurant, school, hospital or other: the kinds Inglewood's small/large definition names."""
    return _choose(text, ESTABLISHMENT_CHOICES, "Is it a restaurant, a school, a hospital or something else?")


APPLICATION_PATH_CHOICES = (
    Choice(
        "application",
        "fill out the application",
        r"application|apply|fill|form|questions|\(a\)|option\s+a|^a$",
    ),
    Choice(
        "building_documents",
        "show building-division documents",
        r"documents?|documentation|building\s+(?:permit|division|department)|already|\(b\)|option\s+b|^b$",
    ),
)


def parse_application_path(text: str) -> ParseResult[str]:
    """Victorville: complete the application (10.03.060(a)) or show building-division documents ((b))."""
    return _choose(
        text, APPLICATION_PATH_CHOICES, "Do you want to fill out the application or show documents?"
    )


CONTAINER_CHOICES = (
    Choice("blue", "blue (recyclables)", r"blue|recycl\w*"),
    Choice("green", "green (organic waste)", r"green|organics?|yard\s+waste|green\s+waste|plant\w*"),
    Choice("brown", "brown (food scraps)", r"brown|food\s+(?:scraps?|waste)|compost\w*"),
)


def parse_containers(text: str) -> ParseResult[tuple[str, ...]]:
    """Which of the blue, green and brown containers (Victorville Municipal Code § 6.37.040(b)(1))."""
    return _choose_many(text, CONTAINER_CHOICES, "Which containers is there no space for?")


EVIDENCE_CHOICES = (
    Choice("hauler", "the hauler", r"haulers?|trash\s+company|waste\s+company|collector"),
    Choice("architect", "a licensed architect", r"architects?"),
    Choice("engineer", "a licensed engineer", r"engineers?"),
    Choice("none_yet", "no one yet", r"no\s+one|nobody|none|not\s+yet|no"),
)


def parse_evidence_source(text: str) -> ParseResult[str]:
    """Who documents the lack of space (Victorville Municipal Code § 6.37.050(b)(2))."""
    return _choose(text, EVIDENCE_CHOICES, "Who can document the lack of space?")


SPILL_REACHES = ("street", "gutter", "storm_drain")
"""Where a spill can go; the same values as ``store.schema.SPILL_REACHES``."""
REACH_CHOICES = (
    Choice("street", "the street", r"streets?|road|roadway|pavement|alley"),
    Choice("gutter", "a gutter", r"gutters?|curbs?|kerbs?"),
    Choice(
        "storm_drain",
        "a storm drain",
        r"storm\s*-?\s*drains?|catch\s+basins?|storm\s+sewers?|(?<!floor )(?<!sink )(?<!kitchen )drains?",
    ),
)
_RE_REACHES_NONE = re.compile(
    r"^(?:no|nope|none|neither|nowhere|not\s+yet|it\s+(?:doesn'?t|does\s+not|hasn'?t|has\s+not))\b|"
    r"\b(?:stays?|staying|still)\s+(?:on|in)\s+(?:the\s+)?(?:property|parking\s+lot|lot|building|yard)\b|"
    r"\bjust\s+the\s+(?:parking\s+lot|property|yard|building)\b"
)


@dataclass(frozen=True)
class Reaches:
    """Where the spill goes: any of :data:`SPILL_REACHES` (empty: none), or ``unsure``."""

    places: tuple[str, ...] = ()
    unsure: bool = False

    def describe(self) -> str:
        if self.unsure:
            return "not sure"
        if not self.places:
            return "none of the street, gutter or storm drain"
        labels = [next(c.label for c in REACH_CHOICES if c.key == p) for p in self.places]
        return " and ".join([", ".join(labels[:-1]), labels[-1]] if len(labels) > 1 else labels)

    def to_slot(self) -> list[str] | str:
        return "unsure" if self.unsure else list(self.places)

    @classmethod
    def from_slot(cls, value: list[str] | str) -> Reaches:
        return cls((), True) if value == "unsure" else cls(tuple(value))


def parse_reaches(text: str) -> ParseResult[Reaches]:
    """Does the spill reach the street, a gutter or a storm drain? Any of them, none, or not sure."""
    normalized = _strip_accents(normalize(text))
    if _RE_UNSURE.search(normalized):
        return _ok(Reaches(unsure=True))
    if not re.search(r"\b(?:none|neither|nowhere)\b", normalized):
        places = tuple(c.key for c in REACH_CHOICES if re.search(rf"\b(?:{c.pattern})\b", normalized))
        if re.search(r"\ball\b", normalized) and not re.search(r"\bnot\s+all\b", normalized):
            places = SPILL_REACHES
        if places:
            return _ok(Reaches(tuple(p for p in SPILL_REACHES if p in places)))
    if _RE_REACHES_NONE.search(normalized):
        return _ok(Reaches(()))
    return _fail("Does it reach the street, a gutter or a storm drain? Say which, or none, or not sure.")

"""Amounts with units and whole counts: "about 50 gallons", "2 cubic yards", "30 by 40 feet", "45 seats".

A bare number is taken to be in the unit asked for; another volume unit is converted with exact factors
(the user's words are kept in ``given``). A quantity range ("50 to 100 gallons") keeps the upper end as
its amount (a choice, not a rule).

Spanish answers are read too ("como doscientos cincuenta galones", "3 yardas cubicas", "20 por 20 pies",
"unos 400 pies cuadrados", "dos veces por semana", "ninguno", "nada", "cero"); descriptions and the sentences
asking again are in the reply's language.

Holds the units (:data:`GALLONS`, :data:`CUBIC_YARDS`, :data:`LITERS`, :data:`SQUARE_FEET`),
:class:`Quantity`, :func:`convert`, :func:`parse_quantity`, :func:`find_quantity`, and :func:`parse_count`
(seats, meals, employees).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from intake.core import ParseResult, _fail, _ok, _plain, normalize
from intake.dates import MONTH_PATTERN
from intake.locations import STREET_SUFFIX
from intake.numbers import (
    _DIGITS,
    _WORD_NUMBER_RUN,
    NUMBER_PATTERN,
    _count_from,
    _to_decimal,
    format_number,
)
from intake.phones import phone_pauses_joined
from languages import N_, t

GALLONS, CUBIC_YARDS, LITERS, SQUARE_FEET = "gal", "yd3", "L", "sqft"
UNITS = (GALLONS, CUBIC_YARDS, LITERS, SQUARE_FEET)
_UNIT_WORDS = {
    GALLONS: N_("gallons"),
    CUBIC_YARDS: N_("cubic yards"),
    LITERS: N_("liters"),
    SQUARE_FEET: N_("square feet"),
}
_UNIT_SINGULAR = {
    GALLONS: N_("gallon"),
    CUBIC_YARDS: N_("cubic yard"),
    LITERS: N_("liter"),
    SQUARE_FEET: N_("square foot"),
}
_UNIT_EXAMPLES = {
    GALLONS: N_("50 gallons"),
    CUBIC_YARDS: N_("2 cubic yards"),
    LITERS: N_("20 liters"),
    SQUARE_FEET: N_("1,200 sq ft"),
}
_PER_PERIOD = {  # an amount per period, in words
    "day": N_("{amount} a day"),
    "week": N_("{amount} a week"),
    "month": N_("{amount} a month"),
    "year": N_("{amount} a year"),
}
_GIVE_PER_PERIOD = {  # an amount given per another period
    "day": N_("Please give the amount per day, for example {example}."),
    "week": N_("Please give the amount per week, for example {example}."),
    "month": N_("Please give the amount per month, for example {example}."),
    "year": N_("Please give the amount per year, for example {example}."),
}
_TIMES_PER_PERIOD = {  # "a 3-yard bin twice a week"
    "day": N_("{amount} {times} a day"),
    "week": N_("{amount} {times} a week"),
    "month": N_("{amount} {times} a month"),
    "year": N_("{amount} {times} a year"),
}
_UNIT_PATTERNS = (
    (
        SQUARE_FEET,
        r"square\s+f(?:ee|oo)t|sq\.?\s*f(?:ee|oo)?t\.?|sqft|ft\s*(?:2|²)|sf|pies?\s+cuadrados?|pies?\s*(?:2|²)",
    ),
    (
        CUBIC_YARDS,
        r"cubic[\s-]+yards?|cubic[\s-]+yds?\.?|cu\.?\s*(?:yds?|yards?)\.?|yds?\s*(?:3|³)|yards?\s*(?:3|³)|cy|yards?|yds?\.?|"
        r"yardas?\s+c[uú]bicas?|yardas?",
    ),
    (GALLONS, r"gallons?|gals?\.?|galones|gal[oó]n"),
    (LITERS, r"liters?|litres?|l|litros?"),
)
_UNIT_OF = [(unit, re.compile(rf"^(?:{pattern})$")) for unit, pattern in _UNIT_PATTERNS]
_UNIT = "|".join(pattern for _, pattern in _UNIT_PATTERNS)
_APPROX = (
    r"about|around|approximately|approx\.?|roughly|maybe|like|almost|nearly|close\s+to|over|under|"
    r"more\s+than|less\s+than|at\s+least|up\s+to|probably|estimated|est\.?|~|"
    r"como|unos|unas|aproximadamente|alrededor\s+de|m[aá]s\s+o\s+menos|casi|cerca\s+de|m[aá]s\s+de|"
    r"menos\s+de|por\s+lo\s+menos|al\s+menos|hasta|tal\s+vez|quiz[aá]s?"
)
_HALF = r"half\b|medio\b|media\b"
_QUANTITY_NUMBER = rf"(?:{_DIGITS}|{_WORD_NUMBER_RUN}|{_HALF}|an?\b|una?\b)"
_RE_QUANTITY = re.compile(
    rf"(?P<approx>(?:{_APPROX})\s*)?(?P<n1>(?<![\w.,]){_QUANTITY_NUMBER})"
    rf"(?P<half>\s+and\s+a\s+half|\s+1/2|\s+y\s+medi[oa]\b)?"
    rf"(?:(?:\s*(?:-|to|or|and)\s*|\s+(?:a|o|y)\s+)(?P<n2>{_DIGITS}|{_WORD_NUMBER_RUN}))?"
    rf"\s*-?\s*(?:(?P<half_a>a\s+)?(?P<unit>{_UNIT})(?![a-z]))?"
    # "a yard and a half", "yarda y media": the half after the unit
    rf"(?:(?<=[a-z])(?P<half_after>(?:\s+and\s+a\s+half|\s+y\s+medi[oa])\b(?!\s*-?\s*(?:{_UNIT}))))?(?P<ish>\s*-?ish)?"
    rf"(?P<or_so>\s+or\s+so|\s+m[aá]s\s+o\s+menos)?"
)
_CONTAINER_WORDS = r"buckets?|containers?|drums?|barrels?|totes?|carts?|bins?|cans?|jugs?|pails?"
_SPANISH_CONTAINER_WORDS = (
    r"cubetas?|botes?|contenedor(?:es)?|tambos?|tambores|barriles?|baldes?|tinas?|garrafas?"
)
_RE_CONTAINERS = re.compile(
    rf"(?P<count>{_DIGITS}|{_WORD_NUMBER_RUN})\s+(?P<size>{_DIGITS})\s*-?\s*(?P<unit>{_UNIT})\s+"
    rf"(?:{_CONTAINER_WORDS})\b"
    rf"|(?P<count_es>{_DIGITS}|{_WORD_NUMBER_RUN}|una?)\s+(?:{_SPANISH_CONTAINER_WORDS})\s+de\s+"
    rf"(?P<size_es>{_DIGITS})\s*(?P<unit_es>{_UNIT})(?![a-z])"
)
_RE_DIMENSIONS = re.compile(
    rf"(?P<a>{_DIGITS})\s*(?:'|ft|feet|foot|pies)?\s*(?:x|by|×|por)\s*(?P<b>{_DIGITS})\s*(?:'|ft\b|feet|foot|pies)?"
)
_RE_PERIOD = re.compile(
    r"(?:\bper\b|\ba\b|\ban\b|\beach\b|\bevery\b|/)\s*(?P<unit>week|wk|day|month|mo|year|yr)\b"
    r"|\b(?P<adverb>weekly|daily|monthly|yearly|annually)\b"
    r"|(?:\bpor\b|\ba\s+la\b|\bal\b|\bcada\b|/)\s*(?P<es_unit>semana|d[ií]a|mes|a[ñn]o)\b"
    r"|\b(?P<es_adverb>diari[oa]s?|semanal(?:es|mente)?|mensual(?:es|mente)?|anual(?:es|mente)?)\b"
)
_PERIODS = {"wk": "week", "mo": "month", "yr": "year", "weekly": "week", "daily": "day", "monthly": "month"}
_PERIODS.update({"yearly": "year", "annually": "year"})
_SPANISH_PERIODS = {"se": "week", "di": "day", "dí": "day", "me": "month", "añ": "year", "an": "year"}
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}  # adverbs, not numbers: text2num has none of them
_RE_TIMES_PER_PERIOD = re.compile(
    # a Spanish gloss mixes the two: "2 veces per week"
    rf"\b(?P<times>once|twice|thrice|(?P<n>{NUMBER_PATTERN})\s*(?:x|times|veces))\s*(?:a|an|per|each|every|/)\s*"
    r"(?:week|wk|day|month|year)\b"
    rf"|\b(?P<times_es>(?P<n_es>{NUMBER_PATTERN}|una?)\s+(?:vez|veces))\s+(?:por|a\s+la|al|cada|/)\s*"
    r"(?:semana|d[ií]a|mes|a[ñn]o)\b"
)
_RE_NONE = re.compile(
    r"^(?:none|nothing|zero|nada|no\s+\w+|not\s+any|0|"
    r"ninguno|ninguna|ning[uú]n[oa]?\s+\w+|cero|no\s+(?:hay|tenemos|tiene|tengo)(?:\s+\w+)?|sin\s+\w+)$"
)
_RE_VAGUE_AMOUNT = re.compile(
    r"\b(?:a\s+lot|lots|a\s+little|some|not\s+much|tons|a\s+bunch|few)\b|"
    r"\b(?:mucho|mucha|muchos|muchas|un\s+poco|poquito|poca|poco|bastante|un\s+mont[oó]n|un\s+chingo|algo)\b"
)
_RE_UNSURE_AMOUNT = re.compile(
    r"\b(?:don'?t|do\s+not)\s+know\b|\bnot\s+sure\b|\bno\s+idea\b|\bidk\b|\bunknown\b|"
    r"\bno\s+(?:lo\s+)?s[eé]\b|\bni\s+idea\b|\bno\s+estoy\s+segur[oa]\b|\bqui[eé]n\s+sabe\b|\bno\s+sabemos\b"
)

GALLONS_PER_CUBIC_YARD = Decimal(46656) / Decimal(231)
"""A cubic yard is 46,656 cubic inches and a US gallon 231 cubic inches (≈ 201.97 gallons a cubic yard)."""
LITERS_PER_GALLON = Decimal("3.785411784")
_IN_GALLONS = {GALLONS: Decimal(1), CUBIC_YARDS: GALLONS_PER_CUBIC_YARD, LITERS: 1 / LITERS_PER_GALLON}


@dataclass(frozen=True)
class Quantity:
    """An amount in ``unit``; a range keeps its upper end as ``amount`` and the lower as ``low``."""

    amount: Decimal
    unit: str
    approximate: bool = False
    low: Decimal | None = None
    given: str | None = None  # what the user said, when it was converted ("96 gallons")
    per: str | None = None  # "week", "day", "month", "year" when the user said so
    below: bool = False  # said as an upper bound ("less than 2 cubic yards", "menos de 10 galones")

    def describe(self) -> str:
        words = t(_UNIT_WORDS[self.unit] if self.amount != 1 else _UNIT_SINGULAR[self.unit])
        amount = format_number(self.amount)
        if self.low is not None:
            low = format_number(self.low)
            text = t("{low} to {high} {unit}", low=low, high=amount, unit=t(_UNIT_WORDS[self.unit]))
        elif self.below:
            text = t("less than {amount} {unit}", amount=amount, unit=t(_UNIT_WORDS[self.unit]))
        elif self.approximate:
            text = t("about {amount} {unit}", amount=amount, unit=words)
        else:
            text = f"{amount} {words}"
        if self.per:
            text = (
                t(_PER_PERIOD[self.per], amount=text) if self.per in _PER_PERIOD else f"{text} a {self.per}"
            )
        if self.given:
            text += f" ({self.given})"
        return text

    def to_slot(self) -> dict[str, Any]:
        return {
            "amount": _plain(self.amount),
            "unit": self.unit,
            "approximate": self.approximate,
            "low": None if self.low is None else _plain(self.low),
            "given": self.given,
            "per": self.per,
            "below": self.below,
        }

    @classmethod
    def from_slot(cls, value: Mapping[str, Any] | int | float, unit: str = GALLONS) -> Quantity:
        if isinstance(value, (int, float, Decimal)):
            return cls(Decimal(str(value)), unit)
        low = value.get("low")
        return cls(
            Decimal(str(value["amount"])),
            value.get("unit", unit),
            bool(value.get("approximate")),
            None if low is None else Decimal(str(low)),
            value.get("given"),
            value.get("per"),
            bool(value.get("below")),
        )


def _unit_of(token: str | None) -> str | None:
    if not token:
        return None
    token = " ".join(token.split()).rstrip(".")
    return next((unit for unit, pattern in _UNIT_OF if pattern.match(token)), None)


def convert(amount: Decimal, from_unit: str, to_unit: str) -> Decimal:
    """Between gallons, cubic yards and liters (exact factors); square feet convert only to themselves."""
    for unit in (from_unit, to_unit):
        if unit not in UNITS:
            raise ValueError(f"Unknown unit {unit!r}; expected one of {UNITS}.")
    if from_unit == to_unit:
        return amount
    if SQUARE_FEET in (from_unit, to_unit):
        raise ValueError(f"Cannot convert {from_unit} to {to_unit}.")
    return amount * _IN_GALLONS[from_unit] / _IN_GALLONS[to_unit]


# An amount of gallons said with the device it sizes ("1000 gallon interceptor", "a 1,500-gal grease trap"):
# the device's size, never what was pumped out of it
_A_DEVICE_S_SIZE = re.compile(
    r"\b(?P<size>\d[\d,]*(?:\.\d+)?\s*-?\s*(?:gallons?|gal|galones))"
    r"(?=\s*-?\s*(?:grease\s+)?(?:interceptor|trap|tank)\b)"
    # Spanish names the device first: "interceptor de 1000 galones", "trampa de 50 galones"
    r"|\b(?:interceptor|trampa|tanque)(?:\s+de\s+grasa)?\s+de\s+(?P<size_es>\d[\d,]*\s*gal(?:ones|[oó]n)?)\b",
    re.IGNORECASE,
)
# What came out, said after a size without its unit ("they took out about 900", "sacaron como 900"), never a
# share, a count of loads or a time ("about 75% full", "2 loads", "3 days ago")
_TAKEN_OUT = re.compile(
    r"\b(?:took out|take out|removed|pumped out|got out|sacaron|quitaron|bombearon)\s+"
    r"(?:about|around|like|approx\w*|roughly|como|unos|aprox\w*)?\s*(?P<amount>\d[\d,]*)"
    r"(?!\s*(?:%|percent|por\s*ciento|loads?|trips?|truck\w*|days?|hours?|weeks?|cargas?|viajes?|d[ií]as|horas?)\b)"
    r"(?!\s*%)",
    re.IGNORECASE,
)


def device_size_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` gives a device's size in gallons ("1000 gallon" of "1000 gallon interceptor",
    "1000 galones" of "interceptor de 1000 galones"), to be read past."""
    return [found.span("size" if found["size"] else "size_es") for found in _A_DEVICE_S_SIZE.finditer(text)]


def parse_gallons_removed(text: str) -> ParseResult[Quantity]:
    """The gallons pumped out of a device, not its size: "1000 gallon interceptor, they took out about 900"
    is 900 gallons; "1000 gallon interceptor" alone, or with only a share or a count of loads, gives no amount
    (it is asked again)."""
    spans = device_size_spans(text)
    if not spans:
        return parse_quantity(text, GALLONS)
    if (taken := _TAKEN_OUT.search(text)) is not None:
        return parse_quantity(f"{taken['amount']} gallons", GALLONS)
    return parse_quantity("", GALLONS)


def parse_quantity(
    text: str, unit: str, *, per: str | None = None, allow_zero: bool = True
) -> ParseResult[Quantity]:
    """An amount in ``unit`` ("1,000 gallons", "1000 gal", "about 50 gallons", "2 yd3", "2 cubic yards",
    "fifty gallons", "50-100 gallons", "two 5-gallon buckets", "30 by 40 feet" for square feet). A bare
    number is taken to be in ``unit``; another volume unit is converted (the user's words kept in
    ``given``). ``per="week"`` rejects an amount given per day, month or year, with a sentence asking again.
    """
    if unit not in UNITS:
        raise ValueError(f"Unknown unit {unit!r}; expected one of {UNITS}.")
    example = t(_UNIT_EXAMPLES[unit])
    if per:
        example = t(_PER_PERIOD[per], amount=example)
    # a phone number said in paused groups ("760, eh, 555, 0142") is written as one: its digits are no amount
    normalized, _ = _one_and_a_half(phone_pauses_joined(normalize(text)).replace("³", "3").replace("²", "2"))
    if not normalized:
        return _fail(t(_GIVE_A_NUMBER, example=example))
    period_match = _RE_PERIOD.search(normalized)
    said_per = None
    if period_match:
        said_per = period_match.group("unit") or period_match.group("adverb")
        said_per = _PERIODS.get(said_per, said_per)
        if said_per is None:  # Spanish: "por semana", "al dia", "mensuales"
            spanish = period_match.group("es_unit") or period_match.group("es_adverb")
            said_per = _SPANISH_PERIODS[spanish[:2]]
    if per is not None and said_per is not None and said_per != per:
        return _fail(t(_GIVE_PER_PERIOD[per], example=example))
    if _RE_UNSURE_AMOUNT.search(normalized):
        return _fail(t("A rough guess is fine, for example {example}.", example=example))
    if allow_zero and _RE_NONE.match(normalized.strip(" .!")):
        return _ok(Quantity(Decimal(0), unit, per=per or said_per))
    if unit == SQUARE_FEET and (match := _RE_DIMENSIONS.search(normalized)):
        area = Decimal(match.group("a").replace(",", "")) * Decimal(match.group("b").replace(",", ""))
        given = t("{a} by {b} feet", a=match.group("a"), b=match.group("b"))
        return _ok(Quantity(area, SQUARE_FEET, given=given))
    candidates = [m for m in _RE_QUANTITY.finditer(normalized) if m.group("n1").strip()]
    candidates = [m for m in candidates if m.group("n1").strip() not in _ARTICLES or m.group("unit")]
    candidates = [m for m in candidates if m.group("unit") or not _part_of_address_or_phone(m, normalized)]
    with_unit = [m for m in candidates if m.group("unit")]
    # "1 cubic yard of trash a week and about 6 gallons of organics" answers "how many gallons?" with 6
    in_unit = [m for m in with_unit if _unit_of(m.group("unit")) == unit]
    # "one 1-yard bin twice a week, so 2 cubic yards a week total": the total the user worked out
    if total := next((m for m in in_unit if _said_as_total(m, normalized)), None):
        return _amount(total, normalized, unit, per or said_per, example, allow_zero)
    found = _containers(normalized)
    if found and (found[2] == unit or not in_unit):  # "one 1-yard bin ... and maybe 5 gallons": 5 gallons
        count, size, found_unit = found
        result = _quantity_in(count * size, found_unit, unit, False, None, per or said_per, example)
        # a bin's pickups multiply its size ("two 3-yard bins twice a week", "un contenedor de 3 yardas dos
        # veces por semana"); a bucket's do not (the buckets are what is filled, not what is picked up)
        spanish = _RE_CONTAINERS.search(normalized).group("count_es") is not None  # type: ignore[union-attr]
        return _times_per_period(result, normalized) if spanish or found_unit == CUBIC_YARDS else result
    match = (in_unit or with_unit or candidates or [None])[0]
    if match is None:
        if _RE_VAGUE_AMOUNT.search(normalized):
            return _fail(t("Roughly how much? A number helps, for example {example}.", example=example))
        return _fail(t(_GIVE_A_NUMBER, example=example))
    result = _amount(match, normalized, unit, per or said_per, example, allow_zero)
    return _times_per_period(result, normalized)


# An amount said as the sum the user worked out: "so 2 cubic yards a week total", "that's 4 yards in all",
# "o sea 4 yardas"
_TOTAL_BEFORE = re.compile(
    r"(?:\bso|\bthat'?s|\bthats|\bwhich\s+is|\bwhich\s+comes\s+to|\btotal\s+of|\bin\s+total|\ben\s+total|"
    r"\bo\s+sea|=)\s*(?:like\s+|about\s+|around\s+|unas?\s+|como\s+)?$"
)
_TOTAL_AFTER = re.compile(
    r"^(?:\s*(?:a|an|per|each|every|/|por|a\s+la|cada)\s*(?:week|wk|semana))?\s*"
    r"(?:total|in\s+total|altogether|in\s+all|combined|en\s+total)\b"
)


def _said_as_total(match: re.Match[str], normalized: str) -> bool:
    """Whether an amount is said as the total ("so 2 cubic yards a week total", "en total 6 yardas")."""
    before = normalized[max(0, match.start() - 24) : match.start()]
    return bool(_TOTAL_AFTER.match(normalized[match.end() :]) or _TOTAL_BEFORE.search(before))


# A bare number that is a street number ("15000 Seventh St"), a piece of a phone number, part of a code
# ("FOG-2291", "permit #2291", "SR-1234"), the day of a date ("30 de nov", "nov 30") or an ordinal ("7th")
# is no amount.
_STREET_AFTER = re.compile(rf"\s+(?:[nsew]\.?\s+)?(?:[a-z0-9]+\s+){{0,2}}{STREET_SUFFIX}\b\.?")
_PHONE_PIECE_BEFORE = re.compile(r"(?:\d[-.)]\s?|\(\d{3}\)\s?|\()$")
_PHONE_PIECE_AFTER = re.compile(r"[-.]\d|\)\s?\d")
_MONTH_NAME = rf"(?:{MONTH_PATTERN})\b\.?"
# "30 de nov", "3/14", "3pm", "9:30"; "nov 30", the 14 of "3/14"
_DATE_AROUND = re.compile(
    rf"^(?:st|nd|rd|th)?\s*(?:of\s+|de\s+)?{_MONTH_NAME}|^/\d|^:\d|^\s*(?:a\.?m\b|p\.?m\b|o'?clock)"
)
_DATE_BEFORE = re.compile(rf"\b{_MONTH_NAME}\s*$|\d[/:]$")
_CODE_BEFORE = re.compile(r"(?:[a-z]-|[a-z]|#\s?|\b(?:no|num|number|permit|license|manifest)\.?\s)$")
_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)\b")  # "15505 7th st", "the 3rd one": an ordinal counts nothing
# A time of day ("a las 8 de la mañana", "at 8am", "around 6:30"): an hour counts nothing
_TIME_BEFORE = re.compile(r"\b(?:a\s+las?|at|around|about|como\s+a\s+las?|@)\s*$")
_AM_PM_AFTER = re.compile(r"\s*(?:a\.?m\.?|p\.?m\.?)\b")  # "8am", "8 p.m.": an hour, whatever comes before
_TIME_AFTER = re.compile(
    r"\s*(?:[:.]\d\d\b|(?:a\.?m\.?|p\.?m\.?|o'?clock|hrs?)\b|de\s+la\s+(?:ma[ñn]ana|tarde|noche)\b"
    r"|en\s+la\s+(?:ma[ñn]ana|tarde|noche)\b|(?:in\s+the\s+)?(?:morning|afternoon|evening|tonight)\b)"
)


def _part_of_address_or_phone(match: re.Match[str], normalized: str) -> bool:
    before, after = normalized[: match.start("n1")], normalized[match.end("n1") :]
    return bool(
        _STREET_AFTER.match(after)
        or _PHONE_PIECE_BEFORE.search(before)
        or _PHONE_PIECE_AFTER.match(after)
        or _CODE_BEFORE.search(before)
        or _DATE_AROUND.match(after)
        or _DATE_BEFORE.search(before)
        or _ORDINAL_AFTER.match(after)
        or (_TIME_BEFORE.search(before) is not None and _TIME_AFTER.match(after) is not None)
        or _AM_PM_AFTER.match(after) is not None
    )


_ARTICLES = ("a", "an", "un", "una")  # "a" is one only before a unit ("a gallon"), not in "a lot"
_GIVE_A_NUMBER = N_("Please give a number, for example {example}.")


def _containers(normalized: str) -> tuple[Decimal, Decimal, str] | None:
    """ "Two 5-gallon buckets", "dos cubetas de 5 galones": the count, the size and its unit."""
    match = _RE_CONTAINERS.search(normalized)
    if match is None:
        return None
    spanish = match.group("count_es") is not None
    count = _count_from(match.group("count_es")) if spanish else _to_decimal(match.group("count"))
    size = _to_decimal(match.group("size_es" if spanish else "size"))
    found_unit = _unit_of(match.group("unit_es" if spanish else "unit"))
    if count is None or size is None or found_unit is None:
        return None
    return Decimal(count), size, found_unit


def _times_per_period(result: ParseResult[Quantity], normalized: str) -> ParseResult[Quantity]:
    """ "A 3-yard bin twice a week" is 6 cubic yards a week: multiply by the pickups per period."""
    match = _RE_TIMES_PER_PERIOD.search(normalized)
    quantity = result.value
    if match is None or quantity is None or quantity.per is None:
        return result
    word = match.group("times") or match.group("times_es")
    times = _TIMES_WORDS.get(word) or _count_from(match.group("n") or match.group("n_es") or "")
    if not times or times == 1:
        return result
    amount = quantity.given or replace(quantity, per=None).describe()
    if quantity.per in _TIMES_PER_PERIOD:
        given = t(_TIMES_PER_PERIOD[quantity.per], amount=amount, times=word)
    else:
        given = f"{amount} {word} a {quantity.per}"
    low = None if quantity.low is None else quantity.low * times
    return _ok(
        Quantity(quantity.amount * times, quantity.unit, quantity.approximate, low, given, quantity.per)
    )


# A unit said with its half and no number before it ("nos recogen yarda y media", "pick up yard and a half"):
# one and a half, not the half alone
_BARE_UNIT_AND_A_HALF = re.compile(
    r"(?P<before>\b[a-z]+\s+|^)(?P<unit>yardas?|yards?|galon(?:es)?|gallons?)"
    r"(?P<half>\s+(?:y\s+medi[oa]|and\s+a\s+half))\b"
)


_ONE = "1 "


def _one_and_a_half(normalized: str) -> tuple[str, list[int]]:
    """``normalized`` with a unit said with its half and no number before it given its one ("yarda y media"
    → "1 yarda y media"), and where each one was put (in the new text), to map spans back."""
    put: list[int] = []

    def one(match: re.Match[str]) -> str:
        before = match.group("before").strip()
        if before and (_to_decimal(before) is not None or before in _ARTICLES):
            return match.group(0)  # "dos yardas y media", "una yarda y media": its number is said
        put.append(match.start("unit") + len(_ONE) * len(put))
        return f"{match.group('before')}{_ONE}{match.group('unit')}{match.group('half')}"

    return _BARE_UNIT_AND_A_HALF.sub(one, normalized), put


def _span_before(span: tuple[int, int], put: list[int]) -> tuple[int, int]:
    """A span in the text :func:`_one_and_a_half` made, in the text it was made from."""
    start, end = span
    return (
        start - len(_ONE) * sum(1 for at in put if at < start),
        end - len(_ONE) * sum(1 for at in put if at < end),
    )


def find_quantity(text: str, unit: str) -> tuple[ParseResult[Quantity], tuple[int, int]]:
    """The first amount that names its unit ("1,000 gallons", "750 gal", "two 5-gallon buckets") in a
    longer message, in ``unit``, and its span in :func:`normalize`'d text. A bare number does not count.
    Nothing found gives a result with neither value nor error (and span ``(0, 0)``)."""
    if unit not in UNITS:
        raise ValueError(f"Unknown unit {unit!r}; expected one of {UNITS}.")
    example = t(_UNIT_EXAMPLES[unit])
    normalized, put = _one_and_a_half(normalize(text).replace("³", "3").replace("²", "2"))
    matches = [m for m in _RE_QUANTITY.finditer(normalized) if _unit_of(m.group("unit")) is not None]
    same = [m for m in matches if _unit_of(m.group("unit")) == unit]
    if total := next((m for m in same if _said_as_total(m, normalized)), None):  # "so 2 yards a week total"
        return _amount(total, normalized, unit, None, example, True), _span_before(total.span(), put)
    found = _containers(normalized)
    if found and (found[2] == unit or not same):  # the amount in the unit asked comes first
        count, size, found_unit = found
        span = _RE_CONTAINERS.search(normalized).span()  # type: ignore[union-attr]
        result = _quantity_in(count * size, found_unit, unit, False, None, None, example)
        return _emptied(result, found_unit, normalized[span[1] :]), _span_before(span, put)
    for match in same or matches:
        found_unit = _unit_of(match.group("unit"))
        if (found_unit == SQUARE_FEET) == (unit == SQUARE_FEET):
            result = _amount(match, normalized, unit, None, example, True)
            return _emptied(result, found_unit, normalized[match.end() :]), _span_before(match.span(), put)
    return ParseResult(), (0, 0)


# How far after a bin's size its pickups may be said ("a 1-yard bin that gets picked up twice a week")
_PICKUPS_WITHIN = 48


def _emptied(result: ParseResult[Quantity], found_unit: str | None, after: str) -> ParseResult[Quantity]:
    """A bin's size said in a longer message times the pickups said right after it ("one 1-yard bin picked
    up twice a week" is 2 cubic yards a week); any other amount as it was."""
    match = _RE_TIMES_PER_PERIOD.search(after[:_PICKUPS_WITHIN])
    if found_unit != CUBIC_YARDS or match is None or result.value is None:
        return result
    if _RE_PERIOD.search(after[: match.start()]):
        return result  # "1 cubic yard of trash a week, picked up twice a week": already the week's amount
    word = match.group("times") or match.group("times_es")
    times = _TIMES_WORDS.get(word) or _count_from(match.group("n") or match.group("n_es") or "")
    if not times:
        return result
    quantity = result.value
    low = None if quantity.low is None else quantity.low * times
    return _ok(replace(quantity, amount=quantity.amount * times, low=low))


def _amount(
    match: re.Match[str], normalized: str, unit: str, per: str | None, example: str, allow_zero: bool
) -> ParseResult[Quantity]:
    """A :data:`_RE_QUANTITY` match as a quantity in ``unit`` (a match without a unit is in ``unit``)."""
    n1 = match.group("n1").strip()
    amount = Decimal("0.5") if n1 in ("half", "medio", "media") else _to_decimal(n1)
    if amount is None and n1 in _ARTICLES:
        amount = Decimal(1)  # "una yarda", "un galon"
    if amount is None:
        return _fail(t(_GIVE_A_NUMBER, example=example))
    if match.group("half") or (match.group("half_after") and not match.group("half")):
        amount += Decimal("0.5")
    low = None
    if match.group("n2"):
        high = _to_decimal(match.group("n2"))
        if high is None:
            return _fail(t(_GIVE_A_NUMBER, example=example))
        low, amount = (amount, high) if amount <= high else (high, amount)
    start = match.start("n1")
    if start > 0 and normalized[start - 1] == "-" and (start == 1 or normalized[start - 2] == " "):
        return _fail(
            t("An amount can't be negative. Please give a number, for example {example}.", example=example)
        )
    found_unit = _unit_of(match.group("unit")) or unit
    approximate = bool(match.group("approx") or match.group("ish") or match.group("or_so") or low is not None)
    below = low is None and bool(UPPER_BOUND.match(match.group("approx") or ""))
    if amount == 0 and not allow_zero:
        return _fail(t("Please give an amount greater than zero, for example {example}.", example=example))
    found = _quantity_in(amount, found_unit, unit, approximate, low, per, example)
    return _ok(replace(found.value, below=True)) if below and found.ok else found


# The words that say an amount as an upper bound: the rule's "less than 2 cubic yards" tier, not 2 itself
UPPER_BOUND = re.compile(r"(?:less\s+than|under|below|fewer\s+than|not\s+even|menos\s+de)\b", re.IGNORECASE)


def _quantity_in(
    amount: Decimal,
    found_unit: str,
    unit: str,
    approximate: bool,
    low: Decimal | None,
    per: str | None,
    example: str,
) -> ParseResult[Quantity]:
    if found_unit == unit:
        return _ok(Quantity(amount, unit, approximate, low, None, per))
    if SQUARE_FEET in (found_unit, unit):
        return _fail(
            t("Please give it in {unit}, for example {example}.", unit=t(_UNIT_WORDS[unit]), example=example)
        )
    words = t(_UNIT_WORDS[found_unit] if amount != 1 else _UNIT_SINGULAR[found_unit])
    given = f"{format_number(amount)} {words}"
    if low is not None:
        given = t("{low} to {amount}", low=format_number(low), amount=given)
    converted_low = None if low is None else convert(low, found_unit, unit)
    return _ok(Quantity(convert(amount, found_unit, unit), unit, approximate, converted_low, given, per))


_RE_COUNT_RANGE = re.compile(
    rf"(?:{_DIGITS})\s*-\s*(?:{_DIGITS})|(?:{NUMBER_PATTERN})\s+(?:to|or|a|o)\s+(?:{NUMBER_PATTERN})"
    rf"|(?:{_DIGITS})\s+y\s+(?:{_DIGITS})"
)
_COUNT_NOUNS = {"seats": 10_000, "meals": 1_000_000, "employees": 100_000, "people": 100_000}
_COUNT_WORDS = {
    "seats": N_("seats"),
    "meals": N_("meals"),
    "employees": N_("employees"),
    "people": N_("people"),
}
_RE_NO_SEATS = re.compile(
    r"\b(?:take\s*-?\s*out\s+only|to\s*-?\s*go\s+only|no\s+(?:dine\s*-?\s*in|dining|seating))\b|"
    r"\b(?:solo|solamente|nom[aá]s)\s+para\s+llevar\b|\bpara\s+llevar\s+(?:solamente|nada\s+m[aá]s|nom[aá]s)\b|"
    r"\b(?:no\s+hay|sin|no\s+tenemos)\s+(?:mesas|asientos|comedor|sillas)\b"
)


def parse_count(text: str, noun: str = "seats", *, maximum: int | None = None) -> ParseResult[int]:
    """A whole number of ``noun``: ``45``, ``45 seats``, ``about 45``, ``forty-five``, ``none`` (0)."""
    limit = maximum if maximum is not None else _COUNT_NOUNS.get(noun, 1_000_000)
    said_noun = t(_COUNT_WORDS[noun]) if noun in _COUNT_WORDS else noun
    example = f"45 {said_noun}" if noun else "45"
    normalized = normalize(text).strip(" .!?")
    if not normalized:
        return _fail(t(_GIVE_A_NUMBER, example=example))
    if _RE_UNSURE_AMOUNT.search(normalized):
        return _fail(t("A best guess is fine, for example {example}.", example=example))
    if _RE_NONE.match(normalized) or (noun == "seats" and _RE_NO_SEATS.search(normalized)):
        return _ok(0)
    numbers = list(re.finditer(rf"(?P<neg>-\s*)?(?P<n>{NUMBER_PATTERN})", normalized))
    if not numbers:  # "un empleado": the article is the count only when no number is given
        numbers = list(re.finditer(r"(?P<neg>)(?P<n>\b(?:un|una)\b)", normalized))
    if not numbers:
        return _fail(t(_GIVE_A_NUMBER, example=example))
    if _RE_COUNT_RANGE.search(normalized):
        return _fail(t("Please give one number rather than a range, for example {example}.", example=example))
    match = numbers[0]
    value = _to_decimal(match.group("n"))
    if value is None and match.group("n") in ("un", "una"):
        value = Decimal(1)
    if value is None:
        return _fail(t(_GIVE_A_NUMBER, example=example))
    if match.group("neg"):
        return _fail(
            t("The number can't be negative. Please give a number, for example {example}.", example=example)
        )
    if value != value.to_integral_value():
        return _fail(t("Please give a whole number, for example {example}.", example=example))
    if value > limit:
        return _fail(
            t(
                "{number} {noun} seems too many. Please check the number.",
                number=format_number(value),
                noun=said_noun,
            )
        )
    return _ok(int(value))


# "a 4 unit building", "our 12-unit complex", "we manage 40 apartments", "un edificio de 3 departamentos"
_DWELLINGS = re.compile(
    rf"(?P<n>{NUMBER_PATTERN})\s*-?\s*(?:units?|unidades|apartments|apartamentos|departamentos|deptos|depas|"
    r"plex)\b",
    re.IGNORECASE,
)


def dwelling_units(text: str) -> int | None:
    """The number of homes a building has, when a message says it ("our 4 unit building"), or None."""
    match = _DWELLINGS.search(normalize(text))
    value = _to_decimal(match.group("n")) if match else None
    return int(value) if value is not None and value == value.to_integral_value() and value > 0 else None

"""Amounts with units and whole counts: "about 50 gallons", "2 cubic yards", "30 by 40 feet", "45 seats".

A bare number is taken to be in the unit asked for; another volume unit is converted with exact factors
(the user's words are kept in ``given``). A quantity range ("50 to 100 gallons") keeps the upper end as
its amount (a choice, not a rule).

Holds the units (:data:`GALLONS`, :data:`CUBIC_YARDS`, :data:`LITERS`, :data:`SQUARE_FEET`),
:class:`Quantity`, :func:`convert`, :func:`parse_quantity`, :func:`find_quantity`, and :func:`parse_count`
(seats, meals, employees).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from intake.core import ParseResult, _fail, _ok, _plain, normalize
from intake.numbers import (
    _DIGITS,
    _WORD_NUMBER_RUN,
    NUMBER_PATTERN,
    _count_from,
    _to_decimal,
    format_number,
)

GALLONS, CUBIC_YARDS, LITERS, SQUARE_FEET = "gal", "yd3", "L", "sqft"
UNITS = (GALLONS, CUBIC_YARDS, LITERS, SQUARE_FEET)
_UNIT_WORDS = {GALLONS: "gallons", CUBIC_YARDS: "cubic yards", LITERS: "liters", SQUARE_FEET: "square feet"}
_UNIT_SINGULAR = {GALLONS: "gallon", CUBIC_YARDS: "cubic yard", LITERS: "liter", SQUARE_FEET: "square foot"}
_UNIT_EXAMPLES = {
    GALLONS: "50 gallons",
    CUBIC_YARDS: "2 cubic yards",
    LITERS: "20 liters",
    SQUARE_FEET: "1,200 sq ft",
}
_UNIT_PATTERNS = (
    (SQUARE_FEET, r"square\s+f(?:ee|oo)t|sq\.?\s*f(?:ee|oo)?t\.?|sqft|ft\s*(?:2|²)|sf"),
    (
        CUBIC_YARDS,
        r"cubic\s+yards?|cu\.?\s*(?:yds?|yards?)\.?|yds?\s*(?:3|³)|yards?\s*(?:3|³)|cy|yards?|yds?\.?",
    ),
    (GALLONS, r"gallons?|gals?\.?"),
    (LITERS, r"liters?|litres?|l"),
)
_UNIT_OF = [(unit, re.compile(rf"^(?:{pattern})$")) for unit, pattern in _UNIT_PATTERNS]
_UNIT = "|".join(pattern for _, pattern in _UNIT_PATTERNS)
_APPROX = (
    r"about|around|approximately|approx\.?|roughly|maybe|like|almost|nearly|close\s+to|over|under|"
    r"more\s+than|less\s+than|at\s+least|up\s+to|probably|estimated|est\.?|~"
)
_QUANTITY_NUMBER = rf"(?:{_DIGITS}|{_WORD_NUMBER_RUN}|half\b|an?\b)"
_RE_QUANTITY = re.compile(
    rf"(?P<approx>(?:{_APPROX})\s*)?(?P<n1>(?<![\w.,]){_QUANTITY_NUMBER})"
    rf"(?P<half>\s+and\s+a\s+half|\s+1/2)?"
    rf"(?:\s*(?:-|to|or|and)\s*(?P<n2>{_DIGITS}|{_WORD_NUMBER_RUN}))?"
    rf"\s*-?\s*(?:(?P<half_a>a\s+)?(?P<unit>{_UNIT})(?![a-z]))?(?P<ish>\s*-?ish)?(?P<or_so>\s+or\s+so)?"
)
_RE_CONTAINERS = re.compile(
    rf"(?P<count>{_DIGITS}|{_WORD_NUMBER_RUN})\s+(?P<size>{_DIGITS})\s*-?\s*(?P<unit>{_UNIT})\s+"
    r"(?:buckets?|containers?|drums?|barrels?|totes?|carts?|bins?|cans?|jugs?|pails?)\b"
)
_RE_DIMENSIONS = re.compile(
    rf"(?P<a>{_DIGITS})\s*(?:'|ft|feet|foot)?\s*(?:x|by|×)\s*(?P<b>{_DIGITS})\s*(?:'|ft\b|feet|foot)?"
)
_RE_PERIOD = re.compile(
    r"(?:\bper\b|\ba\b|\ban\b|\beach\b|\bevery\b|/)\s*(?P<unit>week|wk|day|month|mo|year|yr)\b"
    r"|\b(?P<adverb>weekly|daily|monthly|yearly|annually)\b"
)
_PERIODS = {"wk": "week", "mo": "month", "yr": "year", "weekly": "week", "daily": "day", "monthly": "month"}
_PERIODS.update({"yearly": "year", "annually": "year"})
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}  # adverbs, not numbers: text2num has none of them
_RE_TIMES_PER_PERIOD = re.compile(
    rf"\b(?P<times>once|twice|thrice|(?P<n>{NUMBER_PATTERN})\s*(?:x|times))\s*(?:a|an|per|each|every|/)\s*"
    r"(?:week|wk|day|month|year)\b"
)
_RE_NONE = re.compile(r"^(?:none|nothing|zero|nada|no\s+\w+|not\s+any|0)$")
_RE_VAGUE_AMOUNT = re.compile(r"\b(?:a\s+lot|lots|a\s+little|some|not\s+much|tons|a\s+bunch|few)\b")
_RE_UNSURE_AMOUNT = re.compile(
    r"\b(?:don'?t|do\s+not)\s+know\b|\bnot\s+sure\b|\bno\s+idea\b|\bidk\b|\bunknown\b"
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

    def describe(self) -> str:
        words = _UNIT_WORDS[self.unit] if self.amount != 1 else _UNIT_SINGULAR[self.unit]
        if self.low is not None:
            text = f"{format_number(self.low)} to {format_number(self.amount)} {_UNIT_WORDS[self.unit]}"
        else:
            text = f"{'about ' if self.approximate else ''}{format_number(self.amount)} {words}"
        if self.per:
            text += f" a {self.per}"
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
    example = _UNIT_EXAMPLES[unit] + (f" a {per}" if per else "")
    normalized = normalize(text).replace("³", "3").replace("²", "2")
    if not normalized:
        return _fail(f"Please give a number, for example {example}.")
    period_match = _RE_PERIOD.search(normalized)
    said_per = None
    if period_match:
        said_per = period_match.group("unit") or period_match.group("adverb")
        said_per = _PERIODS.get(said_per, said_per)
    if per is not None and said_per is not None and said_per != per:
        return _fail(f"Please give the amount per {per}, for example {example}.")
    if _RE_UNSURE_AMOUNT.search(normalized):
        return _fail(f"A rough guess is fine, for example {example}.")
    if allow_zero and _RE_NONE.match(normalized.strip(" .!")):
        return _ok(Quantity(Decimal(0), unit, per=per or said_per))
    if unit == SQUARE_FEET and (match := _RE_DIMENSIONS.search(normalized)):
        area = Decimal(match.group("a").replace(",", "")) * Decimal(match.group("b").replace(",", ""))
        return _ok(Quantity(area, SQUARE_FEET, given=f"{match.group('a')} by {match.group('b')} feet"))
    if match := _RE_CONTAINERS.search(normalized):
        count, size = _to_decimal(match.group("count")), _to_decimal(match.group("size"))
        found_unit = _unit_of(match.group("unit"))
        if count is not None and size is not None and found_unit is not None:
            return _quantity_in(count * size, found_unit, unit, False, None, per or said_per, example)
    candidates = [m for m in _RE_QUANTITY.finditer(normalized) if m.group("n1").strip()]
    candidates = [m for m in candidates if m.group("n1").strip() not in ("a", "an") or m.group("unit")]
    with_unit = [m for m in candidates if m.group("unit")]
    match = (with_unit or candidates or [None])[0]
    if match is None:
        if _RE_VAGUE_AMOUNT.search(normalized):
            return _fail(f"Roughly how much? A number helps, for example {example}.")
        return _fail(f"Please give a number, for example {example}.")
    result = _amount(match, normalized, unit, per or said_per, example, allow_zero)
    return _times_per_period(result, normalized)


def _times_per_period(result: ParseResult[Quantity], normalized: str) -> ParseResult[Quantity]:
    """ "A 3-yard bin twice a week" is 6 cubic yards a week: multiply by the pickups per period."""
    match = _RE_TIMES_PER_PERIOD.search(normalized)
    quantity = result.value
    if match is None or quantity is None or quantity.per is None:
        return result
    word = match.group("times")
    times = _TIMES_WORDS.get(word) or _count_from(match.group("n") or "")
    if not times or times == 1:
        return result
    given = (
        f"{quantity.given or quantity.describe().removesuffix(f' a {quantity.per}')} {word} a {quantity.per}"
    )
    low = None if quantity.low is None else quantity.low * times
    return _ok(
        Quantity(quantity.amount * times, quantity.unit, quantity.approximate, low, given, quantity.per)
    )


def find_quantity(text: str, unit: str) -> tuple[ParseResult[Quantity], tuple[int, int]]:
    """The first amount that names its unit ("1,000 gallons", "750 gal", "two 5-gallon buckets") in a
    longer message, in ``unit``, and its span in :func:`normalize`'d text. A bare number does not count.
    Nothing found gives a result with neither value nor error (and span ``(0, 0)``)."""
    if unit not in UNITS:
        raise ValueError(f"Unknown unit {unit!r}; expected one of {UNITS}.")
    example = _UNIT_EXAMPLES[unit]
    normalized = normalize(text).replace("³", "3").replace("²", "2")
    if match := _RE_CONTAINERS.search(normalized):
        count, size = _to_decimal(match.group("count")), _to_decimal(match.group("size"))
        found_unit = _unit_of(match.group("unit"))
        if count is not None and size is not None and found_unit is not None:
            return _quantity_in(count * size, found_unit, unit, False, None, None, example), match.span()
    for match in _RE_QUANTITY.finditer(normalized):
        found_unit = _unit_of(match.group("unit"))
        if found_unit is not None and (found_unit == SQUARE_FEET) == (unit == SQUARE_FEET):
            return _amount(match, normalized, unit, None, example, True), match.span()
    return ParseResult(), (0, 0)


def _amount(
    match: re.Match[str], normalized: str, unit: str, per: str | None, example: str, allow_zero: bool
) -> ParseResult[Quantity]:
    """A :data:`_RE_QUANTITY` match as a quantity in ``unit`` (a match without a unit is in ``unit``)."""
    n1 = match.group("n1").strip()
    amount = Decimal("0.5") if n1 == "half" else _to_decimal(n1)
    if amount is None:
        return _fail(f"Please give a number, for example {example}.")
    if match.group("half"):
        amount += Decimal("0.5")
    low = None
    if match.group("n2"):
        high = _to_decimal(match.group("n2"))
        if high is None:
            return _fail(f"Please give a number, for example {example}.")
        low, amount = (amount, high) if amount <= high else (high, amount)
    start = match.start("n1")
    if start > 0 and normalized[start - 1] == "-" and (start == 1 or normalized[start - 2] == " "):
        return _fail(f"An amount can't be negative. Please give a number, for example {example}.")
    found_unit = _unit_of(match.group("unit")) or unit
    approximate = bool(match.group("approx") or match.group("ish") or match.group("or_so") or low is not None)
    if amount == 0 and not allow_zero:
        return _fail(f"Please give an amount greater than zero, for example {example}.")
    return _quantity_in(amount, found_unit, unit, approximate, low, per, example)


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
        return _fail(f"Please give it in {_UNIT_WORDS[unit]}, for example {example}.")
    words = _UNIT_WORDS[found_unit] if amount != 1 else _UNIT_SINGULAR[found_unit]
    given = f"{format_number(amount)} {words}"
    if low is not None:
        given = f"{format_number(low)} to {given}"
    converted_low = None if low is None else convert(low, found_unit, unit)
    return _ok(Quantity(convert(amount, found_unit, unit), unit, approximate, converted_low, given, per))


_RE_COUNT_RANGE = re.compile(
    rf"(?:{_DIGITS})\s*-\s*(?:{_DIGITS})|(?:{NUMBER_PATTERN})\s+(?:to|or)\s+(?:{NUMBER_PATTERN})"
)
_COUNT_NOUNS = {"seats": 10_000, "meals": 1_000_000, "employees": 100_000, "people": 100_000}
_RE_NO_SEATS = re.compile(
    r"\b(?:take\s*-?\s*out\s+only|to\s*-?\s*go\s+only|no\s+(?:dine\s*-?\s*in|dining|seating))\b"
)


def parse_count(text: str, noun: str = "seats", *, maximum: int | None = None) -> ParseResult[int]:
    """A whole number of ``noun``: ``45``, ``45 seats``, ``about 45``, ``forty-five``, ``none`` (0)."""
    limit = maximum if maximum is not None else _COUNT_NOUNS.get(noun, 1_000_000)
    example = f"45 {noun}" if noun else "45"
    normalized = normalize(text).strip(" .!?")
    if not normalized:
        return _fail(f"Please give a number, for example {example}.")
    if _RE_UNSURE_AMOUNT.search(normalized):
        return _fail(f"A best guess is fine, for example {example}.")
    if _RE_NONE.match(normalized) or (noun == "seats" and _RE_NO_SEATS.search(normalized)):
        return _ok(0)
    numbers = list(re.finditer(rf"(?P<neg>-\s*)?(?P<n>{NUMBER_PATTERN})", normalized))
    if not numbers:
        return _fail(f"Please give a number, for example {example}.")
    if _RE_COUNT_RANGE.search(normalized):
        return _fail(f"Please give one number rather than a range, for example {example}.")
    match = numbers[0]
    value = _to_decimal(match.group("n"))
    if value is None:
        return _fail(f"Please give a number, for example {example}.")
    if match.group("neg"):
        return _fail(f"The number can't be negative. Please give a number, for example {example}.")
    if value != value.to_integral_value():
        return _fail(f"Please give a whole number, for example {example}.")
    if value > limit:
        return _fail(f"{format_number(value)} {noun} seems too many. Please check the number.")
    return _ok(int(value))

"""Pure parsers for what people type or say in the guided conversations.

Every parser takes the user's text (and, where time matters, a :class:`ParseContext` with an explicit,
timezone-aware "now" and the city's time zone) and returns a :class:`ParseResult`: either a value or an
``error`` sentence that tells the user what to type. User mistakes never raise; only programming errors
(a naive ``now``, an unknown unit) raise ``ValueError`` with the offending value.

Values are small frozen dataclasses (or dates, ints, strings). ``ParseResult.slot`` gives their
JSON-ready form for Rasa slots and the store (dates as ISO strings, quantities as small dicts), and
:func:`describe` turns a slot value back into words for read-backs and documents, so the slot format is
known in this one module.

Dates are resolved relative to the message time in the city's time zone (both cities use
America/Los_Angeles, :data:`knowledge.cities.CITY_TIME_ZONE`). Past events never get a future date: a date
that has not happened yet is an error asking again, except that a date typed without a year which would
fall more than :data:`YEARLESS_FUTURE_GRACE_DAYS` days ahead is read as last year's ("12/28" on January 3).

Our own grammar handles the common forms ("today", "yesterday", "2 days ago", "last Tuesday", "8/14",
"8/14/26", "Aug 14th", "14 Aug", "August 14, 2026", "2026-08-14", "the 14th"). Anything else with words in
it goes to ``dateparser`` (imported lazily), whose answers are checked the same way. Quirks of dateparser
1.5 that the grammar exists to avoid:

* ``"2/30"`` comes back as 1930-08-02 (30 read as a year): numeric dates never reach dateparser.
* ``"2/29"`` with past preference silently becomes 2024-02-29; we ask for the year instead.
* A bare weekday said on that weekday ("Tuesday" on a Tuesday) is a week ago; we take today.
* ``"14"`` alone becomes the 14th of this month; we do not read bare numbers as dates.
* ``"last week"`` becomes an exact day seven days back; we ask which day.
* Time-only text ("noon") comes back as a datetime on some day; dateparser is never used for times.
* Spanish number words ("hace dos días") are not understood; digits ("hace 2 días") are.

Conventions that are choices, not rules: "last Tuesday" is the most recent Tuesday before today (a week ago
when said on a Tuesday); a time without am/pm ("since 7:30") is the most recent such time before the
message; a range like "6 to 10pm" shares the meridiem that keeps start before end; a quantity range
("50 to 100 gallons") keeps the upper end as its amount.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Any, Generic, TypeVar
from zoneinfo import ZoneInfo

from knowledge.cities import CITY_TIME_ZONE, city_for_zip, detect_city

T = TypeVar("T")

YEARLESS_FUTURE_GRACE_DAYS = 30
"""A yearless date up to this many days ahead is taken as a slip (we ask); further ahead it is last year's."""

OLDEST_YEAR = 1950
"""Years before this are taken as typing mistakes."""

PAST, FUTURE, ANY = "past", "future", "any"
TENSES = (PAST, FUTURE, ANY)


# --------------------------------------------------------------------------------------------------------
# Results and context
# --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParseResult(Generic[T]):
    """A parsed value, or a sentence telling the user what to type instead."""

    value: T | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def slot(self) -> Any:
        """The value in JSON-ready form (see :func:`to_slot`); None for an error."""
        return to_slot(self.value) if self.ok else None


def _ok(value: T) -> ParseResult[T]:
    return ParseResult(value=value)


def _fail(error: str) -> ParseResult[Any]:
    return ParseResult(error=error)


@dataclass(frozen=True)
class ParseContext:
    """When the message arrived (timezone-aware) and the time zone its dates are read in."""

    now: dt.datetime
    time_zone: str = CITY_TIME_ZONE

    def __post_init__(self) -> None:
        if self.now.tzinfo is None or self.now.utcoffset() is None:
            raise ValueError(f"ParseContext.now must be timezone-aware; got {self.now!r}.")
        ZoneInfo(self.time_zone)  # fail fast on an unknown zone name

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    @property
    def local_now(self) -> dt.datetime:
        return self.now.astimezone(self.zone)

    @property
    def today(self) -> dt.date:
        return self.local_now.date()


# --------------------------------------------------------------------------------------------------------
# Text normalisation and numbers
# --------------------------------------------------------------------------------------------------------

_TYPOGRAPHY = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)


def normalize(text: str) -> str:
    """Lower case, plain quotes and dashes, single spaces."""
    return " ".join(str(text).translate(_TYPOGRAPHY).lower().split())


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


_SMALL_NUMBERS = {
    word: n
    for n, word in enumerate(
        [
            *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
            *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"),
            "nineteen",
        ]
    )
}
_TENS = {
    word: 10 * n for n, word in enumerate(["", "", "twenty", "thirty", "forty", "fifty", "sixty"]) if word
}
_TENS.update({"seventy": 70, "eighty": 80, "ninety": 90, "fourty": 40})
_SCALES = {"hundred": 100, "thousand": 1000}
_NUMBER_WORD = "|".join(sorted([*_SMALL_NUMBERS, *_TENS, *_SCALES, "dozen"], key=len, reverse=True))
_WORD_NUMBER_RUN = (
    rf"(?:an?\s+(?=(?:hundred|thousand|dozen)\b))?(?:{_NUMBER_WORD})"
    rf"(?:(?:\s+and\s+|\s+|-)(?:{_NUMBER_WORD}))*\b"
)
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
NUMBER_PATTERN = rf"(?:{_DIGITS}|\b{_WORD_NUMBER_RUN})"
"""A number written in digits ("1,000", "2.5") or words ("forty-five", "a hundred and twenty")."""


def words_to_number(text: str) -> int | None:
    """``"forty-five"`` → 45, ``"a hundred and twenty"`` → 120, ``"two thousand five hundred"`` → 2500.

    None for anything that is not a well-formed English number ("one two", "hundred fifty fifty").
    """
    tokens = [t for t in re.split(r"[\s-]+", normalize(text)) if t and t != "and"]
    if tokens[:1] in (["a"], ["an"]):
        tokens = ["one", *tokens[1:]]
    if not tokens:
        return None
    total, current, last = 0, 0, None  # last: "small", "tens", "hundred", "scale"
    for token in tokens:
        if token in _SMALL_NUMBERS:
            if last == "small" or (last == "tens" and _SMALL_NUMBERS[token] >= 10):
                return None
            if last == "tens" and _SMALL_NUMBERS[token] == 0:
                return None
            current += _SMALL_NUMBERS[token]
            last = "small"
        elif token in _TENS:
            if last in ("small", "tens"):
                return None
            current += _TENS[token]
            last = "tens"
        elif token == "hundred":
            if last == "hundred" or current >= 100:
                return None
            current = (current or 1) * 100
            last = "hundred"
        elif token == "thousand":
            if last == "scale":
                return None
            total += (current or 1) * 1000
            current, last = 0, "scale"
        elif token == "dozen":
            current = (current or 1) * 12
            last = "hundred"
        else:
            return None
    return total + current


def _to_decimal(token: str) -> Decimal | None:
    token = token.strip()
    if re.fullmatch(_DIGITS, token):
        try:
            return Decimal(token.replace(",", ""))
        except InvalidOperation:
            return None
    number = words_to_number(token)
    return None if number is None else Decimal(number)


def format_number(value: Decimal | int | float) -> str:
    """``Decimal("1000")`` → ``"1,000"``, ``2.50`` → ``"2.5"``, ``0.4753`` → ``"0.48"``."""
    number = Decimal(str(value))
    if number == number.to_integral_value():
        return f"{int(number):,}"
    rounded = number.quantize(Decimal("0.01")).normalize()
    return f"{rounded:,f}"


# --------------------------------------------------------------------------------------------------------
# Dates
# --------------------------------------------------------------------------------------------------------

_MONTH_SPELLINGS = (
    "jan january enero",
    "feb february febrero",
    "mar march marzo",
    "apr april abril",
    "may mayo",
    "jun june junio",
    "jul july julio",
    "aug august agosto",
    "sep sept september septiembre setiembre",
    "oct october octubre",
    "nov november noviembre",
    "dec december diciembre",
)
_MONTHS = {word: n for n, words in enumerate(_MONTH_SPELLINGS, start=1) for word in words.split()}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAYS = {
    name: n
    for n, name in enumerate(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
}
_WEEKDAY_ABBREVIATIONS = {
    word: n
    for n, words in enumerate(["mon", "tue tues", "wed", "thu thur thurs", "fri", "sat", "sun"])
    for word in words.split()
}
_WEEKDAY = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_WEEKDAY_SHORT = "|".join(sorted(_WEEKDAY_ABBREVIATIONS, key=len, reverse=True))
_DAYS_IN_MONTH = {1: 31, 2: 29, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}
_MONTH_NAMES = (
    "",
    *("January", "February", "March", "April", "May", "June", "July", "August", "September", "October"),
    *("November", "December"),
)
_NOT_A_DATE_AFTER = (
    r"(?!\s*(?:gal|gallons?|yards?|yds?|cubic|cu\b|liters?|litres?|sq|square|seats?|people|persons?|"
    r"employees?|staff|meals?|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|am\b|pm\b|a\.m|p\.m|"
    r"%|percent|ft|feet|foot|lbs?|pounds?)\b)"
)
_ORDINAL = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}"
_DATE_EXAMPLE = "8/14, Aug 14 or yesterday"

_RE_DAY_BEFORE_YESTERDAY = re.compile(r"\b(?:the\s+)?day\s+before\s+yesterday\b|\banteayer\b|\bantier\b")
_RE_YESTERDAY = re.compile(r"\byesterday\b|\blast\s+night\b|\bayer\b")
_RE_TODAY = re.compile(
    r"\btoday\b|\btonight\b|\bthis\s+(?:morning|afternoon|evening)\b|\bearlier\s+today\b|\bhoy\b|"
    r"\b(?:just|right)\s+now\b"
)
_RE_TOMORROW = re.compile(r"\btomorrow\b|(?<!la )\bma[ñn]ana\b")
_RE_AGO = re.compile(
    rf"\b(?P<n>{NUMBER_PATTERN}|an?|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a\s+few|few|several)\s+"
    r"(?P<unit>days?|weeks?|months?|years?)\s+ago\b"
)
_RE_HACE = re.compile(r"\bhace\s+(?P<n>\d+|un|una)\s+(?P<unit>d[ií]as?|semanas?|mes(?:es)?|años?|anos?)\b")
_RE_IN_DAYS = re.compile(rf"\bin\s+(?P<n>{NUMBER_PATTERN}|an?)\s+(?P<unit>days?|weeks?|months?|years?)\b")
_RE_MONTH_DAY = re.compile(
    rf"\b(?P<month>{_MONTH})\.?\s+(?:the\s+)?(?P<day>\d{{1,2}}){_ORDINAL}\b{_NOT_A_DATE_AFTER}"
    rf"(?:,?\s*(?P<year>{_YEAR})\b{_NOT_A_DATE_AFTER})?"
)
_RE_DAY_MONTH = re.compile(
    rf"\b(?:the\s+)?(?P<day>\d{{1,2}}){_ORDINAL}\s+(?:of\s+|de\s+)?(?P<month>{_MONTH})\b\.?"
    rf"(?:,?\s*(?:de\s+|del\s+)?(?P<year>{_YEAR})\b{_NOT_A_DATE_AFTER})?"
)
_RE_MONTH_ONLY = re.compile(rf"\b(?:in\s+)?(?P<month>{_MONTH})\b(?:\s+(?P<year>\d{{4}}))?")
_RE_ISO = re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b")
_RE_NUMERIC = re.compile(
    r"(?<![\d/.\-:,$])(?P<month>\d{1,2})(?P<sep>[/\-])(?P<day>\d{1,2})(?:(?P=sep)(?P<year>\d{4}|\d{2}))?"
    rf"(?![\d/:%]|\.\d){_NOT_A_DATE_AFTER}"
)
_RE_NUMERIC_DOTTED = re.compile(
    r"(?<![\d.])(?P<month>\d{1,2})\.(?P<day>\d{1,2})\.(?P<year>\d{4}|\d{2})(?![\d.])"
)
_RE_WEEKDAY = re.compile(
    rf"\b(?:(?P<qualifier>last|this\s+past|past|this|next|on)\s+)?(?P<weekday>{_WEEKDAY})\b"
    rf"|\b(?P<qualifier2>last|this\s+past|past|this|next|on)\s+(?P<short>{_WEEKDAY_SHORT})\b\.?"
)
_RE_DAY_ONLY = re.compile(r"\b(?:on\s+)?the\s+(?P<day>\d{1,2})(?:st|nd|rd|th)\b")
_RE_VAGUE = re.compile(
    r"\b(?:last|this|past)\s+(?:week|month|year)\b|\ba\s+while\s+(?:ago|back)\b|\brecently\b|"
    r"\bthe\s+other\s+day\b|\bweeks?\s+ago\b|\bmonths?\s+ago\b"
)
_UNSURE_DATE = re.compile(r"\b(?:don'?t|do\s+not)\s+(?:know|remember)\b|\bnot\s+sure\b|\bno\s+idea\b|\bidk\b")


@dataclass(frozen=True)
class _DateFound:
    result: ParseResult[dt.date]
    start: int
    end: int


def human_date(day: dt.date, *, spoken: bool = False) -> str:
    """``"Aug 14, 2026"`` (written) or ``"August 14, 2026"`` (spoken)."""
    month = _MONTH_NAMES[day.month] if spoken else _MONTH_NAMES[day.month][:3]
    return f"{month} {day.day}, {day.year}"


def _short_date(day: dt.date) -> str:
    return f"{day.month}/{day.day}"


def _future_error(day: dt.date, today: dt.date) -> str:
    return (
        f"{human_date(day)} hasn't happened yet (today is {human_date(today)}). When did it happen? "
        f"For example yesterday or {_short_date(today - dt.timedelta(days=1))}."
    )


def _past_error(day: dt.date, today: dt.date) -> str:
    return (
        f"{human_date(day)} has already passed (today is {human_date(today)}). Which date do you mean? "
        f"For example tomorrow or {_short_date(today + dt.timedelta(days=1))}."
    )


def _check_tense(day: dt.date, today: dt.date, tense: str) -> ParseResult[dt.date]:
    if tense == PAST and day > today:
        return _fail(_future_error(day, today))
    if tense == FUTURE and day < today:
        return _fail(_past_error(day, today))
    if day.year < OLDEST_YEAR:
        return _fail(
            f"The year {day.year} looks like a typing mistake. Please type the date again, like 8/14."
        )
    return _ok(day)


def _impossible_day(month: int, day: int, year: int | None) -> str | None:
    """A sentence if ``day`` cannot exist in ``month`` (of ``year``, when given)."""
    if not 1 <= month <= 12:
        return None  # reported separately
    name = _MONTH_NAMES[month]
    if day < 1:
        return f"There is no day {day} in {name}. Please type the date again, for example {month}/1."
    if day > _DAYS_IN_MONTH[month]:
        return (
            f"{name} has only {_DAYS_IN_MONTH[month]} days, so {name} {day} doesn't exist. "
            f"Please check the date and type it again, for example {month}/{_DAYS_IN_MONTH[month]}."
            if month != 2
            else "February has only 28 days (29 in a leap year). Please check the date and type it again, "
            "for example 2/28."
        )
    if year is not None and month == 2 and day == 29:
        try:
            dt.date(year, 2, 29)
        except ValueError:
            return f"{year} is not a leap year, so February {year} has only 28 days. Please check the date."
    return None


def _resolve(month: int, day: int, year: int | None, today: dt.date, tense: str) -> ParseResult[dt.date]:
    """A month and day (and maybe year) as a date, choosing the year by tense when none is given."""
    if not 1 <= month <= 12:
        if 1 <= day <= 12 and month <= 31:
            return _fail(
                f"There is no month {month}. Type the date as month/day, for example {day}/{month} "
                f"for {_MONTH_NAMES[day]} {month}."
            )
        return _fail(f"There is no month {month}. Type the date as month/day, for example 8/14.")
    impossible = _impossible_day(month, day, year)
    if impossible:
        return _fail(impossible)
    if year is not None:
        return _check_tense(dt.date(year, month, day), today, tense)
    if month == 2 and day == 29:
        return _resolve_leap_day(today, tense)
    this_year = dt.date(today.year, month, day)
    if tense == PAST and this_year > today:
        if (this_year - today).days <= YEARLESS_FUTURE_GRACE_DAYS:
            return _fail(_future_error(this_year, today))
        return _ok(dt.date(today.year - 1, month, day))
    if tense == FUTURE and this_year < today:
        return _ok(dt.date(today.year + 1, month, day))
    return _ok(this_year)


def _resolve_leap_day(today: dt.date, tense: str) -> ParseResult[dt.date]:
    try:
        candidate = dt.date(today.year, 2, 29)
    except ValueError:
        candidate = None
    if candidate is not None and (tense == ANY or (tense == PAST) == (candidate <= today)):
        return _ok(candidate)
    return _fail("February 29 only exists in leap years. Which year do you mean? For example 2/29/2028.")


def _two_digit_year(text: str | None) -> int | None:
    if text is None:
        return None
    year = int(text)
    return 2000 + year if len(text) == 2 else year


def _count_from(token: str) -> int | None:
    token = token.strip()
    if token in ("a", "an", "un", "una"):
        return 1
    if re.fullmatch(r"(?:a\s+)?couple(?:\s+of)?", token):
        return 2
    if re.fullmatch(r"(?:a\s+)?few|several", token):
        return None
    number = _to_decimal(token)
    if number is None or number != number.to_integral_value():
        return None
    return int(number)


def _shift(today: dt.date, n: int, unit: str) -> dt.date:
    from dateutil.relativedelta import relativedelta

    unit = _strip_accents(unit)
    if unit.startswith(("day", "dia")):
        return today + dt.timedelta(days=n)
    if unit.startswith(("week", "semana")):
        return today + dt.timedelta(weeks=n)
    if unit.startswith("mes") or unit.startswith("month"):
        return today + relativedelta(months=n)
    return today + relativedelta(years=n)


def _weekday_date(weekday: int, qualifier: str | None, today: dt.date, tense: str) -> dt.date:
    back = (today.weekday() - weekday) % 7
    ahead = (weekday - today.weekday()) % 7
    if qualifier in ("last", "past", "this past"):
        return today - dt.timedelta(days=back or 7)
    if qualifier == "next":
        return today + dt.timedelta(days=ahead or 7)
    if tense == FUTURE:
        return today + dt.timedelta(days=ahead)
    return today - dt.timedelta(days=back)


def _search_date(text: str, ctx: ParseContext, tense: str) -> _DateFound | None:
    """The first date expression in normalised ``text``, in priority order of the grammar."""
    today = ctx.today

    def found(match: re.Match[str], result: ParseResult[dt.date]) -> _DateFound:
        return _DateFound(result, match.start(), match.end())

    if match := _RE_DAY_BEFORE_YESTERDAY.search(text):
        return found(match, _check_tense(today - dt.timedelta(days=2), today, tense))
    if match := _RE_YESTERDAY.search(text):
        return found(match, _check_tense(today - dt.timedelta(days=1), today, tense))
    if match := _RE_TOMORROW.search(text):
        return found(match, _check_tense(today + dt.timedelta(days=1), today, tense))
    if match := _RE_AGO.search(text):
        n = _count_from(match.group("n"))
        if n is None:
            return found(match, _fail(f"About how many {match.group('unit')} ago? For example 3 days ago."))
        return found(match, _check_tense(_shift(today, -n, match.group("unit")), today, tense))
    if match := _RE_HACE.search(text):
        n = _count_from(match.group("n"))
        return found(match, _check_tense(_shift(today, -(n or 1), match.group("unit")), today, tense))
    if match := _RE_IN_DAYS.search(text):
        n = _count_from(match.group("n"))
        if n is not None:
            return found(match, _check_tense(_shift(today, n, match.group("unit")), today, tense))
    if match := _RE_TODAY.search(text):
        return found(match, _ok(today))
    for pattern in (_RE_MONTH_DAY, _RE_DAY_MONTH):
        if match := pattern.search(text):
            month = _MONTHS[match.group("month")]
            day, year = int(match.group("day")), _two_digit_year(match.group("year"))
            return found(match, _resolve(month, day, year, today, tense))
    if match := _RE_ISO.search(text):
        month, day, year = int(match.group("month")), int(match.group("day")), int(match.group("year"))
        return found(match, _resolve(month, day, year, today, tense))
    for pattern in (_RE_NUMERIC_DOTTED, _RE_NUMERIC):
        if match := pattern.search(text):
            month, day = int(match.group("month")), int(match.group("day"))
            return found(match, _resolve(month, day, _two_digit_year(match.group("year")), today, tense))
    if match := _RE_WEEKDAY.search(text):
        if match.group("weekday"):
            weekday, qualifier = _WEEKDAYS[match.group("weekday")], match.group("qualifier")
        else:
            weekday, qualifier = _WEEKDAY_ABBREVIATIONS[match.group("short")], match.group("qualifier2")
        qualifier = " ".join(qualifier.split()) if qualifier else None
        return found(match, _check_tense(_weekday_date(weekday, qualifier, today, tense), today, tense))
    if match := _RE_DAY_ONLY.search(text):
        return found(match, _day_of_recent_month(int(match.group("day")), today, tense))
    match = _RE_MONTH_ONLY.search(text)
    if match and (match.group("month") not in ("may", "mar") or match.group(0) == text.strip(" .")):
        name = _MONTH_NAMES[_MONTHS[match.group("month")]]
        return found(match, _fail(f"Which day in {name}? For example {name[:3]} 14."))
    if match := _RE_VAGUE.search(text):
        return found(match, _fail(f"Which day was that? A date like {_DATE_EXAMPLE} is best."))
    return None


def _day_of_recent_month(day: int, today: dt.date, tense: str) -> ParseResult[dt.date]:
    """ "The 14th": this month's if that fits the tense, else the nearest month that has that day."""
    if not 1 <= day <= 31:
        return _fail(f"There is no day {day} in a month. Please type the date like {_DATE_EXAMPLE}.")
    step = -1 if tense == PAST else 1
    year, month = today.year, today.month
    for _ in range(3):
        if day <= _DAYS_IN_MONTH[month] and not (month == 2 and day == 29 and not _is_leap(year)):
            candidate = dt.date(year, month, day)
            if tense == ANY or (candidate <= today if tense == PAST else candidate >= today):
                return _ok(candidate)
        month += step
        if month == 0:
            year, month = year - 1, 12
        elif month == 13:
            year, month = year + 1, 1
    return _fail(f"Which month? For example {_MONTH_NAMES[today.month][:3]} {day}.")


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def find_date(
    text: str, ctx: ParseContext, tense: str = PAST
) -> tuple[ParseResult[dt.date], tuple[int, int]]:
    """The first date in a longer message and its span in :func:`normalize`'d text.

    No date mentioned gives a result with neither value nor error (and span ``(0, 0)``), so callers can
    tell "no date" from "a date that cannot be" (an error).
    """
    _check_tense_name(tense)
    found = _search_date(normalize(text), ctx, tense)
    if found is None:
        return ParseResult(), (0, 0)
    return found.result, (found.start, found.end)


def parse_date(text: str, ctx: ParseContext, tense: str = PAST) -> ParseResult[dt.date]:
    """A calendar day from free text, relative to ``ctx`` (see the module docstring for the forms)."""
    _check_tense_name(tense)
    normalized = normalize(text)
    if not normalized:
        return _fail(f"Please type a date, like {_DATE_EXAMPLE}.")
    found = _search_date(normalized, ctx, tense)
    if found is not None:
        return found.result
    if _UNSURE_DATE.search(normalized):
        return _fail(f"A best guess is fine: about when was it? For example {_DATE_EXAMPLE}.")
    fallback = _dateparser_date(normalized, ctx, tense)
    if fallback is not None:
        return fallback
    return _fail(f"I couldn't read a date in that. Please type it like {_DATE_EXAMPLE}.")


def _check_tense_name(tense: str) -> None:
    if tense not in TENSES:
        raise ValueError(f"tense must be one of {TENSES}; got {tense!r}.")


def _dateparser_date(text: str, ctx: ParseContext, tense: str) -> ParseResult[dt.date] | None:
    """dateparser for phrasings our grammar lacks; only for text with letters and no numeric date."""
    if not re.search(r"[a-zñ]{3,}", text) or re.search(r"\d\s*[/:]\s*\d", text) or len(text) > 60:
        return None
    import dateparser  # slow import (~0.3 s): only when the grammar above did not understand the text

    settings = {
        "RELATIVE_BASE": ctx.local_now.replace(tzinfo=None),
        "PREFER_DATES_FROM": "future" if tense == FUTURE else "past",
        "DATE_ORDER": "MDY",
        "RETURN_AS_TIMEZONE_AWARE": False,
        "REQUIRE_PARTS": ["day"],  # otherwise "may" alone becomes today's day number in May
    }
    parsed = dateparser.parse(text, languages=["en", "es"], settings=settings)
    if parsed is None:
        return None
    return _check_tense(parsed.date(), ctx.today, tense)


# --------------------------------------------------------------------------------------------------------
# Times of day, time ranges and moments
# --------------------------------------------------------------------------------------------------------

_MERIDIEM = r"(?P<meridiem>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])"
_QUALIFIER = (
    r"(?P<qualifier>in\s+the\s+morning|this\s+morning|in\s+the\s+afternoon|this\s+afternoon|"
    r"in\s+the\s+evening|this\s+evening|at\s+night|last\s+night|tonight|de\s+la\s+(?:mañana|manana|tarde|noche))"
)
_CLOCK = r"(?P<hour>\d{1,2})(?:[:.](?P<minute>[0-5]\d))?"
_RE_NOON = re.compile(r"\b(?P<word>noon|midday|mediod[ií]a|midnight|medianoche)\b")
_RE_TIME_MERIDIEM = re.compile(rf"(?<![\d/:.])\b{_CLOCK}\s*{_MERIDIEM}")
_RE_TIME_LETTER = re.compile(rf"(?<![\d/:.])\b{_CLOCK}(?P<letter>[ap])\b")
_RE_TIME_QUALIFIED = re.compile(rf"(?<![\d/:.])\b{_CLOCK}\s*(?:o'?clock\s*)?{_QUALIFIER}")
_RE_TIME_24 = re.compile(r"(?<![\d/:.])\b(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)\b(?![/:])")
_RE_TIME_BARE = re.compile(
    r"\b(?:at|since|around|about|by|from|started|starting)\s+(?:about\s+|around\s+)?"
    r"(?P<hour>\d{1,2})(?:[:.](?P<minute>[0-5]\d))?(?:\s*o'?clock)?\b(?![/\-.:]\d)" + _NOT_A_DATE_AFTER
)


@dataclass(frozen=True)
class _TimeFound:
    time: dt.time | None
    error: str | None
    start: int
    end: int
    ambiguous: bool = False  # no am/pm: hour 1-12 could be morning or evening
    qualifier: str | None = None


def human_time(clock: dt.time) -> str:
    """``7:30 AM``, ``12:00 PM`` (noon), ``12:00 AM`` (midnight)."""
    hour = clock.hour % 12 or 12
    return f"{hour}:{clock.minute:02d} {'AM' if clock.hour < 12 else 'PM'}"


def _twelve_hour(hour: int, minute: int, pm: bool) -> tuple[dt.time | None, str | None]:
    if not 1 <= hour <= 12:
        suffix = "pm" if pm else "am"
        return None, (
            f"There is no {hour} {suffix}. Please type a time like 7am, 7:30pm or 19:30."
            if hour
            else "Please type a time like 7am, 7:30pm or 19:30."
        )
    return dt.time((hour % 12) + (12 if pm else 0), minute), None


def _qualifier_is_pm(qualifier: str, hour: int) -> bool:
    """ "7 in the evening" is PM; "at night" is PM from 6 to 11 but AM from 12 to 5 ("2 at night")."""
    if "night" in qualifier or "noche" in qualifier:
        return 6 <= hour <= 11
    return any(word in qualifier for word in ("afternoon", "evening", "tarde"))


def _search_time(text: str) -> _TimeFound | None:
    if match := _RE_NOON.search(text):
        noon = match.group("word") in ("noon", "midday", "mediodia", "mediodía")
        return _TimeFound(dt.time(12, 0) if noon else dt.time(0, 0), None, match.start(), match.end())
    if match := _RE_TIME_MERIDIEM.search(text):
        pm = match.group("meridiem").startswith("p")
        clock, error = _twelve_hour(int(match.group("hour")), int(match.group("minute") or 0), pm)
        return _TimeFound(clock, error, match.start(), match.end())
    if match := _RE_TIME_LETTER.search(text):
        pm = match.group("letter") == "p"
        clock, error = _twelve_hour(int(match.group("hour")), int(match.group("minute") or 0), pm)
        return _TimeFound(clock, error, match.start(), match.end())
    if match := _RE_TIME_QUALIFIED.search(text):
        qualifier = " ".join(match.group("qualifier").split())
        hour, minute = int(match.group("hour")), int(match.group("minute") or 0)
        clock, error = _twelve_hour(hour, minute, _qualifier_is_pm(qualifier, hour))
        # "last night" is consumed here (it also names the day, see parse_moment); other qualifiers stay in
        # the text so the date search still sees "this morning", "tonight" and the like.
        end = match.end() if qualifier == "last night" else match.start("qualifier")
        return _TimeFound(clock, error, match.start(), end, qualifier=qualifier)
    if match := _RE_TIME_24.search(text):
        hour, minute = int(match.group("hour")), int(match.group("minute"))
        ambiguous = 1 <= hour <= 12 and not match.group("hour").startswith("0")
        return _TimeFound(dt.time(hour, minute), None, match.start(), match.end(), ambiguous=ambiguous)
    if match := _RE_TIME_BARE.search(text):
        hour, minute = int(match.group("hour")), int(match.group("minute") or 0)
        if hour > 23:
            return None
        ambiguous = 1 <= hour <= 12
        return _TimeFound(dt.time(hour, minute), None, match.start("hour"), match.end(), ambiguous=ambiguous)
    return None


def _ambiguous_error(clock: dt.time) -> str:
    hour = clock.hour % 12 or 12
    minute = f":{clock.minute:02d}" if clock.minute else ""
    return (
        f"Is that {hour}{minute} in the morning or the evening? "
        f"Please type {hour}{minute}am or {hour}{minute}pm."
    )


def parse_time(text: str) -> ParseResult[dt.time]:
    """A time of day: ``7am``, ``7:30 pm``, ``19:30``, ``noon``, ``midnight``, ``7 in the evening``."""
    found = _search_time(normalize(text))
    if found is None:
        return _fail("Please type a time like 7am, 7:30pm or 19:30.")
    if found.error:
        return _fail(found.error)
    if found.ambiguous:
        return _fail(_ambiguous_error(found.time))  # type: ignore[arg-type]
    return _ok(found.time)  # type: ignore[arg-type]


@dataclass(frozen=True)
class TimeRange:
    """Daily hours such as 6:00 AM to 10:00 PM; ``end <= start`` runs past midnight."""

    start: dt.time
    end: dt.time
    all_day: bool = False

    @property
    def overnight(self) -> bool:
        return not self.all_day and self.end <= self.start

    def describe(self) -> str:
        if self.all_day:
            return "24 hours"
        return f"{human_time(self.start)} to {human_time(self.end)}"

    def to_slot(self) -> dict[str, Any]:
        return {
            "start": self.start.strftime("%H:%M"),
            "end": self.end.strftime("%H:%M"),
            "all_day": self.all_day,
        }

    @classmethod
    def from_slot(cls, value: Mapping[str, Any]) -> TimeRange:
        return cls(
            dt.time.fromisoformat(value["start"]),
            dt.time.fromisoformat(value["end"]),
            bool(value.get("all_day")),
        )


_TIME_TOKEN = r"(?:noon|midnight|\d{1,2}(?:[:.][0-5]\d)?\s*(?:a\.?\s?m\.?|p\.?\s?m\.?|[ap]\b)?)"
_RE_RANGE = re.compile(
    rf"(?:from\s+)?(?P<a>{_TIME_TOKEN})\s*(?:-|to|until|till|til|through|thru|a)\s*(?P<b>{_TIME_TOKEN})"
)
_RE_ALL_DAY = re.compile(
    r"\b24\s*(?:hours?|hrs?|/\s*7)\b|\baround\s+the\s+clock\b|\ball\s+night\s+and\s+day\b"
)


def _range_end(token: str) -> tuple[dt.time | None, bool, str | None]:
    """(time, has_meridiem, error) for one end of a range; a time without am/pm is taken as am."""
    token = token.strip()
    if token in ("noon", "midnight"):
        return (dt.time(12) if token == "noon" else dt.time(0)), True, None
    match = re.fullmatch(r"(\d{1,2})(?:[:.]([0-5]\d))?\s*(a\.?\s?m\.?|p\.?\s?m\.?|[ap])?", token)
    if match is None:
        return None, False, "Please type hours like 6am to 10pm."
    hour, minute, meridiem = int(match.group(1)), int(match.group(2) or 0), match.group(3)
    if meridiem:
        clock, error = _twelve_hour(hour, minute, meridiem.startswith("p"))
        return clock, True, error
    if hour > 23:
        return None, False, f"There is no hour {hour}. Please type hours like 6am to 10pm."
    if hour == 0 or hour > 12 or match.group(1).startswith("0"):
        return dt.time(hour, minute), True, None
    return dt.time(hour % 12, minute), False, None


def _with_meridiem(clock: dt.time, pm: bool) -> dt.time:
    return dt.time((clock.hour % 12) + (12 if pm else 0), clock.minute)


def parse_time_ranges(text: str) -> ParseResult[tuple[TimeRange, ...]]:
    """Daily hours: ``6am to 10pm``, ``6-10am and 2-4pm``, ``10 to 2pm`` (10 AM to 2 PM), ``24 hours``.

    When only one end says am or pm, the other takes the same meridiem if that keeps the start before the
    end ("6 to 10pm": 6 PM to 10 PM), else the opposite one ("10 to 2pm": 10 AM to 2 PM).
    """
    normalized = normalize(text)
    if _RE_ALL_DAY.search(normalized):
        return _ok((TimeRange(dt.time(0), dt.time(0), all_day=True),))
    ranges: list[TimeRange] = []
    for match in _RE_RANGE.finditer(normalized):
        start, start_known, error_a = _range_end(match.group("a"))
        end, end_known, error_b = _range_end(match.group("b"))
        if error_a or error_b:
            return _fail(error_a or error_b or "")
        assert start is not None and end is not None
        if not start_known and not end_known:
            start_text, end_text = match.group("a").strip(), match.group("b").strip()
            return _fail(f"Please add am or pm, for example {start_text}am to {end_text}pm.")
        if not start_known:
            same = _with_meridiem(start, end.hour >= 12)
            start = same if same < end else _with_meridiem(start, end.hour < 12)
        elif not end_known:
            same = _with_meridiem(end, start.hour >= 12)
            end = same if same > start else _with_meridiem(end, start.hour < 12)
        ranges.append(TimeRange(start, end))
    if not ranges:
        return _fail("Please give a start and an end time, for example 6am to 10pm.")
    return _ok(tuple(ranges))


@dataclass(frozen=True)
class Moment:
    """When something happened: an aware datetime in the city's zone, with or without a time of day."""

    at: dt.datetime
    has_time: bool
    approximate: bool = False

    @property
    def date(self) -> dt.date:
        return self.at.date()

    def describe(self, *, spoken: bool = False) -> str:
        day = human_date(self.at.date(), spoken=spoken)
        if not self.has_time:
            return day
        prefix = "about " if self.approximate else ""
        return f"{day} at {prefix}{human_time(self.at.timetz())}"

    def to_slot(self) -> str:
        return self.at.isoformat(timespec="minutes") if self.has_time else self.at.date().isoformat()

    @classmethod
    def from_slot(cls, value: str, time_zone: str = CITY_TIME_ZONE) -> Moment:
        if "T" in value:
            return cls(dt.datetime.fromisoformat(value).astimezone(ZoneInfo(time_zone)), True)
        day = dt.date.fromisoformat(value)
        return cls(localize(day, dt.time(0), ZoneInfo(time_zone)), False)


def localize(day: dt.date, clock: dt.time, zone: ZoneInfo) -> dt.datetime:
    """``day`` at wall-clock ``clock`` in ``zone``.

    On the autumn change (e.g. 1:30 AM on 2026-11-01 in Los Angeles, which happens twice) the first one is
    taken (daylight time, ``fold=0``); on the spring change a time that does not exist (2:30 AM on
    2026-03-08) moves forward by the hour the clocks skip (3:30 AM daylight time).
    """
    aware = dt.datetime.combine(day, clock).replace(tzinfo=zone)
    return aware.astimezone(dt.timezone.utc).astimezone(zone)


_RE_NOW = re.compile(r"\b(?:just\s+now|right\s+now|just\s+(?:started|happened|began)|a\s+moment\s+ago|now)\b")
_RE_ELAPSED = re.compile(
    rf"\b(?P<n>{NUMBER_PATTERN}|an?|half\s+an?|a\s+couple(?:\s+of)?|a\s+few|few)\s+"
    r"(?:(?P<and_half>and\s+a\s+half)\s+)?(?P<unit>minutes?|mins?|hours?|hrs?)(?:\s+(?P<and_half2>and\s+a\s+half))?"
    r"(?:\s+ago|\s+now)?\b"
)
_RE_FOR = re.compile(r"\b(?:for|since|about|around|over|like)\b|\bago\b|\bbeen\b|\bgoing\b")


_RE_APPROXIMATE = re.compile(r"\b(?:about|around|approximately|approx|roughly|maybe|like|or\s+so)\b|~|ish\b")


def _approximate(text: str) -> bool:
    return bool(_RE_APPROXIMATE.search(text))


def _elapsed(match: re.Match[str]) -> tuple[dt.timedelta | None, bool]:
    token = " ".join(match.group("n").split())
    approximate = token in ("a few", "few", "a couple", "a couple of")
    if token.startswith("half"):
        amount = Decimal("0.5")
    elif token in ("a few", "few"):
        amount = Decimal(3) if match.group("unit").startswith("h") else Decimal(5)
    else:
        count = _count_from(token)
        if count is None:
            number = _to_decimal(token)
            if number is None:
                return None, False
            amount = number
        else:
            amount = Decimal(count)
    if match.group("and_half") or match.group("and_half2"):
        amount += Decimal("0.5")
    minutes = amount * (60 if match.group("unit").startswith("h") else 1)
    return dt.timedelta(minutes=float(minutes)), approximate


def parse_moment(text: str, ctx: ParseContext) -> ParseResult[Moment]:
    """When something started: ``about 2 hours ago``, ``20 minutes ago``, ``just now``, ``since 7am``,
    ``yesterday at 5pm``, ``this morning``, ``8/14 at 7:30am``, ``11 last night``. Always in the past.

    A time without a date is today's, or yesterday's if it has not come yet today ("since 11pm" said at
    1 AM). A time without am/pm is the most recent such time before the message ("since 7:30" at 9 PM is
    7:30 PM).
    """
    normalized = normalize(text)
    local_now = ctx.local_now
    if not normalized:
        return _fail("When did it start? For example about an hour ago, at 7am or yesterday at 5pm.")
    if match := _RE_ELAPSED.search(normalized):
        delta, approximate = _elapsed(match)
        if delta is not None and (match.group(0).endswith(("ago", "now")) or _RE_FOR.search(normalized)):
            at = (ctx.now - delta).astimezone(ctx.zone)
            return _ok(
                Moment(at.replace(second=0, microsecond=0), True, approximate or "about" in normalized)
            )
    time_found = _search_time(normalized)
    if time_found is not None and time_found.error:
        return _fail(time_found.error)
    rest = normalized
    if time_found is not None:
        rest = (
            normalized[: time_found.start]
            + " " * (time_found.end - time_found.start)
            + normalized[time_found.end :]
        )
    date_found = _search_date(rest, ctx, PAST)
    if date_found is not None and not date_found.result.ok:
        return _fail(date_found.result.error or "")
    if time_found is None:
        day = date_found.result.value if date_found is not None else None
        if _RE_NOW.search(normalized) and day in (None, ctx.today):
            return _ok(Moment(local_now.replace(second=0, microsecond=0), True, approximate=True))
        if day is not None:
            return _ok(Moment(localize(day, dt.time(0), ctx.zone), False))
        return _fail("When did it start? For example about an hour ago, at 7am or yesterday at 5pm.")
    clock = time_found.time
    assert clock is not None
    day = date_found.result.value if date_found is not None else None
    if day is None and time_found.qualifier == "last night":
        day = ctx.today - dt.timedelta(days=1) if clock.hour >= 12 else ctx.today  # "2 last night": today
    candidates = [clock]
    if time_found.ambiguous:
        candidates = [_with_meridiem(clock, False), _with_meridiem(clock, True)]
    days = [day] if day is not None else [ctx.today, ctx.today - dt.timedelta(days=1)]
    moments = [localize(d, c, ctx.zone) for d in days for c in candidates]
    past = [m for m in moments if m <= local_now + dt.timedelta(minutes=5)]
    if not past:
        latest = max(moments)
        return _fail(
            f"{latest.strftime('%-I:%M %p')} on {human_date(latest.date())} hasn't come yet. "
            "When did it start? For example about an hour ago or at 7am."
        )
    return _ok(Moment(max(past), True, approximate=time_found.ambiguous or _approximate(normalized)))


# --------------------------------------------------------------------------------------------------------
# Phone numbers
# --------------------------------------------------------------------------------------------------------

_DIGIT_WORDS = {
    "oh": "0",
    "o": "0",
    **{word: str(n) for word, n in _SMALL_NUMBERS.items() if n < 10},
}
_RE_PHONE = re.compile(
    r"(?<![\d+])(?:\+?\s*1[\s.\-]*)?(?:\(\s*\d{3}\s*\)|\d{3})[\s.\-]*\d{3}[\s.\-]*\d{4}(?!\d)"
)
_RE_EXTENSION = re.compile(r"(?:\bext\.?|\bextension|\bx)\s*(?P<ext>\d{1,6})\b")
_PHONE_EXAMPLE = "760-555-0100"


@dataclass(frozen=True)
class PhoneNumber:
    """A North American number: ``e164`` (``+17605550100``) is the key the store uses."""

    e164: str
    extension: str | None = None

    @property
    def display(self) -> str:
        digits = self.e164[2:]
        text = f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"
        return f"{text} ext. {self.extension}" if self.extension else text

    @property
    def spoken(self) -> str:
        """Digit by digit, grouped, for text-to-speech: ``7 6 0, 5 5 5, 0 1 0 0``."""
        digits = self.e164[2:]
        groups = (digits[:3], digits[3:6], digits[6:])
        text = ", ".join(" ".join(group) for group in groups)
        return f"{text}, extension {' '.join(self.extension)}" if self.extension else text

    def to_slot(self) -> str:
        return f"{self.e164};ext={self.extension}" if self.extension else self.e164

    @classmethod
    def from_slot(cls, value: str) -> PhoneNumber:
        number, _, extension = str(value).partition(";ext=")
        return cls(number, extension or None)


def _spoken_digits(text: str) -> str:
    """``"seven six oh five five five ..."`` → digits, when most of the words are digit words."""
    words = re.findall(r"[a-z]+|\d+", text)
    digit_words = [w for w in words if w in _DIGIT_WORDS or w.isdigit()]
    if sum(1 for w in words if w in _DIGIT_WORDS) < 7:
        return text
    return "".join(_DIGIT_WORDS.get(w, w) for w in digit_words)


def parse_phone(text: str) -> ParseResult[PhoneNumber]:
    """A US phone number in any common form (``(760) 555-0100``, ``760.555.0100``, ``+1 760 555 0100``,
    ``7605550100``, spoken digits, an ``ext. 12``), also inside a sentence."""
    normalized = normalize(text)
    extension = None
    if match := _RE_EXTENSION.search(normalized):
        extension = match.group("ext")
        normalized = normalized[: match.start()] + normalized[match.end() :]
    normalized = _spoken_digits(normalized)
    match = _RE_PHONE.search(normalized)
    digits = re.sub(r"\D", "", match.group(0)) if match else re.sub(r"\D", "", normalized)
    if not digits:
        return _fail(f"Please type a phone number with the area code, for example {_PHONE_EXAMPLE}.")
    if normalized.lstrip().startswith("+") and not digits.startswith("1"):
        return _fail(
            f"I can only take a US phone number: 10 digits with the area code, like {_PHONE_EXAMPLE}."
        )
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    if len(digits) == 7:
        return _fail(f"Please include the area code: all 10 digits, for example {_PHONE_EXAMPLE}.")
    if len(digits) < 10:
        return _fail(
            f"That phone number is too short ({len(digits)} digits). Please type all 10 digits with the area "
            f"code, for example {_PHONE_EXAMPLE}."
        )
    if len(digits) > 10:
        return _fail(
            f"That phone number has too many digits ({len(digits)}). Please type the 10-digit number with "
            f"the area code, for example {_PHONE_EXAMPLE}."
        )
    if digits[0] in "01":
        return _fail(
            f"Area codes don't start with {digits[0]}, so {digits[:3]} can't be right. Please check the "
            f"number and type all 10 digits, for example {_PHONE_EXAMPLE}."
        )
    if digits[1:3] == "11":
        return _fail(
            f"{digits[:3]} is not an area code. Please type the 10-digit number, for example "
            f"{_PHONE_EXAMPLE}."
        )
    if digits[3] in "01":
        return _fail(
            f"The three digits after the area code can't start with {digits[3]}, so "
            f"{digits[:3]}-{digits[3:6]} can't be right. Please check the number."
        )
    return _ok(PhoneNumber(f"+1{digits}", extension))


# --------------------------------------------------------------------------------------------------------
# Locations
# --------------------------------------------------------------------------------------------------------

ADDRESS, CROSS_STREETS, MANHOLE, LANDMARK = "address", "cross_streets", "manhole", "landmark"
_LOCATION_EXAMPLE = "123 Main St, or Main St and 5th Ave, or behind the shopping center on Main St"
_RE_ZIP = re.compile(r"(?:^|[\s,])(?P<zip>\d{5})(?:-\d{4})?\s*\.?$")
_RE_HOUSE_NUMBER = re.compile(
    r"^\d{1,6}[a-z]?(?:-\d{1,4})?\s+"
    r"(?!(?:blocks?|miles?|mi|feet|ft|yards?|doors?|houses?|minutes?|mins?)\b)(?:[nsew]\.?\s+)?[a-z0-9]",
    re.IGNORECASE,
)
_RE_MANHOLE = re.compile(
    r"\b(?:manholes?|man\s+holes?|maintenance\s+holes?|sewer\s+(?:cover|lid)s?|clean\s*-?\s*outs?)\b",
    re.IGNORECASE,
)
_RE_LOCATION_FILLER = re.compile(
    r"^(?:(?:it'?s|it\s+is|i'?m|i\s+am|we'?re|we\s+are|located|the\s+address\s+is|address\s+is|address:)\s+)?"
    r"(?:(?:at|on)\s+)?",
    re.IGNORECASE,
)
_RE_CROSS = re.compile(
    r"^(?:(?:the\s+)?(?:corner|intersection)\s+of\s+)?(?P<a>[^,&@/]+?)\s*"
    r"(?:\s(?:and|at|y)\s|&|@|/)\s*(?P<b>[^,&@/]+?)(?:\s+(?:intersection|corner))?$",
    re.IGNORECASE,
)
_NOT_A_STREET_START = {
    "the",
    "a",
    "an",
    "my",
    "our",
    "their",
    "behind",
    "near",
    "next",
    "in",
    "inside",
    "front",
    "across",
    "around",
    "outside",
    "by",
    "it",
    "its",
    "it's",
    "this",
    "that",
}
_NOT_IN_A_STREET_NAME = {"of", "from", "behind", "near", "block", "blocks", "mile", "miles", "past"}
_UNKNOWN_PLACE = re.compile(
    r"^(?:i\s+)?(?:don'?t|do\s+not)\s+know\b|^not\s+sure\b|^no\s+idea\b|^idk\b|^unknown$|^(?:yes|no|yeah|nope|ok|okay)$"
)
_TOO_VAGUE = {
    "here",
    "there",
    "outside",
    "inside",
    "home",
    "street",
    "road",
    "downtown",
    "somewhere",
    "nearby",
}
_RE_CITY_STATE_SUFFIX = re.compile(
    r",?\s*(?:\b(?:victorville|inglewood))?\s*,?\s*(?:\b(?:ca|california))?\s*$", re.IGNORECASE
)


@dataclass(frozen=True)
class Location:
    """Where something is: the user's own words, kept as typed, plus what we could tell about it."""

    text: str
    kind: str  # "address", "cross_streets", "manhole" or "landmark"
    streets: tuple[str, ...] = ()
    zip_code: str | None = None
    city: str | None = None  # from the ZIP code or a city named in the text

    @property
    def zip_outside_cities(self) -> bool:
        """A ZIP was given and it belongs to neither Victorville nor Inglewood."""
        return self.zip_code is not None and city_for_zip(self.zip_code) is None

    def describe(self) -> str:
        return self.text

    def to_slot(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "streets": list(self.streets),
            "zip_code": self.zip_code,
            "city": self.city,
        }

    @classmethod
    def from_slot(cls, value: Mapping[str, Any] | str) -> Location:
        if isinstance(value, str):
            return cls(value, LANDMARK)
        return cls(
            value["text"],
            value["kind"],
            tuple(value.get("streets") or ()),
            value.get("zip_code"),
            value.get("city"),
        )


def _cross_streets(core: str) -> tuple[str, ...]:
    match = _RE_CROSS.match(core)
    if match is None:
        return ()
    sides = (match.group("a").strip(" ."), match.group("b").strip(" ."))
    for side in sides:
        words = side.lower().split()
        if (
            not 1 <= len(words) <= 4
            or words[0] in _NOT_A_STREET_START
            or _NOT_IN_A_STREET_NAME.intersection(words)
            or not re.search(r"[a-z0-9]", side, re.IGNORECASE)
        ):
            return ()
    return sides


def parse_location(text: str) -> ParseResult[Location]:
    """A street address, cross streets ("5th and Main", "Main & 5th", "Main at 5th"), a manhole or a
    landmark. Light validation only: the crew reads the text as typed."""
    original = " ".join(str(text).split()).strip(" .")
    normalized = normalize(original).strip(" .")
    if not normalized:
        return _fail(f"Please type where it is, for example {_LOCATION_EXAMPLE}.")
    if _UNKNOWN_PLACE.search(normalized):
        return _fail(
            "If you don't know the address, tell me the nearest cross streets or a landmark, for example "
            f"{_LOCATION_EXAMPLE}."
        )
    if len(original) > 300:
        return _fail("That's a long description. Please give just the address, cross streets or a landmark.")
    if not re.search(r"[a-z]", normalized):
        if re.fullmatch(r"\d{5}(?:-\d{4})?", normalized):
            return _fail(
                "That looks like a ZIP code. Please add the street address or cross streets, like "
                f"{_LOCATION_EXAMPLE}."
            )
        return _fail(f"Please describe the place in words, for example {_LOCATION_EXAMPLE}.")
    if normalized in _TOO_VAGUE or len(re.sub(r"[^a-z0-9]", "", normalized)) < 3:
        return _fail(
            "The crew needs more to find it. Please give an address, cross streets or a landmark, like "
            f"{_LOCATION_EXAMPLE}."
        )
    zip_code = None
    if match := _RE_ZIP.search(normalized):
        zip_code = match.group("zip")
    city = city_for_zip(zip_code) if zip_code else None
    city = city or detect_city(normalized)
    cased = " ".join(original.translate(_TYPOGRAPHY).split())  # streets keep the user's capitals
    core = _RE_LOCATION_FILLER.sub("", cased, count=1)
    without_zip = _RE_ZIP.sub("", core).strip(" ,.")
    without_city = _RE_CITY_STATE_SUFFIX.sub("", without_zip).strip(" ,.") or without_zip
    if _RE_MANHOLE.search(core):
        after = _RE_MANHOLE.split(without_city, maxsplit=1)[-1]
        after = re.sub(
            r"^\s*(?:cover\s+)?(?:at|on|near|by|in\s+front\s+of)?\s*(?:the\s+)?", "", after, flags=re.I
        )
        return _ok(Location(original, MANHOLE, _cross_streets(after), zip_code, city))
    if _RE_HOUSE_NUMBER.match(core):
        return _ok(Location(original, ADDRESS, (), zip_code, city))
    streets = _cross_streets(without_city.split(",")[0].strip())
    if streets:
        return _ok(Location(original, CROSS_STREETS, streets, zip_code, city))
    return _ok(Location(original, LANDMARK, (), zip_code, city))


# --------------------------------------------------------------------------------------------------------
# Quantities
# --------------------------------------------------------------------------------------------------------

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
_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
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


def _plain(number: Decimal) -> int | float:
    return int(number) if number == number.to_integral_value() else float(number)


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


# --------------------------------------------------------------------------------------------------------
# Yes / no, counts, names, free text, choices
# --------------------------------------------------------------------------------------------------------


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


_RE_NAME_PREFIX = re.compile(
    r"^(?:(?:hi|hello|hey)[,!.]?\s+)?(?:my\s+name\s+is|my\s+name'?s|name'?s|name\s+is|this\s+is|i\s+am|i'?m|"
    r"it'?s|it\s+is|me\s+llamo|soy|call\s+me)\s+",
    re.IGNORECASE,
)


_NOT_A_NAME = {
    "yes",
    "yeah",
    "yep",
    "no",
    "nope",
    "ok",
    "okay",
    "sure",
    "skip",
    "none",
    "n/a",
    "idk",
    "anonymous",
}


def parse_person_name(text: str) -> ParseResult[str]:
    """A person's name as typed (any script), without "my name is" and the like."""
    name = " ".join(str(text).split()).strip(" .,!")
    name = _RE_NAME_PREFIX.sub("", name).strip(" .,!")
    if not name or not any(c.isalpha() for c in name):
        return _fail("Please type your name, for example Maria Lopez.")
    if normalize(name) in _NOT_A_NAME:
        return _fail("Please type your name, for example Maria Lopez.")
    if len(name) > 100 or sum(c.isdigit() for c in name) > 2:
        return _fail("Please type just your name, for example Maria Lopez.")
    return _ok(name)


def parse_text(text: str, *, max_chars: int = 1000) -> ParseResult[str]:
    """Free text (descriptions, lists): trimmed, non-empty, at most ``max_chars`` characters."""
    value = " ".join(str(text).split())
    if len(re.sub(r"\W", "", value)) < 2:
        return _fail("Please type a short answer in words.")
    if len(value) > max_chars:
        return _fail(f"That's a bit long: please keep it under {max_chars} characters.")
    return _ok(value)


_RE_APN = re.compile(r"(?<!\d)(\d{4})[\s.\-]*(\d{3})[\s.\-]*(\d{3})(?!\d)")


def parse_parcel_numbers(text: str) -> ParseResult[tuple[str, ...]]:
    """Los Angeles County assessor's parcel numbers (10 digits, written ``4012-345-678``); several allowed."""
    found = tuple(f"{a}-{b}-{c}" for a, b, c in _RE_APN.findall(normalize(text)))
    if not found:
        return _fail(
            "An assessor's parcel number in Los Angeles County has 10 digits, like 4012-345-678; it is on "
            "the property tax bill."
        )
    return _ok(found)


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


@dataclass(frozen=True)
class ServiceFrequency:
    """How often the device is serviced, in days or months as the user said it; both None: not known."""

    days: int | None = None
    months: int | None = None

    @property
    def known(self) -> bool:
        return self.days is not None or self.months is not None

    @property
    def approx_days(self) -> int | None:
        """Days, counting a month as 30 (so monthly … every six months give 30, 60, 90, 120, 180)."""
        if self.days is not None:
            return self.days
        return None if self.months is None else self.months * 30

    def describe(self) -> str:
        if self.days is not None:
            return f"every {self.days} days"
        if self.months is not None:
            return "every month" if self.months == 1 else f"every {self.months} months"
        return "not known"

    def to_slot(self) -> dict[str, int | None]:
        return {"days": self.days, "months": self.months}

    @classmethod
    def from_slot(cls, value: Mapping[str, Any]) -> ServiceFrequency:
        return cls(value.get("days"), value.get("months"))


_FREQUENCY_WORDS = (
    (r"\bweekly\b|\bevery\s+week\b|\bonce\s+a\s+week\b", 7, None),
    (r"\bbi-?weekly\b|\bevery\s+(?:other|two)\s+weeks?\b", 14, None),
    (r"\bmonthly\b|\bevery\s+month\b|\bonce\s+a\s+month\b", None, 1),
    (r"\bbi-?monthly\b|\bevery\s+other\s+month\b", None, 2),
    (r"\bquarterly\b|\bevery\s+quarter\b|\b(?:4|four)\s+times\s+a\s+year\b", None, 3),
    (r"\b(?:3|three)\s+times\s+a\s+year\b", None, 4),
    (r"\bsemi-?annual(?:ly)?\b|\btwice\s+a\s+year\b|\b(?:2|two)\s+times\s+a\s+year\b", None, 6),
    (r"\bannual(?:ly)?\b|\byearly\b|\bonce\s+a\s+year\b|\bevery\s+year\b", None, 12),
)


def parse_frequency(text: str) -> ParseResult[ServiceFrequency]:
    """``every 90 days``, ``90``, ``quarterly``, ``every 3 months``, ``monthly``; "don't know" is allowed."""
    normalized = normalize(text)
    if _RE_UNSURE_AMOUNT.search(normalized) or re.search(
        r"\b(?:never\s+set|no\s+frequency|not\s+set)\b", normalized
    ):
        return _ok(ServiceFrequency())
    for pattern, days, months in _FREQUENCY_WORDS:
        if re.search(pattern, normalized):
            return _ok(ServiceFrequency(days, months))
    if match := re.search(rf"(?P<n>{NUMBER_PATTERN})?\s*-?\s*(?P<unit>days?|weeks?|months?)\b", normalized):
        n = _count_from(match.group("n") or "1")
        if n is None or n < 1:
            return _fail("Please give a whole number, for example every 90 days.")
        unit = match.group("unit")
        if unit.startswith("day"):
            return _ok(ServiceFrequency(days=n))
        if unit.startswith("week"):
            return _ok(ServiceFrequency(days=7 * n))
        return _ok(ServiceFrequency(months=n))
    if match := re.fullmatch(r"(?:every\s+)?(\d{1,3})", normalized.strip(" .")):
        return _ok(ServiceFrequency(days=int(match.group(1))))
    return _fail("How often is it serviced? For example every 90 days, or say you don't know.")


# --------------------------------------------------------------------------------------------------------
# Slots: the JSON-ready form of every value, and back to words
# --------------------------------------------------------------------------------------------------------


def to_slot(value: Any) -> Any:
    """Dates → ISO strings, times → ``HH:MM``, enums → their value, our dataclasses → their ``to_slot()``,
    tuples → lists."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Enum):
        return value.value
    if hasattr(value, "to_slot"):
        return value.to_slot()
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    if isinstance(value, Decimal):
        return _plain(value)
    if isinstance(value, (list, tuple)):
        return [to_slot(v) for v in value]
    raise TypeError(f"No slot form for {type(value).__name__}: {value!r}")


def describe(parser: str, slot: Any, *, spoken: bool = False) -> str:
    """A slot value written for people (``spoken=True``: for text-to-speech), by the parser that made it."""
    if parser not in PARSERS:
        raise ValueError(f"Unknown parser {parser!r}; expected one of {sorted(PARSERS)}.")
    if slot is None:
        return "(not given)"
    if parser == "date":
        return human_date(dt.date.fromisoformat(slot), spoken=spoken)
    if parser == "moment":
        return Moment.from_slot(slot).describe(spoken=spoken)
    if parser == "phone":
        number = PhoneNumber.from_slot(slot)
        return number.spoken if spoken else number.display
    if parser == "time_ranges":
        return " and ".join(TimeRange.from_slot(item).describe() for item in slot)
    if parser == "location":
        return Location.from_slot(slot).describe()
    if parser in _QUANTITY_PARSERS:
        return Quantity.from_slot(slot, _QUANTITY_PARSERS[parser][0]).describe()
    if parser == "yes_no":
        return {True: "yes", False: "no", "yes": "yes", "no": "no"}.get(slot, "not sure")
    if parser == "reaches":
        return Reaches.from_slot(slot).describe()
    if parser == "frequency":
        return ServiceFrequency.from_slot(slot).describe()
    if parser in _CHOICE_PARSERS:
        choices = _CHOICE_PARSERS[parser]
        keys = slot if isinstance(slot, list) else [slot]
        return ", ".join(next((c.label for c in choices if c.key == key), str(key)) for key in keys)
    if parser == "parcel_numbers":
        return ", ".join(slot) if isinstance(slot, list) else str(slot)
    if isinstance(slot, int) and not isinstance(slot, bool):
        return format_number(slot)
    return str(slot)


# --------------------------------------------------------------------------------------------------------
# The registry the field specs name
# --------------------------------------------------------------------------------------------------------

Parser = Callable[[str, ParseContext], ParseResult[Any]]

_QUANTITY_PARSERS: dict[str, tuple[str, str | None]] = {
    "gallons": (GALLONS, None),
    "gallons_per_week": (GALLONS, "week"),
    "gallons_per_day": (GALLONS, "day"),
    "cubic_yards_per_week": (CUBIC_YARDS, "week"),
    "square_feet": (SQUARE_FEET, None),
}
_CHOICE_PARSERS: dict[str, tuple[Choice, ...]] = {
    "city": CITY_CHOICES,
    "device": DEVICE_CHOICES,
    "establishment_kind": ESTABLISHMENT_CHOICES,
    "application_path": APPLICATION_PATH_CHOICES,
    "containers": CONTAINER_CHOICES,
    "evidence_source": EVIDENCE_CHOICES,
}


def _quantity_parser(unit: str, per: str | None) -> Parser:
    def parse(text: str, ctx: ParseContext) -> ParseResult[Quantity]:
        return parse_quantity(text, unit, per=per)

    return parse


def _count_parser(noun: str) -> Parser:
    def parse(text: str, ctx: ParseContext) -> ParseResult[int]:
        return parse_count(text, noun)

    return parse


def _context_free(function: Callable[[str], ParseResult[Any]]) -> Parser:
    def parse(text: str, ctx: ParseContext) -> ParseResult[Any]:
        return function(text)

    parse.__name__ = function.__name__
    return parse


PARSERS: dict[str, Parser] = {
    "text": _context_free(parse_text),
    "person_name": _context_free(parse_person_name),
    "phone": _context_free(parse_phone),
    "date": parse_date,
    "moment": parse_moment,
    "time_ranges": _context_free(parse_time_ranges),
    "location": _context_free(parse_location),
    "yes_no": _context_free(parse_yes_no),
    "seats": _count_parser("seats"),
    "meals": _count_parser("meals"),
    "employees": _count_parser("employees"),
    "reaches": _context_free(parse_reaches),
    "frequency": _context_free(parse_frequency),
    "parcel_numbers": _context_free(parse_parcel_numbers),
    "city": _context_free(parse_city),
    "device": _context_free(parse_device),
    "establishment_kind": _context_free(parse_establishment_kind),
    "application_path": _context_free(parse_application_path),
    "containers": _context_free(parse_containers),
    "evidence_source": _context_free(parse_evidence_source),
    **{name: _quantity_parser(unit, per) for name, (unit, per) in _QUANTITY_PARSERS.items()},
}
"""Every parser by name, with one signature ``(text, ctx) -> ParseResult``; field specs name them."""


def parse(parser: str, text: str, ctx: ParseContext) -> ParseResult[Any]:
    """Run the parser called ``parser`` (a key of :data:`PARSERS`)."""
    if parser not in PARSERS:
        raise ValueError(f"Unknown parser {parser!r}; expected one of {sorted(PARSERS)}.")
    return PARSERS[parser](text, ctx)

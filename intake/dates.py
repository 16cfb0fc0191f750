"""Calendar dates: "today", "yesterday", "2 days ago", "last Tuesday", "8/14", "Aug 14th", "2026-08-14".

Dates are resolved relative to the message time in the city's time zone (both cities use
America/Los_Angeles, :data:`cities.CITY_TIME_ZONE`). Past events never get a future date: a date
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
* Spanish number words ("hace dos días") are not understood: our grammar reads them (:mod:`intake.numbers`).

Spanish as people text it (no accents) is read by the same grammar: "hoy", "ayer", "antier"/"anteayer",
"hace dos dias", "hace 2 semanas", "el 3 de marzo", "el martes pasado", "el lunes", "el dia 14". Numeric dates
are month/day in both languages (the forms are for California and say so); errors and dates are written in
the reply's language (:mod:`cities.wording`).

A convention that is a choice, not a rule: "last Tuesday" ("el martes pasado") is the most recent Tuesday
before today (a week ago when said on a Tuesday).

Holds :func:`parse_date`, :func:`find_date`, :func:`human_date`, and the package-internal ``_search_date``
(used by :func:`intake.times.parse_moment`) and ``_NOT_A_DATE_AFTER``.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass

from cities.wording import MONTH_NAMES, SPANISH_MONTH_NAMES, long_date, short_date
from intake.core import (
    ANY,
    FUTURE,
    PAST,
    ParseContext,
    ParseResult,
    _check_tense_name,
    _fail,
    _ok,
    _strip_accents,
    normalize,
)
from intake.numbers import _SPANISH_RUN, NUMBER_PATTERN, _count_from, spanish_words_to_number
from languages import N_, SPANISH, current, t

YEARLESS_FUTURE_GRACE_DAYS = 30
"""A yearless date up to this many days ahead is taken as a slip (we ask); further ahead it is last year's."""

OLDEST_YEAR = 1950
"""Years before this are taken as typing mistakes."""

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
_A_MONTH_NAMED = re.compile(rf"\b(?:{_MONTH})\b")
MONTH_PATTERN = _MONTH
"""Every month spelling dates are read in (English and Spanish, full and short), longest first."""
_WEEKDAYS = {
    name: n
    for n, name in enumerate(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
}
_WEEKDAY_ABBREVIATIONS = {
    word: n
    for n, words in enumerate(["mon", "tue tues", "wed", "thu thur thurs", "fri", "sat", "sun"])
    for word in words.split()
}
_SPANISH_WEEKDAYS = {
    word: n
    for n, words in enumerate(
        ["lunes", "martes", "miercoles miércoles", "jueves", "viernes", "sabado sábado", "domingo"]
    )
    for word in words.split()
}
_WEEKDAY = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_WEEKDAY_SHORT = "|".join(sorted(_WEEKDAY_ABBREVIATIONS, key=len, reverse=True))
_SPANISH_WEEKDAY = "|".join(sorted(_SPANISH_WEEKDAYS, key=len, reverse=True))
_DAYS_IN_MONTH = {1: 31, 2: 29, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}
_NOT_A_DATE_AFTER = (
    r"(?!\s*(?:gal|gallons?|yards?|yds?|cubic|cu\b|liters?|litres?|sq|square|seats?|people|persons?|"
    r"employees?|staff|meals?|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|am\b|pm\b|a\.m|p\.m|"
    r"%|percent|ft|feet|foot|lbs?|pounds?|"
    r"galon|galones|yardas?|litros?|pies|asientos?|personas?|empleados?|comidas?|horas?|minutos?|d[ií]as?|"
    r"semanas?|meses|años?|por\s+ciento)\b)"
)
_ORDINAL = r"(?:st|nd|rd|th|º|°)?"
_YEAR = r"(?:19|20)\d{2}"
_DATE_EXAMPLE = N_("8/14, Aug 14 or yesterday")

_RE_DAY_BEFORE_YESTERDAY = re.compile(r"\b(?:the\s+)?day\s+before\s+yesterday\b|\banteayer\b|\bantier\b")
_RE_YESTERDAY = re.compile(r"\byesterday\b|\blast\s+ni(?:ght|te)\b|\bayer\b|\banoche\b")
_RE_TODAY = re.compile(
    r"\btoday\b|\btonight\b|\bthis\s+(?:morning|afternoon|evening)\b|\bearlier\s+today\b|\bhoy\b|"
    r"\b(?:just|right)\s+now\b|\best[ae]\s+(?:ma[ñn]ana|tarde|noche)\b|\bahorita\b|\bahora\s+mismo\b"
)
_RE_TOMORROW = re.compile(r"\btomorrow\b|(?<!la )(?<!esta )(?<!este )\bma[ñn]ana\b")
# fixed-date holidays people date things by ("if i pay it after new years", "despues de navidad")
_HOLIDAYS = {
    "new_year": (1, 1),
    "new_year_eve": (12, 31),
    "christmas_eve": (12, 24),
    "christmas": (12, 25),
    "july_4": (7, 4),
}
_RE_HOLIDAY = re.compile(
    r"\b(?:(?P<new_year_eve>new\s*year'?s\s+eve|fin\s+de\s+a[ñn]o|a[ñn]o\s+viejo)"
    r"|(?P<new_year>new\s*year'?s?(?:\s+day)?|a[ñn]o\s+(?:nuevo|new))"
    r"|(?P<christmas_eve>christmas\s+eve|x-?mas\s+eve|nochebuena)"
    r"|(?P<christmas>christmas(?:\s+day)?|x-?mas|navidad(?:es)?)"
    r"|(?P<july_4>(?:the\s+)?(?:4th|fourth)\s+of\s+july|independence\s+day))\b"
)
_RE_AGO = re.compile(
    rf"\b(?P<n>{NUMBER_PATTERN}|an?|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a\s+few|few|several)\s+"
    r"(?P<unit>days?|weeks?|months?|years?)\s+ago\b"
)
_RE_HACE = re.compile(
    rf"\bhace\s+(?P<n>{NUMBER_PATTERN}|un|una)\s+(?P<unit>d[ií]as?|semanas?|mes(?:es)?|años?|anos?)\b"
)
# "20 min ago", "an hour ago", "hace media hora": the day of that moment (today, unless it was before
# midnight)
_RE_HOURS_AGO = re.compile(
    rf"\b(?P<n>{NUMBER_PATTERN}|an?|half\s+an?|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a\s+few|few)\s+"
    r"(?P<unit>min(?:ute)?s?|hours?|hrs?)\s+ago\b"
    rf"|\bhace\s+(?:como\s+|unos\s+|unas\s+|casi\s+)?(?P<n_es>{NUMBER_PATTERN}|un|una|media|unos|unas|"
    r"un\s+par\s+de)\s+"
    r"(?P<unit_es>min(?:uto)?s?|horas?|hrs?)\b"
)
# how many a word says ("a few hours ago": about three)
_FEW = {"half": 0.5, "couple": 2, "few": 3, "par": 2, "unos": 3, "unas": 3, "media": 0.5}
_RE_IN_DAYS = re.compile(rf"\bin\s+(?P<n>{NUMBER_PATTERN}|an?)\s+(?P<unit>days?|weeks?|months?|years?)\b")
_RE_MONTH_DAY = re.compile(
    rf"\b(?P<month>{_MONTH})\.?\s+(?:the\s+)?(?P<day>\d{{1,2}}){_ORDINAL}\b{_NOT_A_DATE_AFTER}"
    rf"(?:,?\s*(?P<year>{_YEAR})\b{_NOT_A_DATE_AFTER})?"
)
_RE_DAY_MONTH = re.compile(
    rf"\b(?:the\s+)?(?P<day>\d{{1,2}}){_ORDINAL}\s+(?:of\s+|de\s+|d\s+)?(?P<month>{_MONTH})\b\.?"
    rf"(?:,?\s*(?:de\s+|del\s+)?(?P<year>{_YEAR})\b{_NOT_A_DATE_AFTER})?"
)
_RE_MONTH_ONLY = re.compile(rf"\b(?:in\s+)?(?P<month>{_MONTH})\b(?:\s+(?P<year>\d{{4}}))?")
_RE_ISO = re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})\b")
_RE_NUMERIC = re.compile(
    r"(?<![\d/.\-:,$])(?P<month>\d{1,2})(?P<sep>[/\-])(?P<day>\d{1,2})(?:(?P=sep)(?P<year>\d{4}|\d{2}))?"
    rf"(?![\d/%]|[.:]\d){_NOT_A_DATE_AFTER}"
)
_RE_NUMERIC_DOTTED = re.compile(
    r"(?<![\d.])(?P<month>\d{1,2})\.(?P<day>\d{1,2})\.(?P<year>\d{4}|\d{2})(?![\d.])"
)
_RE_WEEKDAY = re.compile(
    rf"\b(?:(?P<qualifier>last|this\s+past|past|this|next|on)\s+)?(?P<weekday>{_WEEKDAY})\b"
    rf"|\b(?P<qualifier2>last|this\s+past|past|this|next|on)\s+(?P<short>{_WEEKDAY_SHORT})\b\.?"
)
_RE_WEEKDAY_ES = re.compile(
    r"\b(?:(?P<before>el\s+pasado|el\s+pr[oó]ximo|est[ea]|el|pasado|pr[oó]ximo)\s+)?"
    rf"(?P<weekday>{_SPANISH_WEEKDAY})\b"
    r"(?:\s+(?P<after>pasado|que\s+pas[oó]|pr[oó]ximo|que\s+viene|entrante)\b)?"
)
_RE_DAY_ONLY = re.compile(
    r"\b(?:on\s+)?the\s+(?P<day>\d{1,2})(?:st|nd|rd|th)\b"
    r"|\b(?:el\s+)?d[ií]a\s+(?P<dia>\d{1,2})\b(?![/:.]\d)|\bel\s+(?P<el>\d{1,2})(?![\d/:.,])"
    + _NOT_A_DATE_AFTER
)
# "sunday the 22nd", "el domingo 22": the day of the month says which one; the weekday only describes it
_RE_WEEKDAY_AND_DAY = re.compile(
    rf"\b(?P<weekday>{_WEEKDAY}|{_WEEKDAY_SHORT}|{_SPANISH_WEEKDAY})"
    r"\.?\b,?\s+(?:the\s+)?"
    r"(?P<day>\d{1,2})(?:st|nd|rd|th)?\b(?![/:.,]\d)" + _NOT_A_DATE_AFTER
)
_RE_VAGUE = re.compile(
    r"\b(?:last|this|past)\s+(?:week|month|year)\b|\ba\s+while\s+(?:ago|back)\b|\brecently\b|"
    r"\bthe\s+other\s+day\b|\bweeks?\s+ago\b|\bmonths?\s+ago\b|"
    r"\b(?:la|esta)\s+semana(?:\s+pasada)?\b|\b(?:el|este)\s+mes(?:\s+pasado)?\b|\b(?:el|este)\s+a[ñn]o\s+pasado\b|"
    r"\bhace\s+(?:unos|unas|algunos|algunas|varios|varias|pocos|pocas|poco|tiempo|rato|mucho)\b|"
    r"\bel\s+otro\s+d[ií]a\b|\brecientemente\b|\bultimamente\b"
)
_UNSURE_DATE = re.compile(
    r"\b(?:don'?t|do\s+not)\s+(?:know|remember)\b|\bnot\s+sure\b|\bno\s+idea\b|\bidk\b|"
    r"\bno\s+(?:lo\s+)?s[eé]\b|\bno\s+(?:me\s+)?(?:acuerdo|recuerdo)\b|\bni\s+idea\b|\bno\s+estoy\s+segur[oa]\b"
)


_RE_SPANISH_DAY_IN_WORDS = re.compile(rf"\b(?P<words>primero|{_SPANISH_RUN})(?=\s+de\s+(?:{_MONTH})\b)")


def _spanish_days_in_digits(text: str) -> str:
    """ "el tres de marzo", "primero de mayo": the day in digits, padded to the same length so that spans
    found in the result are spans of ``text``."""

    def digits(match: re.Match[str]) -> str:
        words = match.group("words")
        day = 1 if words == "primero" else spanish_words_to_number(words)
        return words if day is None or not 1 <= day <= 31 else str(day).ljust(len(words))

    return _RE_SPANISH_DAY_IN_WORDS.sub(digits, text)


_ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_ORDINAL_TEENS = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth")
_ORDINAL_DAYS = {
    **{word: n for n, word in enumerate(_ORDINAL_UNITS, 1)},
    **{word: n for n, word in enumerate((*_ORDINAL_TEENS, "seventeenth", "eighteenth", "nineteenth"), 10)},
    "twentieth": 20,
    **{f"twenty{dash}{word}": 20 + n for n, word in enumerate(_ORDINAL_UNITS, 1) for dash in ("-", " ", "")},
    "thirtieth": 30,
    **{f"thirty{dash}first": 31 for dash in ("-", " ", "")},
}
_ORDINAL_DAY = "|".join(sorted(map(re.escape, _ORDINAL_DAYS), key=len, reverse=True))
# "november tenth", "november the tenth", "the tenth of november": the day in words, beside its month
_RE_ORDINAL_DAY_IN_WORDS = re.compile(
    rf"\b(?P<month>(?:{_MONTH}) )(?:the )?(?P<after>{_ORDINAL_DAY})\b"
    rf"|\b(?:the )?(?P<before>{_ORDINAL_DAY})(?= of (?:{_MONTH})\b)"
)


# How long since, said forward ("it's been 88 days since the last one", "we're on day 88 since", "llevamos 88
# dias desde"): the day that many back, as "88 days ago" says it
_RE_SINCE = re.compile(
    rf"\b(?:(?:it'?s|its|it has|we'?ve|we have|has)\s+been\s+(?P<n>{NUMBER_PATTERN})\s+"
    r"(?P<unit>days?|weeks?|months?)|(?:(?:we'?re|we are)\s+)?(?:on\s+)?day\s+(?P<day>\d{1,3}))\s+since\b"
    rf"|\b(?:llevamos|lleva|llevo|van|ya son|ya van)\s+(?P<n_es>{NUMBER_PATTERN})\s+"
    r"(?P<unit_es>d[ií]as|semanas|meses)\s+desde\b"
)


def _elapsed_as_ago(text: str) -> str:
    """ "it's been 88 days since": "88 days ago", padded to the same length so that spans found in the result
    are spans of ``text``."""

    def ago(match: re.Match[str]) -> str:
        if match.group("n_es"):
            said = f"hace {match.group('n_es')} {match.group('unit_es')}"
        else:
            count = match.group("n") or match.group("day")
            said = f"{count} {match.group('unit') or 'days'} ago"
        return said.ljust(len(match.group(0)))

    return _RE_SINCE.sub(ago, text)


def _ordinal_days_in_digits(text: str) -> str:
    """ "november tenth", "the twenty-first of may": the day in digits ("10th"), padded to the same length so
    that spans found in the result are spans of ``text``."""

    def digits(match: re.Match[str]) -> str:
        month = match.group("month") or ""  # "november tenth": "november    10th", the day where it ends
        if month.strip() == "may":
            return match.group(0)  # "we may first need a permit"
        day = f"{_ORDINAL_DAYS[match.group('after') or match.group('before')]}th"
        width = len(match.group(0)) - len(month)
        return f"{month}{day.rjust(width)}" if month else day.ljust(width)

    return _RE_ORDINAL_DAY_IN_WORDS.sub(digits, text)


@dataclass(frozen=True)
class _DateFound:
    result: ParseResult[dt.date]
    start: int
    end: int


def human_date(day: dt.date, *, spoken: bool = False) -> str:
    """``"Aug 14, 2026"`` (written) or ``"August 14, 2026"`` (spoken); Spanish ``"14 ago 2026"``, ``"14 de
    agosto de 2026"``."""
    return long_date(day) if spoken else short_date(day)


def _short_date(day: dt.date) -> str:
    return f"{day.month}/{day.day}"


def _month_name(month: int) -> str:
    """The month's name in the reply's language (:mod:`cities.wording`'s names)."""
    return (SPANISH_MONTH_NAMES if current() == SPANISH else MONTH_NAMES)[month - 1]


def _month_day(month: int, day: int, *, short: bool = False) -> str:
    """A day of a month as an example to type: ``"August 14"`` (``short``: ``"Aug 14"``); Spanish ``"14 de
    agosto"``."""
    if current() == SPANISH:
        return f"{day} de {_month_name(month)}"
    name = _month_name(month)
    return f"{name[:3] if short else name} {day}"


def _future_error(day: dt.date, today: dt.date) -> str:
    return t(
        "{date} hasn't happened yet (today is {today}). When did it happen? "
        "For example yesterday or {example}.",
        date=human_date(day),
        today=human_date(today),
        example=_short_date(today - dt.timedelta(days=1)),
    )


def _past_error(day: dt.date, today: dt.date) -> str:
    return t(
        "{date} has already passed (today is {today}). Which date do you mean? "
        "For example tomorrow or {example}.",
        date=human_date(day),
        today=human_date(today),
        example=_short_date(today + dt.timedelta(days=1)),
    )


def _check_tense(day: dt.date, today: dt.date, tense: str) -> ParseResult[dt.date]:
    if tense == PAST and day > today:
        return _fail(_future_error(day, today))
    if tense == FUTURE and day < today:
        return _fail(_past_error(day, today))
    if day.year < OLDEST_YEAR:
        return _fail(
            t(
                "The year {year} looks like a typing mistake. Please type the date again, like 8/14.",
                year=day.year,
            )
        )
    return _ok(day)


def _impossible_day(month: int, day: int, year: int | None) -> str | None:
    """A sentence if ``day`` cannot exist in ``month`` (of ``year``, when given)."""
    if not 1 <= month <= 12:
        return None  # reported separately
    name = _month_name(month)
    if day < 1:
        return t(
            "There is no day {day} in {month}. Please type the date again, for example {example}.",
            day=day,
            month=name,
            example=f"{month}/1",
        )
    if day > _DAYS_IN_MONTH[month]:
        if month == 2:
            return t(
                "February has only 28 days (29 in a leap year). Please check the date and type it again, "
                "for example 2/28."
            )
        return t(
            "{month} has only {days} days, so {month} {day} doesn't exist. Please check the date and type it "
            "again, for example {example}.",
            month=name,
            days=_DAYS_IN_MONTH[month],
            day=day,
            example=f"{month}/{_DAYS_IN_MONTH[month]}",
        )
    if year is not None and month == 2 and day == 29:
        try:
            dt.date(year, 2, 29)
        except ValueError:
            return t(
                "{year} is not a leap year, so February {year} has only 28 days. Please check the date.",
                year=year,
            )
    return None


def _resolve(month: int, day: int, year: int | None, today: dt.date, tense: str) -> ParseResult[dt.date]:
    """A month and day (and maybe year) as a date, choosing the year by tense when none is given."""
    if not 1 <= month <= 12:
        if 1 <= day <= 12 and month <= 31:
            return _fail(
                t(
                    "There is no month {month}. Type the date as month/day, for example {example} "
                    "for {date}.",
                    month=month,
                    example=f"{day}/{month}",
                    date=_month_day(day, month),
                )
            )
        return _fail(
            t("There is no month {month}. Type the date as month/day, for example 8/14.", month=month)
        )
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
    return _fail(t("February 29 only exists in leap years. Which year do you mean? For example 2/29/2028."))


def _two_digit_year(text: str | None) -> int | None:
    if text is None:
        return None
    year = int(text)
    return 2000 + year if len(text) == 2 else year


def shifted(today: dt.date, n: int, unit: str) -> dt.date:
    """``today`` moved by ``n`` days, weeks, months or years (English or Spanish unit words; months on the
    calendar)."""
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


# Two date expressions this close are one ("wednesday nov 18", "last tuesday (nov 24)"): the grammar's
# stronger reading of it is taken.
_SAME_EXPRESSION_GAP = 3
# A day counted back roughly ("two weeks ago", "hace como 2 semanas"): a day named beside it says it exactly
_APPROXIMATE = re.compile(r"\bago\b|\bhace\b", re.IGNORECASE)
_APPOSITION_GAP = 6  # ", the " or ", el " between the count and the day
_ROUGHLY_DAYS = 7  # how far the day said may be from the rough count's and still name the same one


def _search_date(text: str, ctx: ParseContext, tense: str) -> _DateFound | None:
    """The first date expression in normalised ``text``: the earliest by position ("it was wednesday nov 18
    ... a couple weeks ago" is November 18), read by the grammar's strongest form where two forms say one
    date ("wednesday nov 18" is the 18th, not the last Wednesday). A month or a time without a day is asked
    about only when no date is given."""
    text = _elapsed_as_ago(_ordinal_days_in_digits(_spanish_days_in_digits(text)))
    found = list(_dates_in(text, ctx, tense))
    if not found:
        return _without_a_day(text)
    first = min(found, key=lambda date: date.start)
    same = [
        date for date in found if date.start <= first.end + _SAME_EXPRESSION_GAP and date.end >= first.start
    ]
    # (of the forms that name a month: "en 90 dias" is no day said first)
    named = [date for date in same if _A_MONTH_NAMED.search(text[date.start : date.end])]
    day_first = [date for date in named if text[date.start].isdigit()]
    if current() == SPANISH and day_first and not text[named[0].start].isdigit():
        # Spanish says the day first: "a partir del 1 de febrero: dos freidoras más" is February 1, not the
        # "February 2" its digits also read as once the colon is gone
        return day_first[0]
    if _APPROXIMATE.search(text[same[0].start : same[0].end]):
        # "two weeks ago, monday the 16th", "hace dos semanas, el lunes 16": the day said right after the
        # rough count is the day
        exact = [
            date
            for date in found
            if first.end <= date.start <= first.end + _APPOSITION_GAP
            and not _APPROXIMATE.search(text[date.start : date.end])
        ]
        rough, day = same[0].result.value, exact[0].result.value if exact else None
        if (
            exact
            and any(c.isdigit() for c in text[exact[0].start : exact[0].end])
            and rough is not None
            and day is not None
            and abs((day - rough).days) <= _ROUGHLY_DAYS  # "two weeks ago, on the 1st" is two events
        ):
            return exact[0]
    return same[0]  # in the grammar's order


def _dates_in(text: str, ctx: ParseContext, tense: str) -> Iterator[_DateFound]:
    """Every form of the grammar found in ``text``, strongest first (each form's first occurrence)."""
    today = ctx.today

    def found(match: re.Match[str], result: ParseResult[dt.date]) -> _DateFound:
        return _DateFound(result, match.start(), match.end())

    if match := _RE_DAY_BEFORE_YESTERDAY.search(text):
        yield found(match, _check_tense(today - dt.timedelta(days=2), today, tense))
    if match := _RE_YESTERDAY.search(text):
        yield found(match, _check_tense(today - dt.timedelta(days=1), today, tense))
    if match := _RE_TOMORROW.search(text):
        yield found(match, _check_tense(today + dt.timedelta(days=1), today, tense))
    if match := _RE_AGO.search(text):
        n = _count_from(match.group("n"))
        if n is None:
            yield found(match, _fail(_how_many_ago(match.group("unit"))))
        else:
            yield found(match, _check_tense(shifted(today, -n, match.group("unit")), today, tense))
    if match := _RE_HACE.search(text):
        n = _count_from(match.group("n"))
        if n is None:
            unit = {"d": "days", "s": "weeks", "m": "months"}.get(match.group("unit")[0], "years")
            yield found(match, _fail(_how_many_ago(unit)))
        else:
            yield found(match, _check_tense(shifted(today, -n, match.group("unit")), today, tense))
    if match := _RE_HOURS_AGO.search(text):
        yield found(match, _check_tense(_day_hours_ago(match, ctx), today, tense))
    if match := _RE_IN_DAYS.search(text):
        n = _count_from(match.group("n"))
        if n is not None:
            yield found(match, _check_tense(shifted(today, n, match.group("unit")), today, tense))
    if match := _RE_TODAY.search(text):
        yield found(match, _ok(today))
    if match := _RE_HOLIDAY.search(text):
        yield found(match, _resolve(*_HOLIDAYS[match.lastgroup], None, today, tense))
    for pattern in (_RE_MONTH_DAY, _RE_DAY_MONTH):
        if (match := pattern.search(text)) and not _a_notice_of_violation(pattern, match):
            month = _MONTHS[match.group("month")]
            day, year = int(match.group("day")), _two_digit_year(match.group("year"))
            yield found(match, _resolve(month, day, year, today, tense))
    if match := _RE_ISO.search(text):
        month, day, year = int(match.group("month")), int(match.group("day")), int(match.group("year"))
        yield found(match, _resolve(month, day, year, today, tense))
    for pattern in (_RE_NUMERIC_DOTTED, _RE_NUMERIC):
        if match := pattern.search(text):
            month, day = int(match.group("month")), int(match.group("day"))
            yield found(match, _resolve(month, day, _two_digit_year(match.group("year")), today, tense))
    if match := _RE_WEEKDAY_AND_DAY.search(text):
        weekday = {**_WEEKDAYS, **_WEEKDAY_ABBREVIATIONS, **_SPANISH_WEEKDAYS}[match.group("weekday")]
        yield found(match, _weekday_of_month_day(weekday, int(match.group("day")), today, tense))
    if match := _RE_WEEKDAY.search(text):
        if match.group("weekday"):
            weekday, qualifier = _WEEKDAYS[match.group("weekday")], match.group("qualifier")
        else:
            weekday, qualifier = _WEEKDAY_ABBREVIATIONS[match.group("short")], match.group("qualifier2")
        qualifier = " ".join(qualifier.split()) if qualifier else None
        yield found(match, _check_tense(_weekday_date(weekday, qualifier, today, tense), today, tense))
    if match := _RE_WEEKDAY_ES.search(text):
        weekday = _SPANISH_WEEKDAYS[match.group("weekday")]
        said = _strip_accents(" ".join(f"{match.group('before') or ''} {match.group('after') or ''}".split()))
        qualifier = (
            "last" if "pas" in said else "next" if re.search(r"proximo|viene|entrante", said) else None
        )
        yield found(match, _check_tense(_weekday_date(weekday, qualifier, today, tense), today, tense))
    if match := _RE_DAY_ONLY.search(text):
        day = match.group("day") or match.group("dia") or match.group("el")
        yield found(match, _day_of_recent_month(int(day), today, tense))


def _without_a_day(text: str) -> _DateFound | None:
    """A month without its day ("back in march") or a vague time ("a while back"): asked about."""
    match = _RE_MONTH_ONLY.search(text)
    if match and (match.group("month") not in ("may", "mar") or match.group(0) == text.strip(" .")):
        month = _MONTHS[match.group("month")]
        return _DateFound(
            _fail(
                t(
                    "Which day in {month}? For example {example}.",
                    month=_month_name(month),
                    example=_month_day(month, 14, short=True),
                )
            ),
            match.start(),
            match.end(),
        )
    if match := _RE_VAGUE.search(text):
        said = t("Which day was that? A date like {example} is best.", example=t(_DATE_EXAMPLE))
        return _DateFound(_fail(said), match.start(), match.end())
    return None


def _day_hours_ago(match: re.Match[str], ctx: ParseContext) -> dt.date:
    """The day of a moment some minutes or hours before the message ("20 min ago", "hace una hora")."""
    said = (match.group("n") or match.group("n_es")).lower()
    unit = (match.group("unit") or match.group("unit_es")).lower()
    count = _count_from(said)
    if count is None:
        count = next((n for word, n in _FEW.items() if word in said), 1)
    hours = float(count) if unit.startswith("h") else float(count) / 60
    return (ctx.local_now - dt.timedelta(hours=hours)).date()


_HOW_MANY_AGO = {
    "days": N_("About how many days ago? For example 3 days ago."),
    "weeks": N_("About how many weeks ago? For example 3 days ago."),
    "months": N_("About how many months ago? For example 3 days ago."),
    "years": N_("About how many years ago? For example 3 days ago."),
}


def _how_many_ago(unit: str) -> str:
    """ "A few weeks ago": how many?"""
    if unit in _HOW_MANY_AGO:
        return t(_HOW_MANY_AGO[unit])
    return t("About how many {unit} ago? For example 3 days ago.", unit=unit)


def _day_of_recent_month(day: int, today: dt.date, tense: str) -> ParseResult[dt.date]:
    """ "The 14th": this month's if that fits the tense, else the nearest month that has that day."""
    if not 1 <= day <= 31:
        return _fail(
            t(
                "There is no day {day} in a month. Please type the date like {example}.",
                day=day,
                example=t(_DATE_EXAMPLE),
            )
        )
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
    return _fail(t("Which month? For example {example}.", example=_month_day(today.month, day, short=True)))


def _weekday_of_month_day(weekday: int, day: int, today: dt.date, tense: str) -> ParseResult[dt.date]:
    """ "Sat the 28th", "el lunes 16": of the months around today (this one, the one before and the one
    after, as the tense allows), the nearest whose ``day`` falls on that weekday; without one, the day read
    alone (:func:`_day_of_recent_month`)."""
    matching = []
    for months in (-1, 0, 1):
        year, month = divmod(today.year * 12 + today.month - 1 + months, 12)
        first = dt.date(year, month + 1, 1)
        if day <= calendar.monthrange(first.year, first.month)[1]:
            candidate = first.replace(day=day)
            fits = tense == ANY or (candidate <= today if tense == PAST else candidate >= today)
            if fits and candidate.weekday() == weekday:
                matching.append(candidate)
    if matching:
        return _ok(min(matching, key=lambda candidate: abs((candidate - today).days)))
    return _day_of_recent_month(day, today, tense)


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _a_notice_of_violation(pattern: re.Pattern[str], match: re.Match[str]) -> bool:
    """ "our 2nd NOV", "un NOV" (glossed "1 nov"): a count of notices of violation, not a day of November,
    which is written "nov 2", "the 2nd of nov" or "2 de noviembre"."""
    return (
        pattern is _RE_DAY_MONTH
        and match.group("month") == "nov"
        and not match.group("year")
        and not re.search(r"\b(?:of|de)\s+nov\b", match.group(0))
    )


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
    example = t(_DATE_EXAMPLE)
    if not normalized:
        return _fail(t("Please type a date, like {example}.", example=example))
    found = _search_date(normalized, ctx, tense)
    if found is not None:
        return found.result
    if _UNSURE_DATE.search(normalized):
        return _fail(t("A best guess is fine: about when was it? For example {example}.", example=example))
    fallback = _dateparser_date(normalized, ctx, tense)
    if fallback is not None:
        return fallback
    return _fail(t("I couldn't read a date in that. Please type it like {example}.", example=example))


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

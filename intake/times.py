"""Times of day, daily hours and moments: "7am", "6am to 10pm", "about 2 hours ago", "yesterday at 5pm".

Conventions that are choices, not rules: a time without am/pm ("since 7:30") is the most recent such time
before the message; a range like "6 to 10pm" shares the meridiem that keeps start before end.

Spanish as people text it is read too: "a las 7 de la mañana", "como a las 3pm", "a las siete y media",
"hace una hora", "hace media hora", "hace dos horas", "de 6am a 10pm", "ayer a las 5 de la tarde"
(:func:`_spanish_clock` writes number words and "de la tarde" the way the grammar reads them).

Holds :func:`parse_time` and :func:`human_time`; :class:`TimeRange` and :func:`parse_time_ranges`;
:class:`Moment`, :func:`parse_moment` and :func:`localize` (wall-clock time in a zone, across clock changes).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from cities import CITY_TIME_ZONE
from intake.core import PAST, ParseContext, ParseResult, _fail, _ok, normalize
from intake.dates import _NOT_A_DATE_AFTER, _search_date, human_date
from intake.numbers import NUMBER_PATTERN, _count_from, _to_decimal, spanish_digits
from languages import N_, t

_MERIDIEM = r"(?P<meridiem>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])"
_QUALIFIER = (
    r"(?P<qualifier>in\s+the\s+morning|this\s+morning|in\s+the\s+afternoon|this\s+afternoon|"
    r"in\s+the\s+evening|this\s+evening|at\s+night|last\s+night|tonight|de\s+la\s+(?:mañana|manana|tarde|noche)|"
    r"anoche)"
)
_CLOCK = r"(?P<hour>\d{1,2})(?:[:.](?P<minute>[0-5]\d))?"
_RE_NOON = re.compile(r"\b(?P<word>noon|midday|mediod[ií]a|midnight|medianoche)\b")
_RE_TIME_MERIDIEM = re.compile(rf"(?<![\d/:.])\b{_CLOCK}\s*{_MERIDIEM}")
_RE_TIME_LETTER = re.compile(rf"(?<![\d/:.])\b{_CLOCK}(?P<letter>[ap])\b")
_RE_TIME_QUALIFIED = re.compile(rf"(?<![\d/:.])\b{_CLOCK}\s*(?:o'?clock\s*)?{_QUALIFIER}")
_RE_TIME_24 = re.compile(r"(?<![\d/:.])\b(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)\b(?![/:])")
_RE_TIME_BARE = re.compile(
    r"\b(?:at|since|around|about|by|from|started|starting|a\s+las?|desde\s+las?|eso\s+de\s+las?)\s+"
    r"(?:about\s+|around\s+)?"
    r"(?P<hour>\d{1,2})(?:[:.](?P<minute>[0-5]\d))?(?:\s*o'?clock)?\b(?![/\-.:]\d)" + _NOT_A_DATE_AFTER
)


_TIME_EXAMPLE = N_("Please type a time like 7am, 7:30pm or 19:30.")
_WHEN_EXAMPLE = N_("When did it start? For example about an hour ago, at 7am or yesterday at 5pm.")
_RE_SPANISH_PART_OF_DAY = re.compile(
    r"(?P<clock>\b\d{1,2}(?:[:.][0-5]\d)?)\s*(?:de|en|por)\s+la\s+(?P<part>mañana|manana|madrugada|tarde|noche)\b"
)


_HOUR_WORDS = (
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
_MINUTE_WORDS = {
    "oh five": 5,
    "ten": 10,
    "fifteen": 15,
    "twenty": 20,
    "twenty five": 25,
    "thirty": 30,
    "thirty five": 35,
    "forty": 40,
    "forty five": 45,
    "fifty": 50,
    "fifty five": 55,
}
# A clock time said in words after the word that starts it, fillers between ("since, uh, nine-thirty maybe",
# "at seven fifteen", "around ten o'clock"): the minutes or "o'clock" are needed ("at one point" is no time)
_MINUTES_SAID = "|".join(
    minute.replace(" ", r"[\s-]+") for minute in sorted(_MINUTE_WORDS, key=len, reverse=True)
)
_RE_SPOKEN_CLOCK = re.compile(
    r"\b(?P<prep>since|at|around|about|from|started|starting|by)\W+(?:(?:uh+|um+|like|maybe|around|about)\W+)*"
    rf"(?P<hour>{'|'.join(_HOUR_WORDS)})[\s-]+(?:(?P<minute>{_MINUTES_SAID})|(?P<oclock>o'?clock))\b"
)


def _spoken_clock(text: str) -> str:
    """English clock times said in words, in digits: "since, uh, nine-thirty" → "since 9:30", "at ten
    o'clock" → "at 10 o'clock" (voice transcripts write the words the caller said)."""

    def digits(match: re.Match[str]) -> str:
        hour = _HOUR_WORDS.index(match.group("hour")) + 1
        if match.group("oclock"):
            return f"{match.group('prep')} {hour} o'clock"
        minute = _MINUTE_WORDS[" ".join(re.split(r"[\s-]+", match.group("minute")))]
        return f"{match.group('prep')} {hour}:{minute:02d}"

    return _RE_SPOKEN_CLOCK.sub(digits, text)


def _spanish_clock(text: str) -> str:
    """Spanish times the way the grammar reads them: number words in digits ("a las siete" → "a las 7",
    "a la una" → "a la 1"), "7 y media" → "7:30", "7 y cuarto" → "7:15", and "7 de la mañana" → "7am",
    "3 de la tarde" → "3pm", "10 de la noche" → "10pm" ("2 de la noche" → "2am")."""
    text = spanish_digits(text)
    text = re.sub(r"\bla\s+una\b", "la 1", text)
    text = re.sub(r"\b(\d{1,2})\s+y\s+media\b", r"\1:30", text)
    text = re.sub(r"\b(\d{1,2})\s+y\s+cuarto\b", r"\1:15", text)
    text = re.sub(r"\b(?:la\s+)?medianoche\b", "midnight", text)  # "de 10 de la noche a medianoche"
    text = re.sub(r"\b(?:el\s+)?mediod[ií]a\b", "noon", text)

    def meridiem(match: re.Match[str]) -> str:
        hour, part = int(re.split(r"[:.]", match.group("clock"))[0]), match.group("part")
        pm = part == "tarde" or (part == "noche" and 6 <= hour <= 11)
        return match.group("clock") + ("pm" if pm else "am")

    return _RE_SPANISH_PART_OF_DAY.sub(meridiem, text)


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
            t(
                "There is no {hour} {suffix}. Please type a time like 7am, 7:30pm or 19:30.",
                hour=hour,
                suffix=suffix,
            )
            if hour
            else t(_TIME_EXAMPLE)
        )
    return dt.time((hour % 12) + (12 if pm else 0), minute), None


def _qualifier_is_pm(qualifier: str, hour: int) -> bool:
    """ "7 in the evening" is PM; "at night" is PM from 6 to 11 but AM from 12 to 5 ("2 at night")."""
    if "night" in qualifier or "noche" in qualifier:  # "anoche" too
        return 6 <= hour <= 11
    return any(word in qualifier for word in ("afternoon", "evening", "tarde"))


def clock_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names a clock time by its am/pm or in 24-hour form ("9am", "7:30 p.m.", "14:05"): the
    spans a parser looking for other things (a company's name) leaves out."""
    return [
        match.span()
        for pattern in (_RE_TIME_MERIDIEM, _RE_TIME_LETTER, _RE_TIME_24)
        for match in pattern.finditer(text)
    ]


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
        end = match.end() if qualifier in _LAST_NIGHT else match.start("qualifier")
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
    return t(
        "Is that {time} in the morning or the evening? Please type {time}am or {time}pm.",
        time=f"{hour}{minute}",
    )


def parse_time(text: str) -> ParseResult[dt.time]:
    """A time of day: ``7am``, ``7:30 pm``, ``19:30``, ``noon``, ``midnight``, ``7 in the evening``, ``a las 7
    de la mañana``."""
    found = _search_time(_spanish_clock(_spoken_clock(normalize(text))))
    if found is None:
        return _fail(t(_TIME_EXAMPLE))
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
            return t("24 hours")
        return t("{start} to {end}", start=human_time(self.start), end=human_time(self.end))

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
    rf"(?:from\s+)?(?P<a>{_TIME_TOKEN})\s*(?:-|to|until|till|til|through|thru|a|hasta)\s*(?P<b>{_TIME_TOKEN})"
)
_RE_ALL_DAY = re.compile(
    r"\b24\s*(?:hours?|hrs?|/\s*7|horas)\b|\baround\s+the\s+clock\b|\ball\s+night\s+and\s+day\b|"
    r"\btodo\s+el\s+d[ií]a\s+y\s+(?:toda\s+)?la\s+noche\b"
)
_RE_SPANISH_HOUR_ARTICLE = re.compile(r"\b(a|de|desde|hasta)\s+las?\s+(?=\d)")


def _range_end(token: str) -> tuple[dt.time | None, bool, str | None]:
    """(time, has_meridiem, error) for one end of a range; a time without am/pm is taken as am."""
    token = token.strip()
    if token in ("noon", "midnight"):
        return (dt.time(12) if token == "noon" else dt.time(0)), True, None
    match = re.fullmatch(r"(\d{1,2})(?:[:.]([0-5]\d))?\s*(a\.?\s?m\.?|p\.?\s?m\.?|[ap])?", token)
    if match is None:
        return None, False, t("Please type hours like 6am to 10pm.")
    hour, minute, meridiem = int(match.group(1)), int(match.group(2) or 0), match.group(3)
    if meridiem:
        clock, error = _twelve_hour(hour, minute, meridiem.startswith("p"))
        return clock, True, error
    if hour > 23:
        return None, False, t("There is no hour {hour}. Please type hours like 6am to 10pm.", hour=hour)
    if hour == 0 or hour > 12 or match.group(1).startswith("0"):
        return dt.time(hour, minute), True, None
    return dt.time(hour % 12, minute), False, None


def _with_meridiem(clock: dt.time, pm: bool) -> dt.time:
    return dt.time((clock.hour % 12) + (12 if pm else 0), clock.minute)


def parse_time_ranges(text: str) -> ParseResult[tuple[TimeRange, ...]]:
    """Daily hours: ``6am to 10pm``, ``6-10am and 2-4pm``, ``10 to 2pm`` (10 AM to 2 PM), ``24 hours``,
    ``de 6am a 10pm``, ``de las 6 de la mañana a las 10 de la noche``.

    When only one end says am or pm, the other takes the same meridiem if that keeps the start before the
    end ("6 to 10pm": 6 PM to 10 PM), else the opposite one ("10 to 2pm": 10 AM to 2 PM).
    """
    normalized = _RE_SPANISH_HOUR_ARTICLE.sub(r"\1 ", _spanish_clock(_spoken_clock(normalize(text))))
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
            return _fail(
                t("Please add am or pm, for example {start}am to {end}pm.", start=start_text, end=end_text)
            )
        if not start_known:
            same = _with_meridiem(start, end.hour >= 12)
            start = same if same < end else _with_meridiem(start, end.hour < 12)
        elif not end_known:
            same = _with_meridiem(end, start.hour >= 12)
            end = same if same > start else _with_meridiem(end, start.hour < 12)
        ranges.append(TimeRange(start, end))
    if not ranges:
        return _fail(t("Please give a start and an end time, for example 6am to 10pm."))
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
        clock = human_time(self.at.timetz())
        if self.approximate:
            return t("{day} at about {time}", day=day, time=clock)
        return t("{day} at {time}", day=day, time=clock)

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


_RE_NOW = re.compile(
    r"\b(?:just\s+now|right\s+now|just\s+(?:started|happened|began)|a\s+moment\s+ago|now)\b|"
    r"\b(?:ahorita|ahora(?:\s+mismo)?|en\s+este\s+momento|hace\s+un\s+momento|"
    r"acaba\s+de\s+(?:empezar|comenzar|pasar|suceder))\b"
)
_LAST_NIGHT = ("last night", "anoche")
_RE_ELAPSED = re.compile(
    rf"\b(?P<n>{NUMBER_PATTERN}|an?|half\s+an?|a\s+couple(?:\s+of)?|a\s+few|few)\s+"
    r"(?:(?P<and_half>and\s+a\s+half)\s+)?(?P<unit>minutes?|mins?|hours?|hrs?)(?:\s+(?P<and_half2>and\s+a\s+half))?"
    r"(?:\s+ago|\s+now)?\b"
)
_RE_FOR = re.compile(r"\b(?:for|since|about|around|over|like)\b|\bago\b|\bbeen\b|\bgoing\b")
# A caller's fillers between "hace" and how long ("hace, no sé, media hora", "hace este como veinte minutos")
_SPANISH_FILLER = r"(?:(?:no\s+s[eé]|este|pues|eh+|o\s+sea|mm+|tal\s+vez|quiz[aá]s?|yo\s+creo)[,\s]+)*"
_SPANISH_APPROX = r"(?:como|unos|unas|aproximadamente|aprox|casi|m[aá]s\s+de|menos\s+de|mas\s+o\s+menos)"
_RE_HACE_ELAPSED = re.compile(
    # "hace ..." anywhere; a bare "como media hora" only as the whole answer ("empezo a las 8 y duro como
    # dos horas" says how long it lasted, not when it began)
    r"(?:\b(?:hace|lleva|llevan|llevamos|lleva\s+como)[,\s]+|^\W*(?:empez\w+\s+)?(?="
    + _SPANISH_APPROX
    + r"\s))"
    + _SPANISH_FILLER
    + rf"(?P<approx>{_SPANISH_APPROX}\s+)?"
    + _SPANISH_FILLER
    + r"(?P<n>\d+(?:\.\d+)?|una?|media|un\s+par\s+de|pocos|pocas|"
    + NUMBER_PATTERN
    + r")?\s*(?P<unit>minutos?|mins?|horas?|hrs?)\b(?P<half>\s+y\s+media\b)?"
)


_RE_APPROXIMATE = re.compile(
    r"\b(?:about|around|approximately|approx|roughly|maybe|like|or\s+so)\b|~|ish\b|"
    r"\b(?:como|aproximadamente|alrededor|eso\s+de|m[aá]s\s+o\s+menos|casi|unos|unas)\b"
)


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


def _spanish_elapsed(match: re.Match[str]) -> tuple[dt.timedelta, bool]:
    """ "hace una hora", "hace media hora", "hace 20 minutos", "hace hora y media", "hace unos minutos"."""
    token = " ".join((match.group("n") or "").split())
    hours = match.group("unit").startswith("h")
    few = token in ("pocos", "pocas") or (
        not token and (match.group("approx") or "").strip() in ("unos", "unas")
    )
    if few:
        amount = Decimal(3) if hours else Decimal(5)
    elif token == "media":
        amount = Decimal("0.5")
    elif token.startswith("un par"):
        amount = Decimal(2)
    elif token:
        amount = Decimal(_count_from(token) or _to_decimal(token) or 1)
    else:
        amount = Decimal(1)  # "hace hora y media"
    if match.group("half"):
        amount += Decimal("0.5")
    minutes = amount * (60 if hours else 1)
    return dt.timedelta(minutes=float(minutes)), few or bool(match.group("approx"))


def parse_moment(text: str, ctx: ParseContext) -> ParseResult[Moment]:
    """When something started: ``about 2 hours ago``, ``20 minutes ago``, ``just now``, ``since 7am``,
    ``yesterday at 5pm``, ``this morning``, ``8/14 at 7:30am``, ``11 last night``. Always in the past.

    A time without a date is today's, or yesterday's if it has not come yet today ("since 11pm" said at
    1 AM). A time without am/pm is the most recent such time before the message ("since 7:30" at 9 PM is
    7:30 PM).
    """
    normalized = _spanish_clock(_spoken_clock(normalize(text)))
    local_now = ctx.local_now
    if not normalized:
        return _fail(t(_WHEN_EXAMPLE))
    if match := _RE_HACE_ELAPSED.search(normalized):
        delta, approximate = _spanish_elapsed(match)
        at = (ctx.now - delta).astimezone(ctx.zone)
        return _ok(Moment(at.replace(second=0, microsecond=0), True, approximate or _approximate(normalized)))
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
        return _fail(t(_WHEN_EXAMPLE))
    clock = time_found.time
    assert clock is not None
    day = date_found.result.value if date_found is not None else None
    if day is None and time_found.qualifier in _LAST_NIGHT:
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
            t(
                "{time} on {date} hasn't come yet. When did it start? "
                "For example about an hour ago or at 7am.",
                time=latest.strftime("%-I:%M %p"),
                date=human_date(latest.date()),
            )
        )
    return _ok(Moment(max(past), True, approximate=time_found.ambiguous or _approximate(normalized)))

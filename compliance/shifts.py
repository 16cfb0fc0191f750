"""Date shifts as a small algebra of named rules, and clocks built from them.

Ordinances express deadlines in a handful of ways: "within thirty calendar days", "no later than five
working days", "within two business days", "every ninety days", "every six months", "renewed annually",
"by April 1 of each year", "at least sixty days in advance". Each is a frozen dataclass with
``apply(start, calendar)`` and ``describe()``; a :class:`Clock` pairs one with the citation that sets it.

Calendar-day deadlines are NOT moved off weekends or holidays: neither ordinance says to, so we don't.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from dateutil.relativedelta import relativedelta

from cities.wording import MONTH_NAMES, SPANISH_MONTH_NAMES, long_date
from compliance.calendar import WorkingDayCalendar, resolve
from compliance.core import Obligation, Status, status_for
from languages import N_, SPANISH, current, t

_NUMBER_WORDS = {
    1: N_("one"),
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    10: N_("ten"),
    15: N_("fifteen"),
    16: N_("sixteen"),
    30: N_("thirty"),
    45: N_("forty-five"),
    60: N_("sixty"),
    72: N_("seventy-two"),
    90: N_("ninety"),
    180: N_("one hundred eighty"),
}


def words(n: int) -> str:
    """``90`` → ``"ninety"`` (Spanish ``"noventa"``); a number without a word is written in digits."""
    return t(_NUMBER_WORDS[n]) if n in _NUMBER_WORDS else str(n)


_UNITS = {
    "calendar day": (N_("one calendar day"), N_("{count} calendar days")),
    "working day": (N_("one working day"), N_("{count} working days")),
    "hour": (N_("one hour"), N_("{count} hours")),
    "month": (N_("one month"), N_("{count} months")),
    "year": (N_("one year"), N_("{count} years")),
}
_MONTHS = {3: N_("three months (quarterly)"), 6: N_("six months")}


def _unit(n: int, unit: str) -> str:
    one, many = _UNITS[unit]
    return t(one) if n == 1 else t(many, count=words(n))


def _month_name(month: int) -> str:
    return (SPANISH_MONTH_NAMES if current() == SPANISH else MONTH_NAMES)[month - 1]


@dataclasses.dataclass(frozen=True)
class CalendarDays:
    """``n`` calendar days after the start (a negative ``n`` counts back, for advance notices)."""

    n: int

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return start + dt.timedelta(days=self.n)

    def describe(self) -> str:
        return _unit(abs(self.n), "calendar day")


@dataclasses.dataclass(frozen=True)
class WorkingDays:
    """The ``n``-th working day after the start, skipping weekends and calendar closures."""

    n: int

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return resolve(calendar).add_working_days(start, self.n)

    def describe(self) -> str:
        return _unit(self.n, "working day")


BusinessDays = WorkingDays
"""10.03.330(c) and Inglewood Enforcement (10) say "business days"; we treat them as working days."""


@dataclasses.dataclass(frozen=True)
class Hours:
    """``n`` hours; applied to a bare date it lands ``n // 24`` days later (the same clock time)."""

    n: int

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return (
            start + dt.timedelta(hours=self.n)
            if isinstance(start, dt.datetime)
            else start + dt.timedelta(days=self.n // 24)
        )

    def describe(self) -> str:
        return _unit(self.n, "hour")


@dataclasses.dataclass(frozen=True)
class Months:
    """``n`` calendar months; a day missing in the target month clips to its last day (Aug 31 + 6 → Feb
    28)."""

    n: int

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return start + relativedelta(months=self.n)

    def describe(self) -> str:
        return t(_MONTHS[self.n]) if self.n in _MONTHS else _unit(self.n, "month")


@dataclasses.dataclass(frozen=True)
class Years:
    """``n`` years; February 29 clips to February 28."""

    n: int

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return start + relativedelta(years=self.n)

    def describe(self) -> str:
        return _unit(self.n, "year")


@dataclasses.dataclass(frozen=True)
class NextAnnual:
    """The next ``month``/``day`` strictly after the start ("no later than April 1 of each year")."""

    month: int
    day: int

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        candidate = dt.date(start.year, self.month, self.day)
        return candidate if candidate > start else dt.date(start.year + 1, self.month, self.day)

    def describe(self) -> str:
        return t("{month} {day} of each year", month=_month_name(self.month), day=self.day)


@dataclasses.dataclass(frozen=True)
class Immediately:
    """Due the same day ("shall immediately notify", "serviced immediately")."""

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return start

    def describe(self) -> str:
        return t("immediately")


Shift = CalendarDays | WorkingDays | Hours | Months | Years | NextAnnual | Immediately


def human(day: dt.date) -> str:
    """``2026-03-03`` → ``"March 3, 2026"`` (for reasons; data stays ISO)."""
    return long_date(day)


@dataclasses.dataclass(frozen=True)
class Clock:
    """A deadline rule: what must happen, the shift from its trigger, and the ordinance text behind it.

    ``reason`` is a template with ``{start}`` and ``{due}`` (human dates) and ``{span}`` (the shift in words).
    ``what``, ``trigger`` and ``reason`` are English, marked ``N_`` where a clock is defined; they are written
    in the reply's language when a deadline or an obligation is worked out.
    """

    key: str
    what: str
    shift: Shift
    citation: str
    reason: str
    trigger: str = N_("the triggering event")

    @property
    def counts_back(self) -> bool:
        return getattr(self.shift, "n", 0) < 0

    def due(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return self.shift.apply(start, calendar)

    def explain(self, start: dt.date, due: dt.date) -> str:
        return t(self.reason, start=human(start), due=human(due), span=self.shift.describe())

    def obligation(
        self,
        start: dt.date,
        today: dt.date,
        *,
        calendar: WorkingDayCalendar | None = None,
        done: bool = False,
    ) -> Obligation:
        """The clock started on ``start`` as an :class:`Obligation` seen on ``today``.

        Advance-notice clocks (negative shifts, "at least sixty days in advance") get no ``trigger_date``:
        their reference event lies after the due date, so "nothing is due before its trigger" does not apply.
        """
        due = self.due(start, calendar)
        return Obligation(
            key=self.key,
            what=t(self.what),
            due=due,
            status=Status.DONE if done else status_for(due, today),
            trigger=t(self.trigger),
            trigger_date=None if self.counts_back else start,
            citation=self.citation,
            reason=self.explain(start, due),
        )

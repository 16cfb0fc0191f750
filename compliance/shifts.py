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

from cities.wording import long_date
from compliance.calendar import WorkingDayCalendar, resolve
from compliance.core import Obligation, Status, status_for

_NUMBER_WORDS = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    10: "ten",
    15: "fifteen",
    16: "sixteen",
    30: "thirty",
    45: "forty-five",
    60: "sixty",
    72: "seventy-two",
    90: "ninety",
    180: "one hundred eighty",
}


def words(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def _unit(n: int, singular: str, plural: str | None = None) -> str:
    return f"{words(n)} {singular if n == 1 else (plural or singular + 's')}"


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
        return {3: "three months (quarterly)", 6: "six months"}.get(self.n, _unit(self.n, "month"))


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
        return dt.date(2000, self.month, self.day).strftime("%B %-d of each year")


@dataclasses.dataclass(frozen=True)
class Immediately:
    """Due the same day ("shall immediately notify", "serviced immediately")."""

    def apply(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return start

    def describe(self) -> str:
        return "immediately"


Shift = CalendarDays | WorkingDays | Hours | Months | Years | NextAnnual | Immediately


def human(day: dt.date) -> str:
    """``2026-03-03`` → ``"March 3, 2026"`` (for reasons; data stays ISO)."""
    return long_date(day)


@dataclasses.dataclass(frozen=True)
class Clock:
    """A deadline rule: what must happen, the shift from its trigger, and the ordinance text behind it.

    ``reason`` is a template with ``{start}`` and ``{due}`` (human dates) and ``{span}`` (the shift in words).
    """

    key: str
    what: str
    shift: Shift
    citation: str
    reason: str
    trigger: str = "the triggering event"

    @property
    def counts_back(self) -> bool:
        return getattr(self.shift, "n", 0) < 0

    def due(self, start: dt.date, calendar: WorkingDayCalendar | None = None) -> dt.date:
        return self.shift.apply(start, calendar)

    def explain(self, start: dt.date, due: dt.date) -> str:
        return self.reason.format(start=human(start), due=human(due), span=self.shift.describe())

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
            what=self.what,
            due=due,
            status=Status.DONE if done else status_for(due, today),
            trigger=self.trigger,
            trigger_date=None if self.counts_back else start,
            citation=self.citation,
            reason=self.explain(start, due),
        )

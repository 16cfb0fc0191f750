"""The working-day calendar used for "working day" and "business day" deadlines.

Neither city's ordinance defines a working day, so this calendar is a documented ASSUMPTION, not ordinance
text. It is injectable: every function that counts working days takes ``calendar=`` and falls back to
:func:`default_calendar`.

The default: a working day is Monday to Friday, except

* the eleven US federal holidays on their observed dates (``holidays.US()``: New Year's Day, Martin Luther
  King Jr. Day, Washington's Birthday, Memorial Day, Juneteenth, Independence Day, Labor Day, Columbus Day,
  Veterans Day, Thanksgiving Day, Christmas Day; a Saturday holiday is observed on the Friday before, a Sunday
  one on the Monday after), and
* the two California state holidays on which state offices close that are not federal: César Chávez Day
  (March 31, or the Monday after when it falls on a Sunday) and the Day After Thanksgiving.

Why not simply ``holidays.US(subdiv="CA")``? That calendar adds observances on which offices stay open
(Susan B. Anthony Day, Diwali, ...) and drops Columbus Day, which federal offices close for. Counting an
observance as a closure would push a deadline later than the ordinance allows, so the default counts only
closures. Christmas Eve and New Year's Eve are working days unless a Saturday holiday is observed on them.
Cities that close on other days (for example alternate Fridays) pass their own calendar.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from functools import lru_cache

from cities.wording import WEEKDAY_NAMES
from languages import N_, t

WEEKEND = frozenset({5, 6})  # Saturday, Sunday (date.weekday())

CALIFORNIA_OFFICE_CLOSURES = ("Cesar Chavez Day", "Day After Thanksgiving")
"""Names (as the ``holidays`` package spells them) of California-only holidays treated as closures."""


class WorkingDayCalendar:
    """Weekends plus a closure lookup; counts working days forward.

    ``closure`` maps a date to the closure's name, or ``None`` when offices are open that day.
    """

    def __init__(
        self,
        closure: Callable[[dt.date], str | None],
        *,
        weekend: Iterable[int] = WEEKEND,
        description: str = "custom calendar",
    ) -> None:
        self._closure = closure
        self.weekend = frozenset(weekend)
        self.description = description

    @classmethod
    def from_dates(cls, closures: dict[dt.date, str] | Iterable[dt.date], **kwargs) -> WorkingDayCalendar:
        """A calendar from explicit closure dates (handy in tests and for city-specific closures)."""
        named = dict(closures) if isinstance(closures, dict) else {d: "closure" for d in closures}
        return cls(named.get, **kwargs)

    def holiday_name(self, day: dt.date) -> str | None:
        """The holiday closing offices on ``day`` (weekends aside), or ``None``."""
        return self._closure(day)

    def closure_name(self, day: dt.date) -> str | None:
        """Why offices are closed on ``day`` ("Saturday", "Thanksgiving Day", ...), or ``None`` if open."""
        if day.weekday() in self.weekend:
            return WEEKDAY_NAMES[day.weekday()]  # data, in English whatever the locale: see closure_label
        return self._closure(day)

    def is_working_day(self, day: dt.date) -> bool:
        return self.closure_name(day) is None

    def add_working_days(self, start: dt.date, count: int) -> dt.date:
        """The ``count``-th working day after ``start`` (``start`` itself is never counted).

        "No later than five working days from the date of the incident" is ``add_working_days(incident, 5)``.
        """
        if count < 0:
            raise ValueError(f"count of working days must be >= 0, got {count}")
        day = start
        remaining = count
        while remaining:
            day += dt.timedelta(days=1)
            if self.is_working_day(day):
                remaining -= 1
        return day

    def next_working_day(self, day: dt.date) -> dt.date:
        """``day`` itself when it is a working day, else the first working day after it."""
        while not self.is_working_day(day):
            day += dt.timedelta(days=1)
        return day

    def closures_between(self, start: dt.date, end: dt.date) -> list[tuple[dt.date, str]]:
        """Closed days strictly after ``start`` up to and including ``end``, with their reasons."""
        out = []
        day = start + dt.timedelta(days=1)
        while day <= end:
            name = self.closure_name(day)
            if name:
                out.append((day, name))
            day += dt.timedelta(days=1)
        return out

    def __repr__(self) -> str:
        return f"WorkingDayCalendar({self.description!r})"


CLOSURE_NAMES = (
    N_("New Year's Day"),
    N_("Martin Luther King Jr. Day"),
    N_("Washington's Birthday"),
    N_("Memorial Day"),
    N_("Juneteenth National Independence Day"),
    N_("Independence Day"),
    N_("Labor Day"),
    N_("Columbus Day"),
    N_("Veterans Day"),
    N_("Thanksgiving Day"),
    N_("Day After Thanksgiving"),
    N_("Christmas Day"),
    N_("Cesar Chavez Day"),
    N_("closure"),
)
"""The closure names the default calendar gives (as the ``holidays`` package spells them), for the reply's
language; the calendar's own data keeps them in English."""

OBSERVED = " (observed)"


def closure_label(name: str) -> str:
    """A closure's name (``"Christmas Day (observed)"``, two joined by ``"; "``) in the reply's language; a
    name we do not know (a city's own calendar) is given as it is."""
    labels = []
    for part in name.split("; "):
        base = part.removesuffix(OBSERVED)
        label = t(base) if base in CLOSURE_NAMES else base
        labels.append(t("{holiday} (observed)", holiday=label) if part.endswith(OBSERVED) else label)
    return "; ".join(labels)


def _california_office_closures() -> Callable[[dt.date], str | None]:
    import holidays  # imported lazily: building holiday tables is not free and most rules never need it

    federal = holidays.US()
    california = holidays.US(subdiv="CA")

    def closure(day: dt.date) -> str | None:
        names = []
        federal_name = federal.get(day)
        if federal_name:
            names.append(federal_name)
        for name in (california.get(day) or "").split("; "):
            if name.startswith(CALIFORNIA_OFFICE_CLOSURES) and name not in names:
                names.append(name)
        return "; ".join(names) or None

    return closure


@lru_cache(maxsize=1)
def default_calendar() -> WorkingDayCalendar:
    """US federal holidays plus California's César Chávez Day and Day After Thanksgiving (see module doc)."""
    return WorkingDayCalendar(
        _california_office_closures(),
        description="Mon-Fri except US federal holidays (observed), Cesar Chavez Day and Day After "
        "Thanksgiving",
    )


def resolve(calendar: WorkingDayCalendar | None) -> WorkingDayCalendar:
    return calendar if calendar is not None else default_calendar()

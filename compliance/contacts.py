"""Who to telephone about a spill, and when City Hall counts as open.

Shared by the city modules. Phone numbers are only ever (a) printed in the ordinance, or (b) supplied by the
caller through ``contacts`` (the settings layer's configured numbers); never made up here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from compliance.calendar import WorkingDayCalendar, resolve
from languages import N_


@dataclasses.dataclass(frozen=True)
class OfficeHours:
    """When City Hall is open.

    The DEFAULT IS AN ASSUMPTION, not ordinance text: Victorville 10.03.280(a) distinguishes "during City Hall
    business hours" from "when the city is closed" but prints no hours. The settings layer should pass the
    real hours. Holidays come from the working-day calendar.
    """

    weekdays: frozenset[int] = frozenset({0, 1, 2, 3, 4})
    opens: dt.time = dt.time(8, 0)
    closes: dt.time = dt.time(17, 0)
    timezone: str = "America/Los_Angeles"
    source: str = N_(
        "assumption (not in the ordinance): Monday to Friday, 8:00 a.m. to 5:00 p.m. Pacific time, closed on "
        "calendar holidays"
    )

    def is_open(self, when: dt.datetime, calendar: WorkingDayCalendar | None = None) -> bool:
        local = to_local(when, self.timezone)
        return (
            local.weekday() in self.weekdays
            and resolve(calendar).holiday_name(local.date()) is None
            and self.opens <= local.time() < self.closes
        )


DEFAULT_OFFICE_HOURS = OfficeHours()


def to_local(when: dt.datetime, timezone: str) -> dt.datetime:
    """An aware datetime converted to ``timezone``; a naive one is taken to be local time already."""
    if when.tzinfo is None:
        return when
    from zoneinfo import ZoneInfo

    return when.astimezone(ZoneInfo(timezone)).replace(tzinfo=None)


@dataclasses.dataclass(frozen=True)
class Contact:
    """Someone to telephone about a spill. ``phone`` is ``None`` when the ordinance prints no number and no
    configured number was supplied; ``phone_source`` says where the number came from (a data key). ``who``,
    ``how`` and ``condition`` are in the reply's language."""

    key: str
    who: str
    how: str
    condition: str
    phone: str | None
    phone_source: str
    citation: str


NUMBER_NOT_IN_ORDINANCE = "not in the ordinance"
PRINTED_IN_ORDINANCE = "ordinance"
CONFIGURED = "configured"

"""Every deadline clock of every city module, looked up by city and key.

``deadline("victorville", "appeal_to_council", date(2026, 3, 2))`` answers "by when?" for any clock defined
as data in a jurisdiction module, so enforcement timelines need no bespoke function each.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from functools import cache
from types import ModuleType

from compliance.calendar import WorkingDayCalendar
from compliance.core import City, ComplianceError, Result, parse_city
from compliance.inglewood import fog as inglewood_fog
from compliance.shifts import Clock
from compliance.victorville import fog as victorville_fog
from compliance.victorville import organics as victorville_organics
from languages import t

CITY_MODULES: dict[City, tuple[ModuleType, ...]] = {
    City.VICTORVILLE: (victorville_fog, victorville_organics),
    City.INGLEWOOD: (inglewood_fog,),
}


@cache
def clocks_for(city: City) -> dict[str, Clock]:
    """All :class:`Clock` constants defined in the city's modules, by key."""
    found: dict[str, Clock] = {}
    for module in CITY_MODULES[city]:
        for value in vars(module).values():
            if isinstance(value, Clock):
                if value.key in found and found[value.key] is not value:
                    raise RuntimeError(f"duplicate clock key {value.key!r} in {city.value}")
                found[value.key] = value
    return found


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deadline(Result):
    city: City
    key: str
    what: str
    start: dt.date
    due: dt.date
    span: str
    counts_back: bool


def deadline(
    city: City | str, key: str, start: dt.date, *, calendar: WorkingDayCalendar | None = None
) -> Deadline:
    """The due date of clock ``key`` started on ``start`` (for advance notices, ``start`` is the event)."""
    city = parse_city(city)
    table = clocks_for(city)
    if key not in table:
        raise ComplianceError(
            t(
                "Unknown rule {key!r} for {city}: use one of {keys}.",
                key=key,
                city=city.value,
                keys=", ".join(sorted(table)),
            )
        )
    clock = table[key]
    due = clock.due(start, calendar)
    return Deadline(
        city=city,
        key=key,
        what=t(clock.what),
        start=start,
        due=due,
        span=clock.shift.describe(),
        counts_back=clock.counts_back,
        citation=clock.citation,
        reason=clock.explain(start, due),
    )

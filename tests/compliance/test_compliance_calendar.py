"""The default working-day calendar (US federal + California office closures) and its injection."""

import datetime as dt
from datetime import date as D

import pytest

from compliance.calendar import WorkingDayCalendar, default_calendar

CAL = default_calendar()


@pytest.mark.parametrize(
    ("day", "closed_for"),
    [
        (D(2025, 11, 27), "Thanksgiving Day"),
        (D(2025, 11, 28), "Day After Thanksgiving"),
        (D(2026, 11, 26), "Thanksgiving Day"),
        (D(2026, 11, 27), "Day After Thanksgiving"),
        (D(2025, 12, 25), "Christmas Day"),
        (D(2026, 1, 1), "New Year's Day"),
        (D(2027, 12, 24), "Christmas Day (observed)"),  # Dec 25, 2027 is a Saturday
        (D(2027, 12, 31), "New Year's Day (observed)"),  # Jan 1, 2028 is a Saturday
        (D(2026, 7, 3), "Independence Day (observed)"),
        (D(2025, 10, 13), "Columbus Day"),  # federal closure that holidays.US(subdiv="CA") omits
        (D(2026, 3, 31), "Cesar Chavez Day"),
        (D(2024, 4, 1), "Cesar Chavez Day (observed)"),  # March 31, 2024 was a Sunday
        (D(2026, 6, 19), "Juneteenth National Independence Day"),
    ],
)
def test_closures(day, closed_for):
    assert CAL.closure_name(day) == closed_for
    assert not CAL.is_working_day(day)


@pytest.mark.parametrize(
    "day",
    [
        D(2025, 2, 14),  # Friday before Susan B. Anthony Day (an observance, not a closure)
        D(2026, 11, 9),  # Monday after Diwali 2026 (an observance in holidays' CA calendar)
        D(2025, 12, 24),  # Christmas Eve is a working day unless it is an observed holiday
        D(2025, 12, 31),
        D(2026, 9, 25),  # Native American Day (4th Friday of September) is not a closure
        D(2025, 12, 1),
    ],
)
def test_observances_and_ordinary_days_are_working_days(day):
    assert CAL.is_working_day(day), CAL.closure_name(day)


def test_weekends_are_closed():
    assert CAL.closure_name(D(2026, 3, 7)) == "Saturday"
    assert CAL.closure_name(D(2026, 3, 8)) == "Sunday"


@pytest.mark.parametrize(
    ("start", "count", "expected"),
    [
        (D(2025, 11, 26), 5, D(2025, 12, 5)),  # Wed before Thanksgiving: Thu, Fri and the weekend skipped
        (D(2025, 11, 27), 5, D(2025, 12, 5)),  # on Thanksgiving itself
        (D(2026, 11, 25), 5, D(2026, 12, 4)),
        (D(2025, 12, 22), 5, D(2025, 12, 30)),  # Christmas (Thu) skipped; Dec 26 is a working day
        (D(2025, 12, 29), 5, D(2026, 1, 6)),  # New Year's Day skipped
        (D(2026, 12, 23), 5, D(2026, 12, 31)),  # Christmas on a Friday, Dec 31 is a working day
        (D(2027, 12, 22), 5, D(2027, 12, 30)),  # Dec 24, 2027 is the observed Christmas closure
        (D(2027, 12, 28), 5, D(2028, 1, 5)),  # Dec 31, 2027 is the observed New Year closure
        (D(2026, 3, 30), 1, D(2026, 4, 1)),  # Cesar Chavez Day skipped
        (D(2025, 10, 10), 1, D(2025, 10, 14)),  # Columbus Day skipped
        (D(2026, 3, 2), 0, D(2026, 3, 2)),
    ],
)
def test_add_working_days(start, count, expected):
    assert CAL.add_working_days(start, count) == expected


def test_negative_count_is_rejected():
    with pytest.raises(ValueError, match="-1"):
        CAL.add_working_days(D(2026, 1, 5), -1)


def test_next_working_day():
    assert CAL.next_working_day(D(2025, 11, 27)) == D(2025, 12, 1)
    assert CAL.next_working_day(D(2025, 12, 1)) == D(2025, 12, 1)


def test_closures_between_lists_skipped_days():
    assert CAL.closures_between(D(2025, 11, 26), D(2025, 12, 1)) == [
        (D(2025, 11, 27), "Thanksgiving Day"),
        (D(2025, 11, 28), "Day After Thanksgiving"),
        (D(2025, 11, 29), "Saturday"),
        (D(2025, 11, 30), "Sunday"),
    ]


def test_injected_calendar_is_used(weekends_only):
    assert weekends_only.add_working_days(D(2025, 11, 26), 5) == D(2025, 12, 3)
    city_closure = WorkingDayCalendar.from_dates([D(2026, 3, 6)])
    assert city_closure.add_working_days(D(2026, 3, 5), 1) == D(2026, 3, 9)
    assert city_closure.closure_name(D(2026, 3, 6)) == "closure"


def test_custom_weekend():
    four_day_week = WorkingDayCalendar.from_dates({}, weekend={4, 5, 6})
    assert four_day_week.add_working_days(D(2026, 3, 5), 1) == D(2026, 3, 9)


def test_default_calendar_is_built_once():
    assert default_calendar() is CAL
    assert isinstance(CAL.description, str) and "Day After Thanksgiving" in CAL.description


def test_every_day_of_a_year_has_a_definite_answer():
    day = D(2026, 1, 1)
    closed = 0
    while day.year == 2026:
        closed += not CAL.is_working_day(day)
        day += dt.timedelta(days=1)
    # 104 weekend days + 13 weekday closures: 11 federal (Independence Day observed July 3), Cesar Chavez Day
    # and the Day After Thanksgiving
    assert closed == 104 + 13

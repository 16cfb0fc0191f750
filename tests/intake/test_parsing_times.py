"""Times of day, daily hours and "when did it start" moments, including DST change days."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from intake import (
    Moment,
    ParseContext,
    TimeRange,
    describe,
    localize,
    parse_moment,
    parse_time,
    parse_time_ranges,
)

LA = ZoneInfo("America/Los_Angeles")
UTC = dt.timezone.utc
NINE_PM = ParseContext(dt.datetime(2026, 8, 18, 21, 0, tzinfo=LA))  # Tuesday evening


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7am", dt.time(7, 0)),
        ("7 am", dt.time(7, 0)),
        ("7 a.m.", dt.time(7, 0)),
        ("7a", dt.time(7, 0)),
        ("7:30pm", dt.time(19, 30)),
        ("7.30 pm", dt.time(19, 30)),
        ("19:30", dt.time(19, 30)),
        ("07:30", dt.time(7, 30)),
        ("00:15", dt.time(0, 15)),
        ("noon", dt.time(12, 0)),
        ("midnight", dt.time(0, 0)),
        ("12am", dt.time(0, 0)),
        ("12pm", dt.time(12, 0)),
        ("7 in the evening", dt.time(19, 0)),
        ("7 o'clock in the morning", dt.time(7, 0)),
        ("2 at night", dt.time(2, 0)),
        ("10 at night", dt.time(22, 0)),
        ("around 5 de la tarde", dt.time(17, 0)),
    ],
)
def test_times(text: str, expected: dt.time) -> None:
    result = parse_time(text)
    assert result.error is None
    assert result.value == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("7:30", "Is that 7:30 in the morning or the evening? Please type 7:30am or 7:30pm."),
        ("13pm", "There is no 13 pm. Please type a time like 7am, 7:30pm or 19:30."),
        ("seven", "Please type a time like 7am, 7:30pm or 19:30."),
        ("", "Please type a time like 7am, 7:30pm or 19:30."),
    ],
)
def test_times_that_need_asking_again(text: str, error: str) -> None:
    assert parse_time(text).error == error


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6am to 10pm", ["6:00 AM to 10:00 PM"]),
        ("6-10am and 2-4pm", ["6:00 AM to 10:00 AM", "2:00 PM to 4:00 PM"]),
        ("10 to 2pm", ["10:00 AM to 2:00 PM"]),
        ("6 to 10pm", ["6:00 PM to 10:00 PM"]),
        ("9am to 5", ["9:00 AM to 5:00 PM"]),
        ("from 5:30 am until 11 pm", ["5:30 AM to 11:00 PM"]),
        ("noon to 3", ["12:00 PM to 3:00 PM"]),
        ("10pm-2am", ["10:00 PM to 2:00 AM"]),
        ("open 24 hours", ["24 hours"]),
        ("06:00-22:00", ["6:00 AM to 10:00 PM"]),
    ],
)
def test_daily_hours(text: str, expected: list[str]) -> None:
    result = parse_time_ranges(text)
    assert result.error is None
    assert [r.describe() for r in result.value or ()] == expected


def test_overnight_hours_and_slot_round_trip() -> None:
    result = parse_time_ranges("10pm-2am")
    (hours,) = result.value or ()
    assert hours.overnight
    assert result.slot == [{"start": "22:00", "end": "02:00", "all_day": False}]
    assert TimeRange.from_slot(result.slot[0]) == hours
    assert describe("time_ranges", result.slot) == "10:00 PM to 2:00 AM"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("9 to 5", "Please add am or pm, for example 9am to 5pm."),
        ("7am", "Please give a start and an end time, for example 6am to 10pm."),
        ("mornings", "Please give a start and an end time, for example 6am to 10pm."),
    ],
)
def test_daily_hours_that_need_asking_again(text: str, error: str) -> None:
    assert parse_time_ranges(text).error == error


@pytest.mark.parametrize(
    ("text", "expected_local", "has_time", "approximate"),
    [
        ("about 2 hours ago", "2026-08-18T19:00", True, True),
        ("20 minutes ago", "2026-08-18T20:40", True, False),
        ("twenty minutes ago", "2026-08-18T20:40", True, False),
        ("half an hour ago", "2026-08-18T20:30", True, False),
        ("an hour and a half ago", "2026-08-18T19:30", True, False),
        ("it's been going for 3 hours", "2026-08-18T18:00", True, False),
        ("a couple of hours ago", "2026-08-18T19:00", True, True),
        ("just now", "2026-08-18T21:00", True, True),
        ("since 7am", "2026-08-18T07:00", True, False),
        ("since 7:30", "2026-08-18T19:30", True, True),  # the most recent 7:30: this evening
        ("at 10pm", "2026-08-17T22:00", True, False),  # 10 PM has not come yet today
        ("yesterday at 5pm", "2026-08-17T17:00", True, False),
        ("8/14 at 7:30am", "2026-08-14T07:30", True, False),
        ("9 this morning", "2026-08-18T09:00", True, False),
        ("around 9 this morning", "2026-08-18T09:00", True, True),
        ("11 last night", "2026-08-17T23:00", True, False),
        ("2 last night", "2026-08-18T02:00", True, False),
        ("this morning", "2026-08-18T00:00", False, False),
        ("8/14", "2026-08-14T00:00", False, False),
        # a clock said in words, as a voice transcript writes it, fillers and all
        ("been going since, uh, nine-thirty maybe", "2026-08-18T09:30", True, True),
        ("it started at seven fifteen this morning", "2026-08-18T07:15", True, False),
        ("since eight forty-five", "2026-08-18T20:45", True, True),
    ],
)
def test_moments(text: str, expected_local: str, has_time: bool, approximate: bool) -> None:
    result = parse_moment(text, NINE_PM)
    assert result.error is None
    moment = result.value
    assert isinstance(moment, Moment)
    assert moment.at.tzinfo is not None
    assert moment.at.astimezone(LA).replace(tzinfo=None).isoformat(timespec="minutes") == expected_local
    assert (moment.has_time, moment.approximate) == (has_time, approximate)


def test_moment_slots_keep_the_offset_or_only_the_day() -> None:
    assert parse_moment("yesterday at 5pm", NINE_PM).slot == "2026-08-17T17:00-07:00"
    assert parse_moment("8/14", NINE_PM).slot == "2026-08-14"
    assert describe("moment", "2026-08-17T17:00-07:00") == "Aug 17, 2026 at 5:00 PM"
    assert describe("moment", "2026-08-17T17:00-07:00", spoken=True) == "August 17, 2026 at 5:00 PM"
    assert describe("moment", "2026-08-14") == "Aug 14, 2026"


@pytest.mark.parametrize(
    ("text", "message_part"),
    [
        ("tomorrow at 5", "Aug 19, 2026 hasn't happened yet"),
        ("8/18 at 11pm", "hasn't come yet"),
        ("idk", "When did it start?"),
        ("", "When did it start?"),
    ],
)
def test_moments_that_need_asking_again(text: str, message_part: str) -> None:
    result = parse_moment(text, NINE_PM)
    assert result.value is None
    assert message_part in (result.error or "")


def test_elapsed_time_across_spring_forward_is_real_time() -> None:
    four_am = ParseContext(dt.datetime(2026, 3, 8, 11, 0, tzinfo=UTC))  # 4:00 AM PDT; 2-3 AM never happened
    moment = parse_moment("2 hours ago", four_am).value
    assert moment is not None
    assert moment.at == dt.datetime(2026, 3, 8, 9, 0, tzinfo=UTC)
    assert (moment.at.hour, moment.at.utcoffset()) == (1, dt.timedelta(hours=-8))  # 1:00 AM PST


def test_a_skipped_wall_clock_time_moves_forward_an_hour() -> None:
    noon = ParseContext(dt.datetime(2026, 3, 8, 12, 0, tzinfo=LA))
    moment = parse_moment("at 2:30am", noon).value
    assert moment is not None
    assert moment.at.isoformat() == "2026-03-08T03:30:00-07:00"
    assert localize(dt.date(2026, 3, 8), dt.time(2, 30), LA).isoformat() == "2026-03-08T03:30:00-07:00"


def test_a_repeated_wall_clock_time_is_the_first_one() -> None:
    noon = ParseContext(dt.datetime(2026, 11, 1, 12, 0, tzinfo=LA))
    moment = parse_moment("since 1:30am", noon).value
    assert moment is not None
    assert moment.at.isoformat() == "2026-11-01T01:30:00-07:00"
    assert moment.at.astimezone(UTC).hour == 8


def test_just_after_midnight_a_late_time_is_yesterday() -> None:
    after_midnight = ParseContext(dt.datetime(2026, 8, 19, 7, 30, tzinfo=UTC))  # 12:30 AM PDT, Aug 19
    moment = parse_moment("since 11pm", after_midnight).value
    assert moment is not None
    assert moment.at.isoformat() == "2026-08-18T23:00:00-07:00"


def test_a_number_word_after_at_with_no_minutes_is_no_time() -> None:
    assert parse_moment("at one point it stopped", NINE_PM).value is None

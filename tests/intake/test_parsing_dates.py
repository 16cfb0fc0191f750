"""Free-form dates relative to the message time in Los Angeles: explicit expected dates and boundaries."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from intake import ANY, FUTURE, ParseContext, find_date, normalize, parse_date

LA = ZoneInfo("America/Los_Angeles")
UTC = dt.timezone.utc


def ctx_at(
    year: int, month: int, day: int, hour: int = 12, minute: int = 0, tz: dt.tzinfo = LA
) -> ParseContext:
    return ParseContext(dt.datetime(year, month, day, hour, minute, tzinfo=tz))


TUESDAY = ctx_at(2026, 8, 18)  # Tuesday, August 18, 2026


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("today", dt.date(2026, 8, 18)),
        ("yesterday", dt.date(2026, 8, 17)),
        ("last night", dt.date(2026, 8, 17)),
        ("the day before yesterday", dt.date(2026, 8, 16)),
        ("2 days ago", dt.date(2026, 8, 16)),
        ("two days ago", dt.date(2026, 8, 16)),
        ("a couple days ago", dt.date(2026, 8, 16)),
        ("ten days ago", dt.date(2026, 8, 8)),
        ("a week ago", dt.date(2026, 8, 11)),
        ("3 weeks ago", dt.date(2026, 7, 28)),
        ("a month ago", dt.date(2026, 7, 18)),
        ("8/14", dt.date(2026, 8, 14)),
        ("8-14", dt.date(2026, 8, 14)),
        ("8/14/26", dt.date(2026, 8, 14)),
        ("8/14/2026", dt.date(2026, 8, 14)),
        ("8.14.26", dt.date(2026, 8, 14)),
        ("2026-08-14", dt.date(2026, 8, 14)),
        ("Aug 14th", dt.date(2026, 8, 14)),
        ("Aug. 14", dt.date(2026, 8, 14)),
        ("August 14 2026", dt.date(2026, 8, 14)),
        ("August 14, 2026", dt.date(2026, 8, 14)),
        ("14 Aug", dt.date(2026, 8, 14)),
        ("the 14th of August", dt.date(2026, 8, 14)),
        ("14 de agosto", dt.date(2026, 8, 14)),
        ("on the 14th", dt.date(2026, 8, 14)),
        ("ayer", dt.date(2026, 8, 17)),
        ("hace 2 dias", dt.date(2026, 8, 16)),
        ("it was pumped last Friday I think", dt.date(2026, 8, 14)),
        ("this past friday", dt.date(2026, 8, 14)),
        ("last fri", dt.date(2026, 8, 14)),
        ("Monday", dt.date(2026, 8, 17)),
        ("it was sunday the 9th not the 11th", dt.date(2026, 8, 9)),  # the day of the month says which Sunday
        ("el domingo 9", dt.date(2026, 8, 9)),
        ("a fortnight ago", dt.date(2026, 8, 4)),  # not in our grammar: dateparser
    ],
)
def test_dates_relative_to_a_tuesday(text: str, expected: dt.date) -> None:
    result = parse_date(text, TUESDAY)
    assert result.error is None
    assert result.value == expected
    assert result.slot == expected.isoformat()


@pytest.mark.parametrize(
    ("hour", "text", "expected"),
    [
        (10, "pump truck just left like 20 min ago (9:40ish)", dt.date(2026, 8, 18)),
        (10, "they finished an hour ago", dt.date(2026, 8, 18)),
        (10, "hace como 20 minutos se fue la pipa", dt.date(2026, 8, 18)),
        (10, "acabaron hace media hora", dt.date(2026, 8, 18)),
        (10, "11 hours ago", dt.date(2026, 8, 17)),  # before midnight: the day before
        (1, "a few hours ago", dt.date(2026, 8, 17)),
    ],
)
def test_minutes_or_hours_ago_is_the_day_of_that_moment(hour: int, text: str, expected: dt.date) -> None:
    now = ParseContext(now=dt.datetime(2026, 8, 18, hour, 0, tzinfo=ZoneInfo("America/Los_Angeles")))
    assert parse_date(text, now).value == expected


def test_last_tuesday_said_on_a_tuesday_is_a_week_ago_and_tuesday_is_today() -> None:
    assert parse_date("last Tuesday", TUESDAY).value == dt.date(2026, 8, 11)
    assert parse_date("tuesday", TUESDAY).value == dt.date(2026, 8, 18)
    assert parse_date("last Tuesday", ctx_at(2026, 8, 19)).value == dt.date(2026, 8, 18)


@pytest.mark.parametrize(
    ("now", "text", "expected"),
    [
        (ctx_at(2026, 3, 1), "yesterday", dt.date(2026, 2, 28)),
        (ctx_at(2028, 3, 1), "yesterday", dt.date(2028, 2, 29)),
        (ctx_at(2026, 1, 1), "2 days ago", dt.date(2025, 12, 30)),
        (ctx_at(2027, 1, 1), "12/31", dt.date(2026, 12, 31)),
        (ctx_at(2027, 1, 3), "12/28", dt.date(2026, 12, 28)),
        (ctx_at(2026, 9, 10), "the 31st", dt.date(2026, 8, 31)),
        (ctx_at(2026, 3, 5), "the 30th", dt.date(2026, 1, 30)),  # February has no 30th
        (ctx_at(2026, 3, 31), "a month ago", dt.date(2026, 2, 28)),
        (ctx_at(2028, 3, 1), "2/29", dt.date(2028, 2, 29)),
        (ctx_at(2028, 3, 1), "Feb 29, 2028", dt.date(2028, 2, 29)),
        (ctx_at(2028, 2, 29), "today", dt.date(2028, 2, 29)),
        (ctx_at(2026, 4, 30), "4/30", dt.date(2026, 4, 30)),
    ],
)
def test_month_ends_and_leap_days(now: ParseContext, text: str, expected: dt.date) -> None:
    assert parse_date(text, now).value == expected


@pytest.mark.parametrize(
    ("text", "message_part"),
    [
        ("2/30", "February has only 28 days (29 in a leap year)"),
        ("Feb 30", "February has only 28 days"),
        ("4/31", "April has only 30 days"),
        ("June 31", "June has only 30 days"),
        ("13/5", "There is no month 13"),
        ("14/8", "for example 8/14 for August 14"),
        ("5/0", "There is no day 0 in May"),
        ("2/29/2027", "2027 is not a leap year"),
        ("8/25", "Aug 25, 2026 hasn't happened yet (today is Aug 18, 2026)"),
        ("tomorrow", "hasn't happened yet"),
        ("next friday", "Aug 21, 2026 hasn't happened yet"),
        ("in august", "Which day in August?"),
        ("may", "Which day in May?"),
        ("last week", "Which day was that?"),
        ("a few days ago", "About how many days ago?"),
        ("I don't remember", "A best guess is fine"),
        ("14", "I couldn't read a date"),
        ("banana", "I couldn't read a date"),
        ("", "Please type a date"),
    ],
)
def test_impossible_vague_and_future_dates_ask_again(text: str, message_part: str) -> None:
    result = parse_date(text, TUESDAY)
    assert result.value is None
    assert result.error is not None and message_part in result.error
    assert result.error.endswith(".") or result.error.endswith("?")


def test_leap_day_without_a_year_outside_a_leap_year_asks_for_the_year() -> None:
    result = parse_date("2/29", ctx_at(2027, 3, 1))
    assert (
        result.error
        == "February 29 only exists in leap years. Which year do you mean? For example 2/29/2028."
    )
    assert parse_date("2/29/2028", ctx_at(2028, 2, 28)).error is not None  # tomorrow: in the future


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9/17", None),  # 30 days ahead: a slip, so ask
        ("9/18", dt.date(2025, 9, 18)),  # 31 days ahead: last year's
        ("8/19", None),
        ("12/25", dt.date(2025, 12, 25)),
    ],
)
def test_yearless_future_dates_roll_back_only_beyond_the_grace_period(
    text: str, expected: dt.date | None
) -> None:
    assert parse_date(text, TUESDAY).value == expected


def test_midnight_in_los_angeles_is_not_midnight_in_utc() -> None:
    late_evening = ParseContext(dt.datetime(2026, 8, 15, 5, 30, tzinfo=UTC))  # Aug 14, 10:30 PM PDT
    assert late_evening.today == dt.date(2026, 8, 14)
    assert parse_date("today", late_evening).value == dt.date(2026, 8, 14)
    assert parse_date("yesterday", late_evening).value == dt.date(2026, 8, 13)
    assert "hasn't happened yet" in (parse_date("8/15", late_evening).error or "")
    just_after = ParseContext(dt.datetime(2026, 8, 15, 7, 30, tzinfo=UTC))  # Aug 15, 12:30 AM PDT
    assert parse_date("today", just_after).value == dt.date(2026, 8, 15)
    in_utc = ParseContext(dt.datetime(2026, 8, 15, 5, 30, tzinfo=UTC), time_zone="UTC")
    assert parse_date("today", in_utc).value == dt.date(2026, 8, 15)


def test_dst_change_days_count_calendar_days() -> None:
    spring_forward = ParseContext(dt.datetime(2026, 3, 8, 10, 0, tzinfo=UTC))  # 3:00 AM PDT, just after
    assert spring_forward.local_now.utcoffset() == dt.timedelta(hours=-7)
    assert parse_date("today", spring_forward).value == dt.date(2026, 3, 8)
    assert parse_date("yesterday", spring_forward).value == dt.date(2026, 3, 7)
    fall_back = ParseContext(dt.datetime(2026, 11, 1, 9, 30, tzinfo=UTC))  # 1:30 AM PST, the second one
    assert fall_back.local_now.utcoffset() == dt.timedelta(hours=-8)
    assert parse_date("yesterday", fall_back).value == dt.date(2026, 10, 31)
    assert parse_date("a week ago", fall_back).value == dt.date(2026, 10, 25)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tomorrow", dt.date(2026, 8, 19)),
        ("next friday", dt.date(2026, 8, 21)),
        ("friday", dt.date(2026, 8, 21)),
        ("next tuesday", dt.date(2026, 8, 25)),
        ("8/14", dt.date(2027, 8, 14)),
        ("in 3 days", dt.date(2026, 8, 21)),
    ],
)
def test_future_tense(text: str, expected: dt.date) -> None:
    assert parse_date(text, TUESDAY, tense=FUTURE).value == expected


def test_future_tense_rejects_past_dates() -> None:
    assert "has already passed" in (parse_date("yesterday", TUESDAY, tense=FUTURE).error or "")


def test_find_date_reports_where_the_date_is() -> None:
    text = "Pumped on Aug 14, 1,000 gallons, ABC Hauling"
    result, (start, end) = find_date(text, TUESDAY)
    assert result.value == dt.date(2026, 8, 14)
    assert normalize(text)[start:end] == "aug 14"
    nothing, span = find_date("ABC Hauling came by", TUESDAY)
    assert (nothing.value, nothing.error, span) == (None, None, (0, 0))


def test_numbers_with_units_are_not_dates() -> None:
    for text in ("10-12 gallons", "7.5 gallons", "aug 14 2000 gallons"):
        result = parse_date(text, TUESDAY)
        assert result.value in (None, dt.date(2026, 8, 14)), text


def test_a_naive_now_or_an_unknown_tense_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        ParseContext(dt.datetime(2026, 8, 18, 12, 0))
    with pytest.raises(ValueError, match="tense"):
        parse_date("today", TUESDAY, tense="someday")


@pytest.mark.parametrize("said", ["our 2nd NOV", "me dieron 1 nov en inglewood"])
def test_a_count_of_notices_of_violation_is_no_day_of_november(said):
    december = ctx_at(2026, 12, 1)
    found, _ = find_date(said, december)
    assert found.value is None
    for day in ("our 2nd NOV, mailed nov 20", "the 20th of nov", "el 20 de nov"):
        assert find_date(day, december)[0].value == dt.date(2026, 11, 20), day


def test_a_date_before_a_colon_is_read_and_a_time_after_one_is_not():
    december = ctx_at(2026, 12, 1)
    found, _ = find_date("letter from the fog office dated 10/27: $480 charge", december)
    assert found.value == dt.date(2026, 10, 27)
    assert find_date("at 10/27:30 on the log", december)[0].value is None


@pytest.mark.parametrize(
    ("said", "day", "span"),
    [
        ("the bill's dated November tenth. when's it due?", dt.date(2026, 11, 10), "november tenth"),
        ("november the twenty-first", dt.date(2026, 11, 21), "november the twenty-first"),
        ("on the thirty-first of october", dt.date(2026, 10, 31), "the thirty-first of october"),
        ("dated oct second, 2025", dt.date(2025, 10, 2), "oct second, 2025"),
    ],
)
def test_a_day_said_as_an_ordinal_word_beside_its_month_is_read(said, day, span):
    found, (start, end) = find_date(said, ctx_at(2026, 12, 1))
    assert found.value == day
    assert normalize(said)[start:end] == span  # the span is the words said


@pytest.mark.parametrize("said", ["we may first need a permit", "the first pump of the year", "first time"])
def test_an_ordinal_word_that_is_no_day_of_a_month_is_no_date(said):
    assert find_date(said, ctx_at(2026, 12, 1))[0].value is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a day of this month still to come, but its weekday says the month before (Nov 28, 2026: a Saturday)
        ("pumper came sat the 28th around 4pm", dt.date(2026, 11, 28)),
        ("el lunes 16 se nos tapo el drenaje", dt.date(2026, 11, 16)),
        ("monday the 30th", dt.date(2026, 11, 30)),
        ("tues. the 15th", dt.date(2026, 12, 15)),  # this month's fits its weekday
    ],
)
def test_a_weekday_with_the_day_of_the_month_picks_the_month_it_falls_in(text, expected):
    assert find_date(normalize(text), ctx_at(2026, 12, 1), ANY)[0].value == expected


@pytest.mark.parametrize(
    ("text", "tense", "expected"),
    [
        ("after new years", FUTURE, dt.date(2027, 1, 1)),
        ("new year's day", FUTURE, dt.date(2027, 1, 1)),
        ("despues de año nuevo", FUTURE, dt.date(2027, 1, 1)),
        ("by christmas", FUTURE, dt.date(2026, 12, 25)),
        ("xmas eve", FUTURE, dt.date(2026, 12, 24)),
        ("para navidad", FUTURE, dt.date(2026, 12, 25)),
        ("new years eve", FUTURE, dt.date(2026, 12, 31)),
        ("it was pumped the 4th of july", ANY, dt.date(2026, 7, 4)),
        # texting shorthand "d" for "de": the month, not the last 15th
        ("lo limpiaron el 15 d sept", ANY, dt.date(2026, 9, 15)),
    ],
)
def test_fixed_holidays_are_their_days(text, tense, expected):
    """People date things by the holidays that fall on a fixed day: "if i pay it after new years"."""
    found, _ = find_date(text, ctx_at(2026, 12, 1), tense)
    assert found.value == expected, found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the day named after a rough count back is the day (w45-c013); the count alone stays the count
        ("two weeks ago, monday the 16th, we had grease backing up", dt.date(2026, 11, 16)),
        ("hace dos semanas, el lunes 16, se tapo el drenaje", dt.date(2026, 11, 16)),
        ("two weeks ago we had a spill", dt.date(2026, 11, 17)),
        ("two weeks ago, on the 1st", dt.date(2026, 11, 17)),  # today is no day two weeks back
    ],
)
def test_a_day_said_beside_a_rough_count_back_is_the_day(text, expected) -> None:
    result, _ = find_date(text, ctx_at(2026, 12, 1, 10))
    assert result.value == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # how long since, said forward (w45-c018), is the day that many back
        ("we're on day 88 since the last one tho", dt.date(2026, 9, 4)),
        ("its been 88 days since the interceptor was pumped", dt.date(2026, 9, 4)),
        ("it has been 3 weeks since they came", dt.date(2026, 11, 10)),
        ("llevamos 88 dias desde la ultima limpieza", dt.date(2026, 9, 4)),
    ],
)
def test_the_time_since_said_forward_is_the_day_that_many_back(text, expected) -> None:
    result, (start, end) = find_date(text, ctx_at(2026, 12, 1, 10))
    assert result.value == expected
    assert normalize(text)[start:end].strip()  # a span of the text as written

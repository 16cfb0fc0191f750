"""Every parser's time is bounded whatever it is sent: input over the cap is refused at once, and input up to
the cap is read in bounded time, with no exception, on the inputs that used to backtrack (long digit runs).

The time bounds are generous (measured worst cases are 30-50 times faster on the project's 2-core machine):
they catch quadratic regressions (a 10,000-digit answer once took 6-13 s), not ordinary speed changes.
"""

from __future__ import annotations

import datetime as dt
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake.core import ParseContext
from intake.values import MAX_ANSWER_CHARS, MAX_TEXT_CHARS, PARSERS, parse

CTX = ParseContext(now=dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.timezone.utc))
BOUND_SECONDS = 1.0

WORST_CASES = {
    "digits": "1",
    "spaced digits": "1 ",
    "slashes": "12/",
    "dots": "1.",
    "dashes": "760-",
    "number words": "seventy seven hundred ",
    "times": "10:30 a.m. ",
    "units": "12 gal 3 yd ",
    "spanish": "hace dos dias ",
    "brackets": "(",
}


def repeated(unit: str, length: int) -> str:
    return (unit * (length // len(unit) + 1))[:length]


def timed(parser: str, text: str):
    started = time.perf_counter()
    result = parse(parser, text, CTX)
    return result, time.perf_counter() - started


@pytest.mark.parametrize("parser", sorted(PARSERS))
@pytest.mark.parametrize("case", sorted(WORST_CASES))
def test_ten_thousand_characters_are_refused_at_once(parser, case):
    result, seconds = timed(parser, repeated(WORST_CASES[case], 10_000))
    assert not result.ok and "characters long" in result.error
    assert seconds < 0.05


@pytest.mark.parametrize("parser", sorted(PARSERS))
@pytest.mark.parametrize("case", sorted(WORST_CASES))
def test_the_longest_accepted_answer_is_read_in_bounded_time(parser, case):
    limit = MAX_TEXT_CHARS if parser == "text" else MAX_ANSWER_CHARS
    result, seconds = timed(parser, repeated(WORST_CASES[case], limit))
    assert result.ok or result.error
    assert seconds < BOUND_SECONDS, f"{parser} took {seconds:.2f} s on {case!r}"


PIECES = [*"0123456789 ,./:-()ampgalydhrs$#é", "one ", "hundred ", "seventy ", "gallons ", "yards "]
ANSWERISH = st.lists(st.sampled_from(PIECES), max_size=400).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parser=st.sampled_from(sorted(PARSERS)), text=ANSWERISH.map(lambda t: t[:MAX_ANSWER_CHARS]))
def test_any_answer_up_to_the_cap_is_read_in_bounded_time_without_an_exception(parser, text):
    result, seconds = timed(parser, text)
    assert result.ok or isinstance(result.error, str)
    assert seconds < BOUND_SECONDS

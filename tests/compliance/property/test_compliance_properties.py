"""Hypothesis properties: working-day deadlines land on working days, nothing is due before its trigger,
later service never gives an earlier due date."""

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from compliance import (
    Event,
    FacilityEvents,
    FacilityProfile,
    deadline,
    obligations,
    service_due,
    spill_deadline,
)
from compliance.calendar import default_calendar
from compliance.clocks import clocks_for
from compliance.core import City, Device
from compliance.victorville.organics import GeneratorType

DAYS = st.dates(min_value=dt.date(2015, 1, 1), max_value=dt.date(2035, 12, 31))
CITIES = st.sampled_from(list(City))
CAL = default_calendar()
FAST = settings(max_examples=150, deadline=None)


@FAST
@given(DAYS, CITIES)
def test_spill_deadline_is_a_working_day_five_working_days_later(incident, city):
    result = spill_deadline(city, incident)
    assert CAL.is_working_day(result.deadline)
    assert result.deadline > incident
    between = [incident + dt.timedelta(days=n) for n in range(1, (result.deadline - incident).days + 1)]
    assert sum(CAL.is_working_day(d) for d in between) == 5
    assert (result.deadline - incident).days <= 5 + 2 * 2 + 4  # at most two weekends and a few holidays


@FAST
@given(DAYS, st.integers(min_value=0, max_value=30))
def test_add_working_days_lands_on_a_working_day(start, count):
    due = CAL.add_working_days(start, count)
    assert due >= start
    if count:
        assert CAL.is_working_day(due)


@FAST
@given(DAYS, CITIES, st.data())
def test_no_clock_is_due_before_its_trigger(start, city, data):
    clock = data.draw(st.sampled_from(sorted(clocks_for(city).values(), key=lambda c: c.key)))
    result = deadline(city, clock.key, start)
    if clock.counts_back:
        assert result.due < start  # advance notices are the documented exception
    else:
        assert result.due >= start


FREQUENCIES = {
    City.VICTORVILLE: st.sampled_from([None, 30, 60, 90, 120, 180]),
    City.INGLEWOOD: st.one_of(st.none(), st.integers(min_value=1, max_value=400)),
}


@FAST
@given(
    CITIES, DAYS, st.integers(min_value=0, max_value=400), st.integers(min_value=0, max_value=400), st.data()
)
def test_later_service_never_gives_an_earlier_due_date(city, first, gap, age, data):
    frequency = data.draw(FREQUENCIES[city])
    later = first + dt.timedelta(days=gap)
    today = later + dt.timedelta(days=age)
    early = service_due(city, Device.INTERCEPTOR, first, today, frequency)
    late = service_due(city, Device.INTERCEPTOR, later, today, frequency)
    assert late.due >= early.due
    assert early.due > first and late.due > later  # nothing due before the service that starts the clock
    assert late.days_left == (late.due - today).days


@FAST
@given(DAYS, st.lists(DAYS, max_size=6), st.lists(DAYS, max_size=3), st.lists(DAYS, max_size=3), CITIES)
def test_obligations_never_fall_due_before_their_trigger(today, services, spills, hires, city):
    profile = FacilityProfile(
        name="Prop",
        city=city,
        device=Device.INTERCEPTOR,
        seats=40,
        generator=GeneratorType.COMMERCIAL if city is City.VICTORVILLE else None,
    )
    events = FacilityEvents(
        services=tuple(Event(d) for d in services),
        spills=tuple(Event(d) for d in spills),
        hires=tuple(Event(d) for d in hires),
        invoices=tuple(Event(d, amount=100) for d in spills),
        permit_issued=min(services, default=None),
    )
    for obligation in obligations(profile, events, today):
        if obligation.due is not None and obligation.trigger_date is not None:
            assert obligation.due >= obligation.trigger_date, obligation
        if obligation.trigger_date is not None:
            assert obligation.trigger_date <= today

"""Shared helpers for the compliance tests (no __init__.py here: a package named ``compliance`` under tests/
would shadow the real one)."""

import pytest

from compliance.calendar import WorkingDayCalendar


@pytest.fixture
def weekends_only() -> WorkingDayCalendar:
    """A calendar with no holidays, to show the injected calendar is what counts."""
    return WorkingDayCalendar.from_dates({}, description="weekends only")

"""How dates read for people in these cities (US English), whatever the process locale: one home for the
month and weekday names that replies, reasons, read-backs and speech use."""

from __future__ import annotations

import datetime as dt

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def long_date(day: dt.date) -> str:
    """``2026-03-03`` → ``"March 3, 2026"``."""
    return f"{MONTH_NAMES[day.month - 1]} {day.day}, {day.year}"


def short_date(day: dt.date) -> str:
    """``2026-08-14`` → ``"Aug 14, 2026"`` (where space is short: SMS read-backs)."""
    return f"{MONTH_NAMES[day.month - 1][:3]} {day.day}, {day.year}"


def spoken_date(day: dt.date) -> str:
    """``2027-03-03`` → ``"Wednesday, March 3, 2027"`` (for the voice line)."""
    return f"{WEEKDAY_NAMES[day.weekday()]}, {long_date(day)}"

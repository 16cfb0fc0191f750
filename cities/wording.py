"""How dates read for people in these cities, in the reply's language (US English, or Spanish), whatever the
process locale: one home for the month and weekday names that replies, reasons, read-backs and speech use."""

from __future__ import annotations

import datetime as dt

from languages import SPANISH, current

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
SPANISH_MONTH_NAMES = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio",
    "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
)  # fmt: skip
SPANISH_WEEKDAY_NAMES = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")


def long_date(day: dt.date) -> str:
    """``2026-03-03`` → ``"March 3, 2026"`` (Spanish: ``"3 de marzo de 2026"``)."""
    if current() == SPANISH:
        return f"{day.day} de {SPANISH_MONTH_NAMES[day.month - 1]} de {day.year}"
    return f"{MONTH_NAMES[day.month - 1]} {day.day}, {day.year}"


def month_and_year(day: dt.date) -> str:
    """``2025-03-31`` → ``"March 2025"`` (Spanish: ``"marzo de 2025"``)."""
    if current() == SPANISH:
        return f"{SPANISH_MONTH_NAMES[day.month - 1]} de {day.year}"
    return f"{MONTH_NAMES[day.month - 1]} {day.year}"


def short_date(day: dt.date) -> str:
    """``2026-08-14`` → ``"Aug 14, 2026"`` (SMS read-backs; Spanish ``"14 ago 2026"``)."""
    if current() == SPANISH:
        return f"{day.day} {SPANISH_MONTH_NAMES[day.month - 1][:3]} {day.year}"
    return f"{MONTH_NAMES[day.month - 1][:3]} {day.day}, {day.year}"


def spoken_date(day: dt.date) -> str:
    """``2027-03-03`` → ``"Wednesday, March 3, 2027"`` (for the voice line; Spanish ``"miércoles 3 de marzo
    de 2027"``)."""
    if current() == SPANISH:
        return f"{SPANISH_WEEKDAY_NAMES[day.weekday()]} {long_date(day)}"
    return f"{WEEKDAY_NAMES[day.weekday()]}, {long_date(day)}"

"""Service frequencies: "every 90 days", "90", "quarterly", "every 3 months", "monthly", or not known.

Holds :class:`ServiceFrequency` and :func:`parse_frequency`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from intake.core import ParseResult, _fail, _ok, normalize
from intake.numbers import NUMBER_PATTERN, _count_from
from intake.quantities import _RE_UNSURE_AMOUNT


@dataclass(frozen=True)
class ServiceFrequency:
    """How often the device is serviced, in days or months as the user said it; both None: not known."""

    days: int | None = None
    months: int | None = None

    @property
    def known(self) -> bool:
        return self.days is not None or self.months is not None

    @property
    def approx_days(self) -> int | None:
        """Days, counting a month as 30 (so monthly … every six months give 30, 60, 90, 120, 180)."""
        if self.days is not None:
            return self.days
        return None if self.months is None else self.months * 30

    def describe(self) -> str:
        if self.days is not None:
            return f"every {self.days} days"
        if self.months is not None:
            return "every month" if self.months == 1 else f"every {self.months} months"
        return "not known"

    def to_slot(self) -> dict[str, int | None]:
        return {"days": self.days, "months": self.months}

    @classmethod
    def from_slot(cls, value: Mapping[str, Any]) -> ServiceFrequency:
        return cls(value.get("days"), value.get("months"))


_FREQUENCY_WORDS = (
    (r"\bweekly\b|\bevery\s+week\b|\bonce\s+a\s+week\b", 7, None),
    (r"\bbi-?weekly\b|\bevery\s+(?:other|two)\s+weeks?\b", 14, None),
    (r"\bmonthly\b|\bevery\s+month\b|\bonce\s+a\s+month\b", None, 1),
    (r"\bbi-?monthly\b|\bevery\s+other\s+month\b", None, 2),
    (r"\bquarterly\b|\bevery\s+quarter\b|\b(?:4|four)\s+times\s+a\s+year\b", None, 3),
    (r"\b(?:3|three)\s+times\s+a\s+year\b", None, 4),
    (r"\bsemi-?annual(?:ly)?\b|\btwice\s+a\s+year\b|\b(?:2|two)\s+times\s+a\s+year\b", None, 6),
    (r"\bannual(?:ly)?\b|\byearly\b|\bonce\s+a\s+year\b|\bevery\s+year\b", None, 12),
)


def parse_frequency(text: str) -> ParseResult[ServiceFrequency]:
    """``every 90 days``, ``90``, ``quarterly``, ``every 3 months``, ``monthly``; "don't know" is allowed."""
    normalized = normalize(text)
    if _RE_UNSURE_AMOUNT.search(normalized) or re.search(
        r"\b(?:never\s+set|no\s+frequency|not\s+set)\b", normalized
    ):
        return _ok(ServiceFrequency())
    for pattern, days, months in _FREQUENCY_WORDS:
        if re.search(pattern, normalized):
            return _ok(ServiceFrequency(days, months))
    if match := re.search(rf"(?P<n>{NUMBER_PATTERN})?\s*-?\s*(?P<unit>days?|weeks?|months?)\b", normalized):
        n = _count_from(match.group("n") or "1")
        if n is None or n < 1:
            return _fail("Please give a whole number, for example every 90 days.")
        unit = match.group("unit")
        if unit.startswith("day"):
            return _ok(ServiceFrequency(days=n))
        if unit.startswith("week"):
            return _ok(ServiceFrequency(days=7 * n))
        return _ok(ServiceFrequency(months=n))
    if match := re.fullmatch(r"(?:every\s+)?(\d{1,3})", normalized.strip(" .")):
        return _ok(ServiceFrequency(days=int(match.group(1))))
    return _fail("How often is it serviced? For example every 90 days, or say you don't know.")

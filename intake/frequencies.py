"""Service frequencies: "every 90 days", "90", "quarterly", "every 3 months", "monthly", or not known; in
Spanish too ("cada 90 dias", "cada tres meses", "mensual", "una vez al mes", "no se").

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
from languages import t


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
            return t("every {days} days", days=self.days)
        if self.months is not None:
            return t("every month") if self.months == 1 else t("every {months} months", months=self.months)
        return t("not known")

    def to_slot(self) -> dict[str, int | None]:
        return {"days": self.days, "months": self.months}

    @classmethod
    def from_slot(cls, value: Mapping[str, Any]) -> ServiceFrequency:
        return cls(value.get("days"), value.get("months"))


_A = r"(?:al|a\s+la|por|cada)"  # Spanish "a" in "una vez al mes", "dos veces por semana"
_FREQUENCY_WORDS = (
    (r"\bweekly\b|\bevery\s+week\b|\bonce\s+a\s+week\b", 7, None),
    (r"\bbi-?weekly\b|\bevery\s+(?:other|two)\s+weeks?\b", 14, None),
    (r"\bmonthly\b|\bevery\s+month\b|\bonce\s+a\s+month\b", None, 1),
    (r"\bbi-?monthly\b|\bevery\s+other\s+month\b", None, 2),
    (r"\bquarterly\b|\bevery\s+quarter\b|\b(?:4|four)\s+times\s+a\s+year\b", None, 3),
    (r"\b(?:3|three)\s+times\s+a\s+year\b", None, 4),
    (r"\bsemi-?annual(?:ly)?\b|\btwice\s+a\s+year\b|\b(?:2|two)\s+times\s+a\s+year\b", None, 6),
    (r"\bannual(?:ly)?\b|\byearly\b|\bonce\s+a\s+year\b|\bevery\s+year\b", None, 12),
    (rf"\bsemanal(?:mente)?\b|\bcada\s+semana\b|\buna\s+vez\s+{_A}\s+semana\b", 7, None),
    (r"\bquincenal(?:mente)?\b|\bcada\s+(?:dos|2|otra)\s+semanas?\b|\bcada\s+15\s+d[ií]as\b", 14, None),
    (rf"\bmensual(?:mente)?\b|\bcada\s+mes\b|\buna\s+vez\s+{_A}\s+mes\b", None, 1),
    (r"\bbimestral(?:mente)?\b|\bcada\s+(?:dos|2|otro)\s+mes(?:es)?\b", None, 2),
    (rf"\btrimestral(?:mente)?\b|\bcada\s+trimestre\b|\b(?:4|cuatro)\s+veces\s+{_A}\s+a[ñn]o\b", None, 3),
    (rf"\b(?:3|tres)\s+veces\s+{_A}\s+a[ñn]o\b|\bcuatrimestral\b", None, 4),
    (rf"\bsemestral(?:mente)?\b|\b(?:2|dos)\s+veces\s+{_A}\s+a[ñn]o\b", None, 6),
    (rf"\banual(?:mente)?\b|\bcada\s+a[ñn]o\b|\buna\s+vez\s+{_A}\s+a[ñn]o\b", None, 12),
)
_RE_NOT_SET = re.compile(
    r"\b(?:never\s+set|no\s+frequency|not\s+set)\b|\bno\s+(?:lo\s+)?(?:dice|indica)\b|\bno\s+tiene\s+frecuencia\b"
)


def parse_frequency(text: str) -> ParseResult[ServiceFrequency]:
    """``every 90 days``, ``90``, ``quarterly``, ``every 3 months``, ``monthly``; "don't know" is allowed."""
    normalized = normalize(text)
    if _RE_UNSURE_AMOUNT.search(normalized) or _RE_NOT_SET.search(normalized):
        return _ok(ServiceFrequency())
    for pattern, days, months in _FREQUENCY_WORDS:
        if re.search(pattern, normalized):
            return _ok(ServiceFrequency(days, months))
    if match := re.search(
        rf"(?P<n>{NUMBER_PATTERN})?\s*-?\s*(?P<unit>\b(?:days?|weeks?|months?|d[ií]as?|semanas?|mes(?:es)?))\b",
        normalized,
    ):
        n = _count_from(match.group("n") or "1")
        if n is None or n < 1:
            return _fail(t("Please give a whole number, for example every 90 days."))
        unit = match.group("unit")
        if unit.startswith(("day", "dia", "día")):
            return _ok(ServiceFrequency(days=n))
        if unit.startswith(("week", "semana")):
            return _ok(ServiceFrequency(days=7 * n))
        return _ok(ServiceFrequency(months=n))
    if match := re.fullmatch(r"(?:every\s+|cada\s+)?(\d{1,3})", normalized.strip(" .")):
        return _ok(ServiceFrequency(days=int(match.group(1))))
    return _fail(t("How often is it serviced? For example every 90 days, or say you don't know."))

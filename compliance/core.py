"""Shared machinery for every jurisdiction module: results, money and statuses (cities: ``cities``).

Each rule module returns a frozen dataclass derived from :class:`Result`, so every answer carries the
ordinance ``citation`` it rests on and a one-sentence plain-language ``reason``. ``to_dict()`` gives the
JSON-ready form used by the CLI, the action server and the golden snapshots: dates become ISO strings,
enums their values and money plain numbers (``250`` or ``34.5``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from typing import Any

from cities import INGLEWOOD_SECTIONS, City, UnknownCity, inglewood, victorville
from languages import N_, t

__all__ = ["INGLEWOOD_SECTIONS", "City", "inglewood", "victorville"]  # re-exported for the rule modules


class ComplianceError(ValueError):
    """Input a rule cannot answer for; the message is one sentence a user can act on."""


def parse_city(value: City | str) -> City:
    """The city a value names; a :class:`ComplianceError` a user can act on when it names neither."""
    try:
        return City.parse(value)
    except UnknownCity as error:
        raise ComplianceError(str(error)) from None


class Status(str, Enum):
    """Where an obligation stands on a given day."""

    COMPLIANT = "compliant"
    DUE_SOON = "due_soon"
    OVERDUE = "overdue"
    NEVER_SERVICED = "never_serviced"
    ONGOING = "ongoing"  # a standing duty with no single due date (e.g. keep containers labelled)
    DONE = "done"  # the triggering event's clock has been satisfied or has passed harmlessly


DUE_SOON_DAYS = 14
"""A dated obligation is "due soon" when its due date is 0 to 14 days away (inclusive).

Not from any ordinance: a product choice, two weeks being enough to book a grease hauler.
"""


def status_for(due: dt.date, today: dt.date, due_soon_days: int = DUE_SOON_DAYS) -> Status:
    """Compliant, due soon (``0 <= days_left <= due_soon_days``) or overdue (``days_left < 0``)."""
    days_left = (due - today).days
    if days_left < 0:
        return Status.OVERDUE
    if days_left <= due_soon_days:
        return Status.DUE_SOON
    return Status.COMPLIANT


def money(value: Decimal | int | float | str) -> Decimal:
    """Round to cents, half up, as invoices do."""
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def plain_number(value: Decimal) -> int | float:
    """``Decimal("250.00")`` → ``250``; ``Decimal("34.50")`` → ``34.5`` (JSON numbers, never strings)."""
    if value == value.to_integral_value():
        return int(value)
    return float(value)


def to_plain(value: Any) -> Any:
    """Recursively convert dataclasses, dates, enums, decimals and tuples to JSON-ready values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return plain_number(value)
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    return value


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result:
    """Base of every rule answer: the ordinance text it rests on and why, in one plain sentence."""

    citation: str
    reason: str
    see_also: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: the answer's own fields first, then ``citation``, ``see_also`` and ``reason``."""
        plain = to_plain(self)
        tail = {key: plain.pop(key) for key in ("citation", "see_also", "reason")}
        return {**plain, **tail}


@dataclasses.dataclass(frozen=True, kw_only=True)
class Obligation(Result):
    """Something a facility must do, by when, and where it stands on ``today``.

    ``key`` is a stable machine name (``"interceptor_service"``); ``what`` is the human label; ``due`` is
    ``None`` for standing duties (status ``ongoing``); ``trigger`` names the event that started the clock.
    """

    key: str
    what: str
    due: dt.date | None
    status: Status
    trigger: str | None = None
    trigger_date: dt.date | None = None


class Device(str, Enum):
    """Grease control devices the service clocks know about."""

    INTERCEPTOR = "interceptor"
    TRAP = "trap"

    @classmethod
    def parse(cls, value: Device | str) -> Device:
        if isinstance(value, Device):
            return value
        key = str(value).strip().lower().replace("grease", "").replace("_", " ").replace("-", " ").strip()
        for device in cls:
            if device.value == key:
                return device
        raise ComplianceError(t("Unknown device {value!r}: use 'interceptor' or 'trap'.", value=value))


@dataclasses.dataclass(frozen=True)
class ServiceRule:
    """How often a device must be serviced in one city, and the text that says so.

    ``ceiling`` is an outer limit that applies whatever the assigned frequency (Inglewood's six months).
    ``basis`` completes the sentence "Service is due every <interval> because ...".
    """

    shift: Any  # a compliance.shifts shift (kept as Any here to avoid an import cycle)
    citation: str
    basis: str
    ceiling: Any = None
    ceiling_citation: str | None = None


def dollars(value: Decimal | int) -> str:
    """``Decimal("1000.00")`` → ``"$1,000"``; ``Decimal("16.5")`` → ``"$16.50"`` (for reasons, not data)."""
    amount = Decimal(value)
    if amount == amount.to_integral_value():
        return f"${int(amount):,}"
    return f"${amount:,.2f}"


# --------------------------------------------------------------------------------------------------------
# Administrative civil penalty caps (each city keeps its own table)
# --------------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PenaltyCap:
    key: str
    violation: str  # English, marked N_: written in the reply's language in a PenaltyCapResult
    amount: Decimal
    per: str  # "day" or "gallon"
    citation: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class PenaltyCapResult(Result):
    amount: Decimal
    per: str
    units: int
    violation: str


def penalty_cap(caps: Mapping[str, PenaltyCap], kind: str, units: int = 1) -> PenaltyCapResult:
    """The most an administrative civil penalty of ``kind`` may be for ``units`` days (or gallons, for a
    cap per gallon), by a city's table of ``caps``."""
    if kind not in caps:
        raise ComplianceError(
            t(
                "Unknown penalty kind {kind!r}: use one of {kinds}.",
                kind=kind,
                kinds=", ".join(caps),
            )
        )
    if units < 1:
        raise ComplianceError(
            t("The number of days or gallons must be at least 1; got {units}.", units=units)
        )
    cap = caps[kind]
    total = cap.amount * units
    violation = t(cap.violation)
    if cap.per == "gallon":
        template = (
            N_(
                "For {violation}, an administrative civil penalty may not exceed {cap} per gallon, so at "
                "most "
                "{total} for {units} gallon."
            )
            if units == 1
            else N_(
                "For {violation}, an administrative civil penalty may not exceed {cap} per gallon, so at "
                "most "
                "{total} for {units} gallons."
            )
        )
    else:
        template = (
            N_(
                "For {violation}, an administrative civil penalty may not exceed {cap} per day, so at most "
                "{total} for {units} day."
            )
            if units == 1
            else N_(
                "For {violation}, an administrative civil penalty may not exceed {cap} per day, so at most "
                "{total} for {units} days."
            )
        )
    return PenaltyCapResult(
        amount=total,
        per=cap.per,
        units=units,
        violation=violation,
        citation=cap.citation,
        reason=t(template, violation=violation, cap=dollars(cap.amount), total=dollars(total), units=units),
    )

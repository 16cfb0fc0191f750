"""Which rule a message asks about, its parameters read from the message, and the result in words.

Each reader looks for the words that name its rule and the values it needs; the first one whose values are
all in the message answers. A reader never guesses a missing value: no date, no computation.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

import compliance
from cities.wording import long_date
from compliance.core import dollars, parse_city
from intake.core import ANY, FUTURE, ParseContext, normalize
from intake.dates import find_date
from intake.quantities import find_quantity
from languages import N_, t

_PUMPED = re.compile(r"\b(?:pump(?:ed|ing)?|clean(?:ed)?\s*out|cleaned|serviced|emptied|vacuumed)\b", re.I)
_NEXT = re.compile(r"\b(?:when|next|due|again|how long until|by when|how often)\b", re.I)
_TRAP = re.compile(  # a grease trap (under a sink, indoors), not an interceptor
    r"\b(?:under (?:the|my|our|a) (?:[\w-]+ ){0,2}sink|(?:small|little|lil|indoor|inside|under[- ]?sink) "
    r"(?:grease )?trap|trap under|hydro ?mechanical)\b",
    re.I,
)
# "every 60 days", "our permit says 120" (a bare number after the permit is a number of days: 30 to 180)
_PERMIT_DAYS = re.compile(
    r"\b(?:permit|schedule|frequency|every)\D{0,30}?(\d{2,3})\s*days?\b"
    r"|\bpermit\s+(?:says|said|is|has|reads|lists|sets)\s+(?:every\s+)?(\d{2,3})\b(?!\s*(?:gal|seat|sq|%|\$))",
    re.I,
)
_INVOICE = re.compile(r"\b(?:invoice|bill|billed|fee)\b", re.I)
_UNPAID = re.compile(
    r"\b(?:unpaid|not paid|haven'?t paid|didn'?t pay|late|owe|overdue|penalt(?:y|ies))\b", re.I
)
_DOLLARS = re.compile(r"\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?")
_NOV = re.compile(
    r"\b(?P<n>1st|first|2nd|second|3rd|third|4th|fourth|5th|fifth)\s+"
    r"(?:nov|notice of violation|violation|ticket)s?\b",
    re.I,
)
_ORDINALS = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4}
_ORDINALS |= {"5th": 5, "fifth": 5}
_COST = re.compile(r"\b(?:fee|fine|cost|charge|penalty|how much|pay)\b", re.I)
_SEATS = re.compile(r"\b(\d{1,4})\s*(?:seats?|seating|chairs)\b", re.I)
_DRIVE_THRU = re.compile(r"\bdrive[\s-]?(?:thru|through|in)\b", re.I)
_NO_DRIVE_THRU = re.compile(r"\bno drive[\s-]?(?:thru|through)\b", re.I)
_ANNUAL = re.compile(r"\b(?:annual|yearly|every year|per year|inspection fee|control fee|permit fee)\b", re.I)
_SPILL = re.compile(r"\b(?:spill|overflow(?:ed)?|backup|backed up|sso|sewage)\b", re.I)
_WRITTEN = re.compile(
    r"\b(?:written|in writing|letter|report|confirmation|follow[\s-]?up|paperwork|send|submit)\b", re.I
)
_YARDS = re.compile(r"\b(?:yards?|yds?|cubic)\b", re.I)
DEVICE_NAMES = {"trap": N_("trap"), "interceptor": N_("interceptor")}
"""The device a pump-out answer names ("Your next trap service ..."), by the core's device key."""


@dataclass(frozen=True)
class Computed:
    """The result first, then the reason; ``citation`` is the section it rests on."""

    kind: str
    text: str
    citation: str


Reader = Callable[[str, str | None, ParseContext], "Computed | None"]


def compute(text: str, city: str | None, now: dt.datetime) -> Computed | None:
    """The computed answer to ``text`` for ``city`` (None when no rule's values are all in the message)."""
    ctx = ParseContext(now=now)
    for reader in _READERS:
        try:
            found = reader(text, city, ctx)
        except compliance.ComplianceError:
            found = None  # values the rule refuses (a future service date, ...): answer from the text instead
        if found is not None:
            return found
    return None


def _service_due(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if city is None or not (_PUMPED.search(text) and _NEXT.search(text)) or _SPILL.search(text):
        return None  # "it overflowed yesterday, all cleaned up, what now?" is a spill, not a pump-out
    served, _ = find_date(text, ctx)
    if not served.ok or served.value is None:
        return None
    device = "trap" if _TRAP.search(text) else "interceptor"
    frequency = int(m.group(1) or m.group(2)) if (m := _PERMIT_DAYS.search(text)) else None
    result = compliance.service_due(city, device, served.value, ctx.today, frequency)
    if result.due is None:
        return None
    name, due, days = t(DEVICE_NAMES[device]), long_date(result.due), result.days_left
    if days is not None and days > 0:
        lead = t(
            "Your next {device} service is due by {date} ({days} days from today).",
            device=name,
            date=due,
            days=days,
        )
    elif days is not None and days < 0:
        lead = t(
            "Your next {device} service is due by {date}, so it is overdue by {days} days.",
            device=name,
            date=due,
            days=-days,
        )
    else:
        lead = t("Your next {device} service is due by {date}.", device=name, date=due)
    parts = [lead, result.reason]
    if result.manifest_due is not None and result.manifest_due >= ctx.today:
        parts.append(
            t("The manifest for that service is due by {date}.", date=long_date(result.manifest_due))
        )
    return Computed("service_due", " ".join(parts), result.citation)


def _late_fee(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if city != "inglewood" or not (_INVOICE.search(text) and _UNPAID.search(text)):
        return None
    amount = _dollars(text)
    invoiced, _ = find_date(text, ctx)
    if amount is None or not invoiced.ok or invoiced.value is None:
        return None
    fee = compliance.late_fee(invoiced.value, amount, ctx.today)
    if fee.delinquent:
        lead = t(
            "As of today you owe {total}: the {invoice} invoice plus {penalties} in late penalties.",
            total=dollars(fee.total_due),
            invoice=dollars(fee.base_amount),
            penalties=dollars(fee.amount),
        )
    else:
        lead = t(
            "No penalty yet: pay the {amount} by {date}.",
            amount=dollars(fee.base_amount),
            date=long_date(fee.pay_by),
        )
    return Computed("late_fee", f"{lead} {fee.reason}", fee.citation)


def _nov_fee(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    match = _NOV.search(text)
    if city != "inglewood" or match is None or not _COST.search(text):
        return None
    result = compliance.nov_fee(_ORDINALS[match.group("n").lower()])
    return Computed("nov_fee", f"{dollars(result.amount)}. {result.reason}", result.citation)


def _annual_fee(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    seats = _SEATS.search(text)
    drive_thru = bool(_DRIVE_THRU.search(text)) and not _NO_DRIVE_THRU.search(text)
    if city != "inglewood" or not (_ANNUAL.search(text) or _COST.search(text)) or not (seats or drive_thru):
        return None
    result = compliance.annual_fee(int(seats.group(1)) if seats else None, drive_thru)
    lead = t("Your annual fee is {amount}: {reason}", amount=dollars(result.amount), reason=result.reason)
    return Computed("annual_fee", lead, result.citation)


def _deminimis(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if city == "inglewood" or not _YARDS.search(text):
        return None
    yards, gallons = _said_in(text, "yd3"), _said_in(text, "gal")
    if yards is None or gallons is None:
        return None
    result = compliance.deminimis(yards, gallons)
    lead = (
        t("Yes, you can apply for a de minimis waiver.")
        if result.eligible
        else t("No, a de minimis waiver is not open to you.")
    )
    return Computed("deminimis", f"{lead} {result.reason}", result.citation)


def _spill_deadline(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if city is None or not (_SPILL.search(text) and _WRITTEN.search(text)):
        return None
    incident, _ = find_date(text, ctx)
    if not incident.ok or incident.value is None:
        return None
    result = compliance.spill_deadline(city, incident.value)
    lead = t("Your written confirmation is due by {date}.", date=long_date(result.deadline))
    return Computed("spill_written_deadline", f"{lead} {result.reason}", result.citation)


def _said_in(text: str, unit: str) -> Decimal | None:
    """The first amount the user gave in ``unit`` itself (not converted from another unit they used)."""
    remaining = normalize(text)
    for _ in range(4):
        found, (start, end) = find_quantity(remaining, unit)
        if not found.ok or found.value is None:
            return None
        if found.value.given is None:
            return found.value.amount
        remaining = remaining[:start] + " " * (end - start) + remaining[end:]
    return None


def _dollars(text: str) -> Decimal | None:
    match = _DOLLARS.search(text)
    if match is None:
        return None
    return Decimal(match.group(1).replace(",", "") + "." + (match.group(2) or "00"))


_READERS: tuple[Reader, ...] = (_spill_deadline, _late_fee, _nov_fee, _annual_fee, _deminimis, _service_due)


def clock_deadlines(keys: tuple[str, ...], text: str, city: str, now: dt.datetime) -> Computed | None:
    """The due dates of the compliance core's clocks ``keys`` (an answer card's), started on the one day the
    message gives ("the letter was mailed nov 18": the revocation is final on the 16th day after); None when
    the message gives no day, or more than one (which day starts the clock is then not certain)."""
    if not keys:
        return None
    clocks = compliance.clocks_for(parse_city(city))
    if any(key not in clocks for key in keys):
        return None
    # An advance notice counts back from a day to come ("construction starts feb 1"); other clocks run
    # from a day that passed or is near ("mailed nov 18", "the hearing is dec 15").
    tense = FUTURE if any(clocks[key].counts_back for key in keys) else ANY
    ctx = ParseContext(now=now)
    found, (start, end) = find_date(text, ctx, tense)
    if not found.ok or found.value is None:
        return None
    rest = normalize(text)[:start] + " " + normalize(text)[end:]
    second, _ = find_date(rest, ctx, tense)
    if second.value is not None and second.value != found.value:
        return None
    try:
        deadlines = [compliance.deadline(city, key, found.value) for key in keys]
    except compliance.ComplianceError:
        return None
    text = " ".join(deadline.reason for deadline in deadlines)
    return Computed("deadline", text, deadlines[0].citation)

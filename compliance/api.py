"""City-independent entry points: pick the city's rule module, compute, and explain.

These are the functions other engineers call (re-exported from ``compliance``). They validate input and raise
:class:`~compliance.core.ComplianceError` with a sentence the user can act on.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping

from compliance.calendar import WorkingDayCalendar, closure_label, resolve
from compliance.contacts import DEFAULT_OFFICE_HOURS, Contact, OfficeHours
from compliance.core import (
    DUE_SOON_DAYS,
    City,
    ComplianceError,
    Device,
    Result,
    Status,
    parse_city,
    status_for,
)
from compliance.inglewood import fog as inglewood_fog
from compliance.shifts import CalendarDays, human
from compliance.victorville import fog as victorville_fog
from languages import t

CITY_FOG = {City.VICTORVILLE: victorville_fog, City.INGLEWOOD: inglewood_fog}


@dataclasses.dataclass(frozen=True, kw_only=True)
class ServiceDue(Result):
    city: City
    device: Device
    last_service: dt.date | None
    today: dt.date
    frequency_days: int | None
    interval: str
    due: dt.date | None
    days_left: int | None
    status: Status
    records_until: dt.date | None
    manifest_due: dt.date | None = None
    hauler_documentation: tuple[str, ...] = ()
    basis: str = ""  # why the interval applies ("no other frequency is set, and ..."): the reason's middle


@dataclasses.dataclass(frozen=True, kw_only=True)
class Accumulation(Result):
    """A grease interceptor measured against the 25% Rule: ``level`` of FOG and solids in its ``depth`` (in
    the same unit), the ``limit`` that 25% of the depth is, and whether the level is over it."""

    depth: float
    level: float
    percent: float
    limit: float
    over: bool


def accumulation(city: City | str, depth: float, level: float, unit: str = "") -> Accumulation:
    """Whether FOG and solids ``level`` deep in an interceptor ``depth`` deep break the 25% Rule (Victorville
    10.03.160(f)(1), (f)(5); Inglewood Grease Interceptors and BMPs (4)(a), (4)(d)): over it, the interceptor
    must be serviced immediately. ``unit`` names the measure in the reason ("inches")."""
    city = parse_city(city)
    if depth <= 0 or level < 0 or level > depth:
        raise ComplianceError(
            t(
                "The grease and solids can't be deeper than the interceptor's liquid depth: check both "
                "numbers."
            )
        )
    module = CITY_FOG[city]
    limit = depth * module.ACCUMULATION_LIMIT_PCT / 100
    percent = level / depth * 100
    over = _needs_service_now(Device.INTERCEPTOR, percent, module.ACCUMULATION_LIMIT_PCT)
    values = {
        "level": f"{level:g}",
        "depth": f"{depth:g} {unit}".strip(),
        # (one decimal where the whole number would read as the limit itself: 12.2 of 48 is 25.4%)
        "pct": f"{percent:.1f}" if round(percent) == module.ACCUMULATION_LIMIT_PCT else f"{percent:.0f}",
        "limit": f"{limit:g} {unit}".strip(),
    }
    reason = (
        t(
            "FOG and solids at {level} of {depth} are {pct}% of the depth, over the 25% limit ({limit}), so "
            "the "
            "interceptor must be pumped out and cleaned immediately.",
            **values,
        )
        if over
        else t(
            "FOG and solids at {level} of {depth} are {pct}% of the depth, within the 25% limit ({limit}); "
            "service it before they pass it.",
            **values,
        )
    )
    citation = (
        module.SERVICE_IMMEDIATELY_CITATION[Device.INTERCEPTOR] if over else module.ACCUMULATION_CITATION
    )
    return Accumulation(
        depth=depth, level=level, percent=percent, limit=limit, over=over, citation=citation, reason=reason
    )


def _needs_service_now(device: Device, accumulation_pct: float, limit_pct: float) -> bool:
    """Interceptors: FOG and solids over ``limit_pct`` (25%) of depth break the 25% Rule. Traps: accumulation
    that fills the trap (100%) is treated as exceeding its capacity (Victorville 10.03.160(g)(3))."""
    return accumulation_pct > limit_pct if device is Device.INTERCEPTOR else accumulation_pct >= 100


def service_due(
    city: City | str,
    device: Device | str,
    last_service: dt.date | None,
    today: dt.date,
    frequency_days: int | None = None,
    *,
    frequency_months: int | None = None,
    accumulation_pct: float | None = None,
    due_soon_days: int = DUE_SOON_DAYS,
) -> ServiceDue:
    """When a grease interceptor or trap is next due for service, and where it stands on ``today``.

    ``frequency_days`` is the frequency in the permit, if any; ``frequency_months`` is one given in months
    ("every 6 months"), which Inglewood counts in calendar months and Victorville, whose frequencies are in
    days, as 30 days a month. Give one or neither. ``accumulation_pct`` (FOG + solids as a percent
    of depth, from the last inspection) makes service due immediately when it breaks the 25% Rule.
    ``status``: ``never_serviced`` without a service date; ``overdue`` when ``days_left < 0`` (or service
    is due immediately); ``due_soon`` when ``0 <= days_left <= due_soon_days`` (14 by default); else
    ``compliant``.
    """
    city = parse_city(city)
    device = Device.parse(device)
    if frequency_days is not None and (isinstance(frequency_days, bool) or frequency_days < 1):
        raise ComplianceError(
            t(
                "The service frequency must be a whole number of days, 1 or more; got {days}.",
                days=frequency_days,
            )
        )
    if last_service is not None and last_service > today:
        raise ComplianceError(
            t(
                "The last service date {last} is after today ({today}); give the date the device was "
                "actually last serviced.",
                last=last_service.isoformat(),
                today=today.isoformat(),
            )
        )
    if frequency_months is not None and (
        isinstance(frequency_months, bool) or frequency_months < 1 or frequency_days is not None
    ):
        raise ComplianceError(
            t(
                "The service frequency must be a whole number of months, 1 or more, given instead of days; "
                "got {months}.",
                months=frequency_months,
            )
        )
    if accumulation_pct is not None and not 0 <= accumulation_pct <= 100:
        raise ComplianceError(
            t("The accumulation must be a percentage from 0 to 100; got {pct}.", pct=accumulation_pct)
        )
    module = CITY_FOG[city]
    rule = module.service_rule(device, frequency_days, frequency_months)
    interval = t("every {span}", span=rule.shift.describe())
    interceptor = device is Device.INTERCEPTOR
    hauler_documentation = (
        tuple(t(item) for item in module.HAULER_DOCUMENTATION) if city is City.INGLEWOOD else ()
    )
    records_clock = module.RECORDS_RETENTION

    if last_service is None:
        return ServiceDue(
            city=city,
            device=device,
            last_service=None,
            today=today,
            frequency_days=frequency_days,
            interval=interval,
            due=None,
            days_left=None,
            status=Status.NEVER_SERVICED,
            records_until=None,
            hauler_documentation=hauler_documentation,
            citation=rule.citation,
            reason=t(
                "No service is on record: have the grease interceptor serviced now, then {interval} because "
                "{basis}.",
                interval=interval,
                basis=rule.basis,
            )
            if interceptor
            else t(
                "No service is on record: have the grease trap serviced now, then {interval} because "
                "{basis}.",
                interval=interval,
                basis=rule.basis,
            ),
        )

    due = rule.shift.apply(last_service)
    citation, basis = rule.citation, rule.basis
    if rule.ceiling is not None:
        ceiling_due = rule.ceiling.apply(last_service)
        if ceiling_due < due:
            due, citation = ceiling_due, rule.ceiling_citation
            basis = t(
                "{basis}, but interceptors must be maintained at least once every six months", basis=basis
            )
            interval = t("every {span}", span=rule.ceiling.describe())
    days_left = (due - today).days
    status = status_for(due, today, due_soon_days)
    reason = t(
        "Service is due by {due} ({left}) because {basis}; it was last serviced {last}.",
        due=human(due),
        left=_days_phrase(days_left),
        basis=basis,
        last=human(last_service),
    )
    if accumulation_pct is not None and _needs_service_now(
        device, accumulation_pct, module.ACCUMULATION_LIMIT_PCT
    ):
        due, days_left, status, basis = today, 0, Status.OVERDUE, ""
        citation = module.SERVICE_IMMEDIATELY_CITATION[device]
        reason = (
            t(
                "FOG and solids at {pct}% exceed twenty-five percent of its depth, so the grease "
                "interceptor must be serviced immediately.",
                pct=f"{accumulation_pct:g}",
            )
            if interceptor
            else t(
                "FOG and solids at {pct}% exceed its capacity, so the grease trap must be serviced "
                "immediately.",
                pct=f"{accumulation_pct:g}",
            )
        )
    manifest_due = (
        victorville_fog.MANIFEST_TO_FOG_MANAGER.due(last_service) if city is City.VICTORVILLE else None
    )
    return ServiceDue(
        city=city,
        device=device,
        last_service=last_service,
        today=today,
        frequency_days=(rule.shift.n if frequency_months else frequency_days)
        if isinstance(rule.shift, CalendarDays)
        else None,
        interval=interval,
        due=due,
        days_left=days_left,
        status=status,
        records_until=records_clock.due(last_service),
        manifest_due=manifest_due,
        hauler_documentation=hauler_documentation,
        basis=basis,
        citation=citation,
        see_also=(records_clock.citation,)
        + ((victorville_fog.MANIFEST_TO_FOG_MANAGER.citation,) if manifest_due else ())
        + ((inglewood_fog.HAULER_DOCUMENTATION_CITATION,) if hauler_documentation else ()),
        reason=reason,
    )


def _days_phrase(days_left: int) -> str:
    if days_left == -1:
        return t("{days} day overdue", days=-days_left)
    if days_left < 0:
        return t("{days} days overdue", days=-days_left)
    if days_left == 0:
        return t("today")
    if days_left == 1:
        return t("{days} day left", days=days_left)
    return t("{days} days left", days=days_left)


@dataclasses.dataclass(frozen=True, kw_only=True)
class SpillDeadline(Result):
    city: City
    incident: dt.date
    deadline: dt.date
    working_days: int
    send_to: str
    must_state: tuple[str, ...]
    closed_days_skipped: tuple[tuple[dt.date, str], ...]
    phone_first: str
    calendar: str


def spill_deadline(
    city: City | str, incident: dt.date, *, calendar: WorkingDayCalendar | None = None
) -> SpillDeadline:
    """Written confirmation of a spill: due five working days after the incident (the incident day not
    counted), with what it must state. Victorville 10.03.280(b); Inglewood Monitoring and Notification (3)(a).
    """
    city = parse_city(city)
    module = CITY_FOG[city]
    cal = resolve(calendar)
    clock = module.SPILL_WRITTEN_CONFIRMATION
    deadline = clock.due(incident, cal)
    skipped = tuple(cal.closures_between(incident, deadline))
    holidays = [closure_label(name) for _, name in skipped if name not in ("Saturday", "Sunday")]
    send_to = t(module.SPILL_CONFIRMATION_RECIPIENT)
    values = {"send_to": send_to, "incident": human(incident), "deadline": human(deadline)}
    reason = (
        t(
            "Written confirmation to {send_to} is due no later than five working days after the {incident} "
            "incident, so by {deadline}, skipping {holidays}.",
            holidays=t(" and ").join(holidays),
            **values,
        )
        if holidays
        else t(
            "Written confirmation to {send_to} is due no later than five working days after the {incident} "
            "incident, so by {deadline}.",
            **values,
        )
    )
    return SpillDeadline(
        city=city,
        incident=incident,
        deadline=deadline,
        working_days=clock.shift.n,
        send_to=send_to,
        must_state=tuple(t(item) for item in module.SPILL_CONFIRMATION_CONTENTS),
        closed_days_skipped=skipped,
        phone_first=t("Telephone the city immediately; the written confirmation follows."),
        calendar=cal.description,
        citation=clock.citation,
        reason=reason,
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class SpillContacts(Result):
    city: City
    when: dt.datetime
    city_hall_open: bool | None
    office_hours_assumption: str | None
    contacts: tuple[Contact, ...]


def spill_contacts(
    city: City | str,
    when: dt.datetime,
    *,
    office_hours: OfficeHours = DEFAULT_OFFICE_HOURS,
    calendar: WorkingDayCalendar | None = None,
    contacts: Mapping[str, str] | None = None,
) -> SpillContacts:
    """Who to telephone right now about a spill, in order.

    Victorville (10.03.280(a)): the Code Enforcement Division always; and, if the discharge could cause a
    blockage or overflow, the Public Works Sanitary Division (by phone or in person) while City Hall is open,
    or the Fire/Police Departments when the city is closed. The ordinance prints no numbers, so ``phone`` is
    ``None`` unless ``contacts`` (keys ``code_enforcement``, ``sanitary``, ``fire_police``) supplies
    configured ones. City Hall hours are an assumption (``office_hours``), stated in the result.
    Inglewood (Monitoring and Notification (3)): the City at (310) 412-5333, at any hour.
    """
    city = parse_city(city)
    if city is City.INGLEWOOD:
        found = inglewood_fog.spill_contacts(contacts)
        return SpillContacts(
            city=city,
            when=when,
            city_hall_open=None,
            office_hours_assumption=None,
            contacts=found,
            citation=inglewood_fog.SPILL_PHONE_CITATION,
            reason=t(
                "Telephone the City of Inglewood immediately at {phone}, whatever the hour.",
                phone=found[0].phone,
            ),
        )
    is_open, found = victorville_fog.spill_contacts(
        when, office_hours=office_hours, calendar=calendar, contacts=contacts
    )
    reason = (
        t(
            "Telephone the Code Enforcement Division immediately and, if the spill could block the sewer or "
            "overflow, the Public Works Department, Sanitary Division (or go in person to City Hall)."
        )
        if is_open
        else t(
            "Telephone the Code Enforcement Division immediately and, if the spill could block the sewer or "
            "overflow, the Fire and Police Departments because City Hall is closed."
        )
    )
    if all(contact.phone is None for contact in found):
        reason += t(" The ordinance prints no telephone numbers for them.")
    return SpillContacts(
        city=city,
        when=when,
        city_hall_open=is_open,
        office_hours_assumption=t(office_hours.source),
        contacts=found,
        citation=victorville_fog.SPILL_PHONE_NOTICE.citation,
        reason=reason,
    )

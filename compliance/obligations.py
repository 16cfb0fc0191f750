"""A facility's obligations on a given day: what, by when, status, citation, reason.

Input is a :class:`FacilityProfile` (what the facility is) and :class:`FacilityEvents` (what has happened).
Only events on or before ``today`` count (so a timeline can be replayed day by day), except planned changes,
which are known ahead of time. An :class:`Event` may carry ``done_on``: the date its follow-up was done
(the manifest sent, the spill confirmed in writing, the invoice paid, the new hire trained); a follow-up done
on or before ``today`` is reported with status ``done``.

One onboarding session is assumed to cover both FOG training at hire (Victorville 10.03.100) and the organics
education for new employees (6.37.040(h)): a hire's ``done_on`` closes both.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable
from decimal import Decimal

from compliance.api import CITY_FOG, service_due
from compliance.core import City, Device, Obligation, Status, dollars, inglewood, status_for, victorville
from compliance.inglewood import fog as inglewood_fog
from compliance.shifts import Clock, human
from compliance.victorville import fog as victorville_fog
from compliance.victorville import organics
from languages import t


@dataclasses.dataclass(frozen=True)
class Event:
    """Something that happened ``on`` a date; ``done_on`` when its follow-up was completed."""

    on: dt.date
    done_on: dt.date | None = None
    amount: Decimal | None = None

    def done_by(self, today: dt.date) -> bool:
        return self.done_on is not None and self.done_on <= today


@dataclasses.dataclass(frozen=True)
class FacilityProfile:
    """What the facility is. ``device=None`` means no grease control device; ``generator=None`` means the
    organics chapter is not tracked (it is Victorville-only)."""

    name: str
    city: City
    device: Device | None = Device.INTERCEPTOR
    frequency_days: int | None = None
    kind: str = "restaurant"
    seats: int | None = None
    drive_thru: bool = False
    cleanup_charge_waiver: bool = False  # Inglewood: holds a waiver with a grease disposal clean-up charge
    generator: organics.GeneratorType | None = None
    multi_family: bool = False
    edible_food_kind: str | None = None
    sqft: int | None = None
    rooms: int | None = None
    beds: int | None = None
    food_recovery_organization: bool = False
    nonconforming_containers: bool = False


@dataclasses.dataclass(frozen=True)
class FacilityEvents:
    """What has happened. Dates only; tuples so profiles and events stay hashable and comparable."""

    services: tuple[Event, ...] = ()  # done_on: manifest copies sent (Victorville)
    permit_issued: dt.date | None = None  # issue or last renewal
    trainings: tuple[dt.date, ...] = ()  # FOG employee training sessions
    hires: tuple[Event, ...] = ()  # done_on: the new employee was trained / educated
    invoices: tuple[Event, ...] = ()  # amount; done_on: paid
    novs: tuple[Event, ...] = ()  # Inglewood FOG notices of violation; done_on: penalty fee paid
    spills: tuple[Event, ...] = ()  # done_on: written confirmation sent
    planned_changes: tuple[Event, ...] = ()  # on: the change starts; done_on: the city was notified
    blockage_notices: tuple[Event, ...] = ()  # Inglewood (5)(c); done_on: interceptor installed
    organics_trainings: tuple[dt.date, ...] = ()
    label_inspections: tuple[
        Event, ...
    ] = ()  # amount unused; done_on: bad labels replaced (None if all fine)
    label_failures: tuple[Event, ...] = ()  # on: inspection that found bad labels; done_on: replaced
    contamination_checks: tuple[dt.date, ...] = ()
    organics_novs: tuple[Event, ...] = ()  # done_on: violation corrected
    food_recovery_reports: tuple[dt.date, ...] = ()
    deminimis_granted: dt.date | None = None


def _upto(events: Iterable, today: dt.date) -> list:
    return [e for e in events if (e.on if isinstance(e, Event) else e) <= today]


def _latest(dates: Iterable[dt.date]) -> dt.date | None:
    return max(dates, default=None)


def _follow_up(clock: Clock, event: Event, today: dt.date) -> Obligation:
    return clock.obligation(event.on, today, done=event.done_by(today))


def obligations(profile: FacilityProfile, events: FacilityEvents, today: dt.date) -> list[Obligation]:
    """Every obligation of ``profile`` on ``today``, sorted by due date (standing duties last).

    Follow-ups already done drop out once their due date has passed; until then they show as ``done``.
    """
    found: list[Obligation] = []
    found += _device_obligations(profile, events, today)
    found += _permit_and_notice_obligations(profile, events, today)
    found += _training_obligations(profile, events, today)
    found += _money_obligations(profile, events, today)
    if profile.generator is not None:
        if profile.city is not City.VICTORVILLE:
            raise ValueError(
                f"Chapter 6.37 is Victorville's; profile {profile.name!r} is in {profile.city.value}"
            )
        found += _organics_obligations(profile, events, today)
    current = [o for o in found if not (o.status is Status.DONE and o.due is not None and o.due < today)]
    return sorted(
        current, key=lambda o: (o.due is None, o.due or dt.date.max, o.key, o.trigger_date or dt.date.min)
    )


def _device_obligations(profile: FacilityProfile, events: FacilityEvents, today: dt.date) -> list[Obligation]:
    if profile.device is None:
        return []
    out = []
    services = _upto(events.services, today)
    last = max(services, key=lambda e: e.on, default=None)
    result = service_due(
        profile.city, profile.device, last.on if last else None, today, profile.frequency_days
    )
    out.append(
        Obligation(
            key=f"grease_{profile.device.value}_service",
            what=t("Have the grease interceptor serviced")
            if profile.device is Device.INTERCEPTOR
            else t("Have the grease trap serviced"),
            due=result.due,
            status=result.status,
            trigger=t("last service"),
            trigger_date=last.on if last else None,
            citation=result.citation,
            see_also=result.see_also,
            reason=result.reason,
        )
    )
    if last is not None:
        if profile.city is City.VICTORVILLE:
            out.append(_follow_up(victorville_fog.MANIFEST_TO_FOG_MANAGER, last, today))
        retention = CITY_FOG[profile.city].RECORDS_RETENTION.obligation(last.on, today)
        out.append(dataclasses.replace(retention, status=Status.ONGOING))
    return out


def _permit_and_notice_obligations(
    profile: FacilityProfile, events: FacilityEvents, today: dt.date
) -> list[Obligation]:
    module = CITY_FOG[profile.city]
    out = []
    if events.permit_issued is not None and events.permit_issued <= today:
        renewal = module.PERMIT_RENEWAL.obligation(events.permit_issued, today)
        if profile.city is City.INGLEWOOD and (profile.seats is not None or profile.kind != "restaurant"):
            fee = inglewood_fog.annual_fee(profile.seats, profile.drive_thru, profile.kind)
            charge = profile.cleanup_charge_waiver
            values = {"reason": renewal.reason[:-1], "fee": dollars(fee.amount)}
            renewal = dataclasses.replace(
                renewal,
                reason=t(
                    "{reason}, with the {fee} annual inspection and control fee plus the grease disposal "
                    "clean-up charge (at least $300).",
                    **values,
                )
                if charge
                else t("{reason}, with the {fee} annual inspection and control fee.", **values),
                see_also=(fee.citation,) + ((inglewood_fog.cleanup_charge().citation,) if charge else ()),
            )
        out.append(renewal)
    for spill in _upto(events.spills, today):
        out.append(_follow_up(module.SPILL_WRITTEN_CONFIRMATION, spill, today))
    for change in events.planned_changes:
        notice = module.PLANNED_CHANGE_NOTICE.obligation(change.on, today, done=change.done_by(today))
        if change.on >= today or notice.status is not Status.DONE:
            out.append(notice)
    if profile.city is City.INGLEWOOD:
        for notice in _upto(events.blockage_notices, today):
            out.append(_follow_up(inglewood_fog.INTERCEPTOR_AFTER_BLOCKAGE, notice, today))
    return out


def _training_obligations(
    profile: FacilityProfile, events: FacilityEvents, today: dt.date
) -> list[Obligation]:
    out = []
    trainings = _upto(events.trainings, today)
    if profile.city is City.VICTORVILLE:
        for hire in _upto(events.hires, today):
            out.append(_follow_up(victorville_fog.EMPLOYEE_TRAINING_AT_HIRE, hire, today))
        last = _latest(trainings)
        if last is not None:
            out.append(victorville_fog.EMPLOYEE_TRAINING_ANNUAL.obligation(last, today))
        return out
    this_year = [d for d in trainings if d.year == today.year]
    needed = inglewood_fog.TRAININGS_PER_CALENDAR_YEAR - len(this_year)
    year_end = dt.date(today.year, 12, 31)
    out.append(
        Obligation(
            key="employee_training_semiannual",
            what=t("Train employees on kitchen best management practices (twice each calendar year)"),
            due=year_end,
            status=Status.DONE if needed <= 0 else status_for(year_end, today),
            trigger=t("start of the calendar year"),
            trigger_date=dt.date(today.year, 1, 1),
            citation=inglewood_fog.TRAINING_CITATION,
            reason=_training_reason(len(this_year), needed, today.year, year_end),
        )
    )
    return out


def _training_reason(sessions: int, needed: int, year: int, year_end: dt.date) -> str:
    if needed <= 0:
        return t("Employees have been trained twice in {year}, as required each calendar year.", year=year)
    values = {"sessions": sessions, "year": year, "needed": needed, "by": human(year_end)}
    if sessions == 1:
        return t(
            "Employees must be trained twice each calendar year; {sessions} session so far in {year}, so "
            "{needed} more by {by}.",
            **values,
        )
    return t(
        "Employees must be trained twice each calendar year; {sessions} sessions so far in {year}, so "
        "{needed} more by {by}.",
        **values,
    )


def _money_obligations(profile: FacilityProfile, events: FacilityEvents, today: dt.date) -> list[Obligation]:
    out = []
    for invoice in _upto(events.invoices, today):
        if profile.city is City.VICTORVILLE:
            out.append(_follow_up(victorville_fog.FEE_PAYMENT, invoice, today))
            continue
        paid = invoice.done_by(today)
        if invoice.amount is None:
            raise ValueError(f"Inglewood invoice of {invoice.on} needs an amount")
        fee = inglewood_fog.late_fee(invoice.on, invoice.amount, today)
        status = Status.DONE if paid else status_for(fee.pay_by, today)
        amount, dated = dollars(fee.base_amount), human(invoice.on)
        reason = (
            t("The {amount} invoice of {date} was paid.", amount=amount, date=dated)
            if paid
            else t(
                "The {amount} invoice of {date} is due by {by}. {reason}",
                amount=amount,
                date=dated,
                by=human(fee.pay_by),
                reason=fee.reason,
            )
        )
        out.append(
            Obligation(
                key="invoice_payment",
                what=t("Pay the {amount} invoice", amount=amount),
                due=fee.pay_by,
                status=status,
                trigger=t("invoice date"),
                trigger_date=invoice.on,
                citation=inglewood("Enforcement", "(14)"),
                reason=reason,
            )
        )
    if profile.city is City.INGLEWOOD:
        for number, nov in enumerate(sorted(_upto(events.novs, today), key=lambda e: e.on), start=1):
            fee = inglewood_fog.nov_fee(number)
            due = nov.on + dt.timedelta(days=inglewood_fog.PAY_WITHIN_DAYS)
            out.append(
                Obligation(
                    key="nov_penalty_fee",
                    what=t(
                        "Pay the {amount} penalty fee for notice of violation #{number}",
                        amount=dollars(fee.amount),
                        number=number,
                    ),
                    due=due,
                    status=Status.DONE if nov.done_by(today) else status_for(due, today),
                    trigger=t("notice of violation"),
                    trigger_date=nov.on,
                    citation=fee.citation,
                    see_also=(inglewood("Enforcement", "(14)"),),
                    reason=t(
                        "{reason}, delinquent if unpaid forty-five days after the {date} notice, so pay by "
                        "{due}.",
                        reason=fee.reason[:-1],
                        date=human(nov.on),
                        due=human(due),
                    ),
                )
            )
    return out


def _organics_obligations(
    profile: FacilityProfile, events: FacilityEvents, today: dt.date
) -> list[Obligation]:
    out = []
    commercial = profile.generator is organics.GeneratorType.COMMERCIAL
    if commercial:
        for hire in _upto(events.hires, today):
            out.append(_follow_up(organics.NEW_EMPLOYEE_EDUCATION, hire, today))
        last_training = _latest(_upto(events.organics_trainings, today))
        if last_training is not None:
            out.append(organics.ANNUAL_ORGANICS_TRAINING.obligation(last_training, today))
        last_labels = max(_upto(events.label_inspections, today), key=lambda e: e.on, default=None)
        if last_labels is not None:
            out.append(organics.LABEL_INSPECTION.obligation(last_labels.on, today))
        for failure in _upto(events.label_failures, today):
            out.append(_follow_up(organics.LABEL_REPLACEMENT, failure, today))
        if not profile.multi_family:
            last_check = _latest(_upto(events.contamination_checks, today))
            if last_check is not None:
                out.append(organics.CONTAMINATION_CHECK.obligation(last_check, today))
        if profile.nonconforming_containers:
            deadline = organics.CONTAINER_COLOR_DEADLINE
            out.append(
                Obligation(
                    key="replace_nonconforming_containers",
                    what=t("Replace containers whose colors or labels do not conform"),
                    due=deadline,
                    status=status_for(deadline, today),
                    citation=victorville("6.37.040(d)(1)"),
                    reason=t(
                        "Functional non-conforming containers must be replaced at the end of their useful "
                        "life or by {date}, whichever comes first.",
                        date=human(deadline),
                    ),
                )
            )
    for nov in _upto(events.organics_novs, today):
        out.append(_follow_up(organics.NOV_COMPLIANCE, nov, today))
    if events.deminimis_granted is not None and events.deminimis_granted <= today:
        expiry = organics.DEMINIMIS_VALIDITY.obligation(events.deminimis_granted, today)
        out.append(expiry)
    if profile.edible_food_kind:
        tier = organics.edible_food_tier(
            profile.edible_food_kind,
            sqft=profile.sqft,
            seats=profile.seats,
            rooms=profile.rooms,
            beds=profile.beds,
        )
        if tier.tier is not None:
            out.append(
                Obligation(
                    key="edible_food_recovery",
                    what=t(
                        "Recover edible food: written agreements with food recovery organizations and records"
                    ),
                    due=tier.applies_from,
                    status=Status.ONGOING
                    if today >= tier.applies_from
                    else status_for(tier.applies_from, today),
                    citation=victorville("6.37.060(c)"),
                    see_also=(tier.citation, tier.applies_from_citation),
                    reason=tier.reason,
                )
            )
    if profile.food_recovery_organization:
        out.append(_food_recovery_report(events, today))
    return out


def _food_recovery_report(events: FacilityEvents, today: dt.date) -> Obligation:
    """6.37.070(c): report the previous calendar year's pounds "no later than April 1 of each year"."""
    clock = organics.FOOD_RECOVERY_REPORT
    filed_this_year = any(dt.date(today.year, 1, 1) <= d <= today for d in events.food_recovery_reports)
    if filed_this_year and today > dt.date(today.year, 4, 1):
        return clock.obligation(dt.date(today.year, 12, 31), today)  # next year's report
    return clock.obligation(dt.date(today.year - 1, 12, 31), today, done=filed_this_year)

"""Victorville Municipal Code Chapter 10.03, Fats, Oils and Grease (FOG) Control.

Ord. No. 2363, § 4, adopted 2017-03-21. The text prints no section numbers; sections run 10.03.010 to
10.03.400 in steps of ten in text order (``knowledge/sources/README.md``). Each rule below is data (a
:class:`~compliance.shifts.Clock`, a table, a constant) whose docstring or comment quotes the sentence it
implements.

What the chapter does NOT print, and this module therefore never states: any telephone number, any fee
amount (fees are "established by resolution of the city council", 10.03.050(a)), the effective date of
Ord. No. 2363, and City Hall's business hours.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal

from compliance.calendar import WorkingDayCalendar
from compliance.contacts import (
    CONFIGURED,
    DEFAULT_OFFICE_HOURS,
    NUMBER_NOT_IN_ORDINANCE,
    Contact,
    OfficeHours,
)
from compliance.core import (
    ComplianceError,
    Device,
    PenaltyCap,
    PenaltyCapResult,
    ServiceRule,
    dollars,
    penalty_cap,
    victorville,
)
from compliance.shifts import BusinessDays, CalendarDays, Clock, Hours, Immediately, WorkingDays, Years
from languages import N_, t

# --------------------------------------------------------------------------------------------------------
# Grease control device service (10.03.160)
# --------------------------------------------------------------------------------------------------------

PERMIT_FREQUENCIES_DAYS = (30, 60, 90, 120, 180)
"""10.03.160(b): "The FOG manager shall assign each FSE one of the following collection/maintenance
frequencies: thirty days, sixty days, ninety days, one hundred twenty days, or one hundred eighty days"."""

DEFAULT_INTERCEPTOR_DAYS = 90
"""10.03.160(f)(2): "Unless another frequency has been specified by the FOG manager or in the FOG permit, all
FSEs with grease interceptors shall ensure they are maintained not less than once every ninety days"."""

MINIMUM_TRAP_DAYS = 30
"""10.03.160(g)(1): "at a minimum, grease traps shall be serviced every thirty days. The FOG manager may
reduce or increase the service frequency ... in accordance with Section 10.03.160(b)"."""

ACCUMULATION_LIMIT_PCT = 25
"""10.03.160(f)(1), the "25% Rule": combined FOG and solids must not exceed twenty-five percent of the total
design hydraulic depth; (f)(5): if it does, "the FSE shall be required to have the Interceptor serviced
immediately"."""


def service_rule(
    device: Device, frequency_days: int | None, frequency_months: int | None = None
) -> ServiceRule:
    """The service interval for a Victorville grease interceptor or grease trap.

    A permit frequency must be one of 30/60/90/120/180 days (10.03.160(b)); without one, interceptors fall
    back to ninety days (10.03.160(f)(2)) and traps to thirty (10.03.160(g)(1)). The chapter counts its
    frequencies in days, so one said in months ("every 3 months") is that many thirty-day months.
    """
    if frequency_months is not None:
        frequency_days = 30 * frequency_months
    if frequency_days is not None and frequency_days not in PERMIT_FREQUENCIES_DAYS:
        raise ComplianceError(
            t(
                "A Victorville permit frequency of {days} days is not possible: the FOG manager assigns 30, "
                "60, 90, 120 or 180 days (Victorville Municipal Code § 10.03.160(b)).",
                days=frequency_days,
            )
        )
    if device is Device.INTERCEPTOR:
        if frequency_days is None:
            return ServiceRule(
                shift=CalendarDays(DEFAULT_INTERCEPTOR_DAYS),
                citation=victorville("10.03.160(f)(2)"),
                basis=t(
                    "no other frequency is set, and interceptors must be pumped at least every ninety days"
                ),
            )
        return ServiceRule(
            shift=CalendarDays(frequency_days),
            citation=victorville("10.03.160(b)"),
            basis=t("the FOG manager assigned a {days}-day frequency in the permit", days=frequency_days),
        )
    if frequency_days is None:
        return ServiceRule(
            shift=CalendarDays(MINIMUM_TRAP_DAYS),
            citation=victorville("10.03.160(g)(1)"),
            basis=t(
                "grease traps must be serviced at least every thirty days unless the FOG manager sets "
                "another frequency"
            ),
        )
    return ServiceRule(
        shift=CalendarDays(frequency_days),
        citation=victorville("10.03.160(g)(1)"),
        basis=t("the FOG manager set a {days}-day frequency for the grease trap", days=frequency_days),
    )


ACCUMULATION_CITATION = victorville("10.03.160(f)(1)")
"""(f)(1): the 25% Rule, cited when a measured interceptor is within it."""

SERVICE_IMMEDIATELY_CITATION = {
    Device.INTERCEPTOR: victorville("10.03.160(f)(5)"),
    Device.TRAP: victorville("10.03.160(g)(3)"),
}
"""(f)(5): an interceptor over the 25% Rule is "serviced immediately"; (g)(3): a trap whose accumulation
"exceeds the capacity of the grease trap" is "serviced immediately"."""

# --------------------------------------------------------------------------------------------------------
# Clocks: records, permits, notices, enforcement, payments
# --------------------------------------------------------------------------------------------------------

MANIFEST_TO_FOG_MANAGER = Clock(
    key="manifest_copy",
    what=N_("Send copies of the service manifest to the FOG manager"),
    shift=Hours(72),
    citation=victorville("10.03.170(b)"),
    trigger=N_("grease control device service"),
    reason=N_(
        "Copies of the service manifest must reach the FOG manager within seventy-two hours of the "
        "{start} service, so by {due}."
    ),
)
"""10.03.170(b): "provide copies of all service manifests directly to the FOG manager not later than
seventy-two hours after GCDs are serviced"; a hauler may send them, but the permittee stays responsible."""

RECORDS_RETENTION = Clock(
    key="records_retention",
    what=N_("Keep manifests, receipts, invoices and hauler records"),
    shift=Years(2),
    citation=victorville("10.03.170(c)"),
    trigger=N_("grease control device service"),
    reason=N_(
        "Records of the {start} service must be kept for no less than two years, until at least {due}."
    ),
)

PERMIT_RENEWAL = Clock(
    key="permit_renewal",
    what=N_("Renew the FOG permit"),
    shift=Years(1),
    citation=victorville("10.03.080(a)"),
    trigger=N_("permit issued"),
    reason=N_(
        "A FOG permit is issued for one year and renewed annually, so the permit issued {start} must be "
        "renewed by {due}."
    ),
)

PERMIT_CHANGE_NOTICE = Clock(
    key="permit_change_effective",
    what=N_("Earliest date a proposed permit modification can take effect"),
    shift=CalendarDays(30),
    citation=victorville("10.03.080(c)"),
    trigger=N_("city's notice of a proposed permit modification"),
    reason=N_(
        "The city must inform the permittee at least thirty days before a permit change takes effect, so "
        "a change noticed on {start} cannot take effect before {due}."
    ),
)

PLANNED_CHANGE_NOTICE = Clock(
    key="planned_change_notice",
    what=N_("Notify the FOG manager in writing of the planned expansion, remodel or process change"),
    shift=CalendarDays(-60),
    citation=victorville("10.03.070(a)"),
    trigger=N_("planned expansion, remodeling or process modification"),
    reason=N_(
        "The FOG manager must be told in writing at least sixty days in advance, so for a change starting "
        "{start} the notice is due by {due}."
    ),
)

SPILL_PHONE_NOTICE = Clock(
    key="spill_phone_notice",
    what=N_("Telephone the city about the discharge"),
    shift=Immediately(),
    citation=victorville("10.03.280(a)"),
    trigger=N_("discharge or spill"),
    reason=N_("The permittee must immediately notify the city by telephone of the {start} discharge."),
)

SPILL_WRITTEN_CONFIRMATION = Clock(
    key="spill_written_confirmation",
    what=N_("Confirm the spill notification in writing to the FOG manager"),
    shift=WorkingDays(5),
    citation=victorville("10.03.280(b)"),
    trigger=N_("spill incident"),
    reason=N_(
        "Written confirmation is due no later than five working days from the {start} incident, so by {due}."
    ),
)

SPILL_CONFIRMATION_CONTENTS = (
    N_("the date of the incident"),
    N_("the reasons for the discharge or spill"),
    N_("what steps were taken by the FSE and the city to immediately correct the problem"),
    N_("what steps are being taken by the FSE and the city to prevent the problem from recurring"),
)
"""10.03.280(b): "The written notification shall state the date of the incident, the reasons for the
discharge or spill, what steps were taken by the FSE and the city to immediately correct the problem, and
what steps are being taken by the FSE and the city to prevent the problem from recurring." It goes "to the
FOG manager at the address specified in the FOG permit"."""

SPILL_CONFIRMATION_RECIPIENT = N_("the FOG manager (at the address specified in the FOG permit)")

EMPLOYEE_TRAINING_AT_HIRE = Clock(
    key="employee_training_at_hire",
    what=N_("Train the new employee on FOG best management practices"),
    shift=Immediately(),
    citation=victorville("10.03.100"),
    trigger=N_("employee hired"),
    reason=N_(
        "Employees must be trained at the time of hiring, so the employee hired {start} is due training "
        "on {due}."
    ),
)
"""10.03.100, the unlettered "Employee training." paragraph after (c): "At the time of hiring and at least
annually thereafter, or as specified in the FOG permit, the FSE shall train its employees"."""

EMPLOYEE_TRAINING_ANNUAL = Clock(
    key="employee_training_annual",
    what=N_("Repeat FOG employee training"),
    shift=Years(1),
    citation=victorville("10.03.100"),
    trigger=N_("last employee training"),
    reason=N_(
        "Employee training is repeated at least annually, so after training on {start} the next is due by "
        "{due}."
    ),
)

FOOD_GRINDER_REMOVAL = Clock(
    key="food_grinder_removal",
    what=N_("Remove existing food grinders"),
    shift=CalendarDays(180),
    citation=victorville("10.03.210"),
    trigger=N_("effective date of the ordinance establishing 10.03.210"),
    reason=N_(
        "Existing food grinders had to be removed within one hundred eighty days of the ordinance's "
        "effective date ({start}), so by {due}."
    ),
)
"""10.03.210: "All existing food grinders shall be removed from FSEs within one hundred eighty days of the
date the ordinance initially establishing this section becomes effective." The effective date is not printed
(only adoption, 2017-03-21), so callers must supply it."""

REVOCATION_HEARING_EARLIEST = Clock(
    key="revocation_hearing_earliest",
    what=N_("Earliest permitted revocation/suspension hearing date"),
    shift=CalendarDays(15),
    citation=victorville("10.03.320(b)(1)"),
    trigger=N_("notice of proposed revocation mailed"),
    reason=N_(
        "The hearing must be at least fifteen calendar days after the notice was mailed on {start}, so "
        "not before {due}."
    ),
)
REVOCATION_HEARING_LATEST = Clock(
    key="revocation_hearing_latest",
    what=N_("Latest permitted revocation/suspension hearing date"),
    shift=CalendarDays(45),
    citation=victorville("10.03.320(b)(1)"),
    trigger=N_("notice of proposed revocation mailed"),
    reason=N_(
        "The hearing must be no more than forty-five calendar days after the notice was mailed on "
        "{start}, so by {due}."
    ),
)
HEARING_DECISION = Clock(
    key="revocation_decision",
    what=N_("Hearing officer's written decision and order"),
    shift=CalendarDays(30),
    citation=victorville("10.03.320(b)(3)"),
    trigger=N_("conclusion of the revocation hearing"),
    reason=N_(
        "The written decision is due within thirty calendar days after the hearing concluded on {start}, "
        "so by {due}."
    ),
)
COUNCIL_APPEAL = Clock(
    key="appeal_to_council",
    what=N_("File a written appeal to the city council"),
    shift=CalendarDays(10),
    citation=victorville("10.03.320(b)(5)"),
    trigger=N_("hearing officer's written decision issued"),
    reason=N_(
        "The decision becomes final unless a written appeal is filed within ten calendar days of the "
        "{start} decision, so by {due}."
    ),
)
EMERGENCY_SUSPENSION_HEARING = Clock(
    key="emergency_suspension_hearing",
    what=N_("Hearing on the emergency suspension order"),
    shift=BusinessDays(5),
    citation=victorville("10.03.330(c)"),
    trigger=N_("emergency suspension order issued"),
    reason=N_(
        "A hearing on the emergency suspension order issued {start} must be held within five business "
        "days, so by {due}."
    ),
)
EMERGENCY_SUSPENSION_DECISION = Clock(
    key="emergency_suspension_decision",
    what=N_("Hearing officer's written decision on the emergency suspension order"),
    shift=BusinessDays(2),
    citation=victorville("10.03.330(c)"),
    trigger=N_("emergency suspension hearing held"),
    reason=N_("The written decision is due within two business days of the {start} hearing, so by {due}."),
)
ADMINISTRATIVE_COMPLAINT_HEARING = Clock(
    key="administrative_complaint_hearing",
    what=N_("Hearing on the administrative complaint"),
    shift=CalendarDays(60),
    citation=victorville("10.03.360(b)"),
    trigger=N_("administrative complaint served"),
    reason=N_("The city will hold the hearing within sixty days following service on {start}, so by {due}."),
)
ADMINISTRATIVE_PENALTY_APPEAL = Clock(
    key="administrative_penalty_appeal",
    what=N_("Appeal the hearing officer's decision to the city council"),
    shift=CalendarDays(30),
    citation=victorville("10.03.360(c)"),
    trigger=N_("notice of the hearing officer's decision"),
    reason=N_(
        "An appeal must be filed with the city clerk within thirty days of notice of the decision on "
        "{start}, so by {due}."
    ),
)
ADMINISTRATIVE_PENALTY_PAYMENT = Clock(
    key="administrative_penalty_payment",
    what=N_("Pay the administrative civil penalty"),
    shift=CalendarDays(30),
    citation=victorville("10.03.360(f)"),
    trigger=N_("penalty order issued (not appealed)"),
    reason=N_(
        "An unappealed penalty order is final on issuance and must be paid within thirty days of {start}, "
        "so by {due}."
    ),
)
ADMINISTRATIVE_PENALTY_LIEN = Clock(
    key="administrative_penalty_lien",
    what=N_("Unpaid administrative civil penalty becomes a lien on the property"),
    shift=CalendarDays(60),
    citation=victorville("10.03.360(i)"),
    trigger=N_("penalty became delinquent"),
    reason=N_(
        "A penalty delinquent for sixty days (from {start}) becomes a lien on the real property on {due}."
    ),
)
FEE_PAYMENT = Clock(
    key="fee_payment",
    what=N_("Pay the fee, charge or penalty before it becomes delinquent"),
    shift=CalendarDays(45),
    citation=victorville("10.03.390(a)"),
    trigger=N_("notice of the fee, charge or penalty"),
    reason=N_(
        "Fees are due on receipt of notice and delinquent if unpaid forty-five days after the {start} "
        "notice, so pay by {due}."
    ),
)
DAMAGE_COSTS_PAYMENT = Clock(
    key="damage_costs_payment",
    what=N_("Pay the city's sewer cleaning and repair costs"),
    shift=CalendarDays(45),
    citation=victorville("10.03.340(a)"),
    trigger=N_("city invoice for cleaning or repair costs"),
    reason=N_(
        "Cleaning and repair costs are payable within forty-five days of the city's {start} invoice, so "
        "by {due}."
    ),
)

# --------------------------------------------------------------------------------------------------------
# Penalty caps (10.03.360(d), 10.03.370)
# --------------------------------------------------------------------------------------------------------


ADMINISTRATIVE_CIVIL_PENALTY_CAPS = {
    cap.key: cap
    for cap in (
        PenaltyCap(
            "reports",
            N_("failing or refusing to furnish technical or monitoring reports"),
            Decimal(2000),
            "day",
            victorville("10.03.360(d)(1)"),
        ),
        PenaltyCap(
            "compliance_schedule",
            N_("failing or refusing to comply in a timely fashion with a compliance schedule"),
            Decimal(3000),
            "day",
            victorville("10.03.360(d)(2)"),
        ),
        PenaltyCap(
            "discharge",
            N_("discharges violating a waste discharge limitation, permit condition or requirement"),
            Decimal(5000),
            "day",
            victorville("10.03.360(d)(3)"),
        ),
        PenaltyCap(
            "order",
            N_("discharges violating a suspension, cease and desist order or other order or prohibition"),
            Decimal(10),
            "gallon",
            victorville("10.03.360(d)(4)"),
        ),
    )
}
"""10.03.360(d)(1)-(4): "not to exceed two thousand dollars per day ...", "three thousand dollars per day
...", "five thousand dollars per day of violation ...", "ten dollars per gallon ..."."""

JUDICIAL_CIVIL_PENALTY_PER_DAY = Decimal(25000)
"""10.03.370: "civilly liable to the city in a sum of not to exceed twenty-five thousand dollars per day for
each day in which such violation occurs"; not recoverable where administrative civil penalties were
recovered."""


def administrative_civil_penalty_cap(kind: str, units: int = 1) -> PenaltyCapResult:
    """Maximum administrative civil penalty for ``units`` days (or gallons, for ``kind="order"``)."""
    return penalty_cap(ADMINISTRATIVE_CIVIL_PENALTY_CAPS, kind, units)


def judicial_civil_penalty_cap(days: int = 1) -> PenaltyCapResult:
    """Maximum judicial civil penalty (10.03.370) for ``days`` days of violation."""
    if days < 1:
        raise ComplianceError(t("The number of days must be at least 1; got {days}.", days=days))
    total = JUDICIAL_CIVIL_PENALTY_PER_DAY * days
    return PenaltyCapResult(
        amount=total,
        per="day",
        units=days,
        violation=t("intentional or negligent violation of Chapter 10.03 or a permit"),
        citation=victorville("10.03.370"),
        reason=t(
            "A court may impose up to $25,000 per day of violation, so at most {total} for {days} day.",
            total=dollars(total),
            days=days,
        )
        if days == 1
        else t(
            "A court may impose up to $25,000 per day of violation, so at most {total} for {days} days.",
            total=dollars(total),
            days=days,
        ),
    )


# --------------------------------------------------------------------------------------------------------
# Spill telephone notice (10.03.280(a))
# --------------------------------------------------------------------------------------------------------


def _contact(key: str, who: str, how: str, condition: str, contacts: Mapping[str, str] | None) -> Contact:
    """``who``, ``how`` and ``condition`` are English, marked ``N_``; the contact has them in the reply's
    language."""
    phone = (contacts or {}).get(key)
    return Contact(
        key=key,
        who=t(who),
        how=t(how),
        condition=t(condition),
        phone=phone,
        phone_source=CONFIGURED if phone else NUMBER_NOT_IN_ORDINANCE,
        citation=victorville("10.03.280(a)"),
    )


CODE_ENFORCEMENT = N_("City of Victorville Development Department, Code Enforcement Division")
SANITARY = N_("City of Victorville Public Works Department, Sanitary Division")
FIRE_POLICE = N_("City of Victorville Fire and Police Departments")


def spill_contacts(
    when: dt.datetime,
    *,
    office_hours: OfficeHours = DEFAULT_OFFICE_HOURS,
    calendar: WorkingDayCalendar | None = None,
    contacts: Mapping[str, str] | None = None,
) -> tuple[bool, tuple[Contact, ...]]:
    """Who to phone, in order, and whether City Hall is open at ``when`` (under ``office_hours``).

    10.03.280(a): "the permittee shall immediately notify the city's development department — code
    enforcement division by telephone. If the material discharged to the sewer system has the potential to
    cause or result in sewer blockages or SSOs, the permittee shall also immediately notify the city's public
    works department - sanitary division by telephone, or in person at City Hall if such discharge is
    occurring during City Hall business hours, or the city's fire/police departments for discharges occurring
    when the city is closed." No numbers are printed; ``contacts`` supplies configured ones by key
    (``code_enforcement``, ``sanitary``, ``fire_police``).
    """
    city_hall_open = office_hours.is_open(when, calendar)
    second = (
        _contact(
            "sanitary",
            SANITARY,
            N_("telephone, or in person at City Hall"),
            N_("also, if the discharge could cause a sewer blockage or overflow (SSO)"),
            contacts,
        )
        if city_hall_open
        else _contact(
            "fire_police",
            FIRE_POLICE,
            N_("telephone"),
            N_(
                "also, if the discharge could cause a sewer blockage or overflow (SSO), because the city is "
                "closed"
            ),
            contacts,
        )
    )
    first = _contact(
        "code_enforcement", CODE_ENFORCEMENT, N_("telephone"), N_("always, immediately"), contacts
    )
    return city_hall_open, (first, second)


__all__ = [
    "ACCUMULATION_CITATION",
    "ACCUMULATION_LIMIT_PCT",
    "ADMINISTRATIVE_CIVIL_PENALTY_CAPS",
    "DEFAULT_INTERCEPTOR_DAYS",
    "DEFAULT_OFFICE_HOURS",
    "JUDICIAL_CIVIL_PENALTY_PER_DAY",
    "MINIMUM_TRAP_DAYS",
    "PERMIT_FREQUENCIES_DAYS",
    "Contact",
    "OfficeHours",
    "administrative_civil_penalty_cap",
    "judicial_civil_penalty_cap",
    "service_rule",
    "spill_contacts",
]

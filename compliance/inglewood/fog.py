"""City of Inglewood FOG ordinance (Ord. 10-01, adopted 2010-02-23).

The article prints no section numbers (its one self-reference, "Section 10-227(10)", points at Enforcement
(10)). Citations therefore name the section heading plus the printed subsection path:
``Inglewood FOG Ordinance, Fees (2)``. Roman-numeral items printed after a lettered list are cited directly
under their numbered subsection, e.g. the conditional waiver ``Discharge Requirements (6)(i)``, the hauler's
documentation ``Grease Interceptors and BMPs (4)(i)`` and record keeping ``Monitoring and Notification
(1)(i)``; the text's indentation does not make them children of the last lettered item.

What the article does NOT print, and this module never states: its effective date (only adoption,
2010-02-23), a service interval for grease traps, or phone numbers other than (310) 412-5333.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum

from dateutil.relativedelta import relativedelta

from compliance.contacts import CONFIGURED, PRINTED_IN_ORDINANCE, Contact
from compliance.core import (
    ComplianceError,
    Device,
    PenaltyCap,
    PenaltyCapResult,
    Result,
    ServiceRule,
    dollars,
    inglewood,
    money,
    penalty_cap,
)
from compliance.shifts import BusinessDays, CalendarDays, Clock, Months, WorkingDays, Years, human
from languages import N_, t

ADOPTED = dt.date(2010, 2, 23)
"""Every section ends "(Ord. 10-01 2-23-10)". The effective date is not printed."""

# --------------------------------------------------------------------------------------------------------
# Grease interceptor service (Grease Interceptors and BMPs (4))
# --------------------------------------------------------------------------------------------------------

QUARTERLY = Months(3)
"""(4)(c): "Grease interceptors shall be pumped out completely and cleaned quarterly when the frequency
described in subsection (4)(a) has not been established"."""

SIX_MONTH_CEILING = Months(6)
"""(4)(b): "All food service establishments with a grease interceptor shall maintain their grease interceptor
not less than once every six months."."""

ACCUMULATION_LIMIT_PCT = 25
"""(4)(a): FOG and solids must not exceed "twenty-five percent of the total liquid depth"; (4)(d): otherwise
the establishment shall "service its grease interceptor(s) immediately"."""

HAULER_DOCUMENTATION = (
    N_("Name of hauling company"),
    N_("Name and signature of operator performing the pump out"),
    N_("Documentation of full pump out with volume of water and FOG removed"),
    N_(
        "Documentation of the level of floating FOG and settable solids (to determine if volume exceeds "
        "twenty-five percent capacity of grease removal equipment)"
    ),
    N_("Documentation of repairs to the grease interceptor are required"),
    N_("Identification of the facility where the waste hauler is planning to dispose of the waste"),
)
"""Grease Interceptors and BMPs (4)(i)(A)-(F), verbatim: what the waste hauler's documentation must
include (English, marked ``N_``; a service answer lists them in the reply's language)."""

HAULER_DOCUMENTATION_CITATION = inglewood("Grease Interceptors and BMPs", "(4)(i)")

ACCUMULATION_CITATION = inglewood("Grease Interceptors and BMPs", "(4)(a)")
"""(4)(a): the 25% Rule, cited when a measured interceptor is within it."""

SERVICE_IMMEDIATELY_CITATION = {
    Device.INTERCEPTOR: inglewood("Grease Interceptors and BMPs", "(4)(d)"),
    Device.TRAP: inglewood("Grease Interceptors and BMPs", "(4)(d)"),
}


def service_rule(
    device: Device, frequency_days: int | None, frequency_months: int | None = None
) -> ServiceRule:
    """The service interval for an Inglewood grease interceptor (a trap needs a permit-set frequency).

    Interceptors: quarterly until a 25%-rule frequency is established ((4)(c)); the established frequency is
    written into the permit; and never less often than every six months ((4)(b)), which caps any frequency.
    Grease traps: the article sets no interval; it requires an interceptor unless a variance or waiver is
    granted (Discharge Requirements (5), (6)), so a trap's schedule can only come from the permit
    (Permits (2)(b)). A frequency in months ("every 6 months") counts calendar months.
    """
    if frequency_days is not None and frequency_days < 1:
        raise ComplianceError(
            t("A service frequency must be at least 1 day; got {days}.", days=frequency_days)
        )
    interceptor = device is Device.INTERCEPTOR
    if frequency_months is not None:
        shift = Months(frequency_months)
        basis = (
            t(
                "the City established a maintenance frequency of every {span} in the permit",
                span=shift.describe(),
            )
            if interceptor
            else t(
                "your permit sets a maintenance frequency of every {span} for the grease control device",
                span=shift.describe(),
            )
        )
    elif frequency_days is not None:
        shift = CalendarDays(frequency_days)
        basis = (
            t("the City established a {days}-day maintenance frequency in the permit", days=frequency_days)
            if interceptor
            else t(
                "your permit sets a {days}-day maintenance frequency for the grease control device",
                days=frequency_days,
            )
        )
    elif interceptor:
        shift = QUARTERLY
        basis = t(
            "no maintenance frequency has been established yet, so the interceptor is pumped out quarterly"
        )
    else:
        raise ComplianceError(
            t(
                "Inglewood's ordinance sets no service interval for grease traps: it requires a grease "
                "interceptor unless the City grants a variance or waiver, so give the frequency written "
                "in your permit."
            )
        )
    if not interceptor:
        return ServiceRule(shift=shift, citation=inglewood("Permits", "(2)(b)"), basis=basis)
    return ServiceRule(
        shift=shift,
        citation=inglewood("Grease Interceptors and BMPs", "(4)(c)"),
        basis=basis,
        ceiling=SIX_MONTH_CEILING,
        ceiling_citation=inglewood("Grease Interceptors and BMPs", "(4)(b)"),
    )


# --------------------------------------------------------------------------------------------------------
# Clocks
# --------------------------------------------------------------------------------------------------------

RECORDS_RETENTION = Clock(
    key="records_retention",
    what=N_("Keep manifests, receipts and invoices of grease control device cleaning"),
    shift=Years(4),
    citation=inglewood("Monitoring and Notification", "(1)(i)"),
    trigger=N_("grease control device service"),
    reason=N_(
        "Records of the {start} service must be kept for no less than four years, until at least {due}."
    ),
)

PERMIT_RENEWAL = Clock(
    key="permit_renewal",
    what=N_("Renew the FOG wastewater discharge permit"),
    shift=Years(1),
    citation=inglewood("Permits", "(2)(j)"),
    trigger=N_("permit issued or last renewed"),
    reason=N_("The permit must be renewed yearly, so the permit of {start} is due for renewal by {due}."),
)

PERMIT_CHANGE_NOTICE = Clock(
    key="permit_change_effective",
    what=N_("Earliest date a change in permit limits, conditions or requirements can take effect"),
    shift=CalendarDays(45),
    citation=inglewood("Permits", "(3)"),
    trigger=N_("City's notice of a permit change"),
    reason=N_(
        "The permittee must be informed at least forty-five days before a permit change takes effect, so a "
        "change noticed on {start} cannot take effect before {due}."
    ),
)

PLANNED_CHANGE_NOTICE = Clock(
    key="planned_change_notice",
    what=N_("Notify the City in writing of the planned expansion, remodel or process change"),
    shift=CalendarDays(-60),
    citation=inglewood("Monitoring and Notification", "(4)"),
    trigger=N_("planned expansion, remodeling or process modification"),
    reason=N_(
        "The City must be notified at least sixty days in advance, so for a change starting {start} the "
        "notice is due by {due}."
    ),
)

SPILL_PHONE = "(310) 412-5333"
"""Monitoring and Notification (3): "the discharger shall immediately notify the City by telephone at (310)
412-5333"."""

SPILL_WRITTEN_CONFIRMATION = Clock(
    key="spill_written_confirmation",
    what=N_("Confirm the spill notification in writing to the Director"),
    shift=WorkingDays(5),
    citation=inglewood("Monitoring and Notification", "(3)(a)"),
    trigger=N_("spill incident"),
    reason=N_(
        "Written confirmation is due to the Director no later than five working days from the {start} "
        "incident, so by {due}."
    ),
)

SPILL_CONFIRMATION_CONTENTS = (
    N_("the date of the incident"),
    N_("the reasons for the discharge or spill"),
    N_("what steps were taken to immediately correct the problem"),
    N_("what steps are being taken to prevent the problem from recurring"),
)
"""Monitoring and Notification (3)(a), verbatim list."""

SPILL_CONFIRMATION_RECIPIENT = N_("the Director (the City of Inglewood Director of Public Works)")

INTERCEPTOR_AFTER_BLOCKAGE = Clock(
    key="interceptor_after_blockage_notice",
    what=N_("Install a grease interceptor"),
    shift=CalendarDays(180),
    citation=inglewood("Discharge Requirements", "(5)(c)"),
    trigger=N_("City's notification (grease blockage or significant FOG)"),
    reason=N_(
        "An existing establishment that caused a grease blockage or contributes significant FOG must install "
        "a grease interceptor within one hundred eighty days of the City's {start} notice, so by {due}."
    ),
)

INITIAL_PERMIT = Clock(
    key="initial_permit_deadline",
    what=N_("Obtain the FOG wastewater discharge permit"),
    shift=Years(2),
    citation=inglewood("Permits", "(2)(j)"),
    trigger=N_("adoption of the Article"),
    reason=N_(
        "The permit had to be obtained within two years after the Article was adopted ({start}), so by "
        "{due}, and renewed yearly thereafter."
    ),
)
"""Permits (2)(j): "Permit must be obtained within two years after the adoption of this Article and must be
renewed yearly thereafter." Discharge Requirements (3) says "within two years of the effective date" instead;
the effective date is not printed, so only the adoption-based date (2012-02-23) can be computed."""

INITIAL_PERMIT_DEADLINE = INITIAL_PERMIT.due(ADOPTED)

EXISTING_INTERCEPTOR = Clock(
    key="existing_interceptor_deadline",
    what=N_("Existing establishment installs and operates a grease interceptor"),
    shift=Years(2),
    citation=inglewood("Discharge Requirements", "(5)(b)"),
    trigger=N_("effective date of Ord. 10-01"),
    reason=N_(
        "Existing establishments had to install a grease interceptor within two years of the ordinance's "
        "effective date ({start}), so by {due}, unless a variance or waiver was granted."
    ),
)
INITIAL_EMPLOYEE_TRAINING = Clock(
    key="initial_employee_training",
    what=N_("First training of employees on kitchen best management practices"),
    shift=CalendarDays(180),
    citation=inglewood("Grease Interceptors and BMPs", "(3)(e)"),
    trigger=N_("effective date of Ord. 10-01"),
    reason=N_(
        "Employees had to be trained within one hundred eighty days of the ordinance's effective date "
        "({start}), so by {due}, and twice each calendar year thereafter."
    ),
)
FOOD_GRINDER_REMOVAL = Clock(
    key="food_grinder_removal",
    what=N_("Remove all food grinders"),
    shift=CalendarDays(180),
    citation=inglewood("Discharge Requirements", "(2)(a)"),
    trigger=N_("effective date of Ord. 10-01"),
    reason=N_(
        "Food grinders had to be removed within one hundred eighty days of the ordinance's effective date "
        "({start}), so by {due}."
    ),
)

APPEAL_TO_DIRECTOR = Clock(
    key="appeal_to_director",
    what=N_("Get a written appeal request to the Director"),
    shift=CalendarDays(15),
    citation=inglewood("Enforcement", "(13)"),
    trigger=N_("notice of the decision, action or determination mailed"),
    reason=N_(
        "The appeal request must be received by the City within fifteen days of the {start} mailing, so by "
        "{due}."
    ),
)

APPEAL_HEARING_NOTICE = Clock(
    key="appeal_hearing_notice",
    what=N_("Director designates a hearing officer and sends written notice of the appeal hearing"),
    shift=CalendarDays(15),
    citation=inglewood("Enforcement", "(13)(a)"),
    trigger=N_("appeal request received"),
    reason=N_(
        "Within fifteen days of receiving the {start} appeal request the Director gives written notice of "
        "the hearing, so by {due}."
    ),
)
APPEAL_HEARING_LATEST = Clock(
    key="appeal_hearing_latest",
    what=N_("Latest appeal hearing date unless the appellant agrees to a later one"),
    shift=CalendarDays(30),
    citation=inglewood("Enforcement", "(13)(a)"),
    trigger=N_("notice of the appeal hearing mailed"),
    reason=N_(
        "The hearing is no more than thirty days from the {start} mailing of its notice, so by {due}, unless "
        "the appellant agrees to a later date."
    ),
)

REVOCATION_HEARING_EARLIEST = Clock(
    key="revocation_hearing_earliest",
    what=N_("Earliest permitted revocation hearing date"),
    shift=CalendarDays(15),
    citation=inglewood("Enforcement", "(6)(i)"),
    trigger=N_("notice of revocation mailed"),
    reason=N_(
        "The revocation hearing must be at least fifteen calendar days after the {start} mailing, so not "
        "before {due}."
    ),
)
REVOCATION_HEARING_LATEST = Clock(
    key="revocation_hearing_latest",
    what=N_("Latest permitted revocation hearing date"),
    shift=CalendarDays(45),
    citation=inglewood("Enforcement", "(6)(i)"),
    trigger=N_("notice of revocation mailed"),
    reason=N_(
        "The revocation hearing must be no more than forty-five calendar days after the {start} mailing, so "
        "by {due}."
    ),
)
REVOCATION_DECISION = Clock(
    key="revocation_decision",
    what=N_("Director's written decision and order on revocation"),
    shift=CalendarDays(30),
    citation=inglewood("Enforcement", "(6)(ii)"),
    trigger=N_("conclusion of the revocation hearing"),
    reason=N_(
        "The written decision is due within thirty calendar days after the hearing concluded on {start}, so "
        "by {due}."
    ),
)
REVOCATION_FINAL = Clock(
    key="revocation_final",
    what=N_("Revocation order becomes final"),
    shift=CalendarDays(16),
    citation=inglewood("Enforcement", "(6)(iii)"),
    trigger=N_("revocation order mailed"),
    reason=N_(
        "A revocation order is final in all respects on the sixteenth day after it is mailed ({start}), "
        "which is {due}."
    ),
)
NO_DISCHARGE_AFTER_REVOCATION = Clock(
    key="reapply_after_revocation",
    what=N_("Earliest date to apply again for a permit after revocation"),
    shift=Years(1),
    citation=inglewood("Enforcement", "(6)(iii)"),
    trigger=N_("revocation order became final"),
    reason=N_(
        "After a revocation becomes final ({start}) the permittee loses all discharge rights for one year "
        "and may apply again from {due}."
    ),
)
EMERGENCY_SUSPENSION_HEARING = Clock(
    key="emergency_suspension_hearing",
    what=N_("Hearing on the emergency suspension order"),
    shift=BusinessDays(5),
    citation=inglewood("Enforcement", "(10)"),
    trigger=N_("emergency suspension order issued"),
    reason=N_(
        "The Director must hold a hearing no more than five business days after the {start} order, so by "
        "{due}."
    ),
)
EMERGENCY_SUSPENSION_DECISION = Clock(
    key="emergency_suspension_decision",
    what=N_("Written decision on the emergency suspension order"),
    shift=BusinessDays(2),
    citation=inglewood("Enforcement", "(10)"),
    trigger=N_("emergency suspension hearing held"),
    reason=N_("A written decision is sent within two business days after the {start} hearing, so by {due}."),
)
ADMINISTRATIVE_COMPLAINT_HEARING = Clock(
    key="administrative_complaint_hearing",
    what=N_("Hearing on the administrative complaint"),
    shift=CalendarDays(60),
    citation=inglewood("Enforcement", "(11)(c)"),
    trigger=N_("administrative complaint served"),
    reason=N_(
        "The complaint must set a hearing date within sixty days following service on {start}, so by {due}."
    ),
)
ADMINISTRATIVE_PENALTY_DECISION = Clock(
    key="administrative_penalty_decision",
    what=N_("Director's decision on the administrative civil penalty"),
    shift=CalendarDays(30),
    citation=inglewood("Enforcement", "(11)(c)"),
    trigger=N_("administrative complaint hearing held"),
    reason=N_(
        "A decision assessing a civil penalty is issued within thirty calendar days after the {start} "
        "hearing, so by {due}."
    ),
)
ADMINISTRATIVE_PENALTY_PAYMENT = Clock(
    key="administrative_penalty_payment",
    what=N_("Pay the administrative civil penalty"),
    shift=CalendarDays(30),
    citation=inglewood("Enforcement", "(11)(c)"),
    trigger=N_("penalty order became final"),
    reason=N_(
        "Payment is due within thirty calendar days of the date the order became final ({start}), so by "
        "{due}."
    ),
)
DAMAGE_COSTS_PAYMENT = Clock(
    key="damage_costs_payment",
    what=N_("Pay the City's cleaning and repair costs plus the 25% service charge"),
    shift=CalendarDays(45),
    citation=inglewood("Enforcement", "(7)"),
    trigger=N_("City invoice for cleaning or repair costs"),
    reason=N_("The total is payable within forty-five days of the City's {start} invoice, so by {due}."),
)

# --------------------------------------------------------------------------------------------------------
# Employee training (Grease Interceptors and BMPs (3)(e))
# --------------------------------------------------------------------------------------------------------

TRAININGS_PER_CALENDAR_YEAR = 2
"""(3)(e): employees "shall be trained within one hundred eighty days of the effective date of the ordinance
... and twice each calendar year thereafter"."""

TRAINING_CITATION = inglewood("Grease Interceptors and BMPs", "(3)(e)")

# --------------------------------------------------------------------------------------------------------
# Money (Fees (1)-(3); Enforcement (2)(d), (4), (7), (14))
# --------------------------------------------------------------------------------------------------------

INITIAL_PERMIT_FEE = Decimal(340)
"""Fees (1): "An initial fee of $340 shall be required for each application"."""

PERMIT_FEE_WAIVER_DEADLINE = ADOPTED + relativedelta(years=2)
"""Fees (1): "The initial fee shall be waived for all food establishments lawfully operating prior to the
adoption of the ordinance ... and who have adopted FOG control measures within two years of the adoption"."""

SMALL_ANNUAL_FEE = Decimal(267)
LARGE_ANNUAL_FEE = Decimal(413)
"""Fees (2): "Small food services establishments shall pay an annual fee of $267. Large food services
establishments shall pay an annual fee of $413."."""

SMALL_MAX_SEATS = 50
"""Definitions ("Food service establishment"): "Small food establishments includes restaurants having a
seating capacity of fifty or less and without a drive thru feature, and other establishments that generate
FOG. Large food establishments includes restaurants having a seating capacity of more than fifty, all
restaurants that have a drive thru feature, and schools, and hospitals."."""

CLEANUP_CHARGE_MINIMUM = Decimal(300)
"""Fees (3): waiver holders without an interceptor pay "a minimal annual grease clean-up charge of $300";
"If the actual cost to the City exceeds $300, the establishment shall pay actual out-of-pocket cost"."""

REINSPECTION_FEE = Decimal(150)
"""Enforcement (2)(d): "Noncompliance charges will include a one hundred fifty dollar ($150.00) reinspection
fee"."""

NOV_PENALTY_FEES = {1: Decimal(100), 2: Decimal(250), 3: Decimal(500)}
"""Enforcement (4)(a)-(c): first NOV $100, second $250, "third ... or any thereafter" $500."""

DAMAGE_SERVICE_CHARGE_RATE = Decimal("0.25")
"""Enforcement (7): "A service charge of twenty-five percent of the City's costs shall be added"."""

PAY_WITHIN_DAYS = 45
BASIC_PENALTY_DAY = 46
BASIC_PENALTY_RATE = Decimal("0.10")
BASIC_PENALTY_CAP = Decimal(1000)
MONTHLY_PENALTY_RATE = Decimal("0.015")
REVOCATION_AFTER_DAYS = 90
"""Enforcement (14): amounts are "delinquent if unpaid forty-five days after date of invoice"; "(a) Forty-six
days after the date of invoice, a basic penalty of ten percent of the base invoice amount, not to exceed a
maximum of $1,000; and (b) A penalty of one and one-half percent per month of the base invoice amount and
basic penalty shall accrue from and after the forty-sixth day after date of invoice. Any invoice outstanding
and unpaid after ninety days shall be cause for immediate initiation of permit revocation proceedings."."""


class EstablishmentKind(str, Enum):
    """The kinds the small/large definition names; anything else that generates FOG is "other"."""

    RESTAURANT = "restaurant"
    SCHOOL = "school"
    HOSPITAL = "hospital"
    OTHER = "other"

    @classmethod
    def parse(cls, value: EstablishmentKind | str) -> EstablishmentKind:
        if isinstance(value, EstablishmentKind):
            return value
        key = str(value).strip().lower()
        for kind in cls:
            if kind.value == key:
                return kind
        raise ComplianceError(
            t("Unknown establishment kind {value!r}: use restaurant, school, hospital or other.", value=value)
        )


class SizeClass(str, Enum):
    SMALL = "small"
    LARGE = "large"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Fee(Result):
    """A money answer. ``amount`` is the headline figure; ``breakdown`` itemises it."""

    amount: Decimal
    breakdown: Mapping[str, Decimal] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True, kw_only=True)
class AnnualFee(Fee):
    size: SizeClass
    kind: EstablishmentKind
    seats: int | None
    drive_thru: bool


DEFINITION_CITATION = inglewood("Definitions", '("Food service establishment")')


def size_class(
    seats: int | None, drive_thru: bool = False, kind: EstablishmentKind | str = "restaurant"
) -> SizeClass:
    """Small or large establishment under Definitions ("Food service establishment").

    Restaurants: large with more than fifty seats or any drive-thru, small otherwise. Schools and hospitals:
    always large. Other FOG-generating establishments: small (the definition lists them only as small; a
    drive-thru makes only a *restaurant* large).
    """
    kind = EstablishmentKind.parse(kind)
    if seats is not None and seats < 0:
        raise ComplianceError(t("The number of seats cannot be negative; got {seats}.", seats=seats))
    if kind in (EstablishmentKind.SCHOOL, EstablishmentKind.HOSPITAL):
        return SizeClass.LARGE
    if kind is EstablishmentKind.OTHER:
        return SizeClass.SMALL
    if seats is None:
        raise ComplianceError(
            t("Give the restaurant's seating capacity: up to fifty seats is small, more is large.")
        )
    return SizeClass.LARGE if drive_thru or seats > SMALL_MAX_SEATS else SizeClass.SMALL


def annual_fee(
    seats: int | None, drive_thru: bool = False, kind: EstablishmentKind | str = "restaurant"
) -> AnnualFee:
    """Annual inspection and control fee: $267 small, $413 large (Fees (2))."""
    kind = EstablishmentKind.parse(kind)
    size = size_class(seats, drive_thru, kind)
    amount = LARGE_ANNUAL_FEE if size is SizeClass.LARGE else SMALL_ANNUAL_FEE
    if kind is EstablishmentKind.RESTAURANT:
        if drive_thru:
            why = t("a restaurant with a drive-thru is a large food establishment")
        elif size is SizeClass.LARGE:
            why = t(
                "a restaurant with {seats} seats (more than fifty) is a large food establishment", seats=seats
            )
        elif not seats:  # "a snack bar like ours with no seating"
            why = t("a place with no seats and no drive-thru is a small food establishment")
        else:
            why = t(
                "a restaurant with {seats} seats (fifty or fewer) and no drive-thru is a small food "
                "establishment",
                seats=seats,
            )
    elif kind is EstablishmentKind.OTHER:
        why = t("establishments other than restaurants, schools and hospitals are small food establishments")
    elif kind is EstablishmentKind.SCHOOL:
        why = t("schools are large food establishments")
    else:
        why = t("hospitals are large food establishments")
    return AnnualFee(
        amount=amount,
        size=size,
        kind=kind,
        seats=seats,
        drive_thru=drive_thru,
        breakdown={"inspection_and_control_fee": amount},
        citation=inglewood("Fees", "(2)"),
        see_also=(DEFINITION_CITATION,),
        reason=t(
            "The annual inspection and control fee is {amount} because {why}.",
            amount=dollars(amount),
            why=why,
        ),
    )


def nov_fee(count: int) -> Fee:
    """Penalty fee for the ``count``-th notice of violation: $100, $250, then $500 (Enforcement (4))."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ComplianceError(
            t(
                "The notice of violation count must be a whole number of 1 or more; got {count!r}.",
                count=count,
            )
        )
    step = min(count, 3)
    amount = NOV_PENALTY_FEES[step]
    letter = "abc"[step - 1]
    total = sum((NOV_PENALTY_FEES[min(n, 3)] for n in range(1, count + 1)), Decimal(0))
    if count == 1:
        reason = t("The first notice of violation carries a penalty fee of {amount}.", amount=dollars(amount))
    elif count == 2:
        reason = t(
            "The second notice of violation carries a penalty fee of {amount}.", amount=dollars(amount)
        )
    elif count == 3:
        reason = t(
            "The third notice of violation carries a penalty fee of {amount} (the third and every later one "
            "cost $500).",
            amount=dollars(amount),
        )
    else:
        reason = t(
            "The {count}th notice of violation carries a penalty fee of {amount} (the third and every later "
            "one cost $500).",
            count=count,
            amount=dollars(amount),
        )
    return Fee(
        amount=amount,
        breakdown={"this_nov": amount, "total_for_all_novs_so_far": total},
        citation=inglewood("Enforcement", f"(4)({letter})"),
        reason=reason,
    )


def reinspection_fee() -> Fee:
    return Fee(
        amount=REINSPECTION_FEE,
        breakdown={"reinspection_fee": REINSPECTION_FEE},
        citation=inglewood("Enforcement", "(2)(d)"),
        reason=t("Noncompliance charges include a $150 reinspection fee, plus other costs the City incurs."),
    )


def cleanup_charge(actual_cost: Decimal | float | int | None = None) -> Fee:
    """Annual grease disposal clean-up charge for waiver holders: $300, or the City's actual cost if
    higher."""
    actual = money(actual_cost) if actual_cost is not None else None
    if actual is not None and actual < 0:
        raise ComplianceError(
            t("The City's actual clean-up cost cannot be negative; got {cost}.", cost=actual_cost)
        )
    amount = max(CLEANUP_CHARGE_MINIMUM, actual) if actual is not None else CLEANUP_CHARGE_MINIMUM
    return Fee(
        amount=amount,
        breakdown={
            "minimum": CLEANUP_CHARGE_MINIMUM,
            **({"actual_cost": actual} if actual is not None else {}),
        },
        citation=inglewood("Fees", "(3)"),
        reason=t(
            "An establishment operating under a waiver without a grease interceptor pays at least $300 a "
            "year, or the City's actual clean-up cost if that is higher, so {amount}.",
            amount=dollars(amount),
        )
        if actual is not None
        else t(
            "An establishment operating under a waiver without a grease interceptor pays at least $300 a "
            "year, or the City's actual clean-up cost if that is higher."
        ),
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class PermitFees(Fee):
    initial_fee_waived: bool
    initial_fee: Decimal
    annual_fee: Decimal
    size: SizeClass


def permit_fees(
    *,
    seats: int | None,
    drive_thru: bool = False,
    kind: EstablishmentKind | str = "restaurant",
    operating_since: dt.date | None = None,
    fog_controls_adopted_on: dt.date | None = None,
) -> PermitFees:
    """First-year permit cost: the $340 initial fee (Fees (1)) plus the annual fee (Fees (2)).

    The initial fee is waived only for establishments lawfully operating before adoption (2010-02-23) that
    adopted FOG control measures within two years of adoption (by 2012-02-23). ``operating_since`` is when
    the establishment began lawfully operating (``None``: a new establishment).
    """
    annual = annual_fee(seats, drive_thru, kind)
    waived = (
        operating_since is not None
        and operating_since < ADOPTED
        and fog_controls_adopted_on is not None
        and fog_controls_adopted_on <= PERMIT_FEE_WAIVER_DEADLINE
    )
    initial = Decimal(0) if waived else INITIAL_PERMIT_FEE
    if waived:
        why = t(
            "the initial $340 fee is waived because the establishment operated lawfully before the "
            "ordinance was adopted on {adopted} and adopted FOG controls by {deadline}",
            adopted=human(ADOPTED),
            deadline=human(PERMIT_FEE_WAIVER_DEADLINE),
        )
    elif operating_since is None or operating_since >= ADOPTED:
        why = t(
            "the initial $340 fee applies because the establishment was not operating before the ordinance"
        )
    else:
        why = t(
            "the initial $340 fee applies because FOG control measures were not adopted within two years of "
            "adoption (by {deadline})",
            deadline=human(PERMIT_FEE_WAIVER_DEADLINE),
        )
    return PermitFees(
        amount=initial,
        initial_fee=initial,
        initial_fee_waived=waived,
        annual_fee=annual.amount,
        size=annual.size,
        breakdown={
            "initial_fee": initial,
            "annual_fee": annual.amount,
            "first_year_total": initial + annual.amount,
        },
        citation=inglewood("Fees", "(1)"),
        see_also=(inglewood("Fees", "(2)"),),
        reason=t(
            "For the permit, {why}; the annual inspection and control fee is {amount}.",
            why=why,
            amount=dollars(annual.amount),
        ),
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class LateFee(Fee):
    """``amount`` is the late-payment penalty owed on ``on``; ``total_due`` adds the base invoice."""

    invoice_date: dt.date
    on: dt.date
    days_since_invoice: int
    base_amount: Decimal
    basic_penalty: Decimal
    monthly_penalty: Decimal
    months_accrued: int
    total_due: Decimal
    pay_by: dt.date
    delinquent: bool
    penalty_starts: dt.date
    revocation_proceedings: bool
    revocation_from: dt.date

    @property
    def per_month(self) -> Decimal:
        """What each whole month after day 46 adds: 1.5% of the invoice plus the basic penalty."""
        return money((self.base_amount + self.basic_penalty) * MONTHLY_PENALTY_RATE)


def full_months_between(start: dt.date, end: dt.date) -> int:
    """Whole calendar months from ``start`` to ``end`` (0 if ``end`` < one month after ``start``)."""
    if end < start:
        return 0
    delta = relativedelta(end, start)
    return delta.years * 12 + delta.months


def late_fee(invoice_date: dt.date, amount: Decimal | float | int | str, on: dt.date) -> LateFee:
    """Late-payment penalty on an unpaid Inglewood invoice as of ``on`` (Enforcement (14)).

    Day 0 is the invoice date. Through day 45 nothing is added. From day 46 a basic penalty of 10% of the base
    (at most $1,000) applies, and 1.5% of (base + basic penalty) accrues for each WHOLE month completed after
    day 46 (so day 46 itself carries no monthly penalty; day 46 plus one month carries one). After day 90
    the unpaid invoice is cause for permit revocation proceedings.
    """
    base = money(amount)
    if base <= 0:
        raise ComplianceError(t("The invoice amount must be more than zero; got {amount}.", amount=amount))
    if on < invoice_date:
        raise ComplianceError(
            t(
                "The date {on} is before the invoice date {invoice}.",
                on=on.isoformat(),
                invoice=invoice_date.isoformat(),
            )
        )
    days = (on - invoice_date).days
    pay_by = invoice_date + dt.timedelta(days=PAY_WITHIN_DAYS)
    penalty_starts = invoice_date + dt.timedelta(days=BASIC_PENALTY_DAY)
    revocation_from = invoice_date + dt.timedelta(days=REVOCATION_AFTER_DAYS + 1)
    delinquent = days >= BASIC_PENALTY_DAY
    basic = money(min(base * BASIC_PENALTY_RATE, BASIC_PENALTY_CAP)) if delinquent else Decimal("0.00")
    months = full_months_between(penalty_starts, on) if delinquent else 0
    monthly = money((base + basic) * MONTHLY_PENALTY_RATE * months)
    penalty = basic + monthly
    revocation = days > REVOCATION_AFTER_DAYS
    if not delinquent:
        reason = t(
            "On day {days} after the invoice nothing is late yet: pay {amount} by {date} (45 days) to avoid "
            "penalties.",
            days=days,
            amount=dollars(base),
            date=human(pay_by),
        )
        citation = inglewood("Enforcement", "(14)")
    else:
        capped = (
            t(" (capped at $1,000)")
            if base * BASIC_PENALTY_RATE > BASIC_PENALTY_CAP
            else t(" (10% of the invoice)")
        )
        if not months:
            accrued = ""
        elif months == 1:
            accrued = t(", plus {amount} for {months} month at 1.5%", amount=dollars(monthly), months=months)
        else:
            accrued = t(", plus {amount} for {months} months at 1.5%", amount=dollars(monthly), months=months)
        template = (
            N_(
                "On day {days} the invoice is delinquent: a basic penalty of {basic}{capped} applies from "
                "day 46{accrued}, and being unpaid after ninety days is cause for permit revocation "
                "proceedings."
            )
            if revocation
            else N_(
                "On day {days} the invoice is delinquent: a basic penalty of {basic}{capped} applies from "
                "day 46{accrued}."
            )
        )
        reason = t(template, days=days, basic=dollars(basic), capped=capped, accrued=accrued)
        citation = inglewood("Enforcement", "(14)(b)" if months else "(14)(a)")
    return LateFee(
        amount=penalty,
        invoice_date=invoice_date,
        on=on,
        days_since_invoice=days,
        base_amount=base,
        basic_penalty=basic,
        monthly_penalty=monthly,
        months_accrued=months,
        total_due=base + penalty,
        pay_by=pay_by,
        delinquent=delinquent,
        penalty_starts=penalty_starts,
        revocation_proceedings=revocation,
        revocation_from=revocation_from,
        breakdown={
            "base": base,
            "basic_penalty": basic,
            "monthly_penalty": monthly,
            "total_due": base + penalty,
        },
        citation=citation,
        reason=reason,
    )


def damage_costs(city_costs: Decimal | float | int | str) -> Fee:
    """City's cleaning/repair costs plus the 25% service charge (Enforcement (7))."""
    costs = money(city_costs)
    if costs < 0:
        raise ComplianceError(t("The City's costs cannot be negative; got {costs}.", costs=city_costs))
    charge = money(costs * DAMAGE_SERVICE_CHARGE_RATE)
    return Fee(
        amount=costs + charge,
        breakdown={"city_costs": costs, "service_charge": charge},
        citation=inglewood("Enforcement", "(7)"),
        reason=t(
            "The City adds a 25% service charge ({charge}) to its {costs} costs, payable within forty-five "
            "days of invoicing.",
            charge=dollars(charge),
            costs=dollars(costs),
        ),
    )


# --------------------------------------------------------------------------------------------------------
# Variance and waivers of the grease interceptor requirement (Discharge Requirements (6); Fees (3))
# --------------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class InterceptorPath(Result):
    key: str
    name: str
    conditions: tuple[str, ...]
    charges: tuple[str, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class InterceptorPaths(Result):
    paths: tuple[InterceptorPath, ...]
    install_interceptor: bool
    how_to_apply: tuple[str, ...]


VARIANCE = InterceptorPath(
    key="variance",
    name=N_("Variance for alternative pretreatment technology"),
    conditions=(
        N_("the establishment is an existing food service establishment"),
        N_(
            "it shows a grease interceptor is impossible or impracticable to install, operate or maintain "
            "(no adequate space, or no adequate slope for gravity flow)"
        ),
        N_("the alternative pretreatment technology is at least equally effective as a grease interceptor"),
        N_(
            "after installation, downstream visual monitoring of the sewer for at least three months, at its "
            "own expense, shows no visible accumulation of FOG"
        ),
    ),
    charges=(
        N_("no variance charge is stated; the annual inspection and control fee still applies (Fees (2))"),
    ),
    citation=inglewood("Discharge Requirements", "(6)"),
    reason=N_(
        "An existing establishment may use equally effective alternative pretreatment instead of an "
        "interceptor when an interceptor is impossible or impracticable."
    ),
)

CONDITIONAL_WAIVER = InterceptorPath(
    key="conditional_waiver",
    name=N_("Conditional waiver from installation of a grease interceptor"),
    conditions=(
        N_("the establishment is an existing food service establishment"),
        N_("it shows negligible FOG discharge and insignificant impact to the sewer system"),
        N_(
            "the City weighs FOG quantity (seats, meals, menu, water use), kitchen BMPs and compliance "
            "history, the receiving sewer's condition and spill history, and changes in operations"
        ),
        N_("the City may still require space and plumbing segregation for a future grease interceptor"),
    ),
    charges=(
        N_(
            "Fees (3) applies the annual grease disposal clean-up charge (at least $300) to establishments "
            "operating without an interceptor 'who have a waiver'; whether that includes a conditional "
            "waiver is for the City to confirm"
        ),
    ),
    citation=inglewood("Discharge Requirements", "(6)(i)"),
    reason=N_(
        "An existing establishment with negligible FOG discharge may be excused from installing an "
        "interceptor, on conditions."
    ),
)

WAIVER_WITH_CHARGE = InterceptorPath(
    key="waiver_with_cleanup_charge",
    name=N_("Waiver with a grease disposal clean-up charge"),
    conditions=(
        N_("a grease interceptor is not feasible: no adequate space, or no adequate slope for gravity flow"),
        N_(
            "no equivalent alternative pretreatment technology can be employed, so a variance cannot be "
            "granted"
        ),
        N_("additional requirements may be imposed to mitigate the FOG discharge"),
    ),
    charges=(
        N_(
            "an annual grease disposal clean-up charge of at least $300, or the City's actual cost if higher "
            "(Fees (3))"
        ),
        N_(
            "the charge may be waived or reduced yearly if best management practices have significantly "
            "reduced FOG (Fees (3)(b)), but not if the establishment is out of compliance or caused or "
            "risked a blockage or SSO in the preceding twelve months (Fees (3)(c))"
        ),
    ),
    citation=inglewood("Discharge Requirements", "(6)(ii)"),
    see_also=(inglewood("Fees", "(3)"),),
    reason=N_(
        "Where no interceptor fits and no equivalent alternative exists, the City may waive the interceptor "
        "in exchange for an annual clean-up charge of at least $300."
    ),
)

HOW_TO_APPLY = (
    N_(
        "Apply to the City for the waiver or variance; the establishment must show, to the City's reasonable "
        "satisfaction, that an interceptor is not feasible or applicable (Discharge Requirements (6)(iii))."
    ),
    N_("If granted, the permit is issued or revised to include it (Discharge Requirements (6)(iii))."),
    N_(
        "It lasts while its terms and conditions are met, until its expiration date, and can be revoked if "
        "they are not or the justification no longer exists (Discharge Requirements (6)(iv))."
    ),
)
"""The paths above and these steps are English, marked ``N_``: :func:`interceptor_paths` gives them in the
reply's language."""


def _in_reply_language(path: InterceptorPath) -> InterceptorPath:
    return dataclasses.replace(
        path,
        name=t(path.name),
        conditions=tuple(t(condition) for condition in path.conditions),
        charges=tuple(t(charge) for charge in path.charges),
        reason=t(path.reason),
    )


def interceptor_paths(
    no_space: bool,
    no_slope: bool,
    alt_tech_equivalent: bool,
    negligible_fog: bool,
    *,
    existing: bool = True,
) -> InterceptorPaths:
    """Which route(s) away from installing a grease interceptor look open, with conditions and charges.

    Discharge Requirements (6): the variance and the conditional waiver ((6)(i)) are for "An existing food
    service establishment"; the waiver with a clean-up charge ((6)(ii)) is for establishments "where the
    installation of a grease interceptor is not feasible and no equivalent alternative pretreatment technology
    can be employed" (Fees (3) confirms that new construction needs a City finding of impossibility). The
    City decides; this only says which paths the facts point to.
    """
    infeasible = no_space or no_slope
    paths: list[InterceptorPath] = []
    if existing and infeasible and alt_tech_equivalent:
        paths.append(VARIANCE)
    if existing and negligible_fog:
        paths.append(CONDITIONAL_WAIVER)
    if infeasible and not alt_tech_equivalent:
        paths.append(WAIVER_WITH_CHARGE)
    paths = [_in_reply_language(path) for path in paths]
    if len(paths) > 1:
        names = t(" and ").join(p.name.lower() for p in paths)
        reason = t("On these facts the likely paths are {names}; the City decides.", names=names)
        citation = paths[0].citation
    elif paths:
        reason = t("On these facts the likely path is {name}; the City decides.", name=paths[0].name.lower())
        citation = paths[0].citation
    else:
        citation = inglewood("Discharge Requirements", "(5)(a)" if not existing else "(5)")
        reason = (
            t(
                "New construction must install a grease interceptor before discharging; the variance and "
                "conditional waiver are only for existing establishments."
            )
            if not existing and not infeasible
            else t("None of the variance or waiver conditions is met, so a grease interceptor is required.")
        )
    return InterceptorPaths(
        paths=tuple(paths),
        install_interceptor=not paths,
        how_to_apply=tuple(t(step) for step in HOW_TO_APPLY) if paths else (),
        citation=citation,
        reason=reason,
    )


# --------------------------------------------------------------------------------------------------------
# Spill telephone notice (Monitoring and Notification (3))
# --------------------------------------------------------------------------------------------------------

SPILL_PHONE_CITATION = inglewood("Monitoring and Notification", "(3)")


def spill_contacts(contacts: Mapping[str, str] | None = None) -> tuple[Contact, ...]:
    """Monitoring and Notification (3): "the discharger shall immediately notify the City by telephone at
    (310) 412-5333" — at any hour. A configured ``contacts["city"]`` replaces the printed number (for when
    the City changes it) and is labelled as configured."""
    configured = (contacts or {}).get("city")
    return (
        Contact(
            key="city",
            who=t("City of Inglewood"),
            how=t("telephone"),
            condition=t("always, immediately"),
            phone=configured or SPILL_PHONE,
            phone_source=CONFIGURED if configured else PRINTED_IN_ORDINANCE,
            citation=SPILL_PHONE_CITATION,
        ),
    )


# --------------------------------------------------------------------------------------------------------
# Administrative civil penalty caps (Enforcement (11))
# --------------------------------------------------------------------------------------------------------

ADMINISTRATIVE_CIVIL_PENALTY_CAPS = {
    cap.key: cap
    for cap in (
        PenaltyCap(
            "reports",
            N_("failing or refusing to furnish required reports"),
            Decimal(2000),
            "day",
            inglewood("Enforcement", "(11)(c)"),
        ),
        PenaltyCap(
            "compliance_schedule",
            N_("failing or refusing to timely comply with a compliance schedule established by the City"),
            Decimal(3000),
            "day",
            inglewood("Enforcement", "(11)(c)"),
        ),
        PenaltyCap(
            "discharge",
            N_(
                "each violation by discharges violating a waste discharge limit, permit condition or "
                "requirement"
            ),
            Decimal(5000),
            "day",
            inglewood("Enforcement", "(11)(c)"),
        ),
        PenaltyCap(
            "order",
            N_(
                "discharges violating a suspension, revocation, cease and desist or other order, or a "
                "prohibition"
            ),
            Decimal(10),
            "gallon",
            inglewood("Enforcement", "(11)(c)"),
        ),
    )
}
"""Enforcement (11)(c), the second list's (i)-(iv) (the first lists what a complaint may allege; cited as
(11)(c), as "(11)(c)(i)" would name the first list's item): "shall not exceed $2,000 for each day for failing
or refusing to furnish required reports", "$3,000 for each day ...", "$5,000 per violation for each day of
discharge ...", "$10 per gallon ..."."""


def administrative_civil_penalty_cap(kind: str, units: int = 1) -> PenaltyCapResult:
    """Maximum administrative civil penalty the Director may assess for ``units`` days (or gallons, for
    ``kind="order"``)."""
    return penalty_cap(ADMINISTRATIVE_CIVIL_PENALTY_CAPS, kind, units)

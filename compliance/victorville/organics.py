"""Victorville Municipal Code Chapter 6.37, Mandatory Organic Waste Disposal Reduction (SB 1383).

Ord. No. 2425, § 2, adopted 2022-04-19. Sections are numbered 6.37.010 to 6.37.130 in text order (see
``knowledge/sources/README.md``). This module answers: which kind of generator is this, which container
does each stream go in, is a de minimis or physical-space waiver possible, which edible-food-generator tier
applies and from when, and the chapter's duty clocks.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal
from enum import Enum

from compliance.core import ComplianceError, Result, victorville
from compliance.shifts import CalendarDays, Clock, Months, NextAnnual, Years, human
from languages import N_, t

# --------------------------------------------------------------------------------------------------------
# Generators and containers (6.37.020, 6.37.030, 6.37.040)
# --------------------------------------------------------------------------------------------------------


class GeneratorType(str, Enum):
    """The two generator regimes of Chapter 6.37.

    Single-family generators follow 6.37.030 (three containers: blue, green, black); commercial businesses,
    which include multi-family dwellings of five or more units, follow 6.37.040 (four: blue, green, brown,
    black).
    """

    SINGLE_FAMILY = "single_family"
    COMMERCIAL = "commercial"


class Stream(str, Enum):
    """What is being thrown away, in the chapter's own categories."""

    RECYCLABLES = "recyclables"  # "designated recyclable materials"
    ORGANICS = "organics"  # "designated organic waste" (garden trimmings, leaves, grass, ...)
    FOOD_SCRAPS = "food_scraps"  # "designated food scraps"
    RESIDUAL = "residual"  # "black container waste": everything else


MULTI_FAMILY_COMMERCIAL_UNITS = 5
"""Residential premises with five or more units are multi-family, hence commercial.

Victorville Municipal Code § 6.37.020 ("Multi-family residential dwelling"): "residential premises with five
or more dwelling units"; ("Single-family"): "any residential premises with fewer than five units";
("Commercial business"): "A multi-family residential dwelling that consists of fewer than five units is not
a commercial business".
"""

_RESIDENTIAL_KINDS = {"single_family", "residential", "multi_family", "home", "house", "apartment"}
_COMMERCIAL_KINDS = {
    "commercial",
    "business",
    "commercial_business",
    "restaurant",
    "hotel",
    "motel",
    "strip_mall",
    "industrial",
    "nonprofit",
}


def _normalise(kind: str) -> str:
    return "_".join(str(kind).strip().lower().replace("-", " ").replace("_", " ").split())


@dataclasses.dataclass(frozen=True, kw_only=True)
class GeneratorClassification(Result):
    generator: GeneratorType


def explain_generator(kind: str, units: int | None = None) -> GeneratorClassification:
    """Classify a generator and say why (see :func:`classify_generator`)."""
    key = _normalise(kind)
    if units is not None and units < 1:
        raise ComplianceError(t("A premises has at least one dwelling unit; got {units}.", units=units))
    if key in _COMMERCIAL_KINDS:
        transient = key in {"hotel", "motel"}
        return GeneratorClassification(
            generator=GeneratorType.COMMERCIAL,
            citation=victorville(
                '6.37.020 ("Multi-family residential dwelling")'
                if transient
                else '6.37.020 ("Commercial business")'
            ),
            reason=(
                t("Hotels, motels and other transient occupancy facilities are commercial businesses.")
                if transient
                else t(
                    "A business, whether for-profit or nonprofit, is a commercial generator under Chapter "
                    "6.37."
                )
            ),
        )
    if key in _RESIDENTIAL_KINDS:
        if units is None:
            if key in {"single_family", "home", "house"}:
                units = 1
            else:
                raise ComplianceError(
                    t(
                        "Say how many dwelling units the {kind} premises has: fewer than five is "
                        "single-family, five or more is commercial.",
                        kind=kind,
                    )
                )
        if units >= MULTI_FAMILY_COMMERCIAL_UNITS:
            return GeneratorClassification(
                generator=GeneratorType.COMMERCIAL,
                citation=victorville('6.37.020 ("Multi-family residential dwelling")'),
                reason=t(
                    "A residential premises with {units} units (five or more) is multi-family, which "
                    "Chapter 6.37 treats as a commercial business.",
                    units=units,
                ),
            )
        return GeneratorClassification(
            generator=GeneratorType.SINGLE_FAMILY,
            citation=victorville('6.37.020 ("Single-family")'),
            reason=t(
                "A residential premises with {units} unit (fewer than five) is single-family.", units=units
            )
            if units == 1
            else t(
                "A residential premises with {units} units (fewer than five) is single-family.", units=units
            ),
        )
    raise ComplianceError(
        t(
            "Unknown generator kind {kind!r}: use single-family, multi-family (with the number of units) or "
            "commercial.",
            kind=kind,
        )
    )


def classify_generator(kind: str, units: int | None = None) -> GeneratorType:
    """Single-family (< 5 units), multi-family of 5+ units = commercial, or commercial business.

    ``kind`` accepts readable spellings (``"multi-family"``, ``"multi_family"``, ``"Single Family"``,
    ``"commercial"``, ``"restaurant"``, ``"hotel"``). A residential ``kind`` other than single-family needs
    ``units``. Citations: Victorville Municipal Code § 6.37.020 ("Single-family", "Multi-family residential
    dwelling", "Commercial business").
    """
    return explain_generator(kind, units).generator


@dataclasses.dataclass(frozen=True, kw_only=True)
class ContainerRuling(Result):
    """Which container a stream goes in: ``color`` ("blue", "green", "brown", "black") and display name.

    ``also_acceptable_colors`` lists colours the chapter treats as the same container (a black container
    may also be gray, 6.37.020 "Black container").
    """

    generator: GeneratorType
    stream: Stream
    color: str
    container: str
    also_acceptable_colors: tuple[str, ...] = ()


_BLACK_ALSO = ("gray",)

# (generator, stream) -> (color, citation path, reason); the reasons are English, marked N_
CONTAINER_NAMES = {
    "blue": N_("blue container"),
    "green": N_("green container"),
    "brown": N_("brown container"),
    "black": N_("black container"),
}
CONTAINER_RULES: dict[tuple[GeneratorType, Stream], tuple[str, str, str]] = {
    (GeneratorType.SINGLE_FAMILY, Stream.RECYCLABLES): (
        "blue",
        "6.37.030(b)(1)",
        N_("Single-family households place only designated recyclable materials in the blue container."),
    ),
    (GeneratorType.SINGLE_FAMILY, Stream.ORGANICS): (
        "green",
        "6.37.030(b)(2)",
        N_("Single-family households place only designated organic waste in the green container."),
    ),
    (GeneratorType.SINGLE_FAMILY, Stream.FOOD_SCRAPS): (
        "green",
        "6.37.030(b)",
        N_(
            "Single-family households put designated food scraps, prepared or bagged as the city's notice "
            "describes, in the green container with the rest of their designated organic waste."
        ),
    ),
    (GeneratorType.SINGLE_FAMILY, Stream.RESIDUAL): (
        "black",
        "6.37.030(b)(4)",
        N_(
            "Waste that is neither a designated recyclable nor designated organic waste goes in the black "
            "(or gray) container, and recyclables and organics must be kept out of it."
        ),
    ),
    (GeneratorType.COMMERCIAL, Stream.RECYCLABLES): (
        "blue",
        "6.37.040(b)(1)",
        N_(
            "Commercial businesses, including multi-family dwellings, place designated recyclable materials "
            "in the blue container."
        ),
    ),
    (GeneratorType.COMMERCIAL, Stream.ORGANICS): (
        "green",
        "6.37.040(b)(1)",
        N_(
            "Commercial businesses, including multi-family dwellings, place only designated organic waste in "
            "the green container."
        ),
    ),
    (GeneratorType.COMMERCIAL, Stream.FOOD_SCRAPS): (
        "brown",
        "6.37.040(b)(1)",
        N_(
            "Commercial businesses, including multi-family dwellings, place designated food scraps in the "
            "brown container."
        ),
    ),
    (GeneratorType.COMMERCIAL, Stream.RESIDUAL): (
        "black",
        "6.37.040(b)(1)",
        N_(
            "Commercial businesses, including multi-family dwellings, place black container waste in the "
            "black (or gray) container."
        ),
    ),
}


def container_for(generator: GeneratorType | str, stream: Stream | str) -> ContainerRuling:
    """The container a generator must use for a stream.

    Victorville Municipal Code § 6.37.030(b): single-family generators source separate "designated
    recyclable materials and designated organic waste (including designated food scraps ...)", placing
    "only designated recyclable materials in the blue container" ((b)(1)) and "only designated organic
    waste materials in the green container" ((b)(2)); so their food scraps go in the GREEN container.

    Victorville Municipal Code § 6.37.040(b)(1): commercial businesses, including multi-family dwellings,
    "Shall place only designated organic waste in the green container; designated food scraps in the brown
    container; designated recyclable materials in the blue container; and black container waste in the
    black container."

    Victorville Municipal Code § 6.37.020 ("Black container"): "Black containers may also be gray."
    """
    generator = GeneratorType(generator)
    stream = Stream(stream)
    color, path, reason = CONTAINER_RULES[(generator, stream)]
    return ContainerRuling(
        generator=generator,
        stream=stream,
        color=color,
        container=t(CONTAINER_NAMES[color]),
        also_acceptable_colors=_BLACK_ALSO if color == "black" else (),
        citation=victorville(path),
        reason=t(reason),
    )


# --------------------------------------------------------------------------------------------------------
# Waivers (6.37.050)
# --------------------------------------------------------------------------------------------------------

DEMINIMIS_TOTAL_YD3 = Decimal(2)
DEMINIMIS_LARGE_MAX_GAL = Decimal(20)
DEMINIMIS_SMALL_MAX_GAL = Decimal(10)
"""6.37.050(a)(2): "a. The commercial business' total solid waste collection service is two cubic yards or
more per week and organic waste comprises less than twenty gallons per week per applicable container ...; or,
b. The Commercial business' total solid waste collection service is less than two cubic yards per week and
organic waste subject to collection comprises less than ten gallons per week per applicable container"."""

CHANGE_NOTICE = Clock(
    key="deminimis_change_notice",
    what=N_("Notify the city that organic waste now exceeds the de minimis threshold"),
    shift=CalendarDays(15),
    citation=victorville("6.37.050(a)(3)"),
    trigger=N_("circumstances changed"),
    reason=N_(
        "The city must be notified within fifteen days of the {start} change, so by {due}; the waiver will "
        "be rescinded."
    ),
)
DEMINIMIS_VALIDITY = Clock(
    key="deminimis_waiver_expiry",
    what=N_("De minimis waiver expires (at the latest)"),
    shift=Years(5),
    citation=victorville("6.37.050(a)(4)"),
    trigger=N_("de minimis waiver granted"),
    reason=N_(
        "A de minimis waiver granted {start} is valid for no more than five years, so at the latest until "
        "{due}, and may be reverified at any time."
    ),
)
PHYSICAL_SPACE_VALIDITY = Clock(
    key="physical_space_waiver_expiry",
    what=N_("Physical space waiver expires (at the latest)"),
    shift=Years(5),
    citation=victorville("6.37.050(b)(3)"),
    trigger=N_("physical space waiver granted"),
    reason=N_(
        "A physical space waiver granted {start} is valid for no more than five years, so at the latest "
        "until {due}, and may be reverified at any time."
    ),
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class DeMinimis(Result):
    eligible: bool
    threshold: str  # "6.37.050(a)(2)(a)" or "6.37.050(a)(2)(b)"
    total_yd3: Decimal
    organics_gal: Decimal
    total_rule: str
    organics_limit_gal: Decimal
    documentation: tuple[str, ...]
    duties: tuple[str, ...]
    change_notice_days: int
    valid_years: int
    valid_until: dt.date | None = None


def _non_negative(value: Decimal | float | int | str, what: str) -> Decimal:
    """``what`` is English, marked ``N_``."""
    try:
        number = Decimal(str(value))
    except ArithmeticError as error:
        raise ComplianceError(
            t("The {what} must be a number; got {value!r}.", what=t(what), value=value)
        ) from error
    if not number.is_finite() or number < 0:
        raise ComplianceError(t("The {what} cannot be negative; got {value}.", what=t(what), value=value))
    return number


def deminimis(
    total_yd3: Decimal | float | int | str,
    organics_gal: Decimal | float | int | str,
    *,
    granted_on: dt.date | None = None,
    total_below: bool = False,
    organics_below: bool = False,
) -> DeMinimis:
    """De minimis waiver eligibility for a commercial business (including multi-family) (6.37.050(a)).

    ``total_yd3``: weekly total solid waste collection service in cubic yards; ``organics_gal``: weekly
    organic waste per applicable container in gallons. Exactly 2 yd³ uses threshold a. (< 20 gal); below 2 yd³
    threshold b. (< 10 gal). Both limits are strict: exactly 20 (or 10) gallons is not eligible. Eligibility
    is not a grant: "The city may waive" the obligations. ``total_below`` / ``organics_below``: the amount
    was said as an upper bound ("less than 2 cubic yards", "under 10 gallons"): the true amount is below it.
    """
    total = _non_negative(total_yd3, N_("weekly total solid waste service (cubic yards)"))
    gallons = _non_negative(organics_gal, N_("weekly organic waste (gallons)"))
    large = total > DEMINIMIS_TOTAL_YD3 or (total == DEMINIMIS_TOTAL_YD3 and not total_below)
    if total_below and total > DEMINIMIS_TOTAL_YD3:
        raise ComplianceError(
            t(
                "Less than {yards} cubic yards a week may be two or more, or less: the exact amount is "
                "needed.",
                yards=_fmt(total),
            )
        )
    limit = DEMINIMIS_LARGE_MAX_GAL if large else DEMINIMIS_SMALL_MAX_GAL
    path = "6.37.050(a)(2)(a)" if large else "6.37.050(a)(2)(b)"
    if organics_below and gallons > limit:
        raise ComplianceError(
            t(
                "Less than {gallons} gallons a week may be under {limit} gallons, or not: the exact amount "
                "is needed.",
                gallons=_fmt(gallons),
                limit=_fmt(limit),
            )
        )
    eligible = gallons < limit or organics_below
    if total_below:
        service = t("less than {yards} cubic yards a week", yards=_fmt(total))
    elif large:
        service = t("{yards} cubic yards a week (two or more)", yards=_fmt(total))
    elif total == 1:  # "1 cubic yard", not "1 cubic yards"
        service = t("{yards} cubic yard a week (less than two)", yards=_fmt(total))
    else:
        service = t("{yards} cubic yards a week (less than two)", yards=_fmt(total))
    if eligible:
        reason = t(
            "With {service}, organic waste must be under {limit} gallons a week per container, and "
            "{gallons} gallons is, so the business qualifies to apply for a de minimis waiver.",
            service=service,
            limit=_fmt(limit),
            gallons=t("less than {n}", n=_fmt(gallons)) if organics_below else _fmt(gallons),
        )
    else:
        reason = t(
            "With {service}, organic waste must be under {limit} gallons a week per container, and "
            "{gallons} gallons is not, so the business does not qualify for a de minimis waiver.",
            service=service,
            limit=_fmt(limit),
            gallons=_fmt(gallons),
        )
    return DeMinimis(
        eligible=eligible,
        threshold=path,
        total_yd3=total,
        organics_gal=gallons,
        total_rule=t(">= 2 cubic yards per week") if large else t("< 2 cubic yards per week"),
        organics_limit_gal=limit,
        documentation=(
            t("an application specifying the services the waiver is requested from (6.37.050(a)(1))"),
            t(
                "documentation that total solid waste collection service is two cubic yards or more per "
                "week and organic waste is less than {limit} gallons per week per applicable container "
                "({path})",
                limit=_fmt(limit),
                path=path,
            )
            if large
            else t(
                "documentation that total solid waste collection service is less than two cubic yards per "
                "week and organic waste is less than {limit} gallons per week per applicable container "
                "({path})",
                limit=_fmt(limit),
                path=path,
            ),
        ),
        duties=(
            t(
                "notify the city within fifteen days if organic waste exceeds the threshold; the waiver will "
                "then be rescinded (6.37.050(a)(3))"
            ),
            t(
                "the waiver is valid for no more than five years and may be reverified by the city at any "
                "time (6.37.050(a)(4))"
            ),
        ),
        change_notice_days=15,
        valid_years=5,
        valid_until=DEMINIMIS_VALIDITY.due(granted_on) if granted_on else None,
        citation=victorville(path),
        see_also=(victorville("6.37.050(a)(3)"), victorville("6.37.050(a)(4)")),
        reason=reason,
    )


def _fmt(number: Decimal, *, grouped: bool = False) -> str:
    """``Decimal("20")`` → ``"20"``, ``1.5`` → ``"1.5"``; a converted amount (a cubic yard is 201.974...
    gallons) to the cent, since the comparison is made on the exact number. ``grouped``: thousands
    separated (``Decimal("2000")`` → ``"2,000"``), as square feet are said."""
    return format(number.quantize(Decimal("0.01")).normalize(), ",f" if grouped else "f")


@dataclasses.dataclass(frozen=True, kw_only=True)
class PhysicalSpaceWaiver(Result):
    who_may_apply: str
    evidence_from: tuple[str, ...]
    requirements: tuple[str, ...]
    valid_years: int


def physical_space_waiver() -> PhysicalSpaceWaiver:
    """What a physical space waiver takes (6.37.050(b)).

    "The city may waive a commercial business' or property owner's obligations ... if the city has evidence
    from its own staff, a hauler, licensed architect, or licensed engineer demonstrating that the premises
    lack adequate space for the collection containers required".
    """
    return PhysicalSpaceWaiver(
        who_may_apply=t(
            "a commercial business or property owner, including multi-family residential dwellings"
        ),
        evidence_from=(t("city staff"), t("a hauler"), t("a licensed architect"), t("a licensed engineer")),
        requirements=(
            t(
                "submit an application form specifying the type(s) of collection services for which the "
                "compliance waiver is requested (6.37.050(b)(1))"
            ),
            t(
                "provide documentation that the premises lack adequate space for blue, green and/or brown "
                "containers, including documentation from the hauler, a licensed architect or a licensed "
                "engineer (6.37.050(b)(2))"
            ),
            t(
                "the waiver is valid for no more than five years and may be reverified by the city at any "
                "time (6.37.050(b)(3))"
            ),
        ),
        valid_years=5,
        citation=victorville("6.37.050(b)"),
        reason=t(
            "The city may waive container requirements when evidence shows the premises lack space for the "
            "required containers; the waiver lasts at most five years."
        ),
    )


# --------------------------------------------------------------------------------------------------------
# Commercial edible food generators (6.37.020 definitions, 6.37.060(a))
# --------------------------------------------------------------------------------------------------------

TIER_ONE_FROM = dt.date(2022, 1, 1)
TIER_TWO_FROM = dt.date(2024, 1, 1)
"""6.37.060(a): "Tier one commercial edible food generators must comply ... commencing January 1, 2022, and
tier two commercial edible food generators must comply commencing January 1, 2024"."""

TIER_TWO_SEATS = 250
TIER_TWO_SQFT = 5000
TIER_TWO_HOTEL_ROOMS = 200
TIER_TWO_HEALTH_BEDS = 100
TIER_ONE_GROCERY_SQFT = 10000


class EdibleFoodKind(str, Enum):
    SUPERMARKET = "supermarket"
    GROCERY_STORE = "grocery_store"
    FOOD_SERVICE_PROVIDER = "food_service_provider"
    FOOD_DISTRIBUTOR = "food_distributor"
    WHOLESALE_FOOD_VENDOR = "wholesale_food_vendor"
    RESTAURANT = "restaurant"
    HOTEL = "hotel"
    HEALTH_FACILITY = "health_facility"
    LARGE_VENUE = "large_venue"
    LARGE_EVENT = "large_event"
    STATE_AGENCY_CAFETERIA = "state_agency_cafeteria"
    LOCAL_EDUCATION_AGENCY = "local_education_agency"
    FOOD_RECOVERY_ORGANIZATION = "food_recovery_organization"
    FOOD_RECOVERY_SERVICE = "food_recovery_service"
    OTHER = "other"


EDIBLE_FOOD_ALIASES = {
    "grocery": EdibleFoodKind.GROCERY_STORE,
    "grocery_stores": EdibleFoodKind.GROCERY_STORE,
    "food_service": EdibleFoodKind.FOOD_SERVICE_PROVIDER,
    "distributor": EdibleFoodKind.FOOD_DISTRIBUTOR,
    "wholesale_food_distributor": EdibleFoodKind.WHOLESALE_FOOD_VENDOR,
    "wholesaler": EdibleFoodKind.WHOLESALE_FOOD_VENDOR,
    "motel": EdibleFoodKind.HOTEL,
    "hospital": EdibleFoodKind.HEALTH_FACILITY,
    "health_care_facility": EdibleFoodKind.HEALTH_FACILITY,
    "healthcare_facility": EdibleFoodKind.HEALTH_FACILITY,
    "supermarkets": EdibleFoodKind.SUPERMARKET,
    "restaurants": EdibleFoodKind.RESTAURANT,
    "hotels": EdibleFoodKind.HOTEL,
    "venue": EdibleFoodKind.LARGE_VENUE,
    "event": EdibleFoodKind.LARGE_EVENT,
    "state_agency": EdibleFoodKind.STATE_AGENCY_CAFETERIA,
    "state_agency_with_cafeteria": EdibleFoodKind.STATE_AGENCY_CAFETERIA,
    "lea": EdibleFoodKind.LOCAL_EDUCATION_AGENCY,
    "local_education_agency_facility": EdibleFoodKind.LOCAL_EDUCATION_AGENCY,
    "food_bank": EdibleFoodKind.FOOD_RECOVERY_ORGANIZATION,
}


def parse_edible_food_kind(kind: EdibleFoodKind | str) -> EdibleFoodKind:
    """Readable spellings: ``"grocery store"``, ``"grocery-store"``, ``"Grocery_Store"`` all work."""
    if isinstance(kind, EdibleFoodKind):
        return kind
    key = _normalise(kind)
    try:
        return EdibleFoodKind(key)
    except ValueError:
        pass
    if key in EDIBLE_FOOD_ALIASES:
        return EDIBLE_FOOD_ALIASES[key]
    options = ", ".join(k.value.replace("_", " ") for k in EdibleFoodKind)
    raise ComplianceError(
        t("Unknown kind of business {kind!r}: use one of {options}.", kind=kind, options=options)
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class EdibleFoodTier(Result):
    tier: int | None
    kind: EdibleFoodKind
    applies_from: dt.date | None
    applies_from_citation: str | None


TIER_ONE_CITATION = victorville('6.37.020 ("Tier one commercial edible food generator")')
TIER_TWO_CITATION = victorville('6.37.020 ("Tier two commercial edible food generator")')


def _positive(value: int | None, message: str) -> int | None:
    """``message`` (English, marked ``N_``) says, with ``{value}``, that the number cannot be negative."""
    if value is not None and value < 0:
        raise ComplianceError(t(message, value=value))
    return value


TIER_ONE_KINDS = {
    EdibleFoodKind.SUPERMARKET: N_("A supermarket"),
    EdibleFoodKind.FOOD_SERVICE_PROVIDER: N_("A food service provider"),
    EdibleFoodKind.FOOD_DISTRIBUTOR: N_("A food distributor"),
    EdibleFoodKind.WHOLESALE_FOOD_VENDOR: N_("A wholesale food vendor"),
}
"""The kinds that are tier one whatever their size, as the start of a reason (English, marked ``N_``)."""


def edible_food_tier(
    kind: EdibleFoodKind | str,
    sqft: int | None = None,
    seats: int | None = None,
    rooms: int | None = None,
    beds: int | None = None,
    *,
    on_site_food_facility: bool = True,
) -> EdibleFoodTier:
    """Tier one, tier two or neither, from the 6.37.020 definitions, with the 6.37.060(a) start date.

    Tier one: supermarket; grocery store of 10,000 sq ft or more; food service provider; food distributor;
    wholesale food vendor. Tier two: restaurant with 250+ seats or 5,000+ sq ft; hotel with an on-site food
    facility and 200+ rooms; health facility with an on-site food facility and 100+ beds; large venue; large
    event; state agency with a cafeteria of 250+ seats or 5,000+ sq ft; local education agency facility with
    an on-site food facility. Food recovery organizations and services are not generators. Thresholds are
    inclusive ("or more", "equal to or greater than"). ``on_site_food_facility`` defaults to True (an
    assumption the reason states) because the CLI has no flag for it.
    """
    kind = parse_edible_food_kind(kind)
    sqft = _positive(sqft, N_("The floor area cannot be negative; got {value}."))
    seats = _positive(seats, N_("The number of seats cannot be negative; got {value}."))
    rooms = _positive(rooms, N_("The number of rooms cannot be negative; got {value}."))
    beds = _positive(beds, N_("The number of beds cannot be negative; got {value}."))

    def tier_one(why: str) -> EdibleFoodTier:
        return EdibleFoodTier(
            tier=1,
            kind=kind,
            applies_from=TIER_ONE_FROM,
            applies_from_citation=victorville("6.37.060(a)"),
            citation=TIER_ONE_CITATION,
            see_also=(victorville("6.37.060(a)"),),
            reason=t(
                "{why} is a tier one commercial edible food generator, with food recovery duties from "
                "{date}.",
                why=why,
                date=human(TIER_ONE_FROM),
            ),
        )

    def tier_two(why: str) -> EdibleFoodTier:
        return EdibleFoodTier(
            tier=2,
            kind=kind,
            applies_from=TIER_TWO_FROM,
            applies_from_citation=victorville("6.37.060(a)"),
            citation=TIER_TWO_CITATION,
            see_also=(victorville("6.37.060(a)"),),
            reason=t(
                "{why} is a tier two commercial edible food generator, with food recovery duties from "
                "{date}.",
                why=why,
                date=human(TIER_TWO_FROM),
            ),
        )

    def neither(why: str, citation: str = TIER_TWO_CITATION) -> EdibleFoodTier:
        return EdibleFoodTier(
            tier=None,
            kind=kind,
            applies_from=None,
            applies_from_citation=None,
            citation=citation,
            reason=t("{why}, so it is not a commercial edible food generator under Chapter 6.37.", why=why),
        )

    def need(message: str) -> None:
        raise ComplianceError(t(message))

    if kind in TIER_ONE_KINDS:
        return tier_one(t(TIER_ONE_KINDS[kind]))
    if kind is EdibleFoodKind.GROCERY_STORE:
        if sqft is None:
            need(
                N_(
                    "Give the total facility size in square feet (--sqft) of the grocery store to decide its "
                    "tier."
                )
            )
        if sqft >= TIER_ONE_GROCERY_SQFT:
            return tier_one(t("A grocery store of {sqft} square feet (10,000 or more)", sqft=f"{sqft:,}"))
        return neither(
            t(
                "A grocery store of {sqft} square feet is under 10,000 square feet and, unless it is a "
                "supermarket (a full-line, self-service retail store with gross annual sales of two million "
                "dollars or more, which is tier one at any size), it is no tier one generator",
                sqft=f"{sqft:,}",
            ),
            TIER_ONE_CITATION,
        )
    if kind in (EdibleFoodKind.RESTAURANT, EdibleFoodKind.STATE_AGENCY_CAFETERIA):
        restaurant = kind is EdibleFoodKind.RESTAURANT
        if seats is None and sqft is None:
            need(
                N_(
                    "Give the seats (--seats) or total facility size in square feet (--sqft) of the "
                    "restaurant to decide its tier."
                )
                if restaurant
                else N_(
                    "Give the seats (--seats) or total facility size in square feet (--sqft) of the state "
                    "agency cafeteria to decide its tier."
                )
            )
        if seats is not None and seats >= TIER_TWO_SEATS:
            return tier_two(
                t("A restaurant with {seats} seats (250 or more)", seats=seats)
                if restaurant
                else t("A state agency cafeteria with {seats} seats (250 or more)", seats=seats)
            )
        if sqft is not None and sqft >= TIER_TWO_SQFT:
            return tier_two(
                t("A restaurant of {sqft} square feet (5,000 or more)", sqft=f"{sqft:,}")
                if restaurant
                else t("A state agency cafeteria of {sqft} square feet (5,000 or more)", sqft=f"{sqft:,}")
            )
        given = t(" and ").join(
            part
            for part in (
                t("{seats} seats", seats=seats) if seats is not None else "",
                t("{sqft} square feet", sqft=f"{sqft:,}") if sqft is not None else "",
            )
            if part
        )
        return neither(
            t(
                "A restaurant with {given} is below the tier two thresholds of 250 seats or 5,000 square "
                "feet",
                given=given,
            )
            if restaurant
            else t(
                "A state agency cafeteria with {given} is below the tier two thresholds of 250 seats or "
                "5,000 square feet",
                given=given,
            )
        )
    if kind is EdibleFoodKind.HOTEL:
        if rooms is None:
            need(N_("Give the number of rooms (--rooms) of the hotel to decide its tier."))
        if rooms >= TIER_TWO_HOTEL_ROOMS and on_site_food_facility:
            return tier_two(
                t(
                    "A hotel with an on-site food facility and {rooms} rooms ({least} or more)",
                    rooms=rooms,
                    least=TIER_TWO_HOTEL_ROOMS,
                )
            )
        return neither(
            t(
                "A hotel with an on-site food facility and {rooms} rooms is below the threshold of {least} "
                "rooms",
                rooms=rooms,
                least=TIER_TWO_HOTEL_ROOMS,
            )
            if on_site_food_facility
            else t(
                "A hotel without an on-site food facility and {rooms} rooms is below the threshold",
                rooms=rooms,
            )
        )
    if kind is EdibleFoodKind.HEALTH_FACILITY:
        if beds is None:
            need(N_("Give the number of beds (--beds) of the health facility to decide its tier."))
        if beds >= TIER_TWO_HEALTH_BEDS and on_site_food_facility:
            return tier_two(
                t(
                    "A health facility with an on-site food facility and {beds} beds ({least} or more)",
                    beds=beds,
                    least=TIER_TWO_HEALTH_BEDS,
                )
            )
        return neither(
            t(
                "A health facility with an on-site food facility and {beds} beds is below the threshold of "
                "{least} beds",
                beds=beds,
                least=TIER_TWO_HEALTH_BEDS,
            )
            if on_site_food_facility
            else t(
                "A health facility without an on-site food facility and {beds} beds is below the threshold",
                beds=beds,
            )
        )
    if kind is EdibleFoodKind.LARGE_VENUE:
        return tier_two(t("A large venue (an average of more than 2,000 people a day)"))
    if kind is EdibleFoodKind.LARGE_EVENT:
        return tier_two(t("A large event (an average of more than 2,000 people a day)"))
    if kind is EdibleFoodKind.LOCAL_EDUCATION_AGENCY:
        if not on_site_food_facility:
            return neither(
                t("A local education agency facility without an on-site food facility is not listed")
            )
        return tier_two(t("A local education agency facility with an on-site food facility"))
    if kind in (EdibleFoodKind.FOOD_RECOVERY_ORGANIZATION, EdibleFoodKind.FOOD_RECOVERY_SERVICE):
        return neither(
            t("A food recovery organization receives recovered food rather than generating it")
            if kind is EdibleFoodKind.FOOD_RECOVERY_ORGANIZATION
            else t("A food recovery service receives recovered food rather than generating it"),
            victorville('6.37.020 ("Commercial edible food generator")'),
        )
    return neither(t("This kind of business is not listed in tier one or tier two"))


# --------------------------------------------------------------------------------------------------------
# Commercial duties and other clocks (6.37.040, 6.37.070, 6.37.130)
# --------------------------------------------------------------------------------------------------------

NEW_EMPLOYEE_EDUCATION = Clock(
    key="organics_new_occupant_education",
    what=N_("Give organic waste sorting information to the new employee or tenant"),
    shift=CalendarDays(10),
    citation=victorville("6.37.040(h)"),
    trigger=N_("employee hired or tenant moved in"),
    reason=N_(
        "Education information is due before or within ten days of the {start} hire or move-in, so by {due}."
    ),
)
ANNUAL_ORGANICS_TRAINING = Clock(
    key="organics_annual_training",
    what=N_("Provide written information or training on organic waste sorting"),
    shift=Years(1),
    citation=victorville("6.37.040(g)"),
    trigger=N_("last organics training or written information"),
    reason=N_(
        "Written information or training must be given at least annually, so after {start} the next is due "
        "by {due}."
    ),
)
LABEL_INSPECTION = Clock(
    key="container_label_inspection",
    what=N_("Visually inspect container labels for legibility and condition"),
    shift=Months(6),
    citation=victorville("6.37.040(d)(3)"),
    trigger=N_("last label inspection"),
    reason=N_(
        "Labels must be inspected at least semi-annually, so after the {start} inspection the next is due by "
        "{due}."
    ),
)
LABEL_REPLACEMENT = Clock(
    key="container_label_replacement",
    what=N_("Replace missing, illegible or worn container labels"),
    shift=CalendarDays(10),
    citation=victorville("6.37.040(d)(3)"),
    trigger=N_("label inspection found a bad label"),
    reason=N_(
        "A missing, illegible or worn label must be replaced within ten days of the {start} inspection, so "
        "by {due}."
    ),
)
CONTAMINATION_CHECK = Clock(
    key="container_contamination_check",
    what=N_("Inspect containers for contamination"),
    shift=CalendarDays(7),
    citation=victorville("6.37.040(f)"),
    trigger=N_("last contamination check"),
    reason=N_(
        "Containers must be checked for contamination at least weekly, so after {start} the next check is "
        "due by {due}."
    ),
)
NOV_COMPLIANCE = Clock(
    key="organics_nov_compliance",
    what=N_("Correct the violation named in the notice of violation"),
    shift=CalendarDays(30),
    citation=victorville("6.37.130(d)(3)"),
    trigger=N_("notice of violation issued"),
    reason=N_(
        "Unless the notice sets a shorter period (never under twenty-four hours), compliance is due within "
        "thirty calendar days of the {start} notice, so by {due}."
    ),
)
CONTAMINATION_NOTICE = Clock(
    key="contamination_notice",
    what=N_("City's informational notice of contamination"),
    shift=CalendarDays(10),
    citation=victorville("6.37.130(d)(2)"),
    trigger=N_("city determined a contamination violation"),
    reason=N_(
        "The notice of contamination is given immediately or within ten days after the {start} "
        "determination, so by {due}."
    ),
)
FOOD_RECOVERY_REPORT = Clock(
    key="food_recovery_annual_report",
    what=N_("Report total pounds of edible food recovered in the previous calendar year"),
    shift=NextAnnual(4, 1),
    citation=victorville("6.37.070(c)"),
    trigger=N_("end of the reporting year"),
    reason=N_(
        "Food recovery organizations and services report the previous year's pounds no later than April 1, "
        "so by {due}."
    ),
)
CAPACITY_REQUEST_RESPONSE = Clock(
    key="food_recovery_capacity_response",
    what=N_("Respond to the city's request about food recovery capacity"),
    shift=CalendarDays(60),
    citation=victorville("6.37.070(d)"),
    trigger=N_("city's capacity planning request"),
    reason=N_(
        "A food recovery service or organization the city contacts about capacity must respond within sixty "
        "days of the {start} request, so by {due}."
    ),
)
CONTAINER_COLOR_DEADLINE = dt.date(2036, 1, 1)
"""6.37.040(d)(1): non-conforming functional containers need not be replaced before the end of their useful
life "or prior to January 1, 2036, whichever comes first"; 6.37.020 ("Black container") says the same of old
green containers single-family households use for solid waste."""

CONTAMINATION_FEE_OBSERVATIONS = 2
"""6.37.130(d)(2): "If the city or its designee observes prohibited container contaminants in a generator's
containers on more than two occasions, the city ... may ... assess contamination processing fees"."""

NOV_MINIMUM = dt.timedelta(hours=24)
NOV_DEFAULT = dt.timedelta(days=30)


@dataclasses.dataclass(frozen=True, kw_only=True)
class NovDeadline(Result):
    issued: dt.datetime
    deadline: dt.datetime
    period_hours: float
    raised_to_minimum: bool


def nov_compliance_deadline(issued: dt.datetime, period: dt.timedelta | None = None) -> NovDeadline:
    """When a Chapter 6.37 notice of violation must be complied with (6.37.130(d)(3)).

    "requiring compliance within thirty calendar days after issuance of the notice, or such shorter reasonable
    specific time period as the city enforcement official shall assign ... but in no event less than
    twenty-four hours from the date and time the notice of violation is issued." A ``period`` under 24 hours
    is raised to 24 hours (and flagged); one over thirty days is refused, since extensions come under (f).
    """
    if period is not None and period > NOV_DEFAULT:
        raise ComplianceError(
            t(
                "A notice of violation allows at most thirty calendar days; longer periods are extensions "
                "under Victorville Municipal Code § 6.37.130(f)."
            )
        )
    chosen = NOV_DEFAULT if period is None else period
    raised = chosen < NOV_MINIMUM
    if raised:
        chosen = NOV_MINIMUM
    deadline = issued + chosen
    hours = chosen.total_seconds() / 3600
    if period is None:
        reason = t(
            "Compliance is due thirty calendar days after the notice was issued, so by {deadline}.",
            deadline=f"{human(deadline)} {deadline:%H:%M}",
        )
    elif raised:
        reason = t(
            "A notice of violation can never require compliance in less than twenty-four hours, so the "
            "deadline is {deadline}.",
            deadline=f"{human(deadline)} {deadline:%H:%M}",
        )
    elif chosen.seconds == 0:  # "correct within 10 calendar days": whole days, due by the day
        reason = t(
            "The notice set a shorter period than the thirty calendar days the chapter allows: {days} "
            "calendar days from the {issued} notice, so compliance is due by {deadline}.",
            days=chosen.days,
            issued=human(issued),
            deadline=human(deadline),
        )
    else:
        reason = t(
            "The notice set a shorter period of {hours} hours, so compliance is due by {deadline}.",
            hours=f"{hours:g}",
            deadline=f"{human(deadline)} {deadline:%H:%M}",
        )
    return NovDeadline(
        issued=issued,
        deadline=deadline,
        period_hours=hours,
        raised_to_minimum=raised,
        citation=victorville("6.37.130(d)(3)"),
        reason=reason,
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class ContaminationFees(Result):
    observations: int
    fees_may_be_assessed: bool


def contamination_fees(observations: int) -> ContaminationFees:
    """May the city charge contamination processing fees after ``observations`` sightings? (> 2 → yes)."""
    if observations < 0:
        raise ComplianceError(
            t("The number of observations cannot be negative; got {count}.", count=observations)
        )
    allowed = observations > CONTAMINATION_FEE_OBSERVATIONS
    return ContaminationFees(
        observations=observations,
        fees_may_be_assessed=allowed,
        citation=victorville("6.37.130(d)(2)"),
        reason=(
            t(
                "Contamination seen on {count} occasions is more than two, so the city may arrange pick-up "
                "and charge contamination processing fees.",
                count=observations,
            )
            if allowed
            else t(
                "Contamination seen on {count} occasion is not more than two, so only informational notices "
                "apply so far.",
                count=observations,
            )
            if observations == 1
            else t(
                "Contamination seen on {count} occasions is not more than two, so only informational "
                "notices apply so far.",
                count=observations,
            )
        ),
    )


# --------------------------------------------------------------------------------------------------------
# Landscaping: compost and mulch (6.37.100(a))
# --------------------------------------------------------------------------------------------------------

NEW_LANDSCAPE_OVER_SQFT = Decimal(500)
"""A new project with a landscape area greater than 500 square feet follows the MWELO's compost and mulch
sections (Victorville Municipal Code § 6.37.100(a))."""
REHABILITATED_LANDSCAPE_OVER_SQFT = Decimal(2500)
"""Rehabilitating an existing landscape with a total landscape area greater than 2,500 square feet does too
(§ 6.37.100(a))."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class LandscapeRule(Result):
    area_sqft: Decimal
    rehabilitated: bool
    threshold_sqft: Decimal
    applies: bool


def landscape_compost_rule(area_sqft: Decimal | float | int | str, *, rehabilitated: bool) -> LandscapeRule:
    """Whether a landscape of ``area_sqft`` must follow the MWELO's compost and mulch sections: a new project
    over 500 square feet, or a rehabilitated landscape over 2,500 (6.37.100(a))."""
    area = _non_negative(area_sqft, N_("landscape area"))
    limit = REHABILITATED_LANDSCAPE_OVER_SQFT if rehabilitated else NEW_LANDSCAPE_OVER_SQFT
    applies = area > limit
    kind = t("a rehabilitated landscape") if rehabilitated else t("a new project's landscape")
    reason = (
        t(
            "Yes: {area} square feet is more than {limit}, so {kind} must follow the state's Model Water "
            "Efficient Landscape Ordinance (MWELO) Sections 492.6(a)(3)(B), (C), (D) and (G), including its "
            "compost and mulch rules.",
            area=_fmt(area, grouped=True),
            limit=_fmt(limit, grouped=True),
            kind=kind,
        )
        if applies
        else t(
            "No: {area} square feet is not more than {limit}, so the chapter's compost and mulch (MWELO) "
            "requirement does not apply to {kind} of that size.",
            area=_fmt(area, grouped=True),
            limit=_fmt(limit, grouped=True),
            kind=kind,
        )
    )
    return LandscapeRule(
        area_sqft=area,
        rehabilitated=rehabilitated,
        threshold_sqft=limit,
        applies=applies,
        citation=victorville("6.37.100(a)"),
        reason=reason,
    )

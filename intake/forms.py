"""What each guided form asks, in what words, how each answer is read, and which ordinance text asks for it.

Pure data plus a read-back formatter; the Rasa forms (and :mod:`documents`) read these specs instead of
hard-coding questions. Each :class:`FieldSpec` names its parser in :data:`actions.parsing.PARSERS`, the
question in web/SMS wording and in short voice wording, and the citations of the ordinance text that
requires it. A field with no citation is asked for the conversation's own needs (whom to call back, where
the crew should go); its ``why`` says so, and nothing claims an ordinance requires it.

Forms and cities:

============================  =============  =========================================================
form                          city           source
============================  =============  =========================================================
``permit_application``        victorville    Victorville Municipal Code § 10.03.060(a)(1)–(6), or (b)
``permit_application``        inglewood      Inglewood FOG Ordinance, Permits (1)(a)–(d) and plans
``deminimis_waiver``          victorville    Victorville Municipal Code § 6.37.050(a)
``physical_space_waiver``     victorville    Victorville Municipal Code § 6.37.050(b)
``interceptor_variance``      inglewood      Inglewood FOG Ordinance, Discharge Requirements (6)
``spill_report``              either         asks the city; written notice: 10.03.280 / M&N (3)
``service_log``               either         service records and frequencies of both cities
============================  =============  =========================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from actions.parsing import PARSERS, describe
from compliance.core import inglewood, victorville
from compliance.inglewood.fog import ADOPTED, PERMIT_FEE_WAIVER_DEADLINE
from compliance.shifts import human

CHANNELS = ("sms", "web", "voice")
"""As :data:`actions.channel.CHANNELS` (that module imports rasa_sdk; this one must not)."""

SMS_LIMIT = 320
"""Characters per SMS message (issue #5; see :mod:`channels.sms_text`)."""


@dataclass(frozen=True)
class FieldSpec:
    """One question of a form."""

    name: str  # the slot name
    label: str  # how the answer is labelled in read-backs and documents
    ask: str  # the web/SMS question
    ask_voice: str  # the short spoken question
    parser: str  # a key of actions.parsing.PARSERS
    citations: tuple[str, ...] = ()  # the ordinance text that asks for this; () when we ask for our own needs
    optional: bool = False
    only_if: tuple[str, tuple[Any, ...]] | None = None  # asked only when that field has one of these values
    why: str | None = None  # for a field no ordinance asks for: why we ask

    def __post_init__(self) -> None:
        if self.parser not in PARSERS:
            raise ValueError(f"Field {self.name!r} names unknown parser {self.parser!r}.")
        if not self.citations and not self.why:
            raise ValueError(f"Field {self.name!r} needs citations or a why.")

    def citations_for(self, city: str | None) -> tuple[str, ...]:
        """The citations that belong to ``city`` (all of them when the city is not known)."""
        if city is None:
            return self.citations
        prefix = {"victorville": "Victorville", "inglewood": "Inglewood"}[city]
        return tuple(c for c in self.citations if c.startswith(prefix))

    def applies(self, values: Mapping[str, Any]) -> bool:
        """False when ``only_if`` names another answer this field depends on and it does not match."""
        if self.only_if is None:
            return True
        other, accepted = self.only_if
        return values.get(other) in accepted


@dataclass(frozen=True)
class FormSpec:
    key: str
    city: str | None  # None: the form works for both cities
    title: str
    fields: tuple[FieldSpec, ...]
    citation: str | None = None  # the ordinance text the whole form rests on

    def field(self, name: str) -> FieldSpec:
        for spec in self.fields:
            if spec.name == name:
                return spec
        raise KeyError(f"Form {self.key!r} has no field {name!r}; fields: {[f.name for f in self.fields]}.")

    def applicable(self, values: Mapping[str, Any]) -> tuple[FieldSpec, ...]:
        """The fields that apply given the answers so far (the restaurant's name only if one is involved)."""
        return tuple(spec for spec in self.fields if spec.applies(values))

    def next_field(self, values: Mapping[str, Any], skipped: tuple[str, ...] = ()) -> FieldSpec | None:
        """The first applicable field not yet answered (and not skipped by the user), or None when done."""
        return next(
            (s for s in self.applicable(values) if values.get(s.name) is None and s.name not in skipped),
            None,
        )

    def missing_required(self, values: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(s.name for s in self.applicable(values) if not s.optional and values.get(s.name) is None)


# --------------------------------------------------------------------------------------------------------
# Shared fields
# --------------------------------------------------------------------------------------------------------

_CONTACT_WHY = "So the city can reach the person applying; no ordinance item, but needed to follow up."

APPLICANT_NAME = FieldSpec(
    "applicant_name",
    "Contact person",
    "What is your name (the person we should contact about this request)?",
    "What's your name?",
    "person_name",
    why=_CONTACT_WHY,
)
APPLICANT_PHONE = FieldSpec(
    "applicant_phone",
    "Phone",
    "What phone number should the city use to reach you? (10 digits, for example 760-555-0100)",
    "What number can the city call you back on?",
    "phone",
    why=_CONTACT_WHY,
)


def _business_name(citations: tuple[str, ...], label: str = "Business name") -> FieldSpec:
    return FieldSpec(
        "business_name",
        label,
        "What is the name of the business (the food service establishment)?",
        "What's the business called?",
        "text",
        citations,
    )


def _facility_address(citations: tuple[str, ...], label: str = "Address") -> FieldSpec:
    return FieldSpec(
        "facility_address",
        label,
        "What is the street address of the establishment?",
        "What's the street address?",
        "location",
        citations,
    )


# --------------------------------------------------------------------------------------------------------
# FOG permit application: Victorville (10.03.060) and Inglewood (Permits (1))
# --------------------------------------------------------------------------------------------------------

_VV_A = victorville("10.03.060(a)")
_VV = {n: victorville(f"10.03.060(a)({n})") for n in range(1, 7)}
_VV_B = victorville("10.03.060(b)")
_VV_APPLICATION = ("application_path", ("application",))
_VV_DOCUMENTS = ("application_path", ("building_documents",))

VICTORVILLE_PERMIT = FormSpec(
    "permit_application",
    "victorville",
    "FOG permit application (City of Victorville)",
    (
        FieldSpec(
            "application_path",
            "Applying by",
            "You can either fill out the application, or instead show permits or documents from the city's "
            "Building Division confirming an appropriate grease control device was installed. Which do you "
            "want: the application, or documents?",
            "Do you want to fill out the application, or show building division documents?",
            "application_path",
            (_VV_A, _VV_B),
        ),
        _business_name((_VV[1],), "Operator (business) name"),
        _facility_address((_VV[1],), "Operator's address"),
        APPLICANT_NAME,
        APPLICANT_PHONE,
        FieldSpec(
            "building_documents",
            "Building Division documents",
            "Which Building Division permits or documents do you have that confirm the grease control device "
            "was installed? (for example the permit number and what it covers)",
            "Which building permit or document do you have?",
            "text",
            (_VV_B,),
            only_if=_VV_DOCUMENTS,
        ),
        FieldSpec(
            "wastewater_volume",
            "Wastewater volume",
            "About how many gallons of wastewater does the establishment discharge a day?",
            "About how many gallons of wastewater a day?",
            "gallons_per_day",
            (_VV[2],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "wastewater_type",
            "Type of wastewater",
            "What type of wastewater is it? (for example kitchen sinks, dishwasher, mop sink, floor drains)",
            "What kind of wastewater is it?",
            "text",
            (_VV[2],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "prep_hours",
            "Daily food preparation hours",
            "What time of day is food prepared? (for example 6am to 10pm)",
            "What hours is food prepared?",
            "time_ranges",
            (_VV[3],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "cleaning_hours",
            "Daily cleaning hours",
            "What time of day are the cleaning operations? (for example 10pm to 11:30pm)",
            "What hours is the cleanup?",
            "time_ranges",
            (_VV[3],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "food_preparation",
            "Food preparation",
            "Briefly describe how food is prepared (for example frying, grilling, baking).",
            "How is the food prepared, for example frying or grilling?",
            "text",
            (_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "food_type",
            "Type of food",
            "What type of food do you serve?",
            "What type of food do you serve?",
            "text",
            (_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "meals_per_day",
            "Meals served a day",
            "About how many meals do you serve a day?",
            "About how many meals a day?",
            "meals",
            (_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "cleanup_procedures",
            "Cleanup procedures",
            "Briefly describe your cleanup procedures (for example scraping plates into the trash, "
            "wiping pans).",
            "How do you clean up?",
            "text",
            (_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "dining_capacity",
            "Dining room capacity",
            "How many seats does the dining room have? (say none for take-out only)",
            "How many seats in the dining room?",
            "seats",
            (_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "employees",
            "Number of employees",
            "How many employees work there?",
            "How many employees?",
            "employees",
            (_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "kitchen_size",
            "Kitchen size",
            "How big is the kitchen, in square feet? (for example 400 sq ft, or 20 by 20 feet)",
            "How big is the kitchen, in square feet?",
            "square_feet",
            (_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "appliances_fixtures",
            "Kitchen appliances and fixtures",
            "List the kitchen appliances and fixtures you use (for example 3-compartment sink, dishwasher, "
            "fryers, mop sink).",
            "Which kitchen appliances and fixtures do you use?",
            "text",
            (_VV[5],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            "other_information",
            "Other information",
            "Anything else the building official should know? (or say skip)",
            "Anything else to add? You can say skip.",
            "text",
            (_VV[6],),
            optional=True,
            only_if=_VV_APPLICATION,
        ),
    ),
    citation=victorville("10.03.060(a)"),
)

_IW = {item: inglewood("Permits", f"(1)({item})") for item in "abcd"}
_IW_PLANS = inglewood("Permits", "(1)")
_IW_FSE = inglewood("Definitions", '("Food service establishment")')
_IW_ANNUAL_FEE = inglewood("Fees", "(2)")
_IW_PERMIT_FEE = inglewood("Fees", "(1)")
_IW_RESTAURANT = ("establishment_kind", ("restaurant",))

INGLEWOOD_PERMIT = FormSpec(
    "permit_application",
    "inglewood",
    "FOG wastewater discharge permit application (City of Inglewood)",
    (
        _business_name((_IW["a"],), "Name"),
        _facility_address((_IW["a"],)),
        FieldSpec(
            "applicant_phone",
            "Telephone number",
            "What is the establishment's telephone number? (10 digits, for example 310-555-0100)",
            "What's the business phone number?",
            "phone",
            (_IW["a"],),
        ),
        APPLICANT_NAME,
        FieldSpec(
            "parcel_numbers",
            "Assessor's parcel number(s)",
            "What is the assessor's parcel number (APN) of the property? It has 10 digits, like "
            "4012-345-678, and is on the property tax bill.",
            "What's the assessor's parcel number? It has ten digits.",
            "parcel_numbers",
            (_IW["a"],),
        ),
        FieldSpec(
            "establishment_description",
            "Description of the establishment and operation",
            "Briefly describe the establishment and its operation: what kind of place it is, its service "
            "activities, or the clients it serves.",
            "Briefly, what kind of place is it and what does it do?",
            "text",
            (_IW["a"],),
        ),
        FieldSpec(
            "cuisine",
            "Cuisine",
            "What cuisine do you serve?",
            "What cuisine do you serve?",
            "text",
            (_IW["a"],),
        ),
        FieldSpec(
            "establishment_kind",
            "Kind of establishment",
            "Is it a restaurant, a school, a hospital, or something else? (this sets the annual fee)",
            "Is it a restaurant, a school, a hospital, or something else?",
            "establishment_kind",
            (_IW_FSE, _IW_ANNUAL_FEE),
        ),
        FieldSpec(
            "dining_capacity",
            "Seating capacity",
            "How many seats does the restaurant have? (say none for take-out only)",
            "How many seats does the restaurant have?",
            "seats",
            (_IW_FSE, _IW_ANNUAL_FEE),
            only_if=_IW_RESTAURANT,
        ),
        FieldSpec(
            "drive_thru",
            "Drive-thru",
            "Does the restaurant have a drive-thru? (yes or no)",
            "Does it have a drive-thru?",
            "yes_no",
            (_IW_FSE, _IW_ANNUAL_FEE),
            only_if=_IW_RESTAURANT,
        ),
        FieldSpec(
            "operating_before_adoption",
            f"Operating before {human(ADOPTED)}",
            f"Was the establishment lawfully operating before {human(ADOPTED)}? (yes, no or not sure)",
            f"Was it operating before {human(ADOPTED)}?",
            "yes_no",
            (_IW_PERMIT_FEE,),
        ),
        FieldSpec(
            "fog_controls_by_deadline",
            f"FOG controls adopted by {human(PERMIT_FEE_WAIVER_DEADLINE)}",
            f"Did it adopt FOG control measures (for example installing a grease interceptor) by "
            f"{human(PERMIT_FEE_WAIVER_DEADLINE)}? (yes, no or not sure)",
            f"Did it adopt grease controls by {human(PERMIT_FEE_WAIVER_DEADLINE)}?",
            "yes_no",
            (_IW_PERMIT_FEE,),
            only_if=("operating_before_adoption", (True, "yes")),
        ),
        FieldSpec(
            "owners",
            "Principals / owners",
            "Name and telephone number of each principal, owner or major shareholder. (Whichever applies "
            "instead: you may attach the Articles of Incorporation, the latest Secretary of State report or "
            "the current business license; say which.)",
            "Who are the owners, and their phone numbers?",
            "text",
            (_IW["b"],),
        ),
        FieldSpec(
            "property_owner",
            "Property owner or lessor",
            "Name, address and telephone number of the property owner or lessor.",
            "Who owns the property? Name, address and phone, please.",
            "text",
            (_IW["c"],),
        ),
        FieldSpec(
            "property_manager",
            "Property manager",
            "Name, address and telephone number of the property manager (say same if the owner manages it).",
            "Who manages the property? Name, address and phone.",
            "text",
            (_IW["c"],),
        ),
        FieldSpec(
            "plans_available",
            "Plans available",
            "The City may ask for site, floor, mechanical and plumbing plans showing the sewers and grease "
            "control equipment by size, location and elevation. Do you have such plans? (yes, no or not "
            "sure)",
            "Do you have site, floor and plumbing plans?",
            "yes_no",
            (_IW_PLANS,),
            optional=True,
        ),
        FieldSpec(
            "other_information",
            "Other information",
            "Anything else the application form asks for that you want to add? (or say skip)",
            "Anything else to add? You can say skip.",
            "text",
            (_IW["d"],),
            optional=True,
        ),
    ),
    citation=inglewood("Permits", "(1)"),
)

# --------------------------------------------------------------------------------------------------------
# Victorville waivers (6.37.050) and Inglewood's variance and waivers (Discharge Requirements (6))
# --------------------------------------------------------------------------------------------------------

_SERVICE_ADDRESS_WHY = "So the city knows which premises the request is for."

DEMINIMIS_WAIVER = FormSpec(
    "deminimis_waiver",
    "victorville",
    "De minimis waiver request (City of Victorville)",
    (
        _business_name((victorville("6.37.050(a)"),)),
        FieldSpec(
            "facility_address",
            "Address",
            "What is the street address of the business?",
            "What's the street address?",
            "location",
            why=_SERVICE_ADDRESS_WHY,
        ),
        FieldSpec(
            "services_requested",
            "Services the waiver is requested from",
            "Which collection services do you want the waiver from: blue (recyclables), green (organic "
            "waste), brown (food scraps), or all?",
            "Which containers do you want the waiver for: blue, green, brown, or all?",
            "containers",
            (victorville("6.37.050(a)(1)"),),
        ),
        FieldSpec(
            "total_service_yd3",
            "Total solid waste service",
            "How many cubic yards of solid waste collection service does the business have a week in total? "
            "(for example a 3-yard bin emptied twice a week is 6 cubic yards)",
            "How many cubic yards of trash service a week, in total?",
            "cubic_yards_per_week",
            (victorville("6.37.050(a)(2)"),),
        ),
        FieldSpec(
            "organics_gal",
            "Organic waste per container",
            "About how many gallons of organic waste a week go into each applicable container?",
            "About how many gallons of organic waste a week, per container?",
            "gallons_per_week",
            (victorville("6.37.050(a)(2)"),),
        ),
        FieldSpec(
            "has_documentation",
            "Documentation of the amounts",
            "Can you provide documentation of those amounts? (yes, no or not sure)",
            "Can you provide documentation of those amounts?",
            "yes_no",
            (victorville("6.37.050(a)(2)"),),
        ),
        APPLICANT_NAME,
        APPLICANT_PHONE,
    ),
    citation=victorville("6.37.050(a)"),
)

PHYSICAL_SPACE_WAIVER = FormSpec(
    "physical_space_waiver",
    "victorville",
    "Physical space waiver request (City of Victorville)",
    (
        _business_name((victorville("6.37.050(b)"),), "Business or property name"),
        FieldSpec(
            "facility_address",
            "Address",
            "What is the street address of the premises?",
            "What's the street address?",
            "location",
            why=_SERVICE_ADDRESS_WHY,
        ),
        FieldSpec(
            "services_requested",
            "Containers without space",
            "For which containers is there not enough space: blue (recyclables), green (organic waste), "
            "brown (food scraps), or all?",
            "Which containers don't fit: blue, green, brown, or all?",
            "containers",
            (victorville("6.37.050(b)(1)"), victorville("6.37.050(b)(2)"), victorville("6.37.040(b)(1)")),
        ),
        FieldSpec(
            "evidence_source",
            "Documented by",
            "Who can document that the premises lack space: your hauler, a licensed architect, or a licensed "
            "engineer?",
            "Who can document the lack of space: the hauler, an architect, or an engineer?",
            "evidence_source",
            (victorville("6.37.050(b)(2)"),),
        ),
        FieldSpec(
            "has_documentation",
            "Documentation in hand",
            "Do you already have that documentation? (yes, no or not sure)",
            "Do you have that documentation already?",
            "yes_no",
            (victorville("6.37.050(b)(2)"),),
        ),
        APPLICANT_NAME,
        APPLICANT_PHONE,
    ),
    citation=victorville("6.37.050(b)"),
)

_IW6 = "Discharge Requirements"
INTERCEPTOR_VARIANCE = FormSpec(
    "interceptor_variance",
    "inglewood",
    "Grease interceptor variance or waiver request (City of Inglewood)",
    (
        _business_name((inglewood(_IW6, "(6)(iii)"),)),
        _facility_address((inglewood(_IW6, "(6)(iii)"),)),
        FieldSpec(
            "existing_establishment",
            "Existing establishment",
            "Is the establishment already operating at this location? (yes or no)",
            "Is the place already open and operating?",
            "yes_no",
            (inglewood(_IW6, "(6)"), inglewood(_IW6, "(6)(i)")),
        ),
        FieldSpec(
            "no_space",
            "No adequate space for an interceptor",
            "Is there no adequate space to install or maintain a grease interceptor? (yes, no or not sure)",
            "Is there no room for a grease interceptor?",
            "yes_no",
            (inglewood(_IW6, "(6)(a)"), inglewood(_IW6, "(6)(ii)(A)")),
        ),
        FieldSpec(
            "no_slope",
            "No adequate slope for gravity flow",
            "Is there no adequate slope for gravity flow between the kitchen fixtures, an interceptor and "
            "the sewer? (yes, no or not sure)",
            "Is there no slope for the drains to flow by gravity?",
            "yes_no",
            (inglewood(_IW6, "(6)(b)"), inglewood(_IW6, "(6)(ii)(B)")),
        ),
        FieldSpec(
            "alt_tech_equivalent",
            "Equivalent alternative pretreatment",
            "Do you have an alternative pretreatment technology at least as effective as a grease "
            "interceptor? (A variance then needs at least three months of downstream sewer monitoring at "
            "your expense.)",
            "Do you have another grease treatment that works as well as an interceptor?",
            "yes_no",
            (inglewood(_IW6, "(6)(c)"),),
        ),
        FieldSpec(
            "negligible_fog",
            "Negligible FOG discharge",
            "Does the establishment discharge only a negligible amount of fats, oils and grease? (yes, no or "
            "not sure)",
            "Do you put out very little grease?",
            "yes_no",
            (inglewood(_IW6, "(6)(i)"),),
        ),
        FieldSpec(
            "fog_factors",
            "Seating, meals, menu and water use",
            "Tell me about the seating, meals served a day, the menu and water use, which the City weighs.",
            "Tell me about your seating, meals a day, menu and water use.",
            "text",
            (inglewood(_IW6, "(6)(i)(A)"),),
            optional=True,
            only_if=("negligible_fog", (True, "yes")),
        ),
        APPLICANT_NAME,
        APPLICANT_PHONE,
    ),
    citation=inglewood(_IW6, "(6)"),
)

# --------------------------------------------------------------------------------------------------------
# Spill report and service log (both cities)
# --------------------------------------------------------------------------------------------------------

_INCIDENT_DATE = (victorville("10.03.280(b)"), inglewood("Monitoring and Notification", "(3)(a)"))

SPILL_REPORT = FormSpec(
    "spill_report",
    None,
    "Sewage spill report",
    (
        FieldSpec(
            "city",
            "City",
            "Which city is the spill in: Victorville or Inglewood?",
            "Is it in Victorville or Inglewood?",
            "city",
            (victorville("10.03.280(a)"), inglewood("Monitoring and Notification", "(3)")),
        ),
        FieldSpec(
            "location",
            "Location",
            "Where is it? An address, cross streets (like Main St and 5th Ave), a manhole or a landmark.",
            "Where is it? An address or cross streets.",
            "location",
            why="So the crew can find it.",
        ),
        FieldSpec(
            "what_spilling",
            "What is spilling",
            "What is spilling? (for example sewage, grease, wastewater)",
            "What's spilling?",
            "text",
            why="So the crew brings the right equipment.",
        ),
        FieldSpec(
            "started_at",
            "Started",
            "When did it start? (for example about an hour ago, at 7am, yesterday at 5pm)",
            "When did it start?",
            "moment",
            _INCIDENT_DATE,
        ),
        FieldSpec(
            "still_flowing",
            "Still flowing",
            "Is it still flowing? (yes, no or not sure)",
            "Is it still flowing?",
            "yes_no",
            why="An active overflow is more urgent.",
        ),
        FieldSpec(
            "reaches",
            "Reaches",
            "Does it reach the street, a gutter or a storm drain? Say which, or none.",
            "Is it reaching the street, a gutter, or a storm drain?",
            "reaches",
            why="Spills that reach a storm drain can reach waterways.",
        ),
        FieldSpec(
            "volume",
            "Rough volume",
            "Roughly how much has spilled? A guess is fine (for example about 50 gallons).",
            "Roughly how many gallons?",
            "gallons",
            why="So the crew can size the cleanup.",
        ),
        FieldSpec(
            "restaurant_involved",
            "Restaurant involved",
            "Is a restaurant or other food business involved? (yes, no or not sure)",
            "Is a restaurant involved?",
            "yes_no",
            (victorville("10.03.280(a)"), inglewood("Monitoring and Notification", "(3)")),
        ),
        FieldSpec(
            "restaurant_name",
            "Restaurant",
            "Which restaurant or business?",
            "Which restaurant?",
            "text",
            (victorville("10.03.280(a)"), inglewood("Monitoring and Notification", "(3)")),
            only_if=("restaurant_involved", (True, "yes")),
        ),
        FieldSpec(
            "reporter_name",
            "Reporter's name",
            "What is your name?",
            "What's your name?",
            "person_name",
            why="So staff know who reported it.",
        ),
        FieldSpec(
            "callback_number",
            "Callback number",
            "What number can the crew call you back on? (10 digits, for example 760-555-0100)",
            "What number can we call you back on?",
            "phone",
            why="So the crew can call back with questions.",
        ),
    ),
)

SERVICE_LOG = FormSpec(
    "service_log",
    None,
    "Grease interceptor or trap service record",
    (
        FieldSpec(
            "service_date",
            "Service date",
            "What date was it pumped or serviced? (for example 8/14 or yesterday)",
            "What day was it pumped?",
            "date",
            (
                victorville("10.03.160(b)"),
                inglewood("Grease Interceptors and BMPs", "(4)(c)"),
            ),
        ),
        FieldSpec(
            "gallons",
            "Gallons removed",
            "About how many gallons were pumped out?",
            "About how many gallons were pumped?",
            "gallons",
            (
                victorville("10.03.170(c)(3)"),
                inglewood("Grease Interceptors and BMPs", "(4)(i)(C)"),
            ),
        ),
        FieldSpec(
            "hauler",
            "Hauler",
            "Which hauling company did it?",
            "Which company pumped it?",
            "text",
            (
                victorville("10.03.170(c)"),
                inglewood("Grease Interceptors and BMPs", "(4)(i)(A)"),
            ),
        ),
        FieldSpec(
            "device",
            "Device",
            "Was it the grease interceptor or a grease trap?",
            "Was it the grease interceptor or a grease trap?",
            "device",
            (
                victorville("10.03.020(p)"),
                victorville("10.03.020(q)"),
                inglewood("Grease Interceptors and BMPs", "(4)"),
            ),
        ),
        FieldSpec(
            "frequency",
            "Service frequency in the permit",
            "How often does your permit say it must be serviced? (for example every 90 days; say don't "
            "know if you're not sure)",
            "How often does your permit say to pump it? You can say you don't know.",
            "frequency",
            (victorville("10.03.160(b)"), inglewood("Permits", "(2)(c)")),
            optional=True,
        ),
    ),
)

FORMS: dict[tuple[str, str | None], FormSpec] = {
    (form.key, form.city): form
    for form in (
        VICTORVILLE_PERMIT,
        INGLEWOOD_PERMIT,
        DEMINIMIS_WAIVER,
        PHYSICAL_SPACE_WAIVER,
        INTERCEPTOR_VARIANCE,
        SPILL_REPORT,
        SERVICE_LOG,
    )
}


def form_spec(form: str, city: str | None = None) -> FormSpec:
    """The spec of ``form`` for ``city``; city-independent forms ignore the city."""
    if (form, city) in FORMS:
        return FORMS[(form, city)]
    if (form, None) in FORMS:
        return FORMS[(form, None)]
    cities = sorted(c for key, c in FORMS if key == form and c)
    if cities:
        raise KeyError(f"Form {form!r} needs a city: one of {cities}; got {city!r}.")
    raise KeyError(f"Unknown form {form!r}; forms: {sorted({key for key, _ in FORMS})}.")


# --------------------------------------------------------------------------------------------------------
# Read-back
# --------------------------------------------------------------------------------------------------------

_CONFIRM = {
    "web": "Is that right? Say yes to submit, or tell me what to change.",
    "sms": "Reply YES to submit, or tell me what to change.",
    "voice": "Is that right? Say yes, or tell me what to change.",
}
_VALUE_LIMIT = {"web": 300, "sms": 100, "voice": 80}


def _shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 3].rsplit(" ", 1)[0] or text[: limit - 3]
    return cut.rstrip(" ,;") + "..."


def format_value(spec: FieldSpec, value: Any, channel: str = "web") -> str:
    """One stored answer in words for ``channel`` (voice reads phone numbers digit by digit)."""
    _check_channel(channel)
    return _shorten(describe(spec.parser, value, spoken=channel == "voice"), _VALUE_LIMIT[channel])


def _check_channel(channel: str) -> None:
    if channel not in CHANNELS:
        raise ValueError(f"Unknown channel {channel!r}; expected one of {CHANNELS}.")


def read_back(
    form: FormSpec | str, values: Mapping[str, Any], channel: str, city: str | None = None
) -> list[str]:
    """The answers so far as a confirmation: one message on the web and by voice, and SMS messages of at
    most :data:`SMS_LIMIT` characters each (never splitting one answer across two messages).

    Answers not given (or not applicable) are left out; the last message asks for confirmation.
    """
    _check_channel(channel)
    spec = form_spec(form, city) if isinstance(form, str) else form
    answered = [(s, values[s.name]) for s in spec.applicable(values) if values.get(s.name) is not None]
    if channel == "voice":
        parts = [f"{s.label}: {format_value(s, v, channel)}" for s, v in answered]
        return [f"Here's what I have. {'. '.join(parts)}. {_CONFIRM[channel]}"]
    lines = [f"{s.label}: {format_value(s, v, channel)}" for s, v in answered]
    if channel == "web":
        body = "\n".join(f"- {line}" for line in lines)
        return [f"Here's what I have:\n{body}\n{_CONFIRM[channel]}"]
    return _pack_sms(["Please check:", *lines, _CONFIRM[channel]])


def _pack_sms(lines: list[str]) -> list[str]:
    messages: list[str] = []
    current = ""
    for line in lines:
        line = _shorten(line, SMS_LIMIT)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) <= SMS_LIMIT:
            current = candidate
        else:
            messages.append(current)
            current = line
    if current:
        messages.append(current)
    return messages

"""What each guided form asks, in what words, how each answer is read, and which ordinance text asks for it.

Pure data plus a read-back formatter; the Rasa forms (and :mod:`documents`) read these specs instead of
hard-coding questions. Each :class:`FieldSpec` names its kind of answer in :data:`intake.values.VALUE_TYPES`
(its ``parser``), the question in web/SMS wording and in short voice wording, and the citations of the
ordinance text that requires it. A field with no citation is asked for the conversation's own needs (whom to
call back, where the crew should go); its ``why`` says so, and nothing claims an ordinance requires it.

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

Every text a user sees (labels, questions, titles, read-backs) is written in English, marked for the Spanish
catalog (``N_``), and read in the language of the reply being written (:func:`languages.t`): a spec's
``label``, ``ask``, ``ask_voice`` and a form's ``title`` give the current language's text when read, so
callers need not translate them (``t(spec.ask)`` still works: a Spanish text is returned as it is). A text
naming a date keeps it as a ``{field}`` filled from the spec's ``dates`` (:func:`compliance.shifts.human`).

Read-backs are worded per channel (:data:`CHANNELS`). Fitting an SMS read-back into messages is left to the
caller (``actions.forms`` packs :func:`read_back`'s SMS lines by the limit in ``shaping.sms_text``), since
message sizes belong to the channel layer, above this one.

Holds :class:`FieldSpec`, :class:`FormSpec`, the forms (:data:`FORMS`, :func:`form_spec`), and
:func:`format_value`, :func:`read_back`, :func:`shorten` and :data:`CHANNELS`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from compliance.core import inglewood, victorville
from compliance.inglewood.fog import ADOPTED, PERMIT_FEE_WAIVER_DEADLINE
from compliance.shifts import human
from intake.values import VALUE_TYPES, describe
from languages import N_, t
from languages.catalog import fields as template_fields

CHANNELS = ("sms", "web", "voice")
"""The channels read-backs are worded for; :data:`actions.channel.CHANNELS` is this list."""


class _Said:
    """A text field of a spec: kept as given (English, marked with ``N_``), read in the language of the reply
    being written, its ``{fields}`` filled from the spec's ``dates`` (written as :func:`human` dates).

    Specs compare and hash by what they keep (:class:`_KeptTexts`), whatever the language they are read in;
    ``dataclasses.replace`` copies the texts as read, so use it in English."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._key = f"_{name}_english"

    def __get__(self, spec: Any, owner: type | None = None) -> str:
        if spec is None:
            raise AttributeError(self._key)  # no class-level default: the field is required
        english = spec.__dict__[self._key]
        dates = getattr(spec, "dates", ())
        if not dates:
            return t(english)
        return t(english, **{name: human(day) for name, day in dates})

    def __set__(self, spec: Any, text: str) -> None:
        spec.__dict__[self._key] = text


class _KeptTexts:
    """Equality and hash by the values kept (the English texts), not by the texts as read."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))


@dataclass(frozen=True, kw_only=True, eq=False)  # eq and hash: _KeptTexts
class FieldSpec(_KeptTexts):
    """One question of a form (keyword arguments only). ``label``, ``ask`` and ``ask_voice`` read in the
    language of the reply being written."""

    name: str
    """The slot name."""
    label: str = _Said()  # type: ignore[assignment]
    """How the answer is labelled in read-backs and documents."""
    ask: str = _Said()  # type: ignore[assignment]
    """The web/SMS question."""
    ask_voice: str = _Said()  # type: ignore[assignment]
    """The short spoken question."""
    parser: str
    """The kind of answer: a key of :data:`intake.values.VALUE_TYPES`."""
    citations: tuple[str, ...] = ()
    """The ordinance text that asks for this; () when we ask for our own needs (then ``why`` says why)."""
    optional: bool = False
    asked: bool = True
    """False: never asked, only kept when the user says it (the form's extract harvests it); an optional
    fact the user rarely knows offhand, whose default the answer states ("unless your permit sets
    another frequency")."""
    only_if: tuple[str, tuple[Any, ...]] | None = None
    """Asked only when that other field has one of these values."""
    why: str | None = None
    """For a field no ordinance asks for: why we ask (for maintainers; not shown to users)."""
    dates: tuple[tuple[str, dt.date], ...] = ()
    """The dates the texts name as ``{fields}`` ("Operating before {adopted}")."""

    def __post_init__(self) -> None:
        if self.parser not in VALUE_TYPES:
            raise ValueError(f"Field {self.name!r} names unknown parser {self.parser!r}.")
        if not self.citations and not self.why:
            raise ValueError(f"Field {self.name!r} needs citations or a why.")
        named = {name for name, _ in self.dates}
        for text in ("label", "ask", "ask_voice"):
            if not template_fields(self.__dict__[f"_{text}_english"]) <= named:
                raise ValueError(
                    f"Field {self.name!r}: its {text} names a date not in dates {sorted(named)}."
                )

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


@dataclass(frozen=True, eq=False)  # eq and hash: _KeptTexts
class FormSpec(_KeptTexts):
    key: str
    city: str | None
    """None: the form works for both cities."""
    title: str = _Said()  # type: ignore[assignment]
    """Read in the language of the reply being written."""
    fields: tuple[FieldSpec, ...]
    citation: str | None = None
    """The ordinance text the whole form rests on."""

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
            (
                s
                for s in self.applicable(values)
                if s.asked and values.get(s.name) is None and s.name not in skipped
            ),
            None,
        )

    def missing_required(self, values: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(s.name for s in self.applicable(values) if not s.optional and values.get(s.name) is None)


# --------------------------------------------------------------------------------------------------------
# Shared fields
# --------------------------------------------------------------------------------------------------------

_CONTACT_WHY = "So the city can reach the person applying; no ordinance item, but needed to follow up."

APPLICANT_NAME = FieldSpec(
    name="applicant_name",
    label=N_("Contact person"),
    ask=N_("What is your name (the person we should contact about this request)?"),
    ask_voice=N_("What's your name?"),
    parser="person_name",
    why=_CONTACT_WHY,
)
APPLICANT_PHONE = FieldSpec(
    name="applicant_phone",
    label=N_("Phone"),
    ask=N_("What phone number should the city use to reach you? (10 digits, for example 760-555-0100)"),
    ask_voice=N_("What number can the city call you back on?"),
    parser="phone",
    why=_CONTACT_WHY,
)


_FOOD_BUSINESS_NAME = N_("What is the name of the business (the food service establishment)?")


def _business_name(
    citations: tuple[str, ...],
    label: str = N_("Business name"),
    ask: str = _FOOD_BUSINESS_NAME,
    *,
    asked: bool = True,
) -> FieldSpec:
    """The business's name; ``asked=False``: kept when said, never asked (optional then)."""
    return FieldSpec(
        name="business_name",
        label=label,
        ask=ask,
        ask_voice=N_("What's the business called?"),
        parser="text",
        citations=citations,
        optional=not asked,
        asked=asked,
    )


def _facility_address(
    citations: tuple[str, ...], label: str = N_("Address"), *, asked: bool = True
) -> FieldSpec:
    """The establishment's street address; ``asked=False``: kept when said, never asked (optional then)."""
    return FieldSpec(
        name="facility_address",
        label=label,
        ask=N_("What is the street address of the establishment?"),
        ask_voice=N_("What's the street address?"),
        parser="location",
        citations=citations,
        optional=not asked,
        asked=asked,
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
    key="permit_application",
    city="victorville",
    title=N_("FOG permit application (City of Victorville)"),
    fields=(
        FieldSpec(
            name="application_path",
            label=N_("Applying by"),
            ask=N_(
                "You can either fill out the application, or instead show permits or documents from the "
                "city's Building Division confirming an appropriate grease control device was installed. "
                "Which do you want: the application, or documents?"
            ),
            ask_voice=N_("Do you want to fill out the application, or show building division documents?"),
            parser="application_path",
            citations=(_VV_A, _VV_B),
        ),
        _business_name((_VV[1],), N_("Operator (business) name")),
        _facility_address((_VV[1],), N_("Operator's address")),
        APPLICANT_NAME,
        APPLICANT_PHONE,
        FieldSpec(
            name="building_documents",
            label=N_("Building Division documents"),
            ask=N_(
                "Which Building Division permits or documents do you have that confirm the grease control "
                "device was installed? (for example the permit number and what it covers)"
            ),
            ask_voice=N_("Which building permit or document do you have?"),
            parser="text",
            citations=(_VV_B,),
            only_if=_VV_DOCUMENTS,
        ),
        FieldSpec(
            name="wastewater_volume",
            label=N_("Wastewater volume"),
            ask=N_("About how many gallons of wastewater does the establishment discharge a day?"),
            ask_voice=N_("About how many gallons of wastewater a day?"),
            parser="gallons_per_day",
            citations=(_VV[2],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="wastewater_type",
            label=N_("Type of wastewater"),
            ask=N_(
                "What type of wastewater is it? (for example kitchen sinks, dishwasher, mop sink, floor "
                "drains)"
            ),
            ask_voice=N_("What kind of wastewater is it?"),
            parser="text",
            citations=(_VV[2],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="prep_hours",
            label=N_("Daily food preparation hours"),
            ask=N_("What time of day is food prepared? (for example 6am to 10pm)"),
            ask_voice=N_("What hours is food prepared?"),
            parser="time_ranges",
            citations=(_VV[3],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="cleaning_hours",
            label=N_("Daily cleaning hours"),
            ask=N_("What time of day are the cleaning operations? (for example 10pm to 11:30pm)"),
            ask_voice=N_("What hours is the cleanup?"),
            parser="time_ranges",
            citations=(_VV[3],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="food_preparation",
            label=N_("Food preparation"),
            ask=N_("Briefly describe how food is prepared (for example frying, grilling, baking)."),
            ask_voice=N_("How is the food prepared, for example frying or grilling?"),
            parser="text",
            citations=(_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="food_type",
            label=N_("Type of food"),
            ask=N_("What type of food do you serve?"),
            ask_voice=N_("What type of food do you serve?"),
            parser="text",
            citations=(_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="meals_per_day",
            label=N_("Meals served a day"),
            ask=N_("About how many meals do you serve a day?"),
            ask_voice=N_("About how many meals a day?"),
            parser="meals",
            citations=(_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="cleanup_procedures",
            label=N_("Cleanup procedures"),
            ask=N_(
                "Briefly describe your cleanup procedures (for example scraping plates into the trash, "
                "wiping pans)."
            ),
            ask_voice=N_("How do you clean up?"),
            parser="text",
            citations=(_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="dining_capacity",
            label=N_("Dining room capacity"),
            ask=N_("How many seats does the dining room have? (say none for take-out only)"),
            ask_voice=N_("How many seats in the dining room?"),
            parser="seats",
            citations=(_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="employees",
            label=N_("Number of employees"),
            ask=N_("How many employees work there?"),
            ask_voice=N_("How many employees?"),
            parser="employees",
            citations=(_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="kitchen_size",
            label=N_("Kitchen size"),
            ask=N_("How big is the kitchen, in square feet? (for example 400 sq ft, or 20 by 20 feet)"),
            ask_voice=N_("How big is the kitchen, in square feet?"),
            parser="square_feet",
            citations=(_VV[4],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="appliances_fixtures",
            label=N_("Kitchen appliances and fixtures"),
            ask=N_(
                "List the kitchen appliances and fixtures you use (for example 3-compartment sink, "
                "dishwasher, fryers, mop sink)."
            ),
            ask_voice=N_("Which kitchen appliances and fixtures do you use?"),
            parser="text",
            citations=(_VV[5],),
            only_if=_VV_APPLICATION,
        ),
        FieldSpec(
            name="other_information",
            label=N_("Other information"),
            ask=N_("Anything else the building official should know? (or say skip)"),
            ask_voice=N_("Anything else to add? You can say skip."),
            parser="text",
            citations=(_VV[6],),
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
    key="permit_application",
    city="inglewood",
    title=N_("FOG wastewater discharge permit application (City of Inglewood)"),
    fields=(
        _business_name((_IW["a"],), N_("Name")),
        _facility_address((_IW["a"],)),
        FieldSpec(
            name="applicant_phone",
            label=N_("Telephone number"),
            ask=N_("What is the establishment's telephone number? (10 digits, for example 310-555-0100)"),
            ask_voice=N_("What's the business phone number?"),
            parser="phone",
            citations=(_IW["a"],),
        ),
        APPLICANT_NAME,
        FieldSpec(
            name="parcel_numbers",
            label=N_("Assessor's parcel number(s)"),
            ask=N_(
                "What is the assessor's parcel number (APN) of the property? It has 10 digits, like "
                "4012-345-678, and is on the property tax bill."
            ),
            ask_voice=N_("What's the assessor's parcel number? It has ten digits."),
            parser="parcel_numbers",
            citations=(_IW["a"],),
        ),
        FieldSpec(
            name="establishment_description",
            label=N_("Description of the establishment and operation"),
            ask=N_(
                "Briefly describe the establishment and its operation: what kind of place it is, its service "
                "activities, or the clients it serves."
            ),
            ask_voice=N_("Briefly, what kind of place is it and what does it do?"),
            parser="text",
            citations=(_IW["a"],),
        ),
        FieldSpec(
            name="cuisine",
            label=N_("Cuisine"),
            ask=N_("What cuisine do you serve?"),
            ask_voice=N_("What cuisine do you serve?"),
            parser="text",
            citations=(_IW["a"],),
        ),
        FieldSpec(
            name="establishment_kind",
            label=N_("Kind of establishment"),
            ask=N_("Is it a restaurant, a school, a hospital, or something else? (this sets the annual fee)"),
            ask_voice=N_("Is it a restaurant, a school, a hospital, or something else?"),
            parser="establishment_kind",
            citations=(_IW_FSE, _IW_ANNUAL_FEE),
        ),
        FieldSpec(
            name="dining_capacity",
            label=N_("Seating capacity"),
            ask=N_("How many seats does the restaurant have? (say none for take-out only)"),
            ask_voice=N_("How many seats does the restaurant have?"),
            parser="seats",
            citations=(_IW_FSE, _IW_ANNUAL_FEE),
            only_if=_IW_RESTAURANT,
        ),
        FieldSpec(
            name="drive_thru",
            label=N_("Drive-thru"),
            ask=N_("Does the restaurant have a drive-thru? (yes or no)"),
            ask_voice=N_("Does it have a drive-thru?"),
            parser="yes_no",
            citations=(_IW_FSE, _IW_ANNUAL_FEE),
            only_if=_IW_RESTAURANT,
        ),
        FieldSpec(
            name="operating_before_adoption",
            label=N_("Operating before {adopted}"),
            ask=N_("Was the establishment lawfully operating before {adopted}? (yes, no or not sure)"),
            ask_voice=N_("Was it operating before {adopted}?"),
            parser="yes_no",
            citations=(_IW_PERMIT_FEE,),
            dates=(("adopted", ADOPTED),),
        ),
        FieldSpec(
            name="fog_controls_by_deadline",
            label=N_("FOG controls adopted by {deadline}"),
            ask=N_(
                "Did it adopt FOG control measures (for example installing a grease interceptor) by "
                "{deadline}? (yes, no or not sure)"
            ),
            ask_voice=N_("Did it adopt grease controls by {deadline}?"),
            parser="yes_no",
            citations=(_IW_PERMIT_FEE,),
            only_if=("operating_before_adoption", (True, "yes")),
            dates=(("deadline", PERMIT_FEE_WAIVER_DEADLINE),),
        ),
        FieldSpec(
            name="owners",
            label=N_("Principals / owners"),
            ask=N_(
                "Name and telephone number of each principal, owner or major shareholder. (Whichever applies "
                "instead: you may attach the Articles of Incorporation, the latest Secretary of State report "
                "or the current business license; say which.)"
            ),
            ask_voice=N_("Who are the owners, and their phone numbers?"),
            parser="text",
            citations=(_IW["b"],),
        ),
        FieldSpec(
            name="property_owner",
            label=N_("Property owner or lessor"),
            ask=N_("Name, address and telephone number of the property owner or lessor."),
            ask_voice=N_("Who owns the property? Name, address and phone, please."),
            parser="text",
            citations=(_IW["c"],),
        ),
        FieldSpec(
            name="property_manager",
            label=N_("Property manager"),
            ask=N_(
                "Name, address and telephone number of the property manager (say same if the owner manages "
                "it)."
            ),
            ask_voice=N_("Who manages the property? Name, address and phone."),
            parser="text",
            citations=(_IW["c"],),
        ),
        FieldSpec(
            name="plans_available",
            label=N_("Plans available"),
            ask=N_(
                "The City may ask for site, floor, mechanical and plumbing plans showing the sewers and "
                "grease control equipment by size, location and elevation. Do you have such plans? (yes, no "
                "or not sure)"
            ),
            ask_voice=N_("Do you have site, floor and plumbing plans?"),
            parser="yes_no",
            citations=(_IW_PLANS,),
            optional=True,
        ),
        FieldSpec(
            name="other_information",
            label=N_("Other information"),
            ask=N_("Anything else the application form asks for that you want to add? (or say skip)"),
            ask_voice=N_("Anything else to add? You can say skip."),
            parser="text",
            citations=(_IW["d"],),
            optional=True,
        ),
    ),
    citation=inglewood("Permits", "(1)"),
)

# --------------------------------------------------------------------------------------------------------
# Victorville waivers (6.37.050) and Inglewood's variance and waivers (Discharge Requirements (6))
# --------------------------------------------------------------------------------------------------------

_ANY_BUSINESS_NAME = N_("What is the name of the business?")
_SERVICE_ADDRESS_WHY = "So the city knows which premises the request is for."

DEMINIMIS_WAIVER = FormSpec(
    key="deminimis_waiver",
    city="victorville",
    title=N_("De minimis waiver request (City of Victorville)"),
    fields=(
        _business_name((victorville("6.37.050(a)"),), ask=_ANY_BUSINESS_NAME),  # any business, not only food
        FieldSpec(
            name="facility_address",
            label=N_("Address"),
            ask=N_("What is the street address of the business?"),
            ask_voice=N_("What's the street address?"),
            parser="location",
            why=_SERVICE_ADDRESS_WHY,
        ),
        FieldSpec(
            name="services_requested",
            label=N_("Services the waiver is requested from"),
            ask=N_(
                "Which collection services do you want the waiver from: blue (recyclables), green (organic "
                "waste), brown (food scraps), or all?"
            ),
            ask_voice=N_("Which containers do you want the waiver for: blue, green, brown, or all?"),
            parser="containers",
            citations=(victorville("6.37.050(a)(1)"),),
        ),
        FieldSpec(
            name="total_service_yd3",
            label=N_("Total solid waste service"),
            ask=N_(
                "How many cubic yards of solid waste collection service does the business have a week in "
                "total? (for example a 3-yard bin emptied twice a week is 6 cubic yards)"
            ),
            ask_voice=N_("How many cubic yards of trash service a week, in total?"),
            parser="cubic_yards_per_week",
            citations=(victorville("6.37.050(a)(2)"),),
        ),
        FieldSpec(
            name="organics_gal",
            label=N_("Organic waste per container"),
            ask=N_("About how many gallons of organic waste a week go into each applicable container?"),
            ask_voice=N_("About how many gallons of organic waste a week, per container?"),
            parser="gallons_per_week",
            citations=(victorville("6.37.050(a)(2)"),),
        ),
        FieldSpec(
            name="has_documentation",
            label=N_("Documentation of the amounts"),
            ask=N_("Can you provide documentation of those amounts? (yes, no or not sure)"),
            ask_voice=N_("Can you provide documentation of those amounts?"),
            parser="yes_no",
            citations=(victorville("6.37.050(a)(2)"),),
        ),
        APPLICANT_NAME,
        APPLICANT_PHONE,
    ),
    citation=victorville("6.37.050(a)"),
)

PHYSICAL_SPACE_WAIVER = FormSpec(
    key="physical_space_waiver",
    city="victorville",
    title=N_("Physical space waiver request (City of Victorville)"),
    fields=(
        _business_name((victorville("6.37.050(b)"),), N_("Business or property name"), _ANY_BUSINESS_NAME),
        FieldSpec(
            name="facility_address",
            label=N_("Address"),
            ask=N_("What is the street address of the premises?"),
            ask_voice=N_("What's the street address?"),
            parser="location",
            why=_SERVICE_ADDRESS_WHY,
        ),
        FieldSpec(
            name="services_requested",
            label=N_("Containers without space"),
            ask=N_(
                "For which containers is there not enough space: blue (recyclables), green (organic waste), "
                "brown (food scraps), or all?"
            ),
            ask_voice=N_("Which containers don't fit: blue, green, brown, or all?"),
            parser="containers",
            citations=(
                victorville("6.37.050(b)(1)"),
                victorville("6.37.050(b)(2)"),
                victorville("6.37.040(b)(1)"),
            ),
        ),
        FieldSpec(
            name="evidence_source",
            label=N_("Documented by"),
            ask=N_(
                "Who can document that the premises lack space: your hauler, a licensed architect, or a "
                "licensed engineer?"
            ),
            ask_voice=N_("Who can document the lack of space: the hauler, an architect, or an engineer?"),
            parser="evidence_source",
            citations=(victorville("6.37.050(b)(2)"),),
        ),
        FieldSpec(
            name="has_documentation",
            label=N_("Documentation in hand"),
            ask=N_("Do you already have that documentation? (yes, no or not sure)"),
            ask_voice=N_("Do you have that documentation already?"),
            parser="yes_no",
            citations=(victorville("6.37.050(b)(2)"),),
        ),
        APPLICANT_NAME,
        APPLICANT_PHONE,
    ),
    citation=victorville("6.37.050(b)"),
)

_IW6 = "Discharge Requirements"
INTERCEPTOR_VARIANCE = FormSpec(
    key="interceptor_variance",
    city="inglewood",
    title=N_("Grease interceptor variance or waiver request (City of Inglewood)"),
    fields=(
        _business_name((inglewood(_IW6, "(6)(iii)"),)),
        _facility_address((inglewood(_IW6, "(6)(iii)"),)),
        FieldSpec(
            name="existing_establishment",
            label=N_("Existing establishment"),
            ask=N_("Is the establishment already operating at this location? (yes or no)"),
            ask_voice=N_("Is the place already open and operating?"),
            parser="yes_no",
            citations=(inglewood(_IW6, "(6)"), inglewood(_IW6, "(6)(i)")),
        ),
        FieldSpec(
            name="no_space",
            label=N_("No adequate space for an interceptor"),
            ask=N_(
                "Is there no adequate space to install or maintain a grease interceptor? (yes, no or not "
                "sure)"
            ),
            ask_voice=N_("Is there no room for a grease interceptor?"),
            parser="yes_no",
            citations=(inglewood(_IW6, "(6)(a)"), inglewood(_IW6, "(6)(ii)(A)")),
        ),
        FieldSpec(
            name="no_slope",
            label=N_("No adequate slope for gravity flow"),
            ask=N_(
                "Is there no adequate slope for gravity flow between the kitchen fixtures, an interceptor "
                "and the sewer? (yes, no or not sure)"
            ),
            ask_voice=N_("Is there no slope for the drains to flow by gravity?"),
            parser="yes_no",
            citations=(inglewood(_IW6, "(6)(b)"), inglewood(_IW6, "(6)(ii)(B)")),
        ),
        FieldSpec(
            name="alt_tech_equivalent",
            label=N_("Equivalent alternative pretreatment"),
            ask=N_(
                "Do you have an alternative pretreatment technology at least as effective as a grease "
                "interceptor? (A variance then needs at least three months of downstream sewer monitoring at "
                "your expense.)"
            ),
            ask_voice=N_("Do you have another grease treatment that works as well as an interceptor?"),
            parser="yes_no",
            citations=(inglewood(_IW6, "(6)(c)"),),
        ),
        FieldSpec(
            name="negligible_fog",
            label=N_("Negligible FOG discharge"),
            ask=N_(
                "Does the establishment discharge only a negligible amount of fats, oils and grease? (yes, "
                "no or not sure)"
            ),
            ask_voice=N_("Do you put out very little grease?"),
            parser="yes_no",
            citations=(inglewood(_IW6, "(6)(i)"),),
        ),
        FieldSpec(
            name="fog_factors",
            label=N_("Seating, meals, menu and water use"),
            ask=N_(
                "Tell me about the seating, meals served a day, the menu and water use, which the City "
                "weighs."
            ),
            ask_voice=N_("Tell me about your seating, meals a day, menu and water use."),
            parser="text",
            citations=(inglewood(_IW6, "(6)(i)(A)"),),
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
    key="spill_report",
    city=None,
    title=N_("Sewage spill report"),
    fields=(
        FieldSpec(
            name="city",
            label=N_("City"),
            ask=N_("Which city is the spill in: Victorville or Inglewood?"),
            ask_voice=N_("Is it in Victorville or Inglewood?"),
            parser="city",
            citations=(victorville("10.03.280(a)"), inglewood("Monitoring and Notification", "(3)")),
        ),
        FieldSpec(
            name="location",
            label=N_("Location"),
            ask=N_(
                "Where is it? An address, cross streets (like Main St and 5th Ave), a manhole or a landmark."
            ),
            ask_voice=N_("Where is it? An address or cross streets."),
            parser="location",
            why="So the crew can find it.",
        ),
        FieldSpec(
            name="what_spilling",
            label=N_("What is spilling"),
            ask=N_("What is spilling? (for example sewage, grease, wastewater)"),
            ask_voice=N_("What's spilling?"),
            parser="text",
            why="So the crew brings the right equipment.",
        ),
        FieldSpec(
            name="started_at",
            label=N_("Start time"),
            ask=N_("When did it start? (for example about an hour ago, at 7am, yesterday at 5pm)"),
            ask_voice=N_("When did it start?"),
            parser="moment",
            citations=_INCIDENT_DATE,
        ),
        FieldSpec(
            name="still_flowing",
            label=N_("Still flowing"),
            ask=N_("Is it still flowing? (yes, no or not sure)"),
            ask_voice=N_("Is it still flowing?"),
            parser="yes_no",
            why="An active overflow is more urgent.",
        ),
        FieldSpec(
            name="reaches",
            label=N_("Reaches"),
            ask=N_("Does it reach the street, a gutter or a storm drain? Say which, or none."),
            ask_voice=N_("Is it reaching the street, a gutter, or a storm drain?"),
            parser="reaches",
            why="Spills that reach a storm drain can reach waterways.",
        ),
        FieldSpec(
            name="volume",
            label=N_("Rough volume"),
            ask=N_("Roughly how much has spilled? A guess is fine (for example about 50 gallons)."),
            ask_voice=N_("Roughly how many gallons?"),
            parser="gallons",
            why="So the crew can size the cleanup.",
        ),
        FieldSpec(
            name="restaurant_involved",
            label=N_("Restaurant involved"),
            ask=N_("Is a restaurant or other food business involved? (yes, no or not sure)"),
            ask_voice=N_("Is a restaurant involved?"),
            parser="yes_no",
            citations=(victorville("10.03.280(a)"), inglewood("Monitoring and Notification", "(3)")),
        ),
        FieldSpec(
            name="restaurant_name",
            label=N_("Restaurant"),
            ask=N_("Which restaurant or business?"),
            ask_voice=N_("Which restaurant?"),
            parser="text",
            citations=(victorville("10.03.280(a)"), inglewood("Monitoring and Notification", "(3)")),
            only_if=("restaurant_involved", (True, "yes")),
        ),
        FieldSpec(
            name="reporter_name",
            label=N_("Reporter's name"),
            ask=N_("What is your name?"),
            ask_voice=N_("What's your name?"),
            parser="person_name",
            why="So staff know who reported it.",
        ),
        FieldSpec(
            name="callback_number",
            label=N_("Callback number"),
            ask=N_("What number can the crew call you back on? (10 digits, for example 760-555-0100)"),
            ask_voice=N_("What number can we call you back on?"),
            parser="phone",
            why="So the crew can call back with questions.",
        ),
    ),
)

# The service records each city keeps: Victorville's manifests and records, Inglewood's hauler documentation.
_SERVICE_RECORDS = (victorville("10.03.170(b)"), inglewood("Grease Interceptors and BMPs", "(4)(i)"))

SERVICE_LOG = FormSpec(
    key="service_log",
    city=None,
    title=N_("Grease interceptor or trap service record"),
    fields=(
        FieldSpec(
            name="service_date",
            label=N_("Service date"),
            ask=N_("What date was it pumped or serviced? (for example 8/14 or yesterday)"),
            ask_voice=N_("What day was it pumped?"),
            parser="date",
            citations=(
                victorville("10.03.160(b)"),
                inglewood("Grease Interceptors and BMPs", "(4)(c)"),
            ),
        ),
        FieldSpec(
            name="gallons",
            label=N_("Gallons removed"),
            ask=N_("About how many gallons were pumped out?"),
            ask_voice=N_("About how many gallons were pumped?"),
            parser="gallons_removed",
            citations=(
                victorville("10.03.170(c)(3)"),
                inglewood("Grease Interceptors and BMPs", "(4)(i)(C)"),
            ),
        ),
        FieldSpec(
            name="hauler",
            label=N_("Hauler"),
            ask=N_("Which hauling company did it?"),
            ask_voice=N_("Which company pumped it?"),
            parser="company",
            citations=(
                victorville("10.03.170(c)"),
                inglewood("Grease Interceptors and BMPs", "(4)(i)(A)"),
            ),
        ),
        FieldSpec(
            name="device",
            label=N_("Device"),
            ask=N_("Was it the grease interceptor or a grease trap?"),
            ask_voice=N_("Was it the grease interceptor or a grease trap?"),
            parser="device",
            citations=(
                victorville("10.03.020(p)"),
                victorville("10.03.020(q)"),
                inglewood("Grease Interceptors and BMPs", "(4)"),
            ),
        ),
        FieldSpec(
            name="frequency",
            label=N_("Service frequency in the permit"),
            ask=N_(
                "How often does your permit say it must be serviced? (for example every 90 days; say don't "
                "know if you're not sure)"
            ),
            ask_voice=N_("How often does your permit say to pump it? You can say you don't know."),
            parser="frequency",
            citations=(victorville("10.03.160(b)"), inglewood("Permits", "(2)(c)")),
            optional=True,
            # Asked after every log, it was the question users least expected (they had confirmed already):
            # the due date states the default and asks for the permit's frequency if it sets another.
            asked=False,
        ),
        # Said with the log by most operators ("la fonda grill 15432 palmdale rd. manifest # 20419"), never
        # asked: the record is the conversation's establishment's, and the manifest is the hauler's paper.
        _business_name(_SERVICE_RECORDS, N_("Establishment"), asked=False),
        _facility_address(_SERVICE_RECORDS, asked=False),
        FieldSpec(
            name="manifest_number",
            label=N_("Manifest or ticket number"),
            ask=N_("What is the number on the hauler's manifest or ticket?"),
            ask_voice=N_("What's the number on the hauler's ticket?"),
            parser="text",
            citations=_SERVICE_RECORDS,
            optional=True,
            asked=False,
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
    "web": N_("Is that right? Say yes to submit, or tell me what to change."),
    "sms": N_("Reply YES to submit, or tell me what to change."),
    "voice": N_("Is that right? Say yes, or tell me what to change."),
}
_VALUE_LIMIT = {"web": 300, "sms": 100, "voice": 80}


def shorten(text: str, limit: int) -> str:
    """``text`` cut at a word to at most ``limit`` characters, ending in "..." when cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 3].rsplit(" ", 1)[0] or text[: limit - 3]
    return cut.rstrip(" ,;") + "..."


def format_value(spec: FieldSpec, value: Any, channel: str = "web") -> str:
    """One stored answer in words for ``channel`` (voice reads phone numbers digit by digit)."""
    _check_channel(channel)
    return shorten(describe(spec.parser, value, spoken=channel == "voice"), _VALUE_LIMIT[channel])


def _check_channel(channel: str) -> None:
    if channel not in CHANNELS:
        raise ValueError(f"Unknown channel {channel!r}; expected one of {CHANNELS}.")


def read_back(
    form: FormSpec | str, values: Mapping[str, Any], channel: str, city: str | None = None
) -> list[str]:
    """The answers so far as a confirmation: on the web and by voice, one message; by SMS, the lines to
    send (a heading, one line per answer, the confirmation question), which the caller packs into messages.

    Answers not given (or not applicable) are left out; the last message (or line) asks for confirmation.
    """
    _check_channel(channel)
    spec = form_spec(form, city) if isinstance(form, str) else form
    answered = [(s, values[s.name]) for s in spec.applicable(values) if values.get(s.name) is not None]
    confirm = t(_CONFIRM[channel])
    lines = [f"{s.label}: {format_value(s, v, channel)}" for s, v in answered]
    if channel == "voice":
        return [t("Here's what I have. {answers}. {confirm}", answers=". ".join(lines), confirm=confirm)]
    if channel == "web":
        body = "\n".join(f"- {line}" for line in lines)
        return ["\n".join((t("Here's what I have:"), body, confirm))]
    return [t("Please check:"), *lines, confirm]

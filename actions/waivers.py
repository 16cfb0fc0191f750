"""Waiver and variance requests: Victorville's de minimis and physical-space waivers (Victorville Municipal
Code § 6.37.050) and Inglewood's grease-interceptor variance and waivers (Inglewood FOG Ordinance,
Discharge Requirements (6)).

Screening comes first: as soon as the amounts (or the interceptor facts) are known, the user hears the
result from the compliance core, with its threshold, conditions, charges and citation; the rest of the form
collects who is asking, then the request is read back, confirmed and stored (:mod:`store.waivers`).
Eligibility is never a grant: the city decides.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher

import compliance
import languages
import store
from actions import runtime
from actions.channel import channel_of
from actions.forms import (
    APPLICANT_REACHABLE,
    AfterTurn,
    Decision,
    FormState,
    GuidedForm,
    GuidedFormValidation,
    Message,
    cancel_words,
    filed_topic,
    incomplete,
    latest_message,
    message_time,
    missing_answers,
    missing_labels,
    reset_events,
    still_needed,
)
from actions.knowledge import TOPIC_SLOT
from calculations import what_if_read
from cities import FOG, SOLID_WASTE
from intake import (
    DEMINIMIS_WAIVER,
    INTERCEPTOR_VARIANCE,
    PHYSICAL_SPACE_WAIVER,
    FormSpec,
    ParseContext,
    Quantity,
    amounts_documented_in_passing,
    evidence_in_passing,
    parse,
)
from languages import N_, t

REFERENCE_SLOT = "waiver_reference"

_CONTACT_ALIASES = {  # the English words, then the Spanish ones (with or without accents)
    r"business|name of the business|business name|negocio|nombre del negocio": "business_name",
    r"address|location|direcci[oó]n|ubicaci[oó]n|domicilio": "facility_address",
    r"my name|contact|your name|mi nombre|nombre|contacto": "applicant_name",
    r"phone|number|tel[eé]fono|n[uú]mero|celular": "applicant_phone",
}


def _reordered(spec: FormSpec, first: tuple[str, ...]) -> FormSpec:
    """The same fields with the screening questions first."""
    leading = tuple(spec.field(name) for name in first)
    rest = tuple(field for field in spec.fields if field.name not in first)
    return FormSpec(spec.key, spec.city, spec.title, leading + rest, spec.citation)


# Amounts and containers said in passing ("a 1.5 cubic yard trash bin picked up once a week, and about 12
# gallons of organic waste", "for the green and brown container service"): each read in the clause that says
# its unit, with the field's own parser.
_WAIVER_FACTS = (
    ("total_service_yd3", "cubic_yards_per_week", re.compile(r"\b(?:cubic|yards?|yds?|yardas?)\b", re.I)),
    ("organics_gal", "gallons_per_week", re.compile(r"\b(?:gal(?:lons?)?|galon(?:es)?)\b", re.I)),
    (
        "services_requested",
        "containers",
        re.compile(
            r"\b(?:green|brown|blue|verde|caf[eé]|azul)\b.*\b(?:service|container|bin|cart|bote|contenedor)s?\b"
            # the container first, as Spanish says it: "la pedimos pal bote cafe de los restos de comida"
            r"|\b(?:botes?|contenedor(?:es)?)\s+(?:\w+\s+)?(?:verdes?|caf[eé]s?|azul(?:es)?)\b",
            re.I,
        ),
    ),
)
_CLAUSE = re.compile(
    r"(?<=[.;!?])\s+|,\s+(?:and|y)\s+|\s+and\s+(?=(?:our|we|the|about|organic)\b)"
    # "1.5 cubic yards total, about 8 gallons of organics a week"
    r"|,\s+(?=(?:about|around|maybe|roughly|approximately|como|unos|unas|aprox\w*|\d)\b)"
    # "... 3 yardas x semana y de organicos ..."
    r"|\s+y\s+(?=(?:de|del|los|las|el|la|nuestr\w+|org[aá]nicos|como|unos|unas)\b)",
    re.I,
)


def waiver_facts(text: str, ctx: ParseContext, values: Mapping[str, Any]) -> dict[str, Any]:
    """The service, the organics and the containers a waiver applicant states (see :data:`_WAIVER_FACTS`),
    and who documents the lack of space when the document is said to be in hand."""
    found: dict[str, Any] = {}
    for clause in _CLAUSE.split(text):
        for name, parser, words in _WAIVER_FACTS:
            if name not in found and words.search(clause) and (result := parse(parser, clause, ctx)).ok:
                found[name] = result.slot
    if (source := evidence_in_passing(text)) is not None:  # "tengo una carta del recolector que dice ..."
        found["evidence_source"] = parse("evidence_source", source, ctx).slot
        found["has_documentation"] = parse("yes_no", "yes", ctx).slot
    elif amounts_documented_in_passing(text):  # "tengo las facturas de la basura pa mostrar lo de la yarda"
        found["has_documentation"] = parse("yes_no", "yes", ctx).slot
    return found


def _amount(slot: Any) -> Decimal:
    return Quantity.from_slot(slot).amount


def _bound(slot: Any) -> str:
    """ "less than " when the amount was said as an upper bound, as the compliance core's reader takes it."""
    return "less than " if Quantity.from_slot(slot).below else ""


_DEMINIMIS_AMOUNTS = ("total_service_yd3", "organics_gal")


def deminimis_facts(values: Mapping[str, Any]) -> str:
    """The amounts given so far, as the compliance core reads them, for a side question's what-if ("what if
    it's 6 gallons instead?" recomputes with the service given); "" before any."""
    service, organics = (values.get(name) for name in _DEMINIMIS_AMOUNTS)
    said = []
    if service:
        said.append(f"{_bound(service)}{_amount(service)} cubic yards of trash a week")
    if organics:
        said.append(f"{_bound(organics)}{_amount(organics)} gallons of organic waste a week")
    return f"we have {' and '.join(said)}, de minimis waiver" if said else ""


DEMINIMIS_FORM = GuidedForm(
    name="deminimis_form",
    subject="deminimis-waiver",
    spec=_reordered(
        DEMINIMIS_WAIVER, ("total_service_yd3", "organics_gal", "services_requested", "has_documentation")
    ),
    aliases={
        r"cubic yards|yards|trash service|total|yardas|servicio de basura": "total_service_yd3",
        r"gallons|organic waste|organics|galones|desechos org[aá]nicos|org[aá]nicos": "organics_gal",
        r"services|containers|bins|servicios|contenedores|botes": "services_requested",
        r"documentation|documents|documentaci[oó]n|documentos|papeles": "has_documentation",
        **_CONTACT_ALIASES,
    },
    extract=waiver_facts,
    topic=N_("de minimis waiver request"),
    question_facts=deminimis_facts,
    send_early_with=APPLICANT_REACHABLE,
    restated=frozenset(_DEMINIMIS_AMOUNTS),
)

SPACE_WAIVER_FORM = GuidedForm(
    name="space_waiver_form",
    subject="physical-space-waiver",
    spec=_reordered(PHYSICAL_SPACE_WAIVER, ("services_requested", "evidence_source", "has_documentation")),
    aliases={
        r"containers|bins|services|contenedores|botes|servicios": "services_requested",
        r"who|hauler|architect|engineer|qui[eé]n|recolector|arquitecto|ingeniero": "evidence_source",
        r"documentation|documents|documentaci[oó]n|documentos|papeles": "has_documentation",
        **_CONTACT_ALIASES,
    },
    extract=waiver_facts,
    topic=N_("physical space waiver request"),
    send_early_with=APPLICANT_REACHABLE,
)

# What an applicant for a variance says of the site in their own words ("there's no room behind the building
# and the plumber says the slope won't work either", "open since 2015"): the screening answers.
_SITE_FACTS = (
    (
        "existing_establishment",
        "yes",
        re.compile(
            r"\b(?:existing (?:restaurant|business|establishment|place)|open since|been open|already (?:open|"
            r"operating)|ya (?:est[aá] )?abiert[oa]|abierto desde|existente|"
            # "28 seats. mostly raw fish + rice. exist since 2015", "been here since 2019", "since 2015"
            r"(?:exist(?:ed|s|ing)?|been (?:here|there|around|operating)|operating|here) since|"
            r"since (?:19|20)\d\d|desde (?:el )?(?:19|20)\d\d|"
            # "Tengo un café pequeño en Inglewood en un local viejo": a place that runs now
            r"(?:tengo|tenemos) (?:un|una) (?:\w+ ){0,5}?en (?:un|una) (?:local|edificio) (?:viejo|antiguo)|"
            r"(?:we have|i have|i run|we run|i own) (?:a|an) (?:\w+ ){0,3}?in an old building|"
            # what the place does now ("mostly pastries n coffee, we added the patio", "servimos cafe")
            r"(?:we|i) (?:serve|sell|cook|fry|bake|make|added|already have)|"
            r"(?:servimos|vendemos|cocinamos|horneamos|freimos|freímos|preparamos|ya tenemos))\b",
            re.IGNORECASE,
        ),
    ),
    (
        "existing_establishment",
        "no",
        re.compile(
            r"\b(?:new (?:restaurant|build|construction|location)|not open yet|opening soon|nuevo local)\b",
            re.I,
        ),
    ),
    (
        "no_space",
        "yes",
        re.compile(
            r"\b(?:no (?:room|space)|not enough (?:room|space)|nowhere to put|(?:doesn'?t|won'?t|can'?t) fit|"
            r"no (?:hay|tenemos|tengo) (?:espacio|lugar)|sin espacio|no cabe)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "no_slope",
        "yes",
        re.compile(
            r"\b(?:slope (?:won'?t|doesn'?t|does not|will not|can'?t) work|no (?:adequate |enough )?slope|"
            r"not enough slope|nor (?:adequate )?slope|no (?:room|space) (?:or|nor) slope|"
            # "the problems are space and slope", "the kitchen sits lower than the alley sewer line"
            r"problems? (?:is|are) (?:space and )?slope|(?:sits|is|are) (?:lower|below) (?:than )?the "
            r"(?:\w+ )?(?:sewer|line|street|alley)|"
            r"(?:tampoco )?no (?:hay|tiene) (?:pendiente|desnivel|ca[ií]da)|(?:sin|ni) (?:pendiente|desnivel|"
            r"ca[ií]da)|tampoco (?:hay|tiene) (?:pendiente|desnivel|ca[ií]da))\b",
            re.IGNORECASE,
        ),
    ),
)


def site_facts(text: str, ctx: ParseContext, values: Mapping[str, Any]) -> dict[str, Any]:
    """The screening answers a variance applicant gives in their own words (see :data:`_SITE_FACTS`)."""
    found: dict[str, Any] = {}
    for name, answer, words in _SITE_FACTS:
        if name not in found and words.search(text):
            found[name] = answer
    return found


VARIANCE_FORM = GuidedForm(
    name="variance_form",
    subject="variance-waiver",
    spec=_reordered(
        INTERCEPTOR_VARIANCE,
        (
            "existing_establishment",
            "no_space",
            "no_slope",
            "alt_tech_equivalent",
            "negligible_fog",
            "fog_factors",
        ),
    ),
    aliases={
        r"existing|operating|existente|operando|abierto": "existing_establishment",
        r"space|room|espacio|lugar": "no_space",
        r"slope|pendiente|inclinaci[oó]n|desnivel": "no_slope",
        r"alternative|technology|alternativa|tecnolog[ií]a": "alt_tech_equivalent",
        r"negligible|little grease|poca grasa|insignificante|m[ií]nima": "negligible_fog",
        **_CONTACT_ALIASES,
    },
    extract=site_facts,
    topic=N_("interceptor variance request"),
    send_early_with=APPLICANT_REACHABLE,
)

INGLEWOOD_KINDS = {
    "variance": "inglewood_variance",
    "conditional_waiver": "inglewood_conditional_waiver",
    "waiver_with_cleanup_charge": "inglewood_cleanup_charge_waiver",
}


def deminimis_result(values: Mapping[str, Any]) -> compliance.Result:
    yards = Quantity.from_slot(values["total_service_yd3"])
    gallons = Quantity.from_slot(values["organics_gal"])
    # "menos de 2 yardas": the under-two-yards threshold, not two yards'
    return compliance.deminimis(
        yards.amount, gallons.amount, total_below=yards.below, organics_below=gallons.below
    )


def deminimis_sentences(values: Mapping[str, Any], channel: str) -> str:
    """Eligible or not and why (the exact threshold), what to attach, the 15-day duty and 5-year validity."""
    result = deminimis_result(values)
    text = f"{result.reason.rstrip('.')} ({result.citation})."
    text += " " + t("To apply, attach: {items}.", items="; ".join(result.documentation))
    text += " " + t("If granted: {duties}.", duties="; ".join(result.duties))
    if not result.eligible:
        text += " " + t("You can still file the request, or say {cancel}.", cancel=cancel_words(channel))
    return text


def _said_yes(value: Any) -> bool:
    return value in ("yes", True)


def interceptor_result(values: Mapping[str, Any]) -> compliance.Result:
    return compliance.inglewood_interceptor_paths(
        _said_yes(values.get("no_space")),
        _said_yes(values.get("no_slope")),
        _said_yes(values.get("alt_tech_equivalent")),
        _said_yes(values.get("negligible_fog")),
        existing=values.get("existing_establishment") != "no",
    )


def interceptor_sentences(values: Mapping[str, Any], channel: str) -> str:
    result = interceptor_result(values)
    parts = [f"{result.reason.rstrip('.')} ({result.citation})."]
    for path in result.paths:
        parts.append(
            t(
                "{name}: conditions: {conditions}. Charges: {charges} ({citation}).",
                name=path.name,
                conditions="; ".join(path.conditions),
                charges="; ".join(path.charges),
                citation=path.citation,
            )
        )
    if result.install_interceptor:
        parts.append(t("You can still file the request, or say {cancel}.", cancel=cancel_words(channel)))
    return " ".join(parts)


def space_waiver_sentences() -> str:
    result = compliance.physical_space_waiver()
    return t(
        "{reason} It takes: {requirements} ({citation}).",
        reason=result.reason,
        requirements="; ".join(result.requirements),
        citation=result.citation,
    )


class ValidateDeminimisForm(GuidedFormValidation):
    form = DEMINIMIS_FORM

    def prefill(self, tracker: Tracker, state: FormState) -> dict[str, Any]:
        """A waiver started after questions that gave the amounts ("1.5 yards and 12 gallons, could we get
        the waiver? what if it's 6 gallons instead?"): the amounts said last, read back with the rest."""
        topic = tracker.get_slot(TOPIC_SLOT)
        if state.requested is not None or not topic:
            return {}
        ctx = latest_message(tracker, self.form).ctx
        found: dict[str, Any] = {}
        # in order, then the message that asks for the waiver: a later amount replaces an earlier one ("no no,
        # son 8. quiero pedir el waiver" after "y si fueran 12 galones?": 8 gallons)
        latest = what_if_read(tracker.latest_message.get("text") or "", topic)
        for said in [*re.split(r"(?<=[?.!])\s+", topic), latest]:
            found.update(self.form.extract(said, ctx, {}))
        return {name: found[name] for name in ("total_service_yd3", "organics_gal") if name in found}

    def after(self, decision: Decision, state: FormState, message: Message, tracker: Tracker) -> AfterTurn:
        values = {**state.values, **decision.updates}
        result = AfterTurn(decision)
        screened = {"total_service_yd3", "organics_gal"}
        if screened & set(decision.updates) and all(values.get(name) is not None for name in screened):
            result.messages.append(deminimis_sentences(values, message.channel))
        return result


class ValidateSpaceWaiverForm(GuidedFormValidation):
    form = SPACE_WAIVER_FORM

    def after(self, decision: Decision, state: FormState, message: Message, tracker: Tracker) -> AfterTurn:
        result = AfterTurn(decision)
        if message.fresh and state.requested is None:
            result.messages.append(space_waiver_sentences())
        return result


class ValidateVarianceForm(GuidedFormValidation):
    form = VARIANCE_FORM

    def prefill(self, tracker: Tracker, state: FormState) -> dict[str, Any]:
        """A request started after questions that told the site ("I have a small cafe in an old building, no
        room inside or out. What are my options?"): those answers, not asked again."""
        topic = tracker.get_slot(TOPIC_SLOT)
        if state.requested is not None or not topic:
            return {}
        return site_facts(topic, latest_message(tracker, self.form).ctx, {})

    def after(self, decision: Decision, state: FormState, message: Message, tracker: Tracker) -> AfterTurn:
        values = {**state.values, **decision.updates}
        result = AfterTurn(decision)
        if "negligible_fog" in decision.updates and values.get("negligible_fog") is not None:
            result.messages.append(interceptor_sentences(values, message.channel))
        return result


def finished_form(tracker: Tracker) -> GuidedForm | None:
    """The waiver form the user just confirmed."""
    for form in (DEMINIMIS_FORM, SPACE_WAIVER_FORM, VARIANCE_FORM):
        if tracker.get_slot(form.confirm_slot):
            return form
    return None


class ActionSubmitWaiver(Action):
    """Store the confirmed request and its screening result; then the reference and what happens next."""

    def name(self) -> str:
        return "action_submit_waiver"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        form = finished_form(tracker)
        if form is None:
            dispatcher.utter_message(text=t("I have no confirmed request to file."))
            return []
        values = {name: tracker.get_slot(name) for name in form.slots}
        missing = missing_answers(form, values)  # sent before every question was answered ("please submit")
        unscreened = form is DEMINIMIS_FORM and None in (values.get(k) for k in _DEMINIMIS_AMOUNTS)
        if unscreened:  # sent without the amounts the de minimis test needs: the office screens it
            result = None
            kind, eligible = "deminimis", None
            next_steps = t("The city screens it once it has your service and organic waste amounts.")
        elif form is DEMINIMIS_FORM:
            result = deminimis_result(values)
            kind, eligible = "deminimis", result.eligible
            next_steps = deminimis_sentences(values, channel_of(tracker))
        elif form is SPACE_WAIVER_FORM:
            result = compliance.physical_space_waiver()
            kind, eligible = "physical_space", None
            next_steps = space_waiver_sentences()
        else:
            result = interceptor_result(values)
            kind = INGLEWOOD_KINDS[result.paths[0].key] if result.paths else "inglewood_variance"
            eligible = bool(result.paths)
            next_steps = " ".join(result.how_to_apply)
        now = message_time(tracker)
        engine = runtime.engine()
        record = store.waivers.create_draft(
            engine,
            kind=kind,
            conversation_id=tracker.sender_id,
            channel=channel_of(tracker),
            screening=result.to_dict() if result is not None else {"reason": "not screened: amounts missing"},
            eligible=eligible,
            details={"answers": values, "language": languages.current(), **incomplete(missing)},
            now=now,
        )
        reference = record["reference"]
        store.waivers.submit(engine, reference, now=now)
        if missing:
            filed = t("Your request is filed. Your reference number is {reference}.", reference=reference)
            left = still_needed(
                missing_labels(form, values), no_phone_call=_office_without_a_phone(form, values)
            )
            filed = f"{filed} {left} {t('What happens next: {steps}', steps=next_steps)}"
        else:
            filed = t(
                "Your request is filed. Your reference number is {reference}. The city decides on it; what "
                "happens next: {next_steps}",
                reference=reference,
                next_steps=next_steps,
            )
        dispatcher.utter_message(text=filed)
        events = [*reset_events(form), SlotSet(REFERENCE_SLOT, record["reference"])]
        events.append(SlotSet(TOPIC_SLOT, filed_topic(form, values)))
        return events


def _office_without_a_phone(form: GuidedForm, values: Mapping[str, Any]) -> str | None:
    """The office a request filed without a phone number tells the user to call (the solid waste office for
    Victorville's organics waivers, the FOG office for Inglewood's variance); None when a number was given."""
    if values.get("applicant_phone"):
        return None
    city, topic = ("inglewood", FOG) if form is VARIANCE_FORM else ("victorville", SOLID_WASTE)
    return runtime.contacts().describe(city, topic)

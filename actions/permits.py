"""FOG permit applications, per city: Victorville Municipal Code § 10.03.060(a)(1)-(6) (or the
building-division documents of (b)) and Inglewood FOG Ordinance, Permits (1)(a)-(d).

The city is asked first (unless known), then that city's fields (:mod:`intake.forms`); the answers
are read back, confirmed, stored (:mod:`store.permits`, committed before the reference is given) and turned
into a summary (text and PDF, :mod:`documents.application`) under ``var/documents/<reference>.pdf``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher

import documents
import languages
import store
from actions import runtime
from actions.channel import channel_of
from actions.forms import (
    APPLICANT_REACHABLE,
    GuidedForm,
    GuidedFormValidation,
    filed_topic,
    incomplete,
    message_time,
    missing_answers,
    missing_labels,
    reset_events,
    still_needed,
)
from actions.knowledge import TOPIC_SLOT
from actions.spill import document_link_reply
from cities import detect_city
from compliance.core import dollars
from config.paths import DOCUMENTS_DIR
from documents.application import INGLEWOOD_NEXT_STEPS, VICTORVILLE_NEXT_STEPS, inglewood_fees
from intake import INGLEWOOD_PERMIT, VICTORVILLE_PERMIT, FieldSpec, FormSpec, Location, ParseContext, parse
from intake.choices import DRIVE_THRU_WORDS
from intake.text import said_name
from languages import N_, t

log = logging.getLogger(__name__)

REFERENCE_SLOT = "permit_reference"

PERMIT_CITY = FieldSpec(
    name="city",
    label=N_("City"),
    ask=N_("Which city is the establishment in: Victorville or Inglewood?"),
    ask_voice=N_("Is it in Victorville or Inglewood?"),
    parser="city",
    why="Each city's ordinance asks for different information.",
)

_ALIASES = {  # the English words, then the Spanish ones (with or without accents)
    r"business name|business|operator|nombre del negocio|negocio|operador|due[ñn]o": "business_name",
    r"address|direcci[oó]n|domicilio": "facility_address",
    r"my name|contact person|contact|mi nombre|nombre|persona de contacto|contacto": "applicant_name",
    r"phone|number|tel[eé]fono|n[uú]mero|celular": "applicant_phone",
    r"seats|seating|capacity|asientos|sillas|capacidad": "dining_capacity",
    r"parcel|apn|parcela|lote": "parcel_numbers",
    r"employees|staff|empleados|trabajadores": "employees",
    r"meals|comidas|platillos": "meals_per_day",
    r"cuisine|tipo de comida|estilo de comida": "cuisine",
    r"drive[- ]?thru|autoservicio|ventanilla": "drive_thru",
    r"kitchen size|square feet|tama[ñn]o de la cocina|pies cuadrados": "kitchen_size",
    r"hours|horas|horario": "prep_hours",
    r"city|ciudad": "city",
}


def _with_city(spec: FormSpec) -> FormSpec:
    return FormSpec(spec.key, spec.city, spec.title, (PERMIT_CITY, *spec.fields), spec.citation)


# A span of hours said after what is done in it, a few words on ("from 6 to 10 am", "runs 7 to 11 a.m.",
# "is 10 p.m. to midnight", "desde las 6am hasta las 10", "de 9 a 11 de la noche")
_HOUR = r"\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)?"
_HOURS = (
    r"(?:[^\W\d_]+\s+){0,4}?(?:(?:from|de|desde|between|entre)\s+)?(?:las\s+)?"
    rf"{_HOUR}(?:\s*de la (?:ma[nñ]ana|tarde|noche))?\s*(?:to|a|until|till|hasta|and|y|-|–)\s*(?:las\s+)?"
    rf"(?:{_HOUR}|midnight|noon|medianoche|mediod[ií]a)(?:\s*de la (?:ma[nñ]ana|tarde|noche))?"
)
# Facts an applicant gives before they are asked, each found by the words that say what it is (a bare number
# could be a street number): a parcel number, seats, meals a day, employees, the kitchen's size.
_CUED_FACTS = (
    ("parcel_numbers", re.compile(r"\b\d{4}-\d{3}-\d{3}\b")),
    ("dining_capacity", re.compile(r"\b\d[\d,]*\s*(?:seats|asientos|sillas)\b", re.IGNORECASE)),
    ("meals_per_day", re.compile(r"\b\d[\d,]*\s*(?:meals|comidas|platillos|platos)\b", re.IGNORECASE)),
    (
        "employees",
        re.compile(r"\b\d[\d,]*\s*(?:employees|workers|staff|empleados|trabajadores)\b", re.IGNORECASE),
    ),
    (
        "kitchen_size",
        re.compile(r"\b\d[\d,]*\s*(?:sq\.?\s*f(?:ee)?t|square f(?:ee|oo)t|pies cuadrados)", re.IGNORECASE),
    ),
    # "We discharge about 1,500 gallons of water a day", "descargamos como 1,500 galones de agua al día"
    (
        "wastewater_volume",
        re.compile(
            # (never the fryer oil or the grease kept: "10 gallons of fryer oil a day" is not discharged)
            r"\b\d[\d,]*\s*(?:gallons?|gal|galones)\b(?:\s+(?!(?:of\s+)?(?:fryer\s+)?(?:oil|grease|aceite|grasa)\b)"
            r"[^\W\d]+){0,3}?\s+"
            r"(?:(?:a|per|each|al|por|cada)\s+(?:day|d[ií]a)|daily|diarios?)\b",
            re.IGNORECASE,
        ),
    ),
    # "We prep from 6 to 10 am and clean from 9 to 11 pm", "Prep runs 7 to 11 a.m. and cleanup is 10 p.m. to
    # midnight", "preparamos desde las 6am hasta las 10"
    (
        "prep_hours",
        re.compile(
            rf"\b(?:prep(?:are|ping|s)?|cook(?:ing|s)?|prepar(?:amos|an|aci[oó]n)|cocinamos)\b\s+{_HOURS}",
            re.I,
        ),
    ),
    (
        "cleaning_hours",
        re.compile(rf"\b(?:clean(?:ing|s)?(?:\s?up)?|limpi(?:amos|an|eza))\b\s+{_HOURS}", re.I),
    ),
)


# Inglewood's free-text answers given before they are asked, each a sentence that says what it is about:
# the property's manager, then its owner or lessor, then the business's owners, then the cuisine ("The
# building owner is Manchester Retail LLC; it's managed by Pacific Property Management, 310-555-0188"). A
# sentence gives one of them, the first whose words it has.
_CUED_SENTENCES = (
    (
        "property_manager",
        re.compile(
            r"\b(?:managed by|property manage(?:r|ment)|lo administra|la administra|administrad[oa] por)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "property_owner",
        re.compile(
            r"\b(?:(?:building|property)(?:'s)? owner|landlord|lessor|owner of the (?:building|property)|"
            r"(?:we )?(?:rent|lease) (?:it )?from|el (?:local|edificio) es de|due[nñ][oa] del "
            r"(?:local|edificio|inmueble)|propietari[oa] del (?:local|edificio)|arrendador)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "owners",
        re.compile(
            r"\b(?:owners?|co-?owners?|sole proprietor|principals?|partners|el due[nñ]o|la due[nñ]a|"
            r"los due[nñ]os|socios)\b",
            re.IGNORECASE,
        ),
    ),
    # "We have 2 fryers, a griddle, a 3 compartment sink and a 6 burner stove", "Equipment: two fryers, ..."
    (
        "appliances_fixtures",
        re.compile(
            r"\b(?:we have|we'?ve got|we got|we use|equipment|appliances|fixtures|tenemos|contamos con|"
            r"usamos|equipo)\b.*\b(?:fryers?|griddles?|dishwashers?|stoves?|ranges?|ovens?|woks?|grills?|"
            r"broilers?|(?:compartment|prep|mop|hand) sinks?|freidoras?|planchas?|comal(?:es)?|parrillas?|"
            r"lavaplatos|lavatrastes|estufas?|hornos?|fregaderos?|tarjas?)\b",
            re.IGNORECASE,
        ),
    ),
    (  # "Wastewater is kitchen and dishwashing water", "el agua sucia es de la cocina y de lavar trastes"
        "wastewater_type",
        re.compile(
            # (of where it comes from: never "the water is hot")
            r"\b(?:waste\s?water|drain water|the water)\s+(?:is|comes|is all|is mostly|is just)\b"
            r"(?=[^.;]*\b(?:kitchen|dish\w*|sinks?|mop|prep|wash\w*|floor drains?)\b)"
            r"|\baguas?(?: residual(?:es)?| sucias?| negras?)?\s+(?:es|son|viene|vienen|sale|salen)\s+de\b",
            re.IGNORECASE,
        ),
    ),
    (
        "cuisine",
        re.compile(
            r"\b(?:we serve|cuisine|[a-z]+ food|servimos|comida [^\W\d_]+|somos (?:una )?cocina)\b",
            re.IGNORECASE,
        ),
    ),
)
# The applicant saying they own the business, with no other owner's name: the owner is the applicant
_THE_OWNER_IS_ME = re.compile(
    r"^\W*(?:i'?m|i am|soy|yo soy)\s+(?:the|el|la)\s+(?:sole\s+|only\s+|[uú]nic[oa]\s+)?"
    r"(?:owner|due[nñ][oa]|propietari[oa])\W*$",
    re.IGNORECASE,
)
# A sentence that says what the place does ("We serve Mexican food, lunch and dinner")
_WE_SERVE = re.compile(r"\b(?:we serve|servimos)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=\w\w)[.;!?]\s+")

# Whether there is a drive-thru, said among other facts: "no drive-thru", "no tenemos ventanilla de
# autoservicio" (no); "with a drive-thru", "tenemos drive thru" (yes).
# (asked of the establishment in its application, a bare "ventanilla" or "autoservicio" is its drive-thru)
_DRIVE_THRU = rf"(?:{DRIVE_THRU_WORDS}|ventanilla|autoservicio)"
_NO_DRIVE_THRU = re.compile(
    rf"\b(?:no|sin|without|(?:do not|don'?t|doesn'?t|won'?t) have(?: a)?|no (?:tenemos|tiene|hay|habr[aá])"
    rf"(?: una?)?)\s+{_DRIVE_THRU}",
    re.IGNORECASE,
)
_A_DRIVE_THRU = re.compile(
    rf"\b(?:with|has|have|we'?ll have|con|tenemos|tiene|tendremos|hay)\s+(?:a |an |una |un )?{_DRIVE_THRU}",
    re.IGNORECASE,
)


def _drive_thru_said(text: str) -> str | None:
    """ "yes" or "no" when a message says whether there is a drive-thru among other facts; None."""
    if _NO_DRIVE_THRU.search(text):
        return "no"
    return "yes" if _A_DRIVE_THRU.search(text) else None


def _cued_clauses(text: str) -> list[tuple[str, str]]:
    """The facts a message's sentences name, each with its words: a sentence's clauses run on until one names
    another fact ("lo administra Pacific Property Mgmt, 310-555-0110" keeps its number; "The owner is
    Guadalupe Reyes, sole proprietor" is one)."""
    said: list[tuple[str, str]] = []
    for sentence in _SENTENCE_END.split(text):
        name, words = None, ""
        for clause in sentence.split(","):
            named = next((n for n, cue in _CUED_SENTENCES if cue.search(clause)), None)
            if named is not None and named != name:
                if name is not None:
                    said.append((name, words.strip(" .,")))
                name, words = named, clause
            elif name == "cuisine" and re.search(r"\d", clause):  # "Mexican food, 64 seats ...": counts
                said.append((name, words.strip(" .,")))  # are facts of their own, not the food
                name, words = None, ""
            else:
                words = f"{words},{clause}"
        if name is not None:
            said.append((name, words.strip(" .,")))
    return said


def permit_facts(spec: FormSpec) -> Callable[[str, ParseContext, Mapping[str, Any]], dict[str, Any]]:
    """The extractor of :data:`_CUED_FACTS`, :data:`_CUED_SENTENCES` and a drive-thru said, for the fields
    ``spec`` has."""
    parsers = {field.name: field.parser for field in spec.fields}

    def extract(text: str, ctx: ParseContext, values: Mapping[str, Any]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for name, cue in _CUED_FACTS:
            if name in parsers and (match := cue.search(text)):
                result = parse(parsers[name], match.group(0), ctx)
                if result.ok:
                    found[name] = result.slot
        for name, said in _cued_clauses(text):
            if name == "owners" and _THE_OWNER_IS_ME.match(said):  # "its me Luis Ortega, im the owner"
                said = said_name(text) or values.get("applicant_name") or ""
            if name == "cuisine" and name not in parsers:
                name = "food_type"  # Victorville asks the type of food, Inglewood the cuisine
            if name in parsers and name not in found and (result := parse(parsers[name], said, ctx)).ok:
                found[name] = result.slot
        if "cuisine" in found and "establishment_description" in parsers:
            # "We serve Mexican food, lunch and dinner, about 150 meals a day": what the place does, too
            serves = next((s for s in _SENTENCE_END.split(text) if _WE_SERVE.search(s)), None)
            if serves is not None and (result := parse("text", serves.strip(" ."), ctx)).ok:
                found["establishment_description"] = result.slot
        drive_thru = _drive_thru_said(text) if "drive_thru" in parsers else None
        if drive_thru is not None and (result := parse(parsers["drive_thru"], drive_thru, ctx)).ok:
            found["drive_thru"] = result.slot
        return found

    return extract


def fee_facts(values: Mapping[str, Any]) -> str:
    """An Inglewood applicant's seats and drive-thru as the compliance core reads them, for "how much will we
    pay?" asked mid-application (Fees (2) turns on them); "" before either is given."""
    seats, drive_thru = values.get("dining_capacity"), values.get("drive_thru")
    if seats is None and drive_thru not in ("yes", "no"):
        return ""
    said = ["a restaurant"]
    if seats is not None:
        said.append(f"with {seats} seats")
    if drive_thru in ("yes", "no"):
        said.append("and a drive-thru" if drive_thru == "yes" else "and no drive-thru")
    return f"{' '.join(said)}, applying for the permit"


# A Victorville applicant who goes straight on with the business's facts is filling out the application.
APPLICATION_PATH_DEFAULT = {
    "application_path": (
        "application",
        N_(
            "I'll take you through the application form. If you'd rather show Building Division documents "
            "instead, say documents."
        ),
    )
}

PERMIT_FORMS = {
    spec.city: GuidedForm(
        name="permit_form",
        subject="permit-application",
        spec=_with_city(spec),
        aliases={k: v for k, v in _ALIASES.items() if v in {f.name for f in spec.fields} | {"city"}},
        defaults=APPLICATION_PATH_DEFAULT if spec.city == "victorville" else {},
        extract=permit_facts(spec),
        topic=N_("permit application"),
        send_early_with=APPLICANT_REACHABLE,
        # Victorville's fees are set by the council, not the chapter: nothing to compute there
        question_facts=fee_facts if spec.city == "inglewood" else None,
    )
    for spec in (VICTORVILLE_PERMIT, INGLEWOOD_PERMIT)
}
ALL_PERMIT_SLOTS = tuple(dict.fromkeys(name for form in PERMIT_FORMS.values() for name in form.slots))


def permit_form_for(tracker: Tracker) -> GuidedForm:
    """The city's form; while the city is being asked, the city named in the answer decides."""
    city = tracker.get_slot("city")
    if tracker.get_slot("requested_slot") == "city":
        city = detect_city(str(tracker.latest_message.get("text") or "")) or city
    return PERMIT_FORMS.get(city or "victorville", PERMIT_FORMS["victorville"])


class ValidatePermitForm(GuidedFormValidation):
    form = PERMIT_FORMS["victorville"]

    def form_for(self, tracker: Tracker) -> GuidedForm:
        return permit_form_for(tracker)


def fee_sentence(values: dict[str, Any]) -> str | None:
    """Inglewood: the initial and annual fees for these answers, from the compliance core."""
    estimate = inglewood_fees(values)
    if not estimate.fees:
        return estimate.missing
    parts = []
    for index, fees in enumerate(estimate.fees):
        prefix = t(_DRIVE_THRU_PREFIXES[index]) if len(estimate.fees) > 1 else ""
        amounts = {
            "prefix": prefix,
            "citation": fees.citation,
            "annual": dollars(fees.annual_fee),
            "see_also": ", ".join(fees.see_also),
            "first_year": dollars(fees.breakdown["first_year_total"]),
        }
        if fees.initial_fee_waived:
            part = t(
                "{prefix}initial permit fee waived ({citation}); annual inspection and control fee "
                "{annual} ({see_also}); first year {first_year}.",
                **amounts,
            )
        else:
            part = t(
                "{prefix}initial permit fee {initial} ({citation}); annual inspection and control fee "
                "{annual} ({see_also}); first year {first_year}.",
                initial=dollars(fees.initial_fee),
                **amounts,
            )
        parts.append(part)
    return t("Fees: {fees}", fees=" ".join(parts))


_DRIVE_THRU_PREFIXES = (N_("Without a drive-thru: "), N_("With a drive-thru: "))


class ActionSubmitPermitApplication(Action):
    """Store the confirmed application, write its summary (text and PDF), then give the reference."""

    def name(self) -> str:
        return "action_submit_permit_application"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        form = permit_form_for(tracker)
        city = tracker.get_slot("city")
        values = {name: tracker.get_slot(name) for name in form.slots}
        if city not in PERMIT_FORMS:
            dispatcher.utter_message(text=t("I need the city before I can file the application."))
            return []
        now = message_time(tracker)
        engine = runtime.engine()
        missing = missing_answers(form, values)  # sent before every question was answered ("please submit")
        address = values.get("facility_address")
        record = store.permits.create_draft(
            engine,
            city=city,
            conversation_id=tracker.sender_id,
            channel=channel_of(tracker),
            details={"answers": values, "language": languages.current(), **incomplete(missing)},
            now=now,
            business_name=values.get("business_name"),
            applicant_name=values.get("applicant_name"),
            applicant_phone=values.get("applicant_phone"),
            facility_address=Location.from_slot(address).text if address else None,
        )
        reference = record["reference"]
        store.permits.submit(engine, reference, now=now)
        text = documents.application_text(city, reference, values, prepared_at=now)
        link = ""
        try:
            DOCUMENTS_DIR.mkdir(parents=True, exist_ok=True)
            (DOCUMENTS_DIR / f"{reference}.txt").write_text(text, encoding="utf-8")
            (DOCUMENTS_DIR / f"{reference}.pdf").write_bytes(
                documents.application_pdf(city, reference, values, prepared_at=now)
            )
            summary = f"{reference}.pdf"
            link = document_link_reply(
                tracker, summary, what=t("application summary"), city=city, reference=reference, now=now
            )
        except OSError:
            log.exception("could not write the application summary for %s", reference)
        lines = [t("Your application is filed. Your reference number is {reference}.", reference=reference)]
        if missing:
            office = None if values.get("applicant_phone") else runtime.contacts().describe(city)
            lines.append(still_needed(missing_labels(form, values), no_phone_call=office))
        if city == "inglewood" and (fees := fee_sentence(values)):
            lines.append(fees)
        steps = VICTORVILLE_NEXT_STEPS if city == "victorville" else INGLEWOOD_NEXT_STEPS
        lines.append(t("What happens next: {steps}", steps=" ".join(t(step) for step in steps[:3])))
        if channel_of(tracker) == "web":
            lines.append(f"\n\n{text}\n\n{link}".rstrip())
        elif link:
            lines.insert(1, link)  # before the fees and next steps, so a text keeps it in its first part
        dispatcher.utter_message(text=" ".join(lines))
        events = [*reset_events(form), SlotSet(REFERENCE_SLOT, reference)]
        events.append(SlotSet(TOPIC_SLOT, filed_topic(form, values)))
        return events
